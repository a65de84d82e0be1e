"""The per-faction calibration of the projection (``benchmarks/tm_faction_bias.py``)."""

from __future__ import annotations

from benchmarks.tm_faction_bias import draw_factions, measure, play, report

from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.estimate import FACTION_VP


def test_a_game_reports_each_drawn_faction_once() -> None:
    result = play("greedy", 3)
    assert [name for name, _ in result] == draw_factions(3)
    assert len({FACTIONS[name].home for name, _ in result}) == 4
    # A miss is the final VP less the start's projection without the table: bots' games
    # end far above the 20 VP a faction starts with, so it is not the raw projection.
    assert all(-60 < miss < 120 for _, miss in result)


def test_the_report_is_centred_over_the_factions_played() -> None:
    misses: dict[str, list[float]] = {name: [] for name in FACTIONS}
    misses["darklings"] = [30.0, 20.0]
    misses["swarmlings"] = [1.0]
    misses["witches"] = [10.0, 14.0, 6.0]
    rows = report(misses)["factions"]
    assert set(rows) == {"darklings", "swarmlings", "witches"}
    assert rows["darklings"]["miss"] == 25.0 and rows["darklings"]["games"] == 2
    assert rows["swarmlings"]["error"] is None
    assert sum(row["centred"] for row in rows.values()) == 0.0
    assert rows["darklings"]["centred"] == 13.0  # 25 less the mean of 25, 1 and 10


def test_measure_collects_every_seat_of_every_game() -> None:
    misses = measure("greedy", 2, seed=5)
    assert sum(len(values) for values in misses.values()) == 8
    assert set(misses) == set(FACTION_VP)
