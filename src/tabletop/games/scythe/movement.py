"""Where a unit may step, what it may carry, where it must stop (rulebook "Pohyb").

One *step* moves one unit to an adjacent territory.  Adjacency is the board's,
widened by tunnels and the owner's Mine (for every unit), by the mech abilities
the character and mechs share (Riverwalk, Seaworthy, Submerge, Township,
Underpass, Wayfare), and by Nordic workers' Swim.  A unit normally takes one
step; Speed gives the character and mechs a second, the Factory card's move
lets one unit take two (three with Speed).
"""

from __future__ import annotations

from itertools import product
from typing import Final

from tabletop.games.scythe.board import (
    BASE,
    BASE_EXITS,
    FACTORY,
    IS_BASE,
    IS_LAKE,
    IS_TUNNEL,
    LAKES,
    NEIGHBOURS,
    RESOURCES,
    TERRAIN,
    TERRITORY_COUNT,
    TUNNELS,
)
from tabletop.games.scythe.data.factions import FACTIONS
from tabletop.games.scythe.state import Core

CHARACTER: Final = "character"
MECH: Final = "mech"
WORKER: Final = "worker"
KINDS: Final = (CHARACTER, MECH, WORKER)

_VILLAGES: Final = tuple(p for p in range(TERRITORY_COUNT) if TERRAIN[p] == "village")
_MOUNTAINS: Final = tuple(p for p in range(TERRITORY_COUNT) if TERRAIN[p] == "mountain")


#: Abilities that add steps beyond the plain neighbours (:func:`_special`).
_SPECIAL: Final = frozenset(("submerge", "township", "underpass", "wayfare"))

#: (lakes allowed, swim, riverwalk terrains) -> for every position, its plain
#: steps: the neighbours reached without tunnels, the Mine or special abilities.
_PLAIN: dict[tuple[bool, bool, tuple[str, ...]], tuple[tuple[int, ...], ...]] = {}


def _plain_steps(
    lakes_ok: bool, swim: bool, riverwalk: tuple[str, ...]
) -> tuple[tuple[int, ...], ...]:
    key = (lakes_ok, swim, riverwalk)
    table = _PLAIN.get(key)
    if table is None:
        table = _PLAIN[key] = tuple(
            tuple(
                j
                for j, river in NEIGHBOURS[pos]
                if (lakes_ok or not IS_LAKE[j]) and (not river or swim or TERRAIN[j] in riverwalk)
            )
            for pos in range(len(NEIGHBOURS))
        )
    return table


def step_targets(
    core: Core,
    seat: int,
    kind: str,
    pos: int,
    inactive_bases: tuple[int, ...],
    enemy: set[int] | None = None,
    fighters: set[int] | None = None,
) -> list[int]:
    """Positions one step away for ``seat``'s unit of ``kind`` on ``pos``, in position order.

    Entry restrictions are applied here (workers never enter a territory with
    another seat's units nor leave one with another seat's character or mech;
    nobody enters a base except by Wayfare); stopping is :func:`stops_on`.
    ``inactive_bases`` matter only with Wayfare; ``enemy`` and ``fighters``, if
    given, are the positions with other seats' units and characters or mechs.
    """
    return Mover(core, seat, inactive_bases, enemy, fighters).targets(kind, pos)


class Mover:
    """:func:`step_targets` for the units of one seat, with what they share (the
    seat's abilities and Mine, the other seats' units) worked out once: a
    listing of moves asks about every unit.  Valid while nothing changes."""

    __slots__ = (
        "core",
        "enemy",
        "fighter_plain",
        "fighters",
        "inactive_bases",
        "mine",
        "seat",
        "special",
        "worker_plain",
    )

    def __init__(
        self,
        core: Core,
        seat: int,
        inactive_bases: tuple[int, ...],
        enemy: set[int] | None = None,
        fighters: set[int] | None = None,
    ) -> None:
        player = core.players[seat]
        mechs = player.mechs
        riverwalk = FACTIONS[player.faction].riverwalk if "riverwalk" in mechs else ()
        lakes_ok = "seaworthy" in mechs or "submerge" in mechs
        self.core = core
        self.seat = seat
        self.inactive_bases = inactive_bases
        self.enemy = enemy
        self.fighters = fighters
        self.fighter_plain = _plain_steps(lakes_ok, False, riverwalk)
        self.worker_plain = _plain_steps(False, player.faction == "nordic", ())
        self.special = not _SPECIAL.isdisjoint(mechs)
        self.mine = core.mine_of(seat)

    def targets(self, kind: str, pos: int) -> list[int]:
        core, seat, enemy = self.core, self.seat, self.enemy
        fighter = kind != WORKER
        if not fighter:
            if IS_LAKE[pos]:
                return []  # a worker leaves a lake only in a mech
            fighters = self.fighters
            if pos in fighters if fighters is not None else core.enemy_combat_units(seat, pos):
                return []  # nor a battle
        mine = self.mine
        if IS_BASE[pos]:
            player = core.players[seat]
            found = set(BASE_EXITS[pos])
            if fighter and player.has("wayfare") and pos == BASE[player.faction]:
                # Wayfare: "z libovolného území nebo vaší základny" to an inactive base.
                found.update(self.inactive_bases)
        else:
            steps = (self.fighter_plain if fighter else self.worker_plain)[pos]
            if not IS_TUNNEL[pos] and pos != mine and not (fighter and self.special):
                # The common case: the plain neighbours, already sorted (never ``pos``).
                if fighter:
                    return list(steps)
                if enemy is not None:
                    return [p for p in steps if p not in enemy]
                return [p for p in steps if not core.enemy_units(seat, p)]
            found = set(steps)
            if IS_TUNNEL[pos] or pos == mine:
                found.update(TUNNELS)
                if mine >= 0:
                    found.add(mine)
            if fighter:
                _special(core, seat, pos, found, self.inactive_bases)
        found.discard(pos)
        if not fighter:
            if enemy is not None:  # the positions with other seats' units, known already
                return sorted(found - enemy)
            return sorted(p for p in found if not core.enemy_units(seat, p))
        return sorted(found)


