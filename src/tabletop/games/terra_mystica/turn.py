"""Whose decision it is, and playing one move, for a game played on the platform.

A ledger replay (:mod:`.replay`) executes the commands in the ledger's order; a game played
here must also know who is to move (rulebook, phase II: one action each, clockwise from the
start player, until all have passed).  The order of decisions at any moment:

1. power offered to neighbours, oldest offer first, once the builder's turn is over (as on
   the Snellman site, where the turn is written before the answers); with ``open-offers``
   (the site's timing) an offer stays open instead, beside the turns that follow, until the
   receiver answers it or takes its next action;
2. a cult step owed to the Cultists by their neighbours' answers;
3. in setup: the faction choices, the initial dwellings, the bonus tiles;
4. after a round: the seats holding cult-bonus spades, in the next round's order;
5. otherwise the active seat: its main action, the decisions it leads to, free
   conversions, then ``done`` (``pass`` ends the turn by itself).
"""

from __future__ import annotations

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.actions import (
    DARKLING_EXCHANGE,
    DARKLING_EXCHANGE_MAX,
    begin_turn,
    execute,
)
from tabletop.games.terra_mystica.cults import can_step
from tabletop.games.terra_mystica.data.common import (
    OPTION_OPEN_OFFERS,
    OPTION_STRICT_DARKLING_SH,
    OPTION_STRICT_LEECH,
)
from tabletop.games.terra_mystica.data.terrain import Terrain, terrain_from_color
from tabletop.games.terra_mystica.data.tiles import FACTION_ACTIONS, POWER_ACTIONS
from tabletop.games.terra_mystica.flow import Observer
from tabletop.games.terra_mystica.flow import advance as advance_flow
from tabletop.games.terra_mystica.legal import (
    ACTED,
    DIG_OK,
    DUG,
    DWELLING,
    HOME_ONLY,
    TRANSFORMED,
    TRANSFORMS,
    follow_ups,
    has_follow_ups,
    income_spade_choices,
    is_action_flag,
    leech_choices,
    mandatory,
    setup_choices,
    transforms_left,
    turn_choices,
)
from tabletop.games.terra_mystica.power import lapse_offers
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
from tabletop.games.terra_mystica.terraform import spades_needed

_SPADE_ACTIONS = frozenset(
    [name for name, a in POWER_ACTIONS.items() if a.spades]
    + [name for name, a in FACTION_ACTIONS.items() if a.spades or a.free_transform_adjacent]
    + ["BON1"]
)


def open_offers(state: TMState) -> bool:
    """Option ``open-offers``: power offers stay open until the receiver's next action."""
    return state.has_option(OPTION_OPEN_OFFERS)


#: Flag prefix: the seat converted while a power offer was open to it (``strict-leech``).
TAINTED = "leech-tainted:"


def movers(state: TMState) -> list[int]:
    """Every seat whose decision is awaited: the seat to move, and with ``open-offers`` the
    seats that may answer a power offer now."""
    seat = to_move(state)
    seats = [] if seat < 0 else [seat]
    if state.leech_offers and open_offers(state) and not turn_in_progress(state):
        # between turns (a turn is written whole on the site, its answers after it)
        for _source, target, _amount, _event in state.leech_offers:
            if target not in seats:
                seats.append(target)
    return seats


def to_move(state: TMState) -> int:
    """The seat whose turn (or owed decision) is awaited (-1 when the game is over)."""
    phase = state.phase
    if phase == OVER:
        return -1
    waiting = not open_offers(state) or state.active < 0  # open offers wait for no one
    if state.leech_offers and not turn_in_progress(state) and waiting:
        return state.leech_offers[0][1]
    for seat, flags in enumerate(state.flags):
        if flags and seat != state.active and _owes_cult_step(flags):
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


def _owes_cult_step(flags: list[str]) -> bool:
    return any(flag.startswith("cult-step") for flag in flags)


