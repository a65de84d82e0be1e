"""The 23 base objective cards: each one met, and narrowly not met (rulebook "Úkoly")."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.games.scythe.data.cards import OBJECTIVES
from tabletop.games.scythe.objectives import CHECKS, objective_met
from tabletop.games.scythe.state import Core
from tests.games.scythe.scenes import bare, build, character, mechs, pos, resources, workers

#: A scene builder: ``met`` selects the variant that meets the card; returns the
#: position (seat 0 holds the card) and the ``forced_retreat`` flag.
Scene = Callable[[bool], tuple[Core, bool]]

SCENES: dict[int, Scene] = {}

SHARED_OBJECTIVES = Path("/work/shared/data/scythe/objectives.json")


def scene(number: int) -> Callable[[Scene], Scene]:
    def register(build_scene: Scene) -> Scene:
        SCENES[number] = build_scene
        return build_scene

    return register


def _control(core: Core, *hexes: str) -> None:
    for h in hexes:
        workers(core, 0, h)


# -- terrain cards: the third territory is held by a structure alone, under an
#    enemy worker in the failing variant ----------------------------------------------------


def _three_of(hexes: tuple[str, str, str], met: bool) -> tuple[Core, bool]:
    core = bare()
    _control(core, hexes[0], hexes[1])
    build(core, 0, hexes[2])
    if not met:
        workers(core, 1, hexes[2])
    return core, False


@scene(1)
def _mountains(met: bool) -> tuple[Core, bool]:
    return _three_of(("0,1", "3,2", "2,4"), met)


@scene(3)
def _farms(met: bool) -> tuple[Core, bool]:
    return _three_of(("1,1", "4,2", "-2,4"), met)


@scene(4)
def _tundras(met: bool) -> tuple[Core, bool]:
    return _three_of(("4,1", "0,2", "3,4"), met)


@scene(10)
def _forests(met: bool) -> tuple[Core, bool]:
    return _three_of(("3,1", "-1,3", "1,3"), met)


@scene(11)
def _villages(met: bool) -> tuple[Core, bool]:
    return _three_of(("2,1", "5,1", "4,3"), met)


@scene(2)
def _tunnels(met: bool) -> tuple[Core, bool]:
    # Failing: the third "tunnel" is a Mine on a plain territory.
    core = bare()
    _control(core, "2,2", "0,3")
    if met:
        workers(core, 0, "3,3")
    else:
        build(core, 0, "4,2", "mine")
    return core, False


@scene(5)
def _king_of_the_hill(met: bool) -> tuple[Core, bool]:
    # Power tied at the top is fine; one point behind is not.
    core = bare()
    character(core, 0, "1,4")
    core.players[0].power = 9
    core.players[1].power = 9 if met else 10
    return core, False


@scene(6)
def _send_one_back(met: bool) -> tuple[Core, bool]:
    core = bare()
    core.players[0].power = 7 if met else 6
    return core, True


@scene(7)
def _machine_over_muscle(met: bool) -> tuple[Core, bool]:
    core = bare()
    core.players[0].factory = 3
    mechs(core, 0, "0,1")
    workers(core, 0, "0,1", 3 if met else 4)
    return core, False


@scene(8)
def _common_man(met: bool) -> tuple[Core, bool]:
    core = bare()
    p = core.players[0]
    p.coins, p.popularity = (2 if met else 3), 7
    workers(core, 0, "0,1", 4)
    return core, False


@scene(9)
def _stockpile(met: bool) -> tuple[Core, bool]:
    # Failing: nine tokens, but no oil among them.
    core = bare()
    workers(core, 0, "0,1")
    if met:
        resources(core, "0,1", food=3, wood=2, metal=3, oil=1)
    else:
        resources(core, "0,1", food=3, wood=3, metal=3)
    return core, False


@scene(12)
def _get_rich(met: bool) -> tuple[Core, bool]:
    core = bare()
    core.players[0].coins = 20 if met else 19
    return core, False


@scene(13)
def _foundations(met: bool) -> tuple[Core, bool]:
    # character + 2 workers + 2 mechs = 5 tokens; the structure makes 6.
    core = bare()
    character(core, 0, "0,1")
    workers(core, 0, "0,1", 2)
    mechs(core, 0, "0,1", 2)
    if met:
        build(core, 0, "0,1")
    else:
        build(core, 0, "1,1")  # built elsewhere
    return core, False


@scene(14)
def _hedge_your_bets(met: bool) -> tuple[Core, bool]:
    # Failing: the only oil lies on a territory the seat does not control.
    core = bare()
    p = core.players[0]
    p.upgraded[0] = True
    p.recruits["build"] = "popularity"
    mechs(core, 0, "0,1")
    build(core, 0, "1,1")
    resources(core, "0,1", food=1, wood=1, metal=1)
    resources(core, "1,1" if met else "4,4", oil=1)
    return core, False


@scene(15)
def _balanced_workforce(met: bool) -> tuple[Core, bool]:
    core = bare()
    workers(core, 0, "0,1", 3)
    recruits = ("upgrade", "deploy", "build") if met else ("upgrade", "deploy")
    for bottom in recruits:
        core.players[0].recruits[bottom] = "coins"
    return core, False


@scene(16)
def _wolf_among_sheep(met: bool) -> tuple[Core, bool]:
    # Failing: two workers where the card wants exactly one.
    core = bare()
    character(core, 0, "0,1")
    mechs(core, 0, "0,1")
    workers(core, 0, "0,1", 1 if met else 2)
    resources(core, "0,1", metal=3, food=2)
    return core, False


@scene(17)
def _divide_and_conquer(met: bool) -> tuple[Core, bool]:
    core = bare()
    _control(core, "1,3", "2,4")
    core.players[0].factory = 0 if met else 5
    return core, False


@scene(18)
def _beloved_pacifist(met: bool) -> tuple[Core, bool]:
    core = bare()
    p = core.players[0]
    p.power, p.popularity = (0 if met else 1), 13
    workers(core, 0, "0,1", 5)
    return core, False


@scene(19)
def _shore_up(met: bool) -> tuple[Core, bool]:
    # Four around lake 1,2; the fifth is 1,3 (also on its shore) or 3,2 (not).
    core = bare()
    _control(core, "0,2", "0,3", "1,1", "2,1")
    _control(core, "1,3" if met else "3,2")
    return core, False


@scene(20)
def _permanent_foothold(met: bool) -> tuple[Core, bool]:
    core = bare()
    core.players[0].popularity = 7
    for h in ("0,1", "1,1", "3,1"):
        build(core, 0, h)
    if not met:
        mechs(core, 0, "0,1")
    return core, False


@scene(21)
def _monopolize(met: bool) -> tuple[Core, bool]:
    # Nine wood over two territories; failing: eight wood and eight metal.
    core = bare()
    _control(core, "0,1", "1,1")
    resources(core, "0,1", wood=5, metal=4)
    resources(core, "1,1", wood=4 if met else 3, metal=4)
    return core, False


@scene(22)
def _tech_breakthrough(met: bool) -> tuple[Core, bool]:
    core = bare()
    core.players[0].factory = 7
    core.players[0].upgraded[5] = not met
    return core, False


@scene(23)
def _tactical_mastery(met: bool) -> tuple[Core, bool]:
    core = bare()
    core.players[0].cards = [2] * (8 if met else 7)
    core.players[0].stars = ["combat"]
    return core, False


# -- the table ---------------------------------------------------------------------------------


def test_every_base_card_has_a_check_and_scenes() -> None:
    assert sorted(CHECKS) == sorted(OBJECTIVES) == list(range(1, 24))
    assert sorted(SCENES) == list(range(1, 24))


@pytest.mark.parametrize("number", sorted(OBJECTIVES))
def test_check_quotes_its_card(number: int) -> None:
    doc = " ".join((CHECKS[number].__doc__ or "").split())
    assert f"“{OBJECTIVES[number].condition}”" in doc


def test_card_data_matches_shared_data() -> None:
    if not SHARED_OBJECTIVES.exists():
        pytest.skip("shared component data not available")
    cards = {c["number"]: c for c in json.loads(SHARED_OBJECTIVES.read_text())["cards"]}
    for number, card in OBJECTIVES.items():
        shared = cards[number]
        assert card.name == shared["name"]
        assert card.condition == shared["condition_en"].replace("’", "'")
        assert card.end_of_turn == (shared["condition"].get("timing") == "end_of_turn")


@pytest.mark.parametrize("number", sorted(SCENES))
def test_met(number: int) -> None:
    core, forced = SCENES[number](True)
    assert objective_met(core, 0, number, forced_retreat=forced)


@pytest.mark.parametrize("number", sorted(SCENES))
def test_narrowly_not_met(number: int) -> None:
    core, forced = SCENES[number](False)
    assert not objective_met(core, 0, number, forced_retreat=forced)


# -- finer points ------------------------------------------------------------------------------


def test_send_one_back_needs_the_retreat() -> None:
    core = bare()
    core.players[0].power = 16
    assert not objective_met(core, 0, 6, forced_retreat=False)


def test_king_of_the_hill_needs_the_factory() -> None:
    core = bare()
    core.players[0].power = 16
    workers(core, 0, "1,3")  # next to the Factory only
    assert not objective_met(core, 0, 5, forced_retreat=False)


def test_stockpile_needs_nine_and_control() -> None:
    core = bare()
    workers(core, 0, "0,1")
    resources(core, "0,1", food=2, wood=2, metal=2, oil=2)
    assert not objective_met(core, 0, 9, forced_retreat=False)
    resources(core, "0,1", oil=1)
    assert objective_met(core, 0, 9, forced_retreat=False)
    workers(core, 1, "0,1")
    character(core, 1, "0,1")
    core.board.workers[0][pos("0,1")] = 0  # seat 0 leaves: seat 1 holds the pile
    core.players[0].workers_on_mat += 1
    assert not objective_met(core, 0, 9, forced_retreat=False)


def test_wolf_among_sheep_needs_five_resources_and_the_character() -> None:
    core = bare()
    character(core, 0, "0,1")
    mechs(core, 0, "0,1")
    workers(core, 0, "0,1")
    resources(core, "0,1", oil=4)
    assert not objective_met(core, 0, 16, forced_retreat=False)
    resources(core, "0,1", wood=1)
    assert objective_met(core, 0, 16, forced_retreat=False)
    character(core, 0, "1,1")
    assert not objective_met(core, 0, 16, forced_retreat=False)


def test_divide_and_conquer_counts_only_factory_neighbours() -> None:
    core = bare()
    _control(core, "1,3", "0,1")
    assert not objective_met(core, 0, 17, forced_retreat=False)


def test_foundations_counts_only_own_tokens() -> None:
    core = bare()
    workers(core, 0, "0,1", 5)
    workers(core, 1, "0,1")
    assert not objective_met(core, 0, 13, forced_retreat=False)
    workers(core, 0, "0,1")
    assert objective_met(core, 0, 13, forced_retreat=False)


def test_shore_up_the_factory_borders_three_lakes() -> None:
    # Lake 2,3: 1,3, 2,2, 3,2, 3,3 and the Factory make five.
    core = bare()
    _control(core, "1,3", "2,2", "3,2", "3,3")
    assert not objective_met(core, 0, 19, forced_retreat=False)
    character(core, 0, "1,4")
    assert objective_met(core, 0, 19, forced_retreat=False)


def test_promo_cards_are_unknown() -> None:
    with pytest.raises(KeyError):
        objective_met(bare(), 0, 24, forced_retreat=False)
