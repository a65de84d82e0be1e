"""Combat (rulebook "Boj" and the combat abilities of "Nasazení"), played through the engine.

Seat 0 attacks on its Move (section 3 of the Industrial mat); seat 1 defends.
"""

from __future__ import annotations

from tabletop.games.scythe.board import BASE
from tabletop.games.scythe.game import ScytheState
from tests.games.scythe.scenes import (
    begin,
    build,
    character,
    game,
    hand,
    legal,
    mechs,
    play,
    pos,
    resources,
    workers,
)

MOVE = 2


def attack(st: ScytheState, *moves: str) -> None:
    """Seat 0 plays its Move with ``moves`` (then ``done`` if still moving)."""
    begin(st, 0, "top", MOVE)
    play(st, *moves)
    if st.phase == "move":
        play(st, "done")


def duel(attacker: str = "nordic", defender: str = "rusviet") -> ScytheState:
    """Seat 0's mech on 3,1 about to attack seat 1's mech on 3,2."""
    st = game((attacker, defender))
    mechs(st, 0, "3,1")
    mechs(st, 1, "3,2")
    return st


def home(st: ScytheState, seat: int) -> int:
    return BASE[st.players[seat].faction]


def test_battle_comes_after_all_moves_in_the_attackers_order() -> None:
    """Boj: battles after all moves, in the order the attacker chooses."""
    st = game()
    mechs(st, 0, "3,1", 2)
    mechs(st, 1, "3,2")
    mechs(st, 1, "4,1")
    begin(st, 0, "top", MOVE)
    play(st, "move mech 3,1>3,2")
    assert st.phase == "move"  # the second unit still moves first
    play(st, "move mech 3,1>4,1")
    assert st.phase == "battle"
    assert sorted(legal(st)) == ["fight 3,2", "fight 4,1"]
    play(st, "fight 4,1")
    assert st.battle_pos == pos("4,1")
    play(st, "commit 0", seat=0)
    play(st, "commit 0", seat=1)
    # The other battle follows by itself.
    assert st.phase == "commit" and st.battle_pos == pos("3,2")


def test_dial_at_most_seven_and_at_most_the_power() -> None:
    """Určení moci: dial at most 7 and at most the power; 0 is allowed."""
    st = duel()
    st.players[0].power = 10
    st.players[1].power = 0
    attack(st, "move mech 3,1>3,2")
    assert sorted(st.to_move()) == [0, 1]
    assert legal(st, 0) == [f"commit {d}" for d in range(7, -1, -1)]
    assert legal(st, 1) == ["commit 0"]


def test_one_card_per_character_or_mech_in_the_battle() -> None:
    """Přidejte bojové karty: one card per character or mech in the battle."""
    st = duel()
    character(st, 1, "3,2")
    workers(st, 1, "3,2", 2)
    hand(st, 0, 2, 3)
    hand(st, 1, 2, 3, 5)
    st.players[0].power = 0
    st.players[1].power = 0
    attack(st, "move mech 3,1>3,2")
    assert legal(st, 0) == ["commit 0", "commit 0 with 2", "commit 0 with 3"]
    defender = legal(st, 1)
    assert "commit 0 with 3+5" in defender and not any(t.count("+") == 2 for t in defender)


def test_tie_goes_to_the_attacker_and_both_pay_their_dials() -> None:
    """Odhalení: a tie goes to the attacker; both pay dials, cards discarded."""
    st = duel()
    hand(st, 1, 2)
    attack(st, "move mech 3,1>3,2")
    play(st, "commit 4", seat=0)
    play(st, "commit 2 with 2", seat=1)
    assert st.last_battle["winner"] == 0
    assert (st.players[0].power, st.players[1].power) == (0, 1)
    assert st.combat_discard == [2]
    assert st.board.mechs[0][pos("3,2")] == 1


def test_loser_goes_home_with_its_workers_resources_stay_with_the_winner() -> None:
    """Poražený: all units home, the resources stay with the winner."""
    st = duel()
    character(st, 1, "3,2")
    workers(st, 1, "3,2", 2)
    resources(st, "3,2", food=2, metal=1)
    attack(st, "move mech 3,1>3,2")
    play(st, "commit 1", seat=0)
    play(st, "commit 0", seat=1)
    base = home(st, 1)
    assert st.board.mechs[1][base] == 1 and st.board.workers[1][base] == 2
    assert st.players[1].char == base
    assert st.controller(pos("3,2")) == 0
    assert st.controlled_resources(0) == [2, 0, 1, 0]


