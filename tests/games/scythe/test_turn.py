"""The turn and the mat's actions (rulebook "Průběh hry", "Horní akce", "Spodní akce",
"Továrna"), played through the engine on hand-built scenes.

Seat 0 plays Nordic on the Industrial mat (coins 4, popularity 2, power 4; sections:
1 Bolster/Upgrade, 2 Produce/Deploy, 3 Move/Build, 4 Trade/Enlist), seat 1 Rusviet
on the Engineering mat, unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction
from tabletop.games.scythe.board import BASE
from tabletop.games.scythe.game import ScytheState
from tabletop.games.scythe.state import STRUCTURES, UPGRADE_KEYS
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

#: Seat 0 of the default scene, as the log names it.
WHO = "Nordic Kingdoms"


def res(st: ScytheState, hex_: str, kind: str) -> int:
    return st.board.res[pos(hex_) * 4 + ("food", "wood", "metal", "oil").index(kind)]


def tops(st: ScytheState) -> list[str]:
    """The top-phase texts other than ``skip``."""
    return [t for t in legal(st) if t != "skip"]


# -- the turn ---------------------------------------------------------------------------------


def test_section_must_differ_from_last_turn() -> None:
    """Průběh hry 1: the action token moves to another section than last turn."""
    st = game()
    play(st, "section 1", "skip", "skip")  # seat 0
    play(st, "section 1", "skip", "skip")  # seat 1: its own mat, no restriction from seat 0
    assert st.active == 0
    assert legal(st) == ["section 2", "section 3", "section 4"]
    with pytest.raises(IllegalAction, match="same section"):
        play(st, "section 1")


def test_rusviet_relentless_repeats_the_section_and_the_factory_card() -> None:
    """Neústupnost: Rusviet repeats a section, the Factory card too."""
    st = game(active=1)
    st.players[1].factory = st.factory_pool.pop()
    st.players[1].last_section = 2
    assert legal(st) == [
        "section 1",
        "section 2",
        "section 3",
        "section 4",
        "section factory",
    ]
    st.players[1].last_section = 4
    assert "section factory" in legal(st)
    # Anybody else may not repeat the Factory card.
    begin(st, 0)
    st.players[0].factory = st.factory_pool.pop()
    st.players[0].last_section = 4
    assert "section factory" not in legal(st)
    st.players[0].last_section = 0
    assert "section factory" in legal(st)


def test_empty_turn_only_moves_the_action_token() -> None:
    """Produkce, prázdný tah: a turn may only move the action token."""
    st = game()
    p = st.players[0]
    p.coins = p.power = p.popularity = 0
    p.last_section = 2  # Move last turn
    before = p.to_json()
    play(st, "section 1")
    # Neither action is possible: each had one answer, taken by the engine (forced).
    assert st.log()[-2:] == [f"{WHO}: skip (forced)", f"{WHO}: skip (forced)"]
    assert st.active == 1
    assert p.to_json() == {**before, "last_section": 0}


def test_top_action_first_and_its_gains_pay_the_bottom_action() -> None:
    """Průběh hry: top then bottom; the top's gains pay the bottom."""
    st = game()
    workers(st, 0, "1,1")
    resources(st, "1,1", food=2)
    play(st, "section 4")
    assert not any(t.startswith("enlist") for t in legal(st))  # no bottom before the top
    assert "enlist nothing" not in legal(st)
    play(st, "trade food+food at 1,1")
    assert top_done(st)
    play(st, "enlist upgrade for coins")
    p = st.players[0]
    assert res(st, "1,1", "food") == 0
    assert p.recruits == {"upgrade": "coins"}
    assert p.coins == 4 - 1 + 2  # Trade's $1, the recruit's $2, the section's $0


