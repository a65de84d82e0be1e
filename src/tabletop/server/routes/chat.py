"""A table's chat, kept with the game: read by anyone who may see the table, written by
signed-in people and by the table's guests; each new line is announced on the live feed
(``chat`` in its messages: the newest line's id)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request

from tabletop.server.deps import CallerDep, Csrf, HubDep, SessionDep
from tabletop.server.errors import AuthError, NoSuchTable
from tabletop.server.schemas import Chat
from tabletop.store import repository as repo
from tabletop.store.models import MessageRow

router = APIRouter(prefix="/api/tables/{table_id}/chat", tags=["play"])


def _line(row: MessageRow) -> dict[str, Any]:
    return {"id": row.id, "author": row.author, "text": row.text, "at": row.at}


@router.get("", summary="The table's chat after message `after`, oldest first")
def read(
    table_id: str,
    session: SessionDep,
    after: int = Query(default=0, ge=0),
    limit: int = Query(default=200, ge=1, le=500),
) -> list[dict[str, Any]]:
    if repo.table_by_id(session, table_id) is None:
        raise NoSuchTable(f"no table {table_id!r}")
    return [_line(row) for row in repo.messages_of(session, table_id, after, limit)]


@router.post("", dependencies=[Csrf], summary="Say something at the table")
def say(
    request: Request, table_id: str, body: Chat, session: SessionDep, caller: CallerDep, hub: HubDep
) -> dict[str, Any]:
    row = repo.table_by_id(session, table_id)
    if row is None:
        raise NoSuchTable(f"no table {table_id!r}")
    author = caller.name
    if caller.user_id is None:
        seats = caller.guest.get(table_id, [])
        held = [r for r in repo.seats_of(session, table_id) if r.seat in seats and r.guest_name]
        if not held:
            raise AuthError("sign in (or sit at this table as a guest) to chat")
        author = held[0].guest_name
    text = " ".join(body.text.split())  # one line; no control characters
    line = repo.add_message(session, table_id, author or "?", text, request.app.state.now())
    session.commit()
    if row.status != repo.OPEN:
        hub.announce(table_id, line.id)
    return _line(line)
