"""A table: one game with its seats, its bots, its clocks and its undo policy.

The table is the authority over one game (boardgame.io's *master*): every move passes
through :meth:`Table.submit`, which checks in this order who is asking (the seat), whether
they saw the current position (the sequence number their move was made on), the action's
text and its legality, then applies it and writes it to the journal before answering.
The table knows no socket and no SQL: the journal it writes to is injected, and so is the
clock (``now``), so the same class serves the terminal, the tests and the server.

Everything about a table is its :class:`TableSetup` plus its journal's entries: loading a
table replays them (:meth:`Table.load`).  The game record (setup, seed, the moves that
stand) is :attr:`Table.record`; it holds the seed and every seat's hidden choices, so it
never leaves the server while the game runs (see :func:`tabletop.engine.record`'s public
record for what may be shown).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop.bots import Bot, bot_infos, derive_seed, make_bot, seat_options
from tabletop.engine import JSON, Action, IllegalAction, OptionError, Record, Seat, State, get_game
from tabletop.table.errors import DuplicateMove, JournalConflict, StaleMove, TableError
from tabletop.table.journal import Entry, EntryKind, Journal, MemoryJournal
from tabletop.table.seats import SeatSpec, TimeControl

#: The bot that plays for a person who is away or out of time, unless the setup names one.
DEFAULT_STAND_IN = "greedy"


@dataclass(frozen=True)
class TableSetup:
    """What a table is created with; with the journal, everything needed to rebuild it."""

    game: str
    seats: tuple[SeatSpec, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    time_control: TimeControl = field(default_factory=TimeControl)
    #: A person may take back their own moves within their turn (see :meth:`Table.undo`).
    undo: bool = True
    #: Plays for a person who is away or out of time.
    stand_in: str = DEFAULT_STAND_IN
    rated: bool = False

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "seats": [seat.to_json() for seat in self.seats],
            "seed": self.seed,
            "options": dict(self.options),
            "time_control": str(self.time_control),
            "undo": self.undo,
            "stand_in": self.stand_in,
            "rated": self.rated,
        }

    @classmethod
    def from_json(cls, data: Any) -> TableSetup:
        if not isinstance(data, dict):
            raise TableError("a table setup is an object")
        try:
            game, seats, seed = data["game"], data["seats"], data["seed"]
        except KeyError as exc:
            raise TableError(f"a table setup needs {exc.args[0]!r}") from None
        options = data.get("options", {})
        flags = {"undo": data.get("undo", True), "rated": data.get("rated", False)}
        stand_in = data.get("stand_in", DEFAULT_STAND_IN)
        if not isinstance(game, str) or not isinstance(seats, list) or not seats:
            raise TableError("a table setup names its game and lists its seats")
        if type(seed) is not int or not isinstance(options, dict) or not isinstance(stand_in, str):
            raise TableError("a table setup's seed is an integer and its options an object")
        if not all(isinstance(flag, bool) for flag in flags.values()):
            raise TableError("a table setup's undo and rated are true or false")
        clock = data.get("time_control", "none")
        if not isinstance(clock, str):
            raise TableError("a table setup's time control is text such as 'move:3d'")
        return cls(
            game,
            tuple(SeatSpec.from_json(seat) for seat in seats),
            seed,
            options,
            TimeControl.parse(clock),
            undo=flags["undo"],
            stand_in=stand_in,
            rated=flags["rated"],
        )


def _bot(name: str, seed: int) -> Bot:
    try:
        return make_bot(name, seed)
    except ValueError as exc:
        raise TableError(str(exc)) from None


def game_options(setup: TableSetup) -> dict[str, Any]:
    """The setup's options plus what its bots need for their seats (an Automa seat sets
    Scythe's ``automa`` option); TableError when the two disagree."""
    game = get_game(setup.game)
    bots = [None if seat.is_person else _bot(seat.name, 0) for seat in setup.seats]
    merged = dict(setup.options)
    for key, raw in seat_options(bots).items():
        if key not in game.options:  # e.g. an Automa seat in a game without one
            bot = next(b for b in bots if b is not None and (b.seat_option() or ("",))[0] == key)
            family = bot.name.partition(":")[0]
            about = next((info.help for info in bot_infos() if info.name == family), "")
            raise TableError(f"{game.name} has no seat for the bot {bot.name!r}: {about}")
        value = game.option(key).parse(raw)
        if key in merged and merged[key] != value:
            raise TableError(f"option {key}={merged[key]!r} disagrees with the seats ({raw})")
        merged[key] = value
    return merged


