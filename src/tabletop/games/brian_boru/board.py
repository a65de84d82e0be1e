"""The map of Ireland as index tables (rulebook, "HERNÍ PLÁN").

Towns and regions are addressed by index everywhere in the rules code;
these tables translate, and are built once at import.

>>> TOWN_IDS[0], REGION_CODES[TOWN_REGION[0]], COLOUR_NAMES[TOWN_COLOUR[0]]
('NUN-1', 'NUN', 'red')
>>> sorted(TOWN_IDS[t] for t in ROADS_FROM[TOWN_INDEX["NUN-4"]])
['BRE-1', 'NUN-1']
"""

from __future__ import annotations

from typing import Final

from tabletop.games.brian_boru import data

RED: Final = 0
BLUE: Final = 1
YELLOW: Final = 2
WHITE: Final = 3  # royal cards only: wild, counts as the active town's colour
COLOUR_NAMES: Final = ("red", "blue", "yellow", "white")
_COLOUR: Final = {name: i for i, name in enumerate(COLOUR_NAMES)}

REGION_CODES: Final = tuple(r.code for r in data.REGIONS)
REGION_NAMES: Final = tuple(r.name for r in data.REGIONS)
REGION_INDEX: Final = {code: i for i, code in enumerate(REGION_CODES)}
REGION_THRESHOLD: Final = tuple(r.threshold for r in data.REGIONS)
REGION_POINTS: Final = tuple(r.points for r in data.REGIONS)
NUM_REGIONS: Final = len(REGION_CODES)

TOWN_IDS: Final = tuple(t[0] for t in data.TOWNS)
TOWN_INDEX: Final = {tid: i for i, tid in enumerate(TOWN_IDS)}
TOWN_REGION: Final = tuple(REGION_INDEX[t[1]] for t in data.TOWNS)
TOWN_COLOUR: Final = tuple(_COLOUR[t[2]] for t in data.TOWNS)
NUM_TOWNS: Final = len(TOWN_IDS)
REGION_TOWNS: Final = tuple(
    tuple(t for t in range(NUM_TOWNS) if TOWN_REGION[t] == r) for r in range(NUM_REGIONS)
)


def _roads() -> tuple[tuple[int, ...], ...]:
    out: list[set[int]] = [set() for _ in range(NUM_TOWNS)]
    for a, b in data.ROADS:
        ia, ib = TOWN_INDEX[a], TOWN_INDEX[b]
        out[ia].add(ib)
        out[ib].add(ia)
    return tuple(tuple(sorted(s)) for s in out)


# A road joins two towns directly, so "no town in between" (rulebook, expand
# symbol) is exactly adjacency in this graph.
ROADS_FROM: Final = _roads()

# Action cards by value (index 0 unused).
CARD_COLOUR: Final = (-1, *(_COLOUR[c.colour] for c in data.ACTION_CARDS))
CARDS: Final = (None, *data.ACTION_CARDS)
ALL_CARDS: Final = tuple(range(1, len(data.ACTION_CARDS) + 1))
