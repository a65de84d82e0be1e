"""Final scoring (BODOVÁNÍ) and tie-breaks."""

from __future__ import annotations

from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru.board import REGION_INDEX, TOWN_INDEX
from tabletop.games.brian_boru.scoring import final_breakdown, outcome, regions_controlled
from tabletop.games.brian_boru.setup import CLAIM_ON_BOARD

from .scenes import own
from .test_upkeep import quiet


def test_each_source_of_final_points():
    s = quiet(3)
    s.score = [20, 20, 20]
    s.coins = [5, 2, 1]
    s.renown = [2, 0, 3]
    s.marker_holder = 1
    s.claim[REGION_INDEX["CON"]] = 0  # held: 7 points
    s.claim[REGION_INDEX["DUB"]] = CLAIM_ON_BOARD  # 2 points, half to the tied most
    own(s, 1, "DUB-1")
    own(s, 2, "DUB-2")
    own(s, 0, "NUN-1", "ULA-1", "BRE-1", "SUN-1", "MUN-1")  # five regions: 3 points
    b = final_breakdown(s)
    assert b[0] == {
        "points": 20,
        "coins": 1,
        "marker": 0,
        "renown": 2,
        "claims": 7,
        "regions": 3,
        "total": 33,
    }
    assert b[1]["claims"] == 1 and b[2]["claims"] == 1 and b[1]["marker"] == 1
    assert b[1]["regions"] == 0 and b[2]["regions"] == 0  # one region each


def test_coin_tie_scores_nothing_and_vikings_majority_blocks_half_points():
    s = quiet(3)
    s.coins = [4, 4, 0]
    s.claim[REGION_INDEX["DUB"]] = CLAIM_ON_BOARD
    own(s, 0, "DUB-1", "DUB-2", viking=True)
    own(s, 1, "DUB-3")
    b = final_breakdown(s)
    assert [x["coins"] for x in b] == [0, 0, 0]
    assert [x["claims"] for x in b] == [0, 0, 0]
    s.princess_holder, s.princess_side = 2, A.MILITARY
    assert final_breakdown(s)[2]["claims"] == 1  # Viking towns now count for P3


def test_region_table_and_trade():
    s = quiet(3)
    own(s, 0, "NUN-1", "ULA-1", "BRE-1", "SUN-1", "DUB-1", "CON-1")
    own(s, 1, "LEI-1", "MUN-1", viking=True)
    assert regions_controlled(s, 0) == 6 and final_breakdown(s)[0]["regions"] == 5
    s.princess_holder, s.princess_side = 0, A.TRADE
    assert regions_controlled(s, 0) == 8 and final_breakdown(s)[0]["regions"] == 10
    s.princess_side = A.MILITARY  # military support does not count for the table
    assert regions_controlled(s, 0) == 6
    assert regions_controlled(s, 1) == 0


def test_tie_breaks_claims_then_marriages_then_shared():
    s = quiet(3)
    s.over = True
    s.renown = [0, 0, 0]
    s.marker_holder = 2
    s.claim[REGION_INDEX["ULA"]] = 0  # 4 points
    s.claim[REGION_INDEX["DUB"]] = 1  # 2 points
    s.score = [30, 32, 33]  # with the marker's point: 34 each
    assert [b["total"] for b in final_breakdown(s)] == [34, 34, 34]
    assert outcome(s).ranks == (1, 1, 3)  # P3 holds no claim token
    s.marriages = [[1], [2, 3], []]
    assert outcome(s).ranks == (2, 1, 3)  # then more marriage cards
    s.marriages = [[1], [2], []]
    assert outcome(s).winners() == [0, 1]  # still tied: shared victory


def test_monastery_counts_double_for_board_tokens():
    s = quiet(3)
    s.claim[REGION_INDEX["DUB"]] = CLAIM_ON_BOARD
    own(s, 0, "DUB-1")
    s.monastery[TOWN_INDEX["DUB-1"]] = True
    own(s, 1, "DUB-2", "DUB-3")
    b = final_breakdown(s)
    assert b[0]["claims"] == 1 and b[1]["claims"] == 1
