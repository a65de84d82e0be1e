"""A server killed (SIGKILL) in the middle of games loses no acknowledged move."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path

import httpx
import pytest
from benchmarks.bench_server import free_port, launch

from tabletop.store.database import make_engine, session_factory
from tabletop.store.journal import SqlJournal


def browser(port: int, name: str | None = None) -> httpx.Client:
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    client.headers["X-CSRF-Token"] = client.get("/api/me").json()["csrf"]
    if name is not None:
        client.post(
            "/api/signup", json={"name": name, "password": "secret-password"}
        ).raise_for_status()
    return client


@pytest.mark.slow
def test_sigkill_loses_no_acknowledged_move(db_url: str, tmp_path: Path) -> None:
    port = free_port()
    server = launch(db_url, port, tmp_path)
    acknowledged: dict[str, list[tuple[int, str]]] = {}
    stop = threading.Event()
    try:
        ada = browser(port, "ada")
        ids = []
        for _ in range(4):
            made = ada.post(
                "/api/tables", json={"game": "terra-mystica", "seats": [{"kind": "me"}] * 2}
            )
            table_id = made.json()["id"]
            ada.post(f"/api/tables/{table_id}/start").raise_for_status()
            ids.append(table_id)
            acknowledged[table_id] = []

        def play(table_id: str) -> None:
            client = httpx.Client(
                base_url=ada.base_url, cookies=ada.cookies, headers=ada.headers, timeout=10
            )
            while not stop.is_set():
                try:
                    seen = client.get(f"/api/tables/{table_id}/state").json()
                    if seen["over"]:
                        return
                    action = seen["legal"][-1] if seen["seq"] > 3 else seen["legal"][seen["seq"]]
                    body = {"seat": seen["seat"], "action": action, "seq": seen["seq"]}
                    answer = client.post(f"/api/tables/{table_id}/moves", json=body)
                except httpx.TransportError:
                    return  # the server is gone
                if answer.status_code == 200:
                    acknowledged[table_id].append((answer.json()["seq"], action))

        threads = [threading.Thread(target=play, args=(table_id,)) for table_id in ids]
        for thread in threads:
            thread.start()
        time.sleep(3)
        server.send_signal(signal.SIGKILL)
        server.wait()
        stop.set()
        for thread in threads:
            thread.join()
    finally:
        if server.poll() is None:
            server.kill()
    assert sum(len(moves) for moves in acknowledged.values()) > 20
    engine = make_engine(db_url)
    journal = SqlJournal(session_factory(engine))
    for table_id, moves in acknowledged.items():
        kept = {entry.seq: entry.text for entry in journal.entries(table_id)}
        for seq, action in moves:
            assert kept.get(seq) == action, f"table {table_id} lost move {seq}"
    engine.dispose()
    # The restarted server loads every table and plays on.
    again = launch(db_url, port, tmp_path)
    try:
        ada = browser(port)
        ada.post(
            "/api/login", json={"name": "ada", "password": "secret-password"}
        ).raise_for_status()
        for table_id in ids:
            seen = ada.get(f"/api/tables/{table_id}/state").json()
            assert seen["seq"] >= len(acknowledged[table_id])
            if not seen["over"]:
                body = {"seat": seen["seat"], "action": seen["legal"][0], "seq": seen["seq"]}
                assert ada.post(f"/api/tables/{table_id}/moves", json=body).status_code == 200
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(timeout=30)