def test_attacker_loses_popularity_per_worker_sent_home_not_below_zero() -> None:
    """Vítěz: the attacker loses 1 popularity per worker sent home, not below 0."""
    st = duel()
    workers(st, 1, "3,2", 3)
    st.players[0].popularity = 2
    attack(st, "move mech 3,1>3,2")
    play(st, "commit 0", seat=0)
    play(st, "commit 0", seat=1)
    assert st.players[0].popularity == 0
    assert st.board.workers[1][home(st, 1)] == 3


def test_defender_who_wins_loses_no_popularity() -> None:
    """Vítěz: a winning defender loses no popularity; carried workers go home."""
    st = duel()
    workers(st, 0, "3,1", 2)
    attack(st, "move mech 3,1>3,2", "carry w2")
    play(st, "commit 0", seat=0)
    play(st, "commit 1", seat=1)
    assert st.last_battle["winner"] == 1
    assert st.players[1].popularity == 2
    assert st.board.workers[0][home(st, 0)] == 2 and st.board.mechs[0][home(st, 0)] == 1


def test_loser_who_committed_something_draws_a_card() -> None:
    """Poražený: a loser who committed power or a card draws a combat card."""
    for dial, cards, drawn in ((1, (), 1), (0, (2,), 1), (0, (), 0)):
        st = duel()
        st.players[0].power = 7
        hand(st, 1, *cards)
        attack(st, "move mech 3,1>3,2")
        play(st, "commit 7", seat=0)
        play(st, f"commit {dial}" + (f" with {cards[0]}" if cards else ""), seat=1)
        assert len(st.players[1].cards) == drawn
        assert st.players[0].cards == []  # the winner draws nothing


def test_winner_places_a_combat_star_at_most_two() -> None:
    """Omezený počet hvězd: a combat star per victory, two at most."""
    st = duel()
    attack(st, "move mech 3,1>3,2")
    play(st, "commit 0", seat=0)
    play(st, "commit 0", seat=1)
    assert st.players[0].stars == ["combat"]
    st = duel()
    st.players[0].stars = ["combat", "combat"]
    attack(st, "move mech 3,1>3,2")
    play(st, "commit 0", seat=0)
    play(st, "commit 0", seat=1)
    assert st.players[0].stars == ["combat", "combat"]
    assert st.board.mechs[0][pos("3,2")] == 1


def test_defender_who_wins_places_a_combat_star() -> None:
    """Vítěz: "Vítěz také ... získává 1 hvězdu" (the defender too)."""
    st = duel()
    attack(st, "move mech 3,1>3,2")
    play(st, "commit 0", seat=0)
    play(st, "commit 1", seat=1)
    assert st.players[1].stars == ["combat"] and st.players[0].stars == []


def test_saxony_places_every_combat_star() -> None:
    """Dovednosti frakcí, Dominance: Saxony must place every combat star."""
    st = game(("saxony", "nordic"))
    mechs(st, 0, "-3,6")
    mechs(st, 1, "-3,7")
    st.players[0].stars = ["combat", "combat"]
    attack(st, "move mech -3,6>-3,7")
    play(st, "commit 0", seat=0)
    play(st, "commit 0", seat=1)
    assert st.players[0].stars == ["combat"] * 3


def test_committed_dials_are_hidden_until_both_chose() -> None:
    """Určení moci: "Zároveň a tajně oba hráči nastaví" their dials."""
    st = duel()
    hand(st, 0, 5)
    attack(st, "move mech 3,1>3,2")
    play(st, "commit 3 with 5", seat=0)
    assert st.to_move() == [1]
    assert st.view(0)["battle"]["my_commit"] == [3, 5]
    other = st.view(1)["battle"]
    assert other["committed"] == [0] and "my_commit" not in other
    assert "hand" not in st.view(1)["players"][0]


# -- combat abilities ----------------------------------------------------------------------


def test_artillery_costs_one_power_and_takes_two_from_the_opponent() -> None:
    """Dělostřelectvo: pay 1 power, the opponent loses 2; attacker first."""
    st = game()
    mechs(st, 0, "0,1", 2)
    mechs(st, 0, "3,1")  # the third: Artillery
    mechs(st, 1, "3,2")
    st.players[1].power = 1
    attack(st, "move mech 3,1>3,2")
    assert st.phase == "ability" and st.to_move() == [0]
    assert legal(st) == ["artillery", "decline"]
    play(st, "artillery")
    assert (st.players[0].power, st.players[1].power) == (3, 0)
    assert st.phase == "commit"
    assert legal(st, 1) == ["commit 0"]


