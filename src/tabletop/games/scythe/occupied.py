"""Which places of the board hold anything, so that a view builds entries only for those
(most of the map is empty most of the game)."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from tabletop.games.scythe.board import POSITIONS, TERRITORY_COUNT
from tabletop.games.scythe.state import NO_STRUCTURE

if TYPE_CHECKING:
    from tabletop.games.scythe.state import Core

_PLACES = range(POSITIONS)
_TERRITORIES = range(TERRITORY_COUNT)


def occupied(st: Core) -> list[int]:
    """Every place with a unit, a resource, a structure or an encounter token, in map order
    (an empty place has no entry in a view)."""
    board = st.board
    found: set[int] = set()
    for s in range(len(st.players)):
        found.update(compress(_PLACES, board.workers[s]))
        found.update(compress(_PLACES, board.mechs[s]))
        char = st.players[s].char
        if 0 <= char < POSITIONS:
            found.add(char)
    res, structure = board.res, board.structure
    found.update(compress(_TERRITORIES, board.encounter))
    for pos in _TERRITORIES:
        if structure[pos] != NO_STRUCTURE:
            found.add(pos)
    b = 0
    for pos in _TERRITORIES:
        if res[b] or res[b + 1] or res[b + 2] or res[b + 3]:
            found.add(pos)
        b += 4
    return sorted(found)
