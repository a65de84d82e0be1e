"""Reading a Scythe bot's games against the Automa (``benchmarks/scythe_games.py``)."""

from __future__ import annotations

import doctest
import json
from collections import Counter
from pathlib import Path

import pytest
from benchmarks import automa_ab, scythe_games

from tabletop.engine import Record, new_game
from tabletop.engine.errors import RecordError
from tabletop.games.scythe.board import FACTORY, RESOURCE_INDEX
from tabletop.games.scythe.data.mats import BOTTOM_RESOURCE
from tabletop.games.scythe.game import ScytheState
from tabletop.table import batch


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An automa_ab run: seed 3, the bot in both seats."""
    out = tmp_path_factory.mktemp("run") / "run.json"
    bot = ["--bot", "mcts:easy", "--level", "autometta"]
    automa_ab.main(["run", *bot, "--seeds", "3", "--workers", "1", "--out", str(out)])
    return out


def test_its_examples_hold() -> None:
    assert doctest.testmod(scythe_games).failed == 0


def test_a_run_is_read_game_for_game_with_its_scores(run: Path) -> None:
    rows = json.loads(run.read_text())
    tally = scythe_games.tally([run])
    report = tally.report()
    assert report["games"] == report["bot_seats"] == 2
    # The margins are the run's, game for game, and so the wins.
    assert tally.margins == [automa_ab.margin(row) for row in rows]
    # A seat ahead on coins won; on equal coins the tie-breaks decide.
    pairs = zip(tally.won, tally.margins, strict=True)
    assert all(won == (margin > 0) for won, margin in pairs if margin)
    assert report["wins"] == sum(tally.won)
    bot_total = sum(row["scores"][row["seat"]] for row in rows) / 2
    assert report["bot"]["score"]["total"] == bot_total
    # The categories add up to the total, for both sides; the Automa scores no resources.
    for side in ("bot", "automa"):
        score = report[side]["score"]
        parts = ("coins", "stars", "territories", "resources", "structure_bonus")
        assert sum(score[k] for k in parts) == pytest.approx(score["total"])
        assert sum(report[side]["tier_shares"].values()) == pytest.approx(1.0)
    assert report["automa"]["score"]["resources"] == 0
    # Someone placed the sixth star in every game.
    assert report["bot"]["ended"] + report["automa"]["ended"] == pytest.approx(1.0)


def test_the_bot_is_followed_turn_by_turn(run: Path) -> None:
    record = next(automa_ab.read_games(run))
    seat = record.seats.index("mcts:easy")
    turns = sum(1 for s, text in record.actions if s == seat and text.startswith("section"))
    bottoms = sum(
        1 for s, text in record.actions if s == seat and scythe_games.is_bottom_action(text)
    )
    tally = scythe_games.Tally()
    tally.read(record)
    assert tally.turns == [turns] and tally.bottoms == [bottoms]
    economy = tally.report()["economy"]
    assert list(economy)[-1] == "end" and economy["end"]["bottom actions"] == bottoms
    # What is counted only grows: bottom actions taken, stars placed.
    rows = list(economy.values())
    for key in ("bottom actions", "stars"):
        assert [row[key] for row in rows] == sorted(row[key] for row in rows)
    # The largest stack of workers on a territory is some of the workers out, and those
    # stand among the units on territories.
    for row in rows:
        assert 0 < row["largest stack"] <= min(row["workers"], row["units out"])
    # Every turn is classed once, and those with a bottom action as taken.
    with_bottom = taken = 0
    for s, text in record.actions:
        if s == seat and text.startswith("section"):
            taken = 0
        if s == seat and scythe_games.is_bottom_action(text) and not taken:
            taken, with_bottom = 1, with_bottom + 1
    assert sum(tally.turn_kinds.values()) == turns
    assert sum(n for kind, n in tally.turn_kinds.items() if kind[2]) == with_bottom
    # Paying for the chosen section means some section could be paid.
    assert all(kind[0] for kind in tally.turn_kinds if kind[1])
    assert scythe_games.render(tally.report()).startswith("1 games against the Automa")


def test_battles_are_counted_by_the_side_attacking(run: Path) -> None:
    tally = scythe_games.tally([run])
    report = tally.report()
    (bot_fought, bot_won, bot_dials, _), (automa_fought, automa_won, automa_dials, _) = (
        tally.battles["bot"],
        tally.battles["automa"],
    )
    # This run's two games have battles, and every dial is one of 0-7.
    assert bot_fought + automa_fought > 0
    assert bot_dials <= 7 * bot_fought and automa_dials <= 7 * automa_fought
    # A combat star is placed for a battle won, attacking or defending.
    bot_wins = bot_won + automa_fought - automa_won
    automa_wins = automa_won + bot_fought - bot_won
    seats = report["bot_seats"]
    assert bot_wins >= round(report["bot"]["stars"].get("combat", 0) * seats)
    assert automa_wins >= round(report["automa"]["stars"].get("combat", 0) * seats)
    battles = report["battles"]
    assert battles["automa"]["a game"] == automa_fought / report["games"]
    assert "the Automa attacking:" in scythe_games.render(report)


def test_the_factory_and_the_automas_combat_stars_are_counted(run: Path) -> None:
    tally = scythe_games.tally([run])
    report = tally.report()
    # Who holds the Factory at each game's end: the final position's control map.
    holders = []
    for record in automa_ab.read_games(run):
        state, automa = scythe_games.start(record)
        for seat, text in record.actions:
            scythe_games.apply(record, state, seat, text)
        owner = state.control_map()[FACTORY]
        holders.append("automa" if owner in automa else "bot" if owner >= 0 else "nobody")
        # A Factory card taken is counted from the turn it was taken in.
        bot = 1 - automa[0]
        assert bool(state.players[bot].factory) == bool(tally.factory_turns[len(holders) - 1])
    assert tally.factory == Counter(holders)
    assert sum(report["factory"]["held_at_end"].values()) == pytest.approx(1.0)
    for turn, sections in zip(tally.factory_turns, tally.factory_sections, strict=True):
        assert turn >= 0 and (turn or not sections)
    # The margins by the Automa's combat stars are the seats' margins, split.
    split = report["margin_by_automa_combat"]
    assert sum(row["seats"] for row in split.values()) == report["bot_seats"]
    total = sum(row["margin"] * row["seats"] for row in split.values())
    assert total == pytest.approx(sum(tally.margins))
    assert set(split) <= {0, 1, 2, 3, 4, 5, 6}
    assert "the Factory at the end:" in scythe_games.render(report)


def test_the_bots_produce_actions_are_read(run: Path) -> None:
    tally = scythe_games.tally([run])
    # One row per turn of the bot's with a Produce: its produce actions, grouped by turn.
    turns = 0
    for record in automa_ab.read_games(run):
        seat = record.seats.index("mcts:easy")
        turn = 0
        producing: set[int] = set()  # the bot's turns (numbered from 1) with a produce action
        for s, text in record.actions:
            if s == seat and text.startswith("section"):
                turn += 1
            if s == seat and scythe_games.is_produce(text):
                producing.add(turn)
        turns += len(producing)
    assert turns == len(tally.produces) > 0
    for turn, out, producible, resources, workers in tally.produces:
        # Workers a Produce could use stand on the board; each worker makes one at most
        # (less is allowed, the rulebook's partial rewards; a Mill adds its territory).
        assert turn >= 1 and 0 < producible <= out <= 8
        assert 0 <= resources + workers <= out and workers <= 8 - out
    report = tally.report()["produce"]
    assert report["a game"] == len(tally.produces) / 2
    assert report["resources"] == sum(row[3] for row in tally.produces) / len(tally.produces)
    assert "the bot's Produce:" in scythe_games.render(tally.report())


def test_producible_counts_the_best_stacks_a_produce_takes() -> None:
    state = new_game("scythe", 2, seed=1, options={"automa": "-,autometta"})
    assert isinstance(state, ScytheState)
    # At the start two workers stand on two producing territories, one each.
    assert scythe_games.producible(state, 0) == 2
    player = state.players[0]
    spots = [p for p, n in enumerate(state.board.workers[0]) if n]
    state.board.workers[0][spots[0]] += 3
    player.workers_on_mat -= 3
    # A Produce takes two territories: the stack of four and the lone worker.
    assert player.upgrade_value("produce.territories") == 2
    assert scythe_games.producible(state, 0) == 5


def test_a_game_without_the_automa_or_unfinished_is_refused(tmp_path: Path) -> None:
    played = batch.play(batch.Job(0, "scythe", 5, ("random", "random"), keep_record=True))
    assert played.record is not None
    record = Record.from_json(played.record)
    with pytest.raises(RecordError, match="without the Automa"):
        scythe_games.Tally().read(record)
    solo = batch.play(batch.Job(0, "scythe", 5, ("random", "automa:autometta"), keep_record=True))
    assert solo.record is not None
    cut = Record.from_json({**solo.record, "actions": solo.record["actions"][:20]})
    with pytest.raises(RecordError, match="did not end"):
        scythe_games.Tally().read(cut)
    actions = solo.record["actions"]
    garbled = Record.from_json({**solo.record, "actions": [*actions[:5], [0, "section nine"]]})
    with pytest.raises(RecordError, match="'section nine' of seat 0 does not apply"):
        scythe_games.Tally().read(garbled)
    path = tmp_path / "garbled.jsonl"
    path.write_text(json.dumps(garbled.to_json()) + "\n")
    with pytest.raises(RecordError, match=r"garbled\.jsonl: seed 5: 'section nine'"):
        scythe_games.tally([path])


def test_a_run_without_records_is_named(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    old.write_text('[{"seed": 4, "seat": 0, "scores": [50, 60], "cpu": 1.0}]')
    with pytest.raises(RecordError, match="seed 4 keeps no record"):
        scythe_games.tally([old])


def test_last_turns_section_is_open_to_rusviet_alone() -> None:
    # Rusviet's Relentless lets it choose last turn's section again (turn.py).
    for faction, relentless in (("rusviet", True), ("nordic", False)):
        options = {"factions": faction, "automa": "-,autometta"}
        state = new_game("scythe", 2, seed=1, options=options)
        assert isinstance(state, ScytheState)
        player = state.players[0]
        # Section 1 this turn (the first of every choice), and the Automa's turn.
        state.apply(0, state.game.parse_action("section 1"))
        for _ in range(200):
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if seat == 0 and str(legal[0]).startswith("section"):
                break
            state.apply(seat, legal[-1])
        assert player.last_section == 0 and state.to_move() == [0]
        # Just enough for the first section's bottom action, where a worker stands.
        spot = next(p for p, n in enumerate(state.board.workers[0]) if n)
        resource = RESOURCE_INDEX[BOTTOM_RESOURCE[player.columns[0].bottom]]
        state.board.res[spot * 4 + resource] += player.bottom_cost(0)
        assert scythe_games.payable(state, 0, "2") == (relentless, False)


def test_a_game_is_printed_turn_by_turn(run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = next(automa_ab.read_games(run))
    seat = record.seats.index("mcts:easy")
    turns = scythe_games.turn_log(record)
    own = [text for s, text in record.actions if s == seat]
    # One entry per turn of the bot's, each opened by its section, and every one of the
    # bot's actions in exactly one of them, in order.
    assert len(turns) == sum(1 for text in own if text.startswith("section"))
    assert [text for turn in turns for text in turn["actions"]] == own
    assert all(turn["actions"][0].startswith("section") for turn in turns)
    # The last entry holds what the game ended with, for both sides.
    final = record.new_state()
    for s, text in record.actions:
        final.apply(s, final.game.parse_action(text))
    assert isinstance(final, ScytheState)
    last = turns[-1]
    assert last["bot"] == scythe_games.holdings(final, seat)
    assert last["bot"]["stars"] == len(final.players[seat].stars)
    assert last["automa"]["stars"] == len(final.players[1 - seat].stars)
    # Stars only grow from turn to turn.
    stars = [turn["bot"]["stars"] for turn in turns]
    assert stars == sorted(stars)
    # The evaluation's view of each turn's start: the territories are those held after
    # the turn before, the tempo lies in [0, 1] and is 1 at the first turn, whose end is far.
    seen = [turn["estimate"] for turn in turns]
    before = zip(seen[1:], turns[:-1], strict=True)
    assert all(e["territories"] == t["bot"]["territories"] for e, t in before)
    assert all(0.0 <= e["w"] <= 1.0 for e in seen) and seen[0]["w"] == 1.0
    assert all(e["units_out"] >= 0 and e["free_in_reach"] >= 0 for e in seen)
    assert min(seen[0]["end"], seen[0]["automa_end"]) > 8
    # The command prints the N-th game; one that is not there is an error.
    argv = ["scythe_games", "--records", str(run), "--turns", "2"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.argv", argv)
        scythe_games.main()
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].startswith("  1. seat ") and lines[1].lstrip().startswith("bot:")
        assert len(lines) == 3 * len(scythe_games.turn_log(list(automa_ab.read_games(run))[1]))
        patch.setattr("sys.argv", [*argv, "--estimate"])
        scythe_games.main()
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == 4 * len(scythe_games.turn_log(list(automa_ab.read_games(run))[1]))
        assert lines[3].lstrip().startswith("seen:   end in ")
        patch.setattr("sys.argv", ["scythe_games", "--records", str(run), "--estimate"])
        with pytest.raises(SystemExit):
            scythe_games.main()
        assert "give --turns N as well" in capsys.readouterr().err
        patch.setattr("sys.argv", [*argv[:-1], "3"])
        with pytest.raises(SystemExit):
            scythe_games.main()
    assert "no such game" in capsys.readouterr().err


def test_a_game_that_cannot_be_printed_names_its_file(run: Path, tmp_path: Path) -> None:
    rows = json.loads(run.read_text())
    rows[0]["record"]["actions"][3][1] = "section 9"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rows))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.argv", ["scythe_games", "--records", str(bad), "--turns", "1"])
        with pytest.raises(RecordError, match=r"bad\.json: seed 3: 'section 9' of seat"):
            scythe_games.main()
