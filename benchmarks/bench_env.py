"""Random play through the research environments against the bare engine (issue 16).

For each game and player count, for ``--seconds`` each, random legal moves:

* ``engine``: ``legal_actions`` then ``apply`` (the bare engine's step);
* ``env``: a PettingZoo agent loop, ``last()`` (the observation array and the action mask)
  then ``step`` with a number drawn from the mask;
* ``env no obs``: ``step`` alone, the number drawn from ``infos[agent]["legal_moves"]``
  (an agent that does not look: the cost of the action numbering itself);
* ``openspiel``: ``legal_actions()`` then ``apply_action`` on the OpenSpiel state.

Each figure is steps (decisions) per second; ``x`` columns are how many times slower than
the engine.  Run: ``python -m benchmarks.bench_env --seconds 5``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from tabletop.engine import get_game, new_game
from tabletop.research import env
from tabletop.research.openspiel import short_name


def timed(run: Callable[[int], int], seconds: float) -> float:
    """Steps per second of ``run(seed) -> steps``, over games until ``seconds`` pass."""
    steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run(seed)
        seed += 1
    return steps / (time.perf_counter() - start)


def engine_game(game: str, players: int) -> Callable[[int], int]:
    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = new_game(game, players, seed=seed)
        steps = 0
        while not state.is_over():
            seat = min(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        return steps

    return run


def env_game(game: str, players: int, observe: bool) -> Callable[[int], int]:
    e = env(game, players)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        e.reset(seed=seed)
        steps = 0
        for agent in e.agent_iter():
            if observe:
                obs, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[rng.randrange(len(legal))]))
            else:
                if e.terminations[agent]:
                    e.step(None)
                    continue
                e.step(rng.choice(e.infos[agent]["legal_moves"]))
            steps += 1
        return steps

    return run


def openspiel_game(game: str, players: int) -> Callable[[int], int]:
    g = pyspiel.load_game(short_name(game), {"players": players})

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = g.new_initial_state()
        state.apply_action(seed)
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["brian-boru", "scythe", "terra-mystica"])
    parser.add_argument("--players", type=int, nargs="+", help="default: the fewest per game")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    print("| game | players | engine | env | x | env no obs | x | openspiel | x |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for game in args.games:
        counts = args.players or [get_game(game).player_counts[0]]
        for players in counts:
            if players not in get_game(game).player_counts:
                continue
            bare = timed(engine_game(game, players), args.seconds)
            full = timed(env_game(game, players, True), args.seconds)
            blind = timed(env_game(game, players, False), args.seconds)
            spiel = timed(openspiel_game(game, players), args.seconds)
            print(
                f"| {game} | {players} | {bare:.0f} | {full:.0f} | {bare / full:.1f} "
                f"| {blind:.0f} | {bare / blind:.1f} | {spiel:.0f} | {bare / spiel:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
