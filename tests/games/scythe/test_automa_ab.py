"""The paired A/B harness for Scythe bots against the Automa (``benchmarks/automa_ab.py``)."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from benchmarks import automa_ab

from tabletop.games.scythe import estimate


def test_its_examples_hold() -> None:
    assert doctest.testmod(automa_ab).failed == 0


def test_a_run_plays_each_seed_in_both_seats_and_compare_pairs_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, variant = tmp_path / "base.json", tmp_path / "variant.json"
    common = ["run", "--bot", "greedy", "--level", "autometta", "--seeds", "3", "--workers", "1"]
    automa_ab.main([*common, "--out", str(base)])
    before = estimate.UPGRADE
    try:
        automa_ab.main(
            [*common, "--set", "tabletop.games.scythe.estimate.UPGRADE=0", "--out", str(variant)]
        )
        assert estimate.UPGRADE == 0.0  # set here too, where the run checks its settings
    finally:
        setattr(estimate, "UPGRADE", before)  # noqa: B010 (a Final constant, restored)
    rows = json.loads(base.read_text())
    assert [(r["seed"], r["seat"]) for r in rows] == [(3, 0), (3, 1)]
    # The Automa sits in the other seat and both seats scored.
    assert all(len(r["scores"]) == 2 for r in rows)
    capsys.readouterr()
    automa_ab.main(["compare", str(base), str(variant)])
    out = capsys.readouterr().out
    assert "paired over 2 games" in out
    change, error, _ = automa_ab.paired(rows, json.loads(variant.read_text()))
    assert out.strip().endswith(f"{change:+.1f} ± {error:.1f}")


def test_a_setting_that_names_nothing_fails_before_any_game() -> None:
    with pytest.raises(ValueError, match="has no NOT_A_CONSTANT"):
        automa_ab.main(["run", "--set", "tabletop.games.scythe.estimate.NOT_A_CONSTANT=1"])
    with pytest.raises(ValueError, match=r"MODULE\.NAME=VALUE"):
        automa_ab.main(["run", "--set", "UPGRADE"])


def test_compare_names_a_run_it_cannot_read(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text("[]")
    with pytest.raises(SystemExit, match=r"cannot read the run .*missing\.json"):
        automa_ab.main(["compare", str(good), str(tmp_path / "missing.json")])
    other = tmp_path / "other.json"
    other.write_text('{"not": "a run"}')
    with pytest.raises(SystemExit, match=r"other\.json is not a run's JSON"):
        automa_ab.main(["compare", str(good), str(other)])
