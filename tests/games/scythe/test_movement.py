"""Moving units (rulebook "Pohyb", "Typy jednotek", the mech abilities of "Nasazení" and
"Plavání" of "Dovednosti frakcí"), played through the engine.

Seat 0 is the mover; its Move is section 3 on the Industrial mat (index 2).
"""

from __future__ import annotations

import pytest

from tabletop.games.scythe.board import BASE, TERRAIN
from tabletop.games.scythe.data.factions import FACTIONS
from tabletop.games.scythe.game import ScytheState
from tabletop.games.scythe.state import UPGRADE_KEYS
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
    resources,
    top_done,
    workers,
)

MOVE = 2  # the Move section of the Industrial mat


def moving(factions: tuple[str, str] = ("nordic", "rusviet")) -> ScytheState:
    """A bare game where seat 0 is about to play its Move."""
    st = game(factions)
    begin(st, 0, "top", MOVE)
    return st


def targets(st: ScytheState, kind: str, frm: str) -> set[str]:
    """Where the seat to move may move its ``kind`` unit from ``frm`` now."""
    prefix = f"move {kind} {frm}>"
    return {t[len(prefix) :] for t in legal(st) if t.startswith(prefix)}


def at(st: ScytheState, seat: int, hex_: str) -> tuple[int, int, bool]:
    """(workers, mechs, character) of ``seat`` on ``hex_``."""
    p = pos(hex_)
    return st.board.workers[seat][p], st.board.mechs[seat][p], st.players[seat].char == p


# -- the basic move ---------------------------------------------------------------------------


def test_move_up_to_two_different_units_three_upgraded() -> None:
    """Pohyb: up to 2 different units (3 upgraded), each once."""
    st = moving()
    character(st, 0, "3,1")
    workers(st, 0, "4,1", 2)
    play(st, "move character 3,1>3,2")
    assert not targets(st, "character", "3,2")  # the character has moved
    assert targets(st, "worker", "4,1") == {"3,1", "3,2", "4,2", "5,1"}  # Nordic workers swim
    play(st, "move worker 4,1>3,1")
    assert top_done(st)
    st.players[0].upgraded[UPGRADE_KEYS.index("move.units")] = True
    begin(st, 0, "top", MOVE)
    play(st, "move character 3,2>3,1", "move worker 3,1>2,1", "move worker 4,1>3,2")
    assert top_done(st)
    assert (at(st, 0, "2,1")[0], at(st, 0, "3,2")[0], at(st, 0, "4,1")[0]) == (1, 1, 0)


def test_move_part_of_the_action() -> None:
    """Důležitá pravidla, Akce pohyb: "Můžete hrát pouze část akce"."""
    st = moving()
    character(st, 0, "3,1")
    mechs(st, 0, "4,1")
    play(st, "move character 3,1>3,2")
    assert "done" in legal(st)
    play(st, "done")
    assert top_done(st) and at(st, 0, "4,1")[1] == 1


def test_one_step_rivers_and_lakes_block_by_default() -> None:
    """Typy jednotek: one step; rivers and lakes block by default."""
    st = moving(("rusviet", "nordic"))
    character(st, 0, "3,2")
    # From 3,2: 2,2, 3,3 and 4,2 lie across rivers, 2,3 is a lake.
    assert targets(st, "character", "3,2") == {"3,1", "4,1"}
    play(st, "move character 3,2>4,1")
    assert top_done(st)  # one step, no Speed


def test_tunnels_are_adjacent_to_each_other() -> None:
    """Pohyb, Tunel: "všechna území označená symbolem tunelu ... považována za sousedící"."""
    st = moving(("rusviet", "nordic"))
    workers(st, 0, "2,2")
    assert targets(st, "worker", "2,2") == {"1,3", "0,3", "3,3", "-1,5", "2,5", "0,6"}


def test_own_mine_is_a_tunnel_for_all_own_units_only() -> None:
    """Stavba, Důl: a tunnel for every kind of its owner's units only."""
    tunnels = {"2,2", "0,3", "3,3", "-1,5", "2,5", "0,6"}
    st = moving(("rusviet", "nordic"))
    build(st, 0, "4,4", "mine")
    character(st, 0, "4,4")
    mechs(st, 0, "4,4")
    workers(st, 0, "4,4")
    for kind in ("character", "mech", "worker"):
        assert tunnels <= targets(st, kind, "4,4")
    st = moving(("rusviet", "nordic"))
    build(st, 0, "4,4", "mine")
    workers(st, 0, "0,6")
    assert "4,4" in targets(st, "worker", "0,6")
    # The opponent's units do not use it.
    workers(st, 1, "2,5")
    begin(st, 1, "top", 3)  # Engineering's Move
    assert "4,4" not in targets(st, "worker", "2,5")


