"""Terra Mystica game state: plain mutable lists of ints, a cheap copy, a JSON round trip.

Seats are numbered in the order the factions were chosen.  Per-seat values are lists indexed
by seat; the map is three lists indexed by land hex (see :data:`HEX_INDEX`).  The rules live
in the chapter modules (``power``, ``cults``, ``terraform``, ``build``, ``towns``, ``income``,
``scoring``, ``actions``); this module only holds the data.
"""

from __future__ import annotations

from typing import Any, Final

from tabletop.engine import JSON
from tabletop.games.terra_mystica.data.board import LAND_HEXES, TERRAIN
from tabletop.games.terra_mystica.data.factions import FACTIONS, Faction

#: Land hex name -> index into the map lists.
HEX_INDEX: Final[dict[str, int]] = {h: i for i, h in enumerate(LAND_HEXES)}

#: Building codes on the map (0: empty).
NONE, D, TP, TE, SH, SA = 0, 1, 2, 3, 4, 5
BUILDING_CODES: Final[dict[str, int]] = {"D": D, "TP": TP, "TE": TE, "SH": SH, "SA": SA}
BUILDING_NAMES: Final[tuple[str, ...]] = ("", "D", "TP", "TE", "SH", "SA")
#: Power value of each building code (for leech and towns).
BUILDING_POWER: Final[tuple[int, ...]] = (0, 1, 2, 2, 3, 3)

# Phases
SETUP_FACTIONS: Final = "factions"  # factions being chosen (games played on the platform)
SETUP_DWELLINGS: Final = "dwellings"
SETUP_BONUS: Final = "bonus"
PLAY: Final = "play"
INCOME_SPADES: Final = "income-spades"  # cult-bonus spades being used before a round starts
OVER: Final = "over"


