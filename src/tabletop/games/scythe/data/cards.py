"""Encounter, objective and combat cards of the base game.

Encounters and objectives are transcribed from ``shared/data/scythe/`` (the
official Card and Faction Mat Guide); flavour text is left out.  Only the
mechanics are kept: each encounter option's cost and gains, each objective's
condition (evaluated in :mod:`tabletop.games.scythe.objectives`).
"""

from __future__ import annotations

from typing import Final, NamedTuple

#: The combat deck ("Bojové karty"): value -> number of cards (42 in all).
COMBAT_DECK: Final[dict[int, int]] = {2: 16, 3: 12, 4: 8, 5: 6}


class EncounterOption(NamedTuple):
    cost: tuple[tuple[str, int], ...]
    """What must be paid in full: ``coins`` or ``popularity``."""
    gains: tuple[tuple[str, int], ...]
    """What may be taken (in part): coins, popularity, power, card, food, wood,
    metal, oil, resource (any), worker, upgrade, deploy, build, enlist."""


#: Encounter option names in card order: no cost, pay coins, pay popularity.
ENCOUNTER_OPTIONS: Final = ("popular", "commercial", "unpopular")

#: The 28 encounter cards of the base box, by number.
ENCOUNTERS: Final[dict[int, tuple[EncounterOption, EncounterOption, EncounterOption]]] = {
    1: (
        EncounterOption((), (("coins", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("food", 4),)),
        EncounterOption((("popularity", 2),), (("build", 1),)),
    ),
    2: (
        EncounterOption((), (("card", 1), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("wood", 4),)),
        EncounterOption((("popularity", 2),), (("enlist", 1),)),
    ),
    3: (
        EncounterOption((), (("food", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("worker", 1), ("food", 3))),
        EncounterOption((("popularity", 3),), (("deploy", 1),)),
    ),
    4: (
        EncounterOption((), (("metal", 2), ("popularity", 1))),
        EncounterOption((("coins", 3),), (("enlist", 1),)),
        EncounterOption((("popularity", 2),), (("metal", 4),)),
    ),
    5: (
        EncounterOption((), (("food", 2), ("popularity", 1))),
        EncounterOption((("coins", 4),), (("deploy", 1),)),
        EncounterOption((("popularity", 2),), (("food", 2), ("metal", 2))),
    ),
    6: (
        EncounterOption((), (("coins", 2), ("popularity", 1))),
        EncounterOption((("coins", 3),), (("enlist", 1),)),
        EncounterOption((("popularity", 2),), (("food", 4),)),
    ),
    7: (
        EncounterOption((), (("oil", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("upgrade", 1),)),
        EncounterOption((("popularity", 2),), (("oil", 4),)),
    ),
    8: (
        EncounterOption((), (("coins", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("oil", 4),)),
        EncounterOption((("popularity", 2),), (("enlist", 1),)),
    ),
    9: (
        EncounterOption((), (("oil", 2), ("popularity", 1))),
        EncounterOption((("coins", 3),), (("build", 1),)),
        EncounterOption((("popularity", 2),), (("oil", 4),)),
    ),
    10: (
        EncounterOption((), (("oil", 2), ("popularity", 1))),
        EncounterOption((("coins", 4),), (("deploy", 1),)),
        EncounterOption((("popularity", 2),), (("coins", 2), ("resource", 2))),
    ),
    11: (
        EncounterOption((), (("food", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("worker", 1), ("food", 3))),
        EncounterOption((("popularity", 2),), (("build", 1),)),
    ),
    12: (
        EncounterOption((), (("wood", 2), ("popularity", 1))),
        EncounterOption((("coins", 3),), (("build", 1),)),
        EncounterOption((("popularity", 2),), (("worker", 1), ("wood", 3))),
    ),
    13: (
        EncounterOption((), (("coins", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("power", 2), ("popularity", 2))),
        EncounterOption((("popularity", 3),), (("resource", 5),)),
    ),
    14: (
        EncounterOption((), (("food", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("resource", 3),)),
        EncounterOption((("popularity", 2),), (("worker", 1), ("metal", 3))),
    ),
    15: (
        EncounterOption((), (("popularity", 2),)),
        EncounterOption((("coins", 2),), (("resource", 3),)),
        EncounterOption((("popularity", 3),), (("resource", 5),)),
    ),
    16: (
        EncounterOption((), (("food", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("worker", 1), ("resource", 2))),
        EncounterOption((("popularity", 2),), (("enlist", 1),)),
    ),
    17: (
        EncounterOption((), (("card", 1), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("power", 2), ("card", 2))),
        EncounterOption((("popularity", 3),), (("deploy", 1),)),
    ),
    18: (
        EncounterOption((), (("food", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("resource", 3),)),
        EncounterOption((("popularity", 2),), (("worker", 1), ("wood", 3))),
    ),
    19: (
        EncounterOption((), (("coins", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("food", 4),)),
        EncounterOption((("popularity", 2),), (("card", 2), ("power", 3))),
    ),
    20: (
        EncounterOption((), (("card", 1), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("popularity", 3),)),
        EncounterOption((("popularity", 2),), (("wood", 4),)),
    ),
    21: (
        EncounterOption((), (("popularity", 2),)),
        EncounterOption((("coins", 4),), (("deploy", 1),)),
        EncounterOption((("popularity", 2),), (("card", 2), ("power", 3))),
    ),
    22: (
        EncounterOption((), (("coins", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("metal", 4),)),
        EncounterOption((("popularity", 2),), (("build", 1),)),
    ),
    23: (
        EncounterOption((), (("coins", 2), ("popularity", 1))),
        EncounterOption((("coins", 3),), (("enlist", 1),)),
        EncounterOption((("popularity", 2),), (("worker", 1), ("food", 3))),
    ),
    24: (
        EncounterOption((), (("card", 1), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("resource", 3),)),
        EncounterOption((("popularity", 3),), (("deploy", 1),)),
    ),
    25: (
        EncounterOption((), (("power", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("power", 4),)),
        EncounterOption((("popularity", 2),), (("upgrade", 1), ("resource", 2))),
    ),
    26: (
        EncounterOption((), (("power", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("popularity", 3),)),
        EncounterOption((("popularity", 2),), (("build", 1),)),
    ),
    27: (
        EncounterOption((), (("coins", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("metal", 4),)),
        EncounterOption((("popularity", 3),), (("deploy", 1),)),
    ),
    28: (
        EncounterOption((), (("coins", 2), ("popularity", 1))),
        EncounterOption((("coins", 2),), (("worker", 1), ("resource", 2))),
        EncounterOption((("popularity", 2),), (("build", 1),)),
    ),
}


class Objective(NamedTuple):
    number: int
    name: str
    condition: str
    """The condition, in short (player-facing text comes from the cards)."""
    end_of_turn: bool
    """Checked only at the end of the owner's turn."""


#: The 23 objective cards of the base box, by number.
OBJECTIVES: Final[dict[int, Objective]] = {
    1: Objective(
        1,
        "Higher Ground Advantage",
        "Control at least 3 mountain territories at the end of your turn.",
        True,
    ),
    2: Objective(
        2,
        "Underworld Advantage",
        "Control at least 3 tunnels at the end of your turn.",
        True,
    ),
    3: Objective(
        3,
        "Harvest Advantage",
        "Control at least 3 farm territories at the end of your turn.",
        True,
    ),
    4: Objective(
        4,
        "Northern Advantage",
        "Control at least 3 tundra territories at the end of your turn.",
        True,
    ),
    5: Objective(
        5,
        "King of the Hill",
        "Control the Factory at the end of your turn and have the highest power of any player "
        "(ties are okay).",
        True,
    ),
    6: Objective(
        6,
        "Send One Back as a Warning",
        "Force an opponent's worker to retreat and still have at least 7 power.",
        False,
    ),
    7: Objective(
        7,
        "Machine Over Muscle",
        "Have 1 Factory card, at least 1 mech, and no more than 3 workers.",
        False,
    ),
    8: Objective(
        8,
        "Roll up Your Sleeves with the Common Man",
        "Have $2 or less, at least 4 workers, and at least 7 popularity.",
        False,
    ),
    9: Objective(
        9,
        "Stockpile for the Winter",
        "Control a territory with 9 or more resource tokens (at least 1 of each type) on it "
        "at the end of your turn.",
        True,
    ),
    10: Objective(
        10,
        "Woodland Advantage",
        "Control at least 3 forest territories at the end of your turn.",
        True,
    ),
    11: Objective(
        11,
        "Population Advantage",
        "Control at least 3 village territories at the end of your turn.",
        True,
    ),
    12: Objective(
        12,
        "Get Rich or Cry Trying",
        "Have at least $20 at the end of your turn.",
        True,
    ),
    13: Objective(
        13,
        "Foundations of the Empire",
        "Have at least 6 of your tokens (i.e., character, workers, mechs, and structures) on "
        "1 territory.",
        False,
    ),
    14: Objective(
        14,
        "Hedge Your Bets",
        "Have at least 1 upgrade, 1 mech, 1 structure, 1 recruit, and 1 of each resource at "
        "the end of your turn.",
        True,
    ),
    15: Objective(
        15,
        "Balanced Workforce",
        "Have the same number of workers and recruits.",
        False,
    ),
    16: Objective(
        16,
        "A Wolf among the Sheep",
        "Control a territory with your character, exactly 1 mech, exactly 1 worker, and at "
        "least 5 resources at the end of your turn.",
        True,
    ),
    17: Objective(
        17,
        "Divide and Conquer",
        "Have 0 Factory cards and control at least 2 territories adjacent to the Factory at "
        "the end of your turn.",
        True,
    ),
    18: Objective(
        18,
        "Become a Beloved Pacifist",
        "Have 0 power, at least 13 popularity, and at least 5 workers.",
        False,
    ),
    19: Objective(
        19,
        "Shore up the Shore",
        "Control at least 5 territories surrounding the same lake at the end of your turn.",
        True,
    ),
    20: Objective(
        20,
        "Create a Permanent Foothold",
        "Build at least 3 structures, have at least 7 popularity, and have 0 mechs.",
        False,
    ),
    21: Objective(
        21,
        "Monopolize the Market",
        "Control at least 9 tokens of the same resource at the end of your turn.",
        True,
    ),
    22: Objective(
        22,
        "Technological Breakthrough",
        "Have 1 Factory card and 0 upgrades.",
        False,
    ),
    23: Objective(
        23,
        "Achieve Tactical Mastery",
        "Have 8 or more combat cards in hand and at least 1 combat victory star.",
        False,
    ),
}
