"""The flow of a game: setup steps, rounds (income, actions, cult bonus, cleanup), the end."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.games.terra_mystica.cults import can_step
from tabletop.games.terra_mystica.data.common import ROUNDS
from tabletop.games.terra_mystica.data.tiles import BONUS_TILE_COIN_PER_ROUND
from tabletop.games.terra_mystica.income import cult_bonus, pay_income
from tabletop.games.terra_mystica.scoring import final_scoring
from tabletop.games.terra_mystica.setup import dwellings_done
from tabletop.games.terra_mystica.state import (
    INCOME_SPADES,
    OVER,
    PLAY,
    SETUP_BONUS,
    SETUP_DWELLINGS,
    TMState,
)

#: Called with ("cult" | "income" | "final", seat) after each automatic step of a seat.
Observer = Callable[[str, int], None]

OPTION_VARIABLE_TURN_ORDER = "variable-turn-order"


def advance(state: TMState, observer: Observer | None = None) -> None:
    """Run the automatic steps until a decision is needed."""
    while True:
        if state.phase == SETUP_DWELLINGS and dwellings_done(state):
            state.phase = SETUP_BONUS
        elif state.phase == SETUP_BONUS and all(
            tile or out for tile, out in zip(state.bonus, state.dropped, strict=True)
        ):
            state.pass_order = list(range(state.num_players))
            _start_round(state, observer)
        elif state.phase == PLAY and all(state.passed) and not _waiting(state):
            _end_round(state, observer)
        elif state.phase == INCOME_SPADES and not any(state.spades) and not _waiting(state):
            _start_round(state, observer)
        else:
            return


def _waiting(state: TMState) -> bool:
    """Decisions that must be taken before the round can end (power offers, cult steps)."""
    if state.leech_offers:
        return True
    return any(
        f.startswith("cult-step") and any(can_step(state, seat, c) for c in range(4))
        for seat, flags in enumerate(state.flags)
        for f in flags
    )


def _end_round(state: TMState, observer: Observer | None) -> None:
    if state.round >= ROUNDS:
        final_scoring(state)
        state.phase = OVER
        if observer:
            for seat in range(state.num_players):
                observer("final", seat)
        return
    state.order = _next_order(state)  # cult-bonus spades are used in the next round's order
    for seat in _round_order(state):
        cult_bonus(state, seat, state.round)
        if state.dropped[seat]:
            state.spades[seat] = 0  # nobody will use them
        if observer:
            observer("cult", seat)
    state.phase = INCOME_SPADES


def _start_round(state: TMState, observer: Observer | None) -> None:
    state.round += 1
    for seat in _round_order(state):
        state.spades[seat] = 0
        pay_income(state, seat)
        if observer:
            observer("income", seat)
    for tile in state.bonus_coins:
        state.bonus_coins[tile] += BONUS_TILE_COIN_PER_ROUND
    state.used_actions = []
    state.passed = list(state.dropped)
    state.order = _next_order(state)
    state.pass_order = []
    state.phase = PLAY


def _next_order(state: TMState) -> list[int]:
    """The next round's turn order: the order of passing (``variable-turn-order``), else
    clockwise from the first to pass (rulebook, passing: "Kdo vystoupí jako první, bude v
    následujícím kole začínajícím hráčem")."""
    if state.has_option(OPTION_VARIABLE_TURN_ORDER):
        return _round_order(state)
    if not state.pass_order:
        return state.order
    first = state.pass_order[0]
    return [(first + k) % state.num_players for k in range(state.num_players)]


def _round_order(state: TMState) -> list[int]:
    """The seats in pass order, then those that dropped out without passing: a dropped
    faction counts as passed in every round but still gets income and cult bonuses (see
    docs/rulings.md)."""
    order = list(state.pass_order)
    return order + [s for s in state.order if state.dropped[s] and s not in order]
