"""Scythe's cargos beyond the numbering's cap (MOST_CARGO of a resource), on positions built
for it: a unit about to leave a territory holding more than the cap.  Every legal carry
then has a number; a text over the cap shares the number of the cargo that carries the cap
(its ``nearest``), and the environment, keeping the first listed text of a number, plays
exactly the capped cargo, never more."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.engine.encoding import EncodingError
from tabletop.games.scythe.board import RESOURCE_INDEX
from tabletop.games.scythe.encoding import ACTIONS, MOST_CARGO, nearest
from tabletop.games.scythe.movement import cargo_text
from tests.research.conftest import require

require("pettingzoo")
from tabletop.research import env  # noqa: E402


def carrying_env(seed: int) -> Any:
    """An environment whose agent to move must say what a unit carries (random play)."""
    e = env("scythe", 2)
    e.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        state: Any = e.game_state
        if state.phase == "carry" and state.pending_step[0] == "mech":
            return e
        e.step(rng.choice(e.infos[e.agent_selection]["legal_moves"]))
    pytest.skip("no mech carrying in this game")


def pile_up(e: Any, piles: dict[str, int]) -> tuple[int, ...]:
    """Put ``piles`` where the moving unit stands; the most it may carry now."""
    state = e.game_state
    frm = state.pending_step[1]
    for resource, n in piles.items():
        state.board.res[frm * 4 + RESOURCE_INDEX[resource]] = n
    state._legal_cache = None
    e._legal_seat, e._observed = -1, {}
    e._next()
    workers = state.board.workers[state.active][frm]
    return (workers, *(state.board.res[frm * 4 + k] for k in range(4)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_big_cargos_are_numbered_at_the_cap(seed: int) -> None:
    e = carrying_env(seed)
    most = pile_up(e, {"metal": MOST_CARGO + 5, "food": MOST_CARGO + 2, "oil": 1})
    state, agent = e.game_state, e.agent_selection
    seat = state.active
    legal = [str(a) for a in state.legal_actions(seat)]
    assert len(legal) == (most[0] + 1) * (most[1] + 1) * (most[2] + 1) * (most[3] + 1) * 2
    numbers = ACTIONS.encode_legal(legal)
    over = 0
    for text, number in zip(legal, numbers, strict=True):
        if text == nearest(text):
            assert ACTIONS.encode(text) == number and ACTIONS.decode(number) == text
        else:
            over += 1
            with pytest.raises(EncodingError):
                ACTIONS.encode(text)
            assert ACTIONS.decode(number) == nearest(text)
    assert over > 0
    # The environment offers each number once, as the first text listed with it.
    offered = e.infos[agent]["legal_moves"]
    assert len(offered) == len(set(numbers))
    assert all(ACTIONS.decode(n) in legal for n in offered)
    # Food and metal at the cap: the capped cargo itself, not one of the bigger ones.
    capped = ACTIONS.encode(cargo_text((0, MOST_CARGO, 0, MOST_CARGO, 0)))
    assert capped in offered
    frm = state.pending_step[1]
    e.step(capped)
    left = state.board.res[frm * 4 : frm * 4 + 4]
    assert left == [most[1] - MOST_CARGO, most[2], most[3] - MOST_CARGO, most[4]]
