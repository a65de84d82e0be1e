"""Paying and gaining resource bundles (coins, workers, priests, power, VP)."""

from __future__ import annotations

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica.cults import gain_priests
from tabletop.games.terra_mystica.data.common import NOTHING, Resources
from tabletop.games.terra_mystica.power import gain_power, spend_power
from tabletop.games.terra_mystica.state import TMState


def can_pay(state: TMState, seat: int, cost: Resources) -> bool:
    return (
        state.c[seat] >= cost.c
        and state.w[seat] >= cost.w
        and state.p[seat] >= cost.p
        and state.bowls[seat][2] >= cost.pw
        and state.vp[seat] >= cost.vp
    )


def affordable(state: TMState, seat: int, unit: Resources, base: Resources = NOTHING) -> int:
    """How many ``unit`` the seat can pay for on top of ``base``: the largest ``k`` for which
    :func:`can_pay` accepts ``base`` plus ``k`` times ``unit`` (-1: not even ``base``;
    :data:`PLENTY` when ``unit`` is free).  Move generation prices spades with it."""
    most = PLENTY
    for have, fixed, each in (
        (state.c[seat], base.c, unit.c),
        (state.w[seat], base.w, unit.w),
        (state.p[seat], base.p, unit.p),
        (state.bowls[seat][2], base.pw, unit.pw),
        (state.vp[seat], base.vp, unit.vp),
    ):
        left = have - fixed
        if left < 0:
            return -1
        if each > 0:
            most = min(most, left // each)
    return most


#: What :func:`affordable` says of something free.
PLENTY = 1 << 20


def pay(state: TMState, seat: int, cost: Resources, what: str = "that") -> None:
    """Pay ``cost`` (power from bowl III); raise IllegalAction and change nothing if short."""
    if not can_pay(state, seat, cost):
        need = ", ".join(f"{v} {k}" for k, v in cost.as_dict().items())
        raise IllegalAction(f"{what} costs {need}, which you cannot pay")
    state.c[seat] -= cost.c
    state.w[seat] -= cost.w
    state.p[seat] -= cost.p
    state.vp[seat] -= cost.vp
    if cost.pw:
        spend_power(state, seat, cost.pw)


def gain(state: TMState, seat: int, reward: Resources) -> None:
    state.c[seat] += reward.c
    state.w[seat] += reward.w
    state.vp[seat] += reward.vp
    if reward.p:
        gain_priests(state, seat, reward.p)
    if reward.pw:
        gain_power(state, seat, reward.pw)
