"""The 23 objective cards of the base game (rulebook "Úkoly").

:func:`objective_met` evaluates a card's condition on the position as it is
now.  Cards marked ``end_of_turn`` in
:data:`~tabletop.games.scythe.data.cards.OBJECTIVES` are only asked about at
the end of the owner's turn; that timing is the caller's business.

Terms, as the card texts use them: *workers* are the seat's workers off its
mat, *mechs* the mechs deployed, *upgrades* the technology cubes moved,
*recruits* the recruits enlisted, *structures* the structures built, and
*control* is :meth:`Core.controls` (units, or a structure with no enemy units).
The Mine is not a tunnel for card 2 (only printed tunnels are).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import Final

from tabletop.games.scythe.board import (
    ADJACENT,
    FACTORY,
    IS_TUNNEL,
    LAKES,
    TERRAIN,
    TERRITORY_COUNT,
)
from tabletop.games.scythe.state import NO_STRUCTURE, Core

#: A card's test: (core, seat, forced_retreat) -> met.
Check = Callable[[Core, int, bool], bool]

CHECKS: Final[dict[int, Check]] = {}
"""Objective number -> its condition."""


def _card(number: int) -> Callable[[Check], Check]:
    def register(check: Check) -> Check:
        CHECKS[number] = check
        return check

    return register


def objective_met(core: Core, seat: int, number: int, *, forced_retreat: bool) -> bool:
    """Whether ``seat`` meets objective ``number`` now.

    ``forced_retreat``: the seat forced an opponent's worker to retreat during
    this turn (card 6).  Unknown numbers (the promo cards 24-27) raise KeyError.
    """
    return CHECKS[number](core, seat, forced_retreat)


# -- shared counts -------------------------------------------------------------------------


_OF_TERRAIN: Final = {
    t: frozenset(p for p in range(TERRITORY_COUNT) if TERRAIN[p] == t) for t in set(TERRAIN)
}
_TUNNELS: Final = frozenset(p for p in range(TERRITORY_COUNT) if IS_TUNNEL[p])
_TERRITORIES: Final = range(TERRITORY_COUNT)


def _held(core: Core, seat: int) -> set[int]:
    """Territories with the seat's unit or structure: the only ones it may control."""
    b = core.board
    player = core.players[seat]
    held = {
        *compress(_TERRITORIES, b.workers[seat]),
        *compress(_TERRITORIES, b.mechs[seat]),
        *player.structures,
    }
    held.discard(NO_STRUCTURE)
    if 0 <= player.char < TERRITORY_COUNT:  # not on a base
        held.add(player.char)
    return held


def _controls_at_least(core: Core, seat: int, among: frozenset[int], n: int) -> bool:
    """Whether ``seat`` controls ``n`` or more of the territories ``among``.

    Only the territories it holds are asked about, one by one: fewer than a control map.
    """
    return _controls_n(core, seat, _held(core, seat) & among, n)


def _controls_n(core: Core, seat: int, candidates: set[int], n: int) -> bool:
    return len(candidates) >= n and sum(core.controls(seat, p) for p in candidates) >= n


def _upgrades(core: Core, seat: int) -> int:
    return sum(core.players[seat].upgraded)


def _tokens_on(core: Core, seat: int, pos: int) -> int:
    """The seat's character, workers, mechs and structure on ``pos``."""
    b = core.board
    return (
        b.workers[seat][pos]
        + b.mechs[seat][pos]
        + (core.players[seat].char == pos)
        + (core.structure_owner(pos) == seat)
    )


# -- the cards ------------------------------------------------------------------------------


