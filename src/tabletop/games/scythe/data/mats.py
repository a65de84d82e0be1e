"""The five player mats of the base game.

Transcribed from ``shared/data/scythe/player_mats.json`` (the majority of five
sources; every mat satisfies the invariants checked in the tests: bottom costs
sum to 13, 6 cost spaces can be covered, bottom coins sum to 6).

Top actions are the same on every mat, only their order differs; the bottom
row is always Upgrade, Deploy, Build, Enlist.
"""

from __future__ import annotations

from typing import Final, NamedTuple

#: Top actions (rulebook "Horní akce") and bottom actions ("Spodní akce").
TOP_ACTIONS: Final = ("bolster", "produce", "move", "trade")
BOTTOM_ACTIONS: Final = ("upgrade", "deploy", "build", "enlist")

#: The resource each bottom action costs.
BOTTOM_RESOURCE: Final = {"upgrade": "oil", "deploy": "metal", "build": "wood", "enlist": "food"}

#: Ongoing enlist bonus of each bottom action, the same on every mat.
ONGOING_BONUS: Final = {
    "upgrade": "power",
    "deploy": "coins",
    "build": "popularity",
    "enlist": "card",
}

#: The six top-row spaces holding a technology cube at setup, with the
#: reward each gives before and after its cube is moved ("Vylepšení").
UPGRADE_SPACES: Final[dict[str, tuple[int, int]]] = {
    "move.units": (2, 3),
    "move.coins": (1, 2),
    "trade.popularity": (1, 2),
    "produce.territories": (2, 3),
    "bolster.power": (2, 3),
    "bolster.cards": (1, 2),
}


class Column(NamedTuple):
    top: str
    bottom: str
    cost: int
    """The bottom action's printed cost, before any upgrade cube covers a space."""
    min_cost: int
    coins: int
    """Coins the bottom action gives."""


class Mat(NamedTuple):
    id: str
    name: str
    number: int
    """Turn order: the lowest number present starts."""
    popularity: int
    coins: int
    objectives: int
    columns: tuple[Column, Column, Column, Column]


MATS: Final[dict[str, Mat]] = {
    "industrial": Mat(
        "industrial",
        "Industrial",
        1,
        2,
        4,
        2,
        (
            Column("bolster", "upgrade", 3, 2, 3),
            Column("produce", "deploy", 3, 1, 2),
            Column("move", "build", 3, 2, 1),
            Column("trade", "enlist", 4, 2, 0),
        ),
    ),
    "engineering": Mat(
        "engineering",
        "Engineering",
        2,
        2,
        5,
        2,
        (
            Column("produce", "upgrade", 3, 2, 2),
            Column("trade", "deploy", 4, 2, 0),
            Column("bolster", "build", 3, 1, 3),
            Column("move", "enlist", 3, 2, 1),
        ),
    ),
    "patriotic": Mat(
        "patriotic",
        "Patriotic",
        3,
        2,
        6,
        2,
        (
            Column("move", "upgrade", 2, 2, 1),
            Column("bolster", "deploy", 4, 1, 3),
            Column("trade", "build", 4, 2, 0),
            Column("produce", "enlist", 3, 2, 2),
        ),
    ),
    "mechanical": Mat(
        "mechanical",
        "Mechanical",
        4,
        3,
        6,
        2,
        (
            Column("trade", "upgrade", 3, 2, 0),
            Column("bolster", "deploy", 3, 1, 2),
            Column("move", "build", 3, 2, 2),
            Column("produce", "enlist", 4, 2, 2),
        ),
    ),
    "agricultural": Mat(
        "agricultural",
        "Agricultural",
        5,
        4,
        7,
        2,
        (
            Column("move", "upgrade", 2, 2, 1),
            Column("trade", "deploy", 4, 2, 0),
            Column("produce", "build", 4, 2, 2),
            Column("bolster", "enlist", 3, 1, 3),
        ),
    ),
}

#: Mat ids by number.
MAT_IDS: Final = tuple(sorted(MATS, key=lambda mat_id: MATS[mat_id].number))

#: Produce costs by workers on the board (cumulative): 4+ workers 1 power,
#: 6+ also 1 popularity, 8 also $1 ("Produkce").
PRODUCE_COSTS: Final = ((4, "power"), (6, "popularity"), (8, "coins"))

#: The officially banned faction and mat pairings (optional setup rule).
BANNED_PAIRINGS: Final = frozenset({("rusviet", "industrial"), ("crimea", "patriotic")})
