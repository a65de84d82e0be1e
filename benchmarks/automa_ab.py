"""A Scythe bot against an Automa level, with a variant set in, paired by seat and seed.

Issue 15 asks whether a change to the bot or to its evaluation wins more against the
Automa.  A game against the Automa varies by 10 coins or more with the deal, so one
variant's mean says little; two variants played on the same seeds, the bot in each seat
once per seed (the arena's seating), are compared game by game: the mean change of the
bot's margin (its coins less the Automa's) and its standard error.

``run`` plays the games and writes one row per game; a variant is set in every worker
process before it plays:

- ``--set MODULE.NAME=VALUE`` a module constant (a number), or for
  ``tabletop.bots.mcts.MctsBot.NAME`` an attribute of the search (its own type);
- ``--setup MODULE:FUNCTION`` a function called without arguments (a patch of one's own,
  importable from the working directory or ``PYTHONPATH``).

Each setting is made once in every process: the run checks them here, then plays in fresh
(spawned) worker processes that make them again.

``compare A.json B.json`` prints the paired difference of B against A.
Each row keeps its game's record: ``python -m benchmarks.scythe_games --records F.json``
reads a run's games.

    python -m benchmarks.automa_ab run --bot mcts:100 --seeds 1-20 --out base.json
    python -m benchmarks.automa_ab run --bot mcts:100 --seeds 1-20 --out up12.json \
        --set tabletop.games.scythe.estimate.UPGRADE=12
    python -m benchmarks.automa_ab compare base.json up12.json

Bots are built by name as ``tabletop simulate`` builds them, and each game is played by
the table service (:func:`tabletop.table.batch.play`), so the base rows are the games
``simulate`` plays with the same seeds and seating.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from tabletop.engine.errors import RecordError
from tabletop.engine.record import Record, read_records
from tabletop.table import batch

#: The Automa levels (``automa:LEVEL``).
LEVELS = ("autometta", "automa", "automaszyna", "ultimaszyna")


def parse_seeds(text: str) -> range:
    """``A-B`` (both included) or a single seed.

    >>> parse_seeds("1-20"), parse_seeds("7")
    (range(1, 21), range(7, 8))
    """
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def apply_settings(settings: list[str], setups: list[str]) -> None:
    """Set each ``MODULE.NAME=VALUE`` and call each ``MODULE:FUNCTION`` in this process.

    >>> from tabletop.bots.mcts import MctsBot
    >>> before = MctsBot.line_visits
    >>> apply_settings(["tabletop.bots.mcts.MctsBot.line_visits=5"], [])
    >>> MctsBot.line_visits
    5
    >>> apply_settings([f"tabletop.bots.mcts.MctsBot.line_visits={before}"], [])
    >>> apply_settings(["tabletop.bots.mcts.NO_SUCH=1"], [])
    Traceback (most recent call last):
    ...
    ValueError: tabletop.bots.mcts has no NO_SUCH
    """
    for setting in settings:
        target, _, value = setting.partition("=")
        path, _, name = target.rpartition(".")
        if not value or not path:
            raise ValueError(f"expected MODULE.NAME=VALUE, not {setting!r}")
        owner: Any
        try:
            owner = importlib.import_module(path)
        except ModuleNotFoundError:  # MODULE.CLASS.NAME
            module, _, cls = path.rpartition(".")
            owner = getattr(importlib.import_module(module), cls)
        if not hasattr(owner, name):
            raise ValueError(f"{path} has no {name}")
        current = getattr(owner, name)
        kind = type(current) if isinstance(current, (bool, int, float)) else float
        setattr(owner, name, (value == "True") if kind is bool else kind(value))
    for setup in setups:
        module, _, function = setup.partition(":")
        getattr(importlib.import_module(module), function)()


def _play(job: tuple[str, str, int, int]) -> dict[str, Any]:
    bot, level, seed, seat = job
    bots = (bot, f"automa:{level}") if seat == 0 else (f"automa:{level}", bot)
    start = time.process_time()
    played = batch.play(batch.Job(seed, "scythe", seed, bots, keep_record=True))
    if played.scores is None:
        raise RuntimeError(f"seed {seed}, seat {seat}: the game did not end")
    return {
        "seed": seed,
        "seat": seat,
        "scores": list(played.scores),
        "cpu": round(time.process_time() - start, 3),
        "record": played.record,  # for reading the games (scythe_games --records F.json)
    }


def margin(row: dict[str, Any]) -> int:
    """The bot's coins less the Automa's in one game's row.

    >>> margin({"seat": 1, "scores": [70, 40]})
    -30
    """
    seat = row["seat"]
    return int(row["scores"][seat] - row["scores"][1 - seat])


def summary(rows: list[dict[str, Any]]) -> str:
    """Wins, mean coins and margin of a run's rows."""
    mine = [r["scores"][r["seat"]] for r in rows]
    theirs = [r["scores"][1 - r["seat"]] for r in rows]
    wins = sum(1 for a, b in zip(mine, theirs, strict=True) if a > b)
    margins = [margin(r) for r in rows]
    error = statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    return (
        f"{len(rows)} games, {wins} won; coins {statistics.mean(mine):.1f} against "
        f"{statistics.mean(theirs):.1f}, margin {statistics.mean(margins):+.1f} ± {error:.1f}; "
        f"{statistics.mean(r['cpu'] for r in rows):.1f} s of CPU a game"
    )


