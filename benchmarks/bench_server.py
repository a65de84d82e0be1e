"""The server under load: N tables played at once through the HTTP API on loopback.

Each table is Brian Boru for 3: one simulated person (listening to the table's WebSocket
as a browser does, and playing their first legal move over HTTP as soon as it is their
turn) and two random bots that the server plays itself.  The server runs in its own
process (Uvicorn, one worker) on a fresh SQLite file or PostgreSQL database; the people
are asyncio tasks in this process.

Reported per N: the people's moves per second over the run, and the latency of a move
(``POST /moves`` until its answer, the bots' replies not included) at p50 and p99.  The
client shares the machine with the server: on a small machine it takes a good part of
the CPU, so the figures are a floor.

    python -m benchmarks.bench_server --tables 10 100 500 --seconds 20
    python -m benchmarks.bench_server --db postgresql+psycopg://postgres@127.0.0.1:54329/bench
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def launch(
    db: str, port: int, workdir: Path, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """A server process on ``db`` (``env``: more settings, e.g. ``TABLETOP_BOT_SECONDS``)."""
    code = f"from tabletop.pages.run import serve; serve(port={port}, db={db!r})"
    env = {**os.environ, "TABLETOP_SECRET_KEY": "b" * 40, **(env or {})}
    process = subprocess.Popen(
        [sys.executable, "-c", code], cwd=workdir, env=env, stdout=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/me", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


async def person(
    client: httpx.AsyncClient, port: int, table_id: str, until: float, latencies: list[float]
) -> int:
    """A person at a browser: waits for the table's live feed to say it is their turn,
    then plays their first legal move over HTTP."""
    moves = 0
    cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    url = f"ws://127.0.0.1:{port}/api/tables/{table_id}/ws"
    async with connect(url, additional_headers={"Cookie": cookie}, compression=None) as feed:
        while time.monotonic() < until:
            try:
                message = await asyncio.wait_for(feed.recv(), timeout=until - time.monotonic())
            except TimeoutError:
                break
            seen = json.loads(message)
            if seen["over"]:
                break
            if not seen["legal"]:
                continue  # the bots are thinking
            body = {"seat": seen["seat"], "action": seen["legal"][0], "seq": seen["seq"]}
            began = time.perf_counter()
            try:
                answer = await client.post(f"/api/tables/{table_id}/moves", json=body)
            except httpx.TransportError:
                continue  # a kept-alive connection closed as it was reused: wait for news
            if answer.status_code == 200:
                latencies.append(time.perf_counter() - began)
                moves += 1
    return moves


async def run(port: int, tables: int, seconds: float) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=tables + 10, max_keepalive_connections=tables + 10)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", timeout=120, limits=limits
    ) as client:
        client.headers["X-CSRF-Token"] = (await client.get("/api/me")).json()["csrf"]
        name = f"bench{time.monotonic_ns() % 10**9}"
        signup = {"name": name, "password": "bench-password"}
        (await client.post("/api/signup", json=signup)).raise_for_status()
        ids = []
        seats = [
            {"kind": "me"},
            {"kind": "bot", "name": "random"},
            {"kind": "bot", "name": "random"},
        ]
        for _ in range(tables):
            made = await client.post("/api/tables", json={"game": "brian-boru", "seats": seats})
            table_id = made.json()["id"]
            (await client.post(f"/api/tables/{table_id}/start")).raise_for_status()
            ids.append(table_id)
        latencies: list[float] = []
        began = time.monotonic()
        until = began + seconds
        counts = await asyncio.gather(*(person(client, port, t, until, latencies) for t in ids))
        elapsed = time.monotonic() - began
    latencies.sort()
    moves = sum(counts)
    return {
        "tables": tables,
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1)
        if latencies
        else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--seconds", type=float, default=20.0, help="play time per N")
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        db = args.db or f"sqlite:///{Path(workdir) / 'bench.db'}"
        port = free_port()
        server = launch(db, port, Path(workdir))
        try:
            results = [asyncio.run(run(port, n, args.seconds)) for n in args.tables]
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    backend = db.split(":", 1)[0].split("+")[0]
    if args.json:
        print(json.dumps({"db": backend, "results": results}))
        return
    print(f"database: {backend}; {args.seconds:g} s per N; Brian Boru, 1 person + 2 random bots")
    print(f"{'tables':>7} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7}")
    for r in results:
        cells = (r["tables"], r["moves"], r["moves_per_s"], r["p50_ms"], r["p99_ms"])
        print(
            " ".join(
                f"{cell!s:>{width}}" for cell, width in zip(cells, (7, 7, 8, 7, 7), strict=True)
            )
        )


if __name__ == "__main__":
    main()
