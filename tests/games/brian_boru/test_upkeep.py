"""Upkeep (FÁZE ÚDRŽBY): marriage, battle, church, region claims."""

from __future__ import annotations

from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru.board import REGION_INDEX, TOWN_INDEX
from tabletop.games.brian_boru.flow import (
    T_BATTLE,
    T_CHURCH1,
    T_CHURCH2,
    T_CHURCH3,
    T_CLAIMS,
    T_MARRIAGE,
)
from tabletop.games.brian_boru.setup import CLAIM_DOWN, CLAIM_ON_BOARD, PRINCESS_CARD

from .scenes import at_first_trick, clear_board, own, run_tasks


def quiet(players=4):
    s = at_first_trick(players)
    clear_board(s)
    s.score = [10] * players
    s.coins = [0] * players
    s.renown = [1] * players
    s.raiders = [0] * players
    s.church = [0] * players
    s.court = [1] * players
    s.battle_area = 0
    return s


# -- marriage -----------------------------------------------------------------
def test_highest_disc_marries_and_others_take_track_rewards():
    s = quiet()
    s.marriage_card = 2  # Brigid: 4 points
    s.court = [7, 3, 8, 6]
    run_tasks(s, (T_MARRIAGE, 0, 0))
    assert s.marriages[2] == [2] and s.score[2] == 14 and s.court[2] == 1
    # Space 7: 2 coins; 3: 1 coin; 6: 2 coins; the winner (now on 1) nothing.
    assert s.coins == [2, 1, 0, 2] and s.renown == [1, 1, 1, 1]


def test_marriage_town_reward_and_track_space_nine():
    s = quiet()
    s.marriage_card = 0  # Aodhán: 2 points and a town in Leinster
    s.court = [10, 9, 1, 1]
    run_tasks(s, (T_MARRIAGE, 0, 0))
    assert s.decision == (A.PLACE, 0, REGION_INDEX["LEI"])
    assert all(a.text.startswith("place LEI-") for a in s.legal_actions(0))
    s.apply_text(0, "place LEI-4")
    # Then space 9: a disc on any empty town.
    assert s.decision == (A.PLACE, 1, -1)
    s.apply_text(1, "place MUN-2")
    assert s.owner[TOWN_INDEX["LEI-4"]] == 0 and s.owner[TOWN_INDEX["MUN-2"]] == 1


def test_all_on_first_space_removes_the_card():
    s = quiet()
    s.marriage_card = 3
    run_tasks(s, (T_MARRIAGE, 0, 0))
    assert s.marriages == [[], [], [], []] and s.marriage_card == -1


def test_princess_choices():
    for choice, holder_side, points in (("military", A.MILITARY, 10), ("spurn", -1, 14)):
        s = quiet()
        s.marriage_card = PRINCESS_CARD
        s.court = [1, 4, 1, 1]
        run_tasks(s, (T_MARRIAGE, 0, 0))
        assert [a.text for a in s.legal_actions(1)] == [
            "princess military",
            "princess trade",
            "princess spurn",
        ]
        s.apply_text(1, f"princess {choice}")
        assert s.princess_side == holder_side and s.score[1] == points
        assert len(s.marriages[1]) == (0 if choice == "spurn" else 1)


# -- battle -------------------------------------------------------------------
def test_fewest_raiders_lose_a_town_chosen_by_the_sole_most():
    s = quiet()
    s.battle_area = 3
    s.raiders = [0, 5, 2, 0]
    own(s, 0, "CON-1", "CON-2")
    own(s, 3, "MUN-1")
    s.marker_holder = 0
    run_tasks(s, (T_BATTLE, 0, 0))
    # P2 (seat 1, most raiders) chooses P1's town; P4's only town falls by itself.
    assert s.decision == (A.RAZE, 1, 0)
    s.apply_text(1, "raze CON-2")
    assert s.viking[TOWN_INDEX["CON-2"]] and s.viking[TOWN_INDEX["MUN-1"]]
    assert s.battle_area == 0
    # Spoils: P2 gains a renown (2) and scores 1 per renown, returns all raiders;
    # then P3 (2 raiders) has the most: +1 point and returns one.
    assert s.renown[1] == 2 and s.score[1] == 12 and s.raiders[1] == 0
    assert s.score[2] == 11 and s.raiders[2] == 1


def test_tied_most_raiders_losers_choose_their_own_town_and_spoils_skip():
    s = quiet()
    s.battle_area = 1
    s.raiders = [3, 3, 1, 2]
    own(s, 2, "CON-1", "CON-2")
    run_tasks(s, (T_BATTLE, 0, 0))
    assert s.decision == (A.RAZE, 2, 2)
    s.apply_text(2, "raze CON-1")
    # Tie for most: no renown; both tied players +1 point and return one raider.
    assert s.renown == [1, 1, 1, 1]
    assert s.score[:2] == [11, 11] and s.raiders == [2, 2, 1, 2]