def test_scout_steals_a_random_card_before_the_battle() -> None:
    """Průzkumník: take a random combat card from the opponent before battle."""
    st = game(("nordic", "crimea"))
    mechs(st, 0, "-1,8")
    mechs(st, 1, "0,1", 2)
    mechs(st, 1, "-1,7")  # the third: Scout
    hand(st, 0, 5)
    attack(st, "move mech -1,8>-1,7")
    assert st.phase == "ability" and st.to_move() == [1]
    play(st, "scout")
    assert st.players[0].cards == [] and st.players[1].cards == [5]
    assert legal(st, 0) == ["commit 4", "commit 3", "commit 2", "commit 1", "commit 0"]


def test_disarm_on_a_tunnel_or_the_own_mine_only() -> None:
    """Odzbrojení: the opponent loses 2 power on a tunnel or Saxony's Mine."""
    st = game(("saxony", "nordic"))
    mechs(st, 0, "-3,7", 3)  # Riverwalk, Underpass, Disarm
    mechs(st, 1, "-3,6")
    attack(st, "move mech -3,7>-3,6")
    assert st.players[1].power == 4  # a mountain: no Disarm
    st = game(("saxony", "nordic"))
    mechs(st, 0, "-1,6", 3)
    mechs(st, 1, "-1,5")  # a tunnel
    attack(st, "move mech -1,6>-1,5")
    assert st.players[1].power == 2
    st = game(("saxony", "nordic"))
    build(st, 0, "-3,6", "mine")
    mechs(st, 0, "-3,7", 3)
    mechs(st, 1, "-3,6")
    attack(st, "move mech -3,7>-3,6")
    assert st.players[1].power == 2


def test_peoples_army_one_more_card_with_a_worker_in_the_battle() -> None:
    """Lidová armáda: one more combat card with any own worker in the battle."""
    st = game(("nordic", "rusviet"))
    mechs(st, 0, "3,1")
    mechs(st, 1, "0,1", 2)
    mechs(st, 1, "3,2")  # the third: People's Army
    workers(st, 1, "3,2", 2)
    hand(st, 1, 2, 3, 4)
    attack(st, "move mech 3,1>3,2")
    defender = legal(st, 1)
    assert "commit 0 with 3+4" in defender and not any(t.count("+") == 2 for t in defender)
    st.board.workers[1][pos("3,2")] = 0
    assert not any("+" in t for t in legal(st, 1))


def test_camaraderie_no_popularity_loss_for_workers_after_a_won_battle() -> None:
    """Kamarádství: no popularity lost for workers after a won battle."""
    st = game(("polania", "rusviet"))
    mechs(st, 0, "0,1", 2)
    mechs(st, 0, "3,1")  # the third: Camaraderie
    mechs(st, 1, "3,2")
    workers(st, 1, "3,2", 2)
    attack(st, "move mech 3,1>3,2")
    play(st, "commit 0", seat=0)
    play(st, "commit 0", seat=1)
    assert st.players[0].popularity == 2
    workers(st, 1, "4,1")
    begin(st, 0, "top", MOVE)
    play(st, "move mech 3,2>4,1")
    assert st.players[0].popularity == 1


def test_seaworthy_loser_may_retreat_to_an_adjacent_free_lake() -> None:
    """Plavba: a losing Nordic may retreat to an adjacent lake free of enemies."""
    st = game(("rusviet", "nordic"))
    mechs(st, 0, "3,1")
    mechs(st, 1, "2,2", 2)  # Riverwalk, Seaworthy; 2,2 touches the lakes 1,2 and 2,3
    mechs(st, 0, "2,3")
    character(st, 0, "0,3")
    attack(st, "move character 0,3>2,2")
    play(st, "commit 1", seat=0)
    play(st, "commit 0", seat=1)
    assert st.phase == "retreat" and st.to_move() == [1]
    assert legal(st) == ["retreat home", "retreat to 1,2"]  # 2,3 holds an enemy mech
    play(st, "retreat to 1,2")
    assert st.board.mechs[1][pos("1,2")] == 2


def test_battle_on_a_lake_sends_carried_workers_home_for_popularity() -> None:
    """Boj na jezeře: carried workers go home; the attacker pays popularity."""
    st = game(("polania", "nordic"))
    mechs(st, 0, "1,3", 2)  # Riverwalk, Submerge
    mechs(st, 1, "0,1", 1)
    mechs(st, 1, "2,3")  # Seaworthy, on the lake
    workers(st, 1, "2,3", 2)
    resources(st, "2,3", oil=1)
    st.players[0].popularity = 5
    attack(st, "move mech 1,3>2,3")
    play(st, "commit 1", seat=0)
    play(st, "commit 0", seat=1)
    assert st.phase != "retreat"  # no other lake touches 2,3: home
    assert st.players[0].popularity == 3
    assert st.board.workers[1][home(st, 1)] == 2
    assert st.board.res[pos("2,3") * 4 + 3] == 1 and st.controller(pos("2,3")) == 0
