"""The seat of an opponent the game itself drives: Scythe's Automa.

The Automa's decisions are made by its cards inside the engine, so each of
its steps has exactly one legal action; this bot takes it.  What makes the
seat an Automa is a game option (Scythe's per-seat ``automa``), which the bot
asks for through :meth:`Bot.seat_option`: ``--seats me,automa:automaszyna``
plays the person against the Automaszyna.
"""

from __future__ import annotations

from typing import Final

from tabletop.bots.base import Bot, legal_or_fail
from tabletop.engine import Action, Seat, State

#: The difficulty cards, easiest first (Automa rulebook "Komponenty").
LEVELS: Final = ("autometta", "automa", "automaszyna", "ultimaszyna")


class AutomaBot(Bot):
    """Plays the Automa's single legal action at each step."""

    def __init__(self, level: str, seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown Automa difficulty {level!r} (known: {', '.join(LEVELS)})")
        super().__init__(seed)
        self.level = level
        self.name = f"automa:{level}"

    def seat_option(self) -> tuple[str, str] | None:
        return ("automa", self.level)

    def choose(self, state: State, seat: Seat) -> Action:
        legal = legal_or_fail(state, seat)
        if len(legal) != 1:
            raise ValueError(
                f"seat {seat} has {len(legal)} choices: an Automa seat needs the game's"
                " 'automa' option (e.g. --option automa=-,automa)"
            )
        return legal[0]
