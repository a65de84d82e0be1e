"""The Automa (Automa rulebook): setup, each movement symbol with its unit choice,
valid territories, target and tie-breaks, gains, the recruit row, the tracker,
combat, scoring, the difficulty options and full games at every level.

Scenes put the Automa (Polania unless said otherwise, base at -2,3 beside its
start territories -1,3 and -2,4) against a person playing Crimea or Nordic.
Distances are hexes; the Factory is 1,4.
"""

from __future__ import annotations

import pytest

from tabletop.bots import AutomaBot, RandomBot, derive_seed
from tabletop.engine import IllegalAction, Record, Rng, new_game
from tabletop.games.scythe import automa as automa_rules
from tabletop.games.scythe.automa import DISTANCE, READING, Plan, choose, plan_move
from tabletop.games.scythe.board import BASE, BASE_EXITS, FACTORY, INDEX, name
from tabletop.games.scythe.data.automa import (
    ATTACK_UNITS,
    AUTOMA_CARDS,
    CHARACTER,
    ENCOUNTER,
    MECH,
    STAR_TRACKERS,
    WORKER,
    Move,
)
from tabletop.games.scythe.game import ScytheState
from tabletop.games.scythe.scoring import final_score, tiebreak_key
from tabletop.games.scythe.state import OFF_BOARD

from .scenes import begin, character, hand, legal, mechs, play, pos, resources, workers

PERSON, AUTOMA = 0, 1


def solo(
    person: str = "crimea",
    automa: str = "polania",
    level: str = "automa",
    *,
    rivers_open: bool = True,
    seed: int = 1,
    options: dict[str, object] | None = None,
) -> ScytheState:
    """A person against the Automa on a bare board: every worker on its mat, no
    encounter token, empty hands, characters on their bases; the tracker on its
    first cell, or on the first cell past the river icons with ``rivers_open``."""
    setup = {"factions": f"{person},{automa}", "automa": f"-,{level}", **(options or {})}
    st = new_game("scythe", 2, setup, seed)
    assert isinstance(st, ScytheState)
    for seat, p in enumerate(st.players):
        st.combat_deck.extend(p.cards)
        p.cards = []
        p.workers_on_mat = 8
        st.board.workers[seat] = [0] * len(st.board.workers[seat])
    st.board.encounter = [False] * len(st.board.encounter)
    assert st.automa is not None
    if rivers_open:
        st.automa.tracker = STAR_TRACKERS[level].rivers_from
    return st


def automa_step(st: ScytheState, card: int, step: str = "move") -> None:
    """Start the Automa's turn with ``card`` turned, at ``step``."""
    begin(st, AUTOMA, phase="automa")
    assert st.automa is not None
    st.automa.card = card
    st.automa.step = step


def plan(st: ScytheState, kind: str, power: int = 0) -> Plan | None:
    return plan_move(st, Move(kind, power))[1]


def moved(p: Plan | None) -> tuple[str, str, str]:
    assert p is not None
    return p.kind, name(p.origin), name(p.target)


# -- components --------------------------------------------------------------------------------
def test_the_combat_card_counts_match_the_rulebook_table() -> None:
    """ "Kolik karet nese tento počet bojových karet": 0 on 4 cards, 1 on 9, 2 on 5, 3 on 1."""
    counts = [sum(1 for c in AUTOMA_CARDS.values() if c.combat_cards == n) for n in range(4)]
    assert counts == [4, 9, 5, 1]
    assert sorted(AUTOMA_CARDS) == list(range(1, 20))


def test_difficulty_cards() -> None:
    assert list(STAR_TRACKERS) == ["autometta", "automa", "automaszyna", "ultimaszyna"]
    for tracker in STAR_TRACKERS.values():
        assert len(tracker.star_cells) == 6
        assert tracker.star_cells[0] == tracker.program_ii_at
        assert tracker.star_cells[-1] == tracker.cells - 1
    skipping = sorted(n for n, c in AUTOMA_CARDS.items() if c.autometta_skips)
    assert skipping == [4, 7, 8, 17]


