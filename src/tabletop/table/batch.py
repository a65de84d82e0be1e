"""Many games of bots at once: in this process, in a local process pool, or as Ray tasks.

A :class:`Job` is one game (the game, who sits where, seed, options, an action cap); every
job is played by the table service (:class:`~tabletop.table.Table`), the one
implementation of a game with bots, so a game played here is the game ``simulate``,
``arena``, the server and the terminal would play with the same setup and seed.
:func:`run` plays a list of jobs on a backend and returns their results in job order:
the same jobs give the same results on every backend and with any number of workers.

>>> jobs = [Job(g, "brian-boru", 7 + g, ("random", "random", "random")) for g in range(2)]
>>> [played.index for played in run(jobs)] == [0, 1]
True
>>> run(jobs, workers=0)
Traceback (most recent call last):
...
tabletop.table.batch.BatchError: workers must be at least 1 (got 0)
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine import TabletopError
from tabletop.table.seats import SeatSpec
from tabletop.table.table import Table, TableSetup

#: Stop a game after this many actions (a game of bots that cannot end must not run for
#: ever) unless the job says otherwise.
MAX_ACTIONS = 100_000


class BatchError(TabletopError):
    """A batch cannot run as asked (bad worker count, Ray missing or unreachable)."""


@dataclass(frozen=True)
class Job:
    """One game to play: ``bots[i]`` plays seat ``i``."""

    index: int
    game: str
    seed: int
    bots: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    max_actions: int = MAX_ACTIONS
    #: Keep the game's record (setup, seed, actions) in the result, for datasets.
    keep_record: bool = False


@dataclass(frozen=True)
class Played:
    """A job's result: scores and ranks if the game ended within its cap (else ``None``)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...] | None
    ranks: tuple[int, ...] | None
    actions: int
    #: The record as :meth:`tabletop.engine.Record.to_json` gives it (``keep_record``).
    record: dict[str, Any] | None = None

    @property
    def finished(self) -> bool:
        return self.scores is not None


def play(job: Job) -> Played:
    """Play one job through the table service."""
    seats = tuple(SeatSpec.bot(name) for name in job.bots)
    setup = TableSetup(job.game, seats, job.seed, job.options, undo=False)
    table = Table(f"batch-{job.index}", setup)
    played = table.play_bots(max_moves=job.max_actions)
    record = table.record.to_json() if job.keep_record else None
    if not table.is_over():
        return Played(job.index, job.seed, job.bots, None, None, len(played), record)
    outcome = table.state.outcome()
    return Played(job.index, job.seed, job.bots, outcome.scores, outcome.ranks, len(played), record)


def _play_all(jobs: Sequence[Job]) -> list[Played]:
    return [play(job) for job in jobs]


def _chunks(jobs: Sequence[Job], workers: int) -> list[list[Job]]:
    """Jobs in runs of a few: one task per game costs more than a short game (Brian Boru
    plays hundreds of random games a second), yet each worker gets several tasks so that
    the last ones still spread out."""
    size = max(1, min(32, len(jobs) // (8 * workers)))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


def default_workers() -> int:
    """The cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run(
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    ray: bool = False,
    ray_address: str | None = None,
    progress: Callable[[Played], None] | None = None,
) -> list[Played]:
    """Play every job and return the results in job order.

    ``workers`` 1 plays them here; more, in a local pool of that many processes.  With
    ``ray``, they are Ray tasks on the cluster at ``ray_address`` (``None``: a local
    cluster of ``workers`` processes, started and stopped here).  ``progress`` is called
    with each result as it arrives (in completion order).
    """
    if workers < 1:
        raise BatchError(f"workers must be at least 1 (got {workers})")
    if ray:
        return _by_index(_run_ray(jobs, workers, ray_address, progress))
    if workers == 1 or len(jobs) <= 1:
        results = []
        for job in jobs:
            results.append(play(job))
            if progress is not None:
                progress(results[-1])
        return results
    results = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_all, chunk) for chunk in _chunks(jobs, workers)]
        for future in as_completed(futures):
            for result in future.result():
                results.append(result)
                if progress is not None:
                    progress(result)
    return _by_index(results)


def _by_index(results: Iterable[Played]) -> list[Played]:
    return sorted(results, key=lambda played: played.index)


def _run_ray(
    jobs: Sequence[Job],
    workers: int,
    address: str | None,
    progress: Callable[[Played], None] | None,
) -> Iterator[Played]:
    try:
        import ray
    except ImportError:
        raise BatchError("Ray is not installed: pip install 'tabletop[ray]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BatchError(f"cannot reach the Ray cluster at {address!r}: {exc}") from None
    try:
        task = ray.remote(_play_all)
        pending = [task.remote(chunk) for chunk in _chunks(jobs, workers)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for result in ray.get(done[0]):
                if progress is not None:
                    progress(result)
                yield result
    finally:
        if started:
            ray.shutdown()


def record_lines(results: Sequence[Played]) -> Iterator[str]:
    """Each kept record as one line of JSON (read back by
    :func:`tabletop.engine.record.read_records`)."""
    for played in results:
        if played.record is not None:
            yield json.dumps(played.record, ensure_ascii=False, separators=(",", ":"))
