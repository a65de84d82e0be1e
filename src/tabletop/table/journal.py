"""The append-only journal of a table, and where it is kept.

Everything that ever happens at a table is an :class:`Entry`: a move, a move taken back
(``undo``), a seat leaving the game (``resign``), a person going away (their stand-in bot
plays for them) or coming back.  The table's setup plus its entries rebuild the table
exactly; a journal keeps the entries of many tables, one sequence per table, and refuses
a second entry at the same sequence number (the database's ``UNIQUE(table, seq)``), so a
move is applied at most once even when two processes race.

The table service is given a journal and never knows how it is kept: :class:`MemoryJournal`
here (tests, the terminal), SQL in :mod:`tabletop.store`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from tabletop.engine import Seat
from tabletop.table.errors import JournalConflict, TableError

EntryKind = Literal["move", "undo", "resign", "away", "back"]
KINDS: tuple[EntryKind, ...] = ("move", "undo", "resign", "away", "back")


@dataclass(frozen=True)
class Entry:
    """One thing that happened at a table.

    ``seq`` counts from 1 within the table; ``text`` is the move's canonical text (a
    ``move``), how many moves were taken back (``undo``), or why a person went away.
    ``at`` is when it happened (seconds since the epoch; clocks are rebuilt from it).
    """

    seq: int
    seat: Seat
    kind: EntryKind
    text: str
    at: float

    def to_json(self) -> list[object]:
        return [self.seq, self.seat, self.kind, self.text, self.at]

    @classmethod
    def from_json(cls, data: object) -> Entry:
        if not isinstance(data, list) or len(data) != 5:
            raise TableError("a journal entry is [seq, seat, kind, text, at]")
        seq, seat, kind, text, at = data
        if type(seq) is not int or type(seat) is not int or kind not in KINDS:
            raise TableError("a journal entry is [seq, seat, kind, text, at]")
        if not isinstance(text, str) or not isinstance(at, int | float):
            raise TableError("a journal entry is [seq, seat, kind, text, at]")
        return cls(seq, seat, kind, text, float(at))


class Journal(Protocol):
    """Where a table's entries are kept."""

    def append(self, table_id: str, entry: Entry, to_move: list[Seat]) -> None:
        """Keep ``entry`` durably before returning; :class:`JournalConflict` if the table
        already has an entry at ``entry.seq`` (nothing is written then).  ``to_move``, the
        seats awaited after the entry, is for listings: a database keeps it in the same
        transaction."""

    def entries(self, table_id: str, after: int = 0) -> list[Entry]:
        """The table's entries with ``seq > after``, in order."""


class MemoryJournal:
    """A journal in memory (tests, the terminal, a table that need not outlive the process)."""

    def __init__(self) -> None:
        self._tables: dict[str, list[Entry]] = {}

    def append(self, table_id: str, entry: Entry, to_move: list[Seat]) -> None:
        entries = self._tables.setdefault(table_id, [])
        if entry.seq != len(entries) + 1:
            raise JournalConflict(f"table {table_id} already has entry {entry.seq}")
        entries.append(entry)

    def entries(self, table_id: str, after: int = 0) -> list[Entry]:
        return list(self._tables.get(table_id, [])[after:])
