"""The server under load: N tables played at once through the HTTP API on loopback.

Each table is Brian Boru for 3: one simulated person (listening to the table's WebSocket
as a browser does, and playing their first legal move over HTTP when it is their turn)
and two random bots that the server plays itself.  The server runs in its own process
(Uvicorn, one worker) on a fresh SQLite file or PostgreSQL database; the people are
asyncio tasks in this process (aiohttp: a light client, so that the load generator does
not become the bottleneck it was with httpx).

A person thinks before each move: ``--think T`` draws each pause uniformly between
T/2 and 3T/2 seconds (seeded), as people at a live table do; ``--think 0`` replies at
once, a closed loop that measures the most the server can take.  With ``--pin`` the
server runs on the first core and the people on the others (``os.sched_setaffinity``),
so that neither steals the other's processor.

Reported per N: the people's moves per second over the run, and the latency of a move
(``POST /moves`` until its answer, the bots' replies not included) at p50 and p99.

    python -m benchmarks.bench_server --tables 10 100 500 --seconds 20
    python -m benchmarks.bench_server --tables 500 --think 5 --pin \
        --db postgresql+psycopg://postgres@127.0.0.1:54329/bench
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def launch(
    db: str,
    port: int,
    workdir: Path,
    env: dict[str, str] | None = None,
    cpus: set[int] | None = None,
) -> subprocess.Popen[bytes]:
    """A server process on ``db`` (``env``: more settings, e.g. ``TABLETOP_BOT_SECONDS``;
    ``cpus``: the cores it may run on, its threads included)."""
    code = f"from tabletop.pages.run import serve; serve(port={port}, db={db!r})"
    env = {**os.environ, "TABLETOP_SECRET_KEY": "b" * 40, **(env or {})}
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=workdir,
        env=env,
        stdout=subprocess.DEVNULL,
        preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
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


def cpu_seconds(pid: int) -> float | None:
    """Processor time a process has used so far (Linux; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def person(
    client: aiohttp.ClientSession,
    table_id: str,
    until: float,
    think: float,
    rng: random.Random,
    latencies: list[float],
    replies: list[float],
) -> int:
    """A person at a browser: waits for the table's live feed to say it is their turn,
    thinks, then plays their first legal move over HTTP.  ``replies``: from a move's
    answer until the feed offers the person their next move (the bots' turns)."""
    moves = 0
    answered: float | None = None
    done = 0  # the entry of this person's last move: older news is stale
    loop = asyncio.get_running_loop()
    async with client.ws_connect(f"/api/tables/{table_id}/ws", compress=0) as feed:
        while (left := until - loop.time()) > 0:
            try:
                message = await feed.receive(timeout=left)
            except TimeoutError:
                break
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            seen = json.loads(message.data)
            if seen["over"]:
                break
            if not seen["legal"] or seen["seq"] < done:
                continue  # the bots are thinking, or news from before the last move
            if answered is not None:
                replies.append(time.perf_counter() - answered)
                answered = None
            if think:
                await asyncio.sleep(rng.uniform(think / 2, 3 * think / 2))
                if loop.time() >= until:
                    break
            body = {"seat": seen["seat"], "action": seen["legal"][0], "seq": seen["seq"]}
            began = time.perf_counter()
            try:
                async with client.post(f"/api/tables/{table_id}/moves", json=body) as answer:
                    ok = answer.status == 200
                    if ok:
                        done = (await answer.json())["seq"]
            except aiohttp.ClientError:
                continue  # a kept-alive connection closed as it was reused: wait for news
            if ok:
                answered = time.perf_counter()
                latencies.append(answered - began)
                moves += 1
    return moves


async def run(
    port: int, tables: int, seconds: float, think: float = 0.0, server_pid: int | None = None
) -> dict[str, Any]:
    connector = aiohttp.TCPConnector(limit=tables + 10)
    async with aiohttp.ClientSession(
        f"http://127.0.0.1:{port}",
        connector=connector,
        cookie_jar=aiohttp.CookieJar(unsafe=True),  # the server is an IP address
        timeout=aiohttp.ClientTimeout(total=120),
    ) as client:
        async with client.get("/api/me") as me:
            client.headers["X-CSRF-Token"] = (await me.json())["csrf"]
        name = f"bench{time.monotonic_ns() % 10**9}"
        signup = {"name": name, "password": "bench-password"}
        async with client.post("/api/signup", json=signup) as answer:
            answer.raise_for_status()
        ids = []
        seats = [
            {"kind": "me"},
            {"kind": "bot", "name": "random"},
            {"kind": "bot", "name": "random"},
        ]
        for _ in range(tables):
            async with client.post(
                "/api/tables", json={"game": "brian-boru", "seats": seats}
            ) as made:
                table_id = (await made.json())["id"]
            async with client.post(f"/api/tables/{table_id}/start") as started:
                started.raise_for_status()
            ids.append(table_id)
        latencies: list[float] = []
        replies: list[float] = []
        loop = asyncio.get_running_loop()
        began = loop.time()
        used = cpu_seconds(server_pid) if server_pid else None
        until = began + seconds
        counts = await asyncio.gather(
            *(
                person(client, t, until, think, random.Random(f"{i}"), latencies, replies)
                for i, t in enumerate(ids)
            )
        )
        elapsed = loop.time() - began
        used_now = cpu_seconds(server_pid) if server_pid else None
    latencies.sort()
    replies.sort()
    moves = sum(counts)
    cpu_ms = (
        round(1000 * (used_now - used) / moves, 2)
        if used is not None and used_now is not None and moves
        else None
    )
    return {
        "tables": tables,
        "think": think,
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1)
        if latencies
        else None,
        "reply_p50_ms": round(1000 * statistics.median(replies), 1) if replies else None,
        "reply_p99_ms": round(1000 * replies[int(0.99 * (len(replies) - 1))], 1)
        if replies
        else None,
        # The server's processor time per person move (their two bots' moves included).
        "server_cpu_ms_per_move": cpu_ms,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--seconds", type=float, default=20.0, help="play time per N")
    parser.add_argument(
        "--think", type=float, default=0.0, help="a person's mean pause before a move (s)"
    )
    parser.add_argument("--pin", action="store_true", help="server on core 0, people elsewhere")
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0))
    if args.pin and len(cores) < 2:
        parser.error("--pin needs at least two cores")
    with tempfile.TemporaryDirectory() as workdir:
        db = args.db or f"sqlite:///{Path(workdir) / 'bench.db'}"
        port = free_port()
        server = launch(db, port, Path(workdir), cpus={cores[0]} if args.pin else None)
        if args.pin:
            os.sched_setaffinity(0, set(cores[1:]))
        results = []
        try:
            for n in args.tables:
                results.append(asyncio.run(run(port, n, args.seconds, args.think, server.pid)))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    backend = db.split(":", 1)[0].split("+")[0]
    if args.json:
        print(json.dumps({"db": backend, "results": results}))
        return
    print(
        f"database: {backend}; {args.seconds:g} s per N; think {args.think:g} s; "
        "Brian Boru, 1 person + 2 random bots" + ("; pinned" if args.pin else "")
    )
    columns = (
        "tables",
        "moves",
        "moves/s",
        "p50 ms",
        "p99 ms",
        "reply p50",
        "reply p99",
        "server ms/move",
    )
    keys = (
        "tables",
        "moves",
        "moves_per_s",
        "p50_ms",
        "p99_ms",
        "reply_p50_ms",
        "reply_p99_ms",
        "server_cpu_ms_per_move",
    )
    print(" ".join(f"{c:>8}" for c in columns))
    for r in results:
        print(
            " ".join(f"{r.get(k)!s:>{max(8, len(c))}}" for k, c in zip(keys, columns, strict=True))
        )


if __name__ == "__main__":
    main()