def turn_in_progress(state: TMState) -> bool:
    """True while the active seat is in the middle of its turn (an action taken, not ended)."""
    return state.phase == PLAY and state.active >= 0 and ACTED in state.flags[state.active]


def choices(state: TMState, seat: int) -> list[N.Command]:
    """Every legal move of ``seat`` (empty when it is not to move)."""
    base = to_move(state)
    offered = open_offers(state) and any(o[1] == seat for o in state.leech_offers)
    if seat != base:
        return leech_choices(state, seat) if offered and seat in movers(state) else []
    if state.leech_offers and not turn_in_progress(state) and not open_offers(state):
        return leech_choices(state, seat)
    if offered:
        if state.phase != PLAY or seat != state.active:
            return leech_choices(state, seat)
        # answered within one's own turn, before the next action (the site's timing); with
        # strict-leech an offer can only be declined after a conversion
        answers = leech_choices(state, seat)
        if any(f.startswith(TAINTED) for f in state.flags[seat]):
            answers = [a for a in answers if isinstance(a, N.Decline)]
        return answers + _turn_choices(state, seat)
    return _turn_choices(state, seat)


def _turn_choices(state: TMState, seat: int) -> list[N.Command]:
    if seat != state.active and state.phase in (PLAY, INCOME_SPADES):
        owed = mandatory(state, seat)  # the Cultists' step after their neighbours' answers
        if owed:
            return owed
    if state.phase in (SETUP_FACTIONS, SETUP_DWELLINGS, SETUP_BONUS):
        return setup_choices(state, seat)
    if state.phase == INCOME_SPADES:
        return income_spade_choices(state, seat)
    return turn_choices(state, seat)


def play(
    state: TMState, seat: int, command: N.Command, observer: Observer | None = None
) -> list[tuple[int, N.Command]]:
    """Apply a legal move of ``seat`` (see :func:`choices`) and run the automatic steps
    (``observer`` is told of each, see :func:`.flow.advance`).

    Returns the Snellman commands the move stands for, with their seats, as the site writes
    them: a build or transform that needs more spades than the seat holds is ``dig N``
    first, and spades that are lost (left when an action ends, or cult-bonus spades with no
    hex left to transform) are thrown away (``-SPADE``).
    """
    phase = state.phase
    if phase == SETUP_FACTIONS:
        assert isinstance(command, N.Setup) and command.faction
        choose_faction(state, seat, command.faction)
        if all(state.factions):
            state.phase = SETUP_DWELLINGS
        return [(seat, command)]
    written: list[N.Command] = []
    if isinstance(command, N.Done):
        written += _lose_spades(state, seat)
        if "darkling-sh" in state.flags[seat] and state.has_option(OPTION_STRICT_DARKLING_SH):
            # the site asks for the exchange before the turn ends: unused, it is declined
            _execute(state, seat, N.Adjust(DARKLING_EXCHANGE, -DARKLING_EXCHANGE_MAX), written)
        if phase != INCOME_SPADES:
            _end_turn(state, seat)
        written.append(command)
    elif phase == PLAY and seat == state.active and is_main(state, seat, command):
        written += _lose_spades(state, seat)
        _main(state, seat, command, written)
    elif phase == PLAY and isinstance(command, N.Build) and DWELLING in state.flags[seat]:
        _dwelling(state, seat, command, written)
    else:
        if isinstance(command, N.Convert) and state.has_option(OPTION_STRICT_LEECH):
            for _source, target, _amount, event in state.leech_offers:
                if target == seat and open_offers(state):
                    state.flags[seat].append(f"{TAINTED}{event}")
        if phase == PLAY and isinstance(command, N.Transform):
            _with_spades(state, seat, command, written)
            _transformed(state, seat, command)
        else:
            _execute(state, seat, command, written)
            if isinstance(command, N.Dig):  # more spades, all for one hex
                _dug(state.flags[seat])
    lapsed = _tidy(state)
    _advance(state, observer)
    return [(seat, c) for c in written] + lapsed


