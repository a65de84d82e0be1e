"""FastAPI dependencies: the database session, the hub, who is calling, CSRF."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Annotated, Any

from fastapi import Depends, Header, Request
from sqlalchemy.orm import Session

from tabletop.server.errors import AuthError, Forbidden
from tabletop.server.hub import Hub
from tabletop.server.lobby import Caller

CSRF_HEADER = "X-CSRF-Token"


def caller_of_session(scope_session: dict[str, Any]) -> Caller:
    guest_raw = scope_session.get("guest") or {}
    guest = {
        str(table): [int(seat) for seat in seats if isinstance(seat, int)]
        for table, seats in guest_raw.items()
        if isinstance(seats, list)
    }
    uid = scope_session.get("uid")
    return Caller(uid if isinstance(uid, int) else None, scope_session.get("name"), guest)


def caller_of(request: Request) -> Caller:
    return caller_of_session(request.session)


def remember(request: Request, caller: Caller) -> None:
    """Write the caller back into the signed session cookie."""
    request.session["uid"] = caller.user_id
    request.session["name"] = caller.name
    request.session["guest"] = caller.guest


def csrf_token(request: Request) -> str:
    token = request.session.get("csrf")
    if not isinstance(token, str):
        token = request.session["csrf"] = secrets.token_urlsafe(24)
    return token


def check_csrf(
    request: Request, token: Annotated[str | None, Header(alias=CSRF_HEADER)] = None
) -> None:
    """Writes must echo the session's CSRF token in a header (a page of another site can
    send the cookie, but cannot read the token nor set the header)."""
    expected = request.session.get("csrf")
    if (
        not isinstance(expected, str)
        or token is None
        or not secrets.compare_digest(token, expected)
    ):
        raise Forbidden(f"missing or wrong {CSRF_HEADER} header (GET /api/me gives the token)")


def db_session(request: Request) -> Iterator[Session]:
    """A session for the request; handlers that write commit before answering (what is
    not committed is rolled back when the session closes)."""
    with request.app.state.sessions() as session:
        yield session


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def signed_in(caller: Annotated[Caller, Depends(caller_of)]) -> Caller:
    if caller.user_id is None:
        raise AuthError("sign in first")
    return caller


SessionDep = Annotated[Session, Depends(db_session)]
HubDep = Annotated[Hub, Depends(hub_of)]
CallerDep = Annotated[Caller, Depends(caller_of)]
UserDep = Annotated[Caller, Depends(signed_in)]
Csrf = Depends(check_csrf)
