"""Setup (PŘÍPRAVA HRY), preparation and the draft (FÁZE VÝBĚRU KARET)."""

from __future__ import annotations

import pytest

from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru.board import REGION_CODES, TOWN_IDS, TOWN_REGION
from tabletop.games.brian_boru.setup import CLAIM_DOWN, PRINCESS_CARD

from .scenes import fresh, kind


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup(players):
    s = fresh(players)
    assert s.coins == [3] * players and s.renown == [1] * players
    assert s.score == [10] * players and s.court == [1] * players
    assert s.claim == [CLAIM_DOWN] * 8
    # Two (3 players) or three random marriage cards on top of the princess.
    assert s.marriage_deck[0] == PRINCESS_CARD
    assert len(s.marriage_deck) == {3: 3, 4: 4, 5: 4}[players]
    assert s.rounds == len(s.marriage_deck)
    assert len(s.marriage_removed) == 7 - len(s.marriage_deck) + 1
    assert s.to_move() == [s.first_player] and s.marker_holder == s.first_player


def test_first_towns_one_region_per_player_clockwise():
    s = fresh(5, seed=11)
    order = [(s.first_player + i) % 5 for i in range(5)]
    regions = []
    for seat in order:
        assert s.to_move() == [seat]
        moves = s.legal_actions(seat)
        assert all(TOWN_REGION[m.a] not in regions for m in moves)  # type: ignore[attr-defined]
        s.apply(seat, moves[-1])
        regions.append(TOWN_REGION[moves[-1].a])  # type: ignore[attr-defined]
    assert len(set(regions)) == 5
    placed = sorted(REGION_CODES[TOWN_REGION[t]] for t in range(53) if s.owner[t] >= 0)
    assert placed == sorted(REGION_CODES[r] for r in regions)
    assert all(TOWN_IDS[t][:3] == REGION_CODES[TOWN_REGION[t]] for t in range(53))


def _through_setup(players, seed=5):
    s = fresh(players, seed)
    while kind(s) == A.START:
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    return s


@pytest.mark.parametrize(
    ("players", "dealt", "aside", "passes"), [(3, 8, 1, 3), (4, 6, 1, 2), (5, 5, 0, 2)]
)
def test_draft_deal_keep_two_and_pass_left(players, dealt, aside, passes):
    s = _through_setup(players)
    assert s.round == 1 and s.battle_area in (9, 10, 11, 12, 13, 14)
    assert [len(p) for p in s.packs] == [dealt] * players and len(s.aside) == aside
    decisions = 0
    while kind(s) == A.PICK:
        assert sorted(s.to_move()) == list(range(players))  # simultaneous
        before = [p[:] for p in s.packs]
        for seat in range(players):
            s.apply(seat, s.legal_actions(seat)[0])
            # A pick is hidden from the others until everyone has picked.
        decisions += 1
        if kind(s) == A.PICK:
            # What seat i did not keep went to seat i + 1 (its left).
            for seat in range(players):
                assert s.packs[(seat + 1) % players] == before[seat][2:]
    assert decisions == passes
    assert [len(h) for h in s.hands] == [dealt] * players


def test_draft_pick_is_hidden_and_simultaneous():
    s = _through_setup(4)
    s.apply(0, s.legal_actions(0)[0])
    assert s.to_move() == [1, 2, 3]
    v1 = s.view(1)
    assert "kept" not in str(v1["players"][0]) and v1["draft"]["kept"] == []
    assert all("you keep" not in line for line in v1["log"])
    assert any("you keep" in line for line in s.view(0)["log"])
    assert s.legal_actions(0) == []


@pytest.mark.parametrize(("players", "tricks"), [(3, 7), (4, 5), (5, 4)])
def test_tricks_until_one_card_left(players, tricks):
    s = _through_setup(players)
    while kind(s) == A.PICK:
        for seat in s.to_move():
            s.apply(seat, s.legal_actions(seat)[0])
    leads = 0
    while s.round == 1 and not s.over:
        d = s.decision
        if d is not None and d[0] == A.LEAD:
            leads += 1
        seat = s.to_move()[0]
        s.apply(seat, s.legal_actions(seat)[0])
        if kind(s) == A.PICK:
            break
    assert leads == tricks
