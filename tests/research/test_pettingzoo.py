"""The PettingZoo environments: PettingZoo's own API and seed tests for every game and
player count (short runs), observations from views only, simultaneous decisions one seat at
a time, rewards from ranks."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from tabletop.engine import Rng, get_game
from tests.research.conftest import require

require("pettingzoo")
np = require("numpy")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from tabletop.research import env  # noqa: E402
from tabletop.research.aec import rank_rewards  # noqa: E402
from tabletop.research.spaces import GAMES, observations  # noqa: E402

#: Cycles of PettingZoo's tests per game (each step of Scythe compares masks of 20,979).
CYCLES = {"brian-boru": 60, "scythe": 25, "terra-mystica": 40}
SETUPS = [(g, p) for g in GAMES for p in get_game(g).player_counts]


@pytest.fixture(autouse=True)
def quiet() -> None:
    # PettingZoo advises plain arrays; a dict with an action mask is its own convention.
    warnings.filterwarnings("ignore", message="Observation", category=UserWarning)


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_pettingzoo_api(game: str, players: int) -> None:
    api_test(env(game, players), num_cycles=CYCLES[game])


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_pettingzoo_seed(game: str, players: int) -> None:
    seed_test(lambda: env(game, players), num_cycles=CYCLES[game])


def test_scythe_against_the_automa() -> None:
    api_test(env("scythe", 2, {"automa": "-,automa"}), num_cycles=CYCLES["scythe"])


def play(e, rng: random.Random, steps: int) -> int:
    """Random legal actions through the environment; how many were played."""
    played = 0
    for _agent in e.agent_iter(steps):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        played += 1
    return played


@pytest.mark.parametrize("game", GAMES)
def test_observation_is_the_view_only(game: str) -> None:
    """Resampling what a seat cannot see leaves its observation (and mask) unchanged."""
    rng = random.Random(7)
    for players in get_game(game).player_counts:
        e = env(game, players)
        e.reset(seed=players)
        for round_ in range(6):
            play(e, rng, 25)
            if e.game_state.is_over():
                break
            for agent in e.agents:
                before = e.observe(agent)
                saved = e.game_state.copy()
                e.game_state.resample_hidden(int(agent.split("_")[1]), Rng(round_ * 31 + players))
                e._legal_seat = -1  # the cache is for one position: a resampled one is another
                after = e.observe(agent)
                e.game_state, e._legal_seat = saved, -1
                assert np.array_equal(before["observation"], after["observation"]), agent
                assert np.array_equal(before["action_mask"], after["action_mask"]), agent


@pytest.mark.parametrize(("game", "players"), [("brian-boru", 3), ("scythe", 2)])
def test_simultaneous_decisions_one_seat_at_a_time(game: str, players: int) -> None:
    """Brian Boru's draft, Scythe's combat dials: the seats decide at once, asked one after
    the other; what the later seats observe does not depend on what an earlier seat chose
    (only on that it has chosen)."""
    found = 0
    for seed in range(40):
        e = env(game, players)
        e.reset(seed=seed)
        rng = random.Random(seed)
        while e.agents and len(e.game_state.to_move()) < 2 and not e.game_state.is_over():
            play(e, rng, 1)
        if e.game_state.is_over():
            continue
        first = e.agent_selection
        others = [a for a in e.agents if a != first and int(a[5:]) in e.game_state.to_move()]
        assert others
        legal = np.flatnonzero(e.observe(first)["action_mask"])
        if len(legal) < 2:
            continue
        seen = []
        for number in (legal[0], legal[-1]):  # two choices of the first seat, same position
            saved = e.game_state.copy()
            e.step(int(number))
            assert e.agent_selection != first
            seen.append({a: e.observe(a)["observation"] for a in others})
            e.game_state, e._legal_seat = saved, -1
            e._next()
        for agent in others:
            assert np.array_equal(seen[0][agent], seen[1][agent])
        found += 1
        if found == 3:
            return
    pytest.fail(f"only {found} simultaneous decisions in 40 random games of {game}")


@pytest.mark.parametrize("game", GAMES)
def test_rewards_from_ranks_at_the_end(game: str) -> None:
    players = get_game(game).player_counts[0]
    e = env(game, players)
    e.reset(seed=11)
    play(e, random.Random(11), 100_000)
    assert not e.agents
    outcome = e.game_state.outcome()
    rewards = rank_rewards(outcome.ranks)
    assert abs(sum(rewards)) < 1e-9
    assert max(rewards) == rewards[outcome.winners()[0]]


def test_every_game_has_a_fixed_size() -> None:
    for game in GAMES:
        sizes = set()
        for p in get_game(game).player_counts:
            e = env(game, p)
            observation_space: Any = e.observation_space("seat_0")
            action_space: Any = e.action_space("seat_0")
            sizes.add((observation_space["observation"].shape, action_space.n))
        assert len(sizes) == 1, game
        assert observations(game).size > 1000


def test_render_is_text() -> None:
    e = env("brian-boru", 3, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "NUN-1" in text
    assert env("brian-boru", 3).render() is None


def test_illegal_number_refused() -> None:
    e = env("brian-boru", 3)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        e.step(int(np.flatnonzero(mask == 0)[0]))


def test_observations_computed_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """``last()`` and ``observe`` called again before a step encode the view once, and
    each call gets arrays of its own; a step encodes anew."""
    e = env("brian-boru", 3)
    e.reset(seed=3)
    encoded: list[int] = []
    assert e._encoder is not None  # the arrays kept up to date part by part
    encode = e._encoder.encode

    def counting(state: Any, seat: Any) -> Any:
        encoded.append(1)
        return encode(state, seat)

    monkeypatch.setattr(e._encoder, "encode", counting)
    agent = e.agent_selection
    first = e.observe(agent)
    again, *_ = e.last()
    assert len(encoded) == 1
    assert np.array_equal(first["observation"], again["observation"])
    assert np.array_equal(first["action_mask"], again["action_mask"])
    first["observation"][:] = -1
    first["action_mask"][:] = 0
    assert e.observe(agent)["action_mask"].any() and (e.observe(agent)["observation"] >= 0).all()
    e.observe("seat_2" if agent != "seat_2" else "seat_0")
    assert len(encoded) == 2
    e.step(e.infos[agent]["legal_moves"][0])
    e.last()
    assert len(encoded) == 3
