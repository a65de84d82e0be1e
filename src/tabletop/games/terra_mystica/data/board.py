"""The base game map, with hex names as in Snellman notation.

The map has 9 rows, ``A`` to ``I``.  Rows A, C, E, G and I have 13 cells
(columns 0-12); rows B, D, F and H have 12 cells (columns 0-11) and are
shifted half a hex to the right.  A land hex is named by its row letter and
the running count of *land* cells in that row (river cells are skipped), so
``E7`` is the 7th land hex of row E.  River cells are named ``r0`` to ``r35``
in reading order.

Everything below is computed once at import from :data:`MAP_ROWS`.

>>> TERRAIN["E7"]
<Terrain.MOUNTAINS: 5>
>>> sorted(LAND_NEIGHBOURS["D6"])
['C4']
>>> ship_distance("D6", "E9")
1
>>> "E9" in ship_reach("D6", 1), "F6" in ship_reach("D6", 1)
(True, False)
>>> hex_distance("A1", "A3")
2
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Final, NamedTuple

from tabletop.games.terra_mystica.data.terrain import TERRAIN_BY_LETTER, Terrain

RIVER_LETTER: Final = "~"

#: The base map, one string per row, one letter per cell, west to east:
#: Y desert, U plains, K swamp, B lakes, G forest, S mountains, R wasteland,
#: ``~`` river.
MAP_ROWS: Final[tuple[str, ...]] = (
    "USGBYRUKRGBRK",  # A
    "Y~~UK~~YK~~Y",  # B
    "~~K~S~G~G~S~~",  # C
    "GBY~~RB~R~RU",  # D
    "KURBKUSY~~GKB",  # E
    "SG~~YG~~~USU",  # F
    "~~~S~R~G~YKBY",  # G
    "YBU~~~BK~SUS",  # H
    "RKSBRGYUS~BGR",  # I
)

ROW_LETTERS: Final = "ABCDEFGHI"

#: Pairs of land hexes a bridge may connect (both hexes between them are river),
#: as drawn by the bridge foundations on the board.
BRIDGE_SPOTS: Final[tuple[tuple[str, str], ...]] = (
    ("A3", "C1"),
    ("A7", "C3"),
    ("A11", "C5"),
    ("B1", "C1"),
    ("B1", "D1"),
    ("B2", "C1"),
    ("B3", "C3"),
    ("B4", "C3"),
    ("B5", "C5"),
    ("B6", "C5"),
    ("B6", "D8"),
    ("C2", "D3"),
    ("C2", "D4"),
    ("C2", "E5"),
    ("C4", "D5"),
    ("C5", "D6"),
    ("D6", "E8"),
    ("D6", "E9"),
    ("E4", "G1"),
    ("E8", "G3"),
    ("F1", "H1"),
    ("F2", "G1"),
    ("F2", "H2"),
    ("F3", "G1"),
    ("F4", "G3"),
    ("G2", "H4"),
    ("G2", "I6"),
    ("G4", "H5"),
    ("H6", "I9"),
)

#: Final scoring for the largest connected network: 1st, 2nd, 3rd place.
NETWORK_FINAL_VP: Final = (18, 12, 6)

#: Highest shipping value that can occur (Mermaids' track max 5, plus bonus tile BON4).
MAX_SHIPPING_RANGE: Final = 6


class HexInfo(NamedTuple):
    """One map cell."""

    id: str
    row: int
    col: int
    terrain: Terrain | None  # None for river
    edge: bool  # on the border of the map

    @property
    def is_river(self) -> bool:
        return self.terrain is None

    @property
    def row_letter(self) -> str:
        return ROW_LETTERS[self.row]


def _row_length(row: int) -> int:
    return 13 if row % 2 == 0 else 12


def _build_hexes() -> dict[str, HexInfo]:
    hexes: dict[str, HexInfo] = {}
    river_count = 0
    for row, cells in enumerate(MAP_ROWS):
        land_count = 0
        last = len(cells) - 1
        for col, letter in enumerate(cells):
            edge = row in (0, len(MAP_ROWS) - 1) or col in (0, last)
            if letter == RIVER_LETTER:
                name = f"r{river_count}"
                river_count += 1
                hexes[name] = HexInfo(name, row, col, None, edge)
            else:
                land_count += 1
                name = f"{ROW_LETTERS[row]}{land_count}"
                hexes[name] = HexInfo(name, row, col, TERRAIN_BY_LETTER[letter], edge)
    return hexes


def _grid_neighbours(row: int, col: int) -> list[tuple[int, int]]:
    """Cells sharing an edge with (row, col); odd rows are shifted right."""
    shift = 0 if row % 2 else -1
    candidates = [(row, col - 1), (row, col + 1)]
    for other in (row - 1, row + 1):
        candidates += [(other, col + shift), (other, col + shift + 1)]
    return [(r, c) for r, c in candidates if 0 <= r < len(MAP_ROWS) and 0 <= c < _row_length(r)]


def _freeze(table: Mapping[str, Iterable[str]]) -> Mapping[str, frozenset[str]]:
    return MappingProxyType({key: frozenset(values) for key, values in table.items()})


#: Every cell, land and river, in reading order.
HEXES: Final[Mapping[str, HexInfo]] = MappingProxyType(_build_hexes())
#: Cell name by (row, col).
HEX_AT: Final[Mapping[tuple[int, int], str]] = MappingProxyType(
    {(h.row, h.col): h.id for h in HEXES.values()}
)
LAND_HEXES: Final[tuple[str, ...]] = tuple(h.id for h in HEXES.values() if not h.is_river)
RIVER_HEXES: Final[tuple[str, ...]] = tuple(h.id for h in HEXES.values() if h.is_river)
#: Starting terrain of every land hex.
TERRAIN: Final[Mapping[str, Terrain]] = MappingProxyType(
    {h.id: h.terrain for h in HEXES.values() if h.terrain is not None}
)

#: Direct neighbours (land and river) of every cell.
NEIGHBOURS: Final[Mapping[str, frozenset[str]]] = _freeze(
    {h.id: [HEX_AT[rc] for rc in _grid_neighbours(h.row, h.col)] for h in HEXES.values()}
)
#: Directly adjacent land hexes of every land hex (bridges not included).
LAND_NEIGHBOURS: Final[Mapping[str, frozenset[str]]] = _freeze(
    {h: [n for n in NEIGHBOURS[h] if n in TERRAIN] for h in LAND_HEXES}
)
#: River cells touching each land hex (empty for inland hexes).
RIVER_NEIGHBOURS: Final[Mapping[str, frozenset[str]]] = _freeze(
    {h: [n for n in NEIGHBOURS[h] if n not in TERRAIN] for h in LAND_HEXES}
)
#: Land hexes touching at least one river cell.
RIVERSIDE_HEXES: Final[frozenset[str]] = frozenset(h for h in LAND_HEXES if RIVER_NEIGHBOURS[h])
#: For each land hex, the hexes it can be bridged to.
BRIDGE_PARTNERS: Final[Mapping[str, frozenset[str]]] = _freeze(
    {h: [b if a == h else a for a, b in BRIDGE_SPOTS if h in (a, b)] for h in LAND_HEXES}
)


def _river_distances(source: str) -> dict[str, int]:
    """Shipping distance from a land hex to every land hex reachable by river.

    The distance is the number of river cells crossed on the shortest path
    that runs through river cells only.  Direct neighbours that also share a
    river cell appear with distance 1.
    """
    result: dict[str, int] = {}
    seen = set(RIVER_NEIGHBOURS[source])
    queue = deque((river, 1) for river in sorted(seen))
    while queue:
        river, steps = queue.popleft()
        for cell in sorted(NEIGHBOURS[river]):
            if cell in TERRAIN:
                if cell != source and cell not in result:
                    result[cell] = steps
            elif cell not in seen:
                seen.add(cell)
                queue.append((cell, steps + 1))
    return result


#: SHIP_DISTANCE[a][b]: river cells to cross from land hex ``a`` to land hex ``b``.
#: Only pairs connected through the river are present.
SHIP_DISTANCE: Final[Mapping[str, Mapping[str, int]]] = MappingProxyType(
    {h: MappingProxyType(_river_distances(h)) for h in LAND_HEXES}
)

#: SHIP_REACH[level][a]: land hexes within shipping ``level`` of ``a`` (level 0: none).
SHIP_REACH: Final[tuple[Mapping[str, frozenset[str]], ...]] = tuple(
    _freeze({h: [o for o, d in SHIP_DISTANCE[h].items() if d <= level] for h in LAND_HEXES})
    for level in range(MAX_SHIPPING_RANGE + 1)
)


def _cube(hex_id: str) -> tuple[int, int, int]:
    info = HEXES[hex_id]
    x = info.col - (info.row - (info.row & 1)) // 2
    z = info.row
    return x, -x - z, z


_CUBE: Final[Mapping[str, tuple[int, int, int]]] = MappingProxyType({h: _cube(h) for h in HEXES})


def hex_distance(a: str, b: str) -> int:
    """Steps between two cells over the grid, land or river (0 for the same cell).

    Dwarves' tunnelling and the Fakirs' carpet with range ``n`` reach hexes at
    distance ``n + 1`` (they skip ``n`` cells).
    """
    (ax, ay, az), (bx, by, bz) = _CUBE[a], _CUBE[b]
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


@cache
def land_within(hex_id: str, distance: int) -> frozenset[str]:
    """Land hexes other than ``hex_id`` at most ``distance`` steps away."""
    return frozenset(h for h in LAND_HEXES if h != hex_id and hex_distance(hex_id, h) <= distance)


def ship_distance(a: str, b: str) -> int | None:
    """River cells to cross between two land hexes, or None if the river does not join them."""
    return SHIP_DISTANCE[a].get(b)


def ship_reach(hex_id: str, shipping: int) -> frozenset[str]:
    """Land hexes reachable from ``hex_id`` with the given shipping value."""
    return SHIP_REACH[max(0, min(shipping, MAX_SHIPPING_RANGE))][hex_id]


def direct_neighbours(hex_id: str, bridges: Iterable[tuple[str, str]] = ()) -> frozenset[str]:
    """Land hexes directly adjacent to ``hex_id``, counting the given built bridges."""
    extra = {b if a == hex_id else a for a, b in bridges if hex_id in (a, b)}
    return LAND_NEIGHBOURS[hex_id] | extra if extra else LAND_NEIGHBOURS[hex_id]


def directly_adjacent(a: str, b: str, bridges: Iterable[tuple[str, str]] = ()) -> bool:
    """True if land hexes ``a`` and ``b`` share an edge or a built bridge."""
    if b in LAND_NEIGHBOURS[a]:
        return True
    return any({a, b} == {x, y} for x, y in bridges)


def shared_river(a: str, b: str) -> frozenset[str]:
    """River cells touching both land hexes (for bridges and the Mermaids' river towns)."""
    return RIVER_NEIGHBOURS[a] & RIVER_NEIGHBOURS[b]


def is_bridge_spot(a: str, b: str) -> bool:
    """True if a bridge may be built between land hexes ``a`` and ``b``."""
    return b in BRIDGE_PARTNERS.get(a, frozenset())


# -- hex masks ---------------------------------------------------------------------------
# Sets of land hexes as int bit masks, for move generation: a union of precomputed masks and
# a walk over its bits cost far less than set unions of hex names.  Bit ``k`` stands for the
# ``k``-th land hex in *name order* (as strings sort: "A10" before "A2"), the order in which
# moves are listed, so walking a mask from its lowest bit lists hexes in that order.  The
# tables are indexed by a hex's position in :data:`LAND_HEXES` (the state's map index).

#: Land hexes in name order: bit ``k`` of a mask is ``LAND_BY_NAME[k]``.
LAND_BY_NAME: Final[tuple[str, ...]] = tuple(sorted(LAND_HEXES))
_INDEX: Final[Mapping[str, int]] = MappingProxyType({h: i for i, h in enumerate(LAND_HEXES)})
#: BIT_INDEX[k]: the map index of the hex of bit ``k``.
BIT_INDEX: Final[tuple[int, ...]] = tuple(_INDEX[h] for h in LAND_BY_NAME)
#: HEX_BIT[i]: the mask of the hex of map index ``i``.
HEX_BIT: Final[tuple[int, ...]] = tuple(1 << LAND_BY_NAME.index(h) for h in LAND_HEXES)


def mask_of(hexes: Iterable[str]) -> int:
    """The mask of a set of land hexes."""
    mask = 0
    for h in hexes:
        mask |= HEX_BIT[_INDEX[h]]
    return mask


def hexes_in(mask: int) -> list[str]:
    """The land hexes of a mask, in name order."""
    return [LAND_BY_NAME[k] for k in bits(mask)]


def bits(mask: int) -> list[int]:
    """The bit numbers set in ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


#: NEIGHBOUR_INDICES[i]: the map indices of :data:`LAND_NEIGHBOURS` of map index ``i``.
NEIGHBOUR_INDICES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted(_INDEX[n] for n in LAND_NEIGHBOURS[h])) for h in LAND_HEXES
)
#: NEIGHBOUR_MASK[i]: :data:`LAND_NEIGHBOURS` of the hex of map index ``i``.
NEIGHBOUR_MASK: Final[tuple[int, ...]] = tuple(mask_of(LAND_NEIGHBOURS[h]) for h in LAND_HEXES)
#: DIRECT_MASK[ship][i]: hexes adjacent to map index ``i`` or within shipping ``ship`` of it.
DIRECT_MASK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(NEIGHBOUR_MASK[i] | mask_of(SHIP_REACH[level][h]) for i, h in enumerate(LAND_HEXES))
    for level in range(MAX_SHIPPING_RANGE + 1)
)


@cache
def within_masks(distance: int) -> tuple[int, ...]:
    """For each map index, the mask of :func:`land_within` ``distance`` of it."""
    return tuple(mask_of(land_within(h, distance)) for h in LAND_HEXES)
