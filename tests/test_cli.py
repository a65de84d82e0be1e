"""The command line, driven through Typer's test runner on the toy games."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner, Result

import tests.toygame  # noqa: F401  (registers sealed-bids)
from tabletop.cli import BotTally, app, tally, unique_names
from tabletop.engine import JSON, Action, Outcome, Record, Seat, State, register, registry
from tabletop.games.terra_mystica.ledger import RowKind, load_ledger, parse_ledger
from tabletop.render import render_generic, renderer_for
from tabletop.table.arena import seating
from tests.shared import SNELLMAN
from tests.toygame import BidsState, SealedBids

runner = CliRunner()


# -- a toy game with a log, to check what the terminal shows ------------------
class LoggedBids(SealedBids):
    """Sealed bids whose views carry a log: public results, private own bids."""

    id = "logged-bids"
    name = "Logged Bids"

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        state = LoggedState.setup(players, options, seed)
        assert isinstance(state, LoggedState)
        state.log = []
        return state


class LoggedState(BidsState):
    game: ClassVar[LoggedBids] = LoggedBids()
    log: list[tuple[Seat | None, str]]  # (only this seat may see it | everyone, text)

    def _apply(self, seat: Seat, action: Action) -> None:
        round_before, totals_before = self.round, list(self.totals)
        self.log.append((seat, f"SECRET you {action}"))
        super()._apply(seat, action)
        if self.round != round_before:
            gained = [t - b for t, b in zip(self.totals, totals_before, strict=True)]
            winner = next((s for s, g in enumerate(gained) if g), None)
            text = "nobody wins" if winner is None else f"seat {winner} wins {gained[winner]}"
            self.log.append((None, f"round {round_before}: {text}"))

    def _view(self, seat: Seat | None) -> JSON:
        view = super()._view(seat)
        view["log"] = [text for who, text in self.log if who is None or who == seat]
        return view

    def copy(self) -> LoggedState:
        clone = super().copy()
        clone.__class__ = LoggedState
        assert isinstance(clone, LoggedState)
        clone.log = list(self.log)
        return clone


@pytest.fixture
def logged_bids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register logged-bids for one test only (other suites iterate over every game)."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    register(LoggedState.game)


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def one_line_error(result: Result, fragment: str) -> None:
    """The user-error contract: exit 2, one ``error:`` line on stderr, no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert fragment in lines[0]
    assert "Traceback" not in result.output


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Default save files land in a scratch directory."""
    monkeypatch.chdir(tmp_path)


# -- play ---------------------------------------------------------------------
def test_play_with_bots_runs_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run(
        "play", "sealed-bids", "--seats", "greedy,random,random", "--seed", "3",
        "--save", str(save),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Result" in result.stdout
    assert "random#2" in result.stdout
    record = Record.load(save)
    assert record.seats == ["greedy", "random", "random"]
    assert record.seed == 3
    assert len(record.actions) == 15
    assert record.replay().is_over()


def test_play_same_seed_same_record(tmp_path: Path) -> None:
    for name in ("a.json", "b.json"):
        run(
            "play",
            "sealed-bids",
            "-s",
            "greedy,greedy",
            "--seed",
            "5",
            "--save",
            str(tmp_path / name),
        )
    assert Record.load(tmp_path / "a.json") == Record.load(tmp_path / "b.json")


def test_play_draws_a_fresh_seed_by_default(tmp_path: Path) -> None:
    seeds = set()
    for name in ("a.json", "b.json", "c.json"):
        run("play", "sealed-bids", "-s", "greedy,greedy", "--save", str(tmp_path / name))
        seeds.add(Record.load(tmp_path / name).seed)
    assert len(seeds) > 1  # not the same deal every time (three 32-bit draws)


def test_play_with_option(tmp_path: Path) -> None:
    save = tmp_path / "short.json"
    result = run(
        "play", "sealed-bids", "-s", "random,random", "-o", "rounds=3", "--save", str(save)
    )
    assert result.exit_code == 0, result.output
    record = Record.load(save)
    assert record.options == {"rounds": 3}
    assert len(record.actions) == 6


def test_person_input_numbers_bad_input_text_save_quit(tmp_path: Path) -> None:
    keys = [
        "9",  # out of range
        "",  # empty
        "bid 7",  # does not parse
        "pass",  # does not parse either
        "help",
        "board",
        "bid 3",  # a legal action by its text
        "bid 3",  # that card is gone: IllegalAction
        "  bid   4 ",  # sloppy spacing is fine
        "1",  # by number
        "save mid.json",
        "quit",
        "n",  # do not save on quit
    ]
    result = run(
        "play", "sealed-bids", "--seed", "0", "--seats", "me,greedy", input="\n".join(keys) + "\n"
    )
    out = result.stdout
    assert result.exit_code == 0, result.output
    assert "me (seat 0) > " in out
    assert "there is no action 9: type a number from 1 to 5" in out
    assert "type the number of an action, its text, or 'help'" in out
    assert "cannot read 'bid 7': bids are 1 to 5, not 7" in out
    assert "cannot read 'pass'" in out
    assert "save [FILE]" in out  # the help text
    assert "you no longer hold the card for bid 3" in out
    assert "saved the game to mid.json" in out
    assert "before quitting?" in out
    record = Record.load(tmp_path / "mid.json")
    assert [a for a in record.actions if a[0] == 0] == [(0, "bid 3"), (0, "bid 4"), (0, "bid 1")]
    assert record.seats == ["me", "greedy"]
    assert not (tmp_path / "tabletop-sealed-bids-0.json").exists()


def test_quit_saves_to_default_path(tmp_path: Path) -> None:
    result = run("play", "sealed-bids", "-s", "me,random", "--seed", "4", input="1\nquit\ny\n")
    assert result.exit_code == 0, result.output
    record = Record.load(tmp_path / "tabletop-sealed-bids-4.json")
    assert record.actions[0] == (0, "bid 1")


def test_end_of_input_saves_when_asked(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    result = run(
        "play", "sealed-bids", "--seed", "0", "-s", "me,random", "--save", str(save), input="2\n"
    )
    assert result.exit_code == 0, result.output
    assert "end of input" in result.stdout
    assert Record.load(save).actions[0] == (0, "bid 2")


def test_end_of_input_without_save_writes_nothing(tmp_path: Path) -> None:
    result = run("play", "sealed-bids", "--seed", "0", "-s", "me,random", input="")
    assert result.exit_code == 0, result.output
    assert list(tmp_path.iterdir()) == []


def test_hot_seat_prompts_say_whose_turn() -> None:
    result = run(
        "play",
        "sealed-bids",
        "--seed",
        "0",
        "-s",
        "me,me",
        "-o",
        "rounds=3",
        input="1\n" + "\n1\n" * 5,  # each person bids; Enter when the terminal is passed
    )
    assert result.exit_code == 0, result.output
    assert "me (seat 0) > " in result.stdout
    assert "me#2 (seat 1) > " in result.stdout
    assert result.stdout.count("pass the terminal to") == 5
    assert "pass the terminal to me#2 (seat 1), then press Enter" in result.stdout
    assert "me#2 (seat 1): your turn; others look away" in result.stdout
    assert "Result" in result.stdout


def test_saving_never_overwrites_without_asking(tmp_path: Path) -> None:
    (tmp_path / "mine.json").write_text("precious")
    # no: another name is chosen; a non-answer is asked again
    result = run(
        "play",
        "sealed-bids",
        "--seed",
        "4",
        "-s",
        "me,random",
        input="1\nsave mine.json\nmaybe\nn\nquit\nn\n",
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "mine.json").read_text() == "precious"
    assert "answer y (yes) or n (no)" in result.stdout
    assert Record.load(tmp_path / "mine-2.json").actions[0] == (0, "bid 1")
    # yes: overwritten; then saving again to it asks nothing
    result = run(
        "play",
        "sealed-bids",
        "--seed",
        "4",
        "-s",
        "me,random",
        input="2\nsave mine.json\ny\nsave mine.json\nquit\nn\n",
    )
    assert Record.load(tmp_path / "mine.json").actions[0] == (0, "bid 2")
    assert result.stdout.count("exists: overwrite it?") == 1


def test_end_of_input_offers_to_save_as_quit_does(tmp_path: Path) -> None:
    result = run("play", "sealed-bids", "--seed", "4", "-s", "me,random", input="1\n")
    assert "end of input" in result.stdout
    assert "save the game to tabletop-sealed-bids-4.json before quitting? [Y/n]" in result.stdout


def test_resume_from_record(tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    Record("sealed-bids", ["me", "me"], seed=2, actions=[(0, "bid 5"), (1, "bid 1")]).save(start)
    end = tmp_path / "end.json"
    result = run("play", "--load", str(start), "--seats", "greedy,random", "--save", str(end))
    assert result.exit_code == 0, result.output
    assert "resuming after 2 actions" in result.stdout
    record = Record.load(end)
    assert record.seats == ["greedy", "random"]
    assert record.actions[:2] == [(0, "bid 5"), (1, "bid 1")]
    assert len(record.actions) == 10


def test_resume_keeps_record_seats(tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    Record("sealed-bids", ["random", "me"], seed=2, actions=[(0, "bid 5")]).save(start)
    result = run("play", "sealed-bids", "--load", str(start), input="bid 2\n")
    assert result.exit_code == 0, result.output
    assert "me (seat 1) > " in result.stdout


def test_log_shows_only_the_persons_view(logged_bids: None) -> None:
    """Entries come from the person's view: their own secret, never the bot's."""
    result = run(
        "play", "logged-bids", "--seed", "0", "-s", "me,random", "-o", "rounds=3", input="1\n1\n1\n"
    )
    out = result.stdout
    assert result.exit_code == 0, result.output
    assert out.count("SECRET you bid") == 3  # the person's own three bids
    assert "round 1: " in out and "round 3: " in out
    assert out.count("round 1: ") == 1  # each entry printed once


def test_log_with_only_bots_uses_the_spectator_view(logged_bids: None) -> None:
    result = run("play", "logged-bids", "--seed", "0", "-s", "random,random", "-o", "rounds=3")
    assert result.exit_code == 0, result.output
    assert "SECRET" not in result.stdout
    assert result.stdout.count("round 2: ") == 1


def test_hot_seat_log_shows_each_person_only_their_own_view(logged_bids: None) -> None:
    result = run(
        "play",
        "logged-bids",
        "--seed",
        "0",
        "-s",
        "me,me",
        "-o",
        "rounds=3",
        input="1\n" + "\n1\n" * 5,
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.count("SECRET you bid") == 6  # each person sees their own three


# -- play: bad arguments ------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["play", "nope", "-s", "me,me"], "unknown game 'nope' (known games:"),
        (
            ["play", "sealed-bids", "-s", "me,robot"],
            "unknown bot 'robot' (known bots: automa, greedy",
        ),
        (["play", "sealed-bids", "-s", "me,greedy:9"], "bot 'greedy' takes no parameter"),
        (["play", "sealed-bids", "-s", "me"], "Sealed Bids is played by 2, 3, 4 players, not 1"),
        (["play", "sealed-bids", "-s", "me,,me"], "--seats must be a comma-separated list"),
        (["play", "sealed-bids", "-s", "me,me", "-o", "rounds=9"], "option 'rounds' must be one"),
        (["play", "sealed-bids", "-s", "me,me", "-o", "speed=3"], "has no option 'speed'"),
        (["play", "sealed-bids", "-s", "me,me", "-o", "rounds"], "--option takes key=value"),
        (["play", "sealed-bids"], "give --seats"),
        (["play"], "name a game to play"),
        (["play", "--load", "missing.json"], "cannot read record 'missing.json'"),
    ],
)
def test_play_bad_arguments(args: list[str], fragment: str) -> None:
    one_line_error(run(*args), fragment)


def test_play_load_conflicts(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    Record("sealed-bids", ["me", "me"]).save(path)
    one_line_error(run("play", "brian-boru", "--load", str(path)), "is a 'sealed-bids' record")
    one_line_error(run("play", "--load", str(path), "--seed", "3"), "cannot change a loaded")
    one_line_error(run("play", "--load", str(path), "-s", "me,me,me"), "record has 2")


# -- replay -------------------------------------------------------------------
@pytest.fixture
def finished(tmp_path: Path) -> Path:
    path = tmp_path / "done.json"
    run("play", "sealed-bids", "-s", "greedy,random,greedy", "--seed", "5", "--save", str(path))
    return path


def test_replay_text(finished: Path) -> None:
    result = run("replay", str(finished))
    assert result.exit_code == 0, result.output
    assert "Result" in result.stdout
    assert "greedy#2" in result.stdout


def test_replay_json(finished: Path) -> None:
    result = run("replay", str(finished), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"scores", "ranks"}
    assert list(data["scores"]) == ["greedy", "random", "greedy#2"]
    outcome = Record.load(finished).replay().outcome()
    assert list(data["scores"].values()) == list(outcome.scores)
    assert list(data["ranks"].values()) == list(outcome.ranks)


def test_replay_unfinished(tmp_path: Path) -> None:
    path = tmp_path / "part.json"
    Record("sealed-bids", ["me", "greedy"], seed=1, actions=[(0, "bid 5"), (1, "bid 1")]).save(path)
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["ranks"] == {"me": None, "greedy": None}
    assert sum(data["scores"].values()) > 0
    result = run("replay", str(path), "--board")
    assert result.exit_code == 0
    assert "not over: waiting for me, greedy" in result.stdout
    assert "Scores so far" in result.stdout


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "chess"}', "not a tabletop record"),
        (
            '{"format": "tabletop-record", "version": 1, "game": "go", "seats": ["a", "b"]}',
            "record setup is invalid: unknown game 'go'",
        ),
        (
            '{"format": "tabletop-record", "version": 1, "game": "sealed-bids", '
            '"seats": ["a", "b"], "actions": [[0, "bid 3"], [0, "bid 4"]]}',
            "action 2 ('bid 4' by seat 0): illegal",
        ),
    ],
)
def test_replay_bad_records(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    one_line_error(run("replay", str(path)), fragment)
    one_line_error(run("replay", str(path), "--json"), "bad.json")


def test_replay_missing_file() -> None:
    one_line_error(run("replay", "nowhere.json"), "cannot read record 'nowhere.json'")


def test_unique_names() -> None:
    assert unique_names(["me", "me"]) == ["me", "me#2"]
    assert unique_names(["x#2", "x", "x"]) == ["x#2", "x", "x#3"]
    assert unique_names(["a", "b"]) == ["a", "b"]


# -- simulate -----------------------------------------------------------------
def test_simulate_text() -> None:
    result = run("simulate", "sealed-bids", "--games", "12", "--bots", "greedy,random")
    assert result.exit_code == 0, result.output
    assert "Win share" in result.stdout
    assert "games/s" in result.stdout
    assert result.stderr == ""  # no progress bar when stderr is not a terminal


def test_simulate_counts_games_over_the_action_cap_apart() -> None:
    args = ["simulate", "sealed-bids", "-n", "4", "-b", "random,random", "--max-actions", "3"]
    data = json.loads(run(*args, "--json").stdout)
    assert data["unfinished"] == 4 and data["finished"] == 0
    assert all(bot["wins"] == 0 for bot in data["bots"].values())
    text = run(*args).stdout
    assert "4 of 4 games unfinished after 3 actions" in text


def test_simulate_json() -> None:
    args = ["simulate", "sealed-bids", "-n", "20", "-b", "greedy,random,random", "--seed", "7"]
    data = json.loads(run(*args, "--json").stdout)
    assert set(data) == {
        "games",
        "finished",
        "unfinished",
        "games_per_second",
        "workers",
        "backend",
        "bots",
    }
    assert data["games"] == data["finished"] == 20 and data["unfinished"] == 0
    assert data["games_per_second"] > 0
    assert list(data["bots"]) == ["greedy", "random"]
    assert set(data["bots"]["greedy"]) == {"wins", "mean_score"}
    assert sum(b["wins"] for b in data["bots"].values()) == pytest.approx(20)
    again = json.loads(run(*args, "--json").stdout)
    assert again["bots"] == data["bots"]  # seeded: the same games again


def test_simulate_one_bot_fills_every_seat() -> None:
    result = run("simulate", "sealed-bids", "-n", "5", "-b", "random", "-p", "3", "--json")
    data = json.loads(result.stdout)
    assert list(data["bots"]) == ["random"]
    assert data["bots"]["random"]["wins"] == pytest.approx(5)


def test_simulate_with_option() -> None:
    result = run("simulate", "sealed-bids", "-n", "3", "-b", "random", "-p", "2", "-o", "rounds=3")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["simulate", "nope", "-b", "random", "-p", "2"], "unknown game 'nope'"),
        (["simulate", "sealed-bids", "-b", "random,zeus"], "unknown bot 'zeus'"),
        (["simulate", "sealed-bids", "-b", "random"], "give --players"),
        (["simulate", "sealed-bids", "-b", "random,greedy", "-p", "3"], "names 2 bots for 3"),
        (["simulate", "sealed-bids", "-b", "random", "-p", "7"], "not 7"),
        (["simulate", "sealed-bids", "-b", "random", "-p", "2", "-o", "rounds=x"], "rounds"),
    ],
)
def test_simulate_bad_arguments(args: list[str], fragment: str) -> None:
    one_line_error(run(*args), fragment)


def test_seating_rotates_so_no_bot_keeps_the_first_seat() -> None:
    lineup = ["a", "b", "c", "d"]
    assert [seating(lineup, g)[0] for g in range(4)] == ["a", "d", "c", "b"]
    for g in range(8):
        seats = seating(lineup, g)
        assert sorted(seats) == lineup
        assert seats.index("a") == g % 4


def test_tally_splits_shared_wins_and_aggregates_by_name() -> None:
    games = [
        (["greedy", "random", "greedy"], Outcome((10, 4, 10), (1, 3, 1))),
        (["random", "greedy", "greedy"], Outcome((9, 3, 1), (1, 2, 3))),
        (["greedy", "greedy", "random"], Outcome((5, 5, 5), (1, 1, 1))),
    ]
    totals = tally(games, order=["random", "greedy"])
    assert list(totals) == ["random", "greedy"]
    assert totals["greedy"].wins == Fraction(1) + Fraction(2, 3)
    assert totals["random"].wins == Fraction(1) + Fraction(1, 3)
    assert totals["greedy"].seat_games == 6
    assert totals["greedy"].mean_score == pytest.approx((10 + 10 + 3 + 1 + 5 + 5) / 6)
    assert totals["random"].mean_score == pytest.approx((4 + 9 + 5) / 3)
    assert sum(t.wins for t in totals.values()) == 3
    assert BotTally().mean_score == 0.0


# -- other commands -----------------------------------------------------------
def test_games_lists_registered_games() -> None:
    result = run("games")
    assert result.exit_code == 0
    assert "sealed-bids" in result.stdout
    assert "rounds=5" in result.stdout


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("tabletop ")


def test_python_dash_m_help() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tabletop", "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    for command in ("play", "replay", "simulate", "games"):
        assert command in result.stdout


# -- rendering ----------------------------------------------------------------
def test_renderer_falls_back_to_generic() -> None:
    assert renderer_for("sealed-bids") is render_generic


def test_renderer_uses_the_games_module(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("tabletop.games.fancy_game.render")

    def render(view: Any) -> str:
        return f"fancy {view['x']}"

    module.render = render  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tabletop.games.fancy_game.render", module)
    assert renderer_for("fancy-game")({"x": 1}) == "fancy 1"


def test_generic_render_treats_text_as_text() -> None:
    from rich.console import Console

    console = Console(width=80, color_system=None)
    with console.capture() as captured:
        console.print(render_generic({"name": "[bold]x[/bold]", "rows": [{"a": 1}, {"a": 2}]}))
    assert "[bold]x[/bold]" in captured.get()


def test_play_scythe_shows_the_board_and_the_persons_mat() -> None:
    keys = ["1", "board", "quit", "n"]
    seats = "me,greedy,random"
    result = run("play", "scythe", "--seats", seats, "--seed", "1", input="\n".join(keys) + "\n")
    out = result.stdout
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "me (seat 0) > " in out
    # The map (the Factory hex, a home base), the players, the person's own mat and hand.
    assert "1,4" in out and "FACTORY" in out and "base" in out
    assert "Players" in out and "Your mat:" in out and "Your combat cards:" in out
    assert "section 1" in out
    # "board" shows it again.
    assert out.count("Your objectives:") >= 2


# -- replay --format snellman ---------------------------------------------------
#: A corpus game the engine replays row by row, to the manifest's final VP.
SNELLMAN_GAME = "4pLeague_S67_D1L1_G1"


@pytest.fixture
def corpus_game() -> Path:
    path = SNELLMAN / f"{SNELLMAN_GAME}.txt"
    if not path.is_file():
        pytest.skip(f"Snellman corpus not found at {SNELLMAN} (shared data absent)")
    return path


def _ledger_row(faction: str, vp: int, c: int, w: int, p: int, pw: str, cult: str, cmd: str) -> str:
    """A faction row: blank delta columns, blank leech column."""
    return "\t\t".join([faction, f"{vp} VP", f"{c} C", f"{w} W", f"{p} P", f"{pw} PW", cult, cmd])


#: W, P, power bowls and cults of the factions of MINI_LEDGER at the start (20 VP, 15 C each).
MINI_START: dict[str, tuple[int, int, str, str]] = {
    "halflings": (3, 0, "3/9/0", "0/0/1/1"),
    "darklings": (1, 1, "5/7/0", "0/1/1/0"),
    "dwarves": (3, 0, "5/7/0", "0/0/2/0"),
    "mermaids": (3, 0, "3/9/0", "0/2/0/0"),
}

#: The setup of a real game (initial dwellings and bonus tiles), as a ledger of its own.
MINI_LEDGER = "\n".join(
    [
        *(
            f"option {option}"
            for option in (
                "strict-leech",
                "strict-darkling-sh",
                "strict-chaosmagician-sh",
                "errata-cultist-power",
                "mini-expansion-1",
                "shipping-bonus",
                "maintain-player-order",
            )
        ),
        "Round 1 scoring: SCORE8, TP >> 3",
        "Round 2 scoring: SCORE2, TOWN >> 5",
        "Round 3 scoring: SCORE1, SPADE >> 2",
        "Round 4 scoring: SCORE3, D >> 2",
        "Round 5 scoring: SCORE5, D >> 2",
        "Round 6 scoring: SCORE4, SA/SH >> 5",
        "Removing tile BON6",
        "Removing tile BON8",
        "Removing tile BON7",
        *(f"Player {n}: player{n}" for n in range(1, 5)),
        *(
            _ledger_row(faction, 20, 15, *MINI_START[faction], cmd)
            for faction, cmd in [
                *((faction, "setup") for faction in MINI_START),
                ("halflings", "build F7"),
                ("darklings", "build G5"),
                ("dwarves", "build F6"),
                ("mermaids", "build G6"),
                ("mermaids", "build D5"),
                ("dwarves", "build E7"),
                ("darklings", "build H5"),
                ("halflings", "build F5"),
                ("mermaids", "Pass BON1"),
                ("dwarves", "Pass BON5"),
                ("darklings", "Pass BON2"),
                ("halflings", "Pass BON3"),
            ]
        ),
    ]
)


def test_mini_ledger_row_format() -> None:
    ledger = parse_ledger(MINI_LEDGER)
    assert ledger.factions == ("halflings", "darklings", "dwarves", "mermaids")
    assert len(list(ledger.faction_rows())) == 16


def test_replay_snellman_self_made_ledger(tmp_path: Path) -> None:
    path = tmp_path / "mini.txt"
    path.write_text(MINI_LEDGER)
    result = run("replay", str(path), "--format", "snellman", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "scores": {"halflings": 20, "darklings": 20, "dwarves": 20, "mermaids": 20}
    }
    result = run("replay", str(path), "--format", "snellman", "--check")
    assert result.exit_code == 0, result.output
    assert "every row agrees" in result.stdout
    assert "mermaids" in result.stdout


def test_replay_snellman_refused_command(tmp_path: Path) -> None:
    path = tmp_path / "mini.txt"
    path.write_text(MINI_LEDGER.replace("build G5", "build F7"))  # F7 is the halflings'
    line = (
        MINI_LEDGER.splitlines().index(
            _ledger_row("darklings", 20, 15, 1, 1, "5/7/0", "0/1/1/0", "build G5")
        )
        + 1
    )
    result = run("replay", str(path), "-f", "snellman", "--check", "--json")
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout) == {
        "divergence": {
            "line": line,
            "faction": "darklings",
            "row": "build F7",
            "field": "error: F7 already has a building",
            "expected": None,
            "got": None,
        }
    }
    result = run("replay", str(path), "-f", "snellman", "--check")
    assert result.exit_code == 1
    assert f"line {line}" in result.stdout
    assert "F7 already has a building" in result.stdout


def test_replay_snellman_corpus_game(corpus_game: Path) -> None:
    result = run("replay", str(corpus_game), "--format", "snellman")
    assert result.exit_code == 0, result.output
    for faction, vp in {"darklings": 153, "engineers": 98, "nomads": 123, "witches": 126}.items():
        assert faction in result.stdout
        assert str(vp) in result.stdout


def test_replay_snellman_json_matches_manifest(corpus_game: Path) -> None:
    manifest = json.loads((SNELLMAN / "manifest.json").read_text())
    wanted = next(g for g in manifest["games"] if g["game_id"] == SNELLMAN_GAME)
    result = run("replay", str(corpus_game), "--format", "snellman", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"scores": wanted["factions_final_vp"]}


def test_replay_snellman_check_agrees(corpus_game: Path) -> None:
    result = run("replay", str(corpus_game), "--format", "snellman", "--check")
    assert result.exit_code == 0, result.output
    assert "every row agrees with the ledger" in result.stdout
    assert "153" in result.stdout


def test_replay_snellman_check_reports_a_changed_vp(corpus_game: Path, tmp_path: Path) -> None:
    ledger = load_ledger(corpus_game)
    row = next(r for r in ledger.rows if r.kind is RowKind.PLAYER and r.round == 3)
    assert row.state is not None
    lines = corpus_game.read_text().splitlines(keepends=True)
    old, new = f"\t{row.state.vp} VP\t", f"\t{row.state.vp + 7} VP\t"
    assert old in lines[row.line - 1]
    lines[row.line - 1] = lines[row.line - 1].replace(old, new)
    bad = tmp_path / "changed.txt"
    bad.write_text("".join(lines))

    result = run("replay", str(bad), "--format", "snellman", "--check", "--json")
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout) == {
        "divergence": {
            "line": row.line,
            "faction": row.faction,
            "row": row.text,
            "field": "vp",
            "expected": {"vp": row.state.vp + 7},
            "got": {"vp": row.state.vp},
        }
    }
    result = run("replay", str(bad), "--format", "snellman", "--check")
    assert result.exit_code == 1, result.output
    assert f"diverges at line {row.line}" in result.stdout
    assert row.text in result.stdout
    table_row = next(line for line in result.stdout.splitlines() if "│ vp " in line)
    cells = [cell.strip() for cell in table_row.split("│") if cell.strip()]
    assert cells == ["vp", str(row.state.vp + 7), str(row.state.vp)]
    # without --check: one error line naming the row, no scores, exit status 1
    for args in ([], ["--json"]):
        result = run("replay", str(bad), "--format", "snellman", *args)
        assert result.exit_code == 1, result.output
        assert result.stdout == ""
        lines_err = result.stderr.strip().splitlines()
        assert len(lines_err) == 1
        assert lines_err[0].startswith("error: ")
        assert f"line {row.line}" in lines_err[0]
        assert f"vp expected {row.state.vp + 7}, got {row.state.vp}" in lines_err[0]


def test_replay_snellman_missing_file() -> None:
    one_line_error(
        run("replay", "nowhere.txt", "--format", "snellman"), "cannot read ledger 'nowhere.txt'"
    )
    one_line_error(run("replay", "nowhere.txt", "-f", "snellman", "--check", "--json"), "nowhere")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"hello world\n", "not a Snellman ledger: line 1: unrecognised ledger line"),
        (b"", "not a Snellman ledger: no faction is set up"),
        (b"\xff\xfe\x00garbage", "not a Snellman ledger (not UTF-8 text)"),
        (b'{"format": "tabletop-record"}', "not a Snellman ledger"),
        (b"a\tb\tc\n", "expected 15 tab-separated fields"),
    ],
)
def test_replay_snellman_garbage(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "garbage.txt"
    path.write_bytes(content)
    one_line_error(run("replay", str(path), "--format", "snellman"), fragment)
    one_line_error(run("replay", str(path), "--format", "snellman", "--check"), "garbage.txt")


def test_replay_format_errors(finished: Path) -> None:
    one_line_error(run("replay", str(finished), "--format", "chess"), "unknown --format 'chess'")
    one_line_error(run("replay", str(finished), "--check"), "--check is for Snellman ledgers")
    one_line_error(
        run("replay", str(finished), "--format", "snellman", "--board"), "--board is for records"
    )
    result = run("replay", str(finished), "--format", "record", "--json")
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.stdout)) == {"scores", "ranks"}


# -- export ---------------------------------------------------------------------
@pytest.fixture
def tm_record(tmp_path: Path) -> Path:
    path = tmp_path / "tm.json"
    result = run(
        "play", "terra-mystica", "-s", "random,random,random", "--seed", "4", "--save", str(path)
    )
    assert result.exit_code == 0, result.output
    return path


def test_export_snellman_replays_row_by_row(tm_record: Path, tmp_path: Path) -> None:
    result = run("export", str(tm_record))
    assert result.exit_code == 0, result.output
    ledger = parse_ledger(result.stdout)
    assert [p.name for p in ledger.players] == ["random", "random", "random"]
    out = tmp_path / "tm.txt"
    result = run("export", str(tm_record), "--format", "snellman", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert out.read_text(encoding="utf-8") == run("export", str(tm_record)).stdout
    checked = run("replay", str(out), "--format", "snellman", "--check", "--json")
    assert checked.exit_code == 0, checked.output
    state = Record.load(tm_record).replay()
    expected = dict(zip(state.view(None)["factions"], state.scores(), strict=True))
    assert json.loads(checked.stdout)["scores"] == expected


def test_export_errors(tm_record: Path, finished: Path, tmp_path: Path) -> None:
    one_line_error(run("export", str(finished)), "only terra-mystica records")
    one_line_error(run("export", str(tm_record), "--format", "csv"), "unknown --format 'csv'")
    one_line_error(run("export", str(tmp_path / "none.json")), "cannot read record")
    bad = Record.load(tm_record)
    bad.actions.append((0, "build Z99"))
    bad.save(tmp_path / "bad.json")
    one_line_error(run("export", str(tmp_path / "bad.json")), "bad.json")
    one_line_error(
        run("export", str(tm_record), "-o", str(tmp_path / "no" / "dir.txt")), "cannot write"
    )


# -- seats played by the game: Scythe's Automa --------------------------------
def test_play_against_the_automa_shows_its_turn_step_by_step() -> None:
    result = run(
        "play",
        "scythe",
        "--seed",
        "0",
        "--seats",
        "me,automa:automaszyna",
        input="1\n1\n1\n1\nquit\nn\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "is the Automaszyna" in out
    assert "(Automa): draws card" in out
    assert "Automaszyna tracker at 1/18" in out


def test_simulate_against_the_automa_sets_its_seat_in_every_game() -> None:
    args = ["simulate", "scythe", "-p", "2", "-b", "random,automa:autometta", "-n", "4", "--json"]
    data = json.loads(run(*args).stdout)
    assert list(data["bots"]) == ["random", "automa:autometta"]
    assert sum(b["wins"] for b in data["bots"].values()) == pytest.approx(4)


def test_an_option_that_contradicts_the_automa_seat_is_refused() -> None:
    result = run("play", "scythe", "--seed", "0", "-s", "me,automa:automa", "-o", "automa=automa,-")
    assert result.exit_code == 2
    assert "disagrees with the seats" in result.stderr


# -- exit statuses and one-line errors ------------------------------------------
def _main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from tabletop.cli import main

    with pytest.raises(SystemExit) as done:
        main(args)
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["play", "--bogus"], "error: No such option: --bogus (see 'tabletop play --help')"),
        (["nothing"], "error: No such command 'nothing'."),
        (["simulate", "brian-boru"], "error: Missing option '--bots'"),
        (["simulate", "brian-boru", "-b", "random", "-n", "zero"], "error: Invalid value"),
    ],
)
def test_usage_errors_are_one_line(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = _main(args, capsys)
    assert code == 2 and fragment in err
    assert len(err.strip().splitlines()) == 1 and "╭" not in err


def test_help_and_version_exit_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert _main(["--version"], capsys)[0] == 0
    code, out, _ = _main([], capsys)
    assert code == 0 and "Usage" in out


def test_internal_errors_have_their_own_status(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import tabletop.cli as cli

    def broken(*_args: object, **_kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(cli, "game_ids", broken)
    code, _, err = _main(["games"], capsys)
    assert code == cli.INTERNAL_ERROR == 3
    assert err.startswith("internal error: ZeroDivisionError: a bug") and "Traceback" not in err


def test_replay_of_a_ledger_as_a_record_suggests_the_format(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("Round 1 income\n")
    one_line_error(run("replay", str(path)), "add --format snellman")


def test_automa_seats_name_their_difficulties() -> None:
    one_line_error(
        run("play", "scythe", "-s", "me,automa"), "one of automa:autometta, automa:automa"
    )
    one_line_error(
        run("play", "brian-boru", "-s", "me,automa:automa,random"),
        "Brian Boru has no seat for the bot",
    )


def test_game_end_shows_the_score_breakdown(tmp_path: Path) -> None:
    path = tmp_path / "bb.json"
    result = run(
        "play", "brian-boru", "-s", "random,greedy,random", "--seed", "3", "--save", str(path)
    )
    assert "Final score" in result.stdout and "Claim tokens" in result.stdout
    assert "Final score" in run("replay", str(path)).stdout


def test_undo_takes_back_a_move_that_revealed_nothing() -> None:
    result = run("play", "scythe", "-s", "me,me", "--seed", "1", input="1\nundo\nundo\nquit\nn\n")
    assert result.exit_code == 0, result.output
    assert "took back your last move" in result.stdout
    assert "cannot undo: nothing to take back" in result.stdout  # the second undo


def test_undo_refused_in_a_game_that_does_not_say_what_it_reveals() -> None:
    result = run("play", "sealed-bids", "-s", "me,random", "--seed", "1", input="undo\nquit\nn\n")
    assert "cannot undo" in result.stdout


# -- arena ----------------------------------------------------------------------
def test_arena_text_ranks_bots_with_intervals_and_ratings() -> None:
    result = run("arena", "sealed-bids", "-n", "6", "-b", "greedy,random,random")
    assert result.exit_code == 0, result.output
    for fragment in ("Win rate [95%]", "Mean score", "Rating", "greedy", "random#2", "6 games"):
        assert fragment in result.stdout
    assert result.stderr == ""  # no progress bar when stderr is not a terminal


def test_arena_json_rotates_seats_and_repeats_with_its_seed() -> None:
    args = ["arena", "sealed-bids", "-n", "9", "-b", "mcts:10,greedy,random", "--seed", "4"]
    data = json.loads(run(*args, "--json").stdout)
    assert data["games"] == data["finished"] == 9 and data["unfinished"] == 0
    assert [e["name"] for e in data["entrants"]] == ["mcts:10", "greedy", "random"]
    assert all(e["games"] == 9 for e in data["entrants"])
    assert sum(e["wins"] for e in data["entrants"]) == pytest.approx(9)
    for entrant in data["entrants"]:
        low, high = entrant["win_ci95"]
        assert 0 <= low <= entrant["win_rate"] <= high <= 1
        low, high = entrant["score_ci95"]
        assert low <= entrant["mean_score"] <= high
        assert set(entrant["rating"]) == {"mu", "sigma", "ordinal"}
        assert entrant["rating"]["sigma"] < 25 / 3  # rated: less uncertain than a newcomer
    again = json.loads(run(*args, "--json").stdout)
    assert again["entrants"] == data["entrants"]


def test_arena_workers_give_the_same_results() -> None:
    args = ["arena", "brian-boru", "-n", "4", "-b", "mcts:5,greedy,random", "--json"]
    one = json.loads(run(*args).stdout)
    two = json.loads(run(*args, "--workers", "2").stdout)
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_arena_schedule_rotates_seats_within_a_seed_block() -> None:
    from tabletop.table.arena import schedule

    games = schedule(["a", "b", "c"], 6, 10)
    assert [seed for _, seed, _ in games] == [10, 10, 10, 11, 11, 11]
    first_block = [seats for _, _, seats in games[:3]]
    for seat in range(3):
        assert sorted(seats[seat] for seats in first_block) == ["a", "b", "c"]


def test_arena_against_the_automa_sets_its_seat() -> None:
    args = ["arena", "scythe", "-n", "2", "-b", "random,automa:autometta", "--json"]
    result = run(*args, "--max-actions", "40")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["unfinished"] == 2  # cut short, but both seatings ran


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["arena", "nope", "-b", "random,random"], "unknown game 'nope'"),
        (["arena", "sealed-bids", "-b", "random,zeus"], "unknown bot 'zeus'"),
        (["arena", "sealed-bids", "-b", "random,mcts:fast"], "mcts takes easy, medium, hard"),
        (["arena", "sealed-bids", "-b", "random,greedy", "-p", "3"], "names 2 bots for 3"),
        (["arena", "sealed-bids", "-b", "random", "-p", "1"], "not 1"),
        (["arena", "brian-boru", "-b", "random,greedy"], "not 2"),
        (["arena", "sealed-bids", "-b", "random,random", "-o", "rounds=x"], "rounds"),
        (["arena", "brian-boru", "-b", "automa:automa,random,random"], "no seat for the bot"),
    ],
)
def test_arena_bad_arguments(args: list[str], fragment: str) -> None:
    one_line_error(run(*args), fragment)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["arena", "sealed-bids", "-b", "random,random", "-n", "0"], "--games"),
        (["arena", "sealed-bids", "-b", "random,random", "--workers", "0"], "--workers"),
    ],
)
def test_arena_usage_errors_are_one_line(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = _main(args, capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and fragment in err


def test_simulate_and_play_take_mcts_names(tmp_path: Path) -> None:
    data = json.loads(
        run("simulate", "sealed-bids", "-n", "2", "-b", "mcts:easy,random", "--json").stdout
    )
    assert data["finished"] == 2 and list(data["bots"]) == ["mcts:easy", "random"]
    save = tmp_path / "mcts.json"
    result = run("play", "sealed-bids", "--seats", "mcts:0.05s,mcts:10", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert Record.load(save).seats == ["mcts:0.05s", "mcts:10"]
    one_line_error(run("simulate", "sealed-bids", "-b", "mcts:2x,random"), "mcts takes easy")


def simulated(*extra: str) -> dict[str, Any]:
    args = ["simulate", "brian-boru", "-n", "6", "-b", "greedy,random,random", "--seed", "3"]
    data: dict[str, Any] = json.loads(run(*args, "--json", *extra).stdout)
    return data


def test_simulate_gives_the_same_results_with_any_number_of_workers() -> None:
    one, two = simulated("--workers", "1"), simulated("--workers", "2")
    assert (one["workers"], one["backend"], two["workers"], two["backend"]) == (
        1,
        "local",
        2,
        "processes",
    )
    assert one["bots"] == two["bots"] and one["finished"] == two["finished"] == 6


def test_simulate_on_ray_gives_the_same_results() -> None:
    if "CI" not in __import__("os").environ:
        pytest.importorskip("ray", reason="Ray is an optional extra (tabletop[ray])")
    on_ray = simulated("--workers", "2", "--ray", "local")
    assert on_ray["backend"] == "ray"
    assert on_ray["bots"] == simulated("--workers", "1")["bots"]


def test_simulate_writes_records_that_replay_to_the_same_scores(tmp_path: Path) -> None:
    from tabletop.engine import read_records

    data = simulated("--workers", "2", "--records", str(tmp_path / "set"))
    (path,) = (tmp_path / "set").iterdir()
    assert path.name == "brian-boru-seed3-n6.jsonl"
    records = list(read_records(path))
    assert [r.seed for r in records] == list(range(3, 9))
    greedy = 0.0
    for g, record in enumerate(records):
        assert record.seats == seating(["greedy", "random", "random"], g)
        outcome = record.replay().outcome()
        greedy += sum(
            Fraction(1, outcome.ranks.count(1))
            for seat, name in enumerate(record.seats)
            if name == "greedy" and outcome.ranks[seat] == 1
        )
    assert data["bots"]["greedy"]["wins"] == pytest.approx(float(greedy))


def test_simulate_refuses_records_it_cannot_write(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run(
        "simulate", "brian-boru", "-n", "1", "-b", "random", "-p", "3", "--records", str(blocker)
    )
    assert result.exit_code != 0 and "cannot write records" in result.stderr
