"""The contract every game implements.

A :class:`Game` describes a game (id, player counts, options) and creates
:class:`State` objects.  A state is mutable: :meth:`State.apply` changes it
in place, and :meth:`State.copy` is a cheap, independent, hand-written copy
for search.  Seats are numbered ``0 .. players-1`` in clockwise order.

Several seats may have to decide at once (a draft, secret combat dials):
:meth:`State.to_move` lists every seat whose decision is awaited, and each
of them calls :meth:`State.apply` in any order.

:meth:`State.view` is the only door out of the engine: everything a seat
(or a spectator, ``None``) may know, as JSON-ready data.
"""

from __future__ import annotations

import json
import pickle
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeAlias

from tabletop.engine.errors import IllegalAction, NotationError, OptionError, SeatError, excerpt
from tabletop.engine.rng import Rng

Seat: TypeAlias = int
JSON: TypeAlias = Any  # JSON-ready data: dict / list / str / int / float / bool / None


class Action:
    """A move, identified by its canonical text.

    Games subclass it to carry decoded fields; two actions are equal when
    their texts are.  Games may build every action once at import time, so
    that legal-move generation allocates nothing.

    >>> Action("pass") == Action("pass")
    True
    >>> str(Action("play 11"))
    'play 11'
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


#: Longest action text any game accepts (the longest real ones are a few dozen characters,
#: so that every game's messages quoting an action stay short).
MAX_ACTION_TEXT = 300


@dataclass(frozen=True)
class OptionSpec:
    """A setup option of a game, with its value type.

    The type is the default's: ``bool`` (true or false), ``int`` (a whole number from
    ``minimum`` to ``maximum``) or ``str`` (text of at most ``max_length`` characters; a
    game reads lists as comma-separated text and checks the names itself).  ``choices``
    restricts the value further.  :meth:`check` takes a JSON value (records, web forms),
    :meth:`parse` typed text (the command line); both raise OptionError naming the option.

    >>> OptionSpec("coins", 0, "coins", minimum=-5, maximum=5).check(7)
    Traceback (most recent call last):
    ...
    tabletop.engine.errors.OptionError: option 'coins' must be a whole number from -5 to 5, not 7
    >>> OptionSpec("factions", "", "factions").check(5)
    Traceback (most recent call last):
    ...
    tabletop.engine.errors.OptionError: option 'factions' must be text, not 5
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    max_length: int = 500

    def __post_init__(self) -> None:
        if not isinstance(self.default, bool | int | str):
            raise TypeError(f"option {self.name!r}: a default is a bool, an int or a str")

    @property
    def kind(self) -> type:
        """The value type: ``bool``, ``int`` or ``str``."""
        return bool if isinstance(self.default, bool) else type(self.default)

    def describe_type(self) -> str:
        """What a value must be, as a player reads it."""
        if self.choices is not None:
            return "one of " + ", ".join(map(str, self.choices))
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            low = "" if self.minimum is None else f" from {self.minimum}"
            high = "" if self.maximum is None else f" to {self.maximum}"
            return f"a whole number{low}{high}"
        return "text"

    def check(self, value: Any) -> Any:
        """``value`` if it is a valid JSON value of the option, else OptionError."""
        kind = self.kind
        valid = type(value) is kind  # bool is not an int here, nor an int a bool
        if valid and kind is int:
            valid = (self.minimum is None or value >= self.minimum) and (
                self.maximum is None or value <= self.maximum
            )
        if valid and kind is str:
            valid = len(value) <= self.max_length
            if not valid:
                raise OptionError(
                    f"option {self.name!r} is at most {self.max_length} characters long"
                )
        if valid and self.choices is not None:
            valid = value in self.choices
        if not valid:
            raise OptionError(
                f"option {self.name!r} must be {self.describe_type()}, not {excerpt(value)}"
            )
        return value

    def parse(self, raw: str) -> Any:
        """Read a value typed as text (command line, web forms), then check it.

        >>> OptionSpec("rounds", 5, "rounds", choices=(3, 4, 5)).parse("4")
        4
        >>> OptionSpec("strict", False, "strict rules").parse("yes")
        True
        """
        kind = self.kind
        if kind is bool:
            lowered = raw.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"option {self.name!r} must be true or false, not {excerpt(raw)}")
        if kind is int:
            text = raw.strip()
            digits = text[1:] if text[:1] in "+-" else text
            if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
                raise OptionError(
                    f"option {self.name!r} must be {self.describe_type()}, not {excerpt(raw)}"
                )
            return self.check(int(text))
        return self.check(raw)


