"""The action phase: tricks and the actions on the cards ("FÁZE AKCÍ", "AKCE").

A trick: the holder of the active town marker puts it on a town without a
disc and leads a card of that town's colour or a white (royal, wild) card;
the others, clockwise, play any card.  The highest card in the town's
colour (white counts as it) wins.  Then, lowest card first, each player
acts: the winner the card's primary action, every other player one of its
secondary actions, symbols left to right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru import data
from tabletop.games.brian_boru.board import (
    CARD_COLOUR,
    NUM_TOWNS,
    ROADS_FROM,
    TOWN_COLOUR,
    TOWN_IDS,
    WHITE,
)
from tabletop.games.brian_boru.flow import (
    T_COURT_FIX,
    T_RESOLVE,
    T_SYMBOL,
    T_TRICK,
    Decision,
    Task,
)

if TYPE_CHECKING:
    from tabletop.games.brian_boru.state import BBState

# Symbol indices (positions in data.SYMBOLS).
S_TOWN, S_COIN, S_PAY, S_CHURCH, S_RAIDER, S_COURT, S_EXPAND, S_FREE = range(8)
_SYM = {name: i for i, name in enumerate(data.SYMBOLS)}

# Per card value: primary symbols and secondary options as index tuples.
PRIMARY: Final = (
    (),
    *(tuple(_SYM[x] for x in c.primary) for c in data.ACTION_CARDS),
)
SECONDARY: Final = (
    (),
    *(tuple(tuple(_SYM[x] for x in o) for o in c.secondary) for c in data.ACTION_CARDS),
)


def task_trick(s: BBState, task: Task) -> None:
    """Start a trick, or end the action phase when everyone holds one card."""
    s.active_town = -1
    s.plays = []
    if len(s.hands[0]) <= 1:
        for hand in s.hands:
            s.discards += len(hand)
            hand.clear()
        from tabletop.games.brian_boru.upkeep import push_upkeep

        push_upkeep(s)
        return
    leader = s.marker_holder
    if any(o == -1 for o in s.owner):
        s.decision = (A.LEAD, leader, 0)
    else:
        # Ruling: no town without a disc is left, so the trick has no active
        # town; the leader plays any card and nobody wins (docs/rulings.md).
        s.say("no town is free: this trick has no active town")
        s.decision = (A.PLAY, leader, 0)


def _can_follow(hand: list[int], colour: int) -> bool:
    return any(CARD_COLOUR[c] == colour or CARD_COLOUR[c] == WHITE for c in hand)


def legal_lead(s: BBState, d: Decision) -> list[A.BBAction]:
    """Empty towns whose colour the leader can play (ruling: any, if none can be)."""
    hand = s.hands[d[1]]
    colours = {CARD_COLOUR[c] for c in hand}
    owner = s.owner
    lead = A.LEAD_AT
    if WHITE in colours:
        return [lead[t] for t in range(NUM_TOWNS) if owner[t] == -1]
    moves = [lead[t] for t in range(NUM_TOWNS) if owner[t] == -1 and TOWN_COLOUR[t] in colours]
    return moves or [lead[t] for t in range(NUM_TOWNS) if owner[t] == -1]


def decide_lead(s: BBState, seat: int, action: A.BBAction) -> None:
    s.active_town = action.a
    s.decision = (A.PLAY, seat, 0)
    s.say(f"P{seat + 1}: {action.text}")


def legal_play(s: BBState, d: Decision) -> list[A.BBAction]:
    seat = d[1]
    hand = s.hands[seat]
    play = A.PLAY_CARD
    if not s.plays and s.active_town >= 0:
        colour = TOWN_COLOUR[s.active_town]
        moves = [play[c] for c in hand if CARD_COLOUR[c] == colour or CARD_COLOUR[c] == WHITE]
        if moves:
            return moves
    return [play[c] for c in hand]


def decide_play(s: BBState, seat: int, action: A.BBAction) -> None:
    card = action.a
    s.hands[seat].remove(card)
    s.plays.append((seat, card))
    s.say(f"P{seat + 1}: {action.text}")
    n = s.num_players
    if len(s.plays) < n:
        s.decision = (A.PLAY, (seat + 1) % n, 0)
        return
    s.decision = None
    winner = trick_winner(s)
    if winner >= 0:
        s.say(f"P{winner + 1} wins the trick")
    else:
        s.say("nobody wins the trick")
    # Actions resolve in ascending card value; the task list is a stack.
    s.tasks.append((T_TRICK, 0, 0))
    for p, c in sorted(s.plays, key=lambda pc: -pc[1]):
        s.tasks.append((T_RESOLVE, p, c * 2 + (p == winner)))


def trick_winner(s: BBState) -> int:
    """The seat with the highest card in the active town's colour (white is wild), or -1."""
    if s.active_town < 0:
        return -1
    colour = TOWN_COLOUR[s.active_town]
    best, winner = 0, -1
    for seat, card in s.plays:
        c = CARD_COLOUR[card]
        if (c in (colour, WHITE)) and card > best:
            best, winner = card, seat
    return winner


def task_resolve(s: BBState, task: Task) -> None:
    seat, card, won = task[1], task[2] >> 1, task[2] & 1
    s.discards += 1
    if won:
        _push_symbols(s, seat, PRIMARY[card])
    elif len(SECONDARY[card]) == 1:
        _push_symbols(s, seat, SECONDARY[card][0])
    else:
        s.decision = (A.OPTION, seat, card)


