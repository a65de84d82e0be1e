"""Rules where the platform follows the rulebook as the Snellman site (the engine of record)
reads it: each as a scene through the contract (docs/rulings.md, "Terra Mystica as the site
plays it")."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import IllegalAction, Record
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.actions import execute
from tabletop.games.terra_mystica.data.board import LAND_NEIGHBOURS
from tabletop.games.terra_mystica.data.terrain import Terrain, transform_spades
from tabletop.games.terra_mystica.export import export_ledger
from tabletop.games.terra_mystica.game import TerraMysticaState
from tabletop.games.terra_mystica.state import HEX_INDEX, INCOME_SPADES, SH, TMState
from tabletop.games.terra_mystica.terraform import Reach, shipping, spades_needed
from tabletop.games.terra_mystica.turn import play as play_core

from .test_turn import edit, legal, play, start, through_setup


def _ready(factions: str, **options: object) -> tuple[TerraMysticaState, TMState]:
    state = start(factions, **options)
    through_setup(state)
    core = edit(state)
    core.bowls[0] = [0, 0, 12]
    core.w[0], core.c[0], core.p[0] = 20, 30, 3
    return state, core


# -- BON4 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("faction", ["fakirs", "dwarves"])
def test_bon4_gives_no_shipping_to_factions_without_it(faction: str) -> None:
    _state, core = _ready(f"{faction},witches")
    core.bonus[0] = "BON4"
    assert shipping(core, 0) == 0  # bonus-tile appendix: no effect for Dwarves and Fakirs
    core.bonus[1] = "BON4"
    assert shipping(core, 1) == 1


def test_bon4_shipping_only_in_phase_two() -> None:
    _state, core = _ready("mermaids,witches")
    core.bonus[0] = "BON4"
    base = core.ship[0]
    assert shipping(core, 0) == base + 1
    core.phase = INCOME_SPADES  # the cult-bonus spades of phase III
    assert shipping(core, 0) == base
    assert Reach(core, 0).direct == Reach(core, 0).direct  # computed without the bonus
    core.phase = "play"


# -- the terrain wheel -------------------------------------------------------------------------


def test_the_way_round_never_passes_the_home_terrain() -> None:
    # desert -> swamp is 2 steps through plains; for the Halflings (plains) it is 5
    assert transform_spades(Terrain.DESERT, Terrain.SWAMP, Terrain.PLAINS) == 5
    assert transform_spades(Terrain.DESERT, Terrain.SWAMP, Terrain.FOREST) == 2
    # to or from the home terrain: the short way
    assert transform_spades(Terrain.DESERT, Terrain.PLAINS, Terrain.PLAINS) == 1
    assert transform_spades(Terrain.PLAINS, Terrain.LAKES, Terrain.PLAINS) == 2
    for home in Terrain:
        for a in Terrain:
            for b in Terrain:
                spades = transform_spades(a, b, home)
                assert (spades == 0) == (a == b)
                assert transform_spades(b, a, home) == spades  # both ways round agree


def test_a_transform_past_the_home_terrain_costs_the_long_way() -> None:
    state, core = _ready("halflings,witches")
    target = next(
        h
        for h in Reach(core, 0).direct_hexes()
        if core.owner[HEX_INDEX[h]] < 0 and core.terrain[HEX_INDEX[h]] == Terrain.DESERT
    )
    assert spades_needed(core, 0, target, Terrain.SWAMP) == 5
    core.w[0] = 14  # the Halflings' spades: 3 workers each
    state._legal_cache = None
    assert f"transform {target} to black" not in legal(state)
    core.w[0] = 15
    state._legal_cache = None
    assert f"transform {target} to black" in legal(state)
    written = play_core(core, 0, N.parse_command(f"transform {target} to black"))
    assert [c.to_text() for _, c in written] == ["dig 5", f"transform {target} to black"]


# -- spades: bought with dig, the dwelling last ------------------------------------------------


def test_build_needs_the_spades_dug_first() -> None:
    _state, core = _ready("witches,nomads")
    far = next(
        h
        for h in Reach(core, 0).direct_hexes()
        if core.owner[HEX_INDEX[h]] < 0 and core.terrain[HEX_INDEX[h]] != core.faction(0).home
    )
    trial = core.copy()
    with pytest.raises(IllegalAction, match="dig"):
        execute(trial, 0, N.Build(far), auto=False)  # the site refuses a build with no dig
    need = spades_needed(core, 0, far, core.faction(0).home)
    written = play_core(core, 0, N.Build(far))
    assert [c.to_text() for _, c in written] == [f"dig {need}", f"build {far}"]


def test_a_spade_too_many_is_refused_before_the_dwelling() -> None:
    _state, core = _ready("witches,nomads")
    near = next(
        h
        for h in Reach(core, 0).direct_hexes()
        if core.owner[HEX_INDEX[h]] < 0 and spades_needed(core, 0, h, core.faction(0).home) == 1
    )
    trial = core.copy()
    execute(trial, 0, N.Dig(2), auto=False)
    with pytest.raises(IllegalAction, match="other spade"):
        execute(trial, 0, N.Build(near), auto=False)


def test_one_tunnel_a_turn() -> None:
    _state, core = _ready("dwarves,witches")
    reach = Reach(core, 0)
    far = sorted(h for h in reach.far_hexes() if core.owner[HEX_INDEX[h]] < 0)
    assert len(far) >= 2
    core.spades[0] = 6
    execute(core, 0, N.Transform(far[0], N.Terrain.GRAY), auto=False)
    assert core.teleport_to[0] == far[0]
    with pytest.raises(IllegalAction, match="already used your tunnel"):
        execute(core, 0, N.Transform(far[1], N.Terrain.GRAY), auto=False)


# -- the bridge action -------------------------------------------------------------------------


def test_the_bridge_is_built_as_part_of_the_bridge_action() -> None:
    state, _core = _ready("engineers,witches")
    # a bridge spot next to the Engineers' buildings
    if "action ACT1" not in legal(state):
        pytest.skip("no bridge spot next to the engineers in this setup")
    play(state, "action ACT1")
    moves = legal(state)
    bridges = [t for t in moves if t.startswith("bridge")]
    assert bridges
    assert "done" not in moves  # the bridge must be placed
    assert not [t for t in moves if t.startswith(("build", "upgrade", "pass", "action"))]
    play(state, bridges[0])
    assert "done" in legal(state)


# -- the Chaos Magicians' double turn ----------------------------------------------------------


def _double_turn(**options: object) -> tuple[TerraMysticaState, TMState]:
    state, core = _ready("chaosmagicians,nomads", **options)
    core.building[HEX_INDEX[core.hexes_of(0)[0]]] = SH
    state._legal_cache = None
    play(state, "action ACTC")
    return state, core


def test_the_double_turn_is_exactly_two_actions() -> None:
    state, _core = _double_turn()
    assert "done" not in legal(state)
    assert not [t for t in legal(state) if t.startswith("pass")]  # pass is the second action
    play(state, "action ACT4")
    assert "done" not in legal(state)
    assert [t for t in legal(state) if t.startswith("pass")]
    play(state, "action ACT3")
    assert "done" in legal(state)
    assert not [t for t in legal(state) if t.startswith("action")]


def test_strict_chaosmagician_sh_passing_ends_the_double_turn() -> None:
    state, core = _double_turn(**{"strict-chaosmagician-sh": True})
    passes = [t for t in legal(state) if t.startswith("pass")]
    assert passes
    play(state, passes[0])
    assert core.passed[0] and state.to_move() == [1]


# -- the Darklings' exchange -------------------------------------------------------------------


def test_any_conversion_uses_up_the_darklings_exchange() -> None:
    _state, core = _ready("darklings,witches")
    core.flags[0].append("darkling-sh")
    execute(core, 0, N.parse_command("convert 1W to 1C"), auto=False)
    with pytest.raises(IllegalAction):
        execute(core, 0, N.parse_command("convert 1W to 1P"), auto=False)


def test_strict_darkling_sh_declines_the_exchange_left_unused() -> None:
    _state, core = _ready("darklings,witches", **{"strict-darkling-sh": True})
    core.flags[0] += ["darkling-sh", "acted"]
    written = play_core(core, 0, N.Done())
    assert [c.to_text() for _, c in written] == ["-3CONVERT_W_TO_P", "done"]
    assert "darkling-sh" not in core.flags[0]


# -- the export --------------------------------------------------------------------------------


def test_export_header_names_every_option_and_no_cultist_note_without_the_errata() -> None:
    options = {
        "factions": "cultists,witches,nomads",
        "strict-leech": True,
        "strict-darkling-sh": True,
        "strict-chaosmagician-sh": True,
    }
    record = Record("terra-mystica", ["a", "b", "c"], seed=3, options=options)
    state = record.new_state()
    rng = random.Random(3)
    while not state.is_over():
        (seat,) = state.to_move()
        action = rng.choice(state.legal_actions(seat))
        record.add(seat, action)
        state.apply(seat, action)
    text = export_ledger(record)
    header = [line for line in text.splitlines() if line.startswith("option ")]
    assert header == [
        "option strict-leech",
        "option strict-darkling-sh",
        "option strict-chaosmagician-sh",
    ]
    assert "[all opponents declined power]" not in text


# -- a seat leaving (the site's drop-out) -------------------------------------------------------


def test_a_seat_leaving_counts_as_passed_and_the_next_turn_starts() -> None:
    state, core = _ready("witches,nomads,halflings")
    assert state.to_move() == [0]
    record = Record("terra-mystica", ["a", "b", "c"], seed=1, options={})
    with pytest.raises(IllegalAction, match="not in the setup"):
        record.new_state().resign(0)
    tile = core.bonus[0]
    state.resign(0)
    assert core.dropped[0] and core.passed[0]
    assert tile in core.bonus_coins  # its bonus tile goes back
    assert state.to_move() == [1]
    with pytest.raises(IllegalAction, match="cannot leave"):
        state.resign(0)
    while core.round == 1:
        assert len(state.to_move()) == 1
        passes = [t for t in legal(state) if t.startswith("pass")]
        play(state, passes[0] if passes else "done")
    assert 0 not in state.to_move() and core.passed[0]


def test_the_alchemists_buy_spades_on_their_own_and_must_use_them() -> None:
    state, core = _ready("alchemists,witches")
    assert not [t for t in legal(state) if t.startswith("dig")]  # no stronghold yet
    core.building[HEX_INDEX[core.hexes_of(0)[0]]] = SH
    core.bowls[0] = [5, 5, 2]
    state._legal_cache = None
    digs = [t for t in legal(state) if t.startswith("dig")]
    assert "dig 1" in digs
    bowls = list(core.bowls[0])
    play(state, "dig 1")  # each spade gives them 2 power (their stronghold)
    assert core.spades[0] == 1 and core.bowls[0] != bowls
    moves = legal(state)
    assert "done" not in moves and not [t for t in moves if t.startswith(("upgrade", "pass"))]
    assert [t for t in moves if t.startswith("transform")]
    assert [t for t in moves if t.startswith("convert")]  # the power may pay for more spades
    play(state, next(t for t in moves if t.startswith("transform")))
    assert core.spades[0] == 0 and "done" in legal(state)


# -- open power offers (the site's timing) ------------------------------------------------------


def _offer_to_the_next_seat(**options: object) -> tuple[TerraMysticaState, TMState]:
    """The witches build next to the nomads (the next seat) and end their turn."""
    state = start("witches,nomads,halflings", **options)
    through_setup(state)
    core = edit(state)
    spot, other = next(
        (spot, other)
        for own in core.hexes_of(0)
        for spot in sorted(LAND_NEIGHBOURS[own])
        if core.owner[HEX_INDEX[spot]] < 0
        for other in sorted(LAND_NEIGHBOURS[spot])
        if core.owner[HEX_INDEX[other]] < 0 and other not in LAND_NEIGHBOURS[own] | {own}
    )
    core.owner[HEX_INDEX[other]], core.building[HEX_INDEX[other]] = 1, 1  # a nomads' dwelling
    core.terrain[HEX_INDEX[spot]] = core.faction(0).home
    play(state, f"build {spot}", "done")
    assert [o[1] for o in core.leech_offers] == [1]
    return state, core


def test_without_open_offers_the_answer_comes_before_the_next_turn() -> None:
    state, _core = _offer_to_the_next_seat()
    assert state.to_move() == [1]
    assert [m.split()[0] for m in legal(state)] == ["leech", "decline"]


def test_open_offers_stay_open_until_the_receivers_next_action() -> None:
    state, core = _offer_to_the_next_seat(**{"open-offers": True})
    assert state.to_move() == [1]  # the nomads' turn; they may answer in it
    moves = legal(state)
    assert [m.split()[0] for m in moves[:2]] == ["leech", "decline"]
    assert "burn 1" in moves or any(m.startswith("build") for m in moves)
    action = next(m for m in moves if m.startswith(("build", "upgrade", "transform")))
    play(state, action)  # an action declines the offer still open
    assert not [o for o in core.leech_offers if o[1] == 1]


def test_open_offers_with_strict_leech_a_conversion_leaves_only_declining() -> None:
    state, core = _offer_to_the_next_seat(**{"open-offers": True, "strict-leech": True})
    core.bowls[1] = [2, 4, 3]
    state._legal_cache = None
    play(state, "convert 1PW to 1C")
    moves = legal(state)
    assert any(m.startswith("decline") for m in moves)
    assert not any(m.startswith("leech") for m in moves)


def test_typed_actions_are_not_cached() -> None:
    from tabletop.games.terra_mystica import game as tm_game

    before = len(tm_game._ACTIONS)
    for amount in range(1000, 1500):
        tm_game.TERRA_MYSTICA.parse_action(f"convert {amount}PW to 1C")
    assert len(tm_game._ACTIONS) == before
