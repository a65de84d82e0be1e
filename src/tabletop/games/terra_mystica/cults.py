"""Cult tracks: advancing (power at 3/5/7/10, a key to reach 10, one faction on top) and
sending priests to the priest spaces (3, 2, 2, 2 steps; or 1 step and the priest returns)."""

from __future__ import annotations

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica.data.cults import (
    CULT_MAX,
    CULT_MAX_WITHOUT_KEY,
    PRIEST_SPACES,
    power_for_advance,
)
from tabletop.games.terra_mystica.power import gain_power
from tabletop.games.terra_mystica.state import TMState


def advance(state: TMState, seat: int, cult: int, steps: int) -> int:
    """Move ``seat`` up to ``steps`` on track ``cult`` (negative: down); returns steps moved."""
    track = state.cults[seat]
    old = track[cult]
    if steps < 0:
        track[cult] = max(0, old + steps)
        return track[cult] - old
    new = min(old + steps, CULT_MAX)
    if new == CULT_MAX and old < CULT_MAX:
        top_taken = any(
            state.cults[other][cult] == CULT_MAX
            for other in range(state.num_players)
            if other != seat
        )
        if top_taken or state.keys[seat] < 1:
            new = min(new, CULT_MAX_WITHOUT_KEY)
            if not top_taken and f"cult-capped:{cult}" not in state.flags[seat]:
                state.flags[seat].append(f"cult-capped:{cult}")
        else:
            state.keys[seat] -= 1
    track[cult] = new
    if new > old:
        gain_power(state, seat, power_for_advance(old, new))
    return new - old


def can_climb(state: TMState, seat: int, cult: int) -> bool:
    """True if a step on ``cult`` would move the seat's marker (a key is needed for the top,
    which only one faction may hold)."""
    level = state.cults[seat][cult]
    if level < CULT_MAX_WITHOUT_KEY:
        return True
    if level >= CULT_MAX or state.keys[seat] < 1:
        return False
    return not any(state.cults[o][cult] >= CULT_MAX for o in range(state.num_players) if o != seat)


def can_step(state: TMState, seat: int, cult: int) -> bool:
    """True if a cult step owed to ``seat`` may be taken on ``cult``: the marker moves, or it
    is held at 9 for want of a key and will move to 10 when one comes (as on the site)."""
    if can_climb(state, seat, cult):
        return True
    return (
        state.cults[seat][cult] == CULT_MAX_WITHOUT_KEY
        and f"cult-capped:{cult}" not in state.flags[seat]
        and not any(state.cults[o][cult] >= CULT_MAX for o in range(state.num_players))
    )


def priests_on_board(state: TMState, seat: int) -> int:
    return sum(row.count(seat) for row in state.cult_spaces)


def send_priest(state: TMState, seat: int, cult: int, amount: int | None) -> None:
    """Send a priest to ``cult``: to the best free space, the space worth ``amount``, or for
    ``amount`` == 1 one step (the priest goes back to the supply)."""
    if state.p[seat] < 1:
        raise IllegalAction("you have no priest to send")
    spaces = state.cult_spaces[cult]
    steps = 1
    if amount != 1:
        free = [i for i, s in enumerate(spaces) if s < 0]
        if not free and amount is None:
            amount = 1
    if amount != 1:
        free = [i for i, s in enumerate(spaces) if s < 0]
        if amount is not None:
            free = [i for i in free if PRIEST_SPACES[i] == amount]
        if not free and amount is None:
            amount = 1
        elif not free:
            raise IllegalAction("no free priest space of that value on this cult track")
        space = free[0]
        spaces[space] = seat
        steps = PRIEST_SPACES[space]
    state.p[seat] -= 1
    advance(state, seat, cult, steps)


def gain_priests(state: TMState, seat: int, amount: int) -> int:
    """Gain priests, limited by the seven of the faction (priests on cult spaces count)."""
    room = 7 - state.p[seat] - priests_on_board(state, seat)
    got = max(0, min(amount, room))
    state.p[seat] += got
    return got


def use_new_keys(state: TMState, seat: int) -> None:
    """A marker held at 9 for want of a key moves to 10 as soon as a key is gained."""
    for cult in range(4):
        flag = f"cult-capped:{cult}"
        if flag in state.flags[seat] and state.keys[seat] > 0:
            state.flags[seat].remove(flag)
            if state.cults[seat][cult] == CULT_MAX_WITHOUT_KEY:
                advance(state, seat, cult, 1)
