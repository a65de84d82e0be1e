"""The draft ("FÁZE VÝBĚRU KARET"): simultaneous and hidden.

All 25 action cards are shuffled and dealt (8/6/5 for 3/4/5 players, the
rest set aside unseen).  Everyone keeps two cards face down at the same
time, then passes the rest to the left (the next seat); a player handed one
or two cards keeps them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru import data
from tabletop.games.brian_boru.board import ALL_CARDS
from tabletop.games.brian_boru.flow import T_TRICK, Task

if TYPE_CHECKING:
    from tabletop.games.brian_boru.state import BBState


def task_draft(s: BBState, task: Task) -> None:
    n = s.num_players
    deck = list(ALL_CARDS)
    s.rng.shuffle(deck)
    k = data.CARDS_DEALT[n]
    s.packs = [sorted(deck[i * k : (i + 1) * k]) for i in range(n)]
    s.aside = deck[n * k :]
    s.kept = [[] for _ in range(n)]
    s.picked = [False] * n
    s.decision = (A.PICK, -1, 0)


def legal_picks(s: BBState, seat: int) -> list[A.BBAction]:
    pack = s.packs[seat]  # kept sorted, so pairs come out in canonical order
    pick = A.PICK_PAIR
    return [pick[x, y] for i, x in enumerate(pack) for y in pack[i + 1 :]]


def decide_pick(s: BBState, seat: int, action: A.BBAction) -> None:
    pack = s.packs[seat]
    pack.remove(action.a)
    pack.remove(action.b)
    s.kept[seat] += (action.a, action.b)
    s.picked[seat] = True
    s.say(f"you keep cards {action.a} and {action.b}", seat)
    if all(s.picked):
        _pass_left(s)


def _pass_left(s: BBState) -> None:
    n = s.num_players
    s.packs = [s.packs[(i - 1) % n] for i in range(n)]
    if len(s.packs[0]) > data.DRAFT_PICK:
        s.picked = [False] * n
        return
    for i in range(n):  # one or two cards left: kept without choosing
        s.kept[i] += s.packs[i]
        s.hands[i] = sorted(s.kept[i])
    s.packs = [[] for _ in range(n)]
    s.kept = [[] for _ in range(n)]
    s.decision = None
    s.say("the draft is over; tricks begin")
    s.tasks.append((T_TRICK, 0, 0))
