"""What Terra Mystica's projection misses per faction, in bots' games.

The projection (``games/terra_mystica/estimate.py``) values what a faction holds, its
income and its tracks; what its special abilities bring over a game (the Darklings' priests
for spades, the Dwarves' tunnels...) it counts only in part.  A bot choosing its faction by
the projection then takes the faction the projection overrates, not the one it plays best
(four `mcts:2000` bots took the Swarmlings first in every game, then the Halflings or the
Chaos Magicians).

This script plays 4-player games of one bot on every seat with four factions of distinct
colours drawn at random per game (seeded), and reports per faction its mean final VP and
the mean of its final VP less its projection at the start (before the first dwelling,
less the table ``FACTION_VP`` already in the projection), with the standard error.
Centred, these are the values of ``FACTION_VP``:

    python -m benchmarks.tm_faction_bias --bots greedy --games 240 --workers 2
    python -m benchmarks.tm_faction_bias --bots mcts:medium --games 96 --workers 2 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any

from tabletop.bots import derive_seed, make_bot
from tabletop.engine import new_game
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.estimate import FACTION_VP, estimates
from tabletop.games.terra_mystica.game import TerraMysticaState

GAME = "terra-mystica"
PLAYERS = 4


def draw_factions(seed: int, players: int = PLAYERS) -> list[str]:
    """``players`` factions of distinct home terrains, drawn by ``seed``.

    >>> factions = draw_factions(7)
    >>> len({FACTIONS[f].home for f in factions}), factions == draw_factions(7)
    (4, True)
    """
    names = sorted(FACTIONS)
    random.Random(seed).shuffle(names)
    chosen: list[str] = []
    homes: set[object] = set()
    for name in names:
        if FACTIONS[name].home not in homes:
            chosen.append(name)
            homes.add(FACTIONS[name].home)
        if len(chosen) == players:
            break
    return chosen


def play(bot: str, seed: int) -> list[tuple[str, float, int]]:
    """One seeded game: each faction, its final VP less its projection at the start
    (without ``FACTION_VP``), and its final VP."""
    factions = draw_factions(seed)
    state = new_game(GAME, PLAYERS, {"factions": ",".join(factions)}, seed)
    assert isinstance(state, TerraMysticaState)
    start = estimates(state.core)
    seated = [make_bot(bot, derive_seed(seed, s)) for s in range(PLAYERS)]
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, seated[seat].choose(state, seat))
    return [
        (name, final - (projected - FACTION_VP[name]), final)
        for name, final, projected in zip(factions, state.scores(), start, strict=True)
    ]


def _play(job: tuple[str, int]) -> list[tuple[str, float, int]]:
    return play(*job)


def measure(
    bot: str, games: int, seed: int, workers: int = 1, *, progress: bool = False
) -> dict[str, list[tuple[float, int]]]:
    """Per faction, the miss and the final VP of every game it was in (``progress``: a
    line per game on standard error)."""
    jobs = [(bot, s) for s in range(seed, seed + games)]
    played: dict[str, list[tuple[float, int]]] = {name: [] for name in sorted(FACTIONS)}
    with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as pool:
        results = pool.map(_play, jobs) if pool is not None else map(_play, jobs)
        for done, result in enumerate(results, 1):
            for name, miss, final in result:
                played[name].append((miss, final))
            if progress:
                print(f"{done}/{games} games", file=sys.stderr, flush=True)
    return played


def report(played: dict[str, list[tuple[float, int]]]) -> dict[str, Any]:
    """Per faction: games, mean final VP, mean miss, its standard error, and the centred
    table."""
    misses = {name: [miss for miss, _ in games] for name, games in played.items() if games}
    means = {name: statistics.fmean(values) for name, values in misses.items()}
    centre = statistics.fmean(means.values()) if means else 0.0
    rows = {}
    for name, values in misses.items():
        error = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else None
        rows[name] = {
            "games": len(values),
            "final": round(statistics.fmean(final for _, final in played[name]), 1),
            "miss": round(means[name], 1),
            "error": None if error is None else round(error, 1),
            "centred": round(means[name] - centre, 1),
        }
    return {"centre": round(centre, 1), "factions": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="greedy", help="the bot on every seat")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = report(measure(args.bots, args.games, args.seed, args.workers, progress=True))
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.games} games of 4 x {args.bots}; mean miss {result['centre']} VP")
    header = f"{'faction':16s} {'games':>5s} {'final':>6s} {'miss':>6s} {'error':>6s}"
    print(f"{header} {'centred':>8s}")
    rows = sorted(result["factions"].items(), key=lambda item: -item[1]["miss"])
    for name, row in rows:
        print(
            f"{name:16s} {row['games']:5d} {row['final']:6.1f} {row['miss']:6.1f} "
            f"{row['error'] if row['error'] is not None else '-':>6} {row['centred']:8.1f}"
        )


if __name__ == "__main__":
    main()
