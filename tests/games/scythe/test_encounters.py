"""Encounters (rulebook "Setkání", Polania's "Vynalézavost"), played through the engine.

Seat 0's character steps from 3,1 onto the encounter token on 3,2 during its Move
(section 3 of the Industrial mat); the card on top of the deck is chosen per test.
"""

from __future__ import annotations

from tabletop.games.scythe.board import BASE
from tabletop.games.scythe.game import ScytheState
from tabletop.games.scythe.state import STRUCTURES
from tests.games.scythe.scenes import (
    begin,
    build,
    character,
    encounter_token,
    game,
    legal,
    mechs,
    play,
    pos,
    top_done,
    workers,
)

MOVE = 2
SPOT = "3,2"


def meet(card: int, factions: tuple[str, str] = ("nordic", "rusviet")) -> ScytheState:
    """Seat 0's character has just stepped onto an encounter with ``card`` on top."""
    st = game(factions)
    character(st, 0, "3,1")
    encounter_token(st, SPOT, card)
    begin(st, 0, "top", MOVE)
    play(st, f"move character 3,1>{SPOT}")
    assert st.phase == "encounter"
    return st


def options(st: ScytheState) -> set[str]:
    return {t.split()[1] for t in legal(st) if t.startswith("encounter")}


def test_the_token_is_removed_and_the_card_goes_under_the_deck() -> None:
    """Setkání: the token leaves the board, the card goes under the deck."""
    st = meet(20)
    assert not st.board.encounter[pos(SPOT)]
    assert st.enc_card == 20 and 20 not in st.encounter_deck
    play(st, "encounter popular card1 popularity1")
    assert st.encounter_deck[-1] == 20 and st.encounters_seen == 1
    assert top_done(st)


def test_an_option_must_be_paid_in_full() -> None:
    """Setkání, Povinná cena: an option must be chosen and paid in full."""
    st = meet(1)
    p = st.players[0]
    assert options(st) == {"popular", "commercial", "unpopular"}
    p.coins, p.popularity = 1, 1
    assert options(st) == {"popular"}
    assert "done" not in legal(st)
    p.coins, p.popularity = 2, 2
    play(st, "encounter commercial food4")
    assert (p.coins, p.popularity) == (0, 2)


def test_gains_are_optional_and_placed_on_the_characters_territory() -> None:
    """Setkání, Umístění zisku: gains optional, on the character's territory."""
    st = meet(3)
    texts = legal(st)
    assert {"encounter commercial worker1 food3", "encounter commercial food1"} <= set(texts)
    assert "encounter commercial" in texts
    play(st, "encounter commercial worker1 food2")
    spot = pos(SPOT)
    assert st.board.workers[0][spot] == 1 and st.players[0].workers_on_mat == 7
    assert st.board.res[spot * 4] == 2


def test_deploy_and_build_gains_land_on_the_characters_territory() -> None:
    """Setkání, Umístění zisku: mech and structure on the character's territory."""
    st = meet(3)
    st.players[0].popularity = 3
    play(st, "encounter unpopular deploy:riverwalk")
    assert st.board.mechs[0][pos(SPOT)] == 1 and st.players[0].mechs == ["riverwalk"]
    st = meet(1)
    play(st, "encounter unpopular build:mill")
    assert st.players[0].structures[STRUCTURES.index("mill")] == pos(SPOT)
    st = game()
    character(st, 0, "3,1")
    encounter_token(st, SPOT, 1)
    build(st, 1, SPOT, "armory")
    begin(st, 0, "top", MOVE)
    play(st, f"move character 3,1>{SPOT}")
    assert "encounter unpopular" in legal(st)
    assert not any(t.startswith("encounter unpopular build") for t in legal(st))