def test_mine_tunnel_even_when_the_opponent_controls_it() -> None:
    """Stavba, Důl: "i pokud důl kontroluje soupeř"."""
    st = moving(("rusviet", "nordic"))
    build(st, 0, "4,4", "mine")
    mechs(st, 1, "4,4")  # a Nordic mech holds the Mine's territory
    mechs(st, 0, "0,6")
    assert "4,4" in targets(st, "mech", "0,6")


def test_bases_are_not_entered_by_moving() -> None:
    """Základna: no unit moves onto a base; units leave it by its territories."""
    st = moving()
    character(st, 0, "3,1")
    assert "base:nordic" not in targets(st, "character", "3,1")
    st.players[0].char = BASE["nordic"]
    assert targets(st, "character", "base:nordic") == {"3,1", "4,1"}


# -- carrying ----------------------------------------------------------------------------------


def test_mech_carries_workers_and_the_carried_worker_still_moves() -> None:
    """Pohyb, Mechové: carried workers keep their own move."""
    st = moving(("rusviet", "nordic"))
    mechs(st, 0, "3,1")
    workers(st, 0, "3,1", 2)
    play(st, "move mech 3,1>3,2")
    assert legal(st) == ["carry nothing", "carry w1", "carry w2"]
    play(st, "carry w2")
    assert at(st, 0, "3,2")[:2] == (2, 1)
    assert targets(st, "worker", "3,2") == {"3,1", "4,1"}
    play(st, "move worker 3,2>4,1")
    assert top_done(st)
    assert (at(st, 0, "3,2")[0], at(st, 0, "4,1")[0]) == (1, 1)


def test_character_carries_resources_but_no_workers() -> None:
    """Typy jednotek: every unit carries resources, only mechs carry workers."""
    st = moving(("rusviet", "nordic"))
    character(st, 0, "3,1")
    workers(st, 0, "3,1")
    resources(st, "3,1", food=1, oil=1)
    play(st, "move character 3,1>3,2")
    assert "carry food1 oil1" in legal(st)
    assert not any(t.startswith("carry w") for t in legal(st))
    play(st, "carry oil1")
    assert st.board.res[pos("3,2") * 4 + 3] == 1 and st.board.res[pos("3,1") * 4] == 1


def test_speed_picks_up_and_drops_workers_on_the_way() -> None:
    """Rychlost: a mech picks up and drops workers on the way."""
    st = moving()
    mechs(st, 0, "0,1", 3)
    mechs(st, 0, "3,1")  # the fourth: Speed
    workers(st, 0, "3,1")
    workers(st, 0, "3,2")
    play(st, "move mech 3,1>3,2", "carry w1")
    assert st.phase == "motion"
    assert legal(st)[-1] == "stop"
    assert not any(t.startswith("move worker") for t in legal(st))  # finish this unit first
    play(st, "move mech 3,2>4,1")
    assert legal(st) == ["carry nothing", "carry w1", "carry w2"]
    play(st, "carry w1")  # one dropped on 3,2, one taken along
    assert (at(st, 0, "3,1")[0], at(st, 0, "3,2")[0], at(st, 0, "4,1")[:2]) == (0, 1, (1, 1))


def test_speed_tunnel_hop_is_one_step() -> None:
    """Nasazení, Rychlost: "Pohyb mezi tunely se stále počítá jako jeden přesun"."""
    st = moving()
    mechs(st, 0, "3,3", 4)
    play(st, "move mech 3,3>0,6")
    assert st.phase == "motion"
    assert "move mech 0,6>0,5" in legal(st)
    play(st, "move mech 0,6>0,5")
    assert at(st, 0, "0,5")[1] == 1


def test_character_and_mech_stop_on_opponent_units() -> None:
    """Pohyb na soupeřem kontrolovaném území: fighters stop there."""
    st = moving()
    mechs(st, 0, "3,1", 4)
    mechs(st, 1, "3,2")
    play(st, "move mech 3,1>3,2")
    assert st.phase == "move"  # no second step offered: the next unit
    assert "move mech 3,2>4,1" not in legal(st)


def test_lone_workers_are_driven_home_for_one_popularity_each() -> None:
    """Území je kontrolováno jen dělníky: workers home, 1 popularity each."""
    st = moving()
    p = st.players[0]
    p.popularity = 1
    mechs(st, 0, "3,1", 4)
    workers(st, 1, "3,2", 2)
    resources(st, "3,2", metal=2)
    character(st, 0, "4,1")
    play(st, "move mech 3,1>3,2")
    assert st.board.workers[1][pos("3,2")] == 0
    assert st.board.workers[1][BASE["rusviet"]] == 2
    assert st.board.res[pos("3,2") * 4 + 2] == 2
    assert p.popularity == 0
    assert st.forced_retreat
    # Another unit may then move through.
    play(st, "move character 4,1>3,2")
    assert p.char == pos("3,2")


