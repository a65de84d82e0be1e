"""The tables' journals in the database: one row per entry, one transaction per entry."""

from __future__ import annotations

import contextlib
import threading

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from tabletop.store.models import EntryRow, TableRow
from tabletop.table import Entry, JournalConflict

# Built once: a statement whose values are bound parameters is compiled once and then
# found in SQLAlchemy's cache, where ``.values(...)`` with literals rebuilds its cache key
# on every move.
_ADD_ENTRY = insert(EntryRow)
_SUMMARY = (
    update(TableRow)
    .where(TableRow.id == bindparam("which"))
    # (a bound parameter may not share a column's name)
    .values(seq=bindparam("new_seq"), updated=bindparam("at"), to_move=bindparam("seats"))
)


class SqlJournal:
    """A :class:`tabletop.table.Journal` kept in the ``entries`` table.

    ``append`` writes the entry and the table's summary (``tables.seq``, ``to_move``,
    ``updated``) in one transaction: a move is one transaction.  The primary key
    ``(table_id, seq)`` refuses a second entry at the same number, which is how two
    processes racing for one move end with one winner.
    """

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        # SQLite lets one writer at a time in and makes the others poll with growing sleeps
        # (its busy timeout): queueing this process's writers on a lock hands over at once.
        bind = sessions.kw.get("bind")
        sqlite = bind is not None and bind.dialect.name == "sqlite"
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = (
            threading.Lock() if sqlite else contextlib.nullcontext()
        )

    def append(self, table_id: str, entry: Entry, to_move: list[int]) -> None:
        # Core statements, not the ORM's unit of work: this is the path of every move.
        try:
            with self._write_lock, self.sessions.begin() as session:
                connection = session.connection()
                connection.execute(
                    _ADD_ENTRY,
                    {
                        "table_id": table_id,
                        "seq": entry.seq,
                        "seat": entry.seat,
                        "kind": entry.kind,
                        "text": entry.text,
                        "at": entry.at,
                    },
                )
                connection.execute(
                    _SUMMARY,
                    {
                        "which": table_id,
                        "new_seq": entry.seq,
                        "at": entry.at,
                        "seats": list(to_move),
                    },
                )
        except IntegrityError:
            raise JournalConflict(f"table {table_id} already has entry {entry.seq}") from None

    def entries(self, table_id: str, after: int = 0) -> list[Entry]:
        with self.sessions() as session:
            rows = session.scalars(
                select(EntryRow)
                .where(EntryRow.table_id == table_id, EntryRow.seq > after)
                .order_by(EntryRow.seq)
            )
            return [
                Entry(row.seq, row.seat, row.kind, row.text, row.at)  # type: ignore[arg-type]
                for row in rows
            ]
