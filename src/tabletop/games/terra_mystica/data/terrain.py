"""The seven terrains, the transformation wheel and spade distances.

A terrain's value is its position on the transformation wheel
(desert, plains, swamp, lakes, forest, mountains, wasteland, then desert
again).  Transforming a hex costs one spade per step around the wheel, the
shorter way.

>>> Terrain.PLAINS.color, Terrain.PLAINS.letter
('brown', 'U')
>>> spade_distance(Terrain.DESERT, Terrain.WASTELAND)
1
>>> spade_distance(Terrain.PLAINS, Terrain.FOREST)
3
>>> terrain_from_color("Grey")
<Terrain.MOUNTAINS: 5>
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Terrain(IntEnum):
    """Land terrains; the value is the position on the transformation wheel."""

    DESERT = 0
    PLAINS = 1
    SWAMP = 2
    LAKES = 3
    FOREST = 4
    MOUNTAINS = 5
    WASTELAND = 6

    @property
    def color(self) -> str:
        """The colour word used by Snellman notation (``transform E6 to yellow``)."""
        return COLORS[self.value]

    @property
    def letter(self) -> str:
        """One-letter code used in map rows (Snellman's board letters)."""
        return LETTERS[self.value]


#: Terrains in wheel order: each is one spade from the next (and the last from the first).
WHEEL: Final[tuple[Terrain, ...]] = tuple(Terrain)
WHEEL_SIZE: Final = len(WHEEL)

#: Colour words (and faction colours) by wheel position.
COLORS: Final[tuple[str, ...]] = ("yellow", "brown", "black", "blue", "green", "gray", "red")
#: Map letters by wheel position (U = brown plains, K = black swamp, S = gray mountains).
LETTERS: Final[tuple[str, ...]] = ("Y", "U", "K", "B", "G", "S", "R")

TERRAIN_BY_COLOR: Final[dict[str, Terrain]] = {COLORS[t]: t for t in Terrain}
TERRAIN_BY_LETTER: Final[dict[str, Terrain]] = {LETTERS[t]: t for t in Terrain}

#: SPADE_DISTANCE[a][b]: spades needed to turn terrain ``a`` into terrain ``b``.
SPADE_DISTANCE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(min((b - a) % WHEEL_SIZE, (a - b) % WHEEL_SIZE) for b in Terrain) for a in Terrain
)

MAX_SPADE_DISTANCE: Final = WHEEL_SIZE // 2  # 3


def _signed_step(a: int, b: int) -> int:
    """The short way from ``a`` to ``b`` as a signed number of steps (-3 to 3)."""
    diff = (b - a) % WHEEL_SIZE
    return diff - WHEEL_SIZE if diff > MAX_SPADE_DISTANCE else diff


def _way_round(a: Terrain, b: Terrain, home: Terrain) -> int:
    """Spades from ``a`` to ``b`` for a faction whose home terrain is ``home``: the short
    way, unless the home terrain lies on it between the two (then the long way)."""
    if a == b:
        return 0
    short = SPADE_DISTANCE[a][b]
    if home in (a, b):
        return short
    step, to_home = _signed_step(a, b), _signed_step(a, home)
    if (step < 0) == (to_home < 0) and abs(to_home) < abs(step):
        return WHEEL_SIZE - short
    return short


#: TRANSFORM_SPADES[home][a][b]: spades a faction at home on ``home`` needs to turn ``a``
#: into ``b``.  The way round the wheel may not pass through the home terrain (the
#: publisher's FAQ, as the Snellman site plays it: see docs/rulings.md).
TRANSFORM_SPADES: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(_way_round(a, b, home) for b in Terrain) for a in Terrain) for home in Terrain
)


def spade_distance(a: Terrain, b: Terrain) -> int:
    """Spades needed to transform terrain ``a`` into ``b`` (0 to 3).

    Giants ignore this: they always need exactly 2 spades to reach wasteland
    (see ``factions.FACTIONS["giants"].fixed_home_spades``).
    """
    return SPADE_DISTANCE[a][b]


def transform_spades(a: Terrain, b: Terrain, home: Terrain) -> int:
    """Spades a faction whose home terrain is ``home`` needs to turn ``a`` into ``b``.

    >>> transform_spades(Terrain.DESERT, Terrain.SWAMP, home=Terrain.PLAINS)  # not via plains
    5
    >>> transform_spades(Terrain.DESERT, Terrain.SWAMP, home=Terrain.LAKES)
    2
    >>> transform_spades(Terrain.DESERT, Terrain.PLAINS, home=Terrain.PLAINS)
    1
    """
    return TRANSFORM_SPADES[home][a][b]


def terrain_from_color(word: str) -> Terrain:
    """Parse a Snellman colour word (case-insensitive; ``grey`` is accepted)."""
    key = word.strip().lower()
    if key == "grey":
        key = "gray"
    try:
        return TERRAIN_BY_COLOR[key]
    except KeyError:
        raise ValueError(f"unknown terrain colour {word!r}") from None
