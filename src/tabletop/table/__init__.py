"""The table service: a game with its seats, people and bots, clocks and undo.

It sits above the engine and the bots and below storage and transport: the terminal, the
server and batch simulation all play through it.
"""

from tabletop.table.errors import DuplicateMove, JournalConflict, StaleMove, TableError
from tabletop.table.journal import Entry, Journal, MemoryJournal
from tabletop.table.seats import SeatSpec, TimeControl
from tabletop.table.table import Table, TableSetup, game_options

__all__ = [
    "DuplicateMove",
    "Entry",
    "Journal",
    "JournalConflict",
    "MemoryJournal",
    "SeatSpec",
    "StaleMove",
    "Table",
    "TableError",
    "TableSetup",
    "TimeControl",
    "game_options",
]
