"""The upkeep phase ("FÁZE ÚDRŽBY"): marriage, battle, church, region claims.

Then the game ends when the marriage deck is empty ("KONEC HRY").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru import data
from tabletop.games.brian_boru.board import (
    NUM_REGIONS,
    NUM_TOWNS,
    REGION_CODES,
    REGION_THRESHOLD,
    REGION_TOWNS,
    TOWN_IDS,
)
from tabletop.games.brian_boru.flow import (
    T_BATTLE,
    T_CHURCH1,
    T_CHURCH2,
    T_CHURCH3,
    T_CLAIMS,
    T_END_ROUND,
    T_MARRIAGE,
    T_MONK,
    T_PREP,
    T_RAZE,
    T_SPOILS,
    T_TRACK,
    Decision,
    Task,
)
from tabletop.games.brian_boru.setup import CLAIM_DOWN, CLAIM_ON_BOARD, PRINCESS_CARD

if TYPE_CHECKING:
    from tabletop.games.brian_boru.state import BBState


def push_upkeep(s: BBState) -> None:
    """Queue the four upkeep steps in the printed order, then the end of the round."""
    for kind in (T_END_ROUND, T_CLAIMS, T_CHURCH3, T_CHURCH2, T_CHURCH1, T_BATTLE, T_MARRIAGE):
        s.tasks.append((kind, 0, 0))


# -- marriage ("SŇATEK") ------------------------------------------------------
def task_marriage(s: BBState, task: Task) -> None:
    """The highest disc on the marriage track takes the card; then track rewards."""
    card = s.marriage_card
    s.marriage_card = -1
    s.tasks.append((T_TRACK, 0, 0))
    top = max(s.court)
    if top <= 1:
        s.say("nobody courted: the marriage card is removed")
        return
    w = s.court.index(top)  # spaces above the first hold one disc each
    s.court[w] = 1
    s.marriages[w].append(card)
    if card == PRINCESS_CARD:
        s.say(f"P{w + 1} marries {data.PRINCESS}")
        s.decision = (A.PRINCESS, w, 0)
        return
    m = data.MARRIAGE_CARDS[card]
    s.score[w] += m.points
    s.renown[w] += m.renown
    s.say(f"P{w + 1} marries {m.name}: +{m.points} points" + (" +1 renown" if m.renown else ""))
    if m.town_in is not None:
        region = REGION_CODES.index(m.town_in)
        if any(s.owner[t] == -1 for t in REGION_TOWNS[region]):
            s.decision = (A.PLACE, w, region)


def legal_princess(s: BBState, d: Decision) -> list[A.BBAction]:
    return list(A.PRINCESS_CHOICES)


def decide_princess(s: BBState, seat: int, action: A.BBAction) -> None:
    s.decision = None
    if action.a == A.SPURN:
        s.marriages[seat].remove(PRINCESS_CARD)
        s.score[seat] += data.PRINCESS_SPURN_POINTS
        s.say(f"P{seat + 1} spurns the princess: +{data.PRINCESS_SPURN_POINTS} points")
    else:
        s.princess_holder = seat
        s.princess_side = action.a
        side = "military support" if action.a == A.MILITARY else "trade"
        s.say(f"P{seat + 1} takes the princess's {side}")


def legal_place(s: BBState, d: Decision) -> list[A.BBAction]:
    """Empty towns in the region ``d[2]``, or anywhere when it is -1."""
    owner = s.owner
    towns = range(NUM_TOWNS) if d[2] < 0 else REGION_TOWNS[d[2]]
    return [A.PLACE_AT[t] for t in towns if owner[t] == -1]


def decide_place(s: BBState, seat: int, action: A.BBAction) -> None:
    s.decision = None
    s.owner[action.a] = seat
    s.say(f"P{seat + 1} places a disc on {TOWN_IDS[action.a]}")


def task_track(s: BBState, task: Task) -> None:
    """Everyone gains the reward of their marriage-track space."""
    for p in range(s.num_players):
        pos = s.court[p]
        s.coins[p] += data.TRACK_COINS[pos]
        s.renown[p] += data.TRACK_RENOWN[pos]
        if pos == data.TRACK_TOWN_SPACE and any(o == -1 for o in s.owner):
            s.decision = (A.PLACE, p, -1)  # one disc at most sits on that space


# -- battle ("BITVA") ---------------------------------------------------------
def task_battle(s: BBState, task: Task) -> None:
    """With raiders left in the battle area, the fewest-raiders players lose a town each.

    A sole most-raiders player picks the towns; otherwise each loser picks
    their own.  Then spoils (queued first: the task list is a stack).
    """
    s.tasks.append((T_SPOILS, 0, 0))
    if s.battle_area == 0:
        s.say("the Vikings are repelled")
        return
    held = s.raiders
    low, high = min(held), max(held)
    most = [p for p in range(s.num_players) if held[p] == high]
    n = s.num_players
    losers = [(s.marker_holder + i) % n for i in range(n) if held[(s.marker_holder + i) % n] == low]
    for victim in reversed(losers):
        chooser = most[0] if len(most) == 1 else victim
        s.tasks.append((T_RAZE, chooser, victim))


def _towns_of(s: BBState, seat: int) -> list[int]:
    owner, viking = s.owner, s.viking
    return [t for t in range(NUM_TOWNS) if owner[t] == seat and not viking[t]]


def task_raze(s: BBState, task: Task) -> None:
    chooser, victim = task[1], task[2]
    if not _towns_of(s, victim):
        s.say(f"P{victim + 1} has no town to lose to the Vikings")  # ruling
        return
    s.decision = (A.RAZE, chooser, victim)


def legal_raze(s: BBState, d: Decision) -> list[A.BBAction]:
    return [A.RAZE_AT[t] for t in _towns_of(s, d[2])]


def decide_raze(s: BBState, seat: int, action: A.BBAction) -> None:
    s.decision = None
    s.viking[action.a] = True
    s.say(f"the Vikings take {TOWN_IDS[action.a]} from P{s.owner[action.a] + 1}")


def task_spoils(s: BBState, task: Task) -> None:
    """Spoils of battle ("BITEVNÍ KOŘIST"), whether or not the Vikings were repelled."""
    s.battle_area = 0
    held = s.raiders
    high = max(held)
    if high == 0:
        return
    most = [p for p in range(s.num_players) if held[p] == high]
    if len(most) == 1:
        p = most[0]
        s.renown[p] += 1
        s.score[p] += s.renown[p]
        held[p] = 0
        s.say(f"P{p + 1} leads the fight: +1 renown, +{s.renown[p]} points, returns all raiders")
        high = max(held)
        if high == 0:
            return
    for p in range(s.num_players):
        if held[p] == high:
            s.score[p] += 1
            held[p] -= 1
            s.say(f"P{p + 1} has the most raiders now: +1 point, returns one raider")


# -- church ("CÍRKEV") --------------------------------------------------------
def monastery_sites(s: BBState, seat: int) -> list[int]:
    monastery = s.monastery
    return [t for t in _towns_of(s, seat) if not monastery[t]]


def task_church1(s: BBState, task: Task) -> None:
    """A sole leader places a monastery if they can, takes the marker and all their discs."""
    church = s.church
    high = max(church)
    if high == 0 or church.count(high) > 1:
        return
    p = church.index(high)
    s.marker_holder = p
    church[p] = 0
    s.say(f"P{p + 1} has the Church's favour: takes the active town marker and their discs")
    if monastery_sites(s, p):
        s.decision = (A.MONASTERY, p, 1)


def task_church2(s: BBState, task: Task) -> None:
    church = s.church
    high = max(church)
    if high == 0:
        return
    for p in range(s.num_players):
        if church[p] == high:
            s.score[p] += 1
            church[p] -= 1
            s.say(f"P{p + 1} has the most church discs now: +1 point, takes one disc back")


def task_church3(s: BBState, task: Task) -> None:
    """Clockwise from the marker holder, each player with 4+ discs places a monastery."""
    n = s.num_players
    for i in range(n - 1, -1, -1):
        s.tasks.append((T_MONK, (s.marker_holder + i) % n, 0))


def task_monk(s: BBState, task: Task) -> None:
    p = task[1]
    if s.church[p] >= data.MONASTERY_DISCS and monastery_sites(s, p):
        s.decision = (A.MONASTERY, p, 3)


def legal_monastery(s: BBState, d: Decision) -> list[A.BBAction]:
    return [A.MONASTERY_AT[t] for t in monastery_sites(s, d[1])]


def decide_monastery(s: BBState, seat: int, action: A.BBAction) -> None:
    step = s.decision[2] if s.decision else 1
    s.decision = None
    s.monastery[action.a] = True
    s.say(f"P{seat + 1} builds a monastery in {TOWN_IDS[action.a]}")
    if step == 3:
        s.church[seat] = 0


# -- region claims ("NÁROKOVÁNÍ REGIONŮ") -------------------------------------
def region_counts(s: BBState, region: int) -> tuple[list[int], int]:
    """Towns each player and the Vikings control in a region; a monastery counts twice.

    The princess's military support makes Viking towns count for her holder
    (and not for the Vikings).
    """
    counts = [0] * s.num_players
    vikings = 0
    owner, viking, monastery = s.owner, s.viking, s.monastery
    for t in REGION_TOWNS[region]:
        o = owner[t]
        if o < 0:
            continue
        weight = 2 if monastery[t] else 1
        if viking[t]:
            vikings += weight
        else:
            counts[o] += weight
    if s.princess_holder >= 0 and s.princess_side == A.MILITARY:
        counts[s.princess_holder] += vikings
        vikings = 0
    return counts, vikings


def task_claims(s: BBState, task: Task) -> None:
    """Turn claim tokens face up at their thresholds, then give each to the sole majority."""
    claim = s.claim
    for r in range(NUM_REGIONS):
        counts, vikings = region_counts(s, r)
        if claim[r] == CLAIM_DOWN:
            if sum(counts) + vikings < REGION_THRESHOLD[r]:
                continue
            claim[r] = CLAIM_ON_BOARD
            s.say(f"the claim token of {REGION_CODES[r]} turns face up")
        high = max(counts)
        if vikings > high:
            if claim[r] != CLAIM_ON_BOARD:
                s.say(f"the Vikings hold {REGION_CODES[r]}: its claim token returns to the board")
            claim[r] = CLAIM_ON_BOARD
        elif vikings < high and counts.count(high) == 1:
            p = counts.index(high)
            if claim[r] != p:
                s.say(f"P{p + 1} claims {REGION_CODES[r]}")
            claim[r] = p
        # Otherwise a tie for the most: the token stays where it is.


def task_end_round(s: BBState, task: Task) -> None:
    if s.marriage_deck:
        s.tasks.append((T_PREP, 0, 0))
        return
    s.over = True
    s.decision = None
    s.say("the marriage deck is empty: the game is over")