def test_cost_is_paid_in_full_or_the_action_is_not_possible() -> None:
    """Průběh hry: the cost is paid in full or the action is impossible."""
    st = game()
    st.players[0].coins = 0
    workers(st, 0, "4,1", 4)
    resources(st, "4,1", oil=2)
    play(st, "section 1")
    # No top action is possible, nor the bottom one (2 oil of 3): both skipped, forced.
    assert st.log()[-2:] == [f"{WHO}: skip (forced)", f"{WHO}: skip (forced)"]
    st.players[0].power = 0
    begin(st, 0, "top", 1)
    assert tops(st) == []  # 4 workers on the board: Produce costs 1 power


def test_partial_rewards_may_be_taken() -> None:
    """Průběh hry: part of a reward may be taken; the cost is still paid."""
    st = game()
    workers(st, 0, "4,1")
    resources(st, "4,1", oil=3)
    play(st, "section 1")
    assert {"bolster power 2", "bolster power 1", "bolster cards 1"} <= set(legal(st))
    play(st, "bolster power 1", "upgrade nothing")
    p = st.players[0]
    assert p.power == 5
    assert p.coins == 4 - 1 + 3
    assert not any(p.upgraded) and p.cubes == [0, 0, 0, 0]
    assert res(st, "4,1", "oil") == 0  # "Dokončení akce": the cost is still paid
    begin(st, 0, "top", 3)
    assert "trade oil at 4,1" in legal(st)
    begin(st, 0, "top", 2)
    assert {"gain 1"} <= set(legal(st))


def test_bottom_action_coins_may_be_declined() -> None:
    """Spodní akce, Mince: "Hráči mohou mince odmítnout"."""
    st = game()
    workers(st, 0, "4,1")
    resources(st, "4,1", oil=3)
    play(st, "section 1", "skip", "upgrade move.units to deploy without coins")
    p = st.players[0]
    assert p.coins == 4
    assert p.upgrade_value("move.units") == 3 and p.bottom_cost(1) == 2


def test_resources_are_spent_only_from_controlled_territories() -> None:
    """Suroviny: resources are spent only from controlled territories."""
    st = game()
    workers(st, 0, "3,1")
    resources(st, "3,1", oil=1)
    resources(st, "4,1", oil=2)  # nobody's
    begin(st, 0, "bottom", 0)
    assert legal(st) == ["skip"]
    build(st, 0, "4,1", "mill")
    workers(st, 1, "4,1")  # an enemy worker beside the structure
    assert legal(st) == ["skip"]
    st.board.workers[1][pos("4,1")] = 0
    assert "upgrade nothing" in legal(st)  # the structure alone controls
    play(st, "upgrade nothing")
    assert res(st, "3,1", "oil") == res(st, "4,1", "oil") == 0


def test_the_player_chooses_which_territories_pay() -> None:
    """Suroviny: "zaplatit 3 železa z jednoho nebo více území, která kontrolujete"."""
    st = game()
    workers(st, 0, "3,1")
    workers(st, 0, "4,1")
    resources(st, "3,1", oil=2)
    resources(st, "4,1", oil=2)
    begin(st, 0, "bottom", 0)
    play(st, "upgrade nothing")
    assert st.phase == "pay"
    # One decision per territory, with how many of its tokens (3 to pay: 2 here, 2 there).
    assert legal(st) == [
        "pay 2 oil from 3,1",
        "pay 1 oil from 3,1",
        "pay 2 oil from 4,1",
        "pay 1 oil from 4,1",
    ]
    play(st, "pay 2 oil from 4,1")  # the last one can only come from 3,1: paid by itself
    assert (res(st, "3,1", "oil"), res(st, "4,1", "oil")) == (1, 0)
    assert st.active == 1


# -- top actions ------------------------------------------------------------------------------