def test_repelled_vikings_still_pay_spoils_and_a_loser_without_towns_is_skipped():
    s = quiet()
    s.raiders = [1, 0, 0, 0]
    run_tasks(s, (T_BATTLE, 0, 0))
    assert not any(s.viking) and s.renown[0] == 2 and s.score[0] == 12
    s = quiet()
    s.battle_area = 2
    s.raiders = [1, 0, 0, 0]
    run_tasks(s, (T_BATTLE, 0, 0))
    assert s.decision is None and not any(s.viking)


# -- church -------------------------------------------------------------------
def test_church_steps():
    s = quiet()
    s.church = [5, 4, 4, 0]
    s.marker_holder = 3
    own(s, 0, "SUN-1")
    own(s, 1, "SUN-2", "SUN-3")
    own(s, 2, "SUN-4")
    run_tasks(s, (T_CHURCH1, 0, 0), (T_CHURCH2, 0, 0), (T_CHURCH3, 0, 0))
    # Step 1: P1 alone has most: monastery (only one town: automatic), the
    # marker, all discs back.  Step 2: P2 and P3 (4 each) +1 point, one disc
    # back (3 left).  Step 3: nobody has 4 any more.
    assert s.monastery[TOWN_INDEX["SUN-1"]] and s.marker_holder == 0
    assert s.church == [0, 3, 3, 0] and s.score == [10, 11, 11, 10]


def test_church_tie_for_most_then_four_discs_build_clockwise_from_marker():
    s = quiet()
    s.church = [6, 6, 5, 1]
    s.marker_holder = 2
    own(s, 0, "SUN-1")
    own(s, 1, "SUN-2", "SUN-3")
    own(s, 2, "SUN-4")
    run_tasks(s, (T_CHURCH1, 0, 0), (T_CHURCH2, 0, 0), (T_CHURCH3, 0, 0))
    # Step 1 skipped (tie).  Step 2: P1, P2 +1 and back to 5.  Step 3 from P3:
    # P3 (5) builds on its only town; P1 (5) too; P2 (5) chooses.
    assert s.decision == (A.MONASTERY, 1, 3)
    s.apply_text(1, "monastery SUN-3")
    assert s.church == [0, 0, 0, 1] and s.score == [11, 11, 10, 10]
    assert [s.monastery[TOWN_INDEX[t]] for t in ("SUN-1", "SUN-2", "SUN-3", "SUN-4")] == [
        True,
        False,
        True,
        True,
    ]


# -- region claims ------------------------------------------------------------
def test_claims_flip_at_threshold_with_vikings_and_monasteries():
    s = quiet()
    dub, bre = REGION_INDEX["DUB"], REGION_INDEX["BRE"]
    own(s, 0, "DUB-1")
    own(s, 1, "DUB-2", viking=True)  # Viking towns count toward the threshold
    own(s, 2, "BRE-1")
    s.monastery[TOWN_INDEX["BRE-1"]] = True  # counts as two towns
    run_tasks(s, (T_CLAIMS, 0, 0))
    assert s.claim[bre] == 2  # threshold 2 reached by one monastery town
    assert s.claim[dub] == CLAIM_ON_BOARD  # P1 and the Vikings tie: stays on board


def test_claims_move_only_to_a_strict_majority_and_back_to_vikings():
    s = quiet()
    dub = REGION_INDEX["DUB"]
    own(s, 0, "DUB-1", "DUB-2")
    own(s, 1, "DUB-3")
    run_tasks(s, (T_CLAIMS, 0, 0))
    assert s.claim[dub] == 0
    s.owner[TOWN_INDEX["DUB-1"]] = 1
    run_tasks(s, (T_CLAIMS, 0, 0))
    assert s.claim[dub] == 1  # P2 now has more towns
    s.viking[TOWN_INDEX["DUB-1"]] = True
    s.viking[TOWN_INDEX["DUB-3"]] = True
    run_tasks(s, (T_CLAIMS, 0, 0))
    assert s.claim[dub] == CLAIM_ON_BOARD  # the Vikings have the most
    s.princess_holder, s.princess_side = 3, A.MILITARY
    run_tasks(s, (T_CLAIMS, 0, 0))
    assert s.claim[dub] == 3  # military support: Viking towns count for P4


def test_face_down_token_below_threshold_is_not_claimed():
    s = quiet()
    own(s, 0, "MUN-1", "MUN-2", "MUN-3", "MUN-4")
    run_tasks(s, (T_CLAIMS, 0, 0))
    assert s.claim[REGION_INDEX["MUN"]] == CLAIM_DOWN
