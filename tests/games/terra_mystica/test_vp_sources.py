"""The VP-by-source diagnostic (``benchmarks/tm_vp_sources.py``) credits every VP once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from benchmarks import tm_ab
from benchmarks.tm_vp_sources import bots, corpus, records

from tabletop.engine.errors import RecordError
from tabletop.games.terra_mystica.estimate import ROOM_CAP
from tabletop.table import batch
from tests.shared import SNELLMAN as CORPUS


def test_a_bot_games_vp_are_all_credited_to_their_sources() -> None:
    tally = bots(["greedy"], 2, 1, seed=3)
    report = tally.report()
    assert tally.factions == 2
    # Faction choice brings the starting 20 VP; everything after it is credited somewhere.
    assert tally.vp["setup"] == 40
    assert sum(tally.vp.values()) == tally.final_vp
    assert tally.vp["final"] > 0 and tally.moves["pass"] >= 12  # two passes a round at least
    assert report["mean_final_vp"] == tally.final_vp / 2
    # Two factions pass in each of rounds 1-5; what they hold then is averaged.
    assert tally.passes == 10
    held = report["held_at_pass"]
    assert set(held) == {"c", "w", "p", "power"}
    assert all(value >= 0 for value in held.values()) and held["c"] > 0


def test_a_corpus_games_vp_beyond_the_start_are_all_credited() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"Snellman corpus not found at {CORPUS} (shared data absent)")
    tally = corpus(CORPUS, 1)
    assert tally.factions >= 2
    # The factions are chosen in the setup options: each starts with 20 VP.
    assert sum(tally.vp.values()) + 20 * tally.factions == tally.final_vp
    assert tally.vp["leech"] < 0 < tally.vp["build"]


def test_the_economy_is_counted_at_each_round_start_and_at_the_end() -> None:
    tally = bots(["greedy"], 2, 1, seed=3)
    by_round = tally.report()["by_round"]
    assert list(by_round) == [f"start of round {r}" for r in range(2, 7)] + ["end"]
    # Each row is per faction: at the end the mean VP is the game's, and the buildings
    # never shrink (an upgrade replaces one, each faction keeps at least its first two).
    assert by_round["end"]["vp"] == tally.final_vp / 2
    built = [sum(row[k] for k in ("D", "TP", "TE", "SH", "SA")) for row in by_round.values()]
    assert built == sorted(built) and built[0] >= 2
    # Resources are converted to VP at the end: fewer coins than a VP's worth are left.
    assert by_round["end"]["c"] <= 2 < by_round["start of round 6"]["c"]


def test_the_beginnings_of_towns_are_followed_to_the_end() -> None:
    tally = bots(["greedy"], 2, 2, seed=3)
    groups = tally.report()["town_groups"]
    # Counted at the start of rounds 2-6, where factions have built beyond their first two.
    assert set(groups) <= {f"start of round {r}" for r in range(2, 7)} and groups
    for row in groups.values():
        assert row["per_faction"] > 0 and 0.0 <= row["became_towns"] <= 1.0
    assert all(tally.became_towns[r] <= n for r, n in tally.groups.items())
    assert not tally.open_groups  # each game's groups are settled at its end


def _recorded_game(seed: int) -> dict[str, Any]:
    """A 2-player greedy game's record, as ``tabletop simulate --records`` writes it."""
    played = batch.play(
        batch.Job(seed, "terra-mystica", seed, ("greedy", "greedy"), keep_record=True)
    )
    assert played.record is not None
    return played.record


def test_recorded_games_are_read_as_the_same_games_played(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(_recorded_game(3)) + "\n")
    assert records(path, 5).report() == bots(["greedy"], 2, 1, seed=3).report()


def test_only_the_factions_asked_for_are_counted() -> None:
    # The factions are the first actions of a record ("pick dwarves"...).
    factions = [text.split()[1] for _, text in _recorded_game(3)["actions"][:2]]
    everyone = bots(["greedy"], 2, 1, seed=3)
    first = bots(["greedy"], 2, 1, seed=3, factions=frozenset(factions[:1]))
    second = bots(["greedy"], 2, 1, seed=3, factions=frozenset(factions[1:]))
    assert first.factions == second.factions == 1
    assert first.final_vp + second.final_vp == everyone.final_vp
    for part in ("vp", "moves"):  # each VP and move credited to its own seat only
        both = getattr(first, part).copy()
        both.update(getattr(second, part))  # (``+`` would drop the negative VP)
        assert both == getattr(everyone, part)
    assert first.passes + second.passes == everyone.passes
    rows = everyone.report()["by_round"], first.report()["by_round"], second.report()["by_round"]
    for when, row in rows[0].items():  # each seat's economy, the two averaged
        for key, value in row.items():
            assert value == pytest.approx((rows[1][when][key] + rows[2][when][key]) / 2, abs=0.06)
    assert 0.0 <= rows[1]["end"]["room"] <= ROOM_CAP


def test_an_ab_runs_games_are_read_from_its_rows(tmp_path: Path) -> None:
    run = tmp_path / "run.json"
    common = ["--bot", "greedy", "--players", "2", "--seeds", "3", "--workers", "1"]
    tm_ab.main(["run", *common, "--out", str(run)])
    assert records(run, 5).report() == bots(["greedy"], 2, 1, seed=3).report()
    old = tmp_path / "old.json"  # a run written before the rows kept their records
    old.write_text(json.dumps([{"seed": 3, "scores": [90, 80]}]))
    with pytest.raises(RecordError, match="seed 3 keeps no record"):
        records(old, 5)


def test_a_record_whose_action_does_not_apply_is_named(tmp_path: Path) -> None:
    record = _recorded_game(3)
    record["actions"][5][1] = "build Z99"  # no such hex
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n")
    with pytest.raises(RecordError, match="the game of seed 3"):
        records(path, 5)
