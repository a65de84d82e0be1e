"""Alembic's environment: the schema is :mod:`tabletop.store.models`' metadata."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, engine_from_config, pool

from tabletop.store.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    # SQLite cannot ALTER most things: batch mode rebuilds tables instead.
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = engine_from_config(
        config.get_section(config.config_ini_section, {}),
        prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    with engine.connect() as fresh:
        _run(fresh)


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
