"""Playing at a table: each seat's view, moves, undo, resigning, coming back; downloads."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import PlainTextResponse

from tabletop.engine import Seat, public_record
from tabletop.server.deps import CallerDep, Csrf, HubDep, SessionDep
from tabletop.server.errors import Forbidden, NoSuchTable
from tabletop.server.hub import Hub
from tabletop.server.lobby import Caller
from tabletop.server.schemas import Move, SeatOnly, Undo
from tabletop.store import repository as repo
from tabletop.table import Table

router = APIRouter(prefix="/api/tables/{table_id}", tags=["play"])


def seats_of(session: Any, caller: Caller, table_id: str) -> list[Seat]:
    row = repo.table_by_id(session, table_id)
    if row is None or row.status == repo.OPEN:
        raise NoSuchTable(f"no table {table_id!r} in play")
    return caller.seats_at(table_id, repo.seats_of(session, table_id))


def my_seats(hub: Hub, caller: Caller, table_id: str) -> list[Seat]:
    """The caller's seats at a table in play (seat holders are fixed once it starts: the
    hub keeps them with the table, no database read)."""
    return caller.seats_at(table_id, hub.live(table_id).seats)


def choose_seat(table: Table, mine: list[Seat], asked: Seat | None) -> Seat | None:
    """The seat whose view to show: the one asked for (it must be the caller's), else the
    caller's seat to move (hot seat: the first of them), else their first seat, else none
    (a spectator)."""
    if asked is not None:
        if asked not in mine:
            raise Forbidden(f"seat {asked} is not yours")
        return asked
    movers = [seat for seat in mine if seat in table.to_move()]
    return movers[0] if movers else (mine[0] if mine else None)


def table_state(
    hub: Hub,
    table_id: str,
    mine: list[Seat],
    asked: Seat | None,
    *,
    labels: bool = False,
    fresh: bool = True,
    view_as_text: bool = False,
) -> dict[str, Any]:
    """What one seat (or a spectator) is shown of a table, all read under the table's lock;
    with ``labels``, also what each legal move does (``State.describe``), for the pages.
    ``fresh=False`` skips the look at a shared database's journal for a reader who only
    follows announcements (the live feed), which the table has already heard of.  With
    ``view_as_text`` the view is its JSON text (see :func:`with_view`), for the feed."""
    live = hub.live(table_id)
    with live.lock:
        table = live.current(reading=fresh)  # another server process may have moved
        seat = choose_seat(table, mine, asked)
        to_move = table.to_move()
        legal = table.state.legal_actions(seat) if seat is not None and seat in to_move else []
        data: dict[str, Any] = {
            "table": table_id,
            "game": table.game.id,
            "seq": table.seq,
            "over": table.is_over(),
            "to_move": to_move,
            "seat": seat,
            "your_seats": mine,
            "view": table.view_text(seat) if view_as_text else table.view(seat),
            "legal": [str(action) for action in legal],
            "undoable": table.undoable(seat) if seat is not None else 0,
            "away": sorted(table.away),
            "clocks": {str(s): table.time_left(s) for s in range(table.players)},
        }
        if labels and seat is not None:
            data["labels"] = [table.state.describe(seat, action) for action in legal]
        if table.is_over():
            outcome = table.state.outcome()
            data["outcome"] = {
                "scores": list(outcome.scores),
                "ranks": list(outcome.ranks),
                "details": dict(outcome.details),
            }
        return data


def with_view(data: dict[str, Any]) -> str:
    """A :func:`table_state` taken with ``view_as_text`` as one JSON object's text: the
    view's text goes in as it is, neither parsed nor copied.

    >>> with_view({"seq": 3, "view": '{"round":1}'})
    '{"seq":3,"view":{"round":1}}'
    """
    rest = {key: value for key, value in data.items() if key != "view"}
    head = json.dumps(rest, separators=(",", ":"), ensure_ascii=False)
    return f'{head[:-1]}{"," if rest else ""}"view":{data["view"]}}}'


def _own(hub: Hub, caller: Caller, table_id: str, seat: Seat) -> None:
    if seat not in my_seats(hub, caller, table_id):
        raise Forbidden(f"seat {seat} is not yours")


@router.get("/state", summary="Your seat's view (or a spectator's), legal moves, clocks")
def state(
    table_id: str,
    caller: CallerDep,
    hub: HubDep,
    seat: int | None = Query(default=None, ge=0, le=7),
) -> dict[str, Any]:
    return table_state(hub, table_id, my_seats(hub, caller, table_id), seat)


@router.post("/moves", dependencies=[Csrf], summary="Make a move (with the seq it was made on)")
def move(table_id: str, body: Move, caller: CallerDep, hub: HubDep) -> dict[str, Any]:
    _own(hub, caller, table_id, body.seat)
    entry = hub.submit(table_id, body.seat, body.action, body.seq)
    return {"seq": entry.seq, "action": entry.text}


@router.post("/undo", dependencies=[Csrf], summary="Take back your last moves of this turn")
def undo(table_id: str, body: Undo, caller: CallerDep, hub: HubDep) -> dict[str, Any]:
    _own(hub, caller, table_id, body.seat)
    entry = hub.undo(table_id, body.seat, body.seq, body.count)
    return {"seq": entry.seq}


@router.post("/resign", dependencies=[Csrf], summary="Leave the game (where its rules allow)")
def resign(table_id: str, body: SeatOnly, caller: CallerDep, hub: HubDep) -> dict[str, Any]:
    _own(hub, caller, table_id, body.seat)
    return {"seq": hub.resign(table_id, body.seat).seq}


@router.post("/away", dependencies=[Csrf], summary="Let your stand-in bot play for you")
def away(table_id: str, body: SeatOnly, caller: CallerDep, hub: HubDep) -> dict[str, Any]:
    _own(hub, caller, table_id, body.seat)
    return {"seq": hub.go_away(table_id, body.seat, "left").seq}


@router.post("/back", dependencies=[Csrf], summary="Take your seat back from your stand-in")
def back(table_id: str, body: SeatOnly, caller: CallerDep, hub: HubDep) -> dict[str, Any]:
    _own(hub, caller, table_id, body.seat)
    return {"seq": hub.come_back(table_id, body.seat).seq}


def _finished(hub: Hub, session: Any, table_id: str) -> Table:
    row = repo.table_by_id(session, table_id)
    if row is None or row.status != repo.FINISHED:
        raise Forbidden(
            "a game's record is served once it is over (it holds the seed and every hidden choice)"
        )
    return hub.live(table_id).table


@router.get(
    "/record",
    summary="The game's record: in full once it is over; while it runs, the public record"
    " (no seed, other seats' secret choices withheld)",
)
def record(
    table_id: str,
    session: SessionDep,
    caller: CallerDep,
    hub: HubDep,
    seat: int | None = Query(default=None, ge=0, le=7),
) -> dict[str, Any]:
    row = repo.table_by_id(session, table_id)
    if row is None or row.status == repo.OPEN:
        raise NoSuchTable(f"no table {table_id!r} in play")
    live = hub.live(table_id)
    if row.status == repo.FINISHED:
        data: dict[str, Any] = live.table.record.to_json()
        return data
    mine = my_seats(hub, caller, table_id)
    reader = choose_seat(live.table, mine, seat)
    with live.lock:
        shown: dict[str, Any] = public_record(live.current(reading=True).record, reader)
        return shown


@router.get(
    "/ledger",
    response_class=PlainTextResponse,
    summary="A finished Terra Mystica game as a Snellman ledger",
)
def ledger(table_id: str, session: SessionDep, hub: HubDep) -> str:
    table = _finished(hub, session, table_id)
    if table.game.id != "terra-mystica":
        raise NoSuchTable("only Terra Mystica games have a Snellman ledger")
    from tabletop.games.terra_mystica.export import export_ledger

    return export_ledger(table.record, list(table.record.seats))