def test_trade_puts_resources_on_a_controlled_territory_with_a_worker() -> None:
    """Obchod: 2 resources on a controlled territory with a worker."""
    st = game()
    workers(st, 0, "3,1")
    mechs(st, 0, "4,1")  # controlled, but no worker
    build(st, 0, "3,2", "mill")
    begin(st, 0, "top", 3)
    spots = {t.split(" at ")[1] for t in legal(st) if " at " in t}
    assert spots == {"3,1"}
    assert {"trade popularity 1", "trade metal+oil at 3,1", "trade wood+wood at 3,1"} <= set(
        legal(st)
    )
    play(st, "trade metal+oil at 3,1")
    assert (res(st, "3,1", "metal"), res(st, "3,1", "oil")) == (1, 1)
    assert st.players[0].coins == 3


def test_trade_needs_a_worker_on_the_board_for_resources() -> None:
    """Obchod: no resources with every worker on the base."""
    st = game()
    st.board.workers[0][BASE["nordic"]] = 2
    st.players[0].workers_on_mat = 6
    begin(st, 0, "top", 3)
    assert tops(st) == ["trade popularity 1"]


def test_armory_adds_one_power_to_trade() -> None:
    """Stavba, Zbrojnice: "Kdykoliv hrajete akci Obchod, získáváte navíc jeden bod moci"."""
    st = game()
    build(st, 0, "3,1", "armory")
    begin(st, 0, "top", 3)
    play(st, "trade popularity 1")
    p = st.players[0]
    assert (p.popularity, p.power, p.coins) == (3, 5, 3)


def test_bolster_gives_power_or_cards_and_the_monument_popularity() -> None:
    """Podpora, Památník: power or cards, +1 popularity with the Monument."""
    st = game()
    play(st, "section 1", "bolster cards 1")
    p = st.players[0]
    assert (len(p.cards), p.coins, p.popularity) == (1, 3, 2)
    build(st, 0, "3,1", "monument")
    begin(st, 0, "top", 0)
    play(st, "bolster power 2")
    assert (p.power, p.coins, p.popularity) == (6, 2, 3)


def test_move_or_gain_coins() -> None:
    """Pohyb: "Udělejte jedno z následujících": move, or gain $1 ($2 upgraded)."""
    st = game()
    begin(st, 0, "top", 2)
    assert "gain 1" in legal(st) and "gain 2" not in legal(st)
    st.players[0].upgraded[UPGRADE_KEYS.index("move.coins")] = True
    assert legal(st).count("gain 2") == 1
    play(st, "gain 2")
    assert st.players[0].coins == 6 and top_done(st)


# -- Produce ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("on_board", "power", "popularity", "coins"),
    [(3, 0, 0, 0), (4, 1, 0, 0), (5, 1, 0, 0), (6, 1, 1, 0), (7, 1, 1, 0), (8, 1, 1, 1)],
)
def test_produce_cost_grows_with_workers_on_the_board(
    on_board: int, power: int, popularity: int, coins: int
) -> None:
    """Produkce: 4+ workers cost power, 6+ popularity, 8 a coin."""
    st = game()
    workers(st, 0, "1,1")
    workers(st, 0, "0,1", on_board - 1)
    p = st.players[0]
    before = (p.power, p.popularity, p.coins)
    begin(st, 0, "top", 1)
    play(st, "produce 1,1 1", "done")
    assert (before[0] - p.power, before[1] - p.popularity, before[2] - p.coins) == (
        power,
        popularity,
        coins,
    )


def test_produce_cost_counts_the_workers_before_producing() -> None:
    """Produkce: "platíte hodnotu vyobrazenou předtím, než začnete produkovat"."""
    st = game()
    workers(st, 0, "2,1", 3)  # a village with 3 workers
    begin(st, 0, "top", 1)
    play(st, "produce 2,1 3")
    p = st.players[0]
    assert st.workers_on_board(0) == 6
    assert (p.power, p.popularity) == (4, 2)


