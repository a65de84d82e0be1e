"""Errors of the server's own rules, each answered with one HTTP status (see ``app.py``)."""

from __future__ import annotations

from tabletop.engine import TabletopError
from tabletop.table import TableError


class AuthError(TabletopError):
    """Not signed in, or a wrong name or password (401)."""


class Forbidden(TabletopError):
    """Signed in, but this seat or table is not yours to act for (403)."""


class Conflict(TabletopError):
    """The request clashes with the table's state: seat taken, already started ... (409)."""


class NoSuchTable(TableError):
    """A table id that does not exist, or is not in the state asked for (404)."""


class TooLarge(TabletopError):
    """A request body over the server's limit (413)."""
