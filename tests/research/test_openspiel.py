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
        assert g.information_state_tensor_shape() == [observations(game).size]
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
    while not state.is_terminal():
        player = state.current_player()
        view = state.engine_state.view(player)
        assert state.information_state_string(player) == json.dumps(view, sort_keys=True)
        assert state.observation_string(player) == json.dumps(view, sort_keys=True)
        assert state.information_state_tensor(player) == observations(game).encode(view).tolist()
        assert state.returns() == [0.0] * players
        advance(state, rng, 1 + rng.randrange(30))
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) > 0


def test_the_seed_decides_the_game() -> None:
    g = load("brian-boru", 3)
    assert str(start(g, 1)) == str(start(g, 1)) != str(start(g, 2))
    assert start(g, 1).engine_state == get_game("brian-boru").new_state(3, seed=1)
