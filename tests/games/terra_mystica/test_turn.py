"""The turn structure of games played on the platform: setup order, turns, follow-ups."""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction, OptionError, new_game
from tabletop.games.terra_mystica.game import TerraMysticaState
from tabletop.games.terra_mystica.state import HEX_INDEX, SH, TMState

SCORING = "SCORE2,SCORE3,SCORE4,SCORE5,SCORE6,SCORE7"


def start(factions: str, **options: object) -> TerraMysticaState:
    players = len(factions.split(","))
    bonus = ",".join(f"BON{k}" for k in range(1, players + 4))
    opts = {"factions": factions, "scoring": SCORING, "bonus-tiles": bonus, **options}
    state = new_game("terra-mystica", players, opts, seed=1)
    assert isinstance(state, TerraMysticaState)
    return state


def play(state: TerraMysticaState, *texts: str) -> None:
    for text in texts:
        state.apply_text(state.to_move()[0], text)


def legal(state: TerraMysticaState, seat: int | None = None) -> list[str]:
    seat = state.to_move()[0] if seat is None else seat
    return [str(a) for a in state.legal_actions(seat)]


def through_setup(state: TerraMysticaState) -> list[tuple[int, str]]:
    """Place the initial dwellings and pick bonus tiles (first legal choice each time)."""
    seen = []
    while state.core.phase in ("factions", "dwellings", "bonus"):
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]
        seen.append((seat, str(action)))
        state.apply(seat, action)
    return seen


def main_action(state: TerraMysticaState) -> str:
    """A main action other than passing (the first listed)."""
    return next(t for t in legal(state) if t.startswith(("transform", "upgrade", "build")))


def decline_offers(state: TerraMysticaState) -> None:
    while state.core.leech_offers:
        play(state, next(t for t in legal(state) if t.startswith("decline")))


def edit(state: TerraMysticaState) -> TMState:
    """The rules core, to set up a scene (the legal-move cache is dropped)."""
    state._legal_cache = None
    return state.core


def test_factions_are_chosen_in_seat_order_one_per_colour() -> None:
    state = new_game("terra-mystica", 3, {"factions": "witches"}, seed=2)
    assert isinstance(state, TerraMysticaState)
    assert state.to_move() == [1]
    choices = legal(state)
    assert "setup auren" not in choices  # the witches' colour is taken
    assert "setup nomads" in choices
    play(state, "setup nomads")
    assert state.to_move() == [2]
    assert "setup fakirs" not in legal(state)  # yellow again
    play(state, "setup giants")
    assert state.core.phase == "dwellings"


def test_factions_option_is_checked() -> None:
    with pytest.raises(OptionError, match="colour"):
        new_game("terra-mystica", 2, {"factions": "witches,auren"})
    with pytest.raises(OptionError, match="unknown faction"):
        new_game("terra-mystica", 2, {"factions": "witches,orcs"})
    with pytest.raises(OptionError, match="round 5"):
        new_game("terra-mystica", 2, {"scoring": "SCORE2,SCORE3,SCORE4,SCORE5,SCORE1,SCORE6"})


def test_random_scoring_tiles_never_put_the_spade_tile_in_rounds_5_and_6() -> None:
    for seed in range(60):
        state = new_game("terra-mystica", 4, seed=seed)
        assert isinstance(state, TerraMysticaState)
        core = state.core
        assert len(set(core.scoring)) == 6
        assert "SCORE1" not in core.scoring[4:]
        assert len(core.bonus_coins) == 4 + 3


def test_initial_dwellings_nomads_third_and_chaos_magicians_last() -> None:
    state = start("chaosmagicians,nomads,witches")
    seen = through_setup(state)
    dwellings = [seat for seat, text in seen if text.startswith("build")]
    # clockwise, then back; the Nomads' third; the Chaos Magicians' only one at the very end
    assert dwellings == [1, 2, 2, 1, 1, 0]
    bonus = [seat for seat, text in seen if text.startswith("pass")]
    assert bonus == [2, 1, 0]  # bonus tiles in reverse order
    assert state.core.phase == "play" and state.core.round == 1
    assert state.to_move() == [0]


def test_turns_go_clockwise_and_the_first_to_pass_starts_next_round() -> None:
    state = start("witches,nomads,halflings")
    through_setup(state)
    assert state.to_move() == [0]
    assert "done" not in legal(state)  # a main action first
    play(state, "pass BON4")  # passing ends the turn by itself
    assert state.to_move() == [1]
    play(state, "burn 1")
    assert "done" not in legal(state)  # a free action is not the turn's action
    play(state, main_action(state))
    assert state.to_move() == [1]
    assert "done" in legal(state)
    play(state, "done")
    decline_offers(state)
    assert state.to_move() == [2]
    # everybody passes: seat 0 passed first and starts round 2
    while state.core.round == 1:
        passes = [t for t in legal(state) if t.startswith("pass")]
        play(state, passes[0] if passes else "done")
    assert state.core.round == 2
    assert state.core.order == [0, 1, 2]
    assert state.to_move() == [0]


