"""A cheap estimate of a faction's standing, for bots (see ``State.heuristic``).

VP so far, plus what the faction owns valued in VP: resources, buildings (their income for
the rounds left), cult positions and the tracks.  Rough weights, tuned by playing greedy
against random (``tabletop simulate terra-mystica``).
"""

from __future__ import annotations

from typing import Final

from tabletop.games.terra_mystica.data.common import ROUNDS
from tabletop.games.terra_mystica.state import TMState

#: VP per unit of coin, worker, priest, power in bowl III and in bowl II.
RESOURCE_VP: Final = (0.33, 0.7, 1.4, 0.3, 0.15)
#: VP per building (index: building code), per round left, for its income and its reach.
BUILDING_VP: Final = (0.0, 1.0, 1.3, 1.3, 1.8, 1.8)
CULT_STEP_VP: Final = 0.6
TRACK_VP: Final = 2.5


def estimate(state: TMState, seat: int) -> float:
    if not state.factions[seat]:
        return 0.0
    left = max(0, ROUNDS - state.round) + 1
    value = float(state.vp[seat])
    bowls = state.bowls[seat]
    for amount, weight in zip(
        (state.c[seat], state.w[seat], state.p[seat], bowls[2], bowls[1]), RESOURCE_VP, strict=True
    ):
        value += amount * weight
    building = state.building
    for i in state.indices_of(seat):  # map order, as before: the same sum to the last bit
        value += BUILDING_VP[building[i]] * (1.0 + 0.5 * left)
    value += CULT_STEP_VP * sum(state.cults[seat])
    value += TRACK_VP * (state.ship[seat] + state.dig[seat])
    value += 2.0 * len(state.favors[seat])
    return value
