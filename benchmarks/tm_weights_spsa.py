"""Tune Terra Mystica's projection weights together, by self-play (SPSA).

The projection (:mod:`tabletop.games.terra_mystica.estimate`) is a sum of terms, each
scaled by a constant.  One constant at a time, every change tried at ``mcts:hard`` sat at a
local optimum (benchmarks/RESULTS.md, sessions 15, 16, 21, 23).  This script moves all of
them at once: simultaneous perturbation stochastic approximation (Spall, 1992).  Each
constant is scaled by ``exp(theta_k)``; an iteration draws a random sign for every
``theta_k``, plays the same fresh seeds with ``theta + c * sign`` and ``theta - c * sign``
(four bots of one kind, the table's mean final VP), and steps ``theta`` along the
difference.  The objective is issue 15's: the mean final VP of four bots of one kind.

    python -m benchmarks.tm_weights_spsa tune --iterations 80 --games 32 --out theta.json
    python -m benchmarks.tm_weights_spsa evaluate theta.json --seed 400 --games 64 --workers 2
    python -m benchmarks.tm_weights_spsa show theta.json

``evaluate`` plays the same seeds with the weights of ``theta`` and with the module's own
(``theta`` all zero) and prints both means; ``show`` prints the constants ``theta`` makes,
ready to be written into the module.  Greedy games take under a second, so 80 iterations of
2 × 32 games take about 50 minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from tabletop.games.terra_mystica import estimate
from tabletop.table import batch

GAME = "terra-mystica"
#: The tuned constants: a module constant, and for ``USE_VP`` the index of one entry (a
#: dict or tuple constant is scaled as a whole).
PARAMS: tuple[tuple[str, int | None], ...] = (
    ("USE_VP", 0),
    ("USE_VP", 1),
    ("USE_VP", 2),
    ("USE_VP", 3),
    ("USE_VP", 4),
    ("SLOT_ROUND_VP", None),
    ("STRONGHOLD_OPTION", None),
    ("TOKEN_ROUND_VP", None),
    ("POWER_INCOME_VP", None),
    ("BONUS_ROUND_VP", None),
    ("BONUS_ACTION_VP", None),
    ("ROOM_VP", None),
    ("HELD_SPADE_VP", None),
    ("SPADE_VP", None),
    ("NETWORK_STEP_VP", None),
    ("CULT_STEP_VP", None),
    ("TOWN_VP", None),
    ("PENDING_TOWN_VP", None),
    ("PENDING_FAVOR_ROUND_VP", None),
    ("DIG_ROUND_VP", None),
    ("SHIP_ROUND_VP", None),
    ("STRONGHOLD_BASE_VP", None),
    ("STRONGHOLD_ROUND_VP", None),
    ("FAVOR_ROUND_VP", None),
    ("TILE_SHARE", None),
)
NAMES = tuple(name if index is None else f"{name}[{index}]" for name, index in PARAMS)
#: The module's own constants, read once before any change.
_ORIGINAL: dict[str, Any] = {name: getattr(estimate, name) for name, _ in PARAMS}


def weights(theta: list[float]) -> dict[str, Any]:
    """The constants ``theta`` makes of the module's own.

    >>> weights([0.0] * len(PARAMS))["TOWN_VP"] == estimate.TOWN_VP
    True
    >>> doubled = weights([math.log(2)] + [0.0] * (len(PARAMS) - 1))
    >>> round(doubled["USE_VP"][0] / estimate.USE_VP[0], 6)
    2.0
    """
    values = dict(_ORIGINAL)
    use = list(_ORIGINAL["USE_VP"])
    for (name, index), t in zip(PARAMS, theta, strict=True):
        scale = math.exp(t)
        original = _ORIGINAL[name]
        if index is not None:
            use[index] = original[index] * scale
        elif isinstance(original, dict):
            values[name] = {key: v * scale for key, v in original.items()}
        elif isinstance(original, tuple):
            values[name] = tuple(v * scale for v in original)
        else:
            values[name] = original * scale
    values["USE_VP"] = tuple(use)
    return values


def install(theta: list[float]) -> None:
    """Set the module's constants to ``weights(theta)`` in this process, and the tables
    built from them."""
    for name, value in weights(theta).items():
        setattr(estimate, name, value)
    estimate.rebuild_tables()


def play(job: tuple[list[float], str, int]) -> float:
    """One 4-player game of four ``bot`` with the weights of ``theta`` (as
    ``tabletop simulate`` plays it): the mean final VP."""
    theta, bot, seed = job
    install(theta)
    scores = batch.play(batch.Job(seed, GAME, seed, (bot,) * 4)).scores
    if scores is None:  # not ended within the batch's action limit: a bot stalled
        raise RuntimeError(f"seed {seed}: the game did not end")
    return sum(scores) / len(scores)


def table_means(pool: Any, theta: list[float], bot: str, seeds: range) -> list[float]:
    """Each seed's game with the weights of ``theta``: the mean final VP."""
    return list(pool.map(play, [(theta, bot, seed) for seed in seeds]))