def resign(state: TMState, seat: int, observer: Observer | None = None) -> None:
    """``seat`` drops out (the Snellman site's ``drop-faction``, see docs/rulings.md): it
    counts as passed from now on; if it was the active seat, the next seat's turn starts."""
    if state.phase == OVER or state.dropped[seat]:
        raise IllegalAction(f"{state.factions[seat] or 'that seat'} cannot leave the game now")
    execute(state, seat, N.Resign(), auto=False)
    if state.phase == PLAY and state.active == seat:
        _end_turn(state, seat)
    _tidy(state)
    _advance(state, observer)


def _execute(state: TMState, seat: int, command: N.Command, written: list[N.Command]) -> None:
    execute(state, seat, command, auto=False)
    written.append(command)


def _with_spades(state: TMState, seat: int, command: N.Command, written: list[N.Command]) -> None:
    """A build or transform: buy the spades it needs beyond those held (``dig N``) first."""
    missing = spades_to_buy(state, seat, command)
    if missing:
        _execute(state, seat, N.Dig(missing), written)
    _execute(state, seat, command, written)


def spades_to_buy(state: TMState, seat: int, command: N.Command) -> int:
    """Spades a build or transform of the action phase needs beyond those the seat holds."""
    flags = state.flags[seat]
    if "sandstorm" in flags or "witches-ride" in flags:
        return 0
    if isinstance(command, N.Build):
        target = state.faction(seat).home
    elif isinstance(command, N.Transform):
        target = terrain_of(state, seat, command)
    else:
        return 0
    need = spades_needed(state, seat, command.hex, target)
    return max(0, need - state.spades[seat])


def terrain_of(state: TMState, seat: int, command: N.Transform) -> Terrain:
    if command.terrain is None:
        return state.faction(seat).home
    return terrain_from_color(command.terrain.value)


def _lose_spades(state: TMState, seat: int) -> list[N.Command]:
    """Spades the action did not use are lost when it ends (rulebook, spades)."""
    spades = state.spades[seat]
    if not spades:
        return []
    state.spades[seat] = 0
    return [N.Adjust("SPADE", -spades)]


def is_main(state: TMState, seat: int, command: N.Command) -> bool:
    """True if ``command`` starts a new main action (rather than following one up)."""
    if state.mains <= 0:
        return False
    if isinstance(
        command, (N.Burn, N.Leech, N.Decline, N.Favor, N.Town, N.CultStep, N.Done, N.Bridge)
    ):
        return False
    if isinstance(command, N.Convert):
        return False
    return not has_follow_ups(state, seat) or command not in follow_ups(state, seat)


def _main(state: TMState, seat: int, command: N.Command, written: list[N.Command]) -> None:
    """A main action: earlier optional follow-ups lapse; its own may follow."""
    if open_offers(state):
        lapse_offers(state, seat)  # an action declines the offers still open to the seat
    flags = state.flags[seat]
    flags[:] = [f for f in flags if not is_action_flag(f)]
    state.mains -= 1
    flags.append(ACTED)
    if isinstance(command, (N.Build, N.Transform)):
        _with_spades(state, seat, command, written)
    else:
        _execute(state, seat, command, written)
    if isinstance(command, N.Transform):
        flags.append(DWELLING)
        _transformed(state, seat, command)
    elif isinstance(command, N.Dig):  # the Alchemists' spades bought on their own
        flags += [DWELLING, DIG_OK]
        _dug(flags)
    elif isinstance(command, N.Action):
        if command.action in _SPADE_ACTIONS:
            flags += [DWELLING, DIG_OK, TRANSFORMS + str(_transforms_allowed(state, seat))]
        action = FACTION_ACTIONS.get(command.action)
        if action is not None and action.extra_actions:
            state.mains += action.extra_actions
    elif isinstance(command, N.Upgrade) and state.spades[seat] > 0:
        # the Halflings' stronghold spades: used now (no more bought), one dwelling allowed
        assert state.count(seat, SH) > 0
        flags += [DWELLING, TRANSFORMS + str(state.spades[seat])]
    if isinstance(command, N.Pass):
        _end_turn(state, seat)


