"""Actions and tiles: power actions, faction actions, favor, bonus, scoring and town tiles.

Ids are Snellman's (``ACT1``, ``FAV5``, ``BON10``, ``SCORE9``, ``TW6`` ...).
Tiles that belong to a game option carry the option's name in ``option``.

>>> POWER_ACTIONS["ACT6"].cost_pw, POWER_ACTIONS["ACT6"].spades
(6, 2)
>>> FAVOR_TILES["FAV12"].pass_vp[Building.TP]
(0, 2, 3, 3, 4)
>>> BONUS_TILES["BON4"].shipping_bonus
1
>>> SCORING_TILES["SCORE2"].cult, SCORING_TILES["SCORE2"].cult_steps
(<Cult.EARTH: 2>, 4)
>>> TOWN_TILES["TW6"].keys
2
>>> sorted(town_tile_pool(()).values())
[2, 2, 2, 2, 2]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Literal

from tabletop.games.terra_mystica.data.common import (
    NOTHING,
    OPTION_MINI_EXPANSION_1,
    OPTION_SHIPPING_BONUS,
    OPTION_TEMPLE_SCORING_TILE,
    Building,
    Resources,
)
from tabletop.games.terra_mystica.data.cults import Cult


def _no_vp() -> Mapping[Building, int]:
    return MappingProxyType({})


def _no_table() -> Mapping[Building, tuple[int, ...]]:
    return MappingProxyType({})


# --------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PowerAction:
    """An action space on the board, usable once per round by one faction."""

    id: str
    cost_pw: int  # power spent from bowl III
    description: str
    gain: Resources = NOTHING
    spades: int = 0  # free spades for one transformation (may then build a dwelling)
    bridge: bool = False


POWER_ACTIONS: Final[Mapping[str, PowerAction]] = MappingProxyType(
    {
        "ACT1": PowerAction("ACT1", 3, "build a bridge", bridge=True),
        "ACT2": PowerAction("ACT2", 3, "take 1 priest", gain=Resources(p=1)),
        "ACT3": PowerAction("ACT3", 4, "take 2 workers", gain=Resources(w=2)),
        "ACT4": PowerAction("ACT4", 4, "take 7 coins", gain=Resources(c=7)),
        "ACT5": PowerAction("ACT5", 4, "1 free spade", spades=1),
        "ACT6": PowerAction("ACT6", 6, "2 free spades", spades=2),
    }
)


@dataclass(frozen=True)
class FactionAction:
    """A faction's own action (unlocked by its stronghold unless noted)."""

    id: str
    faction: str
    description: str
    cost: Resources = NOTHING
    once_per_round: bool = True
    needs_stronghold: bool = True
    spades: int = 0  # free spades on one reachable hex (Giants)
    cult_steps: int = 0  # steps on one track of choice (Auren)
    extra_actions: int = 0  # actions taken in a row (Chaos Magicians)
    bridge: bool = False  # Engineers
    free_trading_house: bool = False  # upgrade a dwelling for free (Swarmlings)
    free_dwelling_anywhere_on_home: bool = False  # Witches: no reachability, no transform
    free_transform_adjacent: bool = False  # Nomads: directly adjacent hex only


FACTION_ACTIONS: Final[Mapping[str, FactionAction]] = MappingProxyType(
    {
        "ACTA": FactionAction("ACTA", "auren", "2 steps on one cult track", cult_steps=2),
        "ACTC": FactionAction("ACTC", "chaosmagicians", "take two actions", extra_actions=2),
        "ACTE": FactionAction(
            "ACTE",
            "engineers",
            "build a bridge for 2 workers (any number of times per round)",
            cost=Resources(w=2),
            once_per_round=False,
            needs_stronghold=False,
            bridge=True,
        ),
        "ACTG": FactionAction("ACTG", "giants", "2 free spades on one hex", spades=2),
        "ACTN": FactionAction(
            "ACTN",
            "nomads",
            "sandstorm: turn a directly adjacent hex into desert, may build there",
            free_transform_adjacent=True,
        ),
        "ACTS": FactionAction(
            "ACTS", "swarmlings", "upgrade a dwelling to a trading house", free_trading_house=True
        ),
        "ACTW": FactionAction(
            "ACTW",
            "witches",
            "witches' ride: free dwelling on any free forest hex",
            free_dwelling_anywhere_on_home=True,
        ),
    }
)

# --------------------------------------------------------------------------------------
# Favor tiles
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FavorTile:
    """Taken when building a temple or sanctuary; a faction holds at most one of each."""

    id: str
    cult: Cult
    steps: int  # immediate steps on ``cult``
    copies: int
    description: str
    income: Resources = NOTHING
    #: VP each time that building is built
    vp_on_build: Mapping[Building, int] = field(default_factory=_no_vp)
    #: VP on passing, by count
    pass_vp: Mapping[Building, tuple[int, ...]] = field(default_factory=_no_table)
    town_power_reduction: int = 0  # towns need this much less power
    cult_action: bool = False  # once per round: 1 step on any cult track