def test_variable_turn_order_follows_the_order_of_passing() -> None:
    state = start("witches,nomads,halflings", **{"variable-turn-order": True})
    through_setup(state)
    play(state, main_action(state))
    play(state, "done")
    decline_offers(state)
    play(state, "pass BON4")  # seat 1 passes first
    play(state, "pass BON5")  # seat 2
    play(state, "pass BON6")  # seat 0
    assert state.core.round == 2
    assert state.core.order == [1, 2, 0]
    assert state.to_move() == [1]


def test_power_offer_is_answered_when_the_builders_turn_is_over() -> None:
    state = start("witches,nomads")
    play(state, "build A3", "build B1", "build A5", "build A10", "build G4")  # nomads: 3
    play(state, "pass BON1", "pass BON2")
    core = edit(state)
    core.terrain[HEX_INDEX["A2"]] = core.faction(0).home  # next to A3 (witches), B1 (nomads)
    assert state.to_move() == [0]
    play(state, "build A2")
    # the witches finish their turn first (the site writes the turn before the answers)
    assert state.to_move() == [0]
    assert "done" in legal(state)
    with pytest.raises(IllegalAction, match="not to move"):
        state.apply_text(1, "leech 1 from witches")
    play(state, "done")
    assert state.to_move() == [1]
    assert legal(state) == ["leech 1 from witches", "decline 1 from witches"]
    vp, bowls = core.vp[1], list(core.bowls[1])
    play(state, "leech 1 from witches")
    assert core.vp[1] == vp  # one power costs nothing
    assert core.bowls[1] == [bowls[0] - 1, bowls[1] + 1, bowls[2]]
    assert state.to_move() == [1]  # then the nomads' own turn
    assert "done" not in legal(state)


def test_chaos_magicians_double_action() -> None:
    state = start("chaosmagicians,nomads")
    through_setup(state)
    core = edit(state)
    cm = 0
    spot = core.hexes_of(cm)[0]
    core.building[HEX_INDEX[spot]] = SH
    core.bowls[cm] = [0, 0, 12]
    core.c[cm], core.w[cm] = 20, 10
    assert state.to_move() == [cm]
    play(state, "action ACTC")
    assert core.mains == 2
    play(state, "action ACT4")  # 7 coins
    play(state, "action ACT3")  # 2 workers: the second extra action
    assert core.mains == 0
    assert not any(t.startswith("action ") for t in legal(state))
    play(state, "done")
    assert state.to_move() == [1]


def _ready_for_act6(factions: str = "halflings,nomads") -> TerraMysticaState:
    state = start(factions)
    through_setup(state)
    core = edit(state)
    core.bowls[0] = [0, 0, 12]
    core.w[0], core.c[0] = 20, 20
    play(state, "action ACT6")  # two free spades
    return state


def _one_spade_to_home(state: TerraMysticaState) -> str:
    core = state.core
    return next(
        t
        for t in legal(state)
        if t.startswith("transform")
        and _terrain_after(core, t) == core.faction(0).home
        and _spades(core, t) == 1
    )


def test_spade_action_dwelling_only_after_the_last_spade() -> None:
    state = _ready_for_act6()
    one = _one_spade_to_home(state)
    hex_id = one.split()[1]
    play(state, one)
    # rulebook, spades: the dwelling comes after all transforms of the action
    assert state.core.spades[0] == 1
    assert f"build {hex_id}" not in legal(state)
    spare = [t for t in legal(state) if t.startswith("transform")]
    assert spare
    play(state, spare[0])
    assert state.core.spades[0] == 0
    assert f"build {hex_id}" in legal(state)
    play(state, f"build {hex_id}")
    assert not [t for t in legal(state) if t.startswith(("build", "transform"))]
    assert legal(state)[-1] == "done"


def test_spade_action_spare_spades_lost_at_the_end_of_the_turn() -> None:
    state = _ready_for_act6()
    play(state, _one_spade_to_home(state))
    assert state.core.spades[0] == 1
    play(state, "done")  # the spare spade is lost (the site's ledger writes -SPADE)
    assert state.core.spades[0] == 0


def test_spade_action_after_another_terrain_the_rest_only_makes_home() -> None:
    state = _ready_for_act6()
    core = state.core
    other = next(
        t
        for t in legal(state)
        if t.startswith("transform")
        and _spades(core, t) == 1
        and _terrain_after(core, t) != core.faction(0).home
    )
    play(state, other)
    rest = [t for t in legal(state) if t.startswith("transform")]
    assert rest
    assert all(_terrain_after(core, t) == core.faction(0).home for t in rest)


def test_spade_action_spare_spade_before_the_dwelling() -> None:
    state = _ready_for_act6()
    one = _one_spade_to_home(state)
    hex_id = one.split()[1]
    other = next(
        t
        for t in legal(state)
        if t.startswith("transform")
        and t.split()[1] != hex_id
        and _spades(state.core, t) == 1
        and _terrain_after(state.core, t) != state.core.faction(0).home
    )
    play(state, other)  # the spare spade first, on a hex that does not become home
    builds = [t for t in legal(state) if t.startswith("build")]
    assert f"build {hex_id}" in builds  # transform with the last spade and build
    assert f"build {other.split()[1]}" not in builds
    play(state, f"build {hex_id}")
    assert not [t for t in legal(state) if t.startswith(("build", "transform"))]


