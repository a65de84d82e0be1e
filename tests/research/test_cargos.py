"""Scythe's cargos, chosen in steps (numbering version 2): what a moving unit carries is
asked one worker or resource at a time (``carry +worker``, ``carry +metal``, ...), then
``carry done``, so any cargo the rules allow can be chosen, however big the piles.  At every
carry decision of seeded random games the steps reach exactly the engine's legal cargos;
the environment keeps the same agent while it chooses, shows the cargo so far in its
observation, refuses an illegal step without changing anything and plays the engine's one
``carry ...`` action on ``done`` (a cargo of 11 metal exactly; a unit leaving a lake alone
takes everything)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.engine import Rng, new_game
from tabletop.games.scythe.board import LAKES, RESOURCE_INDEX
from tabletop.games.scythe.encoding import ACTIONS
from tabletop.games.scythe.movement import cargo_text
from tests.research.conftest import require
from tests.research.stepwise import explore

require("pettingzoo")
np = require("numpy")
from tabletop.research import env  # noqa: E402
from tabletop.research.spaces import observations  # noqa: E402

STEP = {unit: ACTIONS.encode(f"carry +{unit}") for unit in ("worker", *RESOURCE_INDEX)}
DONE = ACTIONS.encode("carry done")
LAYOUT = observations("scythe").size


def carry_decisions(players: int, seed: int) -> Iterator[list[str]]:
    """The legal texts at every carry decision of a random game (the engine alone)."""
    state: Any = new_game("scythe", players, seed=seed)
    rng = random.Random(seed)
    for _ in range(4000):
        if state.is_over():
            return
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        if state.phase == "carry":
            yield [a.text for a in legal]
        state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_steps_reach_exactly_the_legal_cargos(players: int) -> None:
    decisions = partials = 0
    for seed in range(4):
        for texts in carry_decisions(players, 100 * players + seed):
            assert all(t.startswith("carry ") for t in texts)
            reached, met = explore(ACTIONS, texts)
            assert reached == set(texts)
            decisions += 1
            partials += met
    assert decisions > 20 and partials > decisions


def carrying_env(seed: int) -> Any:
    """An environment whose agent to move must say what a mech carries (random play)."""
    e = env("scythe", 2)
    e.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        state: Any = e.game_state
        if state.phase == "carry" and state.pending_step[0] == "mech":
            return e
        e.step(rng.choice(e.infos[e.agent_selection]["legal_moves"]))
    pytest.skip("no mech carrying in this game")


def refresh(e: Any) -> None:
    """After the engine state was changed by hand: the environment reads it again."""
    e.game_state._legal_cache = None
    e._legal_seat, e._observed = -1, {}
    e._next()


def pile_up(e: Any, piles: dict[str, int]) -> tuple[int, ...]:
    """Put ``piles`` where the moving unit stands; the most it may carry now."""
    state = e.game_state
    frm = state.pending_step[1]
    for resource, n in piles.items():
        state.board.res[frm * 4 + RESOURCE_INDEX[resource]] = n
    refresh(e)
    workers = state.board.workers[state.active][frm]
    return (workers, *(state.board.res[frm * 4 + k] for k in range(4)))


def snapshot(e: Any, agent: str) -> tuple[Any, ...]:
    observed = e.observe(agent)
    return (
        json.dumps(e.game_state.to_json(), sort_keys=True),
        e.agent_selection,
        observed["observation"].tolist(),
        observed["action_mask"].tolist(),
        json.dumps(e.infos, sort_keys=True),
        e._chosen,
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_eleven_metal_chosen_exactly(seed: int) -> None:
    e = carrying_env(seed)
    most = pile_up(e, {"metal": 11, "food": 9, "oil": 1})
    state, agent = e.game_state, e.agent_selection
    other = next(a for a in e.agents if a != agent)
    _, frm, to = state.pending_step
    before = json.dumps(state.to_json(), sort_keys=True)
    there = state.board.res[to * 4 : to * 4 + 4]
    units = [STEP["worker"]] if most[0] else []
    assert e.infos[agent]["legal_moves"] == sorted(
        [*units, STEP["food"], STEP["metal"], STEP["oil"], DONE]
    )
    for k in range(1, 12):
        e.step(STEP["metal"])
        assert e.agent_selection == agent and not e.game_state.is_over()
        assert e.rewards[agent] == 0 and e._cumulative_rewards[agent] == 0
        assert json.dumps(state.to_json(), sort_keys=True) == before  # nothing played yet
        observation, reward, termination, truncation, info = e.last()
        assert reward == 0 and not termination and not truncation
        assert info["legal_moves"] == np.flatnonzero(observation["action_mask"]).tolist()
        assert (STEP["metal"] in info["legal_moves"]) == (k < 11)
        assert DONE in info["legal_moves"]
        assert observation["observation"][LAYOUT:].tolist() == [0, 0, 0, k, 0]
        assert not e.observe(other)["observation"][LAYOUT:].any()  # the others see nothing
    # An illegal step (a twelfth metal) is refused and changes nothing.
    kept = snapshot(e, agent)
    with pytest.raises(ValueError, match="not legal"):
        e.step(STEP["metal"])
    with pytest.raises(ValueError, match="not legal"):
        e.step(STEP["wood"])  # none there
    assert snapshot(e, agent) == kept
    e.step(DONE)
    assert state.board.res[frm * 4 : frm * 4 + 4] == [most[1], most[2], 0, most[4]]
    assert state.board.res[to * 4 : to * 4 + 4] == [there[0], there[1], there[2] + 11, there[3]]
    assert e._chosen == ()
    if e.agent_selection == agent and not state.is_over():
        assert not e.observe(agent)["observation"][LAYOUT:].any()


def test_the_order_of_the_steps_does_not_matter() -> None:
    e = carrying_env(2)
    pile_up(e, {"metal": 3, "food": 2})
    agent = e.agent_selection
    for unit in ("metal", "food", "metal"):
        e.step(STEP[unit])
    first = snapshot(e, agent)
    e = carrying_env(2)
    pile_up(e, {"metal": 3, "food": 2})
    for unit in ("food", "metal", "metal"):
        e.step(STEP[unit])
    assert snapshot(e, agent) == first
    assert e.observe(agent)["observation"][LAYOUT:].tolist() == [0, 1, 0, 2, 0]


def test_a_unit_leaving_a_lake_alone_takes_everything() -> None:
    """The rules leave no choice (see ``movement.cargo_options``): the steps lead to the one
    full cargo, ``done`` is legal only there."""
    e = carrying_env(1)
    state = e.game_state
    seat = state.active
    kind, frm, to = state.pending_step
    lake = next(p for p in LAKES if p not in (frm, to) and state.players[seat].char != p)
    board = state.board
    board.mechs[seat][frm] -= 1
    board.mechs[seat][lake] = 1
    board.workers[seat][lake] = 2
    board.res[lake * 4 : lake * 4 + 4] = [3, 0, 1, 0]
    state.pending_step = [kind, lake, to]
    refresh(e)
    full = cargo_text((2, 3, 0, 1, 0))
    assert [a.text for a in state.legal_actions(seat)] == [full]
    agent = e.agent_selection
    assert e.infos[agent]["legal_moves"] == [STEP["worker"], STEP["food"], STEP["metal"]]
    for unit in ("metal", "food", "worker", "food", "worker", "food"):
        assert DONE not in e.infos[agent]["legal_moves"]
        e.step(STEP[unit])
        assert e.agent_selection == agent
    assert e.infos[agent]["legal_moves"] == [DONE]
    e.step(DONE)
    assert board.res[lake * 4 : lake * 4 + 4] == [0, 0, 0, 0]
    assert board.workers[seat][lake] == 0 and board.mechs[seat][lake] == 0


@pytest.mark.parametrize("seed", [4, 5])
def test_random_play_through_the_steps(seed: int) -> None:
    """Random numbers through the environment: at every step of a cargo the mask is that of
    the engine's legal cargos and the units chosen so far."""
    e = env("scythe", 3)
    e.reset(seed=seed)
    rng = random.Random(seed)
    steps = cargos = 0
    for agent in e.agent_iter(2500):
        if e.terminations[agent]:
            e.step(None)
            continue
        observation = e.observe(agent)
        legal = e.infos[agent]["legal_moves"]
        assert np.flatnonzero(observation["action_mask"]).tolist() == legal
        state: Any = e.game_state
        if state.phase == "carry":
            seat = int(agent[5:])
            texts = [a.text for a in state.legal_actions(seat)]
            assert legal == sorted(ACTIONS.choices(texts).numbers(e._chosen))
            tail = observation["observation"][LAYOUT:].tolist()
            assert tail == ACTIONS.pending_counts(e._chosen)
            e._observed = {}  # kept from the step before: the same as observed anew
            fresh = e.observe(agent)
            assert np.array_equal(fresh["observation"], observation["observation"])
            assert np.array_equal(fresh["action_mask"], observation["action_mask"])
        number = rng.choice(legal)
        steps += state.phase == "carry"
        cargos += number == DONE
        e.step(number)
    assert cargos > 5 and steps > cargos


def test_a_cargo_half_chosen_shows_nothing_hidden() -> None:
    """Resampling what a seat cannot see, in the middle of a cargo, leaves every seat's
    observation and mask as they were (the cargo so far is the chooser's own)."""
    e = carrying_env(3)
    pile_up(e, {"metal": 4, "oil": 2})
    for unit in ("metal", "oil", "metal"):
        e.step(STEP[unit])
    for round_, agent in enumerate(e.agents):
        before = e.observe(agent)
        saved = e.game_state.copy()
        e.game_state.resample_hidden(int(agent[5:]), Rng(round_ + 17))
        e._legal_seat, e._observed = -1, {}  # the caches are for one position
        after = e.observe(agent)
        e.game_state, e._legal_seat, e._observed = saved, -1, {}
        assert np.array_equal(before["observation"], after["observation"]), agent
        assert np.array_equal(before["action_mask"], after["action_mask"]), agent
    assert e.observe(e.agent_selection)["observation"][LAYOUT:].tolist() == [0, 0, 0, 2, 1]
