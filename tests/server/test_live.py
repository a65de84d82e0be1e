"""Live play: WebSocket pushes, hot-seat handover, restarts, races, clocks, undo."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update
from starlette.websockets import WebSocketDisconnect

from tabletop.store.models import TableRow
from tests.server.conftest import Clock, Player, hub, make_app, settle
from tests.server.test_api import create, start, state


def move(player: Player, table_id: str, seat: int, action: str, seq: int) -> Any:
    return player.post(
        f"/api/tables/{table_id}/moves", {"seat": seat, "action": action, "seq": seq}
    )


def test_websocket_pushes_each_seat_its_own_view(app: FastAPI) -> None:
    ada, bob = Player(app, "ada"), Player(app, "bob")
    table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "open"}])
    tid = table["id"]
    bob.post(f"/api/tables/{tid}/join", {})
    start(app, ada, tid)
    with (
        ada.client.websocket_connect(f"/api/tables/{tid}/ws") as ada_ws,
        bob.client.websocket_connect(f"/api/tables/{tid}/ws") as bob_ws,
    ):
        first = ada_ws.receive_json()
        assert first["type"] == "state" and first["seat"] == 0 and first["legal"]
        assert bob_ws.receive_json()["legal"] == []
        assert move(ada, tid, 0, "setup witches", 0).status_code == 200
        pushed = bob_ws.receive_json()
        assert (
            pushed["seq"] == 1
            and pushed["seat"] == 1
            and pushed["to_move"] == [1]
            and pushed["legal"]
        )
        assert ada_ws.receive_json()["seq"] == 1
    spectator = Player(app)
    with spectator.client.websocket_connect(f"/api/tables/{tid}/ws") as watch:
        assert watch.receive_json()["seat"] is None
    url = f"/api/tables/{tid}/ws?seat=0"
    connect = spectator.client.websocket_connect
    with pytest.raises(WebSocketDisconnect) as refused, connect(url) as ws:
        ws.receive_json()
    assert refused.value.code == 4403


def test_hot_seat_handover_is_announced(app: FastAPI) -> None:
    ada = Player(app, "ada")
    table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "me"}])
    tid = table["id"]
    start(app, ada, tid)
    with ada.client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        first = ws.receive_json()
        assert first["seat"] == 0 and first["handover"] is False
        move(ada, tid, 0, "setup witches", 0)
        second = ws.receive_json()
        assert second["seat"] == 1 and second["handover"] is True


def test_undo_within_a_turn_through_the_api(app: FastAPI) -> None:
    ada = Player(app, "ada")
    table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "me"}])
    tid = table["id"]
    start(app, ada, tid)
    for _ in range(200):
        seen = state(ada, tid)
        converts = [a for a in seen["legal"] if a.startswith("convert")]
        if converts and seen["seq"] > 10:
            break
        move(
            ada,
            tid,
            seen["seat"],
            seen["legal"][-1] if seen["seq"] > 4 else seen["legal"][0],
            seen["seq"],
        )
    else:
        raise AssertionError("no conversion offered")
    seat = seen["seat"]
    assert move(ada, tid, seat, converts[0], seen["seq"]).status_code == 200
    after = state(ada, tid)
    assert after["undoable"] >= 1
    response = ada.post(f"/api/tables/{tid}/undo", {"seat": seat, "seq": after["seq"]})
    assert response.status_code == 200
    assert state(ada, tid)["view"] == seen["view"]
    refused = ada.post(f"/api/tables/{tid}/undo", {"seat": 1 - seat, "seq": after["seq"] + 1})
    assert refused.status_code == 422


def test_a_restarted_server_resumes_every_table(
    sqlite_url: str, tmp_path: Path, clock: Clock
) -> None:
    first = make_app(sqlite_url, tmp_path, clock, start_hub=False)
    with TestClient(first):
        ada = Player(first, "ada")
        table = create(
            ada,
            "brian-boru",
            [{"kind": "me"}, {"kind": "bot", "name": "random"}, {"kind": "bot", "name": "random"}],
        )
        tid = table["id"]
        start(first, ada, tid)
        for _ in range(20):
            settle(first, tid)
            seen = state(ada, tid)
            move(ada, tid, 0, seen["legal"][0], seen["seq"])
        settle(first, tid)
        before = state(ada, tid)
    second = make_app(sqlite_url, tmp_path, clock)
    with TestClient(second):
        ada.client = TestClient(second, cookies=ada.client.cookies, headers=ada.client.headers)
        assert state(ada, tid) == before


def test_a_damaged_table_does_not_keep_the_server_from_starting(
    sqlite_url: str, tmp_path: Path, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    first = make_app(sqlite_url, tmp_path, clock, start_hub=False)
    with TestClient(first):
        ada = Player(first, "ada")
        seats = [
            {"kind": "me"},
            {"kind": "bot", "name": "random"},
            {"kind": "bot", "name": "random"},
        ]
        damaged, sound = (
            create(ada, "brian-boru", seats)["id"],
            create(ada, "brian-boru", seats)["id"],
        )
        start(first, ada, damaged)
        start(first, ada, sound)
        with first.state.sessions.begin() as session:
            session.execute(update(TableRow).where(TableRow.id == damaged).values(setup={}))
    second = make_app(sqlite_url, tmp_path, clock)
    with TestClient(second):
        ada.client = TestClient(second, cookies=ada.client.cookies, headers=ada.client.headers)
        settle(second, sound)
        seen = state(ada, sound)
        assert move(ada, sound, 0, seen["legal"][0], seen["seq"]).status_code == 200
        refused = ada.get(f"/api/tables/{damaged}/state")
        assert 400 <= refused.status_code < 500 and "setup" in refused.json()["detail"]
    assert f"table {damaged} cannot be loaded" in caplog.text


def test_the_same_move_sent_twice_at_once_is_applied_once(app: FastAPI) -> None:
    ada = Player(app, "ada")
    table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "me"}])
    tid = table["id"]
    start(app, ada, tid)
    barrier = threading.Barrier(4)
    codes: list[int] = []

    def send(action: str) -> None:
        client = TestClient(app, cookies=ada.client.cookies, headers=ada.client.headers)
        barrier.wait()
        codes.append(
            client.post(
                f"/api/tables/{tid}/moves", json={"seat": 0, "action": action, "seq": 0}
            ).status_code
        )

    threads = [
        threading.Thread(target=send, args=(text,))
        for text in ("setup witches", "setup witches", "setup nomads", "setup giants")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [200, 409, 409, 409]
    assert state(ada, tid)["seq"] == 1
    assert len(hub(app).journal.entries(tid)) == 1


def test_a_person_out_of_time_is_played_by_a_bot_and_comes_back(app: FastAPI, clock: Clock) -> None:
    ada, bob = Player(app, "ada"), Player(app, "bob")
    table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "open"}], time_control="move:1h")
    tid = table["id"]
    bob.post(f"/api/tables/{tid}/join", {})
    start(app, ada, tid)
    assert state(ada, tid)["clocks"]["0"] == pytest.approx(3600)
    clock.t += 3599
    assert hub(app).check_clocks() == []
    clock.t += 1
    assert hub(app).check_clocks() == [(tid, 0)]
    settle(app, tid)
    seen = state(ada, tid)
    # The stand-in chose ada's faction; now bob, a person, is awaited.
    assert seen["away"] == [0] and seen["to_move"] == [1] and seen["seq"] == 2
    assert bob.post(f"/api/tables/{tid}/back", {"seat": 1}).status_code == 400
    assert ada.post(f"/api/tables/{tid}/back", {"seat": 0}).status_code == 200
    assert state(ada, tid)["away"] == []


def test_two_servers_on_one_postgresql_database(db_url: str, tmp_path: Path, clock: Clock) -> None:
    """A move made through one server process reaches a WebSocket connected to another."""
    if not db_url.startswith("postgresql"):
        pytest.skip("several processes share a PostgreSQL database (SQLite is one process)")
    one = make_app(db_url, tmp_path, clock, start_hub=False)
    two = make_app(db_url, tmp_path, clock, start_hub=False)
    with TestClient(one), TestClient(two):
        ada = Player(one, "ada")
        table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "me"}])
        tid = table["id"]
        start(one, ada, tid)
        other = TestClient(two, cookies=ada.client.cookies, headers=ada.client.headers)
        with other.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            assert ws.receive_json()["seq"] == 0
            assert move(ada, tid, 0, "setup witches", 0).status_code == 200
            pushed = ws.receive_json()
            assert pushed["seq"] == 1 and pushed["to_move"] == [1]
            # A chat line said through the first server is announced on the second.
            said = ada.post(f"/api/tables/{tid}/chat", {"text": "hello"})
            assert ws.receive_json()["chat"] == said.json()["id"] > 0
        # From here the first server hears no announcements, as if NOTIFY were slow.
        one.state.pubsub._local._listeners.clear()
        # The second server now refuses the move the first one already took.
        stale = other.post(
            f"/api/tables/{tid}/moves", json={"seat": 0, "action": "setup giants", "seq": 0}
        )
        assert stale.status_code == 409
        assert (
            other.post(
                f"/api/tables/{tid}/moves", json={"seat": 1, "action": "setup nomads", "seq": 1}
            ).status_code
            == 200
        )
        # The first server shows that move at once, and takes a move made on it, whether
        # or not the second's announcement has arrived (read-your-writes).
        seen = state(ada, tid)
        assert seen["seq"] == 2
        mover = seen["to_move"][0]
        assert move(ada, tid, mover, seen["legal"][0], 2).status_code == 200


def test_bots_stop_after_the_entry_cap(app: FastAPI) -> None:
    """A game only bots play stops being played at the cap (it may never end)."""
    hub(app).max_entries = 7
    ada = Player(app, "ada")
    table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "bot", "name": "random"}])
    tid = table["id"]
    start(app, ada, tid)
    assert ada.post(f"/api/tables/{tid}/away", {"seat": 0}).status_code == 200
    settle(app, tid)
    seen = state(ada, tid)
    assert seen["seq"] == 7 and not seen["over"]


def test_the_server_gives_its_bots_a_time_budget(app: FastAPI) -> None:
    ada = Player(app, "ada")
    table = create(
        ada,
        "brian-boru",
        [{"kind": "me"}, {"kind": "bot", "name": "greedy"}, {"kind": "bot", "name": "random"}],
    )
    start(app, ada, table["id"])
    live = hub(app).live(table["id"])
    assert hub(app).bot_seconds == app.state.settings.bot_seconds == 2.0
    assert live.table.bot_for(1).time_budget == 2.0
