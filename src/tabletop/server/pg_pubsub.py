"""Changes announced across server processes with PostgreSQL's LISTEN/NOTIFY.

Several server processes (on several machines behind a load balancer) share one
PostgreSQL database.  A move made through one process is announced with ``NOTIFY``; every
process ``LISTEN``s on the channel in a background thread and hands the announcement to
its own connections, which then read the table (catching up with the journal).  A
process tells its own connections at once, and skips the echo of its own notifications.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
from collections.abc import Callable

import psycopg

from tabletop.server.pubsub import LocalPubSub

log = logging.getLogger(__name__)

CHANNEL = "tabletop_tables"


def libpq_url(sqlalchemy_url: str) -> str:
    """``postgresql+psycopg://...`` as libpq writes it (``postgresql://...``).

    >>> libpq_url("postgresql+psycopg://u@h:5432/db")
    'postgresql://u@h:5432/db'
    """
    scheme, sep, rest = sqlalchemy_url.partition("://")
    return f"{scheme.split('+')[0]}{sep}{rest}"


class PostgresPubSub:
    """:class:`tabletop.server.pubsub.PubSub` over LISTEN/NOTIFY (see the module docstring)."""

    shared = True

    def __init__(self, url: str) -> None:
        self._url = libpq_url(url)
        self._local = LocalPubSub()
        #: Marks this process's notifications (payload ``origin:table:seq``).
        self._origin = secrets.token_hex(6)
        self._send_lock = threading.Lock()
        self._sender = psycopg.connect(self._url, autocommit=True)
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="pg-listen", daemon=True)
        self._thread.start()
        self._ready.wait(timeout=10)

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.5):
                            origin, _, rest = note.payload.partition(":")
                            table_id, _, seq = rest.rpartition(":")
                            if origin != self._origin and seq.isdigit():
                                self._local.publish(table_id, int(seq))
            except psycopg.Error:
                if not self._stop.is_set():
                    log.exception("lost the LISTEN connection; reconnecting")
                    self._stop.wait(1.0)

    def publish(self, table_id: str, seq: int) -> None:
        # This process's own connections at once; its listeners (the hub) hear only what
        # other processes announce: they already know what happened here.
        self._local.publish(table_id, seq, listeners=False)
        with self._send_lock:
            self._sender.execute(
                "SELECT pg_notify(%s, %s)", (CHANNEL, f"{self._origin}:{table_id}:{seq}")
            )

    def subscribe(self, table_id: str) -> asyncio.Queue[int]:
        return self._local.subscribe(table_id)

    def unsubscribe(self, table_id: str, queue: asyncio.Queue[int]) -> None:
        self._local.unsubscribe(table_id, queue)

    def add_listener(self, listener: Callable[[str, int], None]) -> None:
        self._local.add_listener(listener)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._sender.close()
        self._local.close()