def test_reading_order_is_rows_from_the_top_each_from_the_left() -> None:
    ordered = sorted(
        ["-1,3", "5,1", "0,1", "-2,4", "0,3", "base:nordic"], key=lambda h: READING[INDEX[h]]
    )
    assert ordered == ["base:nordic", "0,1", "5,1", "-1,3", "0,3", "-2,4"]
    first, why = choose([INDEX["0,3"], INDEX["-1,3"]], [])
    assert (name(first), why) == ("-1,3", "tie broken by reading order")


def test_distances_count_hexes_and_bases_sit_on_their_printed_hex() -> None:
    assert DISTANCE[INDEX["-1,4"]][FACTORY] == 2
    assert DISTANCE[INDEX["-1,3"]][FACTORY] == 3
    assert DISTANCE[BASE["polania"]][INDEX["-1,3"]] == 1
    assert DISTANCE[BASE["polania"]][INDEX["-1,4"]] == 2


# -- setup -------------------------------------------------------------------------------------
def test_setup_for_the_automa() -> None:
    st = new_game("scythe", 2, {"factions": "crimea,saxony", "automa": "-,automaszyna"}, 3)
    assert isinstance(st, ScytheState)
    assert st.automa is not None and st.automa.seat == AUTOMA
    machine = st.players[AUTOMA]
    assert (machine.coins, machine.popularity, machine.power) == (5, 10, 1)
    assert len(machine.cards) == 4  # Saxony's faction mat
    assert machine.objectives == []
    assert len(st.players[PERSON].objectives) == 2
    assert len(st.automa.deck) == 19 and st.automa.tracker == 0 and st.automa.program == 0
    assert len(st.factory_pool) == 3  # the board as for two players
    assert st.order == [PERSON, AUTOMA]  # "Hru začínáte vy"
    assert st.to_move() == [PERSON]
    exits = [name(p) for p in (INDEX["-3,6"], INDEX["-3,7"])]
    assert [name(p) for p, n in enumerate(st.board.workers[AUTOMA]) if n] == exits


def test_the_automa_option_is_checked() -> None:
    with pytest.raises(Exception, match="two"):
        new_game("scythe", 3, {"automa": "-,-,automa"}, 1)
    with pytest.raises(Exception, match="difficulty"):
        new_game("scythe", 2, {"automa": "-,hardest"}, 1)


# -- neighbourhood, teleport, confinement ------------------------------------------------------
def test_confined_to_its_home_peninsula_until_the_tracker_leaves_the_river_cells() -> None:
    st = solo(rivers_open=False)
    assert st.automa is not None
    workers(st, AUTOMA, "-1,4")
    confined = {name(p) for p in automa_rules.reach(st, [pos("-1,4")], with_base=True)}
    assert confined == {"-1,3", "-2,4", "-1,4"}
    st.automa.tracker = STAR_TRACKERS["automa"].rivers_from
    opened = {name(p) for p in automa_rules.reach(st, [pos("-1,4")], with_base=False)}
    assert opened == {"-1,4", "0,4", "-2,4", "-1,3", "0,3", "-1,5", "-2,5"}  # lake 0,4, rivers


def test_units_on_a_base_have_no_neighbourhood() -> None:
    st = solo()
    assert automa_rules.neighbourhood(st, BASE["polania"]) == frozenset()
    assert {name(p) for p in automa_rules.reach(st, [], with_base=True)} == {"-1,3", "-2,4"}


# -- worker move ("Pohyb dělníkem", Example 3) -------------------------------------------------
def test_worker_move_example_3() -> None:
    """Two workers equally near the base: reading order picks the one at -1,3.  Of the
    valid territories (-2,4 holds the other worker, 1,3 the enemy), -1,3 and -1,4 are
    each next to three Automa units; 0,3 is next to the enemy character; -1,4 is
    nearer the Factory and holds only a mech, so the worker goes there."""
    st = solo()
    workers(st, AUTOMA, "-1,3")
    workers(st, AUTOMA, "-2,4")
    mechs(st, AUTOMA, "-1,4")
    character(st, AUTOMA, "0,3")
    character(st, PERSON, "1,3")
    p = plan(st, WORKER)
    assert moved(p) == ("worker", "-1,3", "-1,4")
    assert p is not None and "3 Automa unit(s)" in p.why and "nearest the Factory" in p.why


