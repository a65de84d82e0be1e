"""Observation arrays kept up to date part by part (issue 16) equal the arrays encoded from
scratch (``codec.encode(state.view(seat))``): in the AEC environment at every step for every
seat, through copies of the state visited out of order, resets with other seeds, OpenSpiel
clones and serialized states.  A part whose snapshot misses something its builder reads
shows here as a stale slot."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.engine import State, get_game, new_game
from tabletop.engine.parts import assemble
from tests.research.conftest import require

np = require("numpy")
pyspiel = require("pyspiel")

from tabletop.research import env  # noqa: E402
from tabletop.research.openspiel import short_name  # noqa: E402
from tabletop.research.spaces import (  # noqa: E402
    GAMES,
    VIEW_PARTS,
    observation_encoder,
    observations,
)

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    *((g, p, {}) for g in GAMES for p in get_game(g).player_counts),
    ("scythe", 2, {"automa": "-,automa"}),
]
#: Steps per game: enough to cross rounds, trades, battles and drafts.
STEPS = {"brian-boru": 400, "scythe": 300, "terra-mystica": 250}


def ids(setup: tuple[str, int, dict[str, Any]]) -> str:
    return f"{setup[0]}-{setup[1]}" + ("-automa" if setup[2] else "")


def fresh(state: State, seat: int) -> Any:
    """The array encoded from scratch, from the view as every reader gets it."""
    return observations(state.game.id).encode(state.view(seat))


def differences(game: str, got: Any, want: Any) -> list[tuple[str, float, float]]:
    names = observations(game).names()
    return [(names[i], float(got[i]), float(want[i])) for i in np.flatnonzero(got != want)[:5]]


def test_every_game_has_parts_and_views_are_their_assembly() -> None:
    assert set(VIEW_PARTS) == set(GAMES)
    for game in GAMES:
        state = new_game(game, get_game(game).player_counts[0], seed=3)
        assert state._view(0) == assemble(VIEW_PARTS[game], state, 0)


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_aec_observations_equal_fresh_encodings(setup: tuple[str, int, dict[str, Any]]) -> None:
    """Every seat observes at every step (the agent to move and the others), over two
    games of the same environment (a reset with another seed keeps the encoder)."""
    game, players, options = setup
    e = env(game, players, options)
    size = observations(game).size
    checked = 0
    for seed in (1, 2):
        e.reset(seed=seed)
        rng = random.Random(seed)
        for steps, agent in enumerate(e.agent_iter()):
            if e.terminations[agent] or steps >= STEPS[game]:
                break
            seats = list(range(players))
            rng.shuffle(seats)
            for seat in seats:
                got = e.observe(f"seat_{seat}")["observation"]
                want = fresh(e.game_state, seat)
                assert np.array_equal(got[:size], want), (
                    seed,
                    steps,
                    seat,
                    differences(game, got[:size], want),
                )
                checked += 1
            e.step(rng.choice(e.infos[agent]["legal_moves"]))
    assert checked > 100


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_encoder_across_copies_out_of_order(setup: tuple[str, int, dict[str, Any]]) -> None:
    """One encoder, the positions of a game (copies) and of another game visited in order
    then shuffled, the spectator too: what a search does with copies of states."""
    game, players, options = setup
    states: list[State] = []
    for seed in (4, 5):
        state = new_game(game, players, options, seed=seed)
        rng = random.Random(seed)
        for _ in range(STEPS[game] // 2):
            if state.is_over():
                break
            states.append(state.copy())
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state)
    shuffled = states[:]
    random.Random(6).shuffle(shuffled)
    encoder = observation_encoder(game)
    assert encoder is not None
    codec = observations(game)
    for state in states + shuffled:
        for seat in (None, *range(players)):
            got = encoder.encode(state, seat)
            want = codec.encode(state.view(seat))
            assert np.array_equal(got, want), differences(game, got, want)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_tensors_through_clones_and_serialization(game: str) -> None:
    g = pyspiel.load_game(short_name(game), {"players": get_game(game).player_counts[0]})
    size = observations(game).size
    state = g.new_initial_state()
    state.apply_action(9)
    rng = random.Random(9)
    kept = []
    for step in range(120):
        if state.is_terminal():
            break
        if step % 7 == 0:
            kept.append(state.clone())
        if step % 11 == 0:
            kept.append(g.deserialize_state(state.serialize()))
        for other in (state, *kept[-2:]):
            if other.is_terminal():
                continue
            for player in range(g.num_players()):
                tensor = np.asarray(other.information_state_tensor(player))
                engine_state = other._box.state
                assert np.array_equal(tensor[:size], fresh(engine_state, player)), step
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_snapshot_that_misses_something_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A part whose inputs leave out something its builder reads (Brian Boru's towns without
    their monasteries) keeps stale slots: the comparisons above see them."""
    from tabletop.engine.parts import ViewPart
    from tabletop.games.brian_boru import view as bb_view

    def without_monasteries(s: Any, seat: int | None) -> tuple[Any, ...]:
        return (None, s.owner, s.viking, [False] * len(s.monastery))

    parts = tuple(
        part._replace(inputs=without_monasteries) if part.name == "towns" else part
        for part in bb_view.PARTS
    )
    assert all(isinstance(part, ViewPart) for part in parts)
    monkeypatch.setitem(VIEW_PARTS, "brian-boru", parts)
    encoder = observation_encoder("brian-boru")
    assert encoder is not None
    codec = observations("brian-boru")
    stale = 0
    for seed in range(4):
        state = new_game("brian-boru", 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = min(state.to_move())
            stale += not np.array_equal(encoder.encode(state, seat), codec.encode(state.view(seat)))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert stale > 0