def _push_symbols(s: BBState, seat: int, symbols: tuple[int, ...]) -> None:
    tasks = s.tasks
    tasks.append((T_COURT_FIX, seat, 0))
    for sym in reversed(symbols):
        tasks.append((T_SYMBOL, seat, sym))


def legal_option(s: BBState, d: Decision) -> list[A.BBAction]:
    return list(A.OPTIONS)


def decide_option(s: BBState, seat: int, action: A.BBAction) -> None:
    card = s.decision[2] if s.decision else 0
    s.decision = None
    s.say(f"P{seat + 1}: {action.text} of card {card}")
    _push_symbols(s, seat, SECONDARY[card][action.a])


def task_symbol(s: BBState, task: Task) -> None:
    """Resolve one symbol ("AKCE"); buying extras and expanding are decisions."""
    seat, sym = task[1], task[2]
    if sym == S_TOWN:
        t = s.active_town
        s.owner[t] = seat
        s.marker_holder = seat
        s.say(f"P{seat + 1} takes {TOWN_IDS[t]} and the active town marker")
    elif sym == S_COIN:
        s.coins[seat] += 1
    elif sym == S_PAY:
        if s.coins[seat] > 0:
            s.coins[seat] -= 1
        elif s.score[seat] > 0:
            # Ruling: with a single point left, it drops to zero.
            s.score[seat] = max(0, s.score[seat] - data.PAY_POINTS)
    elif sym == S_CHURCH:
        s.church[seat] += 1
        if s.coins[seat] >= data.EXTRA_COST:
            s.decision = (A.BUY, seat, sym)
    elif sym == S_RAIDER:
        if s.battle_area > 0:
            s.battle_area -= 1
            s.raiders[seat] += 1
            if s.battle_area > 0 and s.coins[seat] >= data.EXTRA_COST:
                s.decision = (A.BUY, seat, sym)
    elif sym == S_COURT:
        if s.court[seat] < data.TRACK_TOP:
            s.court[seat] += 1
            if s.court[seat] < data.TRACK_TOP and s.coins[seat] >= data.EXTRA_COST:
                s.decision = (A.BUY, seat, sym)
    elif sym == S_EXPAND:
        if s.coins[seat] >= data.EXPAND_COST and expand_targets(s, seat):
            s.decision = (A.EXPAND, seat, 0)
    elif sym == S_FREE and any(s.viking):
        s.decision = (A.FREE, seat, 0)


def max_buy(s: BBState, seat: int, sym: int) -> int:
    """How many extras the seat may buy now at 2 coins each."""
    n = s.coins[seat] // data.EXTRA_COST
    if sym == S_RAIDER:
        return min(n, s.battle_area)
    if sym == S_COURT:
        return min(n, data.TRACK_TOP - s.court[seat])
    return n


def legal_buy(s: BBState, d: Decision) -> list[A.BBAction]:
    return list(A.BUYS[: max_buy(s, d[1], d[2]) + 1])


def decide_buy(s: BBState, seat: int, action: A.BBAction) -> None:
    sym = s.decision[2] if s.decision else 0
    k = action.a
    s.decision = None
    if k == 0:
        return
    s.coins[seat] -= k * data.EXTRA_COST
    if sym == S_CHURCH:
        s.church[seat] += k
        what = "church discs"
    elif sym == S_RAIDER:
        s.battle_area -= k
        s.raiders[seat] += k
        what = "raiders"
    else:
        s.court[seat] += k
        what = "marriage steps"
    s.say(f"P{seat + 1} buys {k} extra {what}")


def expand_targets(s: BBState, seat: int) -> list[int]:
    """Empty towns one road from a town the seat controls.

    Ruling: not the active town while its trick is being resolved (the
    marker is on it; docs/rulings.md).
    """
    owner, viking, active = s.owner, s.viking, s.active_town
    found: set[int] = set()
    for t in range(NUM_TOWNS):
        if owner[t] == seat and not viking[t]:
            for u in ROADS_FROM[t]:
                if owner[u] == -1 and u != active:
                    found.add(u)
    return sorted(found)


def legal_expand(s: BBState, d: Decision) -> list[A.BBAction]:
    return [A.EXPAND_TO[t] for t in expand_targets(s, d[1])] + [A.DECLINE]


def decide_expand(s: BBState, seat: int, action: A.BBAction) -> None:
    s.decision = None
    if action.a < 0:
        return
    s.coins[seat] -= data.EXPAND_COST
    s.owner[action.a] = seat
    s.say(f"P{seat + 1} expands to {TOWN_IDS[action.a]} for {data.EXPAND_COST} coins")


def legal_free(s: BBState, d: Decision) -> list[A.BBAction]:
    return [A.FREE_AT[t] for t in range(NUM_TOWNS) if s.viking[t]]


def decide_free(s: BBState, seat: int, action: A.BBAction) -> None:
    s.decision = None
    s.viking[action.a] = False
    s.say(
        f"P{seat + 1} removes the Viking token from {TOWN_IDS[action.a]}; "
        f"P{s.owner[action.a] + 1} controls it again"
    )


def task_court_fix(s: BBState, task: Task) -> None:
    """After a whole action: no two discs share a marriage space above the first."""
    seat = task[1]
    court = s.court
    others = {court[p] for p in range(s.num_players) if p != seat}
    pos = court[seat]
    while pos > 1 and pos in others:
        pos -= 1
    if pos != court[seat]:
        s.say(f"P{seat + 1} moves down the marriage track to space {pos}")
        court[seat] = pos