def test_produce_on_two_territories_three_upgraded() -> None:
    """Produkce: "vyberte 2 různá území" (3 after the upgrade); each worker one resource."""
    st = game()
    for hex_ in ("1,1", "0,1", "3,1"):
        workers(st, 0, hex_)
    begin(st, 0, "top", 1)
    play(st, "produce 1,1 1", "produce 0,1 1")
    assert top_done(st)
    assert (res(st, "1,1", "food"), res(st, "0,1", "metal"), res(st, "3,1", "wood")) == (1, 1, 0)
    st.players[0].upgraded[UPGRADE_KEYS.index("produce.territories")] = True
    begin(st, 0, "top", 1)
    play(st, "produce 1,1 1", "produce 0,1 1", "produce 3,1 1")
    assert (res(st, "1,1", "food"), res(st, "0,1", "metal"), res(st, "3,1", "wood")) == (2, 2, 1)


def test_mill_is_an_extra_territory_and_produces_like_a_worker() -> None:
    """Stavba, Mlýn: an extra territory producing as one more worker."""
    st = game()
    for hex_ in ("1,1", "0,1"):
        workers(st, 0, hex_)
    build(st, 0, "4,1", "mill")  # no worker: the Mill alone makes 1 oil
    begin(st, 0, "top", 1)
    assert "produce 4,1 1" in legal(st) and "produce 4,1 2" not in legal(st)
    play(st, "produce 1,1 1", "produce 0,1 1", "produce 4,1 1")
    assert top_done(st)
    assert (res(st, "1,1", "food"), res(st, "0,1", "metal"), res(st, "4,1", "oil")) == (1, 1, 1)
    # With workers the Mill territory makes workers + 1, and still does not count.
    st = game()
    for hex_ in ("1,1", "0,1"):
        workers(st, 0, hex_)
    workers(st, 0, "3,1", 2)
    build(st, 0, "3,1", "mill")
    begin(st, 0, "top", 1)
    assert "produce 3,1 3" in legal(st)
    play(st, "produce 3,1 3", "produce 1,1 1", "produce 0,1 1")
    assert top_done(st)
    assert (res(st, "3,1", "wood"), res(st, "1,1", "food"), res(st, "0,1", "metal")) == (3, 1, 1)


def test_mill_works_only_on_a_controlled_territory() -> None:
    """Stavba, Kontrola budov: the Mill works only where its owner controls."""
    st = game()
    workers(st, 0, "1,1")
    build(st, 0, "4,1", "mill")
    workers(st, 1, "4,1")
    begin(st, 0, "top", 1)
    assert legal(st) == ["produce 1,1 1", "skip"]


def test_villages_produce_workers_from_the_mat() -> None:
    """Produkce: a village makes workers, "berte ze své hráčské desky"."""
    st = game()
    workers(st, 0, "2,1", 2)
    begin(st, 0, "top", 1)
    play(st, "produce 2,1 2")
    assert st.board.workers[0][pos("2,1")] == 4
    assert st.players[0].workers_on_mat == 4
    # Never more than the mat still holds.
    st.players[0].workers_on_mat = 1
    begin(st, 0, "top", 1)
    st.players[0].power = 5
    assert [t for t in legal(st) if t.startswith("produce 2,1")] == ["produce 2,1 1"]


def test_producing_the_eighth_worker_places_a_star() -> None:
    """Hvězdy: "Nasadit na plán všech 8 dělníků"."""
    st = game()
    workers(st, 0, "2,1", 7)
    begin(st, 0, "top", 1)
    play(st, "produce 2,1 1")
    assert st.players[0].stars == ["workers"]


# -- bottom actions -------------------------------------------------------------------------


def test_upgrade_moves_a_cube_from_a_top_space_to_a_bottom_cost() -> None:
    """Vylepšení: a cube from a top space to a dashed bottom cost space."""
    st = game()
    workers(st, 0, "4,1")
    resources(st, "4,1", oil=6)
    begin(st, 0, "bottom", 0)
    play(st, "upgrade bolster.cards to upgrade")
    p = st.players[0]
    assert p.upgrade_value("bolster.cards") == 2 and p.bottom_cost(0) == 2
    begin(st, 0, "bottom", 0)
    # Industrial's Upgrade costs 3, at least 2: its only removable space is covered.
    assert not any(t.endswith("to upgrade") for t in legal(st))
    assert "upgrade bolster.power to deploy" in legal(st)
    assert not any(t.startswith("upgrade bolster.cards") for t in legal(st))


