"""The paired A/B harness for Terra Mystica bots at one table (``benchmarks/tm_ab.py``)."""

from __future__ import annotations

import doctest
import json
import os
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


#: How many times :func:`count_setup` ran in this process (a patch that is not idempotent).
_APPLIED = 0


def count_setup() -> None:
    """A ``--setup`` that notes in ``$TM_AB_SETUP_LOG`` how often it had already run here."""
    global _APPLIED
    with open(os.environ["TM_AB_SETUP_LOG"], "a", encoding="utf-8") as log:
        log.write(f"{_APPLIED}\n")
    _APPLIED += 1


def test_a_setup_is_made_once_in_each_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A worker forked from the run's process would inherit the setup the run checks there,
    # and a patch that wraps a function would be wrapped twice.
    log = tmp_path / "setups.txt"
    monkeypatch.setenv("TM_AB_SETUP_LOG", str(log))
    tm_ab.main(
        [
            "run",
            "--bot",
            "greedy",
            "--players",
            "2",
            "--seeds",
            "5",
            "--workers",
            "1",
            "--setup",
            f"{__name__}:count_setup",
        ]
    )
    made = log.read_text().split()
    assert len(made) == 2  # in the run's process, then in its one worker
    assert made[-1] == "0"  # the worker had not seen it before


def test_compare_joins_seed_sets_run_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def write(name: str, rows: list[tuple[int, list[int]]]) -> str:
        path = tmp_path / name
        rows_json = [
            {"seed": seed, "scores": scores, "factions": ["dwarves", "giants"], "cpu": 1.0}
            for seed, scores in rows
        ]
        path.write_text(json.dumps(rows_json))
        return str(path)

    a = ",".join([write("a1.json", [(1, [100, 90])]), write("a2.json", [(2, [80, 80])])])
    b = ",".join([write("b1.json", [(1, [104, 90])]), write("b2.json", [(2, [80, 86])])])
    tm_ab.main(["compare", a, b])
    out = capsys.readouterr().out
    # Seed 1 gains 2 VP a seat, seed 2 gains 3: both sets are paired as one run.
    assert out.strip().endswith("paired over 2 games: +2.50 ± 0.50")