@dataclass
class _Turn:
    """The moves a seat may still take back: the positions before each of them."""

    seat: Seat | None = None
    before: list[State] = field(default_factory=list)

    def clear(self) -> None:
        self.seat = None
        self.before.clear()


class Table:
    """One game being played (see the module docstring)."""

    def __init__(
        self,
        table_id: str,
        setup: TableSetup,
        *,
        journal: Journal | None = None,
        now: Callable[[], float] = time.time,
        created: float | None = None,
    ) -> None:
        self.id = table_id
        self.setup = setup
        self.journal: Journal = journal if journal is not None else MemoryJournal()
        self.now = now
        self.game = get_game(setup.game)
        try:
            options = game_options(setup)
            self.state: State = self.game.new_state(len(setup.seats), options, setup.seed)
        except OptionError as exc:
            raise TableError(str(exc)) from None
        names = [seat.name or f"seat {index}" for index, seat in enumerate(setup.seats)]
        self.record = Record(setup.game, names, setup.seed, options)
        #: Every entry so far (the journal's, for this table).
        self.log: list[Entry] = []
        #: Who was to move after each entry (movers before entry ``i`` are ``_movers[i]``).
        self._movers: list[tuple[Seat, ...]] = [tuple(self.state.to_move())]
        self._turn = _Turn()
        self._bots: dict[Seat, Bot] = {}
        #: People whose stand-in bot plays for them now.
        self.away: set[Seat] = set()
        #: Seconds each bot's decision may take (``None``: no limit; see ``Bot.time_budget``).
        self.bot_budget: float | None = None
        # Clocks: when each awaited seat started thinking, and a game clock's time left.
        start = self.now() if created is None else created
        self._waiting_since: dict[Seat, float] = dict.fromkeys(self.state.to_move(), start)
        self._left: list[float] = [setup.time_control.seconds] * len(setup.seats)

    # -- loading -----------------------------------------------------------------------
    @classmethod
    def load(
        cls,
        table_id: str,
        setup: TableSetup,
        journal: Journal,
        *,
        now: Callable[[], float] = time.time,
        created: float | None = None,
        snapshot: JSON | None = None,
    ) -> Table:
        """The table as its journal left it (a restart, another server process); from a
        :meth:`snapshot` the journal is replayed only after the snapshot's entry."""
        table = cls(table_id, setup, journal=journal, now=now, created=created)
        if snapshot is not None:
            table._restore(snapshot)
        table.catch_up()
        return table

    def snapshot(self) -> JSON:
        """The table after its last entry, to load it without replaying the game (a cache:
        moves that could be taken back before it cannot be after loading from it)."""
        return {
            "seq": self.seq,
            "state": self.state.to_json(),
            "actions": [[seat, text] for seat, text in self.record.actions],
            "away": sorted(self.away),
            "waiting_since": [[seat, at] for seat, at in sorted(self._waiting_since.items())],
            "left": list(self._left),
        }

    def _restore(self, data: JSON) -> None:
        seq = data["seq"]
        entries = self.journal.entries(self.id)[:seq]
        if len(entries) != seq:
            raise TableError(f"snapshot of table {self.id} is ahead of its journal")
        self.state = self.game.state_from_json(data["state"])
        self.record.actions = [(seat, text) for seat, text in data["actions"]]
        self.log = entries
        # Who was to move before the snapshot is forgotten: older moves are simply stale.
        self._movers = [()] * seq + [tuple(self.state.to_move())]
        self.away = set(data["away"])
        self._waiting_since = {seat: at for seat, at in data["waiting_since"]}
        self._left = list(data["left"])

    def catch_up(self) -> int:
        """Apply the journal's entries this copy has not seen (written by another process);
        returns how many there were."""
        entries = self.journal.entries(self.id, after=len(self.log))
        for entry in entries:
            self._replay(entry)
        return len(entries)

    def _replay(self, entry: Entry) -> None:
        if entry.seq != len(self.log) + 1:
            have = len(self.log)
            raise TableError(f"journal of table {self.id} skips from {have} to {entry.seq}")
        if entry.kind == "move":
            self._commit_move(entry.seat, self.game.parse_action(entry.text), entry)
        elif entry.kind == "undo":
            self._commit_undo(entry.seat, int(entry.text), entry)
        else:
            self._commit_other(entry)

    # -- what a client may ask ----------------------------------------------------------
    @property
    def seq(self) -> int:
        """How many entries the table has: the number a move must be made on."""
        return len(self.log)

    @property
    def players(self) -> int:
        return len(self.setup.seats)

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` may see (``None``: a spectator)."""
        return self.state.view(seat)

    def view_text(self, seat: Seat | None) -> str:
        """:meth:`view` as JSON text (see :meth:`tabletop.engine.State.view_text`)."""
        return self.state.view_text(seat)

    def to_move(self) -> list[Seat]:
        return self.state.to_move()

    def is_over(self) -> bool:
        return self.state.is_over()

    def controlled_by_bot(self, seat: Seat) -> bool:
        """Whether a bot plays ``seat`` now (a bot's seat, or an away person's)."""
        return not self.setup.seats[seat].is_person or seat in self.away

    # -- moves --------------------------------------------------------------------------
    def submit(self, seat: Seat, text: str, seq: int) -> Entry:
        """Play ``text`` for ``seat`` on the position after entry ``seq``.

        Raises (and changes nothing): SeatError for a bad seat, StaleMove if the table has
        moved on in a way that concerns the seat (DuplicateMove if this very move was
        already played), NotationError for unreadable text, IllegalAction for an illegal
        move.  Moves of other seats in a decision taken at once (a draft, combat dials) do
        not make a seat's own choice stale.
        """
        self.state.check_seat(seat)
        action = self.game.parse_action(text)
        self._check_fresh(seat, seq, str(action))
        # The position before the move is kept only where it may be needed again: to take
        # the move back (people, when the table allows it).  A bot's move is not copied.
        before = self.state.copy() if self._may_undo(seat) else None
        self.state.apply(seat, action)  # IllegalAction leaves the state as it was
        entry = Entry(len(self.log) + 1, seat, "move", str(action), self.now())
        try:
            self.journal.append(self.id, entry, self.state.to_move())
        except JournalConflict:
            self._rebuild()  # another process wrote this number first: its game stands
            raise StaleMove("the table has moved on: look at it again") from None
        self._after_move(seat, action, before, entry)
        return entry

    def _may_undo(self, seat: Seat) -> bool:
        return self.setup.undo and not self.controlled_by_bot(seat)

    def _rebuild(self) -> None:
        """This copy from the journal alone (after a move that could not be written)."""
        fresh = Table.load(self.id, self.setup, self.journal, now=self.now)
        self.__dict__.update(
            {
                key: value
                for key, value in fresh.__dict__.items()
                if key not in ("_bots", "bot_budget")  # this copy's bots and their time
            }
        )

    def _check_fresh(self, seat: Seat, seq: int, text: str) -> None:
        if type(seq) is not int:
            raise TableError("a move carries the sequence number of the position it was made on")
        if seq > len(self.log):
            self.catch_up()  # the client saw a position another process wrote
        current = len(self.log)
        if seq == current:
            return
        if not 0 <= seq < current:
            raise StaleMove(f"there is no position {seq} at this table (it is at {current})")
        first = self.log[seq]
        if first.kind == "move" and first.seat == seat and first.text == text:
            raise DuplicateMove(f"this move was already played (entry {first.seq})")
        for index in range(seq, current):
            entry = self.log[index]
            simultaneous = (
                entry.kind == "move"
                and entry.seat != seat
                and seat in self._movers[index]
                and seat in self._movers[index + 1]
            )
            if not simultaneous:
                raise StaleMove(
                    f"the table has moved on since position {seq} (it is at {current}):"
                    " look at it again"
                )

    def _commit_move(self, seat: Seat, action: Action, entry: Entry) -> None:
        before = self.state.copy() if self._may_undo(seat) else None
        self.state.apply(seat, action)
        self._after_move(seat, action, before, entry)

    def _after_move(self, seat: Seat, action: Action, before: State | None, entry: Entry) -> None:
        self.record.add(seat, action)
        self.log.append(entry)
        # Undo: a seat may take back its moves while its turn goes on and nothing hidden
        # was revealed nor drawn at random (the game's information epoch is unchanged).
        turn = self._turn
        if (
            before is None
            or seat not in self.state.to_move()
            or before.information_epoch() != self.state.information_epoch()
        ):
            turn.clear()
        else:
            if turn.seat != seat:
                turn.clear()
                turn.seat = seat
            turn.before.append(before)
        self._clock_after(seat, entry.at, charged=True)

    def undoable(self, seat: Seat) -> int:
        """How many of its own last moves ``seat`` may take back now."""
        return len(self._turn.before) if self._turn.seat == seat else 0

    def undo(self, seat: Seat, seq: int, count: int = 1) -> Entry:
        """Take back ``seat``'s last ``count`` moves (see :meth:`undoable`); IllegalAction
        saying why when it may not, StaleMove if the table has moved on since ``seq``."""
        self.state.check_seat(seat)
        if type(seq) is int and seq > len(self.log):
            self.catch_up()  # the client saw a position another process wrote
        if type(seq) is not int or seq != len(self.log):
            raise StaleMove("the table has moved on: look at it again")
        if type(count) is not int or count < 1:
            raise TableError("undo takes back at least one move")
        available = self.undoable(seat)
        if available < count:
            raise IllegalAction(self._why_no_undo(seat, available))
        entry = Entry(len(self.log) + 1, seat, "undo", str(count), self.now())
        self._append(entry, self._turn.before[-count].to_move())
        self._commit_undo(seat, count, entry)
        return entry

    def _why_no_undo(self, seat: Seat, available: int) -> str:
        if available:
            return f"only your last {available} move(s) can be taken back"
        if not self.setup.undo:
            return "this table does not allow taking moves back"
        if seat not in self.state.to_move():
            return "only moves of your turn in progress can be taken back"
        return "nothing to take back: your turn has revealed or drawn something since"

    def _commit_undo(self, seat: Seat, count: int, entry: Entry) -> None:
        if self.undoable(seat) < count:
            raise TableError(f"journal of table {self.id}: entry {entry.seq} undoes too much")
        self.state = self._turn.before[-count]
        del self._turn.before[-count:]
        del self.record.actions[-count:]
        self.log.append(entry)
        self._clock_after(seat, entry.at, charged=False)

    def resign(self, seat: Seat) -> Entry:
        """``seat`` leaves the game by the game's own rule (IllegalAction if it has none)."""
        self.state.check_seat(seat)
        after = self.state.copy()
        after.resign(seat)  # refused here changes nothing
        entry = Entry(len(self.log) + 1, seat, "resign", "", self.now())
        self._append(entry, after.to_move())
        self._commit_other(entry)
        return entry

    def go_away(self, seat: Seat, reason: str = "left") -> Entry:
        """A person leaves or runs out of time: their stand-in bot plays for them."""
        self.state.check_seat(seat)
        if not self.setup.seats[seat].is_person:
            raise TableError(f"seat {seat} is a bot's")
        if seat in self.away:
            raise TableError(f"seat {seat} is already played by its stand-in")
        entry = Entry(len(self.log) + 1, seat, "away", reason, self.now())
        self._append(entry, self.state.to_move())
        self._commit_other(entry)
        return entry

    def come_back(self, seat: Seat) -> Entry:
        """A person who was away takes their seat back."""
        self.state.check_seat(seat)
        if seat not in self.away:
            raise TableError(f"seat {seat} is not away")
        entry = Entry(len(self.log) + 1, seat, "back", "", self.now())
        self._append(entry, self.state.to_move())
        self._commit_other(entry)
        return entry

    def _append(self, entry: Entry, to_move: list[Seat]) -> None:
        try:
            self.journal.append(self.id, entry, to_move)
        except JournalConflict:
            self.catch_up()
            raise StaleMove("the table has moved on: look at it again") from None

    def _commit_other(self, entry: Entry) -> None:
        if entry.kind == "resign":
            self.state.resign(entry.seat)
            self.record.add_resign(entry.seat)
            self._turn.clear()
        elif entry.kind == "away":
            self.away.add(entry.seat)
        elif entry.kind == "back":
            self.away.discard(entry.seat)
        self.log.append(entry)
        self._clock_after(entry.seat, entry.at, charged=False)

    # -- bots ----------------------------------------------------------------------------
    def bot_for(self, seat: Seat) -> Bot:
        """The bot that plays ``seat`` (its own, or a person's stand-in), built once."""
        bot = self._bots.get(seat)
        if bot is None:
            spec = self.setup.seats[seat]
            name = self.setup.stand_in if spec.is_person else spec.name
            bot = self._bots[seat] = _bot(name, derive_seed(self.setup.seed, seat))
            bot.time_budget = self.bot_budget
        return bot

    def bots_to_move(self) -> list[Seat]:
        return [seat for seat in self.state.to_move() if self.controlled_by_bot(seat)]

    def play_bots(self, max_moves: int | None = None) -> list[Entry]:
        """Let the bots move until a person must decide or the game is over (at most
        ``max_moves`` moves); returns their entries."""
        played: list[Entry] = []
        while not self.state.is_over() and (max_moves is None or len(played) < max_moves):
            seats = self.bots_to_move()
            if not seats:
                break
            seat = seats[0]
            action = self.bot_for(seat).choose(self.state, seat)
            played.append(self.submit(seat, str(action), len(self.log)))
        return played

    # -- clocks --------------------------------------------------------------------------
    def _clock_after(self, seat: Seat, at: float, *, charged: bool) -> None:
        control = self.setup.time_control
        movers = self.state.to_move()
        self._movers.append(tuple(movers))
        if charged:  # the seat's decision is made: charge its game clock, restart its wait
            started = self._waiting_since.pop(seat, None)
            if started is not None and control.kind == "game":
                spent = at - started
                self._left[seat] = max(0.0, self._left[seat] - spent) + control.increment
        # A seat still deciding keeps its start (its clock runs on); new ones start now.
        self._waiting_since = {s: self._waiting_since.get(s, at) for s in movers}

    def deadline(self, seat: Seat) -> float | None:
        """When ``seat``'s time to decide runs out (``None``: no limit or not to move)."""
        control = self.setup.time_control
        started = self._waiting_since.get(seat)
        if control.kind == "none" or started is None:
            return None
        return started + (control.seconds if control.kind == "move" else self._left[seat])

    def time_left(self, seat: Seat, now: float | None = None) -> float | None:
        """Seconds ``seat`` has left now (its game clock, or this move's limit)."""
        control = self.setup.time_control
        if control.kind == "none":
            return None
        deadline = self.deadline(seat)
        if deadline is None:
            return control.seconds if control.kind == "move" else self._left[seat]
        return max(0.0, deadline - (self.now() if now is None else now))

    def overdue(self, now: float | None = None) -> list[Seat]:
        """People to move whose time has run out (their stand-in should take over)."""
        moment = self.now() if now is None else now
        return [
            seat
            for seat in self.state.to_move()
            if not self.controlled_by_bot(seat)
            and (limit := self.deadline(seat)) is not None
            and limit <= moment
        ]


__all__ = [
    "DEFAULT_STAND_IN",
    "EntryKind",
    "Table",
    "TableSetup",
    "game_options",
]
