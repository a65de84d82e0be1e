"""What a Scythe action does, in words (``State.describe``): the terminal and the pages
show it beside the action's terse text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.scythe.board import INDEX, PRODUCTION, RESOURCES, TERRAIN, WORKER
from tabletop.games.scythe.data.mats import MATS

if TYPE_CHECKING:
    from tabletop.games.scythe.state import Core


def _produce(words: list[str]) -> str:
    pos = INDEX.get(words[-2])
    count = int(words[-1])
    if pos is None:
        return ""
    kind = PRODUCTION[pos]
    what = "worker" if kind == WORKER else (RESOURCES[kind] if kind is not None else "resource")
    plural = "s" if count != 1 and what == "worker" else ""  # resources are uncountable
    return f"{count} {what}{plural} from the {TERRAIN[pos]} at {words[-2]}"


def describe(st: Core, seat: int, text: str) -> str:
    """``text`` followed by what it does, where the text alone is terse."""
    words = text.split()
    meaning = ""
    if words[0] == "section" and words[1].isdigit():
        player = st.players[seat]
        if player.mat in MATS:
            column = MATS[player.mat].columns[int(words[1]) - 1]
            meaning = f"{column.top}, then {column.bottom}"
    elif words[0] == "gain":
        meaning = f"{words[1]} coin{'s' if words[1] != '1' else ''} instead of moving"
    elif words[:2] == ["bolster", "power"]:
        meaning = f"{words[2]} power"
    elif words[:2] == ["bolster", "cards"]:
        meaning = f"draw {words[2]} combat card{'s' if words[2] != '1' else ''}"
    elif words[:2] == ["trade", "popularity"]:
        meaning = f"{words[2]} popularity"
    elif words[-3:-2] and words[0] in ("produce", "card") and "produce" in words:
        meaning = _produce(words)
    elif len(words) >= 2 and words[1] == "nothing" and words[0] != "carry":
        meaning = f"pay the {words[0]} cost for its coins and recruit bonuses only"
    elif words[0] == "skip":
        meaning = "the rest of this action is not taken"
    return f"{text} ({meaning})" if meaning else text