def _special(
    core: Core, seat: int, pos: int, found: set[int], inactive_bases: tuple[int, ...]
) -> None:
    """The faction movement abilities of the character and mechs."""
    player = core.players[seat]
    if player.has("submerge") and IS_LAKE[pos]:
        found.update(LAKES)
    # Control is computed once per legal-move listing (the state memoizes it).
    ctrl = core.control_map() if player.has("township") or player.has("underpass") else []
    if player.has("township") and (
        pos == FACTORY or (TERRAIN[pos] == "village" and ctrl[pos] == seat)
    ):
        found.add(FACTORY)
        found.update(v for v in _VILLAGES if ctrl[v] == seat)
    if player.has("underpass"):
        mine = core.mine_of(seat)
        hubs = [m for m in _MOUNTAINS if ctrl[m] == seat]
        hubs.extend(TUNNELS)
        if mine >= 0:
            hubs.append(mine)
        if pos in hubs:
            found.update(hubs)
    if player.has("wayfare"):
        found.update(inactive_bases)
        found.add(BASE[player.faction])


def stops_on(core: Core, seat: int, kind: str, pos: int) -> bool:
    """Whether a unit's move ends on entering ``pos`` (another seat's units; the
    character on an encounter token)."""
    if core.enemy_units(seat, pos):
        return True
    return kind == CHARACTER and core.board.encounter[pos]


def cargo_options(
    core: Core, seat: int, kind: str, pos: int, must_take_all: bool
) -> list[tuple[int, ...]]:
    """What a unit may take along from ``pos``: ``(workers, food, wood, metal, oil)``.

    Mechs carry workers and resources, the character and workers only
    resources ("Jednotky a suroviny").  Resources left in a base are out of
    play, so nothing is carried out of a base.  When the unit leaves a lake
    that keeps no other character or mech of its owner, everything goes along
    (nothing stays alone on a lake).
    """
    most = cargo_at(core, seat, kind, pos)
    if must_take_all:
        return [most]
    return [tuple(c) for c in product(*[range(n + 1) for n in most])]


def cargo_at(core: Core, seat: int, kind: str, pos: int) -> tuple[int, ...]:
    """The most a unit may take along from ``pos`` (see :func:`cargo_options`)."""
    board = core.board
    workers = board.workers[seat][pos] if kind == MECH else 0
    if IS_BASE[pos]:
        return (workers, 0, 0, 0, 0)
    b = pos * 4
    return (workers, board.res[b], board.res[b + 1], board.res[b + 2], board.res[b + 3])


def cargo_text(cargo: tuple[int, ...]) -> str:
    """``carry w2 food1`` style text; ``carry nothing`` when empty.

    >>> cargo_text((2, 1, 0, 0, 3)), cargo_text((0, 0, 0, 0, 0))
    ('carry w2 food1 oil3', 'carry nothing')
    """
    parts = [f"w{cargo[0]}"] if cargo[0] else []
    parts.extend(f"{RESOURCES[k]}{n}" for k, n in enumerate(cargo[1:]) if n)
    return "carry " + (" ".join(parts) if parts else "nothing")


def parse_cargo(words: list[str]) -> tuple[int, ...]:
    """Inverse of :func:`cargo_text` (the words after ``carry``)."""
    cargo = [0, 0, 0, 0, 0]
    for word in words:
        if word == "nothing":
            continue
        if word[0] == "w" and word[1:].isdigit():
            cargo[0] = int(word[1:])
            continue
        for k, r in enumerate(RESOURCES):
            if word.startswith(r) and word[len(r) :].isdigit():
                cargo[k + 1] = int(word[len(r) :])
                break
        else:
            raise ValueError(word)
    return tuple(cargo)
