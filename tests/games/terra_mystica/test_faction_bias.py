"""The per-faction calibration of the projection (``benchmarks/tm_faction_bias.py``)."""

from __future__ import annotations

from benchmarks.tm_faction_bias import draw_factions, measure, play, report

from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.estimate import FACTION_VP


def test_a_game_reports_each_drawn_faction_once() -> None:
    result = play("greedy", 3)
    assert [name for name, _, _ in result] == draw_factions(3)
    assert len({FACTIONS[name].home for name, _, _ in result}) == 4
    # A miss is the final VP less the start's projection without the table: bots' games
    # end far above the 20 VP a faction starts with, so it is not the raw projection.
    assert all(-60 < miss < 120 for _, miss, _ in result)
    assert all(final > 20 and final != miss for _, miss, final in result)


def test_the_report_is_centred_over_the_factions_played() -> None:
    played: dict[str, list[tuple[float, int]]] = {name: [] for name in FACTIONS}
    played["darklings"] = [(30.0, 120), (20.0, 111)]
    played["swarmlings"] = [(1.0, 90)]
    played["witches"] = [(10.0, 95), (14.0, 99), (6.0, 88)]
    rows = report(played)["factions"]
    assert set(rows) == {"darklings", "swarmlings", "witches"}
    assert rows["darklings"]["miss"] == 25.0 and rows["darklings"]["games"] == 2
    assert rows["darklings"]["final"] == 115.5 and rows["witches"]["final"] == 94.0
    assert rows["swarmlings"]["error"] is None
    assert sum(row["centred"] for row in rows.values()) == 0.0
    assert rows["darklings"]["centred"] == 13.0  # 25 less the mean of 25, 1 and 10


def test_measure_collects_every_seat_of_every_game() -> None:
    played = measure("greedy", 2, seed=5)
    assert sum(len(values) for values in played.values()) == 8
    assert set(played) == set(FACTION_VP)
