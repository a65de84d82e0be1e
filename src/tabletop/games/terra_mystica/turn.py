"""Whose decision it is, and playing one move, for a game played on the platform.

A ledger replay (:mod:`.replay`) executes the commands in the ledger's order; a game played
here must also know who is to move (rulebook, phase II: one action each, clockwise from the
start player, until all have passed).  The order of decisions at any moment:

1. power offered to neighbours, oldest offer first (the neighbours answer right away);
2. a cult step owed to the Cultists by their neighbours' answers;
3. in setup: the faction choices, the initial dwellings, the bonus tiles;
4. after a round: the seats holding cult-bonus spades, in the next round's order;
5. otherwise the active seat: its main action, the decisions it leads to, free
   conversions, then ``done`` (``pass`` ends the turn by itself).
"""

from __future__ import annotations

from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.actions import begin_turn, execute
from tabletop.games.terra_mystica.cults import can_climb
from tabletop.games.terra_mystica.data.tiles import FACTION_ACTIONS, POWER_ACTIONS
from tabletop.games.terra_mystica.flow import OPTION_VARIABLE_TURN_ORDER, Observer
from tabletop.games.terra_mystica.flow import advance as advance_flow
from tabletop.games.terra_mystica.legal import (
    ACTED,
    DIG_OK,
    DWELLING,
    OPTIONAL_FLAGS,
    TRANSFORMED,
    follow_ups,
    has_follow_ups,
    income_spade_choices,
    leech_choices,
    mandatory,
    setup_choices,
    turn_choices,
)
from tabletop.games.terra_mystica.setup import choose_faction, chooser, dwelling_order
from tabletop.games.terra_mystica.state import (
    INCOME_SPADES,
    OVER,
    PLAY,
    SETUP_BONUS,
    SETUP_DWELLINGS,
    SETUP_FACTIONS,
    SH,
    TMState,
)

_SPADE_ACTIONS = frozenset(
    [name for name, a in POWER_ACTIONS.items() if a.spades]
    + [name for name, a in FACTION_ACTIONS.items() if a.spades or a.free_transform_adjacent]
    + ["BON1"]
)


def to_move(state: TMState) -> int:
    """The seat whose decision is awaited (-1 when the game is over)."""
    phase = state.phase
    if phase == OVER:
        return -1
    for _source, target, _amount, _event in state.leech_offers:
        return target
    for seat in range(state.num_players):
        if seat != state.active and any(f.startswith("cult-step") for f in state.flags[seat]):
            return seat
    if phase == SETUP_FACTIONS:
        return chooser(state)
    if phase == SETUP_DWELLINGS:
        placed = sum(1 for o in state.owner if o >= 0)
        return dwelling_order(state)[placed]
    if phase == SETUP_BONUS:
        return max(s for s in range(state.num_players) if not state.bonus[s])
    if phase == INCOME_SPADES:
        return next(s for s in state.order if state.spades[s] > 0)
    return state.active


def choices(state: TMState, seat: int) -> list[N.Command]:
    """Every legal move of ``seat`` (empty when it is not to move)."""
    if seat != to_move(state):
        return []
    if state.leech_offers:
        return leech_choices(state, seat)
    if seat != state.active and state.phase in (PLAY, INCOME_SPADES):
        owed = mandatory(state, seat)  # the Cultists' step after their neighbours' answers
        if owed:
            return owed
    if state.phase in (SETUP_FACTIONS, SETUP_DWELLINGS, SETUP_BONUS):
        return setup_choices(state, seat)
    if state.phase == INCOME_SPADES:
        return income_spade_choices(state, seat)
    return turn_choices(state, seat)


def play(state: TMState, seat: int, command: N.Command, observer: Observer | None = None) -> None:
    """Apply a legal move of ``seat`` (see :func:`choices`) and run the automatic steps
    (``observer`` is told of each, see :func:`.flow.advance`)."""
    phase = state.phase
    if phase == SETUP_FACTIONS:
        assert isinstance(command, N.Setup) and command.faction
        choose_faction(state, seat, command.faction)
        if all(state.factions):
            state.phase = SETUP_DWELLINGS
        return
    if isinstance(command, N.Done):
        if phase == INCOME_SPADES:
            state.spades[seat] = 0
        else:
            _end_turn(state, seat)
    elif phase == PLAY and seat == state.active and is_main(state, seat, command):
        _main(state, seat, command)
    elif phase == PLAY and isinstance(command, N.Build) and DWELLING in state.flags[seat]:
        _dwelling(state, seat, command.hex)
    else:
        execute(state, seat, command, auto=False)
        if isinstance(command, N.Transform) and phase == PLAY:
            _transformed(state, seat)
    _tidy(state)
    _advance(state, observer)


