"""The live feed of a table: after every change, each connection gets its own seat's view.

Connect to ``/api/tables/{id}/ws`` (optionally ``?seat=N``) with the session cookie.
Messages are JSON: ``{"type": "state", ...}`` as ``GET /api/tables/{id}/state`` returns,
plus ``"chat"`` (the id of the table's newest chat line) and ``"handover": true`` when
the seat shown changed since the previous message (hot seat: the page hides the previous
seat's view until the next person is ready).  Moves
are sent over HTTP; the socket only listens.  A bad table or seat closes the socket with
code 4404 or 4403 and a one-line reason.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect, status
from starlette.concurrency import run_in_threadpool

from tabletop.engine import TabletopError
from tabletop.server.deps import caller_of_session
from tabletop.server.errors import Forbidden
from tabletop.server.pubsub import subscription
from tabletop.server.routes.play import my_seats, table_state, with_view

router = APIRouter()

#: Close codes (4000-4999 are the application's).
FORBIDDEN, NOT_FOUND = 4403, 4404


@router.websocket("/api/tables/{table_id}/ws")
async def feed(websocket: WebSocket, table_id: str, seat: int | None = None) -> None:
    app = websocket.app
    caller = caller_of_session(websocket.session)

    try:
        seats = await run_in_threadpool(my_seats, app.state.hub, caller, table_id)
        if seat is not None and seat not in seats:
            raise Forbidden(f"seat {seat} is not yours")
    except Forbidden as exc:
        await websocket.close(code=FORBIDDEN, reason=str(exc)[:120])
        return
    except TabletopError as exc:
        await websocket.close(code=NOT_FOUND, reason=str(exc)[:120])
        return
    await websocket.accept()
    shown: int | None = None
    first = True
    sent = (-1, -1)  # the (seq, chat line) of the last message

    def look() -> dict[str, Any] | None:
        # One trip to the thread pool per push: the view and the newest chat line.  Only
        # the first look reads a shared database's journal: later ones follow
        # announcements, which the hub has heard before they reach this feed.
        hub = app.state.hub
        if not first:
            live = hub.live(table_id)
            if (live.table.seq, hub.chat_line(table_id)) == sent and live.heard <= sent[0]:
                return None  # already sent: a change announced twice, or read early
        data = table_state(hub, table_id, seats, seat, fresh=first, view_as_text=True)
        data["type"] = "state"
        data["chat"] = hub.chat_line(table_id)
        return data

    async def push() -> None:
        nonlocal shown, first, sent
        data = await run_in_threadpool(look)
        if data is None:
            return
        data["handover"] = not first and data["seat"] != shown
        shown, first, sent = data["seat"], False, (data["seq"], data["chat"])
        await websocket.send_text(with_view(data))

    async with subscription(app.state.pubsub, table_id) as queue:
        receiver = asyncio.create_task(_drain(websocket))
        try:
            await push()
            while True:
                getter = asyncio.create_task(queue.get())
                done, _ = await asyncio.wait(
                    {getter, receiver}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiver in done:
                    getter.cancel()
                    return
                while not queue.empty():  # several changes at once: send the latest only
                    queue.get_nowait()
                await push()
        except (WebSocketDisconnect, RuntimeError):
            return
        finally:
            receiver.cancel()
            with contextlib.suppress(Exception):
                await websocket.close(code=status.WS_1000_NORMAL_CLOSURE)


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, to notice when it goes away."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()
