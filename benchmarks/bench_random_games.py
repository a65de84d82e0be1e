"""Speed of a game's engine under random play, on one core.

For each player count it measures:

- random full games per second (and actions per second) from setup to the
  end, every action a uniformly random legal one;
- legal-action generations per second (``_legal`` for every seat to move,
  cache bypassed) on positions sampled from random games, and the legal
  actions those generations produce per second;
- applies per second (``apply`` of a random legal action, the legality check
  answered from the warm cache, as in a bot's inner loop) on the same positions;
- the cost of ``copy()`` and ``to_json()`` in microseconds, on mid-game states.

Usage::

    python -m benchmarks.bench_random_games --game brian-boru --players 3 4 5 --seconds 5
    python -m benchmarks.bench_random_games --import tests.toygame --game sealed-bids --json

``--seconds`` is the time spent per player count, shared between the
measurements (half of it on full games).
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from tabletop.engine import Action, Game, Seat, State, UnknownGame, get_game

# Moves are random but reproducible: one generator for the whole run.
BENCH_SEED = 20240611

#: The clock timings read: wall time (``--clock wall``, the default) or the process's CPU
#: time (``--clock cpu``: on a machine shared with other work, time spent waiting for a core
#: is not counted, so runs compare better, though caches shared with other work still slow
#: them).
clock: Callable[[], float] = time.perf_counter


@dataclass
class Result:
    players: int
    games: int
    games_per_second: float
    actions_per_game: float
    actions_per_second: float
    legal_per_second: float
    legal_actions_mean: float
    legal_actions_per_second: float
    apply_per_second: float
    copy_us: float
    to_json_us: float
    from_json_us: float


def random_game(
    game: Game, players: int, index: int, pick: random.Random
) -> tuple[State, list[tuple[Seat, Action]]]:
    """One full random game seeded with its index; returns the final state and the moves."""
    state = game.new_state(players, None, index)
    moves: list[tuple[Seat, Action]] = []
    while not state.is_over():
        to_move = state.to_move()
        seat = to_move[0] if len(to_move) == 1 else pick.choice(to_move)
        action = pick.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append((seat, action))
    return state, moves


def sample_positions(
    game: Game,
    players: int,
    played: list[tuple[int, list[tuple[Seat, Action]]]],
    pick: random.Random,
    count: int,
    middle_only: bool = False,
) -> list[State]:
    """Positions (not over) from the recorded random games, replayed from their seeds."""
    wanted: dict[int, list[int]] = {}
    for _ in range(count):
        index, moves = pick.choice(played)
        if not moves:
            continue
        if middle_only:
            step = pick.randrange(len(moves) // 3, max(len(moves) // 3 + 1, 2 * len(moves) // 3))
        else:
            step = pick.randrange(len(moves))
        wanted.setdefault(index, []).append(step)
    games = dict(played)
    positions: list[State] = []
    for index, steps in wanted.items():
        state = game.new_state(players, None, index)
        todo = sorted(steps)
        for step, (seat, action) in enumerate(games[index]):
            while todo and todo[0] == step:
                positions.append(state.copy())
                todo.pop(0)
            if not todo:
                break
            state.apply(seat, action)
    pick.shuffle(positions)
    return positions


def per_second(work: Callable[[], int], seconds: float) -> float:
    """Repeat ``work`` (which returns how many operations it timed) for ``seconds``."""
    done = 0
    spent = 0.0
    while spent < seconds or done == 0:
        start = clock()
        n = work()
        spent += clock() - start
        done += n
    return done / spent


def micros_each(operation: Callable[[State], object], states: list[State], seconds: float) -> float:
    """Mean microseconds of ``operation(state)`` over ``states``, repeated for ``seconds``."""
    done = 0
    spent = 0.0
    while spent < seconds or done == 0:
        start = clock()
        for state in states:
            operation(state)
        spent += clock() - start
        done += len(states)
    return spent / done * 1e6


def bench(game: Game, players: int, seconds: float, pick: random.Random) -> Result:
    # 1. Full random games, half of the time.
    played: list[tuple[int, list[tuple[Seat, Action]]]] = []
    actions = 0
    spent = 0.0
    index = 0
    while spent < seconds / 2 or not played:
        start = clock()
        _, moves = random_game(game, players, index, pick)
        spent += clock() - start
        played.append((index, moves))
        actions += len(moves)
        index += 1
    games = len(played)

    # 2. Legal-action generation and apply on sampled positions.
    positions = sample_positions(game, players, played, pick, count=200)
    if not positions:
        raise SystemExit(f"{game.id}: random games end without any action")
    part = seconds / 8
    pairs = [(state, seat) for state in positions for seat in state.to_move()]
    legal_sizes = [len(state.legal_actions(seat)) for state, seat in pairs]

    def generate() -> int:
        for state, seat in pairs:
            state._legal(seat)
        return len(pairs)

    legal_rate = per_second(generate, part)
    legal_mean = sum(legal_sizes) / len(legal_sizes)

    # apply mutates: each round applies one random legal action to a fresh
    # copy of every position (copies made, and legal actions cached, untimed).
    applied = 0
    apply_time = 0.0
    while apply_time < part or applied == 0:
        batch: list[tuple[State, Seat, Action]] = []
        for state in positions:
            twin = state.copy()
            seat = pick.choice(twin.to_move())
            batch.append((twin, seat, pick.choice(twin.legal_actions(seat))))
        start = clock()
        for twin, seat, action in batch:
            twin.apply(seat, action)
        apply_time += clock() - start
        applied += len(batch)
    apply_rate = applied / apply_time

    # 3. copy / to_json / state_from_json on mid-game states.
    middle = sample_positions(game, players, played, pick, count=100, middle_only=True)
    copy_us = micros_each(lambda s: s.copy(), middle, part)
    to_json_us = micros_each(lambda s: s.to_json(), middle, part)
    datas = [json.loads(json.dumps(s.to_json())) for s in middle]
    start = clock()
    rounds = 0
    while True:
        for data in datas:
            game.state_from_json(data)
        rounds += 1
        if clock() - start >= part:
            break
    from_json_us = (clock() - start) / (rounds * len(datas)) * 1e6

    return Result(
        players=players,
        games=games,
        games_per_second=games / spent,
        actions_per_game=actions / games,
        actions_per_second=actions / spent,
        legal_per_second=legal_rate,
        legal_actions_mean=legal_mean,
        # every timed round generates for all pairs, so actions/s = generations/s x mean size
        legal_actions_per_second=legal_rate * legal_mean,
        apply_per_second=apply_rate,
        copy_us=copy_us,
        to_json_us=to_json_us,
        from_json_us=from_json_us,
    )


def title(game: Game) -> str:
    return (
        f"{game.name} ({game.id}), random play, one core\n"
        f"{'players':>7} {'games/s':>9} {'actions/game':>12} {'actions/s':>10} "
        f"{'legal/s':>10} {'moves':>6} {'moves/s':>10} {'apply/s':>10} "
        f"{'copy us':>8} {'to_json us':>10} {'from_json us':>12}"
    )


def row(r: Result) -> str:
    return (
        f"{r.players:>7} {r.games_per_second:>9.1f} {r.actions_per_game:>12.1f} "
        f"{r.actions_per_second:>10.0f} {r.legal_per_second:>10.0f} "
        f"{r.legal_actions_mean:>6.1f} {r.legal_actions_per_second:>10.0f} "
        f"{r.apply_per_second:>10.0f} "
        f"{r.copy_us:>8.1f} {r.to_json_us:>10.1f} {r.from_json_us:>12.1f}"
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench_random_games", description="Random-play speed of a game engine (one core)."
    )
    parser.add_argument("--game", default="brian-boru", help="game id (default: brian-boru)")
    parser.add_argument(
        "--players", type=int, nargs="+", help="player counts (default: all of the game's)"
    )
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="time per player count (default: 5)"
    )
    parser.add_argument("--seed", type=int, default=BENCH_SEED, help="seed of the random moves")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time by the wall clock (default) or by the process's CPU time (on a busy machine)",
    )
    parser.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="MODULE",
        help="import a module first (one that registers a game, e.g. tests.toygame)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    for module in args.imports:
        importlib.import_module(module)
    try:
        game = get_game(args.game)
    except UnknownGame as exc:
        print(exc, file=sys.stderr)
        return 2
    counts = args.players or list(game.player_counts)
    bad = [n for n in counts if n not in game.player_counts]
    if bad:
        print(f"{game.name} is played by {game.player_counts}, not {bad}", file=sys.stderr)
        return 2
    pick = random.Random(args.seed)
    if not args.json:
        print(title(game), flush=True)
    results: list[Result] = []
    for players in counts:
        results.append(bench(game, players, args.seconds, pick))
        if not args.json:
            print(row(results[-1]), flush=True)
    if args.json:
        report = {
            "game": game.id,
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
            "seconds": args.seconds,
            "clock": args.clock,
            "seed": args.seed,
            "results": [asdict(r) for r in results],
        }
        print(json.dumps(report, indent=1))
    else:
        print(
            "legal/s: legal-action generations (one seat, cache bypassed); moves: mean "
            "legal actions per generation; moves/s: legal actions generated per second; "
            "apply/s: apply with a warm legal cache"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