@dataclass(frozen=True)
class Outcome:
    """Final result: a score per seat and ranks after the rulebook's tie-breaks.

    Rank 1 is the winner; seats that stay tied after every tie-break share
    a rank.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    def winners(self) -> list[Seat]:
        return [s for s, r in enumerate(self.ranks) if r == 1]

    @staticmethod
    def from_keys(scores: Sequence[int], keys: Sequence[Sequence[int]]) -> Outcome:
        """Rank seats by ``keys`` (higher is better; equal keys share a rank).

        >>> Outcome.from_keys([30, 41, 30], [(30, 2), (41, 0), (30, 2)]).ranks
        (2, 1, 2)
        """
        ranks = tuple(1 + sum(1 for other in keys if tuple(other) > tuple(k)) for k in keys)
        return Outcome(tuple(scores), ranks)


class Game(ABC):
    """A game: its identity, its setup options, and a factory of states."""

    id: ClassVar[str]
    name: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    options: ClassVar[Mapping[str, OptionSpec]] = {}
    #: A turn is a chain of decisions by one seat whose first steps are worth
    #: nothing by themselves (Scythe: a mat section, then its actions).  One-ply
    #: bots then judge a decision by playing the rest of the turn out.
    long_turns: ClassVar[bool] = False

    def check_setup(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validate a player count and options; return the full option dict."""
        if players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise OptionError(f"{self.name} is played by {counts} players, not {players}")
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"options are given by name, not as {type(options).__name__}")
        full = {name: spec.default for name, spec in self.options.items()}
        for name, value in (options or {}).items():
            if not isinstance(name, str):
                raise OptionError(f"an option is named by text, not {excerpt(name)}")
            full[name] = self.option(name).check(value)
        return full

    def option(self, name: str) -> OptionSpec:
        """The spec of an option; OptionError naming the known ones if there is none."""
        spec = self.options.get(name)
        if spec is None:
            known = ", ".join(sorted(self.options)) or "none"
            raise OptionError(f"{self.name} has no option {excerpt(name)} (options: {known})")
        return spec

    def new_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> State:
        """The initial state; the same arguments always give the identical state."""
        return self._new_state(players, self.check_setup(players, options), seed)

    @abstractmethod
    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State: ...

    def parse_action(self, text: str) -> Action:
        """Parse an action's canonical text; raise NotationError if malformed (or not text)."""
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        if len(text) > MAX_ACTION_TEXT:
            raise NotationError(
                f"not an action of {self.name}: longer than {MAX_ACTION_TEXT} characters"
            )
        return self._parse_action(text)

    @abstractmethod
    def _parse_action(self, text: str) -> Action:
        """Parse a string (see :meth:`parse_action`)."""

    @abstractmethod
    def state_from_json(self, data: JSON) -> State:
        """Rebuild a state from :meth:`State.to_json`."""


def copy_json(data: Any) -> Any:
    """A deep copy of JSON-ready data, so that what leaves the engine shares nothing with a
    state (pickle's C copier: about twice as fast as a Python walk over a Scythe state).

    >>> inner = [1, 2]
    >>> copied = copy_json({"a": inner})
    >>> copied, copied["a"] is inner
    ({'a': [1, 2]}, False)
    """
    return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


