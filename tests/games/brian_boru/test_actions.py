"""Card symbols (AKCE), trick rules, notation and illegal-action reasons."""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction, NotationError, get_game
from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru.board import TOWN_INDEX
from tabletop.games.brian_boru.flow import T_SYMBOL
from tabletop.games.brian_boru.tricks import S_COURT, S_PAY, S_RAIDER

from .scenes import own, play, run_tasks, trick_scene


def test_pay_coin_then_points_then_nothing():
    s = trick_scene([[1, 2], [3, 4], [5, 6], [7, 8]])
    s.coins[0], s.score[0] = 1, 3
    run_tasks(s, (T_SYMBOL, 0, S_PAY), (T_SYMBOL, 0, S_PAY), (T_SYMBOL, 0, S_PAY))
    assert s.coins[0] == 0 and s.score[0] == 0  # 1 coin, then 2 points, then 1 -> 0
    run_tasks(s, (T_SYMBOL, 0, S_PAY))
    assert s.score[0] == 0


def test_raider_from_empty_battle_area_has_no_effect_and_buys_are_capped():
    s = trick_scene([[1, 2], [3, 4], [5, 6], [7, 8]], battle_area=0, coins=[9, 0, 0, 0])
    run_tasks(s, (T_SYMBOL, 0, S_RAIDER))
    assert s.raiders[0] == 0 and s.decision is None
    s.battle_area = 3
    run_tasks(s, (T_SYMBOL, 0, S_RAIDER))
    assert s.raiders[0] == 1 and [a.text for a in s.legal_actions(0)] == ["buy 0", "buy 1", "buy 2"]
    with pytest.raises(IllegalAction, match="at most 2"):
        s.apply_text(0, "buy 3")
    s.apply_text(0, "buy 2")
    assert s.raiders[0] == 3 and s.coins[0] == 5 and s.battle_area == 0


def test_court_stops_at_the_top_space():
    s = trick_scene([[1, 2], [3, 4], [5, 6], [7, 8]], coins=[10, 0, 0, 0], court=[8, 1, 1, 1])
    run_tasks(s, (T_SYMBOL, 0, S_COURT))
    assert s.court[0] == 9 and [a.text for a in s.legal_actions(0)] == ["buy 0", "buy 1"]
    s.apply_text(0, "buy 1")
    run_tasks(s, (T_SYMBOL, 0, S_COURT))
    assert s.court[0] == 10 and s.coins[0] == 8


def test_leader_must_pick_a_town_they_can_follow():
    s = trick_scene([[1, 4, 7], [2, 3, 5], [6, 8, 9], [10, 11, 12]], leader=0)
    # P1 holds only yellow cards: only yellow towns may become the active town.
    legal = {a.text for a in s.legal_actions(0)}
    assert "lead NUN-5" in legal and "lead NUN-1" not in legal
    with pytest.raises(IllegalAction, match="no red or white card"):
        s.apply_text(0, "lead NUN-1")


def test_expand_not_into_the_active_town_and_not_from_viking_towns():
    s = trick_scene([[1, 4], [2, 5], [6, 8], [10, 11]], leader=0, coins=[0, 9, 0, 0])
    own(s, 1, "CON-4")
    own(s, 1, "LEI-4", viking=True)
    play(s, (0, "lead CON-3"), (0, "play 4"), (1, "play 2"), (2, "play 6"), (3, "play 10"))
    # P2 (card 2, lowest) acts first: CON-3 is the active town, LEI-4 is Viking-held.
    play(s, (1, "option 1"))
    assert [a.text for a in s.legal_actions(1)] == ["expand CON-8", "decline"]
    with pytest.raises(IllegalAction, match="active town"):
        s.apply_text(1, "expand CON-3")


def test_card_13_lower_option_frees_a_viking_town_then_pays():
    s = trick_scene([[13, 1], [2, 8], [4, 6], [5, 3]], leader=1, coins=[1, 0, 0, 0])
    own(s, 2, "MUN-1", viking=True)
    own(s, 3, "MUN-2", viking=True)
    play(s, (1, "lead CON-1"), (1, "play 2"), (2, "play 4"), (3, "play 5"), (0, "play 13"))
    # White 13 is wild and highest at the red town: P1 wins.
    assert s.log[-1][1] == "P1 wins the trick"
    s2 = trick_scene([[13, 1], [2, 8], [4, 24], [5, 3]], leader=1, coins=[1, 0, 0, 0])
    own(s2, 2, "MUN-1", viking=True)
    own(s2, 3, "MUN-2", viking=True)
    play(s2, (1, "lead CON-1"), (1, "play 2"), (2, "play 24"), (3, "play 5"), (0, "play 13"))
    # Red 24 beats white 13; P1 (13) takes the lower option when its turn comes.
    play(s2, (1, "option 2"), (3, "option 2"), (0, "option 2"))
    assert [a.text for a in s2.legal_actions(0)] == ["free MUN-1", "free MUN-2"]
    s2.apply_text(0, "free MUN-2")
    assert not s2.viking[TOWN_INDEX["MUN-2"]] and s2.owner[TOWN_INDEX["MUN-2"]] == 3
    assert s2.coins[0] == 0  # then pays a coin


def test_notation_round_trip_and_errors():
    game = get_game("brian-boru")
    for text in (
        "start NUN-3",
        "pick 3 17",
        "lead CON-4",
        "play 11",
        "option 2",
        "buy 0",
        "expand BRE-1",
        "decline",
        "free CON-3",
        "place LEI-3",
        "princess trade",
        "raze CON-3",
        "monastery CON-3",
    ):
        assert str(game.parse_action(text)) == text
    assert game.parse_action("pick 17 3").text == "pick 3 17"
    assert game.parse_action("  PLAY   11 ").text == "play 11"
    with pytest.raises(NotationError, match="unknown action 'plya'"):
        game.parse_action("plya 11")
    with pytest.raises(NotationError, match="no town 'CON-12'"):
        game.parse_action("lead CON-12")
    with pytest.raises(NotationError, match="card value 1-25"):
        game.parse_action("play 26")
    with pytest.raises(NotationError, match="empty"):
        game.parse_action("   ")
    assert A.parse("princess MILITARY").text == "princess military"


def test_illegal_actions_explain_and_change_nothing():
    s = trick_scene([[1, 4], [2, 5], [6, 8], [10, 11]], leader=0)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="not to move"):
        s.apply_text(1, "lead CON-3")
    with pytest.raises(IllegalAction, match="now you must put the active town marker"):
        s.apply_text(0, "play 1")
    own(s, 3, "CON-3")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="already has a disc"):
        s.apply_text(0, "lead CON-3")
    assert s.to_json() == before


@pytest.mark.parametrize("text", ["pick 1 ²", "pick ١ 2", "pick " + "9" * 50 + " 1"])
def test_only_short_ascii_card_numbers(text: str) -> None:
    with pytest.raises(NotationError, match="expected 'pick CARD CARD'"):
        get_game("brian-boru").parse_action(text)


def test_over_long_texts_are_refused_before_parsing() -> None:
    with pytest.raises(NotationError, match="longer than 300 characters"):
        get_game("brian-boru").parse_action("pick " + "9" * 5000 + " 1")
