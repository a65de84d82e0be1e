"""The Scythe base board: 47 territories, rivers, tunnels, encounters, home bases.

Transcribed from ``shared/data/scythe/board.json`` (four independent encodings
and the annotated board photo agree).  Hexes are named ``"q,r"`` in axial
coordinates, pointy-top, ``r`` the row from the top (0-8).  Neighbours are
E (q+1, r), W (q-1, r), NE (q+1, r-1), NW (q, r-1), SE (q, r+1), SW (q-1, r+1);
:mod:`tabletop.games.scythe.board` derives the adjacency from the coordinates.
"""

from __future__ import annotations

from typing import Final

#: Every territory: (hex, terrain, has an encounter token at setup, has a tunnel).
#: Terrains: mountain, farm, village, forest, tundra, lake, factory.
TERRITORIES: Final[tuple[tuple[str, str, bool, bool], ...]] = (
    ("0,1", "mountain", False, False),
    ("1,1", "farm", False, False),
    ("2,1", "village", True, False),
    ("3,1", "forest", False, False),
    ("4,1", "tundra", False, False),
    ("5,1", "village", False, False),
    ("-1,2", "lake", False, False),
    ("0,2", "tundra", True, False),
    ("1,2", "lake", False, False),
    ("2,2", "tundra", False, True),
    ("3,2", "mountain", True, False),
    ("4,2", "farm", False, False),
    ("5,2", "farm", True, False),
    ("-1,3", "forest", False, False),
    ("0,3", "mountain", False, True),
    ("1,3", "forest", False, False),
    ("2,3", "lake", False, False),
    ("3,3", "forest", False, True),
    ("4,3", "village", False, False),
    ("-2,4", "farm", False, False),
    ("-1,4", "village", True, False),
    ("0,4", "lake", False, False),
    ("1,4", "factory", False, False),
    ("2,4", "mountain", False, False),
    ("3,4", "tundra", True, False),
    ("4,4", "mountain", False, False),
    ("-3,5", "forest", True, False),
    ("-2,5", "forest", False, False),
    ("-1,5", "farm", False, True),
    ("0,5", "tundra", False, False),
    ("1,5", "lake", False, False),
    ("2,5", "village", False, True),
    ("3,5", "lake", False, False),
    ("-3,6", "mountain", False, False),
    ("-2,6", "village", True, False),
    ("-1,6", "village", True, False),
    ("0,6", "tundra", False, True),
    ("1,6", "forest", False, False),
    ("2,6", "mountain", True, False),
    ("3,6", "tundra", False, False),
    ("-3,7", "tundra", False, False),
    ("-2,7", "lake", False, False),
    ("-1,7", "farm", False, False),
    ("0,7", "mountain", True, False),
    ("1,7", "village", False, False),
    ("2,7", "farm", False, False),
    ("-1,8", "village", False, False),
)

#: Rivers between two land territories (units cross them only with an ability).
RIVERS: Final[tuple[tuple[str, str], ...]] = (
    ("-3,5", "-3,6"),
    ("-3,5", "-2,4"),
    ("-3,6", "-2,5"),
    ("-2,4", "-2,5"),
    ("-2,5", "-2,6"),
    ("-2,5", "-1,4"),
    ("-2,6", "-1,5"),
    ("-2,6", "-1,6"),
    ("-1,3", "0,2"),
    ("-1,3", "0,3"),
    ("-1,4", "-1,5"),
    ("-1,4", "0,3"),
    ("-1,6", "-1,7"),
    ("-1,7", "0,6"),
    ("0,6", "0,7"),
    ("0,7", "1,6"),
    ("0,7", "1,7"),
    ("2,1", "2,2"),
    ("2,1", "3,1"),
    ("2,2", "3,1"),
    ("2,2", "3,2"),
    ("2,4", "3,4"),
    ("2,5", "3,4"),
    ("3,2", "3,3"),
    ("3,2", "4,2"),
    ("3,3", "3,4"),
    ("3,3", "4,3"),
    ("4,1", "4,2"),
    ("4,1", "5,1"),
    ("4,2", "4,3"),
    ("4,3", "5,2"),
)

#: Home bases: faction -> (base position, the two land territories it touches).
#: Albion and Togawa are the Invaders from Afar factions; their bases are empty
#: in the base game but Crimea's Wayfare may move there.
HOME_BASES: Final[dict[str, tuple[str, tuple[str, str]]]] = {
    "albion": ("1,0", ("0,1", "1,1")),
    "nordic": ("4,0", ("3,1", "4,1")),
    "polania": ("-2,3", ("-1,3", "-2,4")),
    "rusviet": ("5,3", ("4,3", "4,4")),
    "saxony": ("-4,7", ("-3,6", "-3,7")),
    "togawa": ("3,7", ("2,7", "3,6")),
    "crimea": ("-2,8", ("-1,7", "-1,8")),
}