def test_worker_move_avoids_territories_next_to_enemy_fighters_by_their_own_abilities() -> None:
    """A Nordic mech with Riverwalk on 0,3 can cross the river to the forest -1,3: the
    worker there may not stay; it goes to -2,4.  With no ability it could not, and
    the worker stays (a move to its own territory), by reading order."""
    st = solo(person="nordic", rivers_open=False)
    workers(st, AUTOMA, "-1,3")
    workers(st, AUTOMA, "-1,4")
    mechs(st, PERSON, "0,3")  # Riverwalk: forests and mountains
    assert moved(plan(st, WORKER)) == ("worker", "-1,3", "-2,4")
    st.board.mechs[PERSON][pos("0,3")] = 0
    st.players[PERSON].mechs = []
    character(st, PERSON, "0,3")
    assert moved(plan(st, WORKER)) == ("worker", "-1,3", "-1,3")


def test_worker_move_needs_a_worker_and_a_safe_territory() -> None:
    st = solo()
    assert plan(st, WORKER) is None
    workers(st, AUTOMA, "base:polania")
    mechs(st, PERSON, "-1,3")
    mechs(st, PERSON, "-2,4")
    assert plan(st, WORKER) is None
    why, _ = plan_move(st, Move(WORKER))
    assert why  # all valid territories lie next to enemy mechs


def test_a_worker_on_the_base_moves_out_to_the_start_territories() -> None:
    st = solo(rivers_open=False)
    workers(st, AUTOMA, "base:polania")
    mechs(st, AUTOMA, "-1,4")
    # -1,3 and -2,4 are both next to the mech; -2,4 is as near the Factory, so reading order.
    assert moved(plan(st, WORKER)) == ("worker", "base:polania", "-1,4")


# -- non-combat character and mech moves (Example 4) -------------------------------------------
def test_mech_move_example_4() -> None:
    """The mech nearest the base (-2,4, one hex) moves; of the valid territories those
    nearest the enemy character on 1,3 are one hex away (1,2, 0,3, 0,4); 0,4 is the
    nearest to the Factory.  0,2 holds the other mech and is not valid."""
    st = solo()
    mechs(st, AUTOMA, "-2,4")
    mechs(st, AUTOMA, "0,2")
    workers(st, AUTOMA, "-1,4")
    character(st, PERSON, "1,3")
    p = plan(st, MECH)
    assert moved(p) == ("mech", "-2,4", "0,4")
    assert p is not None and "1 hex(es)" in p.why and "nearest the Factory" in p.why


def test_mech_move_stays_off_lakes_while_confined() -> None:
    st = solo(rivers_open=False)
    mechs(st, AUTOMA, "-2,4")
    character(st, PERSON, "1,3")
    # -1,3 and -1,4 are two hexes from 1,3; -1,4 is nearer the Factory.
    assert moved(plan(st, MECH)) == ("mech", "-2,4", "-1,4")


def test_character_move_aims_at_units_on_a_base_only_when_none_are_on_the_board() -> None:
    st = solo()
    character(st, AUTOMA, "-2,4")
    # The Crimean character waits on its base at -2,8: -2,5 is nearest (3 hexes).
    assert moved(plan(st, CHARACTER)) == ("character", "-2,4", "-2,5")
    mechs(st, PERSON, "1,1")
    assert moved(plan(st, CHARACTER)) == ("character", "-2,4", "-1,3")


def test_character_move_needs_its_character_on_the_board() -> None:
    st = solo()
    st.players[AUTOMA].char = OFF_BOARD
    why, p = plan_move(st, Move(CHARACTER))
    assert p is None and "not on the board" in why