def is_main(state: TMState, seat: int, command: N.Command) -> bool:
    """True if ``command`` starts a new main action (rather than following one up)."""
    if state.mains <= 0 or state.leech_offers:
        return False
    if isinstance(command, (N.Burn, N.Leech, N.Decline, N.Favor, N.Town, N.CultStep, N.Done)):
        return False
    if isinstance(command, N.Convert):
        return False
    return not has_follow_ups(state, seat) or command not in follow_ups(state, seat)


def _main(state: TMState, seat: int, command: N.Command) -> None:
    """A main action: earlier optional follow-ups lapse; its own may follow."""
    flags = state.flags[seat]
    flags[:] = [f for f in flags if f not in OPTIONAL_FLAGS and not f.startswith(TRANSFORMED)]
    state.spades[seat] = 0
    state.active_spade_hex[seat] = ""
    state.mains -= 1
    flags.append(ACTED)
    execute(state, seat, command, auto=False)
    if isinstance(command, N.Transform):
        flags.append(DWELLING)
        _transformed(state, seat)
    elif isinstance(command, N.Action):
        if command.action in _SPADE_ACTIONS:
            flags += [DWELLING, DIG_OK]
        action = FACTION_ACTIONS.get(command.action)
        if action is not None and action.extra_actions:
            state.mains += action.extra_actions
    elif isinstance(command, N.Upgrade) and state.spades[seat] > 0:
        # the Halflings' stronghold spades: used now, one dwelling allowed
        assert state.count(seat, SH) > 0
        flags += [DWELLING, DIG_OK]
    if isinstance(command, N.Pass):
        _end_turn(state, seat)


def _transformed(state: TMState, seat: int) -> None:
    """After a transform: spades are no longer bought; the action's dwelling may go on this
    hex."""
    flags = state.flags[seat]
    if DIG_OK in flags:
        flags.remove(DIG_OK)
    flags.append(TRANSFORMED + state.active_spade_hex[seat])


def _dwelling(state: TMState, seat: int, hex_id: str) -> None:
    """The action's one dwelling (after its transform, or transforming now with its spades);
    spades left over may still go on another hex, without a dwelling."""
    execute(state, seat, N.Build(hex_id), auto=False)
    flags = state.flags[seat]
    flags[:] = [f for f in flags if f not in (DWELLING, DIG_OK)]


def _end_turn(state: TMState, seat: int) -> None:
    begin_turn(state, seat)  # forgets what the action allowed
    flags = state.flags[seat]
    flags[:] = [f for f in flags if f != "darkling-sh"]
    state.spades[seat] = 0
    state.mains = 0
    if all(state.passed):
        state.active = -1
        if not state.has_option(OPTION_VARIABLE_TURN_ORDER) and state.pass_order:
            # rulebook, passing: the first to pass starts the next round, then clockwise
            first = state.pass_order[0]
            n = state.num_players
            state.order = [(first + k) % n for k in range(n)]
        return
    n = len(state.order)
    at = state.order.index(seat)
    for k in range(1, n + 1):
        nxt = state.order[(at + k) % n]
        if not state.passed[nxt]:
            _start_turn(state, nxt)
            return


def _start_turn(state: TMState, seat: int) -> None:
    state.active = seat
    state.mains = 1
    begin_turn(state, seat)


def _tidy(state: TMState) -> None:
    """Owed decisions that can no longer be taken lapse (a cult step with every track at its
    top, a tile of which none is left)."""
    for seat in range(state.num_players):
        flags = state.flags[seat]
        for flag in [f for f in flags if f.startswith("cult-step")]:
            if not any(can_climb(state, seat, c) for c in range(4)):
                flags.remove(flag)
        if state.pending_favors[seat] and not any(
            n > 0 and t not in state.favors[seat] for t, n in state.favor_pool.items()
        ):
            state.pending_favors[seat] = 0
        if state.pending_towns[seat] and not any(n > 0 for n in state.town_pool.values()):
            state.pending_towns[seat] = 0
    if state.phase == INCOME_SPADES:
        for seat in range(state.num_players):
            if state.spades[seat] and income_spade_choices(state, seat) == [N.Done()]:
                state.spades[seat] = 0


def _advance(state: TMState, observer: Observer | None) -> None:
    """Rounds end and start by themselves; a new round starts with its first player."""
    advance_flow(state, observer)
    if state.phase == PLAY and state.active < 0:
        first = next((s for s in state.order if not state.passed[s]), -1)
        if first >= 0:
            _start_turn(state, first)