def test_workers_never_enter_territories_with_opponent_units() -> None:
    """Pohyb: workers never enter a territory with an opponent's unit."""
    st = moving(("rusviet", "nordic"))
    workers(st, 0, "3,2")
    workers(st, 1, "3,1")
    build(st, 1, "4,1", "armory")
    assert targets(st, "worker", "3,2") == {"4,1"}
    st.board.workers[1][pos("3,1")] = 0
    mechs(st, 1, "3,1")
    assert targets(st, "worker", "3,2") == {"4,1"}
    st.board.mechs[1][pos("3,1")] = 0
    character(st, 1, "3,1")
    assert targets(st, "worker", "3,2") == {"4,1"}


def test_workers_never_leave_a_territory_with_an_enemy_fighter() -> None:
    """Pohyb: "Vaši dělníci nikdy nesmí sami vstoupit na území ... či ho opustit"."""
    st = moving(("rusviet", "nordic"))
    mechs(st, 0, "3,1")
    workers(st, 0, "3,1")
    workers(st, 0, "4,4")
    mechs(st, 1, "3,2")
    play(st, "move mech 3,1>3,2", "carry w1")
    assert st.phase == "move" and targets(st, "worker", "4,4")
    assert not targets(st, "worker", "3,2")


def test_only_the_character_stops_on_an_encounter() -> None:
    """Setkání: only the character stops on an encounter token."""
    st = moving()
    mechs(st, 0, "3,1", 4)
    encounter_token(st, "3,2")
    play(st, "move mech 3,1>3,2")
    assert st.phase == "motion"  # Speed: the mech moves on
    play(st, "move mech 3,2>4,1")
    assert st.board.encounter[pos("3,2")]
    character(st, 0, "3,1")
    begin(st, 0, "top", MOVE)
    play(st, "move character 3,1>3,2")
    assert st.phase == "move"  # stopped: no second step despite Speed
    play(st, "done")
    assert st.phase == "encounter"


# -- abilities that widen the move ---------------------------------------------------------------

#: One river crossing onto each terrain: (from, to).
CROSSING = {
    "forest": ("4,3", "3,3"),
    "mountain": ("4,2", "3,2"),
    "village": ("4,1", "5,1"),
    "farm": ("4,1", "4,2"),
    "tundra": ("5,1", "4,1"),
}


@pytest.mark.parametrize("faction", ["nordic", "rusviet", "crimea", "saxony", "polania"])
@pytest.mark.parametrize("terrain", sorted(CROSSING))
def test_riverwalk_crosses_rivers_onto_the_factions_two_terrains(
    faction: str, terrain: str
) -> None:
    """Brodění: rivers are crossed onto the faction's two terrains only."""
    other = "rusviet" if faction == "nordic" else "nordic"
    frm, to = CROSSING[terrain]
    assert TERRAIN[pos(to)] == terrain
    st = moving((faction, other))
    character(st, 0, frm)
    assert to not in targets(st, "character", frm)
    mechs(st, 0, frm)  # Riverwalk
    allowed = terrain in FACTIONS[faction].riverwalk
    assert (to in targets(st, "character", frm)) is allowed
    assert (to in targets(st, "mech", frm)) is allowed


def test_nordic_workers_swim_across_rivers_not_onto_lakes() -> None:
    """Plavání: Nordic workers cross rivers, not onto lakes; fighters do not."""
    st = moving()
    workers(st, 0, "2,2")
    character(st, 0, "2,2")
    assert {"2,1", "3,1", "3,2"} <= targets(st, "worker", "2,2")
    assert "2,3" not in targets(st, "worker", "2,2")
    assert not {"2,1", "3,1", "3,2"} & targets(st, "character", "2,2")


def test_seaworthy_moves_onto_and_off_lakes() -> None:
    """Plavba: "Vaše postava a mechové se mohou pohybovat na jezera"; not lake to lake."""
    st = moving()
    character(st, 0, "2,2")
    assert "2,3" not in targets(st, "character", "2,2")
    mechs(st, 0, "5,2", 2)  # Riverwalk, Seaworthy
    assert {"1,2", "2,3"} <= targets(st, "character", "2,2")
    character(st, 0, "2,3")
    assert targets(st, "character", "2,3") == {"1,3", "1,4", "2,2", "2,4", "3,2", "3,3"}