@_card(1)
def _higher_ground(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control at least 3 mountain territories at the end of your turn.”"""
    return _controls_at_least(core, seat, _OF_TERRAIN["mountain"], 3)


@_card(2)
def _underworld(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control at least 3 tunnels at the end of your turn.”

    Printed tunnels only: the Mine acts as a tunnel for its owner's movement
    but is no tunnel territory.
    """
    return _controls_at_least(core, seat, _TUNNELS, 3)


@_card(3)
def _harvest(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control at least 3 farm territories at the end of your turn.”"""
    return _controls_at_least(core, seat, _OF_TERRAIN["farm"], 3)


@_card(4)
def _northern(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control at least 3 tundra territories at the end of your turn.”"""
    return _controls_at_least(core, seat, _OF_TERRAIN["tundra"], 3)


@_card(5)
def _king_of_the_hill(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control the Factory at the end of your turn and have the highest power
    of any player (ties are okay).”"""
    power = core.players[seat].power
    return core.controls(seat, FACTORY) and all(power >= p.power for p in core.players)


@_card(6)
def _send_one_back(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Force an opponent's worker to retreat and still have at least 7 power.”

    The retreat must have happened this turn; the power is checked after the
    combat's dial was paid.
    """
    return forced_retreat and core.players[seat].power >= 7


@_card(7)
def _machine_over_muscle(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have 1 Factory card, at least 1 mech, and no more than 3 workers.”"""
    return (
        core.players[seat].factory != 0
        and core.mechs_on_board(seat) >= 1
        and core.workers_on_board(seat) <= 3
    )


@_card(8)
def _common_man(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have $2 or less, at least 4 workers, and at least 7 popularity.”"""
    p = core.players[seat]
    return p.coins <= 2 and core.workers_on_board(seat) >= 4 and p.popularity >= 7


@_card(9)
def _stockpile(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control a territory with 9 or more resource tokens (at least 1 of each
    type) on it at the end of your turn.”"""
    res = core.board.res
    for p in _held(core, seat):
        pile = res[p * 4 : p * 4 + 4]
        if sum(pile) >= 9 and min(pile) >= 1 and core.controls(seat, p):
            return True
    return False


@_card(10)
def _woodland(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control at least 3 forest territories at the end of your turn.”"""
    return _controls_at_least(core, seat, _OF_TERRAIN["forest"], 3)


@_card(11)
def _population(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control at least 3 village territories at the end of your turn.”"""
    return _controls_at_least(core, seat, _OF_TERRAIN["village"], 3)


@_card(12)
def _get_rich(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have at least $20 at the end of your turn.”"""
    return core.players[seat].coins >= 20


@_card(13)
def _foundations(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have at least 6 of your tokens (i.e., character, workers, mechs, and
    structures) on 1 territory.”

    Territories only (a home base is none); control is not required.
    """
    return any(_tokens_on(core, seat, p) >= 6 for p in _held(core, seat))


@_card(14)
def _hedge_your_bets(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have at least 1 upgrade, 1 mech, 1 structure, 1 recruit, and 1 of each
    resource at the end of your turn.”

    Resources count where the seat controls them.
    """
    return (
        _upgrades(core, seat) >= 1
        and core.mechs_on_board(seat) >= 1
        and core.structures_built(seat) >= 1
        and len(core.players[seat].recruits) >= 1
        and min(core.controlled_resources(seat)) >= 1
    )


@_card(15)
def _balanced_workforce(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have the same number of workers and recruits.”"""
    return core.workers_on_board(seat) == len(core.players[seat].recruits)


@_card(16)
def _wolf_among_sheep(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control a territory with your character, exactly 1 mech, exactly 1
    worker, and at least 5 resources at the end of your turn.”

    Resources of any types, in total.
    """
    pos = core.players[seat].char
    b = core.board
    return (
        pos < TERRITORY_COUNT
        and core.controls(seat, pos)
        and b.mechs[seat][pos] == 1
        and b.workers[seat][pos] == 1
        and b.resources_at(pos) >= 5
    )


@_card(17)
def _divide_and_conquer(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have 0 Factory cards and control at least 2 territories adjacent to the
    Factory at the end of your turn.”"""
    near = sum(1 for p in ADJACENT[FACTORY] if core.controls(seat, p))
    return core.players[seat].factory == 0 and near >= 2


@_card(18)
def _beloved_pacifist(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have 0 power, at least 13 popularity, and at least 5 workers.”"""
    p = core.players[seat]
    return p.power == 0 and p.popularity >= 13 and core.workers_on_board(seat) >= 5


@_card(19)
def _shore_up(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control at least 5 territories surrounding the same lake at the end of
    your turn.”

    Surrounding = adjacent to the lake (the Factory counts when it borders it).
    """
    held = _held(core, seat)
    return len(held) >= 5 and any(
        _controls_n(core, seat, held & ADJACENT[lake], 5) for lake in LAKES
    )


@_card(20)
def _permanent_foothold(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Build at least 3 structures, have at least 7 popularity, and have 0 mechs.”"""
    return (
        core.structures_built(seat) >= 3
        and core.players[seat].popularity >= 7
        and core.mechs_on_board(seat) == 0
    )


@_card(21)
def _monopolize(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Control at least 9 tokens of the same resource at the end of your turn.”

    Over all controlled territories together.
    """
    # What lies where the seat holds something bounds what it controls.
    res = core.board.res
    bound = [0, 0, 0, 0]
    for p in _held(core, seat):
        for r in range(4):
            bound[r] += res[p * 4 + r]
    if max(bound) < 9:
        return False
    return max(core.controlled_resources(seat)) >= 9


@_card(22)
def _tech_breakthrough(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have 1 Factory card and 0 upgrades.”"""
    return core.players[seat].factory != 0 and _upgrades(core, seat) == 0


@_card(23)
def _tactical_mastery(core: Core, seat: int, forced_retreat: bool) -> bool:
    """“Have 8 or more combat cards in hand and at least 1 combat victory star.”"""
    p = core.players[seat]
    return len(p.cards) >= 8 and p.combat_stars() >= 1
