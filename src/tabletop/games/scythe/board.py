"""The board as index tables, computed once at import (rulebook "Klíčové koncepty").

Every position is a small integer: territories ``0 .. 46`` in data order, then
the seven home bases (five factions of the base game and the two bases of the
Invaders from Afar factions, which stay empty).  A base is no territory: units
only leave it for its two land territories, or reach it by retreat or Wayfare.

>>> name(FACTORY), TERRAIN[INDEX["3,4"]]
('1,4', 'tundra')
>>> sorted(name(j) for j, river in NEIGHBOURS[INDEX["4,3"]] if river)
['3,3', '4,2', '5,2']
>>> [name(p) for p in BASE_EXITS[BASE["nordic"]]]
['3,1', '4,1']
>>> len(TUNNELS), len(LAKES), sum(ENCOUNTER_START)
(6, 7, 11)
"""

from __future__ import annotations

from typing import Final

from tabletop.games.scythe.data.board import HOME_BASES, RIVERS, TERRITORIES

#: Resources in a fixed order; positions' resource piles use these indices.
RESOURCES: Final = ("food", "wood", "metal", "oil")
RESOURCE_INDEX: Final = {r: i for i, r in enumerate(RESOURCES)}

#: What a worker produces on each terrain ("Produkce"): a resource index,
#: ``WORKER`` on villages, ``None`` on lakes and the Factory.
WORKER: Final = -1
PRODUCES: Final[dict[str, int | None]] = {
    "farm": RESOURCE_INDEX["food"],
    "forest": RESOURCE_INDEX["wood"],
    "mountain": RESOURCE_INDEX["metal"],
    "tundra": RESOURCE_INDEX["oil"],
    "village": WORKER,
    "lake": None,
    "factory": None,
}

_AXIAL: Final = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))  # E W NE NW SE SW

TERRITORY_COUNT: Final = len(TERRITORIES)
HEXES: Final[tuple[str, ...]] = tuple(t[0] for t in TERRITORIES) + tuple(
    f"base:{faction}" for faction in HOME_BASES
)
POSITIONS: Final = len(HEXES)
INDEX: Final[dict[str, int]] = {h: i for i, h in enumerate(HEXES)}
TERRAIN: Final[tuple[str, ...]] = tuple(t[1] for t in TERRITORIES) + ("base",) * len(HOME_BASES)
ENCOUNTER_START: Final[tuple[bool, ...]] = tuple(t[2] for t in TERRITORIES)
IS_TUNNEL: Final[tuple[bool, ...]] = tuple(t[3] for t in TERRITORIES) + (False,) * len(HOME_BASES)
IS_LAKE: Final[tuple[bool, ...]] = tuple(t == "lake" for t in TERRAIN)
IS_BASE: Final[tuple[bool, ...]] = tuple(t == "base" for t in TERRAIN)
TUNNELS: Final[tuple[int, ...]] = tuple(i for i in range(TERRITORY_COUNT) if IS_TUNNEL[i])
LAKES: Final[tuple[int, ...]] = tuple(i for i in range(TERRITORY_COUNT) if IS_LAKE[i])
FACTORY: Final = TERRAIN.index("factory")
PRODUCTION: Final[tuple[int | None, ...]] = tuple(PRODUCES.get(t) for t in TERRAIN)

#: Axial coordinates of each territory.
COORDS: Final[tuple[tuple[int, int], ...]] = tuple(
    (int(h.split(",")[0]), int(h.split(",")[1])) for h in HEXES[:TERRITORY_COUNT]
)

_RIVER_PAIRS: Final = frozenset(frozenset((INDEX[a], INDEX[b])) for a, b in RIVERS)


def _neighbours(i: int) -> tuple[tuple[int, bool], ...]:
    q, r = COORDS[i]
    found = []
    for dq, dr in _AXIAL:
        j = INDEX.get(f"{q + dq},{r + dr}")
        if j is not None and j < TERRITORY_COUNT:
            found.append((j, frozenset((i, j)) in _RIVER_PAIRS))
    return tuple(sorted(found))


#: Geometric neighbours of each territory: ``(position, across a river)``.
#: Lakes and the Factory have no rivers; bases have no neighbours here.
NEIGHBOURS: Final[tuple[tuple[tuple[int, bool], ...], ...]] = tuple(
    _neighbours(i) for i in range(TERRITORY_COUNT)
) + ((),) * len(HOME_BASES)

#: Home base position of every faction (also the unused bases).
BASE: Final[dict[str, int]] = {faction: INDEX[f"base:{faction}"] for faction in HOME_BASES}
#: The two land territories each base touches (workers start there).
BASE_EXITS: Final[dict[int, tuple[int, int]]] = {
    BASE[faction]: (INDEX[a], INDEX[b]) for faction, (_, (a, b)) in HOME_BASES.items()
}

#: Every territory's neighbours regardless of rivers (structure bonus tiles).
ADJACENT: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(j for j, _ in NEIGHBOURS[i]) for i in range(POSITIONS)
)


def name(position: int) -> str:
    """The notation of a position: ``"q,r"`` or ``"base:faction"``."""
    return HEXES[position]


def line_length(positions: frozenset[int]) -> int:
    """The most of ``positions`` in one unbroken straight line (rivers do not break it).

    >>> line_length(frozenset({INDEX["0,2"], INDEX["1,2"], INDEX["2,2"]}))
    3
    """
    best = 1 if positions else 0
    coords = {COORDS[p]: p for p in positions}
    for q, r in coords:
        for dq, dr in ((1, 0), (1, -1), (0, 1)):
            if (q - dq, r - dr) in coords:
                continue  # not the start of this line
            run, cq, cr = 0, q, r
            while (cq, cr) in coords:
                run, cq, cr = run + 1, cq + dq, cr + dr
            best = max(best, run)
    return best


def reading_order(position: int) -> tuple[int, int]:
    """Sort key: top row first, then west to east (the Automa's last tie-break)."""
    q, r = COORDS[position]
    return (r, q)
