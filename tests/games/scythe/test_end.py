"""Objectives, stars, the end of the game and hidden information (rulebook "Úkoly",
"Hvězdy", "Konec hry a bodování" with its "Speciální případy", "Příprava" on what is
secret), played through the engine."""

from __future__ import annotations

import json

import pytest

from tabletop.games.scythe.data.cards import OBJECTIVES
from tabletop.games.scythe.game import ScytheState
from tests.games.scythe.scenes import (
    begin,
    build,
    character,
    encounter_token,
    game,
    hand,
    legal,
    mechs,
    play,
    pos,
    resources,
    top_done,
    workers,
)

MOVE = 2
FIVE = ["upgrades", "mechs", "structures", "recruits", "workers"]


# -- objectives ------------------------------------------------------------------------------


def test_objective_revealed_before_or_between_actions_never_during_one() -> None:
    """Úkoly: reveal before or after a top or bottom action, never during."""
    st = game()
    p = st.players[0]
    p.objectives = [13, 20]  # 13: six own tokens on one territory
    workers(st, 0, "1,1", 6)
    workers(st, 0, "0,1")
    begin(st, 0)
    assert "objective 13" in legal(st)
    play(st, "section 2")  # Produce
    assert not any(t.startswith("objective") for t in legal(st))
    play(st, "produce 1,1 1")
    assert st.phase == "produce" and not any(t.startswith("objective") for t in legal(st))
    play(st, "done")
    assert top_done(st) and "objective 13" in legal(st)
    play(st, "objective 13")
    assert p.stars == ["objective"]
    assert p.objectives == []  # both cards go
    assert top_done(st)


def test_objective_between_the_factory_cards_top_action_and_its_move() -> None:
    """Úkoly, Továrna: reveal between the Factory card's top action and Move."""
    st = game()
    p = st.players[0]
    p.factory = 4
    p.objectives = [8]  # $2 or less, 4+ workers, 7+ popularity
    p.coins, p.popularity = 2, 7
    workers(st, 0, "1,1", 4)
    begin(st, 0, "top", 4)
    play(st, "skip")
    assert st.phase == "move" and "objective 8" in legal(st)
    play(st, "move worker 1,1>0,1")
    assert not any(t.startswith("objective") for t in legal(st))  # during the move
    play(st, "stop")
    assert st.phase == "end" and "objective 8" in legal(st)


def test_end_of_turn_objectives_only_at_the_end_of_the_turn() -> None:
    """Úkoly (card text "at the end of your turn"): checked only when the turn ends."""
    st = game()
    p = st.players[0]
    p.objectives = [12]  # $20 at the end of your turn
    p.coins = 20
    begin(st, 0)
    assert not any(t.startswith("objective") for t in legal(st))
    play(st, "section 1", "skip")  # the bottom action is skipped by itself (one answer)
    assert st.log()[-1].endswith(": skip (forced)")
    assert st.phase == "end" and legal(st) == ["objective 12", "end"]
    play(st, "end")
    assert st.active == 1 and p.objectives == [12] and p.stars == []


def test_objective_only_while_its_condition_holds() -> None:
    """Úkoly: an objective is revealed only while its condition holds."""
    st = game()
    p = st.players[0]
    p.objectives = [12]
    p.coins = 20
    begin(st, 0, "top", 0)
    play(st, "bolster power 2", "skip")  # $19 at the end of the turn
    assert st.active == 1 and p.stars == []


def test_only_one_objective_star() -> None:
    """Úkoly: "Splnit můžete maximálně 1 úkol a získat 1 hvězdu"."""
    st = game()
    p = st.players[0]
    p.stars = ["objective"]
    p.objectives = [12]
    p.coins = 25
    begin(st, 0)
    play(st, "section 1", "skip", "skip")
    assert st.active == 1


# -- stars -----------------------------------------------------------------------------------


def star_scene(category: str) -> tuple[ScytheState, tuple[int, str], str]:
    """Seat 0 one step short of the ``category`` star, with the action that earns it."""
    st = game()
    p = st.players[0]
    workers(st, 0, "3,1")
    if category == "upgrades":
        p.upgraded = [True] * 5 + [False]
        resources(st, "3,1", oil=3)
        return st, (0, "bottom"), "upgrade bolster.cards to deploy"
    if category == "mechs":
        mechs(st, 0, "4,1", 3)
        resources(st, "3,1", metal=3)
        return st, (1, "bottom"), "deploy speed at 3,1"
    if category == "structures":
        for hex_, kind in (("1,1", "mine"), ("0,1", "mill"), ("4,1", "armory")):
            build(st, 0, hex_, kind)
        resources(st, "3,1", wood=3)
        return st, (2, "bottom"), "build monument at 3,1"
    if category == "recruits":
        p.recruits = {"upgrade": "power", "deploy": "coins", "build": "popularity"}
        resources(st, "3,1", food=4)
        return st, (3, "bottom"), "enlist enlist for cards"
    if category == "workers":
        workers(st, 0, "2,1", 6)
        p.power = 5
        return st, (1, "top"), "produce 2,1 1"
    if category == "popularity":
        p.popularity = 17
        return st, (3, "top"), "trade popularity 1"
    if category == "power":
        p.power = 14
        return st, (0, "top"), "bolster power 2"
    if category == "objective":
        p.objectives = [20]  # 3 structures, 7 popularity, no mech
        for hex_, kind in (("1,1", "mine"), ("0,1", "mill"), ("4,1", "armory")):
            build(st, 0, hex_, kind)
        p.popularity = 7
        return st, (-1, "section"), "objective 20"
    raise AssertionError(category)


