"""The mutable state of a Scythe game: mats, board occupancy, decks, turn progress.

Plain lists and ints, copied by hand (:meth:`Board.copy`, :meth:`Player.copy`);
the rules live in the other modules of the package.  Everything a rule needs
about *who controls what* is here ("Kontrola území", "Suroviny").

Positions are the integers of :mod:`tabletop.games.scythe.board`.  Resources
lie on positions in piles of four counts (food, wood, metal, oil).
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Final

from tabletop.engine import JSON
from tabletop.games.scythe.board import (
    BASE,
    FACTORY,
    IS_BASE,
    POSITIONS,
    TERRITORY_COUNT,
)
from tabletop.games.scythe.data.factions import FACTIONS
from tabletop.games.scythe.data.mats import MATS, UPGRADE_SPACES, Column

#: Structures ("Budovy") and the top action each one improves.
STRUCTURES: Final = ("mine", "mill", "armory", "monument")
STRUCTURE_OF_TOP: Final = {
    "move": "mine",
    "produce": "mill",
    "trade": "armory",
    "bolster": "monument",
}
UPGRADE_KEYS: Final = tuple(UPGRADE_SPACES)
NO_STRUCTURE: Final = -1

#: Star categories ("Hvězdy"): six upgrades, four mechs, four structures, four
#: recruits, eight workers, an objective, combat victories, 18 popularity, 16 power.
STAR_CATEGORIES: Final = (
    "upgrades",
    "mechs",
    "structures",
    "recruits",
    "workers",
    "objective",
    "combat",
    "popularity",
    "power",
)

_TERRITORIES: Final = range(TERRITORY_COUNT)

#: Where a character is while it waits on its faction mat (only the Automa's,
#: after a lost battle): no position.
OFF_BOARD: Final = -1

MAX_POWER: Final = 16
MAX_POPULARITY: Final = 18


class Player:
    """One player's mats and supply (everything not on the board, plus the character)."""

    __slots__ = (
        "cards",
        "char",
        "coercion_used",
        "coins",
        "cubes",
        "faction",
        "factory",
        "last_section",
        "mat",
        "mechs",
        "objectives",
        "popularity",
        "power",
        "recruits",
        "stars",
        "structures",
        "upgraded",
        "workers_on_mat",
    )

    def __init__(self, faction: str, mat: str) -> None:
        f, m = FACTIONS[faction], MATS[mat]
        self.faction = faction
        self.mat = mat
        """The player mat; "" for the Automa, which has none."""
        self.coins = m.coins
        self.power = f.power
        self.popularity = m.popularity
        self.cards: list[int] = []
        """Combat card values in hand (hidden; their number is public)."""
        self.objectives: list[int] = []
        """Objective cards in hand (hidden)."""
        self.stars: list[str] = []
        """Star categories in the order the stars were placed."""
        self.upgraded: list[bool] = [False] * len(UPGRADE_KEYS)
        """Top-row spaces whose technology cube has been moved."""
        self.cubes: list[int] = [0] * 4
        """Cubes placed on each bottom action's cost (mat column order)."""
        self.mechs: list[str] = []
        """Mech abilities unlocked, in deployment order."""
        self.structures: list[int] = [NO_STRUCTURE] * 4
        """Position of each structure (STRUCTURES order), NO_STRUCTURE while on the mat."""
        self.recruits: dict[str, str] = {}
        """Bottom action -> one-time bonus, for every enlisted recruit."""
        self.workers_on_mat = 6
        self.factory = 0
        """The Factory card taken (0: none)."""
        self.last_section = -1
        """Mat section chosen last turn (0-3, 4 the Factory card, -1 none yet)."""
        self.char = BASE[faction]
        self.coercion_used = False

    # -- derived -----------------------------------------------------------------------
    @property
    def columns(self) -> tuple[Column, Column, Column, Column]:
        return MATS[self.mat].columns

    def bottom_cost(self, column: int) -> int:
        """What the bottom action of ``column`` costs now (printed minus cubes)."""
        return self.columns[column].cost - self.cubes[column]

    def upgrade_value(self, key: str) -> int:
        """A top-row reward: the printed value, or the upgraded one once its cube moved."""
        base, upgraded = UPGRADE_SPACES[key]
        return upgraded if self.upgraded[UPGRADE_KEYS.index(key)] else base

    def has(self, ability: str) -> bool:
        """Whether a mech ability (shared by the character and all mechs) is unlocked."""
        return ability in self.mechs

    def combat_stars(self) -> int:
        return self.stars.count("combat")

    def column_of_top(self, top: str) -> int:
        for i, column in enumerate(self.columns):
            if column.top == top:
                return i
        raise KeyError(top)

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.faction = self.faction
        new.mat = self.mat
        new.coins = self.coins
        new.power = self.power
        new.popularity = self.popularity
        new.cards = self.cards[:]
        new.objectives = self.objectives[:]
        new.stars = self.stars[:]
        new.upgraded = self.upgraded[:]
        new.cubes = self.cubes[:]
        new.mechs = self.mechs[:]
        new.structures = self.structures[:]
        new.recruits = dict(self.recruits)
        new.workers_on_mat = self.workers_on_mat
        new.factory = self.factory
        new.last_section = self.last_section
        new.char = self.char
        new.coercion_used = self.coercion_used
        return new

    def to_json(self) -> JSON:
        return {name: _plain(getattr(self, name)) for name in Player.__slots__}

    @staticmethod
    def from_json(data: JSON) -> Player:
        new = Player.__new__(Player)
        for name in Player.__slots__:
            value = data[name]
            setattr(new, name, dict(value) if isinstance(value, dict) else _plain(value))
        return new


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