def test_deploy_unlocks_the_ability_for_the_character_and_every_mech() -> None:
    """Nasazení: the ability serves the character and every mech, no worker."""
    st = game(("polania", "nordic"))
    character(st, 0, "2,2")
    workers(st, 0, "2,2")
    resources(st, "2,2", metal=3)
    begin(st, 0, "top", 2)
    assert "move character 2,2>3,2" not in legal(st)  # across a river
    begin(st, 0, "bottom", 1)
    play(st, "deploy riverwalk at 2,2")
    assert st.board.mechs[0][pos("2,2")] == 1 and st.players[0].mechs == ["riverwalk"]
    assert st.players[0].coins == 6
    begin(st, 0, "top", 2)
    # Polania's Riverwalk crosses rivers onto villages and mountains, not forests.
    moves = legal(st)
    assert {"move character 2,2>3,2", "move character 2,2>2,1", "move mech 2,2>3,2"} <= set(moves)
    assert "move character 2,2>3,1" not in moves
    assert not any(t.startswith(("move worker 2,2>3,2", "move worker 2,2>2,1")) for t in moves)


def test_no_mech_deployed_on_a_lake() -> None:
    """Nasazení: "Mecha nesmíte nasadit na jezero"."""
    st = game()
    mechs(st, 0, "3,1", 2)  # Riverwalk, Seaworthy
    workers(st, 0, "2,3")  # carried onto the lake 2,3 earlier
    mechs(st, 0, "2,3")
    workers(st, 0, "3,1")
    resources(st, "3,1", metal=3)
    begin(st, 0, "bottom", 1)
    spots = {t.split(" at ")[1].split()[0] for t in legal(st) if " at " in t}
    assert spots == {"3,1"}


def test_build_one_structure_per_territory_not_on_lakes_or_bases() -> None:
    """Stavba: one structure per territory, none on lakes or bases."""
    st = game()
    workers(st, 0, "3,1")
    workers(st, 0, "4,1")
    mechs(st, 0, "2,3", 2)
    workers(st, 0, "2,3")
    st.board.workers[0][BASE["nordic"]] = 1
    st.players[0].workers_on_mat -= 1
    build(st, 1, "4,1", "mine")  # Rusviet's Mine under Nordic's worker
    resources(st, "3,1", wood=3)
    begin(st, 0, "bottom", 2)
    spots = {t.split(" at ")[1].split()[0] for t in legal(st) if " at " in t}
    assert spots == {"3,1"}
    play(st, "build mill at 3,1")
    assert st.board.structure[pos("3,1")] == 0 * 4 + STRUCTURES.index("mill")
    assert st.players[0].coins == 5


def test_build_on_the_factory() -> None:
    """Stavba: "Budovu lze postavit i na území Továrny"."""
    st = game()
    workers(st, 0, "1,4")
    resources(st, "1,4", wood=3)
    begin(st, 0, "bottom", 2)
    assert "build mine at 1,4" in legal(st)


def test_enlist_one_time_bonus_and_each_bonus_once() -> None:
    """Verbování: the one-time bonus at once; each bonus and recruit once."""
    st = game()
    workers(st, 0, "1,1")
    resources(st, "1,1", food=8)
    begin(st, 0, "bottom", 3)
    play(st, "enlist build for power")
    p = st.players[0]
    assert p.power == 6 and p.recruits == {"build": "power"}
    begin(st, 0, "bottom", 3)
    texts = [t for t in legal(st) if t.startswith("enlist ") and " for " in t]
    assert texts and not any(t.startswith("enlist build") for t in texts)
    assert not any(t.endswith("for power") for t in texts)