class TMState:
    """A game of Terra Mystica in progress (the data only)."""

    __slots__ = (
        "active",
        "bonus",
        "bonus_coins",
        "bowls",
        "bridges",
        "building",
        "c",
        "cult_spaces",
        "cults",
        "dig",
        "dropped",
        "factions",
        "favor_pool",
        "favors",
        "flags",
        "keys",
        "leech_offers",
        "log",
        "mains",
        "num_players",
        "options",
        "order",
        "owner",
        "p",
        "pass_order",
        "passed",
        "pending_favors",
        "pending_towns",
        "phase",
        "river_links",
        "round",
        "scoring",
        "ship",
        "spades",
        "teleport_to",
        "terrain",
        "town",
        "town_pool",
        "towns",
        "used_actions",
        "vp",
        "w",
    )

    def __init__(self, factions: list[str], options: list[str], scoring: list[str]) -> None:
        n = len(factions)
        self.num_players = n
        self.factions = list(factions)
        self.options = list(options)
        self.scoring = list(scoring)  # scoring tile of rounds 1..6
        self.round = 0
        self.phase = SETUP_DWELLINGS
        self.order = list(range(n))  # turn order of the current round
        self.pass_order: list[int] = []
        self.passed = [False] * n
        self.dropped = [False] * n
        # resources
        self.vp = [0] * n
        self.c = [0] * n
        self.w = [0] * n
        self.p = [0] * n
        self.bowls = [[0, 0, 0] for _ in range(n)]
        self.cults = [[0, 0, 0, 0] for _ in range(n)]
        self.ship = [0] * n
        self.dig = [0] * n
        self.keys = [0] * n
        self.spades = [0] * n  # free spades waiting to be used
        #: the hex reached by tunnel or carpet flight this turn (at most one a turn)
        self.teleport_to: list[str] = [""] * n
        self.favors: list[list[str]] = [[] for _ in range(n)]
        self.towns: list[list[str]] = [[] for _ in range(n)]
        self.bonus: list[str] = [""] * n
        self.pending_favors = [0] * n
        self.pending_towns = [0] * n
        #: per seat: flags such as "darkling-sh" (one-time conversion available)
        self.flags: list[list[str]] = [[] for _ in range(n)]
        # map
        self.terrain = [int(TERRAIN[h]) for h in LAND_HEXES]
        self.owner = [-1] * len(LAND_HEXES)
        self.building = [NONE] * len(LAND_HEXES)
        self.town = [False] * len(LAND_HEXES)  # the building belongs to a founded town
        self.bridges: list[list[Any]] = []  # [seat, hex, hex]
        self.river_links: list[list[Any]] = []  # Mermaids: [seat, river hex]
        # pools
        self.bonus_coins: dict[str, int] = {}  # bonus tiles nobody holds -> coins on them
        self.favor_pool: dict[str, int] = {}
        self.town_pool: dict[str, int] = {}
        self.cult_spaces = [[-1, -1, -1, -1] for _ in range(4)]  # seat on each priest space
        self.used_actions: list[str] = []  # power/faction/tile actions used this round
        self.leech_offers: list[list[int]] = []  # [from seat, to seat, amount, event]
        self.log: list[str] = []
        # the turn (games played on the platform; a ledger replay leaves them alone)
        self.active = -1  # seat whose turn it is in the action phase
        self.mains = 0  # main actions the active seat still has this turn

    # -- helpers ------------------------------------------------------------------------
    def faction(self, seat: int) -> Faction:
        return FACTIONS[self.factions[seat]]

    def seat_of(self, faction: str) -> int:
        return self.factions.index(faction)

    def count(self, seat: int, code: int) -> int:
        """Buildings of type ``code`` of ``seat`` on the map."""
        building = self.building
        return [building[i] for i in self.indices_of(seat)].count(code)

    def indices_of(self, seat: int) -> list[int]:
        """Map indices of the seat's buildings, in map order."""
        owner = self.owner
        found = []
        i = -1
        for _ in range(owner.count(seat)):  # list.index and count scan in C: few buildings
            i = owner.index(seat, i + 1)
            found.append(i)
        return found

    def hexes_of(self, seat: int) -> list[str]:
        return [LAND_HEXES[i] for i in self.indices_of(seat)]

    def has_option(self, name: str) -> bool:
        return name in self.options

    # -- copy and JSON ------------------------------------------------------------------
    def copy(self) -> TMState:
        """An independent copy (written out field by field: search copies a lot; a test
        checks that it covers every field)."""
        new = TMState.__new__(TMState)
        new.num_players = self.num_players
        new.round = self.round
        new.phase = self.phase
        new.active = self.active
        new.mains = self.mains
        new.factions = list(self.factions)
        new.options = list(self.options)
        new.scoring = list(self.scoring)
        new.order = list(self.order)
        new.pass_order = list(self.pass_order)
        new.passed = list(self.passed)
        new.dropped = list(self.dropped)
        new.vp = list(self.vp)
        new.c = list(self.c)
        new.w = list(self.w)
        new.p = list(self.p)
        new.ship = list(self.ship)
        new.dig = list(self.dig)
        new.keys = list(self.keys)
        new.spades = list(self.spades)
        new.teleport_to = list(self.teleport_to)
        new.bonus = list(self.bonus)
        new.pending_favors = list(self.pending_favors)
        new.pending_towns = list(self.pending_towns)
        new.terrain = list(self.terrain)
        new.owner = list(self.owner)
        new.building = list(self.building)
        new.town = list(self.town)
        new.used_actions = list(self.used_actions)
        new.log = list(self.log)
        new.bowls = [list(x) for x in self.bowls]
        new.cults = [list(x) for x in self.cults]
        new.favors = [list(x) for x in self.favors]
        new.towns = [list(x) for x in self.towns]
        new.flags = [list(x) for x in self.flags]
        new.bridges = [list(x) for x in self.bridges]
        new.river_links = [list(x) for x in self.river_links]
        new.cult_spaces = [list(x) for x in self.cult_spaces]
        new.leech_offers = [list(x) for x in self.leech_offers]
        new.bonus_coins = dict(self.bonus_coins)
        new.favor_pool = dict(self.favor_pool)
        new.town_pool = dict(self.town_pool)
        return new

    def to_json(self) -> JSON:
        data: dict[str, Any] = {}
        for name in _SCALARS + _LISTS:
            data[name] = getattr(self, name)
        for name in _DICTS:
            data[name] = dict(getattr(self, name))
        for name in _NESTED:
            data[name] = [list(x) for x in getattr(self, name)]
        return {k: (list(v) if isinstance(v, list) else v) for k, v in data.items()}

    @classmethod
    def from_json(cls, data: JSON) -> TMState:
        new = cls.__new__(cls)
        for name in _SCALARS:
            setattr(new, name, data[name])
        for name in _LISTS:
            setattr(new, name, list(data[name]))
        for name in _NESTED:
            setattr(new, name, [list(x) for x in data[name]])
        for name in _DICTS:
            setattr(new, name, dict(data[name]))
        return new


_SCALARS: Final = ("num_players", "round", "phase", "active", "mains")
_LISTS: Final = (
    "factions",
    "options",
    "scoring",
    "order",
    "pass_order",
    "passed",
    "dropped",
    "vp",
    "c",
    "w",
    "p",
    "ship",
    "dig",
    "keys",
    "spades",
    "teleport_to",
    "bonus",
    "pending_favors",
    "pending_towns",
    "terrain",
    "owner",
    "building",
    "town",
    "used_actions",
    "log",
)
_NESTED: Final = (
    "bowls",
    "cults",
    "favors",
    "towns",
    "flags",
    "bridges",
    "river_links",
    "cult_spaces",
    "leech_offers",
)
_DICTS: Final = ("bonus_coins", "favor_pool", "town_pool")