class Board:
    """Who and what stands where.

    ``workers[seat][pos]`` and ``mechs[seat][pos]`` count units; characters are
    on :attr:`Player.char`.  ``res[pos * 4 + k]`` counts resource ``k`` on ``pos``;
    ``structure[pos]`` is ``seat * 4 + kind`` or ``NO_STRUCTURE``.
    """

    __slots__ = ("encounter", "mechs", "res", "structure", "workers")

    def __init__(self, seats: int) -> None:
        self.workers: list[list[int]] = [[0] * POSITIONS for _ in range(seats)]
        self.mechs: list[list[int]] = [[0] * POSITIONS for _ in range(seats)]
        self.res: list[int] = [0] * (POSITIONS * 4)
        self.structure: list[int] = [NO_STRUCTURE] * POSITIONS
        self.encounter: list[bool] = [False] * POSITIONS

    def copy(self) -> Board:
        new = Board.__new__(Board)
        new.workers = [row[:] for row in self.workers]
        new.mechs = [row[:] for row in self.mechs]
        new.res = self.res[:]
        new.structure = self.structure[:]
        new.encounter = self.encounter[:]
        return new

    def to_json(self) -> JSON:
        return {
            "workers": [row[:] for row in self.workers],
            "mechs": [row[:] for row in self.mechs],
            "res": self.res[:],
            "structure": self.structure[:],
            "encounter": self.encounter[:],
        }

    @staticmethod
    def from_json(data: JSON) -> Board:
        new = Board.__new__(Board)
        new.workers = [list(row) for row in data["workers"]]
        new.mechs = [list(row) for row in data["mechs"]]
        new.res = list(data["res"])
        new.structure = list(data["structure"])
        new.encounter = list(data["encounter"])
        return new

    def resources_at(self, pos: int) -> int:
        b = pos * 4
        r = self.res
        return r[b] + r[b + 1] + r[b + 2] + r[b + 3]