def test_enlist_ongoing_bonus_from_the_next_turn_for_self_and_neighbours() -> None:
    """Verbování, Průběžný bonus: from the next turn, in turn order."""
    st = game(("nordic", "rusviet", "crimea"), ("industrial", "engineering", "patriotic"))
    workers(st, 0, "1,1")
    resources(st, "1,1", food=4)
    begin(st, 0, "bottom", 3)
    play(st, "enlist enlist for coins")
    p0 = st.players[0]
    assert len(p0.cards) == 0  # not on the turn it is enlisted
    st.players[1].recruits["enlist"] = "power"
    st.players[2].recruits["enlist"] = "coins"
    resources(st, "1,1", food=4)
    begin(st, 0, "bottom", 3)
    deck = st.combat_deck[:]
    play(st, "enlist nothing")
    # One card each, drawn by the active player, then left (seat 1), then right (seat 2).
    assert [p.cards for p in st.players] == [[deck[-1]], [deck[-2]], [deck[-3]]]


# -- the Factory -----------------------------------------------------------------------------


def test_first_visitor_chooses_among_players_plus_one_later_ones_fewer() -> None:
    """Továrna: players + 1 cards for the first visitor, fewer later."""
    st = game()
    pool = st.factory_pool[:]
    assert len(pool) == 3
    character(st, 0, "1,3")
    begin(st, 0, "top", 2)
    play(st, "move character 1,3>1,4")
    assert st.phase == "factory"
    assert legal(st) == [f"factory {n}" for n in pool]
    assert st.view(1).get("factory_pool") is None
    assert st.view(0)["factory_pool"] == pool
    play(st, f"factory {pool[1]}")
    assert st.players[0].factory == pool[1] and top_done(st)
    character(st, 0, "1,3")
    character(st, 1, "2,4")
    begin(st, 1, "top", 3)  # Engineering: Move/Enlist
    play(st, "move character 2,4>1,4")
    assert legal(st) == [f"factory {n}" for n in pool if n != pool[1]]
    play(st, f"factory {pool[0]}")
    # Seat 0 comes back: no second card.
    character(st, 1, "2,4")
    begin(st, 0, "top", 2)
    play(st, "move character 1,3>1,4")
    assert top_done(st) and st.factory_pool == [pool[2]]


def test_factory_card_only_by_the_character() -> None:
    """Továrna: "Kartu Továrny mohou získat jen postavy (nikoli mechové nebo dělníci)"."""
    st = game()
    workers(st, 0, "1,3")
    mechs(st, 0, "1,3")
    begin(st, 0, "top", 2)
    play(st, "move mech 1,3>1,4", "carry nothing", "move worker 1,3>1,4")
    assert top_done(st) and st.players[0].factory == 0


def test_factory_card_top_action_gives_no_coins_structure_or_recruit_bonus() -> None:
    """Továrna, Izolovaná od bonusů: no coins, structure or recruit bonus."""
    st = game()
    p = st.players[0]
    p.factory = 2
    p.recruits["upgrade"] = "power"
    st.players[1].recruits["upgrade"] = "power"
    play(st, "section factory")
    assert "card upgrade move.units to build" in legal(st)
    assert "card enlist deploy for cards" in legal(st)
    play(st, "card upgrade move.units to build")
    assert p.upgrade_value("move.units") == 3 and p.bottom_cost(2) == 2
    assert (p.popularity, p.coins, p.power) == (1, 4, 4)
    assert st.players[1].power == 3
    assert st.phase == "move"  # the card's bottom action


def test_factory_card_produce_has_no_mill() -> None:
    """Továrna, Izolovaná od bonusů: a Factory card's Produce has no Mill."""
    st = game()
    p = st.players[0]
    p.factory = 1
    hand(st, 0, 2)
    workers(st, 0, "1,1")
    workers(st, 0, "0,1")
    build(st, 0, "3,1", "mill")
    begin(st, 0, "top", 4)
    assert not any("3,1" in t for t in legal(st))
    play(st, "card produce 1,1 1", "produce 0,1 1")
    assert (res(st, "1,1", "food"), res(st, "0,1", "metal")) == (1, 1)
    assert p.cards == [] and p.coins == 3


