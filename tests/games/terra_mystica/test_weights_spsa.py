"""The joint tuning of the projection's weights (``benchmarks/tm_weights_spsa.py``)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from benchmarks import tm_weights_spsa as spsa

from tabletop.games.terra_mystica import estimate


@pytest.fixture(autouse=True)
def _module_weights_restored() -> object:
    yield
    spsa.install([0.0] * len(spsa.PARAMS))


def test_installed_weights_reach_the_tables_built_at_import() -> None:
    theta = [0.0] * len(spsa.PARAMS)
    theta[spsa.NAMES.index("FAVOR_ROUND_VP")] = math.log(2)
    theta[spsa.NAMES.index("STRONGHOLD_BASE_VP")] = math.log(3)
    spsa.install(theta)
    assert estimate._FAVOR_VP["FAV11"] == pytest.approx(
        2 * spsa._ORIGINAL["FAVOR_ROUND_VP"]["FAV11"]
    )
    assert estimate._STRONGHOLD_VP["giants"] == pytest.approx(
        3 * spsa._ORIGINAL["STRONGHOLD_BASE_VP"] + spsa._ORIGINAL["STRONGHOLD_ROUND_VP"]["giants"]
    )
    spsa.install([0.0] * len(spsa.PARAMS))
    assert estimate._FAVOR_VP["FAV11"] == spsa._ORIGINAL["FAVOR_ROUND_VP"]["FAV11"]


def test_weights_change_the_games_and_zero_keeps_the_module_s() -> None:
    # The module's weights play the game the plain bots play; doubled power prices do not.
    plain = spsa.play(([0.0] * len(spsa.PARAMS), "greedy", 3))
    theta = [0.0] * len(spsa.PARAMS)
    theta[spsa.NAMES.index("USE_VP[3]")] = math.log(3)
    assert spsa.play(([0.0] * len(spsa.PARAMS), "greedy", 3)) == plain
    assert spsa.play((theta, "greedy", 3)) != plain


def test_one_iteration_writes_the_stepped_theta(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "theta.json"
    spsa.main(["tune", "--iterations", "1", "--games", "1", "--out", str(out), "--first-seed", "3"])
    row = json.loads(out.read_text())
    assert row["names"] == list(spsa.NAMES)
    step = 0.004 * (row["plus"] - row["minus"]) / (2 * 0.15)
    expected = min(0.04, abs(step))
    assert all(abs(abs(t) - expected) < 1e-12 for t in row["theta"])
    assert json.loads(capsys.readouterr().out.splitlines()[0])["iteration"] == 0
    spsa.main(["show", str(out)])
    assert "TOWN_VP = " in capsys.readouterr().out
