"""The paired A/B harness for Terra Mystica bots at one table (``benchmarks/tm_ab.py``)."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from benchmarks import tm_ab

from tabletop.games.terra_mystica import estimate


def test_its_examples_hold() -> None:
    assert doctest.testmod(tm_ab).failed == 0


def test_a_run_plays_one_game_a_seed_and_compare_pairs_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, variant = tmp_path / "base.json", tmp_path / "variant.json"
    common = ["run", "--bot", "greedy", "--players", "2", "--seeds", "5-6", "--workers", "1"]
    tm_ab.main([*common, "--out", str(base)])
    before = estimate.SHIP_ROUND_VP
    try:
        tm_ab.main(
            [
                *common,
                "--set",
                "tabletop.games.terra_mystica.estimate.SHIP_ROUND_VP=3",
                "--out",
                str(variant),
            ]
        )
        assert estimate.SHIP_ROUND_VP == 3.0  # set here too, where the run checks its settings
    finally:
        setattr(estimate, "SHIP_ROUND_VP", before)  # noqa: B010 (a Final constant, restored)
    rows = json.loads(base.read_text())
    assert [r["seed"] for r in rows] == [5, 6]
    # Both seats scored, and each row names the factions the seats chose.
    assert all(len(r["scores"]) == 2 and len(r["factions"]) == 2 for r in rows)
    capsys.readouterr()
    tm_ab.main(["compare", str(base), str(variant)])
    out = capsys.readouterr().out
    assert "paired over 2 games" in out
    change, error, _ = tm_ab.paired(rows, json.loads(variant.read_text()))
    assert out.strip().endswith(f"{change:+.2f} ± {error:.2f}")


def test_a_run_without_a_variant_replays_the_same_games(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    common = ["run", "--bot", "greedy", "--players", "2", "--seeds", "7", "--workers", "1"]
    tm_ab.main([*common, "--out", str(first)])
    tm_ab.main([*common, "--out", str(second)])
    a, b = json.loads(first.read_text()), json.loads(second.read_text())
    assert [(r["scores"], r["factions"]) for r in a] == [(r["scores"], r["factions"]) for r in b]
    assert tm_ab.paired(a, b)[:2] == (0.0, 0.0)


def test_runs_without_a_common_seed_cannot_be_compared() -> None:
    with pytest.raises(ValueError, match="share no seed"):
        tm_ab.paired([{"seed": 1, "scores": [90, 80]}], [{"seed": 2, "scores": [90, 80]}])