def _dug(flags: list[str]) -> None:
    """Spades bought on their own: all of them go on one hex (the site's ``dig``)."""
    flags[:] = [f for f in flags if f != DUG and not f.startswith(TRANSFORMS)]
    flags += [DUG, TRANSFORMS + "1"]


def _transforms_allowed(state: TMState, seat: int) -> int:
    """Hexes a spade action's spades may transform: one per spade (Giants: one)."""
    per_hex = state.faction(seat).fixed_home_spades or 1
    return max(1, state.spades[seat] // per_hex)


def _transformed(state: TMState, seat: int, command: N.Transform) -> None:
    """After a transform: spades are no longer bought; the action's dwelling may go on the hex
    if it is now the home terrain; spades left after turning a hex into another terrain may
    only turn a hex into the home terrain (rulebook, spades: the rest are lost)."""
    flags = state.flags[seat]
    if DIG_OK in flags:
        flags.remove(DIG_OK)
    left = transforms_left(flags)
    flags[:] = [f for f in flags if not f.startswith(TRANSFORMS)]
    flags.append(TRANSFORMS + str(max(0, left - 1)))
    target = terrain_of(state, seat, command)
    if target == state.faction(seat).home:
        flags.append(TRANSFORMED + command.hex)
    elif state.spades[seat] and HOME_ONLY not in flags:
        flags.append(HOME_ONLY)


def _dwelling(state: TMState, seat: int, command: N.Build, written: list[N.Command]) -> None:
    """The action's one dwelling, after all of its transforms (or transforming now with the
    last of its spades); nothing of the action follows it."""
    _with_spades(state, seat, command, written)
    flags = state.flags[seat]
    flags[:] = [f for f in flags if not is_action_flag(f)]


def _end_turn(state: TMState, seat: int) -> None:
    begin_turn(state, seat)  # forgets what the action allowed
    flags = state.flags[seat]
    flags[:] = [f for f in flags if f != "darkling-sh"]
    state.spades[seat] = 0
    state.mains = 0
    if all(state.passed):
        state.active = -1  # the next round's order: see flow._start_round
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


def _tidy(state: TMState) -> list[tuple[int, N.Command]]:
    """Owed decisions that can no longer be taken lapse (a cult step with every track at its
    top, a tile of which none is left, cult-bonus spades with no hex left to transform);
    returns the spades thrown away."""
    lapsed: list[tuple[int, N.Command]] = []
    open_events = {f"{TAINTED}{o[3]}" for o in state.leech_offers}
    for seat in range(state.num_players):
        flags = state.flags[seat]
        flags[:] = [f for f in flags if not f.startswith(TAINTED) or f in open_events]
        for flag in [f for f in flags if f.startswith("cult-step")]:
            if not any(can_step(state, seat, c) for c in range(4)):
                flags.remove(flag)
        if state.pending_favors[seat] and not any(
            n > 0 and t not in state.favors[seat] for t, n in state.favor_pool.items()
        ):
            state.pending_favors[seat] = 0
        if state.pending_towns[seat] and not any(n > 0 for n in state.town_pool.values()):
            state.pending_towns[seat] = 0
    # cult-bonus spades: the next seat to use them gives them up when no hex is left for them
    # (a seat later in the order may find one that an earlier seat's transform has made)
    while state.phase == INCOME_SPADES and any(state.spades):
        seat = next(s for s in state.order if state.spades[s] > 0)
        if income_spade_choices(state, seat) != [N.Done()]:
            break
        lapsed.append((seat, N.Adjust("SPADE", -state.spades[seat])))
        state.spades[seat] = 0
    return lapsed


def _advance(state: TMState, observer: Observer | None) -> None:
    """Rounds end and start by themselves; a new round starts with its first player."""
    advance_flow(state, observer)
    if state.phase == PLAY and state.active < 0:
        first = next((s for s in state.order if not state.passed[s]), -1)
        if first >= 0:
            _start_turn(state, first)
