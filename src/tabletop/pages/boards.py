"""Each game's drawings, by game id: its ``svg`` module, drawn from a seat's view alone.

A game's ``svg`` module gives ``sections(view, seat)``, the table as ``(heading, svg)``
pairs with the board first, and ``targets(action)``, the ``data-target`` values of the
elements an action's text involves (``hex:E5``, ``card:12``): the page narrows the legal
moves to those on what the player clicks.
"""

from __future__ import annotations

from typing import Any, Protocol

from tabletop.games.brian_boru import svg as brian_boru_svg
from tabletop.games.scythe import svg as scythe_svg
from tabletop.games.terra_mystica import svg as terra_mystica_svg


class Drawings(Protocol):
    def sections(self, view: dict[str, Any], seat: int | None) -> list[tuple[str, str]]: ...

    def targets(self, action: str) -> list[str]: ...


DRAWINGS: dict[str, Drawings] = {
    "brian-boru": brian_boru_svg,
    "scythe": scythe_svg,
    "terra-mystica": terra_mystica_svg,
}


def sections(game: str, view: Any, seat: int | None) -> list[tuple[str, str]]:
    """The game's drawings of ``view`` (none for a game without an ``svg`` module)."""
    drawings = DRAWINGS.get(game)
    if drawings is None or not isinstance(view, dict):
        return []
    return drawings.sections(view, seat)


def targets(game: str, action: str) -> list[str]:
    drawings = DRAWINGS.get(game)
    return drawings.targets(action) if drawings is not None else []
