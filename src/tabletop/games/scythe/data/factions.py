"""The five faction mats of the base game.

Transcribed from ``shared/data/scythe/factions.json`` (the official Card and
Faction Mat Guide, cross-checked with seven implementations).  Mech abilities are
listed in their order on the mat, left to right: Riverwalk, the faction's
movement ability, its combat ability, Speed.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Faction(NamedTuple):
    id: str
    name: str
    czech: str
    power: int
    combat_cards: int
    ability: str
    mech_abilities: tuple[str, str, str, str]
    riverwalk: tuple[str, str]
    """The terrains Riverwalk crosses rivers onto."""
    seating: int
    """Position around the table, clockwise from Nordic (setup, "Výběr frakce")."""


#: Faction ids in clockwise seating order.
FACTION_IDS: Final = ("nordic", "rusviet", "crimea", "saxony", "polania")

CZECH = {
    "nordic": "Severská království",
    "rusviet": "Rusvětský svaz",
    "crimea": "Krymský chanát",
    "saxony": "Saská říše",
    "polania": "Polanská republika",
}

FACTIONS: Final[dict[str, Faction]] = {
    "nordic": Faction(
        "nordic",
        "Nordic Kingdoms",
        CZECH["nordic"],
        4,
        1,
        "swim",
        ("riverwalk", "seaworthy", "artillery", "speed"),
        ("forest", "mountain"),
        0,
    ),
    "rusviet": Faction(
        "rusviet",
        "Rusviet Union",
        CZECH["rusviet"],
        3,
        2,
        "relentless",
        ("riverwalk", "township", "peoples-army", "speed"),
        ("farm", "village"),
        1,
    ),
    "crimea": Faction(
        "crimea",
        "Crimean Khanate",
        CZECH["crimea"],
        5,
        0,
        "coercion",
        ("riverwalk", "wayfare", "scout", "speed"),
        ("farm", "tundra"),
        2,
    ),
    "saxony": Faction(
        "saxony",
        "Saxony Empire",
        CZECH["saxony"],
        1,
        4,
        "dominate",
        ("riverwalk", "underpass", "disarm", "speed"),
        ("forest", "mountain"),
        3,
    ),
    "polania": Faction(
        "polania",
        "Republic of Polania",
        CZECH["polania"],
        2,
        3,
        "meander",
        ("riverwalk", "submerge", "camaraderie", "speed"),
        ("village", "mountain"),
        4,
    ),
}

#: One-time enlist bonuses on every faction mat ("Verbování"): 2 of each.
ENLIST_BONUSES: Final = ("power", "coins", "popularity", "cards")
