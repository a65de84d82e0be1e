"""The turn-by-turn judge of players' choices (``benchmarks/tm_choices.py``)."""

from __future__ import annotations

import doctest

import pytest
from benchmarks import tm_choices

from tests.shared import SNELLMAN as CORPUS


def test_its_examples_hold() -> None:
    assert doctest.testmod(tm_choices).failed == 0


def test_greedys_own_turns_carry_no_regret() -> None:
    # Greedy plays by the same one-ply values the judge's turn is made of: its turns are
    # the judge's own (up to the order in which equal moves are tried).
    report = tm_choices.bot_game(["greedy"], 2, seed=3).report()
    assert report["turns"] >= 40
    assert abs(report["mean_regret"]) < 0.2 and report["same"] >= 0.9
    assert sum(row["turns"] for row in report["by_kind"]) == report["turns"]


def test_a_random_bots_turns_are_judged_worse() -> None:
    random = tm_choices.bot_game(["random"], 2, seed=3).report()
    greedy = tm_choices.bot_game(["greedy"], 2, seed=3).report()
    assert random["mean_regret"] > 1.0 > greedy["mean_regret"]
    assert random["same"] < greedy["same"]


def test_a_corpus_game_is_judged_turn_by_turn() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"Snellman corpus not found at {CORPUS} (shared data absent)")
    tally, used = tm_choices.corpus(CORPUS, 1)
    report = tally.report()
    assert used == 1
    # Four factions, six rounds: a turn at least per faction and round, a pass among them.
    assert report["turns"] >= 4 * 6
    passes = sum(row["turns"] for row in report["by_kind"] if row["kind"] == "pass")
    assert passes == 4 * 6
