"""The ``tabletop`` command line: play, replay, simulate and rank bots (arena) in any game.

Everything shown to a person at the terminal comes from ``state.view(seat)``
of that person's seat (or the spectator view ``view(None)`` when only bots
play), from their own legal actions, or from the final outcome: the command
line never prints another seat's action text, because some actions (a
draft pick, a secret dial) are private.

Exit statuses:

====  ===================================================================================
0     done (``replay`` of an unfinished game included)
1     a Snellman ledger the engine does not replay in agreement with its rows
      (``tabletop replay --format snellman``): the ledger diverges
2     a user error: unknown game, bot or option, wrong player count, a bad record or
      ledger, a bad command line; one line ``error: ...`` on stderr
3     an internal error (a bug): one line ``internal error: ...`` on stderr
130   interrupted (Ctrl-C)
====  ===================================================================================
"""

from __future__ import annotations

import json
import os
import secrets
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TextIO

import typer
from rich.columns import Columns
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from tabletop import __version__
from tabletop.bots import bot_infos, make_bot
from tabletop.engine import (
    Action,
    Game,
    IllegalAction,
    NotationError,
    Outcome,
    Record,
    RecordError,
    Seat,
    State,
    TabletopError,
    game_ids,
    get_game,
)
from tabletop.engine.record import RESIGN
from tabletop.render import render_log, renderer_for
from tabletop.table import SeatSpec, TableSetup, game_options
from tabletop.table import Table as TableOfPlay
from tabletop.table import arena as arena_module
from tabletop.table.arena import seating
from tabletop.table.batch import Job, default_workers, record_lines
from tabletop.table.batch import run as run_batch

if TYPE_CHECKING:
    from tabletop.games.terra_mystica.ledger import FactionState, Ledger
    from tabletop.games.terra_mystica.replay import Divergence, ReplayResult

#: The seat name of a person at this terminal.
PERSON = "me"

#: Actions after which ``simulate`` gives up on a game (counted as unfinished).
MAX_ACTIONS = 5000

#: Exit status of every user error.
USAGE_ERROR = 2
#: Exit status of a bug: an exception no command expected.
INTERNAL_ERROR = 3
#: Exit status after Ctrl-C.
INTERRUPTED = 130

app = typer.Typer(
    name="tabletop",
    help="Modern strategy board games for people and programs.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)


# -- errors -------------------------------------------------------------------
class CliError(Exception):
    """A mistake in the command's arguments, explained in one line."""


def _fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn the errors a user can provoke into ``error: ...`` and exit status 2."""
    try:
        yield
    except (CliError, TabletopError) as exc:
        _fail(str(exc))


# -- shared helpers -----------------------------------------------------------
def parse_options(game: Game, items: Sequence[str] | None) -> dict[str, Any]:
    """``key=value`` strings to typed option values (checked later by the game)."""
    options: dict[str, Any] = {}
    for item in items or ():
        key, eq, raw = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise CliError(f"--option takes key=value, not {item!r}")
        options[key] = game.option(key).parse(raw.strip())
    return options


def load_record(path: Path) -> Record:
    """Read a record; errors name the file."""
    try:
        return Record.load(path)
    except RecordError as exc:
        message = str(exc)
        if message.startswith("not valid JSON"):
            message += " (a Snellman ledger? add --format snellman)"
        raise CliError(message if str(path) in message else f"{path}: {message}") from None


def table_of(record: Record, path: Path | None) -> TableOfPlay:
    """A table of the table service playing ``record``'s game, its moves so far replayed
    (people: the seats named ``me``; bots in seat i get seed derive_seed(seed, i))."""
    seats = tuple(
        SeatSpec.person(PERSON) if name == PERSON else SeatSpec.bot(name) for name in record.seats
    )
    table = TableOfPlay("terminal", TableSetup(record.game, seats, record.seed, record.options))
    for index, (seat, text) in enumerate(record.actions):
        try:
            if text == RESIGN:
                table.resign(seat)
            else:
                table.submit(seat, text, table.seq)
        except TabletopError as exc:
            where = f"{path}: " if path is not None else ""
            raise CliError(f"{where}action {index + 1} ({text!r} by seat {seat}): {exc}") from None
    return table


def replay_record(record: Record, path: Path | None) -> State:
    """Replay a record; errors name the file it came from."""
    try:
        return record.replay()
    except RecordError as exc:
        raise CliError(f"{path}: {exc}" if path is not None else str(exc)) from None


def _free_name(path: Path) -> Path:
    """``path`` if free, else the first of ``NAME-2.EXT``, ``NAME-3.EXT`` ... that is."""
    number = 2
    while True:
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        if not candidate.exists():
            return candidate
        number += 1


def parse_names(text: str, what: str) -> list[str]:
    """A comma-separated list of seat or bot names."""
    names = [name.strip() for name in text.split(",")]
    if not names or any(not name for name in names):
        raise CliError(f"{what} must be a comma-separated list of names, not {text!r}")
    return names


def check_bot(name: str) -> None:
    """Fail in one line if ``name`` is not a bot."""
    try:
        make_bot(name)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def with_seat_options(game: Game, names: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
    """``options`` plus what the seated bots need for their seats (an Automa seat:
    ``automa:automa`` in seat 2 of 2 sets ``automa=-,automa``): the table service's rule."""
    seats = tuple(SeatSpec.person(PERSON) if n == PERSON else SeatSpec.bot(n) for n in names)
    return game_options(TableSetup(game.id, seats, 0, options))


def unique_names(names: Sequence[str]) -> list[str]:
    """Seat names made distinct: the 2nd ``greedy`` becomes ``greedy#2``, and so on.

    >>> unique_names(["greedy", "me", "greedy", "greedy"])
    ['greedy', 'me', 'greedy#2', 'greedy#3']
    >>> unique_names(["a", "a#2", "a"])
    ['a', 'a#2', 'a#3']
    """
    taken = set(names)
    seen: dict[str, int] = {}
    result: list[str] = []
    for name in names:
        count = seen.get(name, 0) + 1
        seen[name] = count
        if count == 1:
            result.append(name)
            continue
        suffix = count
        while f"{name}#{suffix}" in taken:
            suffix += 1
        taken.add(f"{name}#{suffix}")
        result.append(f"{name}#{suffix}")
    return result


def _outcome_table(
    names: Sequence[str], scores: Sequence[int], ranks: Sequence[int] | None
) -> Table:
    table = Table(title="Result" if ranks is not None else "Scores so far", header_style="bold")
    table.add_column("Rank", justify="right")
    table.add_column("Seat", justify="right")
    table.add_column("Name")
    table.add_column("Score", justify="right")
    seats = list(range(len(names)))
    if ranks is not None:
        seats.sort(key=lambda s: (ranks[s], s))
    for seat in seats:
        table.add_row(
            str(ranks[seat]) if ranks is not None else "-",
            str(seat),
            Text(names[seat]),
            str(scores[seat]),
        )
    return table


def _breakdown_table(names: Sequence[str], outcome: Outcome) -> Table | None:
    """The final score by category (``outcome.details["breakdown"]``), a column per seat
    and a total row; ``None`` for a game that gives none."""
    rows = outcome.details.get("breakdown")
    if not isinstance(rows, list) or not rows:
        return None
    table = Table(title="Final score", header_style="bold")
    table.add_column("")
    for name in names:
        table.add_column(Text(name), justify="right")
    for label, values in rows:
        table.add_row(Text(str(label)), *(str(v) for v in values))
    table.add_section()
    table.add_row(Text("Total", style="bold"), *(str(v) for v in outcome.scores))
    return table


def _stdout() -> Console:
    """A console on the current stdout (tests swap stdout between commands)."""
    return Console(file=sys.stdout, highlight=False)


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.", is_eager=True)
    ] = False,
) -> None:
    """Modern strategy board games for people and programs."""
    if version:
        typer.echo(f"tabletop {__version__}")
        raise typer.Exit()