def tune(args: argparse.Namespace) -> None:
    theta = json.loads(Path(args.start).read_text())["theta"] if args.start else [0.0] * len(PARAMS)
    signs = random.Random(args.seed)
    with Pool(args.workers) as pool:
        for it in range(args.iterations):
            seeds = range(
                args.first_seed + it * args.games, args.first_seed + (it + 1) * args.games
            )
            delta = [signs.choice((-1, 1)) for _ in theta]
            plus = statistics.mean(
                table_means(
                    pool,
                    [t + args.perturb * d for t, d in zip(theta, delta, strict=True)],
                    args.bot,
                    seeds,
                )
            )
            minus = statistics.mean(
                table_means(
                    pool,
                    [t - args.perturb * d for t, d in zip(theta, delta, strict=True)],
                    args.bot,
                    seeds,
                )
            )
            gradient = (plus - minus) / (2 * args.perturb)
            step = max(-args.clip, min(args.clip, args.step * gradient))
            theta = [t + step * d for t, d in zip(theta, delta, strict=True)]
            row = {"iteration": it, "plus": plus, "minus": minus, "theta": theta, "names": NAMES}
            print(json.dumps({k: v for k, v in row.items() if k != "names"}), flush=True)
            if args.out:
                Path(args.out).write_text(json.dumps(row, indent=1))


def evaluate(args: argparse.Namespace) -> None:
    theta = json.loads(Path(args.theta).read_text())["theta"]
    seeds = range(args.seed, args.seed + args.games)
    with Pool(args.workers) as pool:
        for label, t in (("module", [0.0] * len(PARAMS)), (args.theta, theta)):
            values = table_means(pool, t, args.bot, seeds)
            error = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
            mean = statistics.mean(values)
            first, last = seeds.start, seeds.stop - 1
            print(f"{label}: {mean:.2f} ± {error:.2f} VP a seat, {args.bot}, seeds {first}-{last}")


def show(args: argparse.Namespace) -> None:
    theta = json.loads(Path(args.theta).read_text())["theta"]
    for name, value in weights(theta).items():
        if isinstance(value, dict):
            value = {key: round(v, 3) for key, v in value.items()}
        elif isinstance(value, tuple):
            value = tuple(round(v, 3) for v in value)
        else:
            value = round(value, 3)
        print(f"{name} = {value}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("tune", help="SPSA iterations")
    run.add_argument("--iterations", type=int, default=80)
    run.add_argument("--games", type=int, default=32, help="games per side and iteration")
    run.add_argument("--bot", default="greedy")
    run.add_argument("--workers", type=int, default=1)
    run.add_argument("--step", type=float, default=0.004, help="theta step per VP of gradient")
    run.add_argument("--perturb", type=float, default=0.15, help="c: the perturbation of theta")
    run.add_argument("--clip", type=float, default=0.04, help="the largest step of one theta")
    run.add_argument("--seed", type=int, default=7, help="seed of the perturbations' signs")
    run.add_argument("--first-seed", type=int, default=10000, help="first game seed")
    run.add_argument("--start", help="a JSON file of a previous run to go on from")
    run.add_argument("--out", help="the JSON file of the last theta")
    run.set_defaults(func=tune)
    check = commands.add_parser("evaluate", help="theta against the module's own weights")
    check.add_argument("theta")
    check.add_argument("--seed", type=int, default=400)
    check.add_argument("--games", type=int, default=64)
    check.add_argument("--bot", default="greedy")
    check.add_argument("--workers", type=int, default=1)
    check.set_defaults(func=evaluate)
    listing = commands.add_parser("show", help="the constants theta makes")
    listing.add_argument("theta")
    listing.set_defaults(func=show)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
