"""Running the site (the API and the pages) on Uvicorn (``tabletop serve``)."""

from __future__ import annotations

from collections.abc import Callable

import uvicorn
from sqlalchemy.exc import OperationalError

from tabletop.pages.app import create_app
from tabletop.server.settings import Settings
from tabletop.store.database import DatabaseError, database_url, make_engine, upgrade


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    announce: Callable[[str], None] = print,
    log_level: str = "warning",
) -> None:
    """Serve until interrupted; ``announce`` is told the address once the schema is ready."""
    settings = Settings(db=database_url(db))
    engine = make_engine(settings.db)
    try:
        upgrade(engine)  # fail here, before listening, if the database cannot be used
    except OperationalError as exc:
        reason = str(exc.orig).strip().splitlines()[0] if exc.orig else "unreachable"
        raise DatabaseError(f"cannot use the database: {reason}") from None
    finally:
        engine.dispose()
    app = create_app(settings)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    announce(f"tabletop is serving: the lobby at http://{shown}:{port}/ (the API: /docs)")
    uvicorn.run(app, host=host, port=port, log_level=log_level)
