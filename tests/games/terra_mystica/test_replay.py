"""Replaying the 48 real Snellman games through the engine, row by row."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.games.terra_mystica.ledger import load_ledger
from tabletop.games.terra_mystica.replay import ReplayResult, replay

CORPUS = (
    Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "terra_mystica" / "snellman"
)


@pytest.fixture(scope="module")
def results() -> list[ReplayResult]:
    if not CORPUS.is_dir():
        pytest.skip(f"Snellman corpus not found at {CORPUS} (shared data absent)")
    return [replay(load_ledger(path)) for path in sorted(CORPUS.glob("*.txt"))]


def test_games_agreeing(results: list[ReplayResult]) -> None:
    assert len(results) == 48
    agreeing = sum(1 for r in results if r.ok)
    # a floor: raise it as the engine improves (goal: all 48)
    assert agreeing >= FLOOR_GAMES, [r.divergence.describe() for r in results if r.divergence]


def test_rows_agreeing(results: list[ReplayResult]) -> None:
    assert sum(r.agreeing for r in results) >= FLOOR_ROWS


def test_agreeing_games_reach_final_vp(results: list[ReplayResult]) -> None:
    for result in results:
        if result.ok:
            ledger = load_ledger(CORPUS / f"{result.name}.txt")
            assert result.final_vp == ledger.final_vp(), result.name


FLOOR_GAMES = 43
FLOOR_ROWS = 15579