FAVOR_TILES: Final[Mapping[str, FavorTile]] = MappingProxyType(
    {
        "FAV1": FavorTile("FAV1", Cult.FIRE, 3, 1, "+3 fire"),
        "FAV2": FavorTile("FAV2", Cult.WATER, 3, 1, "+3 water"),
        "FAV3": FavorTile("FAV3", Cult.EARTH, 3, 1, "+3 earth"),
        "FAV4": FavorTile("FAV4", Cult.AIR, 3, 1, "+3 air"),
        "FAV5": FavorTile(
            "FAV5", Cult.FIRE, 2, 3, "+2 fire; towns need power 6", town_power_reduction=1
        ),
        "FAV6": FavorTile(
            "FAV6", Cult.WATER, 2, 3, "+2 water; action: 1 cult step", cult_action=True
        ),
        "FAV7": FavorTile(
            "FAV7", Cult.EARTH, 2, 3, "+2 earth; income 1 W 1 PW", income=Resources(w=1, pw=1)
        ),
        "FAV8": FavorTile("FAV8", Cult.AIR, 2, 3, "+2 air; income 4 PW", income=Resources(pw=4)),
        "FAV9": FavorTile("FAV9", Cult.FIRE, 1, 3, "+1 fire; income 3 C", income=Resources(c=3)),
        "FAV10": FavorTile(
            "FAV10",
            Cult.WATER,
            1,
            3,
            "+1 water; 3 VP per trading house built",
            vp_on_build=MappingProxyType({Building.TP: 3}),
        ),
        "FAV11": FavorTile(
            "FAV11",
            Cult.EARTH,
            1,
            3,
            "+1 earth; 2 VP per dwelling built",
            vp_on_build=MappingProxyType({Building.D: 2}),
        ),
        "FAV12": FavorTile(
            "FAV12",
            Cult.AIR,
            1,
            3,
            "+1 air; on passing 2/3/3/4 VP for 1/2/3/4 trading houses",
            pass_vp=MappingProxyType({Building.TP: (0, 2, 3, 3, 4)}),
        ),
    }
)

# --------------------------------------------------------------------------------------
# Bonus tiles
# --------------------------------------------------------------------------------------

#: Bonus tiles in play: number of players plus this.
BONUS_TILES_EXTRA: Final = 3
#: Coins added at every round start to each bonus tile nobody holds.
BONUS_TILE_COIN_PER_ROUND: Final = 1


@dataclass(frozen=True)
class BonusTile:
    """Held for one round; income at round start, extras while held, VP when returned."""

    id: str
    income: Resources
    description: str
    action: Literal["spade", "cult"] | None = None  # once-per-round tile action
    shipping_bonus: int = 0  # added to shipping while held (not for final scoring)
    #: VP on passing, by count
    pass_vp: Mapping[Building, tuple[int, ...]] = field(default_factory=_no_table)
    pass_vp_by_shipping: tuple[int, ...] = ()  # VP on passing, by shipping level
    option: str | None = None


BONUS_TILES: Final[Mapping[str, BonusTile]] = MappingProxyType(
    {
        "BON1": BonusTile("BON1", Resources(c=2), "action: 1 spade; income 2 C", action="spade"),
        "BON2": BonusTile("BON2", Resources(c=4), "action: 1 cult step; income 4 C", action="cult"),
        "BON3": BonusTile("BON3", Resources(c=6), "income 6 C"),
        "BON4": BonusTile("BON4", Resources(pw=3), "shipping +1; income 3 PW", shipping_bonus=1),
        "BON5": BonusTile("BON5", Resources(w=1, pw=3), "income 1 W 3 PW"),
        "BON6": BonusTile(
            "BON6",
            Resources(w=2),
            "income 2 W; pass: 4 VP for stronghold, 4 VP for sanctuary",
            pass_vp=MappingProxyType({Building.SH: (0, 4), Building.SA: (0, 4)}),
        ),
        "BON7": BonusTile(
            "BON7",
            Resources(w=1),
            "income 1 W; pass: 2 VP per trading house",
            pass_vp=MappingProxyType({Building.TP: (0, 2, 4, 6, 8)}),
        ),
        "BON8": BonusTile("BON8", Resources(p=1), "income 1 P"),
        "BON9": BonusTile(
            "BON9",
            Resources(c=2),
            "income 2 C; pass: 1 VP per dwelling",
            pass_vp=MappingProxyType({Building.D: tuple(range(9))}),
        ),
        # LOW-CONFIDENCE: BON10 is not in the rulebook; values from the Snellman engine
        # (option shipping-bonus), validated only through replays of tournament games.
        "BON10": BonusTile(
            "BON10",
            Resources(pw=3),
            "income 3 PW; pass: 3 VP per shipping level",
            pass_vp_by_shipping=(0, 3, 6, 9, 12, 15),
            option=OPTION_SHIPPING_BONUS,
        ),
    }
)

