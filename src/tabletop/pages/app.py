"""The whole site: the server's API (:func:`tabletop.server.app.create_app`) with the
pages and their static files on top.  ``tabletop serve`` runs this application."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles

from tabletop.engine import TabletopError
from tabletop.pages.routes import HERE, router, templates
from tabletop.server import app as server
from tabletop.server.settings import Settings


def create_app(settings: Settings | None = None, **kwargs: Any) -> FastAPI:
    """The API (as :func:`tabletop.server.app.create_app` takes it) plus the pages."""
    app = server.create_app(settings, **kwargs)
    # The API's home redirects to its documentation; the site's home is the lobby.
    app.router.routes = [
        route for route in app.router.routes if getattr(route, "path", None) != "/"
    ]
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_exception_handler(TabletopError, _error_page)
    return app


async def _error_page(request: Request, exc: Exception) -> Response:
    """Errors of pages are pages (one line saying what is wrong); the API's stay JSON."""
    if request.url.path.startswith("/api/"):
        return await server.error_response(request, exc)
    status = server.status_of(exc)
    return templates.TemplateResponse(
        request,
        "error.html",
        {"message": server.one_line(str(exc)), "status": status, "me": None, "csrf": ""},
        status_code=status,
    )


__all__ = ["create_app"]
