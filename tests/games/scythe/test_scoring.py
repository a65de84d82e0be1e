"""Final scoring: popularity tiers, categories, structure bonus tiles, tie-breaks
(rulebook "Bodování na konci hry", "Bodovací kategorie", "Vyhlášení vítěze")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabletop.games.scythe.board import BASE, FACTORY
from tabletop.games.scythe.scoring import (
    TIERS,
    Tier,
    final_score,
    structure_bonus_count,
    tiebreak_key,
    tier,
)
from tabletop.games.scythe.state import NO_STRUCTURE, Core
from tests.games.scythe.scenes import bare, build, character, mechs, pos, resources, workers

TILES = (
    "adjacent-tunnels",
    "adjacent-lakes",
    "adjacent-encounters",
    "on-tunnels",
    "in-a-row",
    "on-farms-and-tundras",
)


def with_popularity(core: Core, seat: int, popularity: int) -> Core:
    core.players[seat].popularity = popularity
    return core


# -- popularity tiers --------------------------------------------------------------------------


def test_tiers_as_printed_on_the_track() -> None:
    assert (Tier(0, 3, 2, 1), Tier(7, 4, 3, 2), Tier(13, 5, 4, 3)) == TIERS


@pytest.mark.parametrize(
    ("popularity", "rates"),
    [(0, (3, 2, 1)), (6, (3, 2, 1)), (7, (4, 3, 2)), (12, (4, 3, 2)), (13, (5, 4, 3))]
    + [(p, (5, 4, 3)) for p in (15, 16, 17, 18)],
)
def test_tier_boundaries(popularity: int, rates: tuple[int, int, int]) -> None:
    t = tier(popularity)
    assert (t.star, t.territory, t.resources) == rates


def test_rulebook_example_popularity_10() -> None:
    # "Máte 10 bodů popularity, dostanete proto 4 $ za každou umístěnou hvězdu,
    # 3 $ za každé kontrolované území a 2 $ za každé 2 žetony surovin pod vaší kontrolou."
    core = with_popularity(bare(), 0, 10)
    core.players[0].stars = ["upgrades", "mechs"]
    for h in ("0,1", "1,1", "3,1"):
        workers(core, 0, h)
    resources(core, "0,1", food=1, wood=1, metal=1, oil=1)
    s = final_score(core, 0, "in-a-row")
    assert (s.stars, s.territories, s.resources) == (2 * 4, 3 * 3, 2 * 2)
    assert (s.star_count, s.territory_count, s.resource_count) == (2, 3, 4)


def test_rulebook_example_13_resources_at_popularity_10() -> None:
    # "Na svých územích máte 13 žetonů surovin, vaše popularita je 10, celkem tedy
    # získáváte 13 mincí."  The Czech text's 13 contradicts its own rule ("2 $ za
    # každé 2 žetony surovin"): 13 tokens are 6 pairs, 6 x $2 = $12, the odd
    # token pays nothing.  We test the rule.
    core = with_popularity(bare(), 0, 10)
    workers(core, 0, "0,1")
    workers(core, 0, "1,1")
    resources(core, "0,1", metal=7)
    resources(core, "1,1", food=6)
    s = final_score(core, 0, "in-a-row")
    assert s.resource_count == 13
    assert s.resources == 12


def test_popularity_18_scores_like_15_to_17() -> None:
    # "Pokud je vaše popularita 18, dostáváte stejně peněz, jako by vaše
    # popularita byla v pásmu 15–17 bodů."
    def scene(popularity: int) -> Core:
        core = with_popularity(bare(), 0, popularity)
        core.players[0].stars = ["popularity"]
        workers(core, 0, "0,1")
        resources(core, "0,1", wood=2)
        return core

    at_18 = final_score(scene(18), 0, "in-a-row")
    at_15 = final_score(scene(15), 0, "in-a-row")
    assert at_18 == at_15
    assert (at_18.stars, at_18.territories, at_18.resources) == (5, 4, 3)


# -- territories and control ----------------------------------------------------------------


def test_factory_counts_three_lakes_count_base_never() -> None:
    # "včetně jezer. Základna není území." / "Továrnu ... jako 3 území."
    core = bare()
    character(core, 0, "1,4")  # the Factory
    mechs(core, 0, "1,2")  # a lake
    core.board.workers[0][BASE["nordic"]] = 1  # a worker back at the base
    core.players[0].workers_on_mat -= 1
    core.board.res[BASE["nordic"] * 4] = 4  # resources on a base are nobody's
    s = final_score(core, 0, "in-a-row")
    assert pos("1,4") == FACTORY
    assert s.territory_count == 3 + 1
    assert s.territories == 4 * 2
    assert s.resource_count == 0


def test_structure_alone_controls_its_territory() -> None:
    # "... nebo stavba (pokud tam nejsou žádné jednotky soupeře)."
    core = bare()
    build(core, 0, "0,2")
    resources(core, "0,2", oil=2)
    s = final_score(core, 0, "on-farms-and-tundras")
    assert (s.territory_count, s.resource_count) == (1, 2)
    assert s.total == s.coins + 2 + 1 + 2


def test_structure_does_not_control_under_an_enemy_unit() -> None:
    core = bare()
    build(core, 0, "0,2")
    resources(core, "0,2", oil=2)
    workers(core, 1, "0,2")
    mine, theirs = final_score(core, 0, "on-farms-and-tundras"), final_score(core, 1, "in-a-row")
    assert (mine.territory_count, mine.resource_count) == (0, 0)
    assert (theirs.territory_count, theirs.resource_count) == (1, 2)
    # the structure bonus is paid all the same
    assert mine.structure_bonus == 2


def test_final_score_adds_every_category() -> None:
    core = with_popularity(bare(), 0, 13)
    p = core.players[0]
    p.coins = 17
    p.stars = ["upgrades", "mechs", "combat"]
    character(core, 0, "1,4")  # Factory: 3 territories
    workers(core, 0, "4,1", 2)
    resources(core, "4,1", oil=5)
    build(core, 0, "4,1")  # a tundra
    build(core, 0, "1,1")  # a farm, held by the structure alone
    s = final_score(core, 0, "on-farms-and-tundras")
    assert s.coins == 17
    assert s.stars == 3 * 5
    assert s.territory_count == 3 + 1 + 1
    assert s.territories == 5 * 4
    assert s.resources == 2 * 3
    assert (s.bonus_count, s.structure_bonus) == (2, 4)
    assert s.total == 17 + 15 + 20 + 6 + 4


def test_unknown_tile_is_an_error() -> None:
    with pytest.raises(KeyError):
        final_score(bare(), 0, "adjacent-mountains")


# -- structure bonus tiles -------------------------------------------------------------------


def test_rulebook_example_four_lakes_pay_6() -> None:
    # "dostanete mince za 4 jezera (tedy 6 $). Tento bonus dostanete, i pokud
    # nebudete kontrolovat území, na kterých budovy stojí."
    core = bare()
    build(core, 0, "0,2", "mine")  # lakes -1,2 and 1,2
    build(core, 0, "2,2", "mill")  # 1,2 and 2,3
    build(core, 0, "1,3", "armory")  # 1,2, 2,3 and 0,4
    build(core, 0, "3,3", "monument")  # 2,3
    assert structure_bonus_count(core, 0, "adjacent-lakes") == 4
    assert final_score(core, 0, "adjacent-lakes").structure_bonus == 6
    for h in ("0,2", "2,2", "1,3", "3,3"):
        workers(core, 1, h)
    assert core.controlled(0) == []
    assert final_score(core, 0, "adjacent-lakes").structure_bonus == 6


def test_no_structures_no_bonus() -> None:
    core = bare()
    for tile in TILES:
        assert structure_bonus_count(core, 0, tile) == 0
        assert final_score(core, 0, tile).structure_bonus == 0


def test_adjacent_tunnels_each_once_mine_is_no_tunnel() -> None:
    core = bare()
    build(core, 0, "1,3", "armory")  # next to tunnels 2,2 and 0,3
    build(core, 0, "0,2", "mill")  # next to 0,3 again: no more
    assert structure_bonus_count(core, 0, "adjacent-tunnels") == 2
    # a structure next to the Mine gains nothing from it; the Mine's own
    # territory is not adjacent to itself
    build(core, 0, "5,1", "mine")
    build(core, 0, "4,1", "monument")
    assert structure_bonus_count(core, 0, "adjacent-tunnels") == 2
    core2 = bare()
    build(core2, 0, "3,3")  # on a tunnel, next to none
    assert structure_bonus_count(core2, 0, "adjacent-tunnels") == 0


def test_adjacent_tunnels_across_a_river() -> None:
    core = bare()
    build(core, 0, "4,3")  # river to 3,3, a tunnel: adjacency ignores rivers
    assert structure_bonus_count(core, 0, "adjacent-tunnels") == 1
    assert final_score(core, 0, "adjacent-tunnels").structure_bonus == 2


def test_adjacent_encounters_count_taken_tokens() -> None:
    core = bare()
    build(core, 0, "2,2")  # next to 2,1 and 3,2, both encounter territories
    core.board.encounter[pos("2,1")] = True  # still there
    core.board.encounter[pos("3,2")] = False  # already visited
    assert structure_bonus_count(core, 0, "adjacent-encounters") == 2
    assert final_score(core, 0, "adjacent-encounters").structure_bonus == 4


def test_on_tunnels() -> None:
    core = bare()
    for h in ("2,2", "0,3", "3,3"):
        build(core, 0, h)
    build(core, 0, "1,3")  # not a tunnel
    assert structure_bonus_count(core, 0, "on-tunnels") == 3
    assert final_score(core, 0, "on-tunnels").structure_bonus == 6


def test_in_a_row_rivers_do_not_break_it() -> None:
    core = bare()
    for h in ("1,1", "2,1", "3,1"):  # a river runs between 2,1 and 3,1
        build(core, 0, h)
    build(core, 0, "5,1")  # same row, but 4,1 is a gap
    assert structure_bonus_count(core, 0, "in-a-row") == 3
    assert final_score(core, 0, "in-a-row").structure_bonus == 6
    single = bare()
    build(single, 0, "0,1")
    assert final_score(single, 0, "in-a-row").structure_bonus == 2


def test_on_farms_and_tundras() -> None:
    core = bare()
    for h in ("1,1", "4,2", "0,2", "4,1"):  # farm, farm, tundra, tundra
        build(core, 0, h)
    assert final_score(core, 0, "on-farms-and-tundras").structure_bonus == 9
    core.players[0].structures[3] = NO_STRUCTURE  # take one back
    core.board.structure[pos("4,1")] = NO_STRUCTURE
    build(core, 0, "3,1")  # a forest does not count
    assert structure_bonus_count(core, 0, "on-farms-and-tundras") == 3


def test_bonus_counts_only_own_structures() -> None:
    core = bare()
    build(core, 1, "1,3")
    assert structure_bonus_count(core, 0, "adjacent-lakes") == 0
    assert structure_bonus_count(core, 1, "adjacent-lakes") == 3


# -- tie-breaks ---------------------------------------------------------------------------------
# Each scene: seat 0 wins tie-break ``level``, the seats are equal on every
# earlier one and seat 1 is ahead on every later one.


def _tie_units() -> Core:
    core = bare()
    workers(core, 0, "0,1", 3)
    workers(core, 1, "4,4")
    workers(core, 1, "2,7")
    resources(core, "4,4", metal=2)
    core.players[1].power += 5
    core.players[1].popularity = core.players[0].popularity + 1
    core.players[1].stars = ["combat"]
    return core


def _tie_power() -> Core:
    core = bare()
    build(core, 0, "0,1")  # a structure counts like a worker or a mech
    workers(core, 0, "0,1")
    mechs(core, 1, "4,4")
    workers(core, 1, "2,7")
    resources(core, "2,7", food=2)
    core.players[0].power, core.players[1].power = 7, 6
    core.players[1].popularity = core.players[0].popularity + 1
    core.players[1].stars = ["combat"]
    return core


def _tie_popularity() -> Core:
    core = bare()
    workers(core, 0, "0,1", 2)
    workers(core, 1, "4,4")
    workers(core, 1, "2,7")
    resources(core, "2,7", food=2)
    core.players[0].power = core.players[1].power = 5
    core.players[0].popularity, core.players[1].popularity = 9, 8
    core.players[1].stars = ["combat"]
    return core


def _tie_resources() -> Core:
    core = bare()
    workers(core, 0, "0,1", 2)
    resources(core, "0,1", metal=3)
    workers(core, 1, "4,4")
    workers(core, 1, "2,7")
    resources(core, "2,7", food=2)
    core.players[0].power = core.players[1].power = 5
    core.players[1].popularity = core.players[0].popularity
    core.players[1].stars = ["combat"]
    return core


def _tie_territories() -> Core:
    core = bare()
    workers(core, 0, "0,1")
    workers(core, 0, "1,1")
    character(core, 0, "3,1")  # the character counts for territories, not units
    character(core, 1, "1,4")  # the Factory: one territory here, three for scoring
    workers(core, 1, "4,4", 2)
    core.players[0].power = core.players[1].power = 5
    core.players[1].popularity = core.players[0].popularity
    core.players[1].stars = ["combat"]
    assert core.territory_count(1) > core.territory_count(0)
    return core


def _tie_stars() -> Core:
    core = bare()
    workers(core, 0, "0,1")
    workers(core, 1, "4,4")
    core.players[0].power = core.players[1].power = 5
    core.players[1].popularity = core.players[0].popularity
    core.players[0].stars = ["objective"]
    return core


TIE_SCENES: dict[int, Callable[[], Core]] = {
    0: _tie_units,
    1: _tie_power,
    2: _tie_popularity,
    3: _tie_resources,
    4: _tie_territories,
    5: _tie_stars,
}


@pytest.mark.parametrize("level", sorted(TIE_SCENES))
def test_tiebreaks_in_rulebook_order(level: int) -> None:
    core = TIE_SCENES[level]()
    a, b = tiebreak_key(core, 0), tiebreak_key(core, 1)
    assert len(a) == 6
    first_difference = next(i for i in range(6) if a[i] != b[i])
    assert first_difference == level
    assert a > b
    assert all(a[i] < b[i] for i in range(level + 1, 6))


def test_tiebreak_key_values() -> None:
    core = bare()
    p = core.players[0]
    p.power, p.popularity, p.stars = 9, 11, ["mechs", "combat"]
    workers(core, 0, "0,1", 2)
    mechs(core, 0, "1,1")
    build(core, 0, "3,1")
    character(core, 0, "1,4")
    resources(core, "0,1", food=3, oil=1)
    assert tiebreak_key(core, 0) == (2 + 1 + 1, 9, 11, 4, 4, 2)


def test_equal_seats_stay_tied() -> None:
    core = bare()
    core.players[0].power = core.players[1].power = 3
    core.players[1].popularity = core.players[0].popularity
    workers(core, 0, "0,1")
    workers(core, 1, "4,4")
    assert tiebreak_key(core, 0) == tiebreak_key(core, 1)
