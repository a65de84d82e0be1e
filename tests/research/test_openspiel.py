"""The OpenSpiel games: OpenSpiel's own random-simulation test and its MCTS bot on each game
(short runs), serialization, clones, information states from views, returns."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine import get_game
from tests.research.conftest import require

pyspiel = require("pyspiel")
np = require("numpy")
from open_spiel.python.algorithms import mcts  # noqa: E402

from tabletop.research.openspiel import SEEDS, short_name  # noqa: E402
from tabletop.research.spaces import GAMES, actions, observations  # noqa: E402

SETUPS = [(g, p) for g in GAMES for p in get_game(g).player_counts]


def load(game: str, players: int):
    return pyspiel.load_game(short_name(game), {"players": players})


def start(g, seed: int):
    """A new game, its chance node played: the engine's seed."""
    state = g.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == SEEDS
    state.apply_action(seed)
    return state


def advance(state, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_registered_with_its_parameters(game: str) -> None:
    for players in get_game(game).player_counts:
        g = load(game, players)
        assert g.num_players() == players
        assert g.num_distinct_actions() == actions(game).size
        assert g.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        size = observations(game).size + actions(game).pending_size
        assert g.information_state_tensor_shape() == [size]
    with pytest.raises(Exception, match="players"):
        load(game, 9)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_random_simulation(game: str) -> None:
    """OpenSpiel's own test, serialization included."""
    pyspiel.random_sim_test(load(game, get_game(game).player_counts[0]), 1, True, False)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_mcts_bot(game: str) -> None:
    """OpenSpiel's MCTS bot (3 simulations, random rollouts) chooses the first moves."""
    g = load(game, get_game(game).player_counts[0])
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(5))
    bot = mcts.MCTSBot(g, 2.0, 3, evaluator, random_state=np.random.RandomState(5))
    state = start(g, 5)
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_serialize_deserialize_and_clone(game: str, players: int) -> None:
    g = load(game, players)
    state = start(g, players)
    rng = random.Random(players)
    advance(state, rng, 60)
    copy = g.deserialize_state(state.serialize())
    clone = state.clone()
    again_game, again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(g, state)
    )
    assert str(again_game) == str(g)
    for other in (copy, clone, again):
        assert str(other) == str(state)
        assert other.history() == state.history()
    # They go on alike (the engine's random generator is part of the state) and apart.
    seed = rng.random()
    for other in (state, copy, clone):
        advance(other, random.Random(seed), 40)
    assert str(copy) == str(state) == str(clone)
    assert str(again) != str(state) or state.is_terminal()


@pytest.mark.parametrize("game", GAMES)
def test_information_from_views_and_returns_at_the_end(game: str) -> None:
    players = get_game(game).player_counts[0]
    g = load(game, players)
    state = start(g, 3)
    rng = random.Random(3)
    codec = actions(game)
    choosing = 0
    while not state.is_terminal():
        player = state.current_player()
        view = state.engine_state.view(player)
        text = json.dumps(view, sort_keys=True)
        tensor = observations(game).encode(view).tolist() + [0.0] * codec.pending_size
        chosen = state.choosing(player)
        if chosen:  # in the middle of a stepwise choice (a Scythe cargo)
            text += "\nchoosing: " + codec.pending_text(chosen)
            tensor[observations(game).size :] = codec.pending_counts(chosen)
            choosing += 1
        assert state.information_state_string(player) == text
        assert state.observation_string(player) == text
        assert state.information_state_tensor(player) == tensor
        assert state.returns() == [0.0] * players
        advance(state, rng, 1 + rng.randrange(30))
    assert choosing or game != "scythe"
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) > 0


def test_the_seed_decides_the_game() -> None:
    g = load("brian-boru", 3)
    assert str(start(g, 1)) == str(start(g, 1)) != str(start(g, 2))
    assert start(g, 1).engine_state == get_game("brian-boru").new_state(3, seed=1)


def test_a_scythe_cargo_in_steps() -> None:
    """A cargo of 11 metal, chosen one metal at a time by the same player; serialized,
    cloned and refused in the middle of the choice."""
    codec = actions("scythe")
    metal, wood, done = (codec.encode(f"carry {s}") for s in ("+metal", "+wood", "done"))
    g = load("scythe", 2)
    rng = random.Random(2)
    for seed in range(20):
        state = start(g, seed)
        while not state.is_terminal():
            engine = state.engine_state
            if engine.phase == "carry" and engine.pending_step[0] == "mech":
                break
            advance(state, rng, 1)
        else:
            continue
        break
    else:
        pytest.fail("no mech carrying in 20 random games")
    _, frm, to = engine.pending_step
    engine.board.res[frm * 4 : frm * 4 + 4] = [0, 0, 11, 0]
    engine._legal_cache = None
    state._box.seat = -1  # the engine state was changed by hand
    player = state.current_player()
    there = engine.board.res[to * 4 + 2]
    assert metal in state.legal_actions() and done in state.legal_actions()
    assert state.action_to_string(player, metal) == "carry +metal"
    for k in range(1, 4):
        state.apply_action(metal)
        assert state.current_player() == player and state.rewards() == [0.0, 0.0]
        assert state.information_state_tensor(player)[-5:] == [0, 0, 0, k, 0]
    assert state.choosing(player) == (metal,) * 3
    assert state.information_state_string(player).endswith("\nchoosing: carry metal3")
    assert state.information_state_tensor(1 - player)[-5:] == [0] * 5
    assert "choosing" not in state.information_state_string(1 - player)
    copy = g.deserialize_state(state.serialize())
    clone = state.clone()
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))
    for other in (copy, clone, again):
        assert str(other) == str(state) and str(state).endswith("\nchoosing: carry metal3")
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == state.history()
    # A step that is not legal (no wood there) is refused and changes nothing.
    before = (str(state), state.history(), state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(wood)
    assert (str(state), state.history(), state.legal_actions()) == before
    for other in (state, copy, clone, again):
        for _ in range(8):
            other.apply_action(metal)
        assert metal not in other.legal_actions()
        other.apply_action(done)
        assert "choosing" not in str(other)
        board = other.engine_state.board
        assert board.res[frm * 4 + 2] == 0 and board.res[to * 4 + 2] == there + 11
    assert str(copy) == str(state) == str(clone) == str(again)