# --------------------------------------------------------------------------------------
# Round scoring tiles
# --------------------------------------------------------------------------------------

#: Round scoring tiles drawn for rounds 1-6 (no cult bonus after round 6).
SCORING_TILES_PER_GAME: Final = 6
#: Scoring tiles that may not be drawn for the given rounds.
SCORING_TILE_FORBIDDEN_ROUNDS: Final[Mapping[str, tuple[int, ...]]] = MappingProxyType(
    {"SCORE1": (5, 6)}
)


@dataclass(frozen=True)
class ScoringTile:
    """A round's scoring tile: VP for events during the round, then a cult bonus.

    The cult bonus (rounds 1-5 only) is ``reward`` and ``reward_spades`` times
    ``level // cult_steps``, where ``level`` is the faction's position on
    ``cult`` or, when ``cult`` is None (SCORE9), its priests on the cult board.
    """

    id: str
    description: str
    cult: Cult | None
    cult_steps: int
    reward: Resources = NOTHING
    reward_spades: int = 0
    #: VP when building/upgrading to it
    vp_per_building: Mapping[Building, int] = field(default_factory=_no_vp)
    vp_per_spade: int = 0  # VP per spade used (any source)
    vp_per_town: int = 0  # VP per town founded
    option: str | None = None


SCORING_TILES: Final[Mapping[str, ScoringTile]] = MappingProxyType(
    {
        "SCORE1": ScoringTile(
            "SCORE1", "spade: 2 VP | 1 earth: 1 C", Cult.EARTH, 1, Resources(c=1), vp_per_spade=2
        ),
        "SCORE2": ScoringTile(
            "SCORE2", "town: 5 VP | 4 earth: 1 spade", Cult.EARTH, 4, reward_spades=1, vp_per_town=5
        ),
        "SCORE3": ScoringTile(
            "SCORE3",
            "dwelling: 2 VP | 4 water: 1 P",
            Cult.WATER,
            4,
            Resources(p=1),
            vp_per_building=MappingProxyType({Building.D: 2}),
        ),
        "SCORE4": ScoringTile(
            "SCORE4",
            "stronghold/sanctuary: 5 VP | 2 fire: 1 W",
            Cult.FIRE,
            2,
            Resources(w=1),
            vp_per_building=MappingProxyType({Building.SH: 5, Building.SA: 5}),
        ),
        "SCORE5": ScoringTile(
            "SCORE5",
            "dwelling: 2 VP | 4 fire: 4 PW",
            Cult.FIRE,
            4,
            Resources(pw=4),
            vp_per_building=MappingProxyType({Building.D: 2}),
        ),
        "SCORE6": ScoringTile(
            "SCORE6",
            "trading house: 3 VP | 4 water: 1 spade",
            Cult.WATER,
            4,
            reward_spades=1,
            vp_per_building=MappingProxyType({Building.TP: 3}),
        ),
        "SCORE7": ScoringTile(
            "SCORE7",
            "stronghold/sanctuary: 5 VP | 2 air: 1 W",
            Cult.AIR,
            2,
            Resources(w=1),
            vp_per_building=MappingProxyType({Building.SH: 5, Building.SA: 5}),
        ),
        "SCORE8": ScoringTile(
            "SCORE8",
            "trading house: 3 VP | 4 air: 1 spade",
            Cult.AIR,
            4,
            reward_spades=1,
            vp_per_building=MappingProxyType({Building.TP: 3}),
        ),
        # LOW-CONFIDENCE: SCORE9 is not in the rulebook; values from the Snellman engine
        # (option temple-scoring-tile). Its cult bonus counts the faction's priests on
        # the cult board's priest spaces ("CULT_P"), not a track position.
        "SCORE9": ScoringTile(
            "SCORE9",
            "temple: 4 VP | each priest on the cult board: 2 C",
            None,
            1,
            Resources(c=2),
            vp_per_building=MappingProxyType({Building.TE: 4}),
            option=OPTION_TEMPLE_SCORING_TILE,
        ),
    }
)

# --------------------------------------------------------------------------------------
# Town tiles
# --------------------------------------------------------------------------------------

TOWN_MIN_POWER: Final = 7  # total power value of the buildings (6 with FAV5)
TOWN_MIN_BUILDINGS: Final = 4  # a sanctuary counts as two
SANCTUARY_TOWN_WEIGHT: Final = 2


