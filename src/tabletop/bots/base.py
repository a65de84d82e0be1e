"""The bot contract: a seeded, fair decision maker for any game.

Bots play fair: they may read ``state.legal_actions(seat)``,
``state.view(seat)`` and ``state.heuristic(seat)``.  Anything that looks
ahead works on a *determinization* (:meth:`Bot.determinize`): a copy of the
state whose hidden information has been redrawn from the seat's point of
view, so the bot cannot profit from what it could not know.

Bots never touch global randomness: each holds its own :class:`Rng`, so the
same seed and the same positions always give the same choices.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from tabletop.engine import Action, Rng, Seat, State

_SEED_SALT = 0xB07_5EED_B07_5EED


def derive_seed(seed: int, index: int) -> int:
    """An independent seed for sub-stream ``index`` of ``seed``.

    Used to seed the bot in seat ``index`` of a game with seed ``seed``:
    bots then draw from streams unrelated to the game's own shuffles (which
    use ``Rng(seed)``) and to each other.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    rng = Rng(seed ^ _SEED_SALT)
    value = rng.next64()
    for _ in range(index):
        value = rng.next64()
    return value


class Bot(ABC):
    """Something that picks an action for a seat."""

    #: The bot's registry name (parametrised bots set the full ``prefix:arg``).
    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        #: Seconds a decision may take (``None``: no limit).  A bot that compares
        #: candidates stops when it is spent and answers with the best found so far; the
        #: server sets it, batch simulation leaves it unset so that seeded runs repeat.
        self.time_budget: float | None = None

    @abstractmethod
    def choose(self, state: State, seat: Seat) -> Action:
        """A legal action for ``seat`` (which must be to move in ``state``).

        ``state`` must be left unchanged.
        """

    def seat_option(self) -> tuple[str, str] | None:
        """A game option this bot needs for its seat: ``(key, this seat's entry)``.

        Some seats are played by the game itself (Scythe's Automa): the game
        must be set up for them.  Such an option takes one comma-separated
        entry per seat, ``-`` for the others (see :func:`seat_options`).
        """
        return None

    def determinize(self, state: State, seat: Seat) -> State:
        """A copy of ``state`` with everything ``seat`` cannot see redrawn.

        Lookahead must run on such a copy, never on ``state`` itself, so the
        bot uses no hidden information.
        """
        world = state.copy()
        world.resample_hidden(seat, self.rng)
        return world

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, seed={self.seed})"


def legal_or_fail(state: State, seat: Seat) -> list[Action]:
    """The seat's legal actions; a clear error if it has none (not to move)."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action (it is not to move)")
    return legal


def seat_options(bots: Sequence[Bot | None]) -> dict[str, str]:
    """The per-seat game options the seated bots need (``None``: a person's seat).

    >>> class Special(Bot):
    ...     def choose(self, state, seat): ...
    ...     def seat_option(self): return ("automa", "automaszyna")
    >>> seat_options([None, Special()])
    {'automa': '-,automaszyna'}
    """
    found: dict[str, list[str]] = {}
    for seat, bot in enumerate(bots):
        wanted = bot.seat_option() if bot is not None else None
        if wanted is not None:
            key, value = wanted
            found.setdefault(key, ["-"] * len(bots))[seat] = value
    return {key: ",".join(values) for key, values in found.items()}
