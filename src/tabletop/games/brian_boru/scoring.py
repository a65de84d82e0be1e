"""Final scoring ("BODOVÁNÍ") and the tie-breaks, plus a position estimate for bots."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import Outcome
from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru import data
from tabletop.games.brian_boru.board import NUM_REGIONS, REGION_POINTS, REGION_TOWNS
from tabletop.games.brian_boru.setup import CLAIM_ON_BOARD
from tabletop.games.brian_boru.upkeep import region_counts

if TYPE_CHECKING:
    from tabletop.games.brian_boru.state import BBState


def final_breakdown(s: BBState) -> list[dict[str, int]]:
    """Each seat's end-of-game points by source (added to the points already scored).

    - the sole player with the most coins: 1;
    - the active town marker: 1;
    - 1 per renown token;
    - claim tokens in front of you: their value;
    - face-up tokens still on the board: half their value (rounded down) to
      every player tied for the most towns there (monasteries count twice;
      military support counts Viking towns; ruling: nobody scores when the
      Vikings alone have the most);
    - the table of regions where you control a town (trade counts Viking towns).
    """
    n = s.num_players
    out = [
        {"points": s.score[p], "coins": 0, "marker": 0, "renown": s.renown[p], "claims": 0}
        for p in range(n)
    ]
    top = max(s.coins)
    if s.coins.count(top) == 1:
        out[s.coins.index(top)]["coins"] = 1
    out[s.marker_holder]["marker"] = 1
    for r in range(NUM_REGIONS):
        holder = s.claim[r]
        if holder >= 0:
            out[holder]["claims"] += REGION_POINTS[r]
        elif holder == CLAIM_ON_BOARD:
            counts, vikings = region_counts(s, r)
            high = max(counts)
            if high > 0 and high >= vikings:
                for p in range(n):
                    if counts[p] == high:
                        out[p]["claims"] += REGION_POINTS[r] // 2
    for p in range(n):
        out[p]["regions"] = data.REGION_TABLE[regions_controlled(s, p)]
        out[p]["total"] = sum(out[p].values())
    return out


def regions_controlled(s: BBState, seat: int) -> int:
    """Regions where the seat controls a town (trade: Viking towns count too)."""
    trade = s.princess_holder == seat and s.princess_side == A.TRADE
    owner, viking = s.owner, s.viking
    return sum(
        1
        for r in range(NUM_REGIONS)
        if any(
            (owner[t] == seat and not viking[t]) or (trade and viking[t]) for t in REGION_TOWNS[r]
        )
    )


def tiebreak_keys(s: BBState, totals: list[int]) -> list[tuple[int, int, int]]:
    """Points, then claim tokens held, then marriage cards ("Pokud je počet ... nerozhodný")."""
    claims = [sum(1 for h in s.claim if h == p) for p in range(s.num_players)]
    return [(totals[p], claims[p], len(s.marriages[p])) for p in range(s.num_players)]


#: The final score's categories in the rulebook's order (``final_breakdown``'s keys).
BREAKDOWN_LABELS: tuple[tuple[str, str], ...] = (
    ("points", "During the game"),
    ("coins", "Most coins"),
    ("marker", "Active town marker"),
    ("renown", "Renown"),
    ("claims", "Claim tokens"),
    ("regions", "Regions with a town"),
)


def outcome(s: BBState) -> Outcome:
    parts = final_breakdown(s)
    totals = [b["total"] for b in parts]
    ranked = Outcome.from_keys(totals, tiebreak_keys(s, totals))
    breakdown = [[label, [b[key] for b in parts]] for key, label in BREAKDOWN_LABELS]
    return Outcome(ranked.scores, ranked.ranks, {"breakdown": breakdown})


# Rough values in points, for bots' one-ply comparisons (not rules).
_COIN, _RAIDER, _CHURCH, _COURT, _TOWN = 0.35, 0.6, 0.6, 0.35, 0.8
_SYMBOL_VALUE = {
    "TOWN": 2.5,
    "COIN": _COIN,
    "PAY": -_COIN,
    "CHURCH": _CHURCH,
    "RAIDER": _RAIDER,
    "COURT": _COURT,
    "EXPAND": 0.6,
    "FREE_VIKING_TOWN": 0.4,
}
# Per card value: what winning and losing with it is worth, and what holding
# it is worth (losing value plus a chance of winning that grows with value).
_WIN = (0.0, *(sum(_SYMBOL_VALUE[x] for x in c.primary) for c in data.ACTION_CARDS))
_LOSE = (
    0.0,
    *(max(sum(_SYMBOL_VALUE[x] for x in o) for o in c.secondary) for c in data.ACTION_CARDS),
)
_HOLD = tuple(_LOSE[v] + (v / 25.0) * (_WIN[v] - _LOSE[v]) if v else 0.0 for v in range(26))


def estimate(s: BBState, seat: int, own_cards: bool = False, final: int | None = None) -> float:
    """Points if the game ended now plus rough values of what the seat holds.

    ``own_cards`` adds the value of the seat's hand and draft picks: only
    for the seat that is evaluating, who may look at them.  ``final`` is the
    seat's end-of-game total when the caller has it already.
    """
    total = final_breakdown(s)[seat]["total"] if final is None else final
    towns = sum(1 for t, o in enumerate(s.owner) if o == seat and not s.viking[t])
    value = (
        total
        + _COIN * s.coins[seat]
        + _RAIDER * s.raiders[seat]
        + _CHURCH * s.church[seat]
        + _COURT * s.court[seat]
        + _TOWN * towns
    )
    value += _standing(s, seat)
    if own_cards:
        value += sum(_HOLD[c] for c in s.hands[seat]) + sum(_HOLD[c] for c in s.kept[seat])
    # A trick still being played: each card played so far is worth what it
    # would do if the trick ended now.
    d = s.decision
    if s.plays and d is not None and d[0] == A.PLAY:
        from tabletop.games.brian_boru.tricks import trick_winner

        winner = trick_winner(s)
        for p, card in s.plays:
            if p == seat:
                value += _WIN[card] if p == winner else _LOSE[card]
    return value


def _standing(s: BBState, seat: int) -> float:
    """What the coming upkeep would give the seat if it came now (majority races)."""
    value = 0.0
    raiders, church, court = s.raiders, s.church, s.court
    mine = raiders[seat]
    if mine == max(raiders) and raiders.count(mine) == 1 and mine > 0:
        value += s.renown[seat] + 2.0  # renown, points per renown
    if mine == min(raiders) and s.battle_area > 0:
        value -= _TOWN + 2.0  # a town lost to the Vikings
    if church[seat] == max(church) and church.count(church[seat]) == 1 and church[seat] > 0:
        value += 3.0  # monastery and the marker
    if court[seat] == max(court) > 1 and s.marriage_card >= 0:
        value += 3.0  # the marriage card
    return value


def heuristic(s: BBState, seat: int) -> float:
    """The seat's estimate minus the best other seat's (what the seat may know only)."""
    totals = [b["total"] for b in final_breakdown(s)]  # once for every seat
    mine = estimate(s, seat, own_cards=True, final=totals[seat])
    best = max(estimate(s, p, final=totals[p]) for p in range(s.num_players) if p != seat)
    return mine - best
