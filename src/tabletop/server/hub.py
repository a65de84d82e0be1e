"""The live tables of a server process: loading, moves one at a time, bots, clocks, endings.

Each table in play is held in memory as a :class:`tabletop.table.Table` over the database
journal, behind its own lock: moves on one table are applied one at a time (a move, its
journal entry and its summary are one unit), moves on different tables in parallel.
After every change the hub publishes the table's new sequence number (each connection
then fetches its own seat's view), lets the bots move in a worker thread, and when the
game ends stores the results and the ratings, once.

Before each change the hub catches up with the journal, so several server processes can
share one database: the loser of a race on the same move gets StaleMove, never a fork.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy.orm import Session, sessionmaker

from tabletop.engine import JSON, Seat
from tabletop.server.errors import NoSuchTable
from tabletop.server.pubsub import PubSub
from tabletop.store import repository as repo
from tabletop.store.journal import SqlJournal
from tabletop.store.models import ResultRow, SeatRow, TableRow
from tabletop.table import Entry, StaleMove, Table, TableError, TableSetup

log = logging.getLogger(__name__)

#: A snapshot is saved every this many entries (when no move can be taken back).
SNAPSHOT_EVERY = 50
#: Bots stop playing a table after this many entries: a game only bots play that none of
#: them can end (two greedy Scythe bots may stall) must not use the server for ever.
MAX_ENTRIES = 20_000


@dataclass
class Live:
    table: Table
    #: Who holds each seat (fixed once a game starts): rows of ``seats``.
    seats: list[SeatRow]
    lock: threading.RLock = field(default_factory=threading.RLock)
    bots_running: bool = False
    last_snapshot: int = 0
    #: The newest entry announced for this table (by this process or another one).
    heard: int = 0
    #: Other processes write to this table's journal too (a shared PostgreSQL database).
    shared: bool = False
    #: The id of the table's newest chat line, once read (kept by this process's
    #: announcements; read again after another process's, which may be a chat line).
    chat: int | None = None

    def current(self, *, reading: bool = False) -> Table:
        """The table, caught up with the journal if another process has moved since (call
        under the lock).  A move checked against an older copy cannot fork the game: the
        journal refuses its sequence number and the move is answered as stale, and a move
        made on a newer position than this copy's catches up first.  A read on a shared
        database always looks at the journal: another process's announcement may still
        be on its way, and a player must see the move they just made elsewhere."""
        if self.heard > self.table.seq or (reading and self.shared):
            self.table.catch_up()
        return self.table


def faction_of(view: JSON, seat: Seat) -> str | None:
    """The seat's faction where the game has factions (from a spectator's view)."""
    factions = view.get("factions") if isinstance(view, dict) else None
    if isinstance(factions, list) and seat < len(factions):
        named = factions[seat]
        return named if isinstance(named, str) else None
    players = view.get("players") if isinstance(view, dict) else None
    if isinstance(players, list) and seat < len(players) and isinstance(players[seat], dict):
        faction = players[seat].get("faction")
        return faction if isinstance(faction, str) else None
    return None


class Hub:
    """The tables this process is playing (see the module docstring)."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        pubsub: PubSub,
        *,
        now: Callable[[], float] = time.time,
        bot_workers: int = 4,
        max_entries: int = MAX_ENTRIES,
        bot_seconds: float | None = None,
    ) -> None:
        self.sessions = sessions
        self.pubsub = pubsub
        self.now = now
        self.journal = SqlJournal(sessions)
        self.max_entries = max_entries
        #: Seconds a bot's decision may take on this server (``Settings.bot_seconds``).
        self.bot_seconds = bot_seconds
        self._live: dict[str, Live] = {}
        self._guard = threading.Lock()
        self._executor = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="bots")
        self._stop = threading.Event()
        self._clock_thread: threading.Thread | None = None
        pubsub.add_listener(self.heard)

    # -- life ------------------------------------------------------------------------------
    def start(self, clock_interval: float = 1.0) -> None:
        """Resume the bots of every table in play, and watch the clocks."""
        with self.sessions() as session:
            ids = repo.tables_in_play(session)
        for table_id in ids:
            try:
                self._schedule_bots(self.live(table_id))
            except Exception:  # one damaged table must not keep every other one offline
                log.exception("table %s cannot be loaded; the others play on", table_id)
        self._clock_thread = threading.Thread(
            target=self._watch_clocks, args=(clock_interval,), name="clocks", daemon=True
        )
        self._clock_thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._executor.shutdown(wait=True, cancel_futures=True)
        if self._clock_thread is not None:
            self._clock_thread.join(timeout=5)

    # -- loading ---------------------------------------------------------------------------
    def live(self, table_id: str) -> Live:
        """The table in play with this id, loaded on first use."""
        with self._guard:
            live = self._live.get(table_id)
            if live is not None:
                return live
            with self.sessions() as session:
                row = repo.table_by_id(session, table_id)
                if row is None or row.status == repo.OPEN:
                    raise NoSuchTable(f"no table {table_id!r} in play")
                setup = TableSetup.from_json(row.setup)
                snapshot = repo.latest_snapshot(session, table_id)
                created = row.started
                seats = repo.seats_of(session, table_id)
                session.expunge_all()
            table = Table.load(
                table_id, setup, self.journal, now=self.now, created=created, snapshot=snapshot
            )
            table.bot_budget = self.bot_seconds
            live = Live(
                table, seats, last_snapshot=table.seq, heard=table.seq, shared=self.pubsub.shared
            )
            self._live[table_id] = live
            return live

    def heard(self, table_id: str, seq: int) -> None:
        """The pubsub announced entry ``seq`` of a table (perhaps written by another
        process): the next look at it catches up first."""
        with self._guard:
            live = self._live.get(table_id)
        if live is None:
            return
        if seq > live.heard:
            live.heard = seq
        if live.shared:  # another process's news: perhaps a chat line
            live.chat = None

    def begin(self, table_id: str) -> None:
        """A table just started (its row says ``playing``): let its bots move."""
        self._schedule_bots(self.live(table_id))
        self.pubsub.publish(table_id, 0)

    def announce(self, table_id: str, line: int) -> None:
        """Tell the table's connections to look again: its chat has the new line ``line``."""
        live = self.live(table_id)
        with live.lock:
            live.chat = max(line, live.chat or 0)
        self.pubsub.publish(table_id, live.table.seq)

    def chat_line(self, table_id: str) -> int:
        """The id of the table's newest chat line (0: none yet), without asking the database
        each time a view is pushed."""
        live = self.live(table_id)
        with live.lock:
            if live.chat is None:
                with self.sessions() as session:
                    live.chat = repo.last_message_id(session, table_id)
            return live.chat

    # -- changes ---------------------------------------------------------------------------
    def _change(self, table_id: str, act: Callable[[Table], Entry]) -> Entry:
        live = self.live(table_id)
        with live.lock:
            entry = act(live.current())
            self._after(live)
        self._schedule_bots(live)
        return entry

    def submit(self, table_id: str, seat: Seat, text: str, seq: int) -> Entry:
        return self._change(table_id, lambda table: table.submit(seat, text, seq))

    def undo(self, table_id: str, seat: Seat, seq: int, count: int = 1) -> Entry:
        return self._change(table_id, lambda table: table.undo(seat, seq, count))

    def resign(self, table_id: str, seat: Seat) -> Entry:
        return self._change(table_id, lambda table: table.resign(seat))

    def go_away(self, table_id: str, seat: Seat, reason: str) -> Entry:
        return self._change(table_id, lambda table: table.go_away(seat, reason))

    def come_back(self, table_id: str, seat: Seat) -> Entry:
        return self._change(table_id, lambda table: table.come_back(seat))

    def _after(self, live: Live) -> None:
        """Summaries for the lobby, a snapshot now and then, the ending; then tell everyone."""
        table = live.table
        snapshot = table.seq - live.last_snapshot >= SNAPSHOT_EVERY and not any(
            table.undoable(seat) for seat in range(table.players)
        )
        # The move and the lobby's summary were one transaction (the journal's); what is
        # left happens now and then: the ending, a snapshot.
        if table.is_over() or snapshot:
            with self.sessions.begin() as session:
                if table.is_over():
                    row = repo.table_by_id(session, table.id)
                    if row is None:
                        raise NoSuchTable(f"no table {table.id!r}")
                    if row.status != repo.FINISHED:
                        self._finish(session, row, table)
                if snapshot:
                    repo.save_snapshot(session, table.id, table.seq, table.snapshot())
                    live.last_snapshot = table.seq
        live.heard = max(live.heard, table.seq)
        self.pubsub.publish(table.id, table.seq)

    def _finish(self, session: Session, row: TableRow, table: Table) -> None:
        """Store the outcome, each seat's result and (rated tables) the new ratings."""
        outcome = table.state.outcome()
        row.status = repo.FINISHED
        row.finished = self.now()
        row.outcome = {
            "scores": list(outcome.scores),
            "ranks": list(outcome.ranks),
            "details": dict(outcome.details),
        }
        public = table.view(None)
        seats = repo.seats_of(session, table.id)
        repo.add_results(
            session,
            [
                ResultRow(
                    table_id=table.id,
                    seat=seat.seat,
                    game=row.game,
                    user_id=seat.user_id,
                    faction=faction_of(public, seat.seat),
                    score=outcome.scores[seat.seat],
                    rank=outcome.ranks[seat.seat],
                    players=table.players,
                )
                for seat in seats
            ],
        )
        if row.rated:
            self._rate(session, row.game, seats, outcome.ranks)

    @staticmethod
    def _rate(session: Session, game: str, seats: list[Any], ranks: tuple[int, ...]) -> None:
        """OpenSkill (Plackett-Luce) update of every account at the table, once per game;
        bots and guests take part as unrated players at the model's default rating."""
        model = PlackettLuce()
        teams = []
        for seat in seats:
            current = repo.rating_of(session, seat.user_id, game) if seat.user_id else None
            rating = model.rating(mu=current.mu, sigma=current.sigma) if current else model.rating()
            teams.append([rating])
        if sum(1 for seat in seats if seat.user_id) == 0:
            return
        updated = model.rate(teams, ranks=[float(rank) for rank in ranks])
        for seat, team in zip(seats, updated, strict=True):
            if seat.user_id:
                repo.set_rating(session, seat.user_id, game, team[0].mu, team[0].sigma)

    # -- bots ------------------------------------------------------------------------------
    def _schedule_bots(self, live: Live) -> None:
        with live.lock:
            if live.bots_running or live.table.is_over() or not live.table.bots_to_move():
                return
            live.bots_running = True
        try:
            self._executor.submit(self._run_bots, live)
        except RuntimeError:  # shutting down
            live.bots_running = False

    def _run_bots(self, live: Live) -> None:
        """Bots move one at a time, each move published, until a person must decide."""
        try:
            while not self._stop.is_set():
                with live.lock:
                    live.current()
                    if live.table.is_over() or not live.table.bots_to_move():
                        live.bots_running = False
                        return
                    if live.table.seq >= self.max_entries:
                        log.warning(
                            "bots of table %s stop after %d entries", live.table.id, live.table.seq
                        )
                        live.bots_running = False
                        return
                    try:
                        live.table.play_bots(max_moves=1)
                    except StaleMove:
                        continue  # another process moved first: look again
                    self._after(live)
        except Exception:  # a bot's bug must not take the server down; the table waits
            log.exception("bots of table %s stopped", live.table.id)
        finally:
            live.bots_running = False

    def wait_for_bots(self, table_id: str, timeout: float = 30.0) -> None:
        """Block until the table's bots have nothing to do (tests, the terminal)."""
        live = self.live(table_id)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with live.lock:
                if not live.bots_running:
                    return
            time.sleep(0.005)
        raise TimeoutError(f"bots of table {table_id} still playing after {timeout}s")

    # -- clocks ----------------------------------------------------------------------------
    def _watch_clocks(self, interval: float) -> None:
        while not self._stop.wait(interval):
            self.check_clocks()

    def check_clocks(self) -> list[tuple[str, Seat]]:
        """Hand every person out of time to their stand-in bot; who was handed over."""
        handed: list[tuple[str, Seat]] = []
        with self._guard:
            lives = list(self._live.values())
        for live in lives:
            with live.lock:
                overdue = [] if live.table.is_over() else live.table.overdue(self.now())
            for seat in overdue:
                try:
                    self.go_away(live.table.id, seat, "timeout")
                    handed.append((live.table.id, seat))
                except TableError:
                    pass  # came back or moved meanwhile
        return handed
