"""Telling connections that a table changed.

A change is published as ``(table_id, seq)``; each WebSocket connection subscribed to the
table then fetches its own seat's view (a view is never broadcast).  :class:`LocalPubSub`
serves one process; a cluster of server processes on one PostgreSQL database uses
:class:`tabletop.server.pg_pubsub.PostgresPubSub` (LISTEN/NOTIFY) behind the same interface.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Protocol


class PubSub(Protocol):
    #: Whether other server processes publish here too (their moves reach this process's
    #: tables only through the database's journal).
    shared: bool

    def publish(self, table_id: str, seq: int) -> None:
        """Announce that ``table_id`` reached entry ``seq`` (callable from any thread)."""

    def subscribe(self, table_id: str) -> asyncio.Queue[int]:
        """A queue receiving the table's new sequence numbers (call from the event loop)."""

    def unsubscribe(self, table_id: str, queue: asyncio.Queue[int]) -> None: ...

    def add_listener(self, listener: Callable[[str, int], None]) -> None:
        """Also tell ``listener(table_id, seq)`` of every announcement (from any thread);
        where other processes publish too (``shared``), of theirs only."""

    def close(self) -> None: ...


class LocalPubSub:
    """Fan-out within one process, safe to publish from worker threads."""

    shared = False

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queues: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[int]]]] = {}
        self._listeners: list[Callable[[str, int], None]] = []

    def add_listener(self, listener: Callable[[str, int], None]) -> None:
        self._listeners.append(listener)

    def publish(self, table_id: str, seq: int, *, listeners: bool = True) -> None:
        if listeners:
            for listener in self._listeners:
                listener(table_id, seq)
        with self._lock:
            targets = list(self._queues.get(table_id, ()))
        for loop, queue in targets:
            # A closed loop is a connection going away: nothing to tell it.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(queue.put_nowait, seq)

    def subscribe(self, table_id: str) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue()
        with self._lock:
            self._queues.setdefault(table_id, set()).add((asyncio.get_running_loop(), queue))
        return queue

    def unsubscribe(self, table_id: str, queue: asyncio.Queue[int]) -> None:
        with self._lock:
            subscribers = self._queues.get(table_id, set())
            for item in [item for item in subscribers if item[1] is queue]:
                subscribers.discard(item)
            if not subscribers:
                self._queues.pop(table_id, None)

    def close(self) -> None:
        with self._lock:
            self._queues.clear()


@asynccontextmanager
async def subscription(pubsub: PubSub, table_id: str) -> AsyncIterator[asyncio.Queue[int]]:
    queue = pubsub.subscribe(table_id)
    try:
        yield queue
    finally:
        pubsub.unsubscribe(table_id, queue)