@pytest.mark.parametrize(
    "category",
    ["upgrades", "mechs", "structures", "recruits", "workers", "popularity", "power", "objective"],
)
def test_each_achievement_places_a_star_at_once(category: str) -> None:
    """Hvězdy: every achievement of the triumph track places a star at once."""
    st, (section, phase), text = star_scene(category)
    begin(st, 0, phase, section)
    play(st, text)
    assert st.players[0].stars == [category]


def test_combat_victories_place_two_stars() -> None:
    """Hvězdy: "Zvítězit v boji (lze získat 2x)"."""
    st = game()
    mechs(st, 0, "3,1", 2)
    mechs(st, 1, "3,2")
    mechs(st, 1, "4,1")
    begin(st, 0, "top", MOVE)
    play(st, "move mech 3,1>3,2", "move mech 3,1>4,1", "fight 3,2")
    play(st, "commit 0", seat=0)
    play(st, "commit 0", seat=1)
    play(st, "commit 0", seat=0)
    play(st, "commit 0", seat=1)
    assert st.players[0].stars == ["combat", "combat"]


def test_a_star_stays_when_the_track_falls_back() -> None:
    """Hvězdy: "O umístěnou hvězdu už nelze přijít" (18 popularity, then less)."""
    st = game()
    p = st.players[0]
    p.popularity = 17
    begin(st, 0, "top", 3)
    play(st, "trade popularity 1")
    p.popularity = 10
    play(st, "skip")
    begin(st, 0, "top", 3)
    p.popularity = 17
    play(st, "trade popularity 1")
    assert p.stars == ["popularity"]


# -- the end of the game ----------------------------------------------------------------------


def test_sixth_star_ends_the_game_at_once() -> None:
    """Konec hry: the sixth star ends the game at once, mid-turn."""
    st = game()
    p = st.players[0]
    p.stars = FIVE[:]
    p.power = 14
    workers(st, 0, "3,1")
    resources(st, "3,1", oil=3)
    begin(st, 0, "top", 0)
    play(st, "bolster power 2")
    assert st.is_over() and st.to_move() == []
    assert p.stars == [*FIVE, "power"]
    assert p.cubes == [0, 0, 0, 0] and st.board.res[pos("3,1") * 4 + 3] == 3  # no Upgrade
    assert len(st.outcome().scores) == 2


def test_bottom_action_finishes_with_coins_and_ongoing_bonuses() -> None:
    """Speciální případy: a bottom action finishes with coins and bonuses."""
    st = game()
    p = st.players[0]
    p.stars = ["upgrades", "structures", "recruits", "workers", "combat"]
    mechs(st, 0, "4,1", 3)
    workers(st, 0, "3,1")
    resources(st, "3,1", metal=3)
    p.recruits = {"deploy": "coins"}
    st.players[1].recruits = {"deploy": "power"}
    begin(st, 0, "bottom", 1)
    play(st, "deploy speed at 3,1")
    assert st.is_over()
    assert p.stars[-1] == "mechs" and len(p.stars) == 6
    assert p.coins == 4 + 2 + 1  # the section's $2, the ongoing $1
    assert st.players[1].coins == 5 + 1


def test_pending_battles_are_called_off_and_the_attacker_goes_back() -> None:
    """Omezený počet hvězd a konec hry: pending battles are called off."""
    st = game()
    p = st.players[0]
    p.stars = FIVE[:]
    mechs(st, 0, "3,1", 2)
    workers(st, 0, "3,1")
    mechs(st, 1, "3,2")
    mechs(st, 1, "4,1")
    begin(st, 0, "top", MOVE)
    play(st, "move mech 3,1>3,2", "carry nothing", "move mech 3,1>4,1", "carry w1", "fight 3,2")
    play(st, "commit 0", seat=0)
    play(st, "commit 0", seat=1)
    assert st.is_over() and p.stars[-1] == "combat"
    assert st.board.mechs[0][pos("3,2")] == 1  # the battle fought
    assert st.board.mechs[0][pos("4,1")] == 0 and st.board.workers[0][pos("4,1")] == 0
    assert st.board.mechs[0][pos("3,1")] == 1 and st.board.workers[0][pos("3,1")] == 1
    assert st.controller(pos("4,1")) == 1


