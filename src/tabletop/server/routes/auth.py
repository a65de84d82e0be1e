"""Accounts: sign up, log in, log out, who am I."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from tabletop.server.deps import CallerDep, Csrf, SessionDep, csrf_token, remember
from tabletop.server.lobby import Caller, log_in, sign_up
from tabletop.server.schemas import Credentials

router = APIRouter(prefix="/api", tags=["accounts"])


def _me(request: Request, caller: Caller) -> dict[str, Any]:
    return {"name": caller.name, "csrf": csrf_token(request), "guest_tables": sorted(caller.guest)}


@router.get("/me", summary="Who is signed in, and the CSRF token for writes")
def me(request: Request, caller: CallerDep) -> dict[str, Any]:
    return _me(request, caller)


@router.post("/signup", dependencies=[Csrf], summary="Create an account and sign in")
def signup(
    request: Request, body: Credentials, session: SessionDep, caller: CallerDep
) -> dict[str, Any]:
    user = sign_up(session, body.name, body.password, request.app.state.now())
    session.commit()
    caller.user_id, caller.name = user.id, user.name
    remember(request, caller)
    return _me(request, caller)


@router.post("/login", dependencies=[Csrf], summary="Sign in")
def login(
    request: Request, body: Credentials, session: SessionDep, caller: CallerDep
) -> dict[str, Any]:
    user = log_in(session, body.name, body.password)
    caller.user_id, caller.name = user.id, user.name
    remember(request, caller)
    return _me(request, caller)


@router.post("/logout", dependencies=[Csrf], summary="Sign out (guest seats are forgotten too)")
def logout(request: Request) -> dict[str, Any]:
    request.session.clear()
    return _me(request, Caller())
