"""The kinds of automatic steps (tasks) that make up a game of Brian Boru.

A task is a tuple ``(kind, x, y)`` on the state's task stack; the meaning
of ``x`` and ``y`` is given beside each kind (unused fields are 0).
"""

from __future__ import annotations

from typing import Final, TypeAlias

T_START: Final = 0  # x = seat: place a first disc (setup)
T_PREP: Final = 1  # preparation phase of a round
T_DRAFT: Final = 2  # deal and start the draft
T_TRICK: Final = 3  # start the next trick, or end the action phase
T_RESOLVE: Final = 4  # x = seat, y = card value * 2 + (1 if the trick was won)
T_SYMBOL: Final = 5  # x = seat, y = symbol index (data.SYMBOLS)
T_COURT_FIX: Final = 6  # x = seat: the marriage-track collision rule
T_MARRIAGE: Final = 7
T_TRACK: Final = 8  # marriage-track rewards
T_BATTLE: Final = 9
T_RAZE: Final = 10  # x = chooser, y = victim
T_SPOILS: Final = 11
T_CHURCH1: Final = 12
T_CHURCH2: Final = 13
T_CHURCH3: Final = 14
T_MONK: Final = 15  # x = seat: church step 3
T_CLAIMS: Final = 16
T_END_ROUND: Final = 17

Task: TypeAlias = tuple[int, int, int]
# (action kind, seat, argument); the draft's decision has seat -1 (everyone).
Decision: TypeAlias = tuple[int, int, int]
