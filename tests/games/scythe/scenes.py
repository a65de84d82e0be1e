"""Hand-built Scythe positions for rule tests: a bare board, units put by hex name."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.scythe.board import INDEX, RESOURCE_INDEX
from tabletop.games.scythe.data.factions import FACTIONS
from tabletop.games.scythe.state import NO_STRUCTURE, STRUCTURES, Board, Core, Player


def bare(
    factions: Sequence[str] = ("nordic", "rusviet"),
    mats: Sequence[str] = ("industrial", "engineering"),
) -> Core:
    """Players with their mats' starting tracks and an empty board.

    Unlike a real setup no worker has left its mat (all eight are on it), so
    :meth:`Core.workers_on_board` counts exactly what :func:`workers` put down.
    Characters wait on their home bases.
    """
    core = Core.__new__(Core)
    core.players = [Player(f, m) for f, m in zip(factions, mats, strict=True)]
    for p in core.players:
        p.workers_on_mat = 8
    core.board = Board(len(factions))
    return core


def pos(hex_: str) -> int:
    return INDEX[hex_]


def workers(core: Core, seat: int, hex_: str, n: int = 1) -> None:
    """Move ``n`` workers from the seat's mat onto ``hex_``."""
    core.board.workers[seat][pos(hex_)] += n
    core.players[seat].workers_on_mat -= n


def mechs(core: Core, seat: int, hex_: str, n: int = 1) -> None:
    """Deploy ``n`` more mechs (next abilities of the faction mat) onto ``hex_``."""
    p = core.players[seat]
    abilities = FACTIONS[p.faction].mech_abilities
    for _ in range(n):
        p.mechs.append(abilities[len(p.mechs)])
    core.board.mechs[seat][pos(hex_)] += n


def character(core: Core, seat: int, hex_: str) -> None:
    core.players[seat].char = pos(hex_)


def build(core: Core, seat: int, hex_: str, kind: str | None = None) -> None:
    """Build ``kind`` (default: the first structure still on the mat) on ``hex_``."""
    p = core.players[seat]
    k = STRUCTURES.index(kind) if kind else p.structures.index(NO_STRUCTURE)
    p.structures[k] = pos(hex_)
    core.board.structure[pos(hex_)] = seat * 4 + k


def resources(
    core: Core, hex_: str, *, food: int = 0, wood: int = 0, metal: int = 0, oil: int = 0
) -> None:
    """Add resource tokens to the pile on ``hex_``."""
    base = pos(hex_) * 4
    for name, n in (("food", food), ("wood", wood), ("metal", metal), ("oil", oil)):
        core.board.res[base + RESOURCE_INDEX[name]] += n