# -- tabletop serve -----------------------------------------------------------
@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every interface).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///FILE (default: $TABLETOP_DB, else sqlite:///tabletop.db)"
            " or postgresql+psycopg://USER:PASSWORD@HOST/NAME."
        ),
    ] = None,
) -> None:
    """Run the web server: accounts, lobby, live and correspondence games, bots, ratings
    (the API is documented at /docs; see docs/server.md)."""
    from tabletop.pages.run import serve  # the server's packages load only when serving

    with _user_errors():
        serve(host, port, db, announce=lambda line: _stdout().print(Text(line)))


# -- tabletop games -----------------------------------------------------------
@app.command("games")
def games_command() -> None:
    """List the registered games with their player counts and options."""
    console = _stdout()
    table = Table(header_style="bold")
    table.add_column("Game")
    table.add_column("Name")
    table.add_column("Players")
    table.add_column("Options (default)")
    for game_id in game_ids():
        game = get_game(game_id)
        options = "\n".join(
            f"{spec.name}={spec.default}"
            + (f" ({'/'.join(map(str, spec.choices))})" if spec.choices else "")
            + f": {spec.help}"
            for spec in game.options.values()
        )
        table.add_row(
            game_id, game.name, ", ".join(map(str, game.player_counts)), Text(options or "-")
        )
    console.print(table)
    bots = ", ".join(
        info.name + (f"[:{info.parameter}]" if info.parameter else "") for info in bot_infos()
    )
    console.print(Text(f"Bots: {bots}"))


# -- tabletop play ------------------------------------------------------------
HELP_TEXT = """\
Type the number of an action, or its text, then Enter.  Other commands:
  board        show your view of the game and your actions again
  log          show the whole game log as you see it
  undo         take back your last move of this turn (if it revealed nothing)
  save [FILE]  save the game record (default: {default})
  quit         stop (offers to save)
  help         this text"""


class _Quit(Exception):
    """The person stopped the game (quit, end of input)."""


