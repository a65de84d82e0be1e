"""Checks every game must pass, driven by seeded random games.

:func:`check_game` plays one random game to the end and checks the engine
contract at every step (see ``docs/architecture.md``); :func:`play_random`
plays the same game without checks, to prove determinism.  Every failure
message says which game, player count, seed and step it happened at, so
that it can be reproduced with ``check_game`` alone.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.engine import (
    JSON,
    Action,
    Game,
    IllegalAction,
    NotationError,
    Outcome,
    Record,
    Rng,
    Seat,
    State,
)

# Steps at which a copy and the JSON of the state are kept, to check at the
# end that both continue exactly like the original.
SNAPSHOT_STEPS = frozenset({0, 1, 7, 30, 100, 250, 600, 1500, 4000})


@dataclass(frozen=True)
class Budget:
    """How hard to check one game (per player count)."""

    games: int = 3
    """Seeded random games per player count."""
    all_legal_every: int = 6
    """Apply every legal action (each on a copy) at every k-th step ..."""
    some_legal: int = 2
    """... and only this many (randomly chosen) at the other steps."""
    illegal_per_step: int = 2
    """Illegal actions (seen earlier in the game) tried at each step."""
    deep_every: int = 1
    """Check copy, JSON round trip and resample_hidden at every k-th step."""
    max_steps: int = 20_000
    """A game still running after this many actions fails."""
    option_sets: tuple[Mapping[str, Any], ...] = ({},)
    """Options of the games, used in turn (game ``i`` uses set ``i % len``)."""

    def options_for(self, index: int) -> dict[str, Any]:
        return dict(self.option_sets[index % len(self.option_sets)])


@dataclass
class Played:
    """What a random game did: its actions and its final state."""

    actions: list[tuple[Seat, str]] = field(default_factory=list)
    final: JSON = None


def pick_move(state: State, pick: random.Random) -> tuple[Seat, Action]:
    """The random player: a random seat to move, then a random legal action."""
    seat = pick.choice(state.to_move())
    return seat, pick.choice(state.legal_actions(seat))


def play_random(
    game: Game, players: int, seed: int, options: Mapping[str, Any], max_steps: int = 20_000
) -> Played:
    """The game :func:`check_game` plays, without the checks."""
    state = game.new_state(players, options, seed)
    pick = random.Random(seed)
    played = Played()
    while not state.is_over():
        assert len(played.actions) < max_steps, f"no end after {max_steps} actions"
        seat, action = pick_move(state, pick)
        state.apply(seat, action)
        played.actions.append((seat, str(action)))
    played.final = state.to_json()
    return played


def dumps(data: JSON) -> str:
    """Strict JSON text (no NaN, no infinity); raises on non-JSON data."""
    return json.dumps(data, sort_keys=True, allow_nan=False)


class Checker:
    """Plays one seeded random game and checks the contract along the way."""

    def __init__(
        self, game: Game, players: int, seed: int, options: Mapping[str, Any], budget: Budget
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.budget = budget
        self.step = 0
        self.pick = random.Random(seed)  # the moves: same as play_random
        self.probe = random.Random(f"probe {seed}")  # what to check: never the moves
        self.seen: dict[str, Action] = {}
        self.played = Played()
        self.snapshots: list[tuple[int, JSON, State]] = []
        self.state = game.new_state(players, options, seed)
        self.round = 0  # the last round_number() seen (0: a setup's)

    @property
    def where(self) -> str:
        return (
            f"[{self.game.id}, {self.players} players, options {self.options}, "
            f"seed {self.seed}, step {self.step}]"
        )

    # -- the game loop ----------------------------------------------------
    def run(self) -> Played:
        again = self.game.new_state(self.players, self.options, self.seed)
        assert again == self.state, f"{self.where} new_state is not deterministic"
        state = self.state
        while True:
            to_move = self.check_turn()
            views = self.check_views()
            if state.is_over():
                break
            assert self.step < self.budget.max_steps, f"{self.where} the game does not end"
            legal = self.check_legal_lists(to_move)
            if self.step % self.budget.deep_every == 0:
                self.check_json_round_trip(to_move, legal)
                self.check_resample_hidden(to_move, legal, views)
            keep = self.check_copy(to_move, legal)
            self.check_legal_actions_apply(to_move, legal)
            self.check_illegal_actions(to_move, legal)
            for moves in legal.values():
                for action in moves:
                    self.seen.setdefault(str(action), action)

            seat, action = pick_move(state, self.pick)
            state.apply(seat, action)
            self.played.actions.append((seat, str(action)))

            kept_state, kept_json = keep
            assert kept_state._to_json() == kept_json, (  # compared, not kept: no copy
                f"{self.where} applying {action} to the original changed a copy made before: "
                "copy() shares mutable data"
            )
            if self.step in SNAPSHOT_STEPS:
                self.snapshots.append((self.step, kept_json, kept_state))
            self.step += 1
        self.check_end()
        self.played.final = state.to_json()
        return self.played

    # -- per-step checks --------------------------------------------------
    def check_turn(self) -> list[Seat]:
        state = self.state
        to_move = state.to_move()
        if state.is_over():
            assert to_move == [], f"{self.where} game over but to_move() is {to_move}"
            return to_move
        assert to_move, f"{self.where} the game is not over but no seat is to move"
        round_ = state.round_number()
        if round_ is not None:  # rounds count from 1 (0: a setup's) and never go back
            assert isinstance(round_, int) and round_ >= self.round, (
                f"{self.where} round_number() is {round_!r} after {self.round}"
            )
            self.round = round_
        assert len(set(to_move)) == len(to_move), f"{self.where} to_move() repeats: {to_move}"
        assert all(isinstance(s, int) and 0 <= s < self.players for s in to_move), (
            f"{self.where} to_move() has seats out of range: {to_move}"
        )
        return to_move

    def check_views(self) -> dict[Seat | None, JSON]:
        views: dict[Seat | None, JSON] = {}
        for seat in [None, *range(self.players)]:
            view = self.state.view(seat)
            try:
                dumps(view)
            except (TypeError, ValueError) as exc:
                pytest.fail(f"{self.where} view({seat}) is not JSON-serializable: {exc}")
            views[seat] = view
        return views

    def check_legal_lists(self, to_move: list[Seat]) -> dict[Seat, list[Action]]:
        state, game = self.state, self.game
        legal: dict[Seat, list[Action]] = {}
        for seat in range(self.players):
            moves = state.legal_actions(seat)
            if seat not in to_move:
                assert moves == [], (
                    f"{self.where} seat {seat} is not to move but has legal actions "
                    f"{[str(a) for a in moves[:5]]}"
                )
                continue
            assert moves, f"{self.where} seat {seat} is to move but has no legal action"
            texts = [str(a) for a in moves]
            assert len(set(texts)) == len(texts), (
                f"{self.where} seat {seat}: legal actions listed twice: "
                f"{sorted({t for t in texts if texts.count(t) > 1})}"
            )
            for action, text in zip(moves, texts, strict=True):
                try:
                    parsed = game.parse_action(text)
                except NotationError as exc:
                    pytest.fail(f"{self.where} legal action {text!r} does not parse: {exc}")
                assert parsed == action and str(parsed) == text, (
                    f"{self.where} {text!r} parses back to {parsed!r}, not {action!r}"
                )
            legal[seat] = moves
        return legal

    def check_copy(
        self, to_move: list[Seat], legal: dict[Seat, list[Action]]
    ) -> tuple[State, JSON]:
        """copy() is equal and independent; returns a copy to check later."""
        state = self.state
        before = state.to_json()
        twin = state.copy()
        assert twin is not state and type(twin) is type(state), f"{self.where} bad copy()"
        assert twin == state, f"{self.where} copy() differs from the original"
        assert twin.to_move() == to_move, f"{self.where} copy() has other seats to move"
        for seat, moves in legal.items():
            assert twin.legal_actions(seat) == moves, (
                f"{self.where} copy() has other legal actions for seat {seat}"
            )
        seat = self.probe.choice(to_move)
        action = self.probe.choice(legal[seat])
        twin.apply(seat, action)
        assert state._to_json() == before, (
            f"{self.where} applying {action} (seat {seat}) to a copy changed the original: "
            "copy() shares mutable data"
        )
        assert state.legal_actions(seat) == legal[seat], (
            f"{self.where} applying {action} to a copy changed the original's legal actions"
        )
        kept = state.copy()
        return kept, kept.to_json()

    def check_json_round_trip(self, to_move: list[Seat], legal: dict[Seat, list[Action]]) -> None:
        state = self.state
        data = state.to_json()
        try:
            text = dumps(data)
        except (TypeError, ValueError) as exc:
            pytest.fail(f"{self.where} to_json() is not JSON-serializable: {exc}")
        restored = self.game.state_from_json(json.loads(text))
        assert type(restored) is type(state), f"{self.where} state_from_json: wrong type"
        assert restored == state, (
            f"{self.where} state_from_json(to_json()) differs from the original: "
            f"{first_difference(restored.to_json(), data)}"
        )
        assert restored.to_move() == to_move, f"{self.where} restored state: other to_move()"
        for seat, moves in legal.items():
            assert restored.legal_actions(seat) == moves, (
                f"{self.where} restored state: other legal actions for seat {seat}"
            )

    def check_resample_hidden(
        self,
        to_move: list[Seat],
        legal: dict[Seat, list[Action]],
        views: dict[Seat | None, JSON],
    ) -> None:
        state = self.state
        before = state.to_json()
        for observer in [None, *range(self.players)]:
            world = state.copy()
            world.resample_hidden(observer, Rng(self.probe.getrandbits(64)))
            view = world._view(observer)  # compared, not kept: no copy
            assert view == views[observer], (
                f"{self.where} resample_hidden(observer={observer}) changed what "
                f"{'a spectator' if observer is None else f'seat {observer}'} sees: "
                f"{first_difference(view, views[observer])}"
            )
            assert world.to_move() == to_move, (
                f"{self.where} resample_hidden(observer={observer}) changed to_move()"
            )
            if observer is not None:
                h0, h1 = state.heuristic(observer), world.heuristic(observer)
                assert isinstance(h0, int | float) and math.isfinite(h0), (
                    f"{self.where} heuristic({observer}) is {h0!r}, not a finite number"
                )
                assert h0 == h1, (
                    f"{self.where} heuristic({observer}) uses hidden information: "
                    f"{h0} before resample_hidden(observer={observer}), {h1} after"
                )
                if observer in legal:
                    assert world.legal_actions(observer) == legal[observer], (
                        f"{self.where} resample_hidden(observer={observer}) changed the "
                        "observer's legal actions"
                    )
            # The sampled world is a playable game.
            seat = self.probe.choice(to_move)
            moves = world.legal_actions(seat)
            assert moves, f"{self.where} after resample_hidden({observer}) seat {seat} has no move"
            world.apply(seat, self.probe.choice(moves))
            dumps(world.to_json())
        assert state._to_json() == before, (
            f"{self.where} resample_hidden on a copy changed the original"
        )

    def check_legal_actions_apply(
        self, to_move: list[Seat], legal: dict[Seat, list[Action]]
    ) -> None:
        state = self.state
        if self.step % self.budget.all_legal_every == 0:
            tries = [(seat, action) for seat in to_move for action in legal[seat]]
        else:
            seat = self.probe.choice(to_move)
            moves = legal[seat]
            count = min(self.budget.some_legal, len(moves))
            tries = [(seat, action) for action in self.probe.sample(moves, count)]
        for seat, action in tries:
            twin = state.copy()
            try:
                twin.apply(seat, action)
            except IllegalAction as exc:
                pytest.fail(f"{self.where} legal action {action} of seat {seat} is refused: {exc}")

    def check_illegal_actions(self, to_move: list[Seat], legal: dict[Seat, list[Action]]) -> None:
        state = self.state
        tries: list[tuple[Seat, Action]] = []
        seat = self.probe.choice(to_move)
        allowed = {str(a) for a in legal[seat]}
        candidates = [text for text in self.seen if text not in allowed]
        count = min(self.budget.illegal_per_step, len(candidates))
        tries += [(seat, self.game.parse_action(t)) for t in self.probe.sample(candidates, count)]
        waiting = [s for s in range(self.players) if s not in to_move]
        if waiting:
            mover = self.probe.choice(to_move)
            tries.append((self.probe.choice(waiting), self.probe.choice(legal[mover])))
        if not tries:
            return
        before = state.to_json()
        for seat, action in tries:
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
                pytest.fail(f"{self.where} illegal action {action} by seat {seat} was accepted")
            assert state._to_json() == before, (
                f"{self.where} refusing {action} (seat {seat}) changed the state: "
                f"{first_difference(state.to_json(), before)}"
            )
            assert state.to_move() == to_move, (
                f"{self.where} refusing {action} (seat {seat}) changed to_move()"
            )
        for s, moves in legal.items():
            assert state.legal_actions(s) == moves, (
                f"{self.where} refusing illegal actions changed seat {s}'s legal actions"
            )

    # -- at the end -------------------------------------------------------
    def check_end(self) -> None:
        state, where = self.state, self.where
        for seat in range(self.players):
            assert state.legal_actions(seat) == [], f"{where} game over, seat {seat} has moves"
        if self.seen:
            text = next(iter(self.seen))
            before = state.to_json()
            with pytest.raises(IllegalAction):
                state.apply(0, self.seen[text])
            assert state._to_json() == before, f"{where} refused action after the end changed it"
        check_outcome(state.outcome(), self.players, where)
        assert state.outcome() == state.outcome(), f"{where} outcome() is not deterministic"

        # The JSON round trip and copy at the very end too.
        restored = self.game.state_from_json(json.loads(dumps(state.to_json())))
        assert restored == state and restored.is_over(), f"{where} final JSON round trip"
        assert state.copy() == state, f"{where} final copy() differs"

        # The record replays to the final state, also through its JSON text.
        record = Record(
            game=self.game.id,
            seats=[f"random-{i}" for i in range(self.players)],
            seed=self.seed,
            options=dict(self.options),
            actions=list(self.played.actions),
        )
        replayed = Record.loads(record.dumps()).replay()
        assert replayed == state, (
            f"{where} the record does not replay to the final state: "
            f"{first_difference(replayed.to_json(), state.to_json())}"
        )

        # A copy, and a state rebuilt from JSON, made along the way continue
        # exactly like the original: nothing lives outside to_json().
        for step, data, kept in self.snapshots:
            rebuilt = self.game.state_from_json(json.loads(dumps(data)))
            for name, other in (("a copy", kept), ("a state rebuilt from JSON", rebuilt)):
                for seat, text in self.played.actions[step:]:
                    other.apply(seat, self.game.parse_action(text))
                assert other == state, (
                    f"{where} {name} made at step {step} does not continue like the original: "
                    f"{first_difference(other.to_json(), state.to_json())}"
                )


def check_outcome(outcome: Outcome, players: int, where: str) -> None:
    scores, ranks = outcome.scores, outcome.ranks
    assert len(ranks) == players, f"{where} {len(ranks)} ranks for {players} players"
    assert len(scores) == players, f"{where} {len(scores)} scores for {players} players"
    assert all(type(s) is int for s in scores), f"{where} scores are not all int: {scores}"
    assert all(type(r) is int and 1 <= r <= players for r in ranks), f"{where} ranks {ranks}"
    assert 1 in ranks, f"{where} nobody has rank 1: {ranks}"
    for r in ranks:  # competition ranking: "1, 1, 3", never "1, 1, 2"
        better = sum(1 for other in ranks if other < r)
        assert r == better + 1, f"{where} ranks {ranks} skip or repeat wrongly"
    try:
        dumps(dict(outcome.details))
    except (TypeError, ValueError) as exc:
        pytest.fail(f"{where} outcome details are not JSON-serializable: {exc}")


def first_difference(a: JSON, b: JSON, path: str = "$") -> str:
    """Where two JSON values first differ, for readable failure messages.

    >>> first_difference({"a": [1, 2]}, {"a": [1, 3]})
    '$.a[1]: 2 != 3'
    """
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: only in {'second' if key not in a else 'first'}"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{path}.{key}")
        return f"{path}: equal"
    if isinstance(a, Sequence) and isinstance(b, Sequence) and not isinstance(a, str | bytes):
        if isinstance(b, str | bytes):
            return f"{path}: {short(a)} != {short(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: lengths {len(a)} != {len(b)}"
        return f"{path}: equal"
    return f"{path}: {short(a)} != {short(b)}"


def short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_game(
    game: Game, players: int, seed: int, budget: Budget, options: Mapping[str, Any] | None = None
) -> Played:
    """Play one seeded random game and check the whole contract on the way."""
    return Checker(game, players, seed, options or {}, budget).run()