@dataclass(frozen=True)
class TownTile:
    """Taken when founding a town; every tile carries at least one key."""

    id: str
    reward: Resources  # includes the VP
    copies: int
    description: str
    keys: int = 1
    cult_steps: int = 0  # steps on every cult track
    shipping: int = 0  # free shipping levels
    carpet_range: int = 0  # Fakirs: carpet range instead of shipping
    option: str | None = None

    @property
    def vp(self) -> int:
        return self.reward.vp


TOWN_TILES: Final[Mapping[str, TownTile]] = MappingProxyType(
    {
        "TW1": TownTile("TW1", Resources(vp=5, c=6), 2, "5 VP, 6 C"),
        "TW2": TownTile("TW2", Resources(vp=7, w=2), 2, "7 VP, 2 W"),
        "TW3": TownTile("TW3", Resources(vp=9, p=1), 2, "9 VP, 1 P"),
        "TW4": TownTile("TW4", Resources(vp=6, pw=8), 2, "6 VP, 8 PW"),
        "TW5": TownTile("TW5", Resources(vp=8), 2, "8 VP, 1 step on every cult", cult_steps=1),
        # LOW-CONFIDENCE: TW6-TW8 (mini-expansion-1) are not in the rulebook; values and
        # copies (TW6 x1, TW7 x2, TW8 x1) from the Snellman engine. TW7 gives Dwarves nothing
        # and Fakirs +1 carpet range instead of shipping.
        "TW6": TownTile(
            "TW6",
            Resources(vp=2),
            1,
            "2 VP, 2 steps on every cult, 2 keys",
            keys=2,
            cult_steps=2,
            option=OPTION_MINI_EXPANSION_1,
        ),
        "TW7": TownTile(
            "TW7",
            Resources(vp=4),
            2,
            "4 VP, 1 shipping level (Fakirs: 1 carpet range)",
            shipping=1,
            carpet_range=1,
            option=OPTION_MINI_EXPANSION_1,
        ),
        "TW8": TownTile("TW8", Resources(vp=11), 1, "11 VP", option=OPTION_MINI_EXPANSION_1),
    }
)

# --------------------------------------------------------------------------------------
# Pools
# --------------------------------------------------------------------------------------


def _enabled(option: str | None, options: Collection[str]) -> bool:
    return option is None or option in options


def bonus_tile_ids(options: Collection[str] = ()) -> tuple[str, ...]:
    """Bonus tiles available for the draw with the given game options."""
    return tuple(t.id for t in BONUS_TILES.values() if _enabled(t.option, options))


def scoring_tile_ids(options: Collection[str] = ()) -> tuple[str, ...]:
    """Round scoring tiles available for the draw with the given game options."""
    return tuple(t.id for t in SCORING_TILES.values() if _enabled(t.option, options))


def town_tile_pool(options: Collection[str] = ()) -> dict[str, int]:
    """Town tile id -> copies in play with the given game options."""
    return {t.id: t.copies for t in TOWN_TILES.values() if _enabled(t.option, options)}


def favor_tile_pool() -> dict[str, int]:
    """Favor tile id -> copies in play."""
    return {t.id: t.copies for t in FAVOR_TILES.values()}


_KIND = Literal["power", "faction", "bonus", "favor"]
#: Every action id usable in ``action X`` commands, with where it comes from.
ACTION_IDS: Final[Mapping[str, _KIND]] = MappingProxyType(
    {
        **dict.fromkeys(POWER_ACTIONS, "power"),
        **dict.fromkeys(FACTION_ACTIONS, "faction"),
        **{t.id: "bonus" for t in BONUS_TILES.values() if t.action is not None},
        **{t.id: "favor" for t in FAVOR_TILES.values() if t.cult_action},
    }
)

__all__ = [
    "ACTION_IDS",
    "BONUS_TILES",
    "BONUS_TILES_EXTRA",
    "BONUS_TILE_COIN_PER_ROUND",
    "FACTION_ACTIONS",
    "FAVOR_TILES",
    "POWER_ACTIONS",
    "SANCTUARY_TOWN_WEIGHT",
    "SCORING_TILES",
    "SCORING_TILES_PER_GAME",
    "SCORING_TILE_FORBIDDEN_ROUNDS",
    "TOWN_MIN_BUILDINGS",
    "TOWN_MIN_POWER",
    "TOWN_TILES",
    "BonusTile",
    "FactionAction",
    "FavorTile",
    "PowerAction",
    "ScoringTile",
    "TownTile",
    "bonus_tile_ids",
    "favor_tile_pool",
    "scoring_tile_ids",
    "town_tile_pool",
]