def paired(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> tuple[float, float, int]:
    """The mean change of the margin from ``a`` to ``b`` over the games both played (same
    seed and seat), its standard error and the number of pairs.

    >>> a = [{"seed": 1, "seat": 0, "scores": [40, 70]}, {"seed": 1, "seat": 1, "scores": [60, 50]}]
    >>> b = [{"seed": 1, "seat": 0, "scores": [45, 70]}, {"seed": 1, "seat": 1, "scores": [55, 50]}]
    >>> paired(a, b)
    (5.0, 0.0, 2)
    """
    before = {(r["seed"], r["seat"]): margin(r) for r in a}
    changes = [margin(r) - before[key] for r in b if (key := (r["seed"], r["seat"])) in before]
    if not changes:
        raise ValueError("the two runs share no game (seed and seat)")
    error = statistics.stdev(changes) / math.sqrt(len(changes)) if len(changes) > 1 else 0.0
    return float(statistics.mean(changes)), error, len(changes)


def play_variant(
    play: Callable[[Any], dict[str, Any]], jobs: Sequence[Any], args: argparse.Namespace
) -> list[dict[str, Any]]:
    """Play ``jobs`` with ``args``' variant (``--set``, ``--setup``) set in every worker
    (``--workers``) and write the rows to ``--out`` if given: one row per job, in order."""
    apply_settings(args.set, args.setup)  # fail here, not in a worker, on a bad setting
    # Fresh workers ("spawn"): a forked one would inherit the settings made here and apply
    # them again, and a patch that wraps a function would wrap it twice.
    context = multiprocessing.get_context("spawn")
    with context.Pool(
        args.workers, initializer=apply_settings, initargs=(args.set, args.setup)
    ) as pool:
        rows = pool.map(play, jobs, chunksize=1)
    if args.out:
        Path(args.out).write_text(json.dumps(rows))
    return rows


def add_variant_options(command: argparse.ArgumentParser) -> None:
    """The options of a ``run`` that :func:`play_variant` reads."""
    command.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    command.add_argument("--setup", action="append", default=[], metavar="MODULE:FUNCTION")
    command.add_argument("--workers", type=int, default=batch.default_workers())
    command.add_argument("--out", help="the JSON file of the games")


def read_runs(args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of ``compare``'s two runs, ``args.a`` and ``args.b``, each one file or
    several joined by commas (seed sets run apart, compared as one); a file that cannot
    be read, or is not a run's list of rows, stops the command with a message naming it."""
    return _read_runs(args.a), _read_runs(args.b)


def _read_runs(paths: str) -> list[dict[str, Any]]:
    return [row for path in paths.split(",") for row in _read_run(path)]


def _read_run(path: str) -> list[dict[str, Any]]:
    try:
        rows = json.loads(Path(path).read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SystemExit(f"compare: cannot read the run {path}: {error}") from None
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise SystemExit(f"compare: {path} is not a run's JSON (a list of game rows)")
    return rows


def read_games(path: Path) -> Iterator[Record]:
    """The records at ``path``: a ``.jsonl`` file or a folder of them, as ``tabletop
    simulate --records`` writes them, or a run of this module or of
    :mod:`benchmarks.tm_ab` (``.json``: each row keeps its game's record)."""
    if path.suffix != ".json":
        yield from read_records(path)
        return
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RecordError(f"cannot read the run {path}: {exc}") from exc
    if not isinstance(rows, list):
        raise RecordError(f"{path}: a run is a list of rows, one a game")
    for row in rows:
        if not isinstance(row, dict) or "record" not in row:
            seed = row.get("seed") if isinstance(row, dict) else None
            raise RecordError(f"{path}: a row of seed {seed} keeps no record")
        yield Record.from_json(row["record"])


def run(args: argparse.Namespace) -> None:
    jobs = [
        (args.bot, args.level, seed, seat) for seed in parse_seeds(args.seeds) for seat in (0, 1)
    ]
    rows = play_variant(_play, jobs, args)
    print(f"{args.bot} against {args.level}: {summary(rows)}")


def compare(args: argparse.Namespace) -> None:
    a, b = read_runs(args)
    change, error, count = paired(a, b)
    print(f"{args.a}: {summary(a)}")
    print(f"{args.b}: {summary(b)}")
    print(f"margin change, paired over {count} games: {change:+.1f} ± {error:.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("run", help="play a variant's games")
    play.add_argument("--bot", default="mcts:100")
    play.add_argument("--level", default="ultimaszyna", choices=LEVELS)
    play.add_argument("--seeds", default="1-20", help="A-B: each seed in both seats")
    add_variant_options(play)
    play.set_defaults(func=run)
    check = commands.add_parser("compare", help="B's margins against A's, game by game")
    check.add_argument("a", help="a run's JSON, or several joined by commas")
    check.add_argument("b", help="a run's JSON, or several joined by commas")
    check.set_defaults(func=compare)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
