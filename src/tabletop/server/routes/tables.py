"""The lobby: games on offer, tables to create, join, leave, start and list."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Query, Request

from tabletop.bots import bot_infos
from tabletop.engine import game_ids, get_game
from tabletop.server import lobby
from tabletop.server.deps import CallerDep, Csrf, HubDep, SessionDep, UserDep, remember
from tabletop.server.errors import NoSuchTable
from tabletop.server.schemas import Join, NewTable, SeatOnly
from tabletop.store import repository as repo

router = APIRouter(prefix="/api", tags=["lobby"])


@router.get("/games", summary="The games, their player counts, options and the bots")
def games() -> dict[str, Any]:
    listed = []
    for game_id in game_ids():
        game = get_game(game_id)
        listed.append(
            {
                "id": game.id,
                "name": game.name,
                "player_counts": list(game.player_counts),
                "options": [
                    {
                        "name": spec.name,
                        "default": spec.default,
                        "help": spec.help,
                        "choices": None if spec.choices is None else list(spec.choices),
                    }
                    for spec in game.options.values()
                ],
            }
        )
    bots = [
        {"name": info.name, "help": info.help, "parameter": info.parameter} for info in bot_infos()
    ]
    return {"games": listed, "bots": bots}


@router.get("/tables", summary="Tables by status: open ones to join, games in play, finished")
def tables(
    session: SessionDep,
    caller: CallerDep,
    status: Literal["open", "playing", "finished"] = "open",
    limit: int = Query(default=50, ge=1, le=200),
) -> list[dict[str, Any]]:
    rows = repo.tables_with_status(session, status, limit)
    return [lobby.summary(session, caller, row) for row in rows]


@router.get("/tables/mine", summary="Your tables: your turn first, then in play, open, finished")
def mine(session: SessionDep, caller: CallerDep) -> list[dict[str, Any]]:
    return lobby.my_tables(session, caller)


@router.post("/tables", status_code=201, dependencies=[Csrf], summary="Create a table")
def create(
    request: Request, body: NewTable, session: SessionDep, caller: UserDep
) -> dict[str, Any]:
    row = lobby.create_table(session, caller, body, request.app.state.now())
    session.commit()
    return lobby.summary(session, caller, row)


@router.get("/tables/{table_id}", summary="One table (seats, status, whose turn)")
def table(table_id: str, session: SessionDep, caller: CallerDep) -> dict[str, Any]:
    row = repo.table_by_id(session, table_id)
    if row is None:
        raise NoSuchTable(f"no table {table_id!r}")
    return lobby.summary(session, caller, row)


@router.post("/tables/{table_id}/join", dependencies=[Csrf], summary="Take an open seat")
def join(
    request: Request, table_id: str, body: Join, session: SessionDep, caller: CallerDep
) -> dict[str, Any]:
    lobby.join(session, caller, table_id, body.seat, body.invite, body.name)
    session.commit()
    if caller.user_id is None:
        remember(request, caller)
    row = repo.table_by_id(session, table_id)
    assert row is not None
    return lobby.summary(session, caller, row)


@router.post(
    "/tables/{table_id}/leave", dependencies=[Csrf], summary="Give a seat back before the start"
)
def leave(
    request: Request, table_id: str, body: SeatOnly, session: SessionDep, caller: CallerDep
) -> dict[str, Any]:
    lobby.leave(session, caller, table_id, body.seat)
    session.commit()
    remember(request, caller)
    row = repo.table_by_id(session, table_id)
    assert row is not None
    return lobby.summary(session, caller, row)


@router.post("/tables/{table_id}/start", dependencies=[Csrf], summary="Start a full table")
def start(
    request: Request, table_id: str, session: SessionDep, caller: UserDep, hub: HubDep
) -> dict[str, Any]:
    row = lobby.start(session, caller, table_id, request.app.state.now())
    session.commit()  # the hub loads the table from the database
    hub.begin(table_id)
    return lobby.summary(session, caller, row)