def test_spade_action_missing_spades_bought_for_the_first_hex_only() -> None:
    state = _ready_for_act6("nomads,witches")
    core = state.core
    far = [t for t in legal(state) if t.startswith("transform") and _spades(core, t) == 3]
    assert far  # 3 spades: one bought with workers
    workers = core.w[0]
    play(state, far[0])
    assert core.w[0] == workers - 3  # nomads: 3 workers a spade
    assert not [t for t in legal(state) if t.startswith("transform")]  # no spade left


def _terrain_after(core: TMState, text: str) -> int:
    from tabletop.games.terra_mystica.data.terrain import terrain_from_color

    return int(terrain_from_color(text.split()[3]))


def _spades(core: TMState, text: str) -> int:
    from tabletop.games.terra_mystica.data.terrain import Terrain, spade_distance

    hex_id = text.split()[1]
    current = Terrain(core.terrain[HEX_INDEX[hex_id]])
    return spade_distance(current, Terrain(_terrain_after(core, text)))


def test_witches_ride_builds_on_any_forest() -> None:
    state = start("witches,nomads")
    through_setup(state)
    core = edit(state)
    spot = core.hexes_of(0)[0]
    core.building[HEX_INDEX[spot]] = SH
    play(state, "action ACTW")
    builds = [t for t in legal(state) if t.startswith("build")]
    forests = [
        h
        for h, i in HEX_INDEX.items()
        if core.owner[i] < 0 and core.terrain[i] == core.faction(0).home
    ]
    assert sorted(b.split()[1] for b in builds) == sorted(forests)
    coins = core.c[0]
    play(state, builds[-1])
    assert core.c[0] == coins  # free
    assert "done" in legal(state)


def test_refused_move_names_the_reason_and_changes_nothing() -> None:
    state = start("witches,nomads")
    through_setup(state)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="one unit at a time"):
        state.apply_text(0, "convert 2PW to 2C")
    with pytest.raises(IllegalAction, match="not a legal move"):
        state.apply_text(0, "build I13")
    assert state.to_json() == before


def test_mermaids_found_a_town_across_the_river() -> None:
    state = start("mermaids,witches")
    through_setup(state)
    core = edit(state)
    for i, owner in enumerate(core.owner):
        if owner == 0:
            core.owner[i], core.building[i] = -1, 0
    # two groups of the mermaids' buildings on both banks of river cell r10, 8 power in all
    for hex_id, code in (("B4", 3), ("C4", 2), ("C3", 4), ("D5", 1)):
        core.owner[HEX_INDEX[hex_id]], core.building[HEX_INDEX[hex_id]] = 0, code
    assert state.to_move() == [0]
    assert "connect r10" in legal(state)
    play(state, "connect r10")
    assert state.core.pending_towns[0] == 1
    # the town tile comes first (conversions allowed)
    assert all(t.startswith(("+TW", "burn", "convert")) for t in legal(state))
    play(state, "+TW1")
    assert "connect r10" not in legal(state)


def test_turn_number_counts_the_turns_ended_and_survives_copies_and_json() -> None:
    # A search looks one turn ahead (bots.mcts.HORIZONS): a turn is an action ended by
    # `done`, or a pass; answers to power offers and free moves are not turns.
    from tabletop.bots import make_bot
    from tabletop.engine import get_game, new_game

    state = new_game("terra-mystica", 3, {}, seed=4)
    bot = make_bot("greedy", 1)
    ended = 0
    for _ in range(250):
        if state.is_over():
            break
        seat = state.to_move()[0]
        action = bot.choose(state, seat)
        before = state.turn_number()
        assert before is not None
        state.apply(seat, action)
        if str(action) == "done" or str(action).startswith("pass"):
            ended += 1
            assert state.turn_number() == before + 1
        else:
            assert state.turn_number() == before
    assert state.turn_number() == ended > 20
    assert state.copy().turn_number() == ended
    assert get_game("terra-mystica").state_from_json(state.to_json()).turn_number() == ended


def test_round_number_through_the_setup() -> None:
    # A search plays a decision on to its round's end (bots.mcts.PlayOn): the start's
    # dwellings and bonus tiles are round 0, judged by the first round; the choice of a
    # faction, for the whole game, is in no round.
    from tabletop.bots import make_bot

    state = new_game("terra-mystica", 3, {}, seed=4)
    bot = make_bot("greedy", 1)
    seen: list[tuple[str, int | None]] = []
    while state.round_number() != 2:
        seat = state.to_move()[0]
        action = bot.choose(state, seat)
        seen.append((str(action).split()[0], state.round_number()))
        state.apply(seat, action)
    assert {r for kind, r in seen if kind == "setup"} == {None}
    assert {r for kind, r in seen if kind == "build"}.issuperset({0, 1})
    assert [r for kind, r in seen if kind == "pass"][:3] == [0, 0, 0]
    order = [-1 if r is None else r for _, r in seen]
    assert order == sorted(order)  # the setup's phases, then the round: never back