@dataclass
class PlaySession:
    """One terminal game: bots move by themselves, people are prompted.

    What is printed for a person comes only from their own view; with no
    person at the table, from the spectator view.
    """

    #: The game, its record and its bots: the table service's (as on the server).
    table: TableOfPlay
    names: list[str]
    console: Console
    stdin: TextIO
    save_path: Path | None = None
    log_seen: dict[Seat | None, int] = field(default_factory=dict)
    current_person: Seat | None = None
    #: Files this session wrote (saving to them again needs no question).
    written: set[Path] = field(default_factory=set)

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def record(self) -> Record:
        return self.table.record

    @property
    def people(self) -> list[Seat]:
        return [s for s in range(len(self.names)) if not self.table.controlled_by_bot(s)]

    @property
    def default_save(self) -> Path:
        return self.save_path or Path(f"tabletop-{self.record.game}-{self.record.seed}.json")

    # -- output ---------------------------------------------------------------
    def say(self, message: str, style: str | None = None) -> None:
        self.console.print(Text(message, style=style or ""))

    def complain(self, message: str) -> None:
        """A one-line reason the input was not accepted."""
        self.say(f"! {message}", "red")

    def _log(self, observer: Seat | None) -> list[str]:
        view = self.state.view(observer)
        log = view.get("log") if isinstance(view, dict) else None
        return [str(entry) for entry in log] if isinstance(log, list) else []

    def show_new_log(self, observer: Seat | None) -> None:
        """Print the log entries of ``observer``'s view not printed yet.

        Logs are expected to grow; if one shrinks (a game trimming it), the
        whole log is taken as new.
        """
        log = self._log(observer)
        seen = self.log_seen.get(observer, 0)
        if seen > len(log):
            seen = 0
        if log[seen:]:
            self.console.print(render_log(log[seen:]))
        self.log_seen[observer] = len(log)

    def mark_log_seen(self) -> None:
        """Skip the log so far (a resumed game starts printing from here)."""
        for observer in [*self.people, None]:
            self.log_seen[observer] = len(self._log(observer))

    def observer(self) -> Seat | None:
        """Whose view is shown between turns: the only person, or the spectator."""
        people = self.people
        return people[0] if len(people) == 1 else None

    def show_board(self, seat: Seat) -> None:
        view = self.state.view(seat)
        self.console.print(renderer_for(self.record.game)(view))
        legal = self.state.legal_actions(seat)
        items = [
            Text(f"{i:>3}. ", style="cyan") + Text(self.state.describe(seat, a))
            for i, a in enumerate(legal, 1)
        ]
        if len(items) > 12:
            self.console.print(Columns(items, padding=(0, 3)))
        else:
            for item in items:
                self.console.print(item)

    def save(self, path: Path) -> bool:
        """Save the record to ``path``; a file this session did not write is overwritten
        only if the person says so (without an answer, another name is chosen)."""
        target = path
        if path.exists() and path.resolve() not in self.written:
            answer = self.confirm(f"{path} exists: overwrite it? [y/N] ", default=False)
            if not answer:
                target = _free_name(path)
                self.say(f"{path} is kept; saving to {target} instead")
        try:
            self.record.save(target)
        except OSError as exc:
            self.complain(f"cannot save to {target}: {exc.strerror}")
            return False
        self.written.add(target.resolve())
        self.say(f"saved the game to {target}")
        return True

    # -- input ----------------------------------------------------------------
    def confirm(self, prompt: str, *, default: bool) -> bool | None:
        """Yes or no (an empty line is ``default``; anything else is asked again);
        ``None`` at end of input."""
        while True:
            answer = self.ask(prompt)
            if answer is None:
                return None
            word = answer.strip().lower()
            if not word:
                return default
            if word in ("y", "yes"):
                return True
            if word in ("n", "no"):
                return False
            self.complain("answer y (yes) or n (no)")

    def ask(self, prompt: str) -> str | None:
        """One line from the person; ``None`` at end of input."""
        self.console.print(Text(prompt, style="bold"), end="")
        self.console.file.flush()
        line = self.stdin.readline()
        if not line:
            self.console.print()
            return None
        return line.rstrip("\r\n")

    # -- the game -------------------------------------------------------------
    def apply(self, seat: Seat, action: Action) -> None:
        self.table.submit(seat, str(action), self.table.seq)
        people = self.people
        if len(people) != 1 and seat in people:
            # Hot seat: the mover is still at the keyboard; show them what
            # their move revealed.  Others catch up on their own turn.
            self.show_new_log(seat)
        elif len(people) <= 1:
            self.show_new_log(self.observer())

    def resolve(self, seat: Seat, text: str) -> Action | None:
        """The action meant by ``text`` (a number or an action), or ``None`` after complaining."""
        legal = self.state.legal_actions(seat)
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.complain(f"there is no action {number}: type a number from 1 to {len(legal)}")
            return None
        normal = " ".join(text.split())
        for action in legal:
            if str(action) == normal:
                return action
        try:
            return self.state.game.parse_action(normal)
        except NotationError as exc:
            self.complain(f"cannot read {normal!r}: {exc} (type 'help' for help)")
            return None

    def person_turn(self, seat: Seat) -> None:
        """Prompt the person in ``seat`` until they make a legal move; _Quit to stop."""
        name = self.names[seat]
        if len(self.people) > 1 and self.current_person != seat:
            if self.current_person is not None:
                # Hot seat: hide the previous person's cards before the next one sits down.
                self.console.clear()
                if (
                    self.ask(f"pass the terminal to {name} (seat {seat}), then press Enter ")
                    is None
                ):
                    self.say("end of input")
                    self.quit()
            self.console.rule(Text(f"{name} (seat {seat}): your turn; others look away"))
        self.current_person = seat
        self.show_new_log(seat)
        self.show_board(seat)
        while True:
            line = self.ask(f"{name} (seat {seat}) > ")
            if line is None:  # Ctrl-D: leave as `quit` does, offering to save
                self.say("end of input")
                self.quit()
            text = line.strip()
            if not text:
                self.complain("type the number of an action, its text, or 'help'")
                continue
            if not any(str(a) == " ".join(text.split()) for a in self.state.legal_actions(seat)):
                command, _, argument = text.partition(" ")
                command = command.lower()
                if command in ("help", "?"):
                    self.say(HELP_TEXT.format(default=self.default_save))
                    continue
                if command == "board":
                    self.show_board(seat)
                    continue
                if command == "log":
                    self.console.print(render_log(self._log(seat)))
                    continue
                if command == "save":
                    self.save(Path(argument.strip()) if argument.strip() else self.default_save)
                    continue
                if command in ("quit", "exit"):
                    self.quit()
                if command == "undo":
                    self.undo(seat)
                    continue
            action = self.resolve(seat, text)
            if action is None:
                continue
            try:
                self.apply(seat, action)
            except IllegalAction as exc:
                self.complain(str(exc))
                continue
            return

    def undo(self, seat: Seat) -> None:
        """Take back the seat's last move of its turn (the table service's rule: never
        across something revealed or drawn)."""
        try:
            self.table.undo(seat, self.table.seq)
        except IllegalAction as exc:
            self.complain(f"cannot undo: {exc}")
            return
        self.say("took back your last move")
        self.show_board(seat)

    def quit(self) -> NoReturn:
        path = self.save_path or self.default_save
        answer = self.confirm(f"save the game to {path} before quitting? [Y/n] ", default=True)
        if answer or (answer is None and self.save_path is not None):
            # No answer at all (input closed): only a --save file is written.
            self.save(path)
        raise _Quit

    def run(self) -> None:
        game = self.state.game
        lineup = ", ".join(f"{seat}: {name}" for seat, name in enumerate(self.names))
        self.say(f"{game.name} (seed {self.record.seed}), seats {lineup}", "bold")
        try:
            while not self.state.is_over():
                to_move = self.state.to_move()
                if not to_move:
                    raise RuntimeError(f"{game.id}: game not over but nobody to move")
                seat = to_move[0]
                if self.table.controlled_by_bot(seat):
                    self.apply(seat, self.table.bot_for(seat).choose(self.state, seat))
                else:
                    self.person_turn(seat)
        except _Quit:
            return
        self.finish()

    def finish(self) -> None:
        observer = self.observer()
        self.show_new_log(observer)
        self.console.rule(Text("game over"))
        self.console.print(renderer_for(self.record.game)(self.state.view(observer)))
        outcome = self.state.outcome()
        self.console.print(_outcome_table(self.names, outcome.scores, outcome.ranks))
        breakdown = _breakdown_table(self.names, outcome)
        if breakdown is not None:
            self.console.print(breakdown)
        if self.save_path is not None:
            self.save(self.save_path)


