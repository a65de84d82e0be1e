"""What a holding is worth in play, by paired continuations (``benchmarks/tm_marginal.py``)."""

from __future__ import annotations

import pytest
from benchmarks import tm_marginal as M

from tabletop.games.terra_mystica import estimate
from tabletop.games.terra_mystica.game import TerraMysticaState

BOTS = ["greedy", "greedy"]


@pytest.fixture(scope="module")
def starts() -> dict[int, TerraMysticaState]:
    return M.round_starts(7, BOTS)


def test_the_round_starts_are_those_of_rounds_one_to_five(
    starts: dict[int, TerraMysticaState],
) -> None:
    assert sorted(starts) == list(M.ROUNDS)
    for round_, state in starts.items():
        assert state.core.round == round_
        assert not any(state.core.passed)


def test_a_gift_changes_that_holding_alone_and_not_the_position_it_was_made_from(
    starts: dict[int, TerraMysticaState],
) -> None:
    start = starts[2]
    before = start.core.copy()
    plain = M.given(start, 1, None)
    assert plain is not None
    for name, change in (("coin", ("c", 3)), ("worker", ("w", 1)), ("priest", ("p", 1))):
        gifted = M.given(start, 1, name)
        assert gifted is not None
        field, amount = change
        assert getattr(gifted.core, field)[1] == getattr(plain.core, field)[1] + amount
        assert getattr(gifted.core, field)[0] == getattr(plain.core, field)[0]
        assert gifted.core.bowls == plain.core.bowls
    charged = M.given(start, 1, "power III")
    if charged is not None:
        old, new = plain.core.bowls[1], charged.core.bowls[1]
        assert sum(new) == sum(old) and new[2] == old[2] + 2
    assert start.core.c == before.c and start.core.bowls == before.bowls


def test_power_cannot_be_charged_without_two_tokens_below_bowl_three(
    starts: dict[int, TerraMysticaState],
) -> None:
    start = starts[1]
    tokens = sum(start.core.bowls[0])
    emptied = M.given(start, 0, None)
    assert emptied is not None
    emptied.core.bowls[0][:] = [0, 1, tokens - 1]
    assert M.given(emptied, 0, "power III") is None


def test_playing_on_with_the_same_seed_gives_the_same_game(
    starts: dict[int, TerraMysticaState],
) -> None:
    first, second = M.given(starts[4], 0, None), M.given(starts[4], 0, None)
    assert first is not None and second is not None
    assert M.play_on(first, BOTS, 11) == M.play_on(second, BOTS, 11)
    assert first.is_over()


def test_the_price_is_the_estimates_and_the_summary_averages_per_unit() -> None:
    rows = M.measure((7, tuple(BOTS), "resources"))
    assert len(rows) == len(M.ROUNDS) * len(BOTS)
    before_last = [row for row in rows if row["round"] < 5]
    # while rounds are left and nobody has passed, a coin costs what USE_VP says
    assert all(row["coin"]["price"] == pytest.approx(estimate.USE_VP[0]) for row in before_last)
    result = M.report(rows)
    coin = result["all"]["all"]["coin"]
    assert coin["positions"] == len(rows)
    assert coin["worth"] == pytest.approx(sum(row["coin"]["worth"] for row in rows) / len(rows))
    assert set(result["by round"]) == {str(r) for r in M.ROUNDS}


def test_an_upgrade_gift_changes_one_building_and_needs_a_piece_left(
    starts: dict[int, TerraMysticaState],
) -> None:
    start = starts[3]
    core = start.core
    gifts = M.BUILDING_GIFTS
    seat = next(s for s in range(2) if core.count(s, 1))
    gifted = M.given(start, seat, "D to TP", gifts)
    assert gifted is not None
    assert gifted.core.count(seat, 1) == core.count(seat, 1) - 1
    assert gifted.core.count(seat, 2) == core.count(seat, 2) + 1
    changed = [i for i, b in enumerate(gifted.core.building) if b != core.building[i]]
    assert len(changed) == 1 and core.building[changed[0]] == 1
    assert gifted.core.c == core.c and gifted.core.w == core.w
    # a seat whose stronghold stands has no piece left for another
    built = M.given(start, seat, None)
    assert built is not None
    built.core.building[built.core.indices_of(seat)[0]] = 4
    assert M.given(built, seat, "TP to SH", gifts) is None
    # the rows of the buildings' set name its gifts
    rows = M.measure((7, tuple(BOTS), "buildings"))
    assert set(M.report(rows)["all"]["all"]) <= set(gifts)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "nobody"], "unknown bot 'nobody'"),
        (["--bots", ",".join(["greedy"] * 6)], "not 6"),
        (["--games", "0"], "at least 1"),
        (["--gifts", "castles"], "invalid choice: 'castles'"),
    ],
)
def test_bad_arguments_stop_the_tool_with_a_message_naming_them(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        M.main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err
