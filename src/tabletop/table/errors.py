"""Errors of the table service (beside the engine's: IllegalAction, NotationError ...)."""

from __future__ import annotations

from tabletop.engine.errors import IllegalAction, TabletopError


class TableError(TabletopError, ValueError):
    """A bad request to a table: bad setup, an unknown seat holder, a bad time control."""


class StaleMove(IllegalAction):
    """A move made on a position that is no longer the table's: someone else moved (or
    took a move back) since.  Nothing was changed; look at the table again."""


class DuplicateMove(StaleMove):
    """The very move already played at that point (sent twice): it was applied once."""


class JournalConflict(TabletopError):
    """The journal already holds an entry at that sequence number (another process wrote
    it first): the table's copy is behind and must be reloaded."""