# -- encounter / Factory -----------------------------------------------------------------------
def test_encounter_move_takes_the_token_nearest_the_factory() -> None:
    st = solo()
    character(st, AUTOMA, "0,3")
    st.board.encounter[pos("0,2")] = True
    st.board.encounter[pos("-1,4")] = True
    automa_step(st, card=14)  # Program I: encounter/Factory first
    play(st, "automa move")
    assert name(st.players[AUTOMA].char) == "-1,4"
    assert not st.board.encounter[pos("-1,4")] and st.board.encounter[pos("0,2")]


def test_encounter_move_to_the_factory_takes_a_factory_card() -> None:
    st = solo()
    character(st, AUTOMA, "0,4")
    st.board.encounter[pos("-1,4")] = True
    automa_step(st, card=14)
    play(st, "automa move")
    assert st.players[AUTOMA].char == FACTORY
    assert st.players[AUTOMA].factory and len(st.factory_pool) == 2
    # With a Factory card already, only the encounter is a target.
    character(st, AUTOMA, "0,4")
    assert moved(plan(st, ENCOUNTER)) == ("character", "0,4", "-1,4")


def test_encounter_move_not_onto_its_own_mech_nor_enemy_units() -> None:
    st = solo()
    character(st, AUTOMA, "0,3")
    st.board.encounter[pos("-1,4")] = True
    mechs(st, AUTOMA, "-1,4")
    assert plan(st, ENCOUNTER) is None


# -- attacks -----------------------------------------------------------------------------------
def test_attack_units_needs_the_power_shown() -> None:
    st = solo()
    mechs(st, AUTOMA, "-1,3")
    character(st, AUTOMA, "-1,5")  # farther from the base than the mech
    character(st, PERSON, "0,3")
    st.players[AUTOMA].power = 4
    why, p = plan_move(st, Move(ATTACK_UNITS, 5))
    assert p is None and "fewer than 5" in why
    assert moved(plan(st, ATTACK_UNITS, 4)) == ("mech", "-1,3", "0,3")


def test_attack_units_picks_the_fewest_enemy_fighters() -> None:
    st = solo()
    mechs(st, AUTOMA, "-1,3")
    st.players[AUTOMA].char = OFF_BOARD
    character(st, PERSON, "0,2")
    mechs(st, PERSON, "0,2")
    mechs(st, PERSON, "0,3")
    st.players[AUTOMA].power = 10
    assert moved(plan(st, ATTACK_UNITS, 7)) == ("mech", "-1,3", "0,3")


def test_attack_on_workers_takes_the_richest_and_clears_it() -> None:
    st = solo()
    character(st, AUTOMA, "-1,4")
    workers(st, PERSON, "0,3", 2)
    resources(st, "0,3", metal=2)
    workers(st, PERSON, "-1,5")
    resources(st, "-1,5", food=1)
    mechs(st, PERSON, "0,4")  # 0,4 has a mech: not a worker attack
    workers(st, PERSON, "0,4")
    popularity = st.players[PERSON].popularity
    automa_step(st, card=19)  # Program I: attack workers, then worker move
    play(st, "automa move")
    assert name(st.players[AUTOMA].char) == "0,3"
    assert st.board.workers[PERSON][pos("0,3")] == 0
    assert st.board.workers[PERSON][BASE["crimea"]] == 2
    assert st.board.resources_at(pos("0,3")) == 0
    assert st.players[PERSON].popularity == popularity
    assert st.phase == "automa" and st.automa is not None and st.automa.step == "gains"


def test_faction_symbols_in_brackets_count_only_for_that_faction() -> None:
    """Card 1, Program I: (Nordic) worker move, encounter/Factory, character move."""
    for faction, first in (("nordic", "worker move"), ("polania", "encounter/Factory")):
        st = solo(person="crimea", automa=faction)
        workers(st, AUTOMA, name(BASE_EXITS[BASE[faction]][0]))
        automa_step(st, card=1)
        play(st, "automa move")
        entries = [e for e in st.log() if "(Automa)" in e]
        assert first in entries[-1] or first in entries[-2]