def test_no_encounter_after_the_sixth_star() -> None:
    """Konec hry: the game ends "i kdyby ... ho čekalo Setkání či boj"."""
    st = game()
    p = st.players[0]
    p.stars = FIVE[:]
    character(st, 0, "3,1")
    mechs(st, 1, "3,2")
    encounter_token(st, "3,2", 20)
    begin(st, 0, "top", MOVE)
    play(st, "move character 3,1>3,2", "commit 0", "commit 0")
    assert st.is_over() and st.board.encounter[pos("3,2")] and st.enc_card == 0


def test_stars_earned_in_anothers_turn_come_after_the_action_in_turn_order() -> None:
    """Speciální případy: others' stars after the action, in turn order."""
    st = game(("nordic", "rusviet", "crimea"), ("industrial", "engineering", "patriotic"))
    for s in (0, 1, 2):
        st.players[s].recruits["build"] = "popularity"
        st.players[s].popularity = 17
    st.players[2].stars = FIVE[:]  # right neighbour of seat 1
    st.players[0].stars = FIVE[:4]
    workers(st, 1, "4,3")
    resources(st, "4,3", wood=3)
    begin(st, 1, "bottom", 2)
    play(st, "build mill at 4,3")
    # Seat 1 (active) places at once, then seat 2 (left of 1): its sixth star ends the
    # game before seat 0 (right of 1) may place its own.
    assert st.players[1].stars == ["popularity"]
    assert st.players[2].stars == [*FIVE, "popularity"]
    assert st.players[0].stars == FIVE[:4]
    assert st.is_over()


def test_others_stars_are_placed_when_the_game_goes_on() -> None:
    """Speciální případy: stars reached in another's turn are placed after its action."""
    st = game(("nordic", "rusviet", "crimea"), ("industrial", "engineering", "patriotic"))
    for s in (0, 2):
        st.players[s].recruits["build"] = "popularity"
        st.players[s].popularity = 17
    workers(st, 1, "4,3")
    resources(st, "4,3", wood=3)
    begin(st, 1, "bottom", 2)
    play(st, "build mill at 4,3")
    assert st.players[0].stars == ["popularity"] and st.players[2].stars == ["popularity"]
    assert not st.is_over() and st.star_queue == []


# -- hidden information ------------------------------------------------------------------------


def test_views_hide_other_hands_objectives_and_deck_order() -> None:
    """Příprava: hands' values, objectives and deck order are secret."""
    st = game()
    hand(st, 0, 5, 4)
    hand(st, 1, 3)
    st.players[0].objectives = [7, 9]
    st.players[1].objectives = [11, 21]
    mine = st.view(0)
    theirs = mine["players"][1]
    assert mine["players"][0]["hand"] == [4, 5]
    assert [o["number"] for o in mine["players"][0]["objectives"]] == [7, 9]
    assert theirs["combat_cards"] == 1 and theirs["objective_cards"] == 2
    assert "hand" not in theirs and "objectives" not in theirs
    assert isinstance(mine["combat_deck"], int) and isinstance(mine["encounter_deck"], int)
    assert "factory_pool" not in mine
    spectator = st.view(None)
    assert all("hand" not in p and "objectives" not in p for p in spectator["players"])
    text = json.dumps(st.view(1))
    assert '"hand": [3]' in text
    assert OBJECTIVES[7].name not in text and OBJECTIVES[9].name not in text


def test_committed_dial_hidden_until_revealed() -> None:
    """Určení moci: set "Zároveň a tajně"; both shown at the reveal ("Odhalení")."""
    st = game()
    mechs(st, 0, "3,1")
    mechs(st, 1, "3,2")
    begin(st, 0, "top", MOVE)
    play(st, "move mech 3,1>3,2", "done")
    play(st, "commit 3", seat=0)
    assert "my_commit" not in st.view(1)["battle"] and "my_commit" not in st.view(None)["battle"]
    assert st.view(1)["last_battle"] == {}
    play(st, "commit 2", seat=1)
    assert st.view(1)["last_battle"]["power"] == [3, 2]


def test_number_of_committed_cards_hidden_until_revealed() -> None:
    """Přidejte bojové karty: how many cards were committed stays secret."""
    st = game()
    mechs(st, 0, "3,1")
    character(st, 0, "3,1")
    mechs(st, 1, "3,2")
    hand(st, 0, 2, 3)
    begin(st, 0, "top", MOVE)
    play(st, "move mech 3,1>3,2", "move character 3,1>3,2")
    before = st.view(1)["players"][0]["combat_cards"]
    play(st, "commit 0 with 2+3", seat=0)
    assert st.view(1)["players"][0]["combat_cards"] == before