# Options several commands share.
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON only.")]
GameOptions = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeat).")
]
BotPlayers = Annotated[
    int | None,
    typer.Option("--players", "-p", help="Player count (default: the number of --bots)."),
]
MaxActions = Annotated[
    int,
    typer.Option(min=1, help="Stop a game after this many actions and count it as unfinished."),
]
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="ADDRESS",
        help="Play the games as Ray tasks: 'local' starts Ray here with --workers "
        "processes; else a cluster's address ('auto', 'ray://head:10001').",
    ),
]


@app.command()
def play(
    game: Annotated[
        str | None,
        typer.Argument(help="Game id (see 'tabletop games'); may be left out with --load."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            help="Comma-separated seats in order: 'me' (a person here; several = hot seat) "
            "or a bot name. The player count is the number of seats.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the setup (default: a fresh random one).")
    ] = None,
    option: GameOptions = None,
    load: Annotated[
        Path | None,
        typer.Option(help="Resume this record (its setup; its seats unless --seats)."),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Save the record here at the end, on quit and at end of input."),
    ] = None,
) -> None:
    """Play a game at this terminal, against bots or hot seat.

    Bots in seat i get seed derive_seed(seed, i).  At your turn type an
    action's number or text, or help, board, log, save [FILE], quit.
    """
    with _user_errors():
        if load is not None:
            if seed is not None or option:
                raise CliError("--seed and --option cannot change a loaded record's setup")
            record = load_record(load)
            if game is not None and game != record.game:
                raise CliError(f"{load} is a {record.game!r} record, not {game!r}")
            if seats is not None:
                names = parse_names(seats, "--seats")
                if len(names) != len(record.seats):
                    raise CliError(
                        f"--seats names {len(names)} seats but the record has {len(record.seats)}"
                    )
                record.seats = names
        else:
            if game is None:
                raise CliError("name a game to play (see 'tabletop games') or --load a record")
            if seats is None:
                raise CliError("give --seats, e.g. --seats me,greedy,random")
            the_game = get_game(game)
            names = parse_names(seats, "--seats")
            options = with_seat_options(the_game, names, parse_options(the_game, option))
            options = the_game.check_setup(len(names), options)
            if seed is None:  # every game a new deal (the engine itself never draws one)
                seed = secrets.randbits(32)
            record = Record(game=game, seats=names, seed=seed, options=options)
        for name in record.seats:
            if name != PERSON:
                check_bot(name)
        table = table_of(record, load)
    session = PlaySession(
        table=table,
        names=unique_names(record.seats),
        console=_stdout(),
        stdin=sys.stdin,
        save_path=save,
    )
    if record.actions:
        session.mark_log_seen()
        session.say(f"resuming after {len(record.actions)} actions")
    try:
        session.run()
    except KeyboardInterrupt:
        session.say("interrupted")
        if save is not None:
            session.save(save)
        raise typer.Exit(130) from None