# -- the turn, gains and the tracker -----------------------------------------------------------
def test_a_whole_turn_step_by_step() -> None:
    st = solo(rivers_open=False)
    workers(st, AUTOMA, "-1,3")
    assert st.automa is not None
    st.automa.deck.remove(3)
    st.automa.deck.append(3)  # Program I: worker move; gains 3 power; tracker advances
    begin(st, AUTOMA, phase="automa")
    assert legal(st) == ["automa draw"]
    power = st.players[AUTOMA].power
    play(st, "automa draw")
    assert legal(st) == ["automa move"] and st.automa.card == 3
    play(st, "automa move")
    assert legal(st) == ["automa gains"]
    play(st, "automa gains")
    assert st.players[AUTOMA].power == power + 3
    assert st.automa.tracker == 1 and st.automa.discard == [3]
    assert st.to_move() == [PERSON]
    with pytest.raises(IllegalAction):
        st.apply_text(AUTOMA, "automa draw")
    text = "\n".join(st.log())
    assert "draws card 3, Program I" in text and "gains 3 power" not in text


def test_gains_deploy_to_the_base_character_first() -> None:
    st = solo()
    st.players[AUTOMA].char = OFF_BOARD
    automa_step(st, card=9, step="gains")  # Program I: worker, mech
    workers_before = st.players[AUTOMA].workers_on_mat
    play(st, "automa gains")
    base = BASE["polania"]
    assert st.players[AUTOMA].char == base
    assert st.board.workers[AUTOMA][base] == 1
    assert st.players[AUTOMA].workers_on_mat == workers_before - 1
    automa_step(st, card=10, step="gains")  # Program I: mech, 2 power
    play(st, "automa gains")
    assert st.board.mechs[AUTOMA][base] == 1


def test_the_power_star_and_no_other_mat_star() -> None:
    st = solo()
    st.players[AUTOMA].power = 14
    st.players[AUTOMA].workers_on_mat = 1
    automa_step(st, card=3, step="gains")  # Program I: 3 power
    play(st, "automa gains")
    assert st.players[AUTOMA].power == 16
    assert st.players[AUTOMA].stars == ["power"]
    automa_step(st, card=1, step="gains")  # a worker: the last one leaves the mat
    play(st, "automa gains")
    assert "workers" not in st.players[AUTOMA].stars


def test_recruit_bonus_pays_the_persons_ongoing_bonus() -> None:
    st = solo()
    person = st.players[PERSON]
    person.recruits = {"upgrade": "power"}  # its ongoing bonus is power
    power = person.power
    automa_step(st, card=1, step="gains")  # Program I: recruit bonus power
    play(st, "automa gains")
    assert person.power == power + 1
    automa_step(st, card=2, step="gains")  # Program I: no recruit bonus
    play(st, "automa gains")
    assert person.power == power + 1


def test_the_tracker_places_stars_and_switches_to_program_ii() -> None:
    st = solo(level="automaszyna")
    assert st.automa is not None
    st.automa.tracker = 8
    st.automa.discard = [5, 6]
    st.automa.combat_discard = [7]
    st.automa.deck = [n for n in st.automa.deck if n not in (5, 6, 7, 1)]
    automa_step(st, card=1, step="gains")
    play(st, "automa gains")
    assert st.automa.tracker == 9
    assert st.players[AUTOMA].stars == ["tracker"]
    assert st.automa.program == 1
    assert sorted(st.automa.deck) == sorted(n for n in range(1, 20) if n != 1)
    assert st.automa.discard == [] and st.automa.combat_discard == []


def test_rivers_open_when_the_tracker_leaves_the_river_cells() -> None:
    st = solo(level="automa", rivers_open=False)
    assert st.automa is not None
    st.automa.tracker = 3
    automa_step(st, card=1, step="gains")
    play(st, "automa gains")
    assert st.automa.rivers_open
    assert any("lakes and rivers are open" in e for e in st.log())


