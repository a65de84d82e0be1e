"""Terra Mystica bots at one table, with a variant set in, paired game by game.

Issue 15 asks that four ``mcts:hard`` bots average 120 VP a seat.  Sessions 21-31 tried
changes to the estimate and the search by playing the same seeds with and without them
(a scratch harness each time); this is that harness.  A game's four seats vary together
(the mean of a game's seats varies by about 4.5 VP between games), so a run's figure is the
mean over games of each game's mean VP a seat, with its standard error over games, and two
runs on the same seeds are compared game by game.

``run`` plays game ``i`` with seed ``i`` (the seats' bots all ``--bot``; they choose their
factions) and writes one row per game; a variant is set in every worker process before it
plays, as in :mod:`benchmarks.automa_ab` (``--set MODULE.NAME=VALUE``, ``--setup
MODULE:FUNCTION``).  ``compare A.json B.json`` prints B's change against A; seed sets
run apart are compared as one with commas (``compare a1.json,a2.json b1.json,b2.json``).
Each row keeps its game's record: ``python -m benchmarks.tm_vp_sources --records F.json``
reads a run's games.

    python -m benchmarks.tm_ab run --seeds 100-115 --workers 2 --out base.json
    python -m benchmarks.tm_ab run --seeds 100-115 --workers 2 --out ship.json \\
        --set tabletop.games.terra_mystica.estimate.SHIP_ROUND_VP=1.5
    python -m benchmarks.tm_ab compare base.json ship.json

The games are those ``tabletop simulate terra-mystica --bots BOT --players P --seed S``
plays (the table service, :func:`tabletop.table.batch.play`), so a run without a variant
reproduces them game for game.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

from benchmarks.automa_ab import add_variant_options, parse_seeds, play_variant, read_runs
from tabletop.table import batch


def _play(job: tuple[str, int, int]) -> dict[str, Any]:
    bot, players, seed = job
    start = time.process_time()
    played = batch.play(batch.Job(seed, "terra-mystica", seed, (bot,) * players, keep_record=True))
    if played.scores is None or played.record is None:
        raise RuntimeError(f"seed {seed}: the game did not end")
    factions = [text.split()[1] for _, text in played.record["actions"][:players]]
    return {
        "seed": seed,
        "scores": list(played.scores),
        "factions": factions,
        "cpu": round(time.process_time() - start, 3),
        "record": played.record,  # for reading the games (tm_vp_sources --records F.json)
    }


def table_mean(row: dict[str, Any]) -> float:
    """A game's mean VP a seat.

    >>> table_mean({"scores": [110, 100, 95, 87]})
    98.0
    """
    return float(statistics.mean(row["scores"]))


def summary(rows: list[dict[str, Any]]) -> str:
    """A run's VP a seat (mean over games and its standard error), by seat and by faction."""
    means = [table_mean(r) for r in rows]
    error = statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else 0.0
    seats = len(rows[0]["scores"])
    by_seat = " / ".join(
        f"{statistics.mean(r['scores'][i] for r in rows):.1f}" for i in range(seats)
    )
    by_faction: dict[str, list[int]] = {}
    for r in rows:
        for name, score in zip(r["factions"], r["scores"], strict=True):
            by_faction.setdefault(name, []).append(score)
    factions = ", ".join(
        f"{name} {statistics.mean(v):.1f} ({len(v)})"
        for name, v in sorted(by_faction.items(), key=lambda kv: -len(kv[1]))
    )
    return (
        f"{len(rows)} games, {statistics.mean(means):.2f} ± {error:.2f} VP a seat; "
        f"by seat {by_seat}; {factions}; "
        f"{statistics.mean(r['cpu'] for r in rows):.0f} s of CPU a game"
    )


def paired(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> tuple[float, float, int]:
    """The mean change of a game's VP a seat from ``a`` to ``b`` over the seeds both
    played, its standard error and the number of pairs.

    >>> a = [{"seed": 1, "scores": [100, 90]}, {"seed": 2, "scores": [80, 80]}]
    >>> b = [{"seed": 1, "scores": [104, 90]}, {"seed": 2, "scores": [84, 80]}]
    >>> paired(a, b)
    (2.0, 0.0, 2)
    """
    before = {r["seed"]: table_mean(r) for r in a}
    changes = [table_mean(r) - before[r["seed"]] for r in b if r["seed"] in before]
    if not changes:
        raise ValueError("the two runs share no seed")
    error = statistics.stdev(changes) / math.sqrt(len(changes)) if len(changes) > 1 else 0.0
    return float(statistics.mean(changes)), error, len(changes)


def run(args: argparse.Namespace) -> None:
    jobs = [(args.bot, args.players, seed) for seed in parse_seeds(args.seeds)]
    rows = play_variant(_play, jobs, args)
    print(f"{args.players} × {args.bot}: {summary(rows)}")


def compare(args: argparse.Namespace) -> None:
    a, b = read_runs(args)
    change, error, count = paired(a, b)
    print(f"{args.a}: {summary(a)}")
    print(f"{args.b}: {summary(b)}")
    print(f"VP a seat, paired over {count} games: {change:+.2f} ± {error:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("run", help="play a variant's games")
    play.add_argument("--bot", default="mcts:hard")
    play.add_argument("--players", type=int, default=4, choices=range(2, 6))
    play.add_argument("--seeds", default="100-115", help="A-B: one game a seed")
    add_variant_options(play)
    play.set_defaults(func=run)
    check = commands.add_parser("compare", help="B's VP a seat against A's, game by game")
    check.add_argument("a", help="a run's JSON, or several joined by commas")
    check.add_argument("b", help="a run's JSON, or several joined by commas")
    check.set_defaults(func=compare)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