class State(ABC):
    """A game in progress (mutable).

    Subclasses implement the ``_``-prefixed hooks; this base class adds the
    checks every game shares: whose turn it is, legality with a reason, and a
    per-position cache of legal actions so that ``legal_actions`` followed by
    ``apply`` (the inner loop of every bot) generates the moves only once.
    """

    game: ClassVar[Game]
    num_players: int
    _legal_cache: dict[Seat, list[Action]] | None

    # -- to implement -------------------------------------------------------
    @abstractmethod
    def to_move(self) -> list[Seat]:
        """Seats whose decision is awaited now (empty when the game is over)."""

    @abstractmethod
    def _legal(self, seat: Seat) -> list[Action]:
        """Every legal action of ``seat`` (empty when it is not to move)."""

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> None:
        """Apply a legal action and advance through automatic steps."""

    @abstractmethod
    def _view(self, seat: Seat | None) -> JSON:
        """Everything ``seat`` may know (``None``: a spectator), JSON-ready."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome:
        """Final scores and ranks; only when :meth:`is_over`."""

    @abstractmethod
    def copy(self) -> State:
        """An independent copy (hand-written, cheap)."""

    @abstractmethod
    def _to_json(self) -> JSON:
        """The complete state as JSON-ready data (hidden information included)."""

    def to_json(self) -> JSON:
        """The complete state as JSON-ready data (hidden information included), the caller's
        to keep: nothing in it is shared with the state."""
        return copy_json(self._to_json())

    @abstractmethod
    def resample_hidden(self, observer: Seat | None, rng: Rng) -> None:
        """Reshuffle, in place, what ``observer`` cannot see.

        The observer's view must stay identical.  Used by the conformance
        suite to prove views leak nothing, and by information-set search to
        draw a possible world (a determinization).
        """

    def scores(self) -> list[int]:
        """Current score of each seat (victory points so far)."""
        return [0] * self.num_players

    def heuristic(self, seat: Seat) -> float:
        """A cheap estimate of how well ``seat`` is doing (higher is better).

        Bots use it to compare positions; it must use only what ``seat`` may
        know.  The default is the seat's score minus the best other score.
        """
        s = self.scores()
        others = [v for i, v in enumerate(s) if i != seat]
        return float(s[seat] - (max(others) if others else 0))

    def turn_number(self) -> int | None:
        """How many turns have begun, in games whose turns are chains of one seat's
        decisions (:attr:`Game.long_turns`); ``None`` where the game does not count
        them.  A search may stop looking ahead where a new turn begins."""
        return None

    def round_number(self) -> int | None:
        """The round in play, from 1, in games played in rounds; 0 in a setup whose
        decisions the first round shows the worth of (where the start's buildings go);
        ``None`` where the game has no rounds, between them, or in a decision about the
        whole game (a faction's choice).  A search may play a position on to the end of
        its round, from 0 to the end of the first (``bots.mcts.PlayOn``)."""
        return None

    def heuristics(self) -> list[float]:
        """:meth:`heuristic` of every seat at once (a search scores every seat of a
        position); games whose estimate shares work between seats override it."""
        return [self.heuristic(seat) for seat in range(self.num_players)]

    def why_illegal(self, seat: Seat, action: Action) -> str:
        """A reason a player understands; games override it to be specific."""
        return f"{action} is not a legal action now"

    def _resign(self, seat: Seat) -> None:
        """Take ``seat`` out of the game by the game's own rule for a player leaving (the
        Snellman site's drop-out in Terra Mystica); games without one keep this default."""
        raise IllegalAction(f"{self.game.name} has no rule for a player leaving the game")

    def information_epoch(self) -> object:
        """A value that changes whenever chance is drawn or something hidden becomes known
        to anyone (a card drawn or revealed, combat dials shown, a trick taken, a deck
        shuffled).  A move that leaves it equal revealed nothing, so it may be taken back
        (the table service's undo never crosses a change).  This default differs on every
        call: nothing can be taken back in a game that does not say what it reveals."""
        return object()

    def describe(self, seat: Seat, action: Action) -> str:
        """What ``action`` does now, as a player reads it (the terminal and the pages show
        it beside the action's text where the text alone is terse); default: the text."""
        return str(action)

    def decides_in_secret(self, seat: Seat) -> bool:
        """Whether the decision ``seat`` takes now stays hidden from the other seats (a
        draft pick, a combat dial): public records withhold it.  The default: several
        seats decide at once.  Games override it where the last of them, deciding alone,
        still decides in secret."""
        return len(self.to_move()) > 1

    # -- shared behaviour ---------------------------------------------------
    def check_seat(self, seat: object) -> Seat:
        """``seat`` if it is one of the game's seats, else SeatError (checked once here, before
        anything else, by every method that takes a seat)."""
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise SeatError(f"no such seat: {seat!r} (seats are 0 to {self.num_players - 1})")
        return seat

    def view(self, seat: Seat | None) -> JSON:
        """Everything ``seat`` may know (``None``: a spectator), JSON-ready: the only door out
        of the engine.  Raise SeatError for anything but a seat or None."""
        return copy_json(self._view(None if seat is None else self.check_seat(seat)))

    def view_text(self, seat: Seat | None) -> str:
        """:meth:`view` as compact JSON text, for a transport that sends it on at once: the
        text shares nothing with the state, so no copy of the view is made first.

        >>> from tabletop.engine import get_game
        >>> state = get_game("brian-boru").new_state(3, {}, 1)
        >>> json.loads(state.view_text(0)) == state.view(0)
        True
        """
        view = self._view(None if seat is None else self.check_seat(seat))
        return json.dumps(view, separators=(",", ":"), ensure_ascii=False)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every legal action of ``seat`` now (do not mutate the list)."""
        self.check_seat(seat)
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = {}
        moves = cache.get(seat)
        if moves is None:
            moves = cache[seat] = self._legal(seat)
        return moves

    def apply(self, seat: Seat, action: Action) -> None:
        """Apply ``action`` for ``seat``; raise IllegalAction and change nothing if illegal."""
        self.check_seat(seat)
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {type(action).__name__}")
        if self.is_over():
            raise IllegalAction("the game is over")
        if action not in self.legal_actions(seat):
            if seat not in self.to_move():
                waiting = ", ".join(str(s) for s in self.to_move())
                raise IllegalAction(f"seat {seat} is not to move now (waiting for seat {waiting})")
            raise IllegalAction(self.why_illegal(seat, action))
        self._legal_cache = None
        self._apply(seat, action)

    def resign(self, seat: Seat) -> None:
        """``seat`` leaves the game at any moment (not a move: it is never among the legal
        actions); raise IllegalAction and change nothing if the game has no such rule or the
        seat cannot leave now.  Records write it as ``[seat, "resign"]``."""
        self.check_seat(seat)
        if self.is_over():
            raise IllegalAction("the game is over")
        self._resign(seat)
        self._legal_cache = None

    def apply_text(self, seat: Seat, text: str) -> Action:
        """Parse ``text`` and apply it; returns the action."""
        action = self.game.parse_action(text)
        self.apply(seat, action)
        return action

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or other.game is not self.game:
            return NotImplemented
        return bool(self._to_json() == other._to_json())  # compared, not kept: no copy

    __hash__ = None  # type: ignore[assignment]  # mutable

    def to_json_text(self) -> str:
        return json.dumps(self._to_json(), sort_keys=True, ensure_ascii=False)