# -- tabletop replay ----------------------------------------------------------
#: What ``replay --format`` accepts.
REPLAY_FORMATS = ("record", "snellman")

#: Exit status of a Snellman replay that disagrees with its ledger.
DIVERGED = 1

#: Names of the compared fields of a Snellman ledger row, in the ledger's column order.
LEDGER_FIELDS = (
    "vp",
    "c",
    "w",
    "p",
    "power bowl I",
    "power bowl II",
    "power bowl III",
    "fire cult",
    "water cult",
    "earth cult",
    "air cult",
)


@app.command()
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help="A record saved by 'tabletop play', or a Snellman ledger (--format snellman)."
        ),
    ],
    file_format: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="record: a tabletop record (JSON); snellman: a Terra Mystica ledger "
            "exported by the Snellman site.",
        ),
    ] = "record",
    json_output: JsonFlag = False,
    board: Annotated[
        bool, typer.Option("--board", help="Also show the final spectator view (records).")
    ] = False,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Snellman: report the first row where the engine disagrees with the ledger.",
        ),
    ] = False,
) -> None:
    """Replay a record, or a Snellman ledger, and print the result.

    Seat names are the record's, made unique by suffixes: a second 'greedy'
    becomes 'greedy#2', a third 'greedy#3'.  --json prints
    {"scores": {name: score}, "ranks": {name: rank}}.  If the record stops
    before the end, the scores so far are printed with every rank null
    (text: 'not over'); the exit status is still 0.

    With --format snellman the ledger's commands are replayed by the Terra
    Mystica engine and its state is compared with the ledger after every
    row; the final VP of every faction are printed ({"scores": {faction:
    VP}} with --json).  If the engine disagrees with the ledger, the exit
    status is 1: --check reports the row, the fields that differ and both
    values (with --json: {"divergence": {"line", "faction", "row", "field",
    "expected", "got"}}); without --check one error line names the row.
    """
    with _user_errors():
        if file_format not in REPLAY_FORMATS:
            raise CliError(
                f"unknown --format {file_format!r} (choose {' or '.join(REPLAY_FORMATS)})"
            )
        if file_format == "snellman":
            if board:
                raise CliError("--board is for records, not Snellman ledgers")
            ledger = load_snellman(file)
            result = replay_snellman(ledger, file)
        elif check:
            raise CliError("--check is for Snellman ledgers (--format snellman)")
    if file_format == "snellman":
        _report_snellman(file, ledger, result, json_output=json_output, check=check)
        return
    with _user_errors():
        record = load_record(file)
        state = replay_record(record, file)
    names = unique_names(record.seats)
    over = state.is_over()
    outcome: Outcome | None = state.outcome() if over else None
    scores = list(outcome.scores) if outcome is not None else state.scores()
    ranks = list(outcome.ranks) if outcome is not None else None
    if json_output:
        result_json = {
            "scores": dict(zip(names, scores, strict=True)),
            "ranks": {
                name: (ranks[seat] if ranks is not None else None)
                for seat, name in enumerate(names)
            },
        }
        typer.echo(json.dumps(result_json))
        return
    console = _stdout()
    title = f"{state.game.name}, seed {record.seed}, {len(record.actions)} actions"
    console.print(Text(title, style="bold"))
    if board:
        console.print(renderer_for(record.game)(state.view(None)))
    if not over:
        waiting = ", ".join(names[s] for s in state.to_move())
        console.print(Text(f"not over: waiting for {waiting}"))
    console.print(_outcome_table(names, scores, ranks))
    if over:
        breakdown = _breakdown_table(names, state.outcome())
        if breakdown is not None:
            console.print(breakdown)