def test_autometta_skips_on_marked_cards() -> None:
    st = solo(level="autometta")
    assert st.automa is not None
    st.automa.deck.remove(4)
    st.automa.deck.append(4)
    begin(st, AUTOMA, phase="automa")
    play(st, "automa draw")
    assert st.to_move() == [PERSON] and st.automa.tracker == STAR_TRACKERS["autometta"].rivers_from
    st2 = solo(level="automa")
    assert st2.automa is not None
    st2.automa.deck.remove(4)
    st2.automa.deck.append(4)
    begin(st2, AUTOMA, phase="automa")
    play(st2, "automa draw")
    assert legal(st2) == ["automa move"]


def test_an_empty_deck_is_refilled_from_both_discard_piles() -> None:
    st = solo()
    assert st.automa is not None
    st.automa.discard = list(range(1, 18))
    st.automa.combat_discard = [18, 19]
    st.automa.deck = []
    st.automa.box = 3
    begin(st, AUTOMA, phase="automa")
    play(st, "automa draw")
    assert len(st.automa.deck) == 18 and len(st.automa.discard) == 1


# -- combat ("Boj") ----------------------------------------------------------------------------
def _top(st: ScytheState, card: int) -> None:
    assert st.automa is not None
    if card in st.automa.deck:
        st.automa.deck.remove(card)
    st.automa.deck.append(card)


def test_combat_table_example() -> None:
    """ "Automa má 12 bodů moci": card 12 shows 4 / 5 / 7, so it commits 5 power and two
    combat cards; with 1 power it would commit 1."""
    st = solo()
    st.players[AUTOMA].power = 12
    hand(st, AUTOMA, 2, 3, 4)
    _top(st, 12)
    dial, *cards = automa_rules.commit(st, AUTOMA)
    assert dial == 5 and len(cards) == 2
    assert len(st.players[AUTOMA].cards) == 1
    st.players[AUTOMA].power = 1
    _top(st, 12)
    assert automa_rules.commit(st, AUTOMA)[0] == 1


def test_the_automa_attacks_and_loses_its_mech_to_the_mat() -> None:
    st = solo()
    mechs(st, AUTOMA, "-1,3")
    st.players[AUTOMA].char = OFF_BOARD
    character(st, PERSON, "0,3")
    hand(st, PERSON, 5)
    st.players[AUTOMA].power = 10
    _top(st, 10)  # combat table 0 / 0 / 0, one card (the Automa holds none)
    automa_step(st, card=14)  # Program II is not active: card 14 I = encounter, character
    assert st.automa is not None
    st.automa.program = 1  # card 14 Program II: attack units (7)
    play(st, "automa move")
    assert st.phase == "commit" and st.to_move() == [PERSON]
    play(st, "commit 2 with 5")
    assert st.board.mechs[AUTOMA][pos("-1,3")] == 0
    assert sum(st.board.mechs[AUTOMA]) == 0  # back on its faction mat
    assert st.players[PERSON].stars == ["combat"]
    assert st.phase == "automa" and legal(st) == ["automa gains"]
    assert st.last_battle["winner"] == PERSON


def test_ultimaszyna_retreats_to_its_base() -> None:
    st = solo(level="ultimaszyna")
    character(st, AUTOMA, "-1,3")
    character(st, PERSON, "0,3")
    hand(st, PERSON, 5)
    st.players[AUTOMA].power = 10
    _top(st, 10)
    automa_step(st, card=14)
    assert st.automa is not None
    st.automa.program = 1
    play(st, "automa move", "commit 0 with 5")
    assert st.players[AUTOMA].char == BASE["polania"]


def test_the_person_wins_resources_from_the_box_and_the_automa_removes_them() -> None:
    st = solo()
    mechs(st, AUTOMA, "0,3")  # a mountain: metal
    workers(st, AUTOMA, "0,3")
    character(st, PERSON, "1,3")
    assert st.automa is not None
    st.automa.box = 2
    _top(st, 10)  # the Automa commits 0 power and no card
    begin(st, PERSON, phase="move", section=0)
    st.moves_left = 2
    st.after_move = "bottom"
    st.players[PERSON].power = 3
    play(st, "move character 1,3>0,3")
    while st.phase != "commit":
        play(st, legal(st)[0])
    play(st, "commit 1")
    assert st.board.res[pos("0,3") * 4 + 2] == 2  # metal from the resource box
    assert st.players[AUTOMA].char != pos("0,3")
    assert st.board.workers[AUTOMA][BASE["polania"]] == 1


