"""The flow of a game of Brian Boru: run the automatic steps of the task stack until a
decision is needed, and dispatch each decision to the chapter module that rules it."""

from __future__ import annotations

from typing import cast

from tabletop.engine import Action, Seat
from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru import draft, setup, tricks, upkeep
from tabletop.games.brian_boru.actions import BBAction
from tabletop.games.brian_boru.flow import (
    T_BATTLE,
    T_CHURCH1,
    T_CHURCH2,
    T_CHURCH3,
    T_CLAIMS,
    T_COURT_FIX,
    T_DRAFT,
    T_END_ROUND,
    T_MARRIAGE,
    T_MONK,
    T_PREP,
    T_RAZE,
    T_RESOLVE,
    T_SPOILS,
    T_START,
    T_SYMBOL,
    T_TRACK,
    T_TRICK,
)
from tabletop.games.brian_boru.state import BBState


def to_move(s: BBState) -> list[Seat]:
    d = s.decision
    if d is None:
        return []
    if d[0] == A.PICK:
        return [seat for seat in range(s.num_players) if not s.picked[seat]]
    return [d[1]]


def legal(s: BBState, seat: Seat) -> list[Action]:
    d = s.decision
    if d is None:
        return []
    if d[0] == A.PICK:
        moves = [] if s.picked[seat] else draft.legal_picks(s, seat)
    elif d[1] != seat:
        return []
    else:
        moves = _LEGAL[d[0]](s, d)
    return cast("list[Action]", moves)  # lists are invariant; BBAction is an Action


def advance(s: BBState) -> None:
    """Run automatic steps until a decision is needed or the game ends.

    A decision with a single legal answer is taken automatically (and logged as
    forced), so that players and bots only see real choices.
    """
    tasks = s.tasks
    while True:
        while s.decision is None:
            if not tasks:
                return
            task = tasks.pop()
            _HANDLERS[task[0]](s, task)
        d = s.decision
        if d[0] == A.PICK:
            return
        moves = _LEGAL[d[0]](s, d)
        if len(moves) != 1:
            s._legal_cache = {d[1]: cast("list[Action]", moves)}
            return
        s.say(f"P{d[1] + 1}: {moves[0].text} (forced: the only choice)")
        decide(s, d[1], moves[0])


def decide(s: BBState, seat: Seat, action: BBAction) -> None:
    """Carry out the answer to the pending decision."""
    _DECIDE[action.kind](s, seat, action)


_HANDLERS = {
    T_START: setup.task_start,
    T_PREP: setup.task_prep,
    T_DRAFT: draft.task_draft,
    T_TRICK: tricks.task_trick,
    T_RESOLVE: tricks.task_resolve,
    T_SYMBOL: tricks.task_symbol,
    T_COURT_FIX: tricks.task_court_fix,
    T_MARRIAGE: upkeep.task_marriage,
    T_TRACK: upkeep.task_track,
    T_BATTLE: upkeep.task_battle,
    T_RAZE: upkeep.task_raze,
    T_SPOILS: upkeep.task_spoils,
    T_CHURCH1: upkeep.task_church1,
    T_CHURCH2: upkeep.task_church2,
    T_CHURCH3: upkeep.task_church3,
    T_MONK: upkeep.task_monk,
    T_CLAIMS: upkeep.task_claims,
    T_END_ROUND: upkeep.task_end_round,
}

_LEGAL = {
    A.START: setup.legal_start,
    A.LEAD: tricks.legal_lead,
    A.PLAY: tricks.legal_play,
    A.OPTION: tricks.legal_option,
    A.BUY: tricks.legal_buy,
    A.EXPAND: tricks.legal_expand,
    A.FREE: tricks.legal_free,
    A.PLACE: upkeep.legal_place,
    A.PRINCESS: upkeep.legal_princess,
    A.RAZE: upkeep.legal_raze,
    A.MONASTERY: upkeep.legal_monastery,
}

_DECIDE = {
    A.START: setup.decide_start,
    A.PICK: draft.decide_pick,
    A.LEAD: tricks.decide_lead,
    A.PLAY: tricks.decide_play,
    A.OPTION: tricks.decide_option,
    A.BUY: tricks.decide_buy,
    A.EXPAND: tricks.decide_expand,
    A.FREE: tricks.decide_free,
    A.PLACE: upkeep.decide_place,
    A.PRINCESS: upkeep.decide_princess,
    A.RAZE: upkeep.decide_raze,
    A.MONASTERY: upkeep.decide_monastery,
}
