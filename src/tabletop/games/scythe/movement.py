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


def step_targets(
    core: Core,
    seat: int,
    kind: str,
    pos: int,
    inactive_bases: tuple[int, ...],
    enemy: set[int] | None = None,
) -> list[int]:
    """Positions one step away for ``seat``'s unit of ``kind`` on ``pos``, in position order.

    Entry restrictions are applied here (workers never enter a territory with
    another seat's units nor leave one with another seat's character or mech;
    nobody enters a base except by Wayfare); stopping is :func:`stops_on`.
    """
    player = core.players[seat]
    fighter = kind != WORKER
    if kind == WORKER and (IS_LAKE[pos] or core.enemy_combat_units(seat, pos)):
        return []  # a worker leaves a lake only in a mech; it never leaves a battle
    found: set[int] = set()
    if IS_BASE[pos]:
        found.update(BASE_EXITS[pos])
        if fighter and player.has("wayfare") and pos == BASE[player.faction]:
            # Wayfare: "z libovolného území nebo vaší základny" to an inactive base.
            found.update(inactive_bases)
    else:
        faction = FACTIONS[player.faction]
        riverwalk = faction.riverwalk if fighter and player.has("riverwalk") else ()
        lakes_ok = fighter and (player.has("seaworthy") or player.has("submerge"))
        swim = kind == WORKER and player.faction == "nordic"
        for j, river in NEIGHBOURS[pos]:
            if IS_LAKE[j] and not lakes_ok:
                continue
            if river and not (swim or TERRAIN[j] in riverwalk):
                continue
            found.add(j)
        mine = core.mine_of(seat)
        if IS_TUNNEL[pos] or pos == mine:
            found.update(TUNNELS)
            if mine >= 0:
                found.add(mine)
        if fighter:
            _special(core, seat, pos, found, inactive_bases)
    found.discard(pos)
    if kind == WORKER:
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
    board = core.board
    workers = board.workers[seat][pos] if kind == MECH else 0
    if IS_BASE[pos]:
        piles = (0, 0, 0, 0)
    else:
        b = pos * 4
        piles = (board.res[b], board.res[b + 1], board.res[b + 2], board.res[b + 3])
    if must_take_all:
        return [(workers, *piles)]
    ranges = [range(workers + 1)] + [range(n + 1) for n in piles]
    return [tuple(c) for c in product(*ranges)]


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
