"""The arena: many games between bots, seats and deals rotated, with win rates, scores
and ratings.

Games come in *blocks* of P games (P the player count): every game of a block has the
same seed, hence the same deal (Scythe's factions and mats, Brian Boru's cards, Terra
Mystica's scoring and bonus tiles), and in game ``r`` of the block the bot listed k-th
sits in seat ``(k + r) mod P``.  So over a block each bot plays each seat, and with it
each seat's faction and mat, once.  Game ``g`` has seed ``SEED + g // P``; the bot in
seat ``i`` gets seed ``derive_seed(game seed, i)``.  Every game is played by the table
service (:class:`~tabletop.table.Table`), the one implementation of a game with bots.

Results per entrant (bots named twice are told apart as ``greedy``, ``greedy#2``): the
win rate (a first place shared by k seats counts 1/k) with its 95% Wilson interval, the
mean score with a 95% normal interval, and an OpenSkill rating (Plackett-Luce, every
entrant from the model's default, updated after each game in game order by its ranks).
Games run in any order, in one process or several; the report depends only on the
games, so it is the same for any number of workers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from tabletop.table.seats import SeatSpec
from tabletop.table.table import Table, TableSetup

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class GameResult:
    """One arena game: who sat where (entrant names), and its scores and ranks if it
    ended within the action cap (else ``None``)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...] | None
    ranks: tuple[int, ...] | None
    actions: int


def seating(lineup: Sequence[str], rotation: int) -> list[str]:
    """The bot listed k-th sits in seat ``(k + rotation) mod P``.

    >>> seating(["a", "b", "c"], 0), seating(["a", "b", "c"], 1)
    (['a', 'b', 'c'], ['c', 'a', 'b'])
    """
    count = len(lineup)
    return [lineup[(seat - rotation) % count] for seat in range(count)]


def schedule(lineup: Sequence[str], games: int, seed: int) -> list[tuple[int, int, list[str]]]:
    """``(game index, game seed, seat entrants)`` of every game.

    >>> schedule(["a", "b"], 3, 10)
    [(0, 10, ['a', 'b']), (1, 10, ['b', 'a']), (2, 11, ['a', 'b'])]
    """
    players = len(lineup)
    return [(g, seed + g // players, seating(lineup, g % players)) for g in range(games)]


def play_game(
    game: str,
    index: int,
    seed: int,
    entrants: Sequence[str],
    bots: dict[str, str],
    options: dict[str, Any],
    max_actions: int,
) -> GameResult:
    """Play one game through the table service (``bots`` maps entrants to bot names)."""
    seats = tuple(SeatSpec.bot(bots[name]) for name in entrants)
    table = Table(f"arena-{index}", TableSetup(game, seats, seed, options, undo=False))
    played = table.play_bots(max_moves=max_actions)
    if not table.is_over():
        return GameResult(index, seed, tuple(entrants), None, None, len(played))
    outcome = table.state.outcome()
    return GameResult(index, seed, tuple(entrants), outcome.scores, outcome.ranks, len(played))


def _play_packed(args: tuple[Any, ...]) -> GameResult:
    return play_game(*args)


def run_games(
    game: str,
    entrants: Sequence[str],
    bots: dict[str, str],
    games: int,
    seed: int,
    options: dict[str, Any],
    max_actions: int,
    workers: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Every game of the schedule, in game order (``workers`` > 1: in processes)."""
    jobs = [
        (game, index, game_seed, seats, bots, options, max_actions)
        for index, game_seed, seats in schedule(entrants, games, seed)
    ]
    results: list[GameResult] = []
    if workers <= 1:
        for job in jobs:
            results.append(_play_packed(job))
            if progress is not None:
                progress(results[-1])
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_packed, job) for job in jobs]
        for future in as_completed(futures):
            result = future.result()
            results.append(result)
            if progress is not None:
                progress(result)
    return sorted(results, key=lambda result: result.index)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal 95% interval (sample standard deviation).

    >>> [round(x, 2) for x in mean_interval([10, 12, 14])]
    [12.0, 9.74, 14.26]
    """
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


@dataclass
class EntrantReport:
    """One entrant's results over the finished games."""

    name: str
    bot: str
    games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_low: float
    score_high: float
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating ``mu - 3 sigma`` that ladders sort by."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "bot": self.bot,
            "games": self.games,
            "wins": round(self.wins, 6),
            "win_rate": round(self.win_rate, 6),
            "win_ci95": [round(self.win_low, 6), round(self.win_high, 6)],
            "mean_score": round(self.mean_score, 6),
            "score_ci95": [round(self.score_low, 6), round(self.score_high, 6)],
            "rating": {
                "mu": round(self.mu, 6),
                "sigma": round(self.sigma, 6),
                "ordinal": round(self.ordinal, 6),
            },
        }


def report(
    entrants: Sequence[str], bots: dict[str, str], results: Sequence[GameResult]
) -> list[EntrantReport]:
    """Per entrant, in the order given: wins, scores and OpenSkill ratings."""
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in entrants}
    wins = dict.fromkeys(entrants, 0.0)
    scores: dict[str, list[float]] = {name: [] for name in entrants}
    finished = [r for r in sorted(results, key=lambda r: r.index) if r.ranks is not None]
    for result in finished:
        assert result.ranks is not None and result.scores is not None
        firsts = result.ranks.count(1)
        for seat, name in enumerate(result.seats):
            scores[name].append(result.scores[seat])
            if result.ranks[seat] == 1:
                wins[name] += 1 / firsts
        teams = [[ratings[name]] for name in result.seats]
        updated = model.rate(teams, ranks=[float(rank) for rank in result.ranks])
        for name, team in zip(result.seats, updated, strict=True):
            ratings[name] = team[0]
    rows = []
    for name in entrants:
        n = len(scores[name])
        low, high = wilson(wins[name], n)
        mean, score_low, score_high = mean_interval(scores[name])
        rows.append(
            EntrantReport(
                name,
                bots[name],
                n,
                wins[name],
                wins[name] / n if n else 0.0,
                low,
                high,
                mean,
                score_low,
                score_high,
                ratings[name].mu,
                ratings[name].sigma,
            )
        )
    return rows
