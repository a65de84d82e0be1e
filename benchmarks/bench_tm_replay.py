"""Speed of the Terra Mystica engine replaying the real games of the Snellman corpus, one core.

Every ledger of the corpus is read and parsed once (timed on its own), then each game is
replayed ``--repeat`` times in this process, the engine's state compared with the ledger
after every row as ``tabletop replay --format snellman --check`` does.  It prints:

- games, and how many replay to the end in agreement with their ledger (a game that
  diverges stops at its first divergence, so it is timed on fewer rows);
- replay time per game in milliseconds: mean over all replays, median of the games'
  means, and the slowest game;
- faction rows replayed and compared per second (all replays together);
- ledger read + parse time per game in milliseconds.

Usage::

    python -m benchmarks.bench_tm_replay --repeat 5
    python -m benchmarks.bench_tm_replay --repeat 20 --json
    python -m benchmarks.bench_tm_replay --corpus path/to/snellman
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from tabletop.games.terra_mystica.ledger import Ledger, load_ledger
from tabletop.games.terra_mystica.replay import replay

#: The shared corpus, next to the repository (as the replay tests find it).
CORPUS = (
    Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "terra_mystica" / "snellman"
)


@dataclass
class GameTiming:
    name: str
    rows: int  # faction rows replayed and compared per replay
    agrees: bool  # the replay reaches the end in agreement with the ledger
    parse_ms: float
    replay_ms: float  # mean over the repeats


@dataclass
class Summary:
    games: int
    agreeing: int
    repeat: int
    replay_ms_mean: float
    replay_ms_median: float
    slowest_game: str
    slowest_ms: float
    rows_per_second: float
    parse_ms_mean: float
    parse_rows_per_second: float


def parse_all(paths: Sequence[Path]) -> list[tuple[Ledger, float]]:
    """Each ledger read and parsed once, with the seconds it took."""
    parsed: list[tuple[Ledger, float]] = []
    for path in paths:
        start = time.perf_counter()
        ledger = load_ledger(path)
        parsed.append((ledger, time.perf_counter() - start))
    return parsed


def time_replays(ledger: Ledger, repeat: int) -> tuple[float, int, bool]:
    """Mean seconds of ``repeat`` replays of ``ledger``, its compared rows, and agreement."""
    spent = 0.0
    rows = 0
    agrees = False
    for _ in range(repeat):
        start = time.perf_counter()
        result = replay(ledger)
        spent += time.perf_counter() - start
        rows, agrees = result.rows, result.ok
    return spent / repeat, rows, agrees


def bench(paths: Sequence[Path], repeat: int) -> tuple[Summary, list[GameTiming]]:
    parsed = parse_all(paths)
    replay(parsed[0][0])  # warm-up, untimed: first-call costs are not a game's
    timings: list[GameTiming] = []
    for ledger, parse_seconds in parsed:
        seconds, rows, agrees = time_replays(ledger, repeat)
        timings.append(GameTiming(ledger.name, rows, agrees, parse_seconds * 1e3, seconds * 1e3))
    means = [t.replay_ms for t in timings]
    slowest = max(timings, key=lambda t: t.replay_ms)
    replay_seconds = sum(means) / 1e3 * repeat
    parse_seconds = sum(t.parse_ms for t in timings) / 1e3
    ledger_rows = sum(len(ledger.rows) for ledger, _ in parsed)
    summary = Summary(
        games=len(timings),
        agreeing=sum(t.agrees for t in timings),
        repeat=repeat,
        replay_ms_mean=statistics.fmean(means),
        replay_ms_median=statistics.median(means),
        slowest_game=slowest.name,
        slowest_ms=slowest.replay_ms,
        rows_per_second=sum(t.rows for t in timings) * repeat / replay_seconds,
        parse_ms_mean=statistics.fmean(t.parse_ms for t in timings),
        parse_rows_per_second=ledger_rows / parse_seconds,
    )
    return summary, timings


def report(summary: Summary, corpus: Path) -> str:
    s = summary
    diverging = s.games - s.agreeing
    agreement = (
        f"{s.agreeing} replay to the end in agreement, {diverging} stop at their first divergence"
        if diverging
        else "all replay to the end in agreement with their ledgers"
    )
    return "\n".join(
        [
            f"Terra Mystica replay of the Snellman corpus ({corpus}), one core",
            f"games            {s.games} ({agreement})",
            f"repeat           {s.repeat} replays of each game in one process",
            f"replay ms/game   mean {s.replay_ms_mean:.1f}, median {s.replay_ms_median:.1f}, "
            f"slowest {s.slowest_ms:.1f} ({s.slowest_game})",
            f"rows/s           {s.rows_per_second:,.0f} faction rows replayed and compared",
            f"parse ms/game    {s.parse_ms_mean:.2f} (read + parse, once; "
            f"{s.parse_rows_per_second:,.0f} ledger lines/s)",
        ]
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench_tm_replay",
        description="Replay speed of the Terra Mystica engine on the Snellman corpus (one core).",
    )
    parser.add_argument("--repeat", type=int, default=5, help="replays of each game (default: 5)")
    parser.add_argument(
        "--corpus", type=Path, default=CORPUS, help=f"folder of ledgers (default: {CORPUS})"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.repeat < 1:
        print("--repeat must be at least 1", file=sys.stderr)
        return 2
    paths = sorted(args.corpus.glob("*.txt"))
    if not paths:
        print(f"no Snellman ledgers (*.txt) in {args.corpus}", file=sys.stderr)
        return 2
    summary, timings = bench(paths, args.repeat)
    if args.json:
        data = {
            "corpus": str(args.corpus),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
            **asdict(summary),
            "per_game": [asdict(t) for t in timings],
        }
        print(json.dumps(data, indent=1))
    else:
        print(report(summary, args.corpus))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