def load_snellman(path: Path) -> Ledger:
    """Read and parse a Snellman ledger; errors name the file."""
    from tabletop.games.terra_mystica.ledger import check_ledger, parse_ledger

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot read ledger {str(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a Snellman ledger (not UTF-8 text)") from None
    try:
        ledger = parse_ledger(text, name=path.stem)
    except NotationError as exc:
        raise CliError(f"{path}: not a Snellman ledger: {exc}") from None
    try:
        return check_ledger(ledger)
    except NotationError as exc:
        raise CliError(f"{path}: {exc}") from None


def replay_snellman(ledger: Ledger, path: Path) -> ReplayResult:
    """Replay a ledger through the Terra Mystica engine; errors name the file."""
    from tabletop.games.terra_mystica.replay import replay as replay_ledger

    try:
        return replay_ledger(ledger)
    except TabletopError as exc:
        raise CliError(f"{path}: {exc}") from None


def ledger_differences(expected: FactionState, actual: FactionState) -> list[tuple[str, int, int]]:
    """(field, expected, got) for every compared field where two ledger states differ."""

    def values(state: FactionState) -> tuple[int, ...]:
        return (
            state.vp,
            state.coins,
            state.workers,
            state.priests,
            *state.power,
            *state.cults,
        )

    return [
        (name, want, got)
        for name, want, got in zip(LEDGER_FIELDS, values(expected), values(actual), strict=True)
        if want != got
    ]


def divergence_json(divergence: Divergence) -> dict[str, Any]:
    """The first divergence as JSON: the row, the differing field(s), expected and got.

    ``field`` names the fields that differ, joined by ", " (``expected`` and ``got``
    then map each of them to its value); for a command the engine refused, ``field``
    is the error text (``"error: ..."``) and ``expected`` and ``got`` are null.
    """
    report: dict[str, Any] = {
        "line": divergence.line,
        "faction": divergence.faction,
        "row": divergence.text,
    }
    if divergence.expected is None or divergence.actual is None:
        report.update(field=divergence.reason, expected=None, got=None)
        return report
    diffs = ledger_differences(divergence.expected, divergence.actual)
    report.update(
        field=", ".join(name for name, _, _ in diffs),
        expected={name: want for name, want, _ in diffs},
        got={name: got for name, _, got in diffs},
    )
    return report


def divergence_line(divergence: Divergence) -> str:
    """The first divergence in one line."""
    where = f"line {divergence.line} ({divergence.faction} {divergence.text!r})"
    if divergence.expected is None or divergence.actual is None:
        return f"{where}: {divergence.reason}"
    diffs = ledger_differences(divergence.expected, divergence.actual)
    details = "; ".join(f"{name} expected {want}, got {got}" for name, want, got in diffs)
    return f"{where}: {details or 'state differs'}"


def _report_snellman(
    path: Path, ledger: Ledger, result: ReplayResult, *, json_output: bool, check: bool
) -> None:
    divergence = result.divergence
    if divergence is not None and not check:
        typer.echo(
            f"error: {path}: the replay diverges from the ledger at {divergence_line(divergence)}",
            err=True,
        )
        raise typer.Exit(DIVERGED)
    if divergence is not None:
        if json_output:
            typer.echo(json.dumps({"divergence": divergence_json(divergence)}))
            raise typer.Exit(DIVERGED)
        console = _stdout()
        console.print(
            Text(
                f"{ledger.name}: diverges at line {divergence.line} after "
                f"{result.agreeing} agreeing rows",
                style="bold",
            )
        )
        console.print(Text(f"row: {divergence.faction}  {divergence.text}"))
        if divergence.expected is None or divergence.actual is None:
            console.print(Text(f"field: {divergence.reason}"))
        else:
            table = Table(header_style="bold")
            table.add_column("Field")
            table.add_column("Expected", justify="right")
            table.add_column("Got", justify="right")
            for name, want, got in ledger_differences(divergence.expected, divergence.actual):
                table.add_row(name, str(want), str(got))
            console.print(table)
        raise typer.Exit(DIVERGED)
    scores = dict(result.final_vp)
    if json_output:
        typer.echo(json.dumps({"scores": scores}))
        return
    console = _stdout()
    title = f"{ledger.name}: Terra Mystica, Snellman ledger, {result.rows} faction rows"
    console.print(Text(title, style="bold"))
    if check:
        console.print(Text("every row agrees with the ledger"))
    table = Table(title="Final VP", header_style="bold")
    table.add_column("Rank", justify="right")
    table.add_column("Faction")
    table.add_column("VP", justify="right")
    ordered = sorted(scores.items(), key=lambda item: -item[1])
    for faction, vp in ordered:
        rank = 1 + sum(1 for other in scores.values() if other > vp)
        table.add_row(str(rank), faction, str(vp))
    console.print(table)


# -- tabletop export ------------------------------------------------------------
EXPORT_FORMATS = ("snellman",)


@app.command()
def export(
    file: Annotated[Path, typer.Argument(help="A Terra Mystica record saved by 'tabletop play'.")],
    file_format: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="snellman: a Terra Mystica ledger as the Snellman site exports it.",
        ),
    ] = "snellman",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write to this file (default: standard output)."),
    ] = None,
) -> None:
    """Export a game record in another format.

    --format snellman writes a Terra Mystica game as a Snellman ledger (header,
    one row per turn with each faction's state after it, the income and
    final scoring rows); 'tabletop replay LEDGER --format snellman --check'
    replays it row by row.
    """
    with _user_errors():
        if file_format not in EXPORT_FORMATS:
            raise CliError(
                f"unknown --format {file_format!r} (choose {' or '.join(EXPORT_FORMATS)})"
            )
        record = load_record(file)
        from tabletop.games.terra_mystica.export import export_ledger
        from tabletop.games.terra_mystica.game import TERRA_MYSTICA

        if record.game != TERRA_MYSTICA.id:
            raise CliError(
                f"{file}: a {record.game!r} record; only {TERRA_MYSTICA.id} records export "
                f"to a Snellman ledger"
            )
        try:
            text = export_ledger(record)
        except TabletopError as exc:
            raise CliError(f"{file}: {exc}") from None
        if output is not None:
            try:
                output.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise CliError(f"cannot write {str(output)!r}: {exc.strerror}") from None
    if output is None:
        typer.echo(text, nl=False)


