"""Small shared vocabulary: resource bundles, building types, global constants.

>>> Resources(c=2, w=1) + Resources(c=1, vp=3)
Resources(c=3, w=1, p=0, pw=0, vp=3)
>>> Resources(c=3, w=2).scaled(2).as_dict()
{'C': 6, 'W': 4}
>>> BUILDING_POWER[Building.SH]
3
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final


@dataclass(frozen=True, slots=True)
class Resources:
    """A bundle of resources: coins, workers, priests, power and victory points.

    ``pw`` is power *gained* (tokens moved bowl I -> II -> III) in incomes and
    rewards, and power *spent* from bowl III in costs.
    """

    c: int = 0
    w: int = 0
    p: int = 0
    pw: int = 0
    vp: int = 0

    def __add__(self, other: Resources) -> Resources:
        return Resources(
            self.c + other.c,
            self.w + other.w,
            self.p + other.p,
            self.pw + other.pw,
            self.vp + other.vp,
        )

    def __sub__(self, other: Resources) -> Resources:
        return Resources(
            self.c - other.c,
            self.w - other.w,
            self.p - other.p,
            self.pw - other.pw,
            self.vp - other.vp,
        )

    def scaled(self, factor: int) -> Resources:
        """Every amount multiplied by ``factor``."""
        return Resources(
            self.c * factor,
            self.w * factor,
            self.p * factor,
            self.pw * factor,
            self.vp * factor,
        )

    def __bool__(self) -> bool:
        return any((self.c, self.w, self.p, self.pw, self.vp))

    def as_dict(self) -> dict[str, int]:
        """Non-zero amounts keyed by Snellman resource names (C, W, P, PW, VP)."""
        pairs = (("C", self.c), ("W", self.w), ("P", self.p), ("PW", self.pw), ("VP", self.vp))
        return {key: value for key, value in pairs if value}


NOTHING: Final = Resources()


class Building(StrEnum):
    """Building types, valued by their Snellman abbreviations."""

    DWELLING = "D"
    TRADING_HOUSE = "TP"
    TEMPLE = "TE"
    STRONGHOLD = "SH"
    SANCTUARY = "SA"

    # Short aliases matching the notation.
    D = "D"
    TP = "TP"
    TE = "TE"
    SH = "SH"
    SA = "SA"


#: Power value of a building: what neighbours may leech and what counts for towns.
BUILDING_POWER: Final[dict[Building, int]] = {
    Building.D: 1,
    Building.TP: 2,
    Building.TE: 2,
    Building.SH: 3,
    Building.SA: 3,
}

#: What each building is upgraded from (dwellings are built on empty land).
UPGRADES_FROM: Final[dict[Building, Building | None]] = {
    Building.D: None,
    Building.TP: Building.D,
    Building.TE: Building.TP,
    Building.SH: Building.TP,
    Building.SA: Building.TE,
}

#: Pieces of each building type on a faction board (same for all 14 factions).
BUILDING_LIMITS: Final[dict[Building, int]] = {
    Building.D: 8,
    Building.TP: 4,
    Building.TE: 3,
    Building.SH: 1,
    Building.SA: 1,
}

START_VP: Final = 20
PRIESTS_MAX: Final = 7  # priests in a faction's supply (sent priests are lost)
BRIDGES_MAX: Final = 3
POWER_TOKENS: Final = 12  # tokens in the three bowls at the start

#: A dwelling -> trading house upgrade pays its coin cost twice when no
#: opponent building is directly adjacent (6 C instead of 3 C for most).
TP_ISOLATED_COIN_FACTOR: Final = 2

#: Free conversions, as (from, to) -> units of ``from`` paid for one ``to``.
#: Alchemists add VP->C 1:1 and improve C->VP to 2:1 (see factions.py).
EXCHANGE_RATES: Final[dict[tuple[str, str], int]] = {
    ("PW", "C"): 1,
    ("PW", "W"): 3,
    ("PW", "P"): 5,
    ("P", "W"): 1,
    ("W", "C"): 1,
    ("P", "C"): 1,
    # RULING: the printed rules convert coins to VP only in final scoring; the
    # Snellman engine accepts "convert 3C to 1VP" at any time.
    ("C", "VP"): 3,
}

#: Leeching n power costs n - 1 VP.
LEECH_VP_DISCOUNT: Final = 1

#: Burning: 2 tokens leave bowl II for every token moved from bowl II to bowl III.
BURN_TOKENS_PER_POWER: Final = 2

ROUNDS: Final = 6

#: Game options (Snellman names) that change the component set.
OPTION_MINI_EXPANSION_1: Final = "mini-expansion-1"  # town tiles TW6-TW8
OPTION_SHIPPING_BONUS: Final = "shipping-bonus"  # bonus tile BON10
OPTION_TEMPLE_SCORING_TILE: Final = "temple-scoring-tile"  # scoring tile SCORE9
OPTION_ERRATA_CULTIST_POWER: Final = "errata-cultist-power"
# The Snellman site's strict readings (see docs/rulings.md).
OPTION_STRICT_LEECH: Final = "strict-leech"  # power offers answered before anything else
OPTION_STRICT_DARKLING_SH: Final = "strict-darkling-sh"  # the exchange only in the SH's turn
OPTION_STRICT_CHAOSMAGICIAN_SH: Final = "strict-chaosmagician-sh"  # passing ends the double turn
#: The site's timing of power offers (not a site option: its default), for real ledgers.
OPTION_OPEN_OFFERS: Final = "open-offers"