def test_factory_card_move_one_unit_two_territories_three_with_speed() -> None:
    """Továrna, Pohyb: "přesunout 1 jednotku až o 2 území"; "Rychlost ... až o 3 území"."""
    st = game()
    p = st.players[0]
    p.factory = 4
    character(st, 0, "3,1")
    workers(st, 0, "4,1")
    begin(st, 0, "top", 4)
    play(st, "skip")
    assert st.phase == "move"
    play(st, "move worker 4,1>3,1")
    assert st.phase == "motion"
    play(st, "move worker 3,1>3,2")
    assert st.active == 1  # the worker used both steps; the turn is over
    assert st.board.workers[0][pos("3,2")] == 1
    # With Speed the character goes three territories.
    mechs(st, 0, "5,1", 4)
    begin(st, 0, "top", 4)
    play(st, "skip", "move character 3,1>4,1", "move character 4,1>3,2")
    assert st.phase == "motion"
    play(st, "move character 3,2>3,3")
    assert p.char == pos("3,3") and st.active == 1


def test_factory_move_stops_on_encounters_and_uses_the_mine() -> None:
    """Továrna, Pohyb: encounters stop it, the Mine serves it."""
    st = game()
    p = st.players[0]
    p.factory = 4
    workers(st, 0, "3,1")
    build(st, 0, "3,1", "mine")
    begin(st, 0, "top", 4)
    play(st, "skip")
    assert "move worker 3,1>0,6" in legal(st)  # the Mine is a tunnel for its owner
    character(st, 0, "4,1")
    encounter_token(st, "3,2")
    play(st, "move character 4,1>3,2")
    assert st.phase == "encounter"


def test_factory_card_extra_gain_alone_and_fresh_mine_waits_a_turn() -> None:
    """Továrna / Stavba "od příštího tahu": card 11 builds and gives 1 popularity;
    its action may be declined for the popularity alone; a Mine it builds does not
    yet work for the card's own move."""
    st = game()
    p = st.players[0]
    p.factory = 11
    workers(st, 0, "3,2")
    begin(st, 0, "top", 4)
    texts = legal(st)
    assert "card popularity 1" in texts and "card build mine at 3,2" in texts
    coins, popularity = p.coins, p.popularity
    play(st, "card build mine at 3,2")
    assert p.coins == coins - 2 and p.popularity == popularity + 1
    assert p.structures[STRUCTURES.index("mine")] == pos("3,2")
    assert st.phase == "move"  # the card's bottom action: its move
    assert "move worker 3,2>-1,5" not in legal(st)  # the Mine is no tunnel yet
    begin(st, 0, "top", 4)
    play(st, "card popularity 1")
    assert "move worker 3,2>-1,5" in legal(st)  # next turn it is
    assert p.structures[STRUCTURES.index("mine")] == pos("3,2")


def test_factory_card_main_effect_declined_for_the_extra_gain() -> None:
    """Partial rewards: card 11's popularity may be taken without building."""
    st = game()
    st.players[0].factory = 11
    begin(st, 0, "top", 4)
    before = st.players[0].popularity
    play(st, "card popularity 1")
    assert st.players[0].popularity == before + 1
    assert st.players[0].structures[STRUCTURES.index("mine")] == -1


def test_recruit_enlisted_by_an_encounter_pays_from_the_next_turn() -> None:
    """Verbování: "od příštího tahu" also for a recruit enlisted by an encounter."""
    st = game()
    p = st.players[0]
    begin(st, 0, "bottom", 3)  # Industrial column 4: Trade / Enlist
    st.fresh.append("enlist")
    p.recruits["enlist"] = "coins"
    workers(st, 0, "3,2")
    resources(st, "3,2", food=4)
    cards = len(p.cards)
    play(st, "enlist build for power")
    assert len(p.cards) == cards  # no ongoing Enlist bonus this turn
