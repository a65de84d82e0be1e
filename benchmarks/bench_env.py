"""The research environments against the bare engine on the same random games (issue 16).

For each game and player count, random games are recorded once (through the environment's
choice of numbers, so that every move has its own number), then replayed for ``--seconds``
each, move for move:

* ``engine``: ``legal_actions`` then ``apply`` (the bare engine's step, as a bot plays);
* ``env``: a PettingZoo agent loop, ``last()`` (the observation array and the action mask)
  then ``step(number)``;
* ``env no obs``: ``step(number)`` alone (an agent that does not look: the cost of the
  action numbering and the bookkeeping);
* ``openspiel``: ``legal_actions()`` then ``apply_action(number)`` on the OpenSpiel state.

Each figure is steps (decisions) per second, the best of five rounds; ``x`` columns are
how many times slower than the engine.  A step is a number of the environments: a Scythe
cargo chosen in steps (``carry +metal`` ... ``carry done``) is several steps of theirs and
one action of the engine, whose time is counted over the same steps.
Run: ``python -m benchmarks.bench_env --seconds 5``.
``--cpu`` gives instead the CPU time of a step in microseconds (``time.process_time``, the
best of seven rounds, OpenSpiel left out): on a shared machine, less disturbed by the others.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import pyspiel

from tabletop.engine import Action, get_game, new_game
from tabletop.research import env
from tabletop.research.openspiel import short_name

#: A recorded game: its seed and its moves (seat, action, number); the action is None for
#: a step of a stepwise choice (the engine plays nothing then).
Game = tuple[int, list[tuple[int, Action | None, int]]]


def record(game: str, players: int, seed: int) -> Game:
    """A random game through the environment: each move a random legal number."""
    e = env(game, players)
    e.reset(seed=seed)
    rng = random.Random(seed)
    moves: list[tuple[int, Action | None, int]] = []
    for agent in e.agent_iter():
        if e.terminations[agent]:
            e.step(None)
            continue
        number = rng.choice(e.infos[agent]["legal_moves"])
        seat = int(agent[5:])
        played = e._legal_of(seat)[number]
        moves.append((seat, None if played is None else e._moves[played], number))
        e.step(number)
    return seed, moves


def timed(run: Callable[[Game], None], games: list[Game], seconds: float) -> float:
    """Steps per second of replaying ``games`` over and over for ``seconds``: the best of
    five rounds (the machine is shared: the best round is the least disturbed)."""
    best = 0.0
    for _ in range(5):
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / 5:
            for played in games:
                run(played)
                steps += len(played[1])
        best = max(best, steps / (time.perf_counter() - start))
    return best


def cpu_per_step(run: Callable[[Game], None], games: list[Game], rounds: int = 7) -> float:
    """Microseconds of CPU time per step of replaying ``games`` three times: the best of
    ``rounds`` rounds."""
    steps = 3 * sum(len(played[1]) for played in games)
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(3):
            for played in games:
                run(played)
        best = min(best, time.process_time() - start)
    return best / steps * 1e6


def engine_replay(game: str, players: int) -> Callable[[Game], None]:
    def run(played: Game) -> None:
        state = new_game(game, players, seed=played[0])
        for seat, action, _ in played[1]:
            if action is not None:
                state.legal_actions(seat)
                state.apply(seat, action)

    return run


def env_replay(game: str, players: int, observe: bool) -> Callable[[Game], None]:
    e = env(game, players)

    def run(played: Game) -> None:
        e.reset(seed=played[0])
        for _, _, number in played[1]:
            if observe:
                e.last()
            e.step(number)

    return run


def openspiel_replay(game: str, players: int) -> Callable[[Game], None]:
    g = pyspiel.load_game(short_name(game), {"players": players})

    def run(played: Game) -> None:
        state = g.new_initial_state()
        state.apply_action(played[0])
        for _, _, number in played[1]:
            state.legal_actions()
            state.apply_action(number)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["brian-boru", "scythe", "terra-mystica"])
    parser.add_argument("--players", type=int, nargs="+", help="default: the fewest per game")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--recorded", type=int, default=3, help="games recorded per setup")
    parser.add_argument("--cpu", action="store_true", help="CPU microseconds per step")
    args = parser.parse_args()
    if args.cpu:
        print("| game | players | engine us | env us | x | env no obs us | x |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    else:
        print("| game | players | engine | env | x | env no obs | x | openspiel | x |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for game in args.games:
        counts = args.players or [get_game(game).player_counts[0]]
        for players in counts:
            if players not in get_game(game).player_counts:
                continue
            games = [record(game, players, seed) for seed in range(args.recorded)]
            if args.cpu:
                bare = cpu_per_step(engine_replay(game, players), games)
                full = cpu_per_step(env_replay(game, players, True), games)
                blind = cpu_per_step(env_replay(game, players, False), games)
                print(
                    f"| {game} | {players} | {bare:.1f} | {full:.1f} | {full / bare:.1f} "
                    f"| {blind:.1f} | {blind / bare:.1f} |",
                    flush=True,
                )
                continue
            bare = timed(engine_replay(game, players), games, args.seconds)
            full = timed(env_replay(game, players, True), games, args.seconds)
            blind = timed(env_replay(game, players, False), games, args.seconds)
            spiel = timed(openspiel_replay(game, players), games, args.seconds)
            print(
                f"| {game} | {players} | {bare:.0f} | {full:.0f} | {bare / full:.1f} "
                f"| {blind:.0f} | {bare / blind:.1f} | {spiel:.0f} | {bare / spiel:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