def test_driving_off_lone_automa_workers_also_gives_the_box() -> None:
    st = solo()
    workers(st, AUTOMA, "-1,4")  # a village: nothing to gain
    workers(st, AUTOMA, "-1,5")  # a farm: food
    character(st, PERSON, "0,5")
    assert st.automa is not None
    st.automa.box = 3
    begin(st, PERSON, phase="move", section=0)
    st.moves_left = 2
    st.after_move = "bottom"
    play(st, "move character 0,5>-1,5")
    assert st.board.res[pos("-1,5") * 4] == 3
    assert st.board.workers[AUTOMA][BASE["polania"]] == 1


# -- scoring -----------------------------------------------------------------------------------
def test_scoring_with_the_automa() -> None:
    st = solo()
    person, machine = st.players
    machine.stars = ["tracker", "tracker", "combat"]
    machine.coins = 20
    workers(st, AUTOMA, "-1,3")
    mechs(st, AUTOMA, "-1,4")
    resources(st, "-1,4", food=4)  # the Automa scores no resources
    workers(st, PERSON, "2,6")
    resources(st, "2,6", metal=9)
    person.popularity = 10
    person.coins = 0
    assert final_score(st, AUTOMA, st.structure_tile).total == 20 + 3 * 4 + 2 * 3
    score = final_score(st, PERSON, st.structure_tile)
    assert score.resource_count == 6 and score.resources == 6  # 6 of 9 count: 3 pairs at $2
    assert len(tiebreak_key(st, PERSON)) == 5  # no resource tie-break


# -- options and whole games -------------------------------------------------------------------
def test_difficulty_adjustments() -> None:
    st = solo(options={"automa-skip-turns": 2, "automa-coins": 1})
    assert st.automa is not None
    begin(st, AUTOMA, phase="automa")
    st.automa.deck.remove(3)
    st.automa.deck.append(3)
    coins = st.players[AUTOMA].coins
    play(st, "automa draw", "automa move", "automa gains")
    assert st.players[AUTOMA].coins == coins + 1
    begin(st, AUTOMA, phase="automa")
    play(st, "automa draw")
    assert st.to_move() == [PERSON]  # the second turn is skipped
    assert any("skips this turn" in e for e in st.log())


def test_all_moves_adjustment_carries_out_every_symbol() -> None:
    st = solo(options={"automa-all-moves": True})
    workers(st, AUTOMA, "-1,3")
    mechs(st, AUTOMA, "-2,4")
    character(st, PERSON, "1,3")
    automa_step(st, card=10)  # Program I: mech move, worker move
    play(st, "automa move")
    assert st.board.mechs[AUTOMA][pos("-2,4")] == 0
    assert st.board.workers[AUTOMA][pos("-1,3")] == 0 or st.board.workers[AUTOMA][pos("-1,4")]


@pytest.mark.parametrize("level", list(STAR_TRACKERS))
def test_a_full_game_at_every_difficulty(level: str) -> None:
    for seed in range(3):
        st = new_game("scythe", 2, {"automa": f"-,{level}"}, seed)
        assert isinstance(st, ScytheState)
        bots = [RandomBot(derive_seed(seed, 0)), AutomaBot(level, derive_seed(seed, 1))]
        actions: list[tuple[int, str]] = []
        while not st.is_over():
            seat = st.to_move()[0]
            action = bots[seat].choose(st, seat)
            actions.append((seat, action.text))
            st.apply(seat, action)
        assert any(len(p.stars) == 6 for p in st.players)
        assert st.players[AUTOMA].popularity == 10
        record = Record(
            game="scythe",
            seats=["random", f"automa:{level}"],
            seed=seed,
            options={"automa": f"-,{level}"},
            actions=actions,
        )
        assert record.replay().to_json() == st.to_json()


