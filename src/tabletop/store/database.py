"""Connecting to the database: SQLite by default, PostgreSQL by URL.

The URL comes from the caller (``tabletop serve --db URL``), else the ``TABLETOP_DB``
environment variable, else a SQLite file ``tabletop.db`` in the current directory.
PostgreSQL is reached with psycopg 3: ``postgresql+psycopg://user:password@host/dbname``.
The schema is created and upgraded by Alembic (:func:`upgrade`) before serving.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session, sessionmaker

from tabletop.engine.errors import TabletopError

DEFAULT_URL = "sqlite:///tabletop.db"
ENV_VAR = "TABLETOP_DB"
MIGRATIONS = Path(__file__).with_name("migrations")


class DatabaseError(TabletopError):
    """A database URL that cannot be used."""


def database_url(url: str | None = None) -> str:
    """The URL to use: ``url``, else ``$TABLETOP_DB``, else the default SQLite file.

    >>> database_url("sqlite:///games.db")
    'sqlite:///games.db'
    """
    chosen = url or os.environ.get(ENV_VAR) or DEFAULT_URL
    try:
        parsed = make_url(chosen)
    except ArgumentError:
        raise DatabaseError(f"not a database URL: {chosen!r}") from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise DatabaseError(
            "the database is SQLite (sqlite:///FILE) or PostgreSQL (postgresql+psycopg://...)"
        )
    return chosen


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # Foreign keys are off by default in SQLite; WAL lets readers run beside the writer.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL loses nothing when the process dies (the crash test kills it);
    # only a power cut may lose the last commits.  FULL would fsync every move.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(url: str | None = None) -> Engine:
    """An engine for ``url`` (see :func:`database_url`)."""
    chosen = database_url(url)
    if make_url(chosen).get_backend_name() == "sqlite":
        # Connections to a file are cheap; enough of them for every worker thread.
        engine = create_engine(
            chosen, connect_args={"check_same_thread": False}, pool_size=20, max_overflow=60
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(chosen, pool_pre_ping=True, pool_size=10, max_overflow=40)


def alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    return config


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration."""
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
