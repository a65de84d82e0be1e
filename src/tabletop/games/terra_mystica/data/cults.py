"""The cult board: four tracks (0-10), power bonuses, priest spaces, final VP.

>>> [c.name for c in Cult]
['FIRE', 'WATER', 'EARTH', 'AIR']
>>> power_for_advance(2, 5)
3
>>> power_for_advance(9, 10)
3
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Cult(IntEnum):
    """Cult tracks in Snellman's order; ``name`` is the Snellman spelling (``+FIRE``)."""

    FIRE = 0
    WATER = 1
    EARTH = 2
    AIR = 3


CULTS: Final[tuple[Cult, ...]] = tuple(Cult)

CULT_MAX: Final = 10
#: Without a key (one per town tile; TW6 gives two) a marker stops here.
CULT_MAX_WITHOUT_KEY: Final = 9
#: Only one faction may occupy the top space of each track.
FACTIONS_ON_TOP_SPACE: Final = 1

#: (level reached, power gained): gained once when a marker reaches or passes the level.
CULT_POWER_BONUSES: Final[tuple[tuple[int, int], ...]] = ((3, 1), (5, 2), (7, 2), (10, 3))

#: Steps given by the priest spaces below each track (one 3-space, three 2-spaces).
#: A sent priest stays there for the rest of the game.
PRIEST_SPACES: Final[tuple[int, ...]] = (3, 2, 2, 2)
#: Steps for a priest sent without taking a space (it returns to the supply).
PRIEST_RETURN_STEPS: Final = 1

#: Final scoring per track for 1st, 2nd and 3rd place; level 0 scores nothing,
#: tied factions share the places' sum rounded down.
CULT_FINAL_VP: Final = (8, 4, 2)


def power_for_advance(old_level: int, new_level: int) -> int:
    """Power gained moving a marker from ``old_level`` up to ``new_level``."""
    return sum(power for level, power in CULT_POWER_BONUSES if old_level < level <= new_level)
