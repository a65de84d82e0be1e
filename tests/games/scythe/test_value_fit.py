"""The evaluation-against-outcome diagnostic (``benchmarks/scythe_value_fit.py``)."""

from __future__ import annotations

import pytest
from benchmarks.scythe_value_fit import (
    PHASES,
    STANDING,
    TERMS,
    collect,
    end_fit,
    end_foresight,
    fit,
    learn,
    main,
)


def test_a_games_positions_carry_the_terms_that_make_the_projection() -> None:
    rows, margins, finals = collect("greedy", "autometta", 1, seed=2)
    assert len(finals) == 1 and len(rows) == len(margins) > 10
    assert set(margins) == {finals[0]}
    for row in rows:
        # The terms add up to the seat's projection, also where only the score counts.
        assert sum(row[key] for key in TERMS) == pytest.approx(row["worth"])
        assert row["automa"] > 0
    # The estimate's way to the end shortens as the game goes on.
    assert rows[-1]["turns"] < rows[0]["turns"]
    report = fit(rows, margins)
    assert report["positions"] == len(rows)
    assert set(report["weights"]) == {*TERMS, "automa", "constant"}


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--games", "0"], "--games and --workers"),
        (["--bot", "nope"], "unknown bot 'nope'"),
        (["--automa", "nobody"], "unknown Automa difficulty 'nobody'"),
    ],
)
def test_bad_arguments_are_named_before_any_game(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert named in capsys.readouterr().err


def test_a_learned_value_is_judged_on_games_left_out_of_its_fit() -> None:
    rows, margins, finals = collect("greedy", "autometta", 5, seed=4)
    assert len(finals) == 5
    assert {row["game"] for row in rows} == set(range(5))
    assert all(set(STANDING) <= set(row) for row in rows)
    report = learn(rows, margins)
    assert set(report) == {name for name, _, _ in PHASES}
    # Out of sample a fit can do worse than the mean (r2 below 0), never better than exact.
    assert all(r2 <= 1.0 for r2 in report.values())


def test_learn_needs_games_to_leave_out(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--games", "4", "--learn"])
    assert "--learn needs at least 5 games" in capsys.readouterr().err


def test_the_automas_end_is_read_against_the_turns_really_left() -> None:
    rows, _, finals = collect("greedy", "autometta", 2, seed=3)
    ends = end_foresight(rows)
    # Every position is counted once, by the bot's turns left in its own game.
    assert sum(n for _, _, n in ends.values()) == len(rows)
    assert ends[1][2] == len(finals)
    for foretold, tracker, _ in ends.values():
        # The battles the Automa will win only ever bring its end nearer.
        assert 0.0 <= foretold <= tracker


def test_the_automas_end_is_fitted_from_its_tracker() -> None:
    rows, _, _ = collect("greedy", "autometta", 2, seed=3)
    line = end_fit(rows)
    # The least-squares line foretells the turns left at least as well as any other
    # line, the tracker alone (a = 1, b = 0) among them.
    assert line["fit"] <= line["tracker"] + 1e-9
    assert line["a"] > 0.0
