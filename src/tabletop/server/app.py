"""The web server: FastAPI over the hub (live tables) and the store (database).

``create_app()`` builds the application; ``tabletop serve`` runs it on Uvicorn.  Errors
are answered with one line, ``{"detail": "..."}``, and a status by their type:

=========================================================  ======
error                                                      status
=========================================================  ======
unreadable body, bad field, bad option, unreadable action  400
not signed in, wrong password                              401
not your seat or table, missing CSRF header                403
no such table, game or player                              404
stale or duplicate move, seat taken, already started       409
body over the size limit                                   413
illegal move (the rules say no)                            422
=========================================================  ======
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabletop import __version__
from tabletop.engine import IllegalAction, TabletopError, UnknownGame
from tabletop.server.errors import AuthError, Conflict, Forbidden, NoSuchTable, TooLarge
from tabletop.server.hub import Hub
from tabletop.server.pubsub import LocalPubSub, PubSub
from tabletop.server.routes import auth, chat, play, stats, tables, ws
from tabletop.server.settings import Settings
from tabletop.store.database import make_engine, session_factory, upgrade
from tabletop.table import StaleMove

#: The status of each error type, most specific first.
STATUS: tuple[tuple[type[Exception], int], ...] = (
    (AuthError, 401),
    (Forbidden, 403),
    (NoSuchTable, 404),
    (UnknownGame, 404),
    (StaleMove, 409),
    (Conflict, 409),
    (TooLarge, 413),
    (IllegalAction, 422),
    (TabletopError, 400),
)


def one_line(text: str, limit: int = 300) -> str:
    """A message on one line of at most ``limit`` characters (errors may quote input)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def status_of(exc: Exception) -> int:
    return next((code for kind, code in STATUS if isinstance(exc, kind)), 400)


async def error_response(_request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse({"detail": one_line(str(exc), 300)}, status_code=status_of(exc))


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first: dict[str, Any] = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    message = first.get("msg", "invalid request")
    return JSONResponse(
        {"detail": one_line(f"{where}: {message}" if where else message, 300)}, status_code=400
    )


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, whether or not they announce
    their length (chunked bodies are counted as they arrive)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", ()))
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _too_large(self.limit, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise TooLarge(f"request body over {self.limit} bytes")
            return message

        await self.app(scope, counted, send)


async def _too_large(limit: int, send: Send) -> None:
    body = JSONResponse({"detail": f"request body over {limit} bytes"}, status_code=413)
    await send({"type": "http.response.start", "status": 413, "headers": body.raw_headers})
    await send({"type": "http.response.body", "body": body.body})


def default_pubsub(url: str) -> PubSub:
    """LISTEN/NOTIFY on PostgreSQL (processes sharing the database hear each other's
    moves), in-process fan-out on SQLite (one process per database file)."""
    if url.startswith("postgresql"):
        from tabletop.server.pg_pubsub import PostgresPubSub

        return PostgresPubSub(url)
    return LocalPubSub()


def create_app(
    settings: Settings | None = None,
    *,
    now: Callable[[], float] = time.time,
    pubsub: PubSub | None = None,
    start_hub: bool = True,
) -> FastAPI:
    """The application, on the database of ``settings`` (created or upgraded at start)."""
    settings = settings or Settings()
    engine = make_engine(settings.db)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        upgrade(engine)
        hub = Hub(app.state.sessions, app.state.pubsub, now=now, bot_seconds=settings.bot_seconds)
        app.state.hub = hub
        if start_hub:
            hub.start(settings.clock_interval)
        try:
            yield
        finally:
            hub.stop()
            app.state.pubsub.close()
            engine.dispose()

    app = FastAPI(
        title="tabletop",
        version=__version__,
        summary="Scythe, Terra Mystica and Brian Boru: lobby, tables, live play",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.engine = engine
    app.state.sessions = session_factory(engine)
    app.state.pubsub = pubsub or default_pubsub(engine.url.render_as_string(hide_password=False))
    app.state.now = now
    app.add_exception_handler(TabletopError, error_response)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.session_secret(),
        session_cookie="tabletop_session",
        same_site="lax",
        https_only=settings.cookie_secure,
        max_age=30 * 86400,
    )
    app.add_middleware(BodyLimit, limit=settings.max_body)
    for module in (auth, tables, play, chat, stats, ws):
        app.include_router(module.router)

    @app.get("/", include_in_schema=False)
    def home() -> RedirectResponse:
        return RedirectResponse("/docs")

    return app
