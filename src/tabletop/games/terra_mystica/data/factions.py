"""The 14 factions of the base game: starting state, faction board tracks, abilities.

Factions are keyed by their Snellman name (lower case, no spaces).  Numbers
that depend on a faction are fields; rules shared by every faction are in
:mod:`.common`.  Income tables are *cumulative*: ``income[n]`` is the total
income of that building row with ``n`` of those buildings on the map; the
dwelling row's ``income[0]`` is the faction's base income.

Setup order of initial dwellings: seats 1..N, then N..1, then the Nomads'
third dwelling, then the Chaos Magicians' only dwelling; bonus tiles are
then picked in order N..1.

>>> darklings = FACTIONS["darklings"]
>>> darklings.home, darklings.color, darklings.start_power
(<Terrain.SWAMP: 2>, 'black', (5, 7, 0))
>>> darklings.digging.spade_cost, darklings.digging.vp_per_bought_spade
((Resources(c=0, w=0, p=1, pw=0, vp=0),), 2)
>>> FACTIONS["engineers"].buildings[Building.D].income[3]
Resources(c=0, w=2, p=0, pw=0, vp=0)
>>> FACTIONS["alchemists"].rate("C", "VP"), FACTIONS["witches"].rate("C", "VP")
(2, 3)
>>> len(FACTIONS)
14
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final, Literal

from tabletop.games.terra_mystica.data.common import (
    EXCHANGE_RATES,
    NOTHING,
    START_VP,
    Building,
    Resources,
)
from tabletop.games.terra_mystica.data.cults import Cult
from tabletop.games.terra_mystica.data.terrain import Terrain

# --------------------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildingTrack:
    """One building row of a faction board."""

    cost: Resources  # to build (dwelling) or to upgrade into this building
    income: tuple[Resources, ...]  # cumulative income by number on the map
    favor_tiles: int = 0  # favor tiles taken when built

    @property
    def count(self) -> int:
        """Pieces of this building type on the board."""
        return len(self.income) - 1


@dataclass(frozen=True)
class ShippingTrack:
    start: int
    max_level: int
    advance_cost: Resources
    #: advance_vp[level]: VP for advancing *from* ``level`` to ``level + 1``.
    advance_vp: tuple[int, ...]


@dataclass(frozen=True)
class DiggingTrack:
    """The terraforming track (start level 0 for everybody)."""

    max_level: int
    #: spade_cost[level]: price of one spade at that level.
    spade_cost: tuple[Resources, ...]
    advance_cost: Resources | None  # None: the faction cannot advance
    #: advance_vp[level]: VP for advancing from ``level``.
    advance_vp: tuple[int, ...]
    #: VP per spade bought with ``spade_cost`` (Darklings; not for free spades).
    vp_per_bought_spade: int = 0


@dataclass(frozen=True)
class Teleport:
    """Dwarves' tunnelling / Fakirs' carpet flight, used instead of shipping.

    ``range`` counts the cells skipped: range 1 reaches hexes at grid distance 2.
    The stronghold raises the teleport level by one (Dwarves: cheaper;
    Fakirs: +1 range).  Fakirs also get +1 range from town tile TW7.
    """

    kind: Literal["tunnel", "carpet"]
    range: int
    max_range: int
    #: cost[level] and vp[level]: paid / scored each time the ability is needed.
    cost: tuple[Resources, ...]
    vp: tuple[int, ...]
    range_per_level: int
    max_level: int = 1


@dataclass(frozen=True)
class StrongholdBonus:
    """What building the stronghold gives (immediately or from then on)."""

    description: str
    action: str | None = None  # faction action id unlocked (see tiles.FACTION_ACTIONS)
    gain: Resources = NOTHING  # immediate resources / power / VP
    favor_tiles: int = 0
    spades: int = 0  # immediate spades (Halflings)
    shipping: int = 0  # free shipping levels, with their VP (Mermaids)
    teleport_levels: int = 0  # see Teleport
    workers_to_priests: int = 0  # one-time 1:1 exchange, up to this many (Darklings)
    pass_vp_per_bridge: int = 0  # on passing, per own bridge linking own buildings


@dataclass(frozen=True)
class Faction:
    name: str  # Snellman name, e.g. "chaosmagicians"
    display_name: str
    board_id: int  # faction board number (the colour's two sides share a terrain)
    home: Terrain
    start: Resources  # coins, workers, priests, VP
    start_power: tuple[int, int, int]  # tokens in bowls I, II, III
    start_cults: tuple[int, int, int, int]  # indexed by Cult: FIRE, WATER, EARTH, AIR
    dwellings_at_setup: int
    shipping: ShippingTrack | None  # None: no shipping (Dwarves, Fakirs)
    digging: DiggingTrack
    teleport: Teleport | None
    buildings: Mapping[Building, BuildingTrack]
    stronghold: StrongholdBonus
    ability: str  # the faction's permanent ability, in a few words
    spade_gain: Resources = NOTHING  # per spade used, any source (Halflings)
    spade_gain_with_stronghold: Resources = NOTHING  # same, once the SH is built (Alchemists)
    town_gain: Resources = NOTHING  # extra reward per town founded
    fixed_home_spades: int | None = None  # spades to reach home terrain from anything (Giants)
    leech_accepted_cult_steps: int = 0  # when >= 1 opponent takes power from its building
    #: When every opponent declines that power: only with option errata-cultist-power.
    leech_declined_power: int = 0
    river_town_skip: int = 0  # river cells a town may jump (Mermaids)
    exchange_overrides: Mapping[tuple[str, str], int] = field(
        default_factory=lambda: MappingProxyType({})
    )

    @property
    def color(self) -> str:
        return self.home.color

    def cult_start(self, cult: Cult) -> int:
        return self.start_cults[cult]

    def rate(self, source: str, target: str) -> int | None:
        """Units of ``source`` paid for one ``target`` (C, W, P, PW, VP), if allowed."""
        key = (source, target)
        return self.exchange_overrides.get(key, EXCHANGE_RATES.get(key))


# --------------------------------------------------------------------------------------
# Building blocks
# --------------------------------------------------------------------------------------


def _income(**columns: Sequence[int]) -> tuple[Resources, ...]:
    """Cumulative income rows from per-resource columns, e.g. ``_income(c=[0, 2])``."""
    (length,) = {len(values) for values in columns.values()}
    return tuple(
        Resources(**{key: values[n] for key, values in columns.items()}) for n in range(length)
    )


def _track(c: int, w: int, income: tuple[Resources, ...], favor_tiles: int = 0) -> BuildingTrack:
    return BuildingTrack(Resources(c=c, w=w), income, favor_tiles)


_D: Final = _track(2, 1, _income(w=[1, 2, 3, 4, 5, 6, 7, 8, 8]))
_TP: Final = _track(3, 2, _income(c=[0, 2, 4, 6, 8], pw=[0, 1, 2, 4, 6]))
_TP_COINS: Final = _track(3, 2, _income(c=[0, 2, 4, 7, 11], pw=[0, 1, 2, 3, 4]))
_TE: Final = _track(5, 2, _income(p=[0, 1, 2, 3]), favor_tiles=1)
_SH_INCOME: Final = _income(pw=[0, 2])
_SA_INCOME: Final = _income(p=[0, 1])
_SA_2P: Final = _income(p=[0, 2])


def _buildings(
    sh: BuildingTrack,
    sa: BuildingTrack,
    d: BuildingTrack = _D,
    tp: BuildingTrack = _TP,
    te: BuildingTrack = _TE,
) -> Mapping[Building, BuildingTrack]:
    return MappingProxyType(
        {Building.D: d, Building.TP: tp, Building.TE: te, Building.SH: sh, Building.SA: sa}
    )


def _sh(c: int, w: int, income: tuple[Resources, ...] = _SH_INCOME) -> BuildingTrack:
    return _track(c, w, income)


def _sa(
    c: int, w: int, income: tuple[Resources, ...] = _SA_INCOME, favors: int = 1
) -> BuildingTrack:
    return _track(c, w, income, favor_tiles=favors)


_SHIPPING: Final = ShippingTrack(0, 3, Resources(c=4, p=1), (2, 3, 4))
_DIGGING: Final = DiggingTrack(
    max_level=2,
    spade_cost=(Resources(w=3), Resources(w=2), Resources(w=1)),
    advance_cost=Resources(c=5, w=2, p=1),
    advance_vp=(6, 6),
)


def _start(c: int = 15, w: int = 3, p: int = 0) -> Resources:
    return Resources(c=c, w=w, p=p, vp=START_VP)


def _cults(
    fire: int = 0, water: int = 0, earth: int = 0, air: int = 0
) -> tuple[int, int, int, int]:
    return (fire, water, earth, air)


# --------------------------------------------------------------------------------------
# The factions (grouped by home terrain, in wheel order)
# --------------------------------------------------------------------------------------

_FACTION_LIST: Final[tuple[Faction, ...]] = (
    # desert
    Faction(
        name="fakirs",
        display_name="Fakirs",
        board_id=1,
        home=Terrain.DESERT,
        start=_start(),
        start_power=(7, 5, 0),
        start_cults=_cults(fire=1, air=1),
        dwellings_at_setup=2,
        shipping=None,
        digging=replace(_DIGGING, max_level=1, spade_cost=_DIGGING.spade_cost[:2], advance_vp=(6,)),
        # LOW-CONFIDENCE: the rulebook describes carpet range 1, or 2 with the stronghold;
        # the maximum of 4 (stronghold + two TW7 tiles) is the Snellman engine's.
        teleport=Teleport(
            kind="carpet",
            range=1,
            max_range=4,
            cost=(Resources(p=1), Resources(p=1)),
            vp=(4, 4),
            range_per_level=1,
        ),
        buildings=_buildings(sh=_sh(10, 4, _income(p=[0, 1])), sa=_sa(6, 4)),
        stronghold=StrongholdBonus("carpet range +1", teleport_levels=1),
        ability="no shipping; carpet flight over cells for 1 P, +4 VP each flight",
    ),
    Faction(
        name="nomads",
        display_name="Nomads",
        board_id=2,
        home=Terrain.DESERT,
        start=_start(w=2),
        start_power=(5, 7, 0),
        start_cults=_cults(fire=1, earth=1),
        dwellings_at_setup=3,
        shipping=_SHIPPING,
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(sh=_sh(8, 4), sa=_sa(6, 4), tp=_TP_COINS),
        stronghold=StrongholdBonus(
            "action: sandstorm turns an adjacent hex into desert", action="ACTN"
        ),
        ability="start with 3 dwellings",
    ),
    # plains
    Faction(
        name="halflings",
        display_name="Halflings",
        board_id=9,
        home=Terrain.PLAINS,
        start=_start(),
        start_power=(3, 9, 0),
        start_cults=_cults(earth=1, air=1),
        dwellings_at_setup=2,
        shipping=_SHIPPING,
        digging=replace(_DIGGING, advance_cost=Resources(c=1, w=2, p=1)),
        teleport=None,
        buildings=_buildings(sh=_sh(8, 4), sa=_sa(6, 4)),
        stronghold=StrongholdBonus("3 spades at once (one dwelling may follow)", spades=3),
        ability="+1 VP per spade; cheap digging track",
        spade_gain=Resources(vp=1),
    ),
    Faction(
        name="cultists",
        display_name="Cultists",
        board_id=10,
        home=Terrain.PLAINS,
        start=_start(),
        start_power=(5, 7, 0),
        start_cults=_cults(fire=1, earth=1),
        dwellings_at_setup=2,
        shipping=_SHIPPING,
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(sh=_sh(8, 4), sa=_sa(8, 4)),
        stronghold=StrongholdBonus("+7 VP", gain=Resources(vp=7)),
        ability="1 cult step when opponents take power from their building",
        leech_accepted_cult_steps=1,
        # RULING: base rules give nothing when all decline; +1 PW is the errata option.
        leech_declined_power=1,
    ),
    # swamp
    Faction(
        name="alchemists",
        display_name="Alchemists",
        board_id=11,
        home=Terrain.SWAMP,
        start=_start(),
        start_power=(5, 7, 0),
        start_cults=_cults(fire=1, water=1),
        dwellings_at_setup=2,
        shipping=_SHIPPING,
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(sh=_sh(6, 4, _income(c=[0, 6])), sa=_sa(6, 4), tp=_TP_COINS),
        stronghold=StrongholdBonus(
            "+12 power now; +2 power per spade from then on", gain=Resources(pw=12)
        ),
        ability="philosopher's stone: 1 VP -> 1 C, 2 C -> 1 VP at any time",
        spade_gain_with_stronghold=Resources(pw=2),
        exchange_overrides=MappingProxyType({("C", "VP"): 2, ("VP", "C"): 1}),
    ),
    Faction(
        name="darklings",
        display_name="Darklings",
        board_id=12,
        home=Terrain.SWAMP,
        start=_start(w=1, p=1),
        start_power=(5, 7, 0),
        start_cults=_cults(water=1, earth=1),
        dwellings_at_setup=2,
        shipping=_SHIPPING,
        digging=DiggingTrack(
            max_level=0,
            spade_cost=(Resources(p=1),),
            advance_cost=None,
            advance_vp=(),
            vp_per_bought_spade=2,
        ),
        teleport=None,
        buildings=_buildings(sh=_sh(6, 4), sa=_sa(10, 4, _SA_2P)),
        stronghold=StrongholdBonus(
            "one-time exchange of up to 3 W into P, 1:1", workers_to_priests=3
        ),
        ability="spades cost 1 P each and give +2 VP; no digging track",
    ),
    # lakes
    Faction(
        name="mermaids",
        display_name="Mermaids",
        board_id=6,
        home=Terrain.LAKES,
        start=_start(),
        start_power=(3, 9, 0),
        start_cults=_cults(water=2),
        dwellings_at_setup=2,
        shipping=ShippingTrack(1, 5, Resources(c=4, p=1), (0, 2, 3, 4, 5)),
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(sh=_sh(6, 4, _income(pw=[0, 4])), sa=_sa(8, 4)),
        stronghold=StrongholdBonus("1 free shipping level (with its VP)", shipping=1),
        ability="shipping starts at 1; a town may jump one river cell",
        river_town_skip=1,
    ),
    Faction(
        name="swarmlings",
        display_name="Swarmlings",
        board_id=5,
        home=Terrain.LAKES,
        start=_start(c=20, w=8),
        start_power=(3, 9, 0),
        start_cults=_cults(1, 1, 1, 1),
        dwellings_at_setup=2,
        shipping=_SHIPPING,
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(
            d=_track(3, 2, _income(w=[2, 3, 4, 5, 6, 7, 8, 9, 9])),
            tp=_track(4, 3, _income(c=[0, 2, 4, 6, 9], pw=[0, 2, 4, 6, 8])),
            te=_track(6, 3, _income(p=[0, 1, 2, 3]), favor_tiles=1),
            sh=_sh(8, 5, _income(pw=[0, 4])),
            sa=_sa(8, 5, _SA_2P),
        ),
        stronghold=StrongholdBonus(
            "action: upgrade a dwelling to a trading house for free", action="ACTS"
        ),
        ability="+3 W per town founded; dearer buildings, more income",
        town_gain=Resources(w=3),
    ),
    # forest
    Faction(
        name="auren",
        display_name="Auren",
        board_id=13,
        home=Terrain.FOREST,
        start=_start(),
        start_power=(5, 7, 0),
        start_cults=_cults(water=1, air=1),
        dwellings_at_setup=2,
        shipping=_SHIPPING,
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(sh=_sh(6, 4), sa=_sa(8, 4)),
        stronghold=StrongholdBonus(
            "1 favor tile now; action: 2 steps on one cult track", action="ACTA", favor_tiles=1
        ),
        ability="none besides the stronghold",
    ),
    Faction(
        name="witches",
        display_name="Witches",
        board_id=14,
        home=Terrain.FOREST,
        start=_start(),
        start_power=(5, 7, 0),
        start_cults=_cults(air=2),
        dwellings_at_setup=2,
        shipping=_SHIPPING,
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(sh=_sh(6, 4), sa=_sa(6, 4)),
        stronghold=StrongholdBonus(
            "action: free dwelling on any unoccupied forest hex", action="ACTW"
        ),
        ability="+5 VP per town founded",
        town_gain=Resources(vp=5),
    ),
    # mountains
    Faction(
        name="dwarves",
        display_name="Dwarves",
        board_id=7,
        home=Terrain.MOUNTAINS,
        start=_start(),
        start_power=(5, 7, 0),
        start_cults=_cults(earth=2),
        dwellings_at_setup=2,
        shipping=None,
        digging=_DIGGING,
        teleport=Teleport(
            kind="tunnel",
            range=1,
            max_range=1,
            cost=(Resources(w=2), Resources(w=1)),
            vp=(4, 4),
            range_per_level=0,
        ),
        buildings=_buildings(
            sh=_sh(6, 4),
            sa=_sa(6, 4),
            tp=_track(3, 2, _income(c=[0, 3, 5, 7, 10], pw=[0, 1, 2, 4, 6])),
        ),
        stronghold=StrongholdBonus("tunnelling costs 1 W instead of 2", teleport_levels=1),
        ability="no shipping; tunnel through one cell for 2 W, +4 VP each tunnel",
    ),
    Faction(
        name="engineers",
        display_name="Engineers",
        board_id=8,
        home=Terrain.MOUNTAINS,
        start=_start(c=10, w=2),
        start_power=(3, 9, 0),
        start_cults=_cults(),
        dwellings_at_setup=2,
        shipping=_SHIPPING,
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(
            d=_track(1, 1, _income(w=[0, 1, 2, 2, 3, 4, 4, 5, 6])),
            tp=_track(2, 1, _income(c=[0, 2, 4, 6, 8], pw=[0, 1, 2, 4, 6])),
            te=_track(4, 1, _income(p=[0, 1, 1, 2], pw=[0, 0, 5, 5]), favor_tiles=1),
            sh=_sh(6, 3),
            sa=_sa(6, 3),
        ),
        stronghold=StrongholdBonus(
            "on passing, 3 VP per own bridge joining two own buildings", pass_vp_per_bridge=3
        ),
        ability="action: bridge for 2 W; cheap buildings, less income",
    ),
    # wasteland
    Faction(
        name="chaosmagicians",
        display_name="Chaos Magicians",
        board_id=3,
        home=Terrain.WASTELAND,
        start=_start(w=4),
        start_power=(5, 7, 0),
        start_cults=_cults(fire=2),
        dwellings_at_setup=1,
        shipping=_SHIPPING,
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(
            te=_track(5, 2, _income(p=[0, 1, 2, 3]), favor_tiles=2),
            sh=_sh(4, 4, _income(w=[0, 2])),
            sa=_sa(8, 4, favors=2),
        ),
        stronghold=StrongholdBonus("action: two actions in a row", action="ACTC"),
        ability="one dwelling, placed last; 2 favor tiles per temple and sanctuary",
    ),
    Faction(
        name="giants",
        display_name="Giants",
        board_id=4,
        home=Terrain.WASTELAND,
        start=_start(),
        start_power=(5, 7, 0),
        start_cults=_cults(fire=1, air=1),
        dwellings_at_setup=2,
        shipping=_SHIPPING,
        digging=_DIGGING,
        teleport=None,
        buildings=_buildings(sh=_sh(6, 4, _income(pw=[0, 4])), sa=_sa(6, 4)),
        stronghold=StrongholdBonus("action: 2 free spades on one hex", action="ACTG"),
        ability="always exactly 2 spades to make wasteland",
        fixed_home_spades=2,
    ),
)

#: All 14 base-game factions by Snellman name.
FACTIONS: Final[Mapping[str, Faction]] = MappingProxyType({f.name: f for f in _FACTION_LIST})
FACTION_NAMES: Final[tuple[str, ...]] = tuple(FACTIONS)


def _by_terrain() -> dict[Terrain, tuple[str, str]]:
    table: dict[Terrain, tuple[str, str]] = {}
    for terrain in Terrain:
        first, second = (f.name for f in _FACTION_LIST if f.home == terrain)
        table[terrain] = (first, second)
    return table


#: The two factions of each terrain (the two sides of one faction board colour).
FACTIONS_BY_TERRAIN: Final[Mapping[Terrain, tuple[str, str]]] = MappingProxyType(_by_terrain())
