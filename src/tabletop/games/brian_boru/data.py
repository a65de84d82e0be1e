"""Brian Boru component data, transcribed from ``shared/data/brian_boru``.

Plain data only; the rules live in the other modules of this package.
Provenance and confidence of every table are in that folder's README; the
one medium-confidence table (the Viking deck) is marked below and listed in
``docs/rulings.md``.  Town ids (``REGION-n``) are the project's own: the
printed board names no towns.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Region(NamedTuple):
    code: str
    name: str
    threshold: int  # controlled towns needed to turn the claim token face up
    points: int  # printed on the claim token


class ActionCard(NamedTuple):
    value: int  # 1..25, also the card's id
    colour: str  # red, blue, yellow or white (royal, wild)
    primary: tuple[str, ...]  # symbols, resolved left to right
    secondary: tuple[tuple[str, ...], ...]  # one or two options


class MarriageCard(NamedTuple):
    name: str
    points: int
    renown: int
    town_in: str | None  # region code: a disc on an empty town there


def _card(value: int, colour: str, primary: str, secondary: str) -> ActionCard:
    return ActionCard(
        value,
        colour,
        tuple(primary.split()),
        tuple(tuple(option.split()) for option in secondary.split(" | ")),
    )


# Symbols on action cards (rulebook, "AKCE").
TOWN: Final = "TOWN"  # take the active town and the active town marker
COIN: Final = "COIN"  # gain a coin
PAY: Final = "PAY"  # pay a coin, or lose 2 points without coins
CHURCH: Final = "CHURCH"  # a disc to the church area; +1 per 2 coins
RAIDER: Final = "RAIDER"  # a raider from the battle area; +1 per 2 coins
COURT: Final = "COURT"  # one step up the marriage track; +1 per 2 coins
EXPAND: Final = "EXPAND"  # pay 5 coins: a disc on an empty town one road away
FREE_VIKING_TOWN: Final = "FREE_VIKING_TOWN"  # remove a Viking control token
SYMBOLS: Final = (TOWN, COIN, PAY, CHURCH, RAIDER, COURT, EXPAND, FREE_VIKING_TOWN)

COLOURS: Final = ("red", "blue", "yellow")  # town colours; cards add white

REGIONS: Final[tuple[Region, ...]] = (
    Region("NUN", "Northern Uí Néill", threshold=4, points=6),
    Region("ULA", "Ulaid", threshold=3, points=4),
    Region("BRE", "Bréifne", threshold=2, points=3),
    Region("SUN", "Southern Uí Néill", threshold=3, points=5),
    Region("DUB", "Dubhlinn", threshold=2, points=2),
    Region("CON", "Connaught", threshold=5, points=7),
    Region("LEI", "Leinster", threshold=4, points=6),
    Region("MUN", "Munster", threshold=5, points=7),
)

# (id, region, colour)
TOWNS: Final[tuple[tuple[str, str, str], ...]] = (
    ("NUN-1", "NUN", "red"),
    ("NUN-2", "NUN", "red"),
    ("NUN-3", "NUN", "blue"),
    ("NUN-4", "NUN", "blue"),
    ("NUN-5", "NUN", "yellow"),
    ("NUN-6", "NUN", "yellow"),
    ("NUN-7", "NUN", "red"),
    ("ULA-1", "ULA", "yellow"),
    ("ULA-2", "ULA", "blue"),
    ("ULA-3", "ULA", "red"),
    ("ULA-4", "ULA", "blue"),
    ("ULA-5", "ULA", "red"),
    ("BRE-1", "BRE", "yellow"),
    ("BRE-2", "BRE", "red"),
    ("BRE-3", "BRE", "blue"),
    ("BRE-4", "BRE", "blue"),
    ("SUN-1", "SUN", "red"),
    ("SUN-2", "SUN", "blue"),
    ("SUN-3", "SUN", "yellow"),
    ("SUN-4", "SUN", "red"),
    ("SUN-5", "SUN", "blue"),
    ("SUN-6", "SUN", "yellow"),
    ("DUB-1", "DUB", "yellow"),
    ("DUB-2", "DUB", "red"),
    ("DUB-3", "DUB", "blue"),
    ("CON-1", "CON", "red"),
    ("CON-2", "CON", "red"),
    ("CON-3", "CON", "yellow"),
    ("CON-4", "CON", "blue"),
    ("CON-5", "CON", "red"),
    ("CON-6", "CON", "red"),
    ("CON-7", "CON", "yellow"),
    ("CON-8", "CON", "blue"),
    ("CON-9", "CON", "yellow"),
    ("LEI-1", "LEI", "yellow"),
    ("LEI-2", "LEI", "blue"),
    ("LEI-3", "LEI", "blue"),
    ("LEI-4", "LEI", "red"),
    ("LEI-5", "LEI", "yellow"),
    ("LEI-6", "LEI", "blue"),
    ("LEI-7", "LEI", "yellow"),
    ("LEI-8", "LEI", "yellow"),
    ("LEI-9", "LEI", "blue"),
    ("MUN-1", "MUN", "blue"),
    ("MUN-2", "MUN", "yellow"),
    ("MUN-3", "MUN", "red"),
    ("MUN-4", "MUN", "yellow"),
    ("MUN-5", "MUN", "yellow"),
    ("MUN-6", "MUN", "blue"),
    ("MUN-7", "MUN", "red"),
    ("MUN-8", "MUN", "red"),
    ("MUN-9", "MUN", "red"),
    ("MUN-10", "MUN", "blue"),
)

ROADS: Final[tuple[tuple[str, str], ...]] = (
    ("BRE-1", "BRE-2"),
    ("BRE-1", "NUN-4"),
    ("BRE-2", "CON-2"),
    ("BRE-3", "NUN-6"),
    ("CON-2", "CON-9"),
    ("CON-3", "CON-4"),
    ("CON-4", "CON-8"),
    ("CON-6", "MUN-1"),
    ("CON-7", "CON-8"),
    ("DUB-2", "LEI-2"),
    ("DUB-3", "LEI-6"),
    ("LEI-1", "LEI-2"),
    ("LEI-3", "LEI-4"),
    ("LEI-4", "LEI-7"),
    ("LEI-5", "LEI-6"),
    ("LEI-5", "LEI-8"),
    ("LEI-6", "LEI-8"),
    ("LEI-7", "LEI-9"),
    ("LEI-8", "LEI-9"),
    ("MUN-2", "MUN-3"),
    ("MUN-4", "MUN-6"),
    ("MUN-6", "MUN-8"),
    ("MUN-7", "MUN-9"),
    ("NUN-1", "NUN-4"),
    ("NUN-2", "NUN-3"),
    ("NUN-3", "NUN-5"),
    ("NUN-5", "NUN-7"),
    ("NUN-7", "ULA-3"),
    ("SUN-1", "SUN-2"),
    ("SUN-1", "SUN-6"),
    ("SUN-2", "SUN-3"),
    ("SUN-3", "SUN-4"),
    ("SUN-4", "SUN-5"),
    ("SUN-5", "SUN-6"),
    ("ULA-1", "ULA-2"),
    ("ULA-4", "ULA-5"),
)

ACTION_CARDS: Final[tuple[ActionCard, ...]] = (
    _card(1, "yellow", "TOWN COURT COURT COIN", "COIN COIN COIN EXPAND | COURT COURT"),
    _card(2, "red", "TOWN RAIDER RAIDER COIN", "COIN COIN COIN EXPAND | RAIDER RAIDER"),
    _card(3, "blue", "TOWN CHURCH CHURCH COIN", "COIN COIN COIN EXPAND | CHURCH CHURCH"),
    _card(4, "yellow", "TOWN COURT COURT", "COIN COIN COIN EXPAND | COURT COURT"),
    _card(5, "red", "TOWN RAIDER RAIDER", "COIN COIN EXPAND | RAIDER RAIDER"),
    _card(6, "blue", "TOWN CHURCH CHURCH", "COIN COIN COIN EXPAND | CHURCH CHURCH"),
    _card(7, "yellow", "TOWN COURT COIN", "COIN COIN EXPAND | COURT COURT"),
    _card(8, "red", "TOWN RAIDER COIN", "COIN COIN EXPAND | RAIDER RAIDER"),
    _card(9, "blue", "TOWN CHURCH COIN", "COIN COIN EXPAND | CHURCH CHURCH"),
    _card(10, "yellow", "TOWN COIN COIN", "COIN COIN EXPAND | COURT COURT"),
    _card(11, "red", "TOWN COIN COIN", "COIN COIN EXPAND | RAIDER RAIDER"),
    _card(12, "blue", "TOWN COIN COIN", "COIN COIN EXPAND | CHURCH CHURCH"),
    _card(13, "white", "TOWN COIN", "COIN COIN EXPAND | FREE_VIKING_TOWN PAY"),
    _card(14, "yellow", "TOWN", "COIN EXPAND | COURT COURT COURT"),
    _card(15, "red", "TOWN", "COIN EXPAND | RAIDER RAIDER RAIDER"),
    _card(16, "blue", "TOWN", "COIN EXPAND | CHURCH CHURCH CHURCH"),
    _card(17, "yellow", "TOWN PAY", "COIN EXPAND | COURT COURT COURT"),
    _card(18, "red", "TOWN PAY", "COIN EXPAND | RAIDER RAIDER RAIDER"),
    _card(19, "blue", "TOWN PAY", "COIN EXPAND | CHURCH CHURCH CHURCH"),
    _card(20, "white", "TOWN", "COIN COIN EXPAND"),
    _card(21, "white", "TOWN PAY", "COIN COIN EXPAND"),
    _card(22, "white", "TOWN PAY PAY", "COIN COIN EXPAND"),
    _card(23, "yellow", "TOWN PAY PAY", "COIN EXPAND | COURT COURT COURT"),
    _card(24, "red", "TOWN PAY PAY", "COIN EXPAND | RAIDER RAIDER RAIDER"),
    _card(25, "blue", "TOWN PAY PAY", "COIN EXPAND | CHURCH CHURCH CHURCH"),
)

# The seven regular marriage cards; the Danish princess is always last.
MARRIAGE_CARDS: Final[tuple[MarriageCard, ...]] = (
    MarriageCard("Aodhán", points=2, renown=0, town_in="LEI"),
    MarriageCard("Aoife", points=2, renown=1, town_in=None),
    MarriageCard("Brigid", points=4, renown=0, town_in=None),
    MarriageCard("Conall", points=2, renown=0, town_in="SUN"),
    MarriageCard("Cormac", points=2, renown=0, town_in="CON"),
    MarriageCard("Niall", points=2, renown=0, town_in="NUN"),
    MarriageCard("Orlaith", points=2, renown=0, town_in="MUN"),
)
PRINCESS: Final = "Estrid, Princess of Denmark"
PRINCESS_SPURN_POINTS: Final = 4

# Marriage track: reward on each space 1..10 (index 0 unused).  Space 1 is
# the shared start space; space 9 places a disc on any empty town.
TRACK_TOP: Final = 10
TRACK_COINS: Final[tuple[int, ...]] = (0, 0, 0, 1, 1, 1, 2, 2, 0, 0, 0)
TRACK_RENOWN: Final[tuple[int, ...]] = (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0)
TRACK_TOWN_SPACE: Final = 9

# Viking cards: invasion strength.  MEDIUM CONFIDENCE: only one public
# source gives the exact deck (see docs/rulings.md).
VIKING_CARDS: Final[tuple[int, ...]] = (9, 10, 11, 12, 12, 13, 14)

# Setup and per-player-count numbers (rulebook, "PŘÍPRAVA HRY", "FÁZE VÝBĚRU KARET").
START_COINS: Final = 3
START_RENOWN: Final = 1
START_SCORE: Final = 10
MARRIAGE_DECK_SIZE: Final = {3: 2, 4: 3, 5: 3}  # regular cards on top of the princess
CARDS_DEALT: Final = {3: 8, 4: 6, 5: 5}
DRAFT_PICK: Final = 2
MONASTERY_DISCS: Final = 4  # church discs that let any player place a monastery
EXPAND_COST: Final = 5
EXTRA_COST: Final = 2  # coins per extra church disc, raider or marriage step
PAY_POINTS: Final = 2  # points lost by PAY without coins

# Final scoring: points by number of regions with at least one of your towns.
REGION_TABLE: Final[tuple[int, ...]] = (0, 0, 0, 1, 1, 3, 5, 7, 10)