# -- tabletop simulate ----------------------------------------------------------
def games_progress(*, quiet: bool) -> Progress:
    """The progress bar of many games, on standard error and only when it is a terminal
    (never with --json)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(file=sys.stderr),
        disable=quiet or not sys.stderr.isatty(),
        transient=True,
    )


@dataclass
class BotTally:
    """Totals of one bot name over a simulation."""

    wins: Fraction = Fraction(0)
    score_total: int = 0
    seat_games: int = 0

    @property
    def mean_score(self) -> float:
        return self.score_total / self.seat_games if self.seat_games else 0.0


def tally(
    results: Iterable[tuple[Sequence[str], Outcome]], order: Sequence[str] = ()
) -> dict[str, BotTally]:
    """Wins and scores per bot name, from (seat names, outcome) of each game.

    A first place shared by k seats gives each 1/k of a win; a bot name in
    several seats adds up over them (mean score is per seat-game).  Names
    in ``order`` come first, in that order.

    >>> out = Outcome(scores=(5, 5, 1), ranks=(1, 1, 3))
    >>> t = tally([(["greedy", "random", "random"], out)])
    >>> t["greedy"].wins, t["random"].wins, t["random"].mean_score
    (Fraction(1, 2), Fraction(1, 2), 3.0)
    """
    totals = {name: BotTally() for name in order}
    for names, outcome in results:
        winners = outcome.ranks.count(1)
        for seat, name in enumerate(names):
            entry = totals.setdefault(name, BotTally())
            entry.seat_games += 1
            entry.score_total += outcome.scores[seat]
            if outcome.ranks[seat] == 1:
                entry.wins += Fraction(1, winners)
    return totals


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game id (see 'tabletop games').")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="One bot name for every seat, or exactly one name per seat, comma-separated.",
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    players: BotPlayers = None,
    seed: Annotated[int, typer.Option(help="Game g (from 0) uses seed SEED+g.")] = 0,
    json_output: JsonFlag = False,
    option: GameOptions = None,
    max_actions: MaxActions = MAX_ACTIONS,
    workers: Annotated[
        int | None,
        typer.Option(min=1, max=256, help="Processes playing games at once (default: every core)."),
    ] = None,
    ray: RayAddress = None,
    records: Annotated[
        Path | None,
        typer.Option(metavar="DIR", help="Write every game's record to DIR, one JSON line a game."),
    ] = None,
) -> None:
    """Play bots against each other and report wins and mean scores per bot.

    Seats rotate: in game g the bot listed k-th sits in seat (k+g) mod P,
    the game's seed is SEED+g, and the bot in seat i gets seed
    derive_seed(SEED+g, i).  A first place shared by k seats counts 1/k win
    each; a bot named in several seats is totalled per name.  A game still
    running after --max-actions actions is reported as unfinished and left
    out of the wins and scores.  The results are the same with any number of
    workers and on Ray.  --records writes DIR/GAME-seedSEED-nGAMES.jsonl
    (read it back with tabletop.engine.read_records).
    """
    with _user_errors():
        the_game = get_game(game)
        names = parse_names(bots, "--bots")
        for name in dict.fromkeys(names):
            check_bot(name)
        if players is None:
            if len(names) == 1:
                counts = ", ".join(map(str, the_game.player_counts))
                raise CliError(f"give --players ({the_game.name} is played by {counts} players)")
            players = len(names)
        if len(names) == 1:
            names = names * players
        elif len(names) != players:
            raise CliError(
                f"--bots names {len(names)} bots for {players} players (give 1 or {players})"
            )
        options = parse_options(the_game, option)
        the_game.check_setup(players, with_seat_options(the_game, names, options))
        jobs = [
            Job(g, game, seed + g, tuple(seating(names, g)), options, max_actions, bool(records))
            for g in range(games)
        ]
        processes = min(workers or default_workers(), games)
        progress = games_progress(quiet=json_output)
        start = time.perf_counter()
        with progress:
            task = progress.add_task(f"{the_game.name}", total=games)
            played = run_batch(
                jobs, workers=processes, ray=ray, progress=lambda _: progress.advance(task)
            )
        if records is not None:
            path = records / f"{game}-seed{seed}-n{games}.jsonl"
            try:
                records.mkdir(parents=True, exist_ok=True)
                path.write_text("".join(line + "\n" for line in record_lines(played)))
            except OSError as exc:
                raise CliError(f"cannot write records to {str(path)!r}: {exc.strerror}") from None
        results = [
            (list(p.bots), Outcome(scores=p.scores, ranks=p.ranks))
            for p in played
            if p.scores is not None and p.ranks is not None
        ]
        unfinished = games - len(results)
        elapsed = time.perf_counter() - start
    per_second = games / elapsed if elapsed > 0 else float("inf")
    totals = tally(results, order=names)
    finished = games - unfinished
    if json_output:
        report = {
            "games": games,
            "finished": finished,
            "unfinished": unfinished,
            "games_per_second": round(per_second, 3),
            "workers": processes,
            "backend": "ray" if ray is not None else "processes" if processes > 1 else "local",
            "bots": {
                name: {"wins": float(t.wins), "mean_score": t.mean_score}
                for name, t in totals.items()
            },
        }
        typer.echo(json.dumps(report))
        return
    console = _stdout()
    console.print(
        Text(f"{the_game.name}: {games} games, {players} players, seeds {seed}..{seed + games - 1}")
    )
    table = Table(header_style="bold")
    table.add_column("Bot")
    table.add_column("Seat-games", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Win share", justify="right")
    table.add_column("Mean score", justify="right")
    for name, t in totals.items():
        table.add_row(
            Text(name),
            str(t.seat_games),
            f"{float(t.wins):g}",
            f"{float(t.wins) / finished:.1%}" if finished else "-",
            f"{t.mean_score:.2f}",
        )
    console.print(table)
    if unfinished:
        console.print(
            Text(
                f"{unfinished} of {games} games unfinished after {max_actions} actions"
                " (not counted above)",
                style="yellow",
            )
        )
    where = "on Ray" if ray is not None else f"{processes} process{'es' if processes > 1 else ''}"
    console.print(Text(f"{games} games in {elapsed:.2f} s ({per_second:.1f} games/s, {where})"))


# -- tabletop arena -------------------------------------------------------------
@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="Game id (see 'tabletop games').")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots", "-b", help="One bot per seat, comma-separated (e.g. mcts:easy,greedy)."
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 20,
    players: BotPlayers = None,
    seed: Annotated[int, typer.Option(help="Game g uses seed SEED + g // players.")] = 0,
    json_output: JsonFlag = False,
    option: GameOptions = None,
    workers: Annotated[
        int, typer.Option(min=1, max=256, help="Processes playing games at once.")
    ] = 1,
    ray: RayAddress = None,
    max_actions: MaxActions = MAX_ACTIONS,
) -> None:
    """Rank bots: many games, seats and deals rotated, win rates and mean scores with 95%
    intervals, and OpenSkill (Plackett-Luce) ratings.

    Games come in blocks of P (the player count) on one seed: in game g the seed is
    SEED + g // P and the bot listed k-th sits in seat (k + g) mod P, so each bot plays
    each seat, and the faction and mat dealt to it, once per block.  A bot named twice is
    reported as two entrants (greedy, greedy#2).  --workers N plays games in N processes;
    the results are the same as with one.
    """
    with _user_errors():
        the_game = get_game(game)
        names = parse_names(bots, "--bots")
        for name in dict.fromkeys(names):
            check_bot(name)
        if players is None:
            players = len(names)
        if players not in the_game.player_counts:
            counts = ", ".join(map(str, the_game.player_counts))
            raise CliError(f"{the_game.name} is played by {counts} players, not {players}")
        if len(names) != players:
            raise CliError(
                f"--bots names {len(names)} bots for {players} players (name one bot per seat)"
            )
        options = parse_options(the_game, option)
        the_game.check_setup(players, with_seat_options(the_game, names, options))
        entrants = unique_names(names)
        bot_of = dict(zip(entrants, names, strict=True))
        progress = games_progress(quiet=json_output)
        start = time.perf_counter()
        with progress:
            task = progress.add_task(f"{the_game.name} arena", total=games)
            results = arena_module.run_games(
                game,
                entrants,
                bot_of,
                games,
                seed,
                options,
                max_actions,
                workers=workers,
                progress=lambda _: progress.advance(task),
                ray=ray,
            )
        elapsed = time.perf_counter() - start
    rows = arena_module.report(entrants, bot_of, results)
    unfinished = sum(1 for r in results if r.ranks is None)
    if json_output:
        typer.echo(
            json.dumps(
                {
                    "game": game,
                    "players": players,
                    "games": games,
                    "finished": games - unfinished,
                    "unfinished": unfinished,
                    "seed": seed,
                    "options": options,
                    "entrants": [row.to_json() for row in rows],
                    "seconds": round(elapsed, 3),
                }
            )
        )
        return
    console = _stdout()
    last_seed = seed + (games - 1) // players
    console.print(
        Text(f"{the_game.name}: {games} games, {players} players, seeds {seed}..{last_seed}")
    )
    table = Table(header_style="bold")
    for title in ("Bot", "Games", "Wins", "Win rate [95%]", "Mean score ± 95%", "Rating", "Ord."):
        table.add_column(title, justify="left" if title == "Bot" else "right")
    for row in sorted(rows, key=lambda r: -r.ordinal):
        table.add_row(
            Text(row.name),
            str(row.games),
            f"{row.wins:g}",
            f"{row.win_rate:.0%} [{row.win_low:.0%}-{row.win_high:.0%}]",
            f"{row.mean_score:.1f} ± {(row.score_high - row.score_low) / 2:.1f}",
            f"{row.mu:.1f}±{row.sigma:.1f}",
            f"{row.ordinal:.1f}",
        )
    console.print(table)
    if unfinished:
        console.print(
            Text(
                f"{unfinished} of {games} games unfinished after {max_actions} actions"
                " (not counted above)",
                style="yellow",
            )
        )
    console.print(Text(f"{games} games in {elapsed:.1f} s ({workers} worker(s))"))


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``tabletop`` console script and ``python -m tabletop``.

    Every way a command can end has its own exit status (see the module docstring):
    click's usage errors become the same one-line ``error: ...`` as the commands' own,
    and an unexpected exception is reported in one line as an internal error (the
    traceback follows only with ``TABLETOP_DEBUG=1``).
    """
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        code = app(args=args, prog_name="tabletop", standalone_mode=False)
    except typer.TyperException as exc:  # click's usage errors, as Typer ships them
        context = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and context is not None:
            typer.echo(context.get_help())  # `tabletop` alone: the help
            code = 0
        else:
            where = context.command_path if context is not None else "tabletop"
            typer.echo(f"error: {exc.format_message()} (see '{where} --help')", err=True)
            code = USAGE_ERROR
    except typer.Abort:
        typer.echo("interrupted", err=True)
        code = INTERRUPTED
    except Exception as exc:
        if os.environ.get("TABLETOP_DEBUG"):
            raise
        name = type(exc).__name__
        typer.echo(
            f"internal error: {name}: {' '.join(str(exc).split())[:200]} (a bug: please report it; "
            "TABLETOP_DEBUG=1 shows the traceback)",
            err=True,
        )
        code = INTERNAL_ERROR
    sys.exit(code if isinstance(code, int) else 0)