class Core:
    """Players and board, with the control rules every other module asks about."""

    __slots__ = ("board", "players")

    players: list[Player]
    board: Board

    # -- units ---------------------------------------------------------------------------
    def has_units(self, seat: int, pos: int) -> bool:
        b = self.board
        return bool(b.workers[seat][pos] or b.mechs[seat][pos] or self.players[seat].char == pos)

    def has_combat_units(self, seat: int, pos: int) -> bool:
        return bool(self.board.mechs[seat][pos] or self.players[seat].char == pos)

    def combat_units(self, seat: int, pos: int) -> int:
        return self.board.mechs[seat][pos] + (self.players[seat].char == pos)

    def enemy_units(self, seat: int, pos: int) -> bool:
        """Whether another seat has a character, mech or worker on ``pos``."""
        return any(self.has_units(s, pos) for s in range(len(self.players)) if s != seat)

    def enemy_combat_units(self, seat: int, pos: int) -> bool:
        return any(self.has_combat_units(s, pos) for s in range(len(self.players)) if s != seat)

    def mine_of(self, seat: int) -> int:
        """Where the seat's Mine works as a tunnel for its units, or -1."""
        return self.players[seat].structures[0]

    def structure_owner(self, pos: int) -> int:
        s = self.board.structure[pos]
        return -1 if s == NO_STRUCTURE else s >> 2

    # -- control ("Kontrola území") --------------------------------------------------------
    def controller(self, pos: int) -> int:
        """The seat controlling a territory, or -1.

        Units control; a structure controls only where no other seat has units.
        While a battle is pending two seats have units on one territory: the
        defender (who was there first) keeps control until it is decided.
        """
        if IS_BASE[pos]:
            return -1
        found = -1
        workers, mechs = self.board.workers, self.board.mechs
        for s, player in enumerate(self.players):
            if workers[s][pos] or mechs[s][pos] or player.char == pos:  # has_units, inlined
                if found == -1:
                    found = s
                else:
                    return self._defender_of(pos, found, s)
        if found != -1:
            return found
        return self.structure_owner(pos)

    def _defender_of(self, pos: int, a: int, b: int) -> int:
        # Overridden by the full state, which knows who is attacking this turn.
        return a

    def control_map(self) -> list[int]:
        """:meth:`controller` of every territory at once (one pass per seat)."""
        board = self.board
        ctrl = [-1] * TERRITORY_COUNT
        for s, player in enumerate(self.players):
            # compress runs in C and, zipped with the territories, skips the bases
            for row in (board.workers[s], board.mechs[s]):
                for p in compress(_TERRITORIES, row):
                    other = ctrl[p]
                    if other != s:
                        ctrl[p] = s if other == -1 else self._defender_of(p, other, s)
            p = player.char
            if 0 <= p < TERRITORY_COUNT:
                other = ctrl[p]
                if other != s:
                    ctrl[p] = s if other == -1 else self._defender_of(p, other, s)
        for s, player in enumerate(self.players):
            for p in player.structures:
                if p != NO_STRUCTURE and ctrl[p] == -1:
                    ctrl[p] = s
        return ctrl

    def controls(self, seat: int, pos: int) -> bool:
        """``controller(pos) == seat``, mostly decided without looking at other seats."""
        board = self.board
        if board.workers[seat][pos] or board.mechs[seat][pos] or self.players[seat].char == pos:
            if IS_BASE[pos]:
                return False
            for s, player in enumerate(self.players):
                if s != seat and (
                    board.workers[s][pos] or board.mechs[s][pos] or player.char == pos
                ):
                    return self.controller(pos) == seat  # contested: a battle is pending
            return True
        # Without units there, only through a structure nobody else stands on.
        return self.structure_owner(pos) == seat and self.controller(pos) == seat

    def controlled(self, seat: int) -> list[int]:
        """Territories ``seat`` controls, in position order."""
        ctrl = self.control_map()
        return [p for p in _TERRITORIES if ctrl[p] == seat]

    def controlled_resources(self, seat: int) -> list[int]:
        """Resource counts (food, wood, metal, oil) on territories ``seat`` controls."""
        total = [0, 0, 0, 0]
        res = self.board.res
        for p in self.controlled(seat):
            b = p * 4
            total[0] += res[b]
            total[1] += res[b + 1]
            total[2] += res[b + 2]
            total[3] += res[b + 3]
        return total

    def controlled_amount(self, seat: int, resource: int) -> int:
        """:meth:`controlled_resources` of one resource: asks only about the
        territories with such a pile, usually far fewer than a control map."""
        piles = self.board.res[resource::4]
        return sum(piles[p] for p in compress(_TERRITORIES, piles) if self.controls(seat, p))

    def controlled_piles(self, seat: int, resource: int) -> list[int]:
        """Territories ``seat`` controls with ``resource`` on them, in position order."""
        piles = self.board.res[resource::4]
        return [p for p in compress(_TERRITORIES, piles) if self.controls(seat, p)]

    def workers_on_board(self, seat: int) -> int:
        """Workers off the mat (on territories or back at a base)."""
        return 8 - self.players[seat].workers_on_mat

    def mechs_on_board(self, seat: int) -> int:
        if self.is_automa(seat):  # its mechs go back to its mat when they lose
            return sum(self.board.mechs[seat])
        return len(self.players[seat].mechs)

    def is_automa(self, seat: int) -> bool:
        """Whether the seat is played by the Automa (which has no player mat)."""
        return not self.players[seat].mat

    def structures_built(self, seat: int) -> int:
        return sum(1 for p in self.players[seat].structures if p != NO_STRUCTURE)

    def territory_count(self, seat: int) -> int:
        """Territories for final scoring: the Factory counts three, lakes count."""
        return sum(3 if p == FACTORY else 1 for p in self.controlled(seat))
