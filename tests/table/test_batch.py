"""Batch simulation: the same jobs give the same results here, in a process pool and on
Ray, and kept records replay to the games' ends."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tabletop.engine import read_records
from tabletop.table.batch import BatchError, Job, Played, record_lines, run

GAMES = {
    "brian-boru": ("random", "greedy", "random"),
    "terra-mystica": ("random", "random"),
    "scythe": ("random", "random"),
}


def jobs(game: str, count: int, keep_record: bool = False) -> list[Job]:
    bots = GAMES[game]
    return [
        Job(
            g, game, 100 + g, bots[g % len(bots) :] + bots[: g % len(bots)], keep_record=keep_record
        )
        for g in range(count)
    ]


def summary(results: list[Played]) -> list[tuple[object, ...]]:
    return [(p.index, p.seed, p.bots, p.scores, p.ranks, p.actions) for p in results]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_process_pool_gives_the_same_results_as_one_process(game: str) -> None:
    batch = jobs(game, 6)
    seen: list[int] = []
    here = run(batch)
    pooled = run(batch, workers=2, progress=lambda played: seen.append(played.index))
    assert summary(pooled) == summary(here)
    assert sorted(seen) == list(range(6))
    assert all(played.finished for played in here)


def test_ray_gives_the_same_results_as_one_process() -> None:
    if os.environ.get("CI") is None:
        pytest.importorskip("ray", reason="Ray is an optional extra (tabletop[ray])")
    batch = jobs("brian-boru", 8)
    assert summary(run(batch, ray=True, workers=2)) == summary(run(batch))


def test_kept_records_replay_to_the_same_ends(tmp_path: Path) -> None:
    results = run(jobs("brian-boru", 3, keep_record=True), workers=2)
    (tmp_path / "games.jsonl").write_text("\n".join(record_lines(results)) + "\n")
    records = list(read_records(tmp_path))
    assert len(records) == 3
    for record, played in zip(records, results, strict=True):
        assert record.seed == played.seed and tuple(record.seats) == played.bots
        final = record.replay()
        assert final.is_over() and final.outcome().scores == played.scores


def test_bad_batches_are_refused_with_a_reason() -> None:
    with pytest.raises(BatchError, match="workers must be at least 1"):
        run(jobs("brian-boru", 1), workers=-2)
    # A bad setup is the game's own error, raised from the worker unchanged.
    bad = [Job(0, "brian-boru", 1, ("random", "random", "random"), options={"nope": 1})]
    with pytest.raises(Exception, match="nope"):
        run(bad, workers=2)