def test_the_view_shows_the_automa_but_not_its_deck_order_or_factory_card() -> None:
    st = solo()
    character(st, AUTOMA, "0,4")
    hand(st, AUTOMA, 2, 5)
    automa_step(st, card=14)
    play(st, "automa move")  # the character takes a Factory card on 1,4
    assert st.automa is not None
    view = st.view(PERSON)
    assert isinstance(view, dict)
    shown = view["automa"]
    assert (shown["name"], shown["card"], shown["program"]) == ("Automa", 14, "I")
    assert shown["deck"] == len(st.automa.deck)  # a count, not the order
    machine = view["players"][AUTOMA]
    assert machine["factory_card"] == -1  # face down
    assert "hand" not in machine and machine["combat_cards"] == 2
    world = st.copy()
    world.resample_hidden(PERSON, Rng(5))
    assert world.view(PERSON) == view
    assert world.automa is not None and world.automa.deck != st.automa.deck


def test_the_automa_wins_a_battle_as_saxony_with_two_combat_stars_at_most() -> None:
    """Saxony's unlimited combat stars are a faction ability: the Automa, which uses
    none, places two at most; the territory's resources go back to the supply."""
    st = solo(automa="saxony")
    character(st, AUTOMA, "-2,6")
    st.players[AUTOMA].stars = ["combat", "combat"]
    st.players[AUTOMA].power = 12
    character(st, PERSON, "-1,6")
    workers(st, PERSON, "-1,6")
    resources(st, "-1,6", food=2)
    _top(st, 6)  # combat table 7 / 7 / 7
    automa_step(st, card=17)  # Program I: attack units (6), attack workers, worker move
    play(st, "automa move", "commit 0")
    assert st.last_battle["winner"] == AUTOMA
    assert st.players[AUTOMA].stars == ["combat", "combat"]
    assert st.board.resources_at(pos("-1,6")) == 0
    assert st.players[PERSON].char == BASE["crimea"]
    assert st.board.workers[PERSON][BASE["crimea"]] == 1


def test_a_reshuffle_for_a_battle_keeps_the_active_resource_box() -> None:
    st = solo()
    assert st.automa is not None
    st.automa.box = 4
    st.automa.discard = list(range(1, 19))
    st.automa.deck = [19]
    automa_rules.commit(st, AUTOMA)  # takes card 19
    automa_rules.commit(st, AUTOMA)  # the deck is empty: both piles are reshuffled
    assert st.automa.box == 4 and len(st.automa.deck) == 18 and len(st.automa.combat_discard) == 1


def test_gains_of_coins_power_and_combat_cards() -> None:
    st = solo()
    machine = st.players[AUTOMA]
    coins, power, cards = machine.coins, machine.power, len(machine.cards)
    automa_step(st, card=2, step="gains")
    assert st.automa is not None
    st.automa.program = 1  # Program II: a coin (if Crimea), a combat card, a mech
    play(st, "automa gains")
    assert (machine.coins, machine.power, len(machine.cards)) == (coins, power, cards + 1)
    automa_step(st, card=15, step="gains")  # Program I: 3 power, 1 coin
    st.automa.program = 0
    play(st, "automa gains")
    assert (machine.coins, machine.power) == (coins + 1, power + 3)


def test_power_and_skipping_adjustments() -> None:
    st = solo(options={"automa-power": -1, "automa-skip-deploys": 2, "automa-skip-moves": 1})
    assert st.automa is not None
    machine = st.players[AUTOMA]
    power = machine.power
    workers(st, AUTOMA, "-1,3")
    automa_step(st, card=9)  # Program I: mech move, worker move; gains a worker and a mech
    play(st, "automa move")
    assert st.board.workers[AUTOMA][pos("-1,3")] == 1  # every movement is skipped
    play(st, "automa gains")
    base = BASE["polania"]
    # the first deployment (worker) happens, the second (mech) is skipped
    assert st.board.workers[AUTOMA][base] == 1 and st.board.mechs[AUTOMA][base] == 0
    assert machine.power == power - 1