def test_mat_actions_from_an_encounter_are_free_and_trigger_no_recruit_bonus() -> None:
    """Setkání, Izolace: mat actions are free and give no recruit bonus."""
    st = meet(7)
    p = st.players[0]
    p.recruits["upgrade"] = "power"
    st.players[1].recruits["upgrade"] = "power"
    play(st, "encounter commercial upgrade:bolster.power>deploy")
    assert p.upgrade_value("bolster.power") == 3 and p.bottom_cost(1) == 2
    assert (p.power, st.players[1].power, p.coins) == (4, 3, 2)
    st = meet(2)
    p = st.players[0]
    play(st, "encounter unpopular enlist:build>coins")
    assert p.recruits == {"build": "coins"} and p.coins == 6 and p.popularity == 0


def test_polania_takes_two_options_the_first_paying_the_second() -> None:
    """Vynalézavost: Polania takes two options, the first paying the second."""
    st = meet(1, ("polania", "nordic"))
    p = st.players[0]
    p.coins = 0
    assert options(st) == {"popular", "unpopular"}
    play(st, "encounter popular coins2 popularity1")
    assert st.phase == "encounter" and "done" in legal(st)
    assert options(st) == {"commercial", "unpopular"}
    play(st, "encounter commercial food4")
    assert top_done(st)
    assert (p.coins, p.popularity, st.board.res[pos(SPOT) * 4]) == (0, 3, 4)
    assert st.encounter_deck[-1] == 1


def test_polania_may_stop_after_one_option() -> None:
    """Vynalézavost: two options at most; one is enough."""
    st = meet(20, ("polania", "nordic"))
    play(st, "encounter commercial popularity3", "done")
    assert top_done(st) and st.players[0].popularity == 5


def test_others_take_one_option_only() -> None:
    """Setkání: "jednu možnost si vyberte"."""
    st = meet(20)
    play(st, "encounter popular card1 popularity1")
    assert top_done(st)


def test_encounter_comes_after_all_battles() -> None:
    """Setkání: the encounter comes after all battles of the turn."""
    st = game()
    character(st, 0, "3,1")
    mechs(st, 0, "3,1")
    mechs(st, 1, "4,1")
    encounter_token(st, SPOT, 19)
    begin(st, 0, "top", MOVE)
    play(st, f"move character 3,1>{SPOT}", "move mech 3,1>4,1")
    assert st.phase == "commit"
    play(st, "commit 4", seat=0)
    play(st, "commit 0", seat=1)
    assert st.phase == "encounter"
    play(st, "encounter unpopular card2 power3")
    assert top_done(st)


def test_encounter_right_after_winning_the_battle_there() -> None:
    """Boj, Vítěz: the encounter right after winning the battle on it."""
    st = game()
    character(st, 0, "3,1")
    mechs(st, 0, "3,1")
    mechs(st, 1, SPOT)
    mechs(st, 1, "4,1")
    encounter_token(st, SPOT, 20)
    begin(st, 0, "top", MOVE)
    play(st, f"move character 3,1>{SPOT}", "move mech 3,1>4,1")
    assert st.phase == "battle"
    play(st, f"fight {SPOT}", "commit 1", "commit 0")
    assert st.phase == "encounter"
    play(st, "encounter popular card1 popularity1")
    assert st.phase == "commit" and st.battle_pos == pos("4,1")


def test_no_encounter_for_a_character_that_lost_the_battle() -> None:
    """Setkání: no encounter for a character that lost the battle there."""
    st = game()
    character(st, 0, "3,1")
    mechs(st, 1, SPOT)
    encounter_token(st, SPOT, 20)
    begin(st, 0, "top", MOVE)
    play(st, f"move character 3,1>{SPOT}")
    play(st, "commit 0", seat=0)
    play(st, "commit 1", seat=1)
    assert top_done(st)
    assert st.players[0].char == BASE["nordic"]
    assert st.board.encounter[pos(SPOT)] and st.enc_card == 0


def test_only_the_character_triggers_encounters() -> None:
    """Setkání: "Setkání spouští jen postava, ne mechové nebo dělníci"."""
    st = game()
    mechs(st, 0, "3,1")
    workers(st, 0, "3,1")
    encounter_token(st, SPOT, 20)
    begin(st, 0, "top", MOVE)
    play(st, f"move mech 3,1>{SPOT}", "carry nothing", f"move worker 3,1>{SPOT}")
    assert top_done(st) and st.board.encounter[pos(SPOT)]