def test_submerge_moves_between_lakes() -> None:
    """Potápění: Polania moves onto lakes and between lakes."""
    st = moving(("polania", "nordic"))
    mechs(st, 0, "2,3", 2)  # Riverwalk, Submerge
    lakes = {"-1,2", "1,2", "0,4", "1,5", "3,5", "-2,7"}
    assert lakes <= targets(st, "mech", "2,3")
    mechs(st, 0, "2,2")
    assert "2,3" in targets(st, "mech", "2,2") and "3,5" not in targets(st, "mech", "2,2")


def test_nothing_is_left_alone_on_a_lake() -> None:
    """Plavba, Potápění: workers and resources are never alone on a lake."""
    st = moving()
    mechs(st, 0, "5,2")
    mechs(st, 0, "2,3")  # Seaworthy, on the lake
    workers(st, 0, "2,3", 2)
    resources(st, "2,3", oil=1)
    character(st, 0, "2,3")
    assert not targets(st, "worker", "2,3")
    assert "2,2" in targets(st, "character", "2,3")  # the mech stays with the workers
    play(st, "move mech 2,3>2,2")
    assert "carry nothing" in legal(st)  # the character stays with them
    play(st, "carry nothing")
    assert not targets(st, "character", "2,3")  # now it would leave them alone
    # Without the character everything goes along.
    st = moving()
    mechs(st, 0, "5,2")
    mechs(st, 0, "2,3")
    workers(st, 0, "2,3", 2)
    resources(st, "2,3", oil=1)
    play(st, "move mech 2,3>2,2")
    assert st.phase == "move"  # no choice was asked
    assert at(st, 0, "2,2")[:2] == (2, 1) and st.board.res[pos("2,2") * 4 + 3] == 1
    assert st.board.resources_at(pos("2,3")) == 0


def test_township_links_controlled_villages_and_the_factory() -> None:
    """Sovět: controlled villages and the Factory are adjacent."""
    st = moving(("rusviet", "nordic"))
    mechs(st, 0, "5,1", 2)  # Riverwalk, Township
    workers(st, 0, "2,1")  # a controlled village
    workers(st, 0, "5,1")
    assert {"1,4", "2,1"} <= targets(st, "mech", "5,1")
    assert "-1,4" not in targets(st, "mech", "5,1")  # not controlled
    assert "1,4" not in targets(st, "worker", "5,1")
    mechs(st, 0, "1,4")
    assert {"2,1", "5,1"} <= targets(st, "mech", "1,4")


def test_underpass_links_controlled_mountains_tunnels_and_the_mine() -> None:
    """Podzemí: controlled mountains, tunnels and the Mine are adjacent."""
    st = moving(("saxony", "nordic"))
    mechs(st, 0, "0,1", 2)  # Riverwalk, Underpass
    workers(st, 0, "0,1")
    workers(st, 0, "4,4")
    build(st, 0, "1,1", "mine")
    tunnels = {"2,2", "0,3", "3,3", "-1,5", "2,5", "0,6"}
    assert tunnels | {"4,4", "1,1"} <= targets(st, "mech", "0,1")
    assert "3,2" not in targets(st, "mech", "0,1")  # a mountain nobody controls
    assert not tunnels & targets(st, "worker", "0,1")
    mechs(st, 0, "2,5")
    assert {"0,1", "4,4"} <= targets(st, "mech", "2,5")


def test_wayfare_reaches_inactive_bases_and_the_own_base() -> None:
    """Kočovník: to inactive bases (also from the own base) and the own base."""
    st = moving(("crimea", "nordic"))
    mechs(st, 0, "3,1", 2)  # Riverwalk, Wayfare
    workers(st, 0, "3,1")
    inactive = {"base:albion", "base:togawa", "base:polania", "base:rusviet", "base:saxony"}
    found = targets(st, "mech", "3,1")
    assert inactive | {"base:crimea"} <= found and "base:nordic" not in found
    play(st, "move mech 3,1>base:albion", "carry w1")
    assert st.board.workers[0][BASE["albion"]] == 1
    st.players[0].char = BASE["crimea"]
    assert inactive <= targets(st, "character", "base:crimea")


def test_wayfare_needs_the_mech() -> None:
    """Kočovník is a mech ability: without it no base is reached."""
    st = moving(("crimea", "nordic"))
    mechs(st, 0, "3,1")  # Riverwalk only
    assert not any(t.startswith("base:") for t in targets(st, "mech", "3,1"))


def test_speed_gives_a_second_step_and_may_stop() -> None:
    """Rychlost: "+1 hex při každém pohybu" for the character and mechs, not workers."""
    st = moving()
    mechs(st, 0, "5,2", 4)
    character(st, 0, "3,1")
    workers(st, 0, "4,1")
    play(st, "move character 3,1>3,2")
    assert st.phase == "motion" and "stop" in legal(st)
    play(st, "stop", "move worker 4,1>4,2")
    assert top_done(st)  # a worker has one step
    assert st.players[0].char == pos("3,2")
