"""The HTTP API: accounts, lobby, play, safety; on SQLite and on PostgreSQL."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from tabletop.engine import Record
from tests.server.conftest import Player, settle


def create(player: Player, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    response = player.post("/api/tables", {"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def start(app: FastAPI, player: Player, table_id: str) -> None:
    response = player.post(f"/api/tables/{table_id}/start")
    assert response.status_code == 200, response.text
    settle(app, table_id)


def state(player: Player, table_id: str, seat: int | None = None) -> dict[str, Any]:
    query = "" if seat is None else f"?seat={seat}"
    response = player.get(f"/api/tables/{table_id}/state{query}")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def play_first_legal(
    app: FastAPI, players: dict[int, Player], table_id: str, limit: int = 3000
) -> None:
    """People always take their first legal move until the game ends."""
    for _ in range(limit):
        settle(app, table_id)
        seen = state(next(iter(players.values())), table_id)
        if seen["over"]:
            return
        movers = [seat for seat in seen["to_move"] if seat in players]
        assert movers, f"nobody of ours to move: {seen['to_move']}"
        seat = movers[0]
        mine = state(players[seat], table_id, seat)
        response = players[seat].post(
            f"/api/tables/{table_id}/moves",
            {"seat": seat, "action": mine["legal"][0], "seq": mine["seq"]},
        )
        assert response.status_code == 200, response.text
    raise AssertionError("game did not end")


def test_accounts(app: FastAPI) -> None:
    ada = Player(app, "ada")
    assert ada.get("/api/me").json()["name"] == "ada"
    assert ada.post("/api/logout").json()["name"] is None
    assert ada.get("/api/me").json()["name"] is None
    ada.client.headers["X-CSRF-Token"] = ada.get("/api/me").json()["csrf"]
    wrong = ada.post("/api/login", {"name": "ada", "password": "not-the-password"})
    assert wrong.status_code == 401 and wrong.json() == {"detail": "wrong name or password"}
    assert ada.post("/api/login", {"name": "ADA", "password": "secret-password"}).status_code == 200
    again = Player(app)
    taken = again.post("/api/signup", {"name": "Ada", "password": "another-password"})
    assert taken.status_code == 409
    short = again.post("/api/signup", {"name": "bob", "password": "short"})
    assert short.status_code == 400 and "password" in short.json()["detail"]


def test_writes_need_the_csrf_header(app: FastAPI) -> None:
    ada = Player(app, "ada")
    del ada.client.headers["X-CSRF-Token"]
    response = ada.post("/api/tables", {"game": "brian-boru", "seats": [{"kind": "me"}] * 3})
    assert response.status_code == 403 and "X-CSRF-Token" in response.json()["detail"]


def test_a_person_plays_brian_boru_against_bots_to_the_end(app: FastAPI) -> None:
    ada = Player(app, "ada")
    table = create(
        ada,
        "brian-boru",
        [{"kind": "me"}, {"kind": "bot", "name": "random"}, {"kind": "bot", "name": "greedy"}],
    )
    assert table["status"] == "open" and table["your_seats"] == [0] and "invite" in table
    start(app, ada, table["id"])
    seen = state(ada, table["id"])
    assert seen["seat"] == 0 and "seed" not in str(seen["view"]).lower().split("'seed'")[0:1][0][:0]
    play_first_legal(app, {0: ada}, table["id"])
    final = state(ada, table["id"])
    assert final["over"] and len(final["outcome"]["ranks"]) == 3
    summary = ada.get(f"/api/tables/{table['id']}").json()
    assert (
        summary["status"] == "finished"
        and summary["outcome"]["scores"] == final["outcome"]["scores"]
    )
    record = Record.from_json(ada.get(f"/api/tables/{table['id']}/record").json())
    assert list(record.replay().outcome().scores) == final["outcome"]["scores"]
    page = ada.get("/api/users/ada").json()
    assert [r["table"] for r in page["results"]] == [table["id"]]
    assert ada.get(f"/api/tables/{table['id']}/ledger").status_code == 404


def test_moves_are_checked(app: FastAPI) -> None:
    ada, bob = Player(app, "ada"), Player(app, "bob")
    table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "open"}])
    tid = table["id"]
    assert bob.post(f"/api/tables/{tid}/start").status_code == 403
    assert (
        ada.post(f"/api/tables/{tid}/start").json()["detail"]
        == "every seat must be taken before the start"
    )
    assert bob.post(f"/api/tables/{tid}/join", {}).json()["your_seats"] == [1]
    assert bob.post(f"/api/tables/{tid}/join", {}).status_code == 409
    start(app, ada, tid)
    url = f"/api/tables/{tid}/moves"
    assert ada.post(url, {"seat": 1, "action": "setup witches", "seq": 0}).status_code == 403
    assert bob.post(url, {"seat": 1, "action": "setup witches", "seq": 0}).status_code == 422
    bad = ada.post(url, {"seat": 0, "action": "fly away", "seq": 0})
    assert bad.status_code == 400 and bad.json()["detail"]
    assert ada.post(url, {"seat": 0, "action": "setup witches", "seq": 0}).status_code == 200
    duplicate = ada.post(url, {"seat": 0, "action": "setup witches", "seq": 0})
    assert duplicate.status_code == 409 and "already played" in duplicate.json()["detail"]
    stale = bob.post(url, {"seat": 1, "action": "setup nomads", "seq": 0})
    assert stale.status_code == 409
    assert bob.post(url, {"seat": 1, "action": "setup nomads", "seq": 1}).status_code == 200
    spectator = Player(app)
    watched = state(spectator, tid)
    assert watched["seat"] is None and watched["legal"] == [] and watched["seq"] == 2
    assert spectator.post(url, {"seat": 0, "action": "build E7", "seq": 2}).status_code == 403
    running = ada.get(f"/api/tables/{tid}/record").json()  # the public record
    assert running["format"] == "tabletop-public-record" and "seed" not in running
    assert running["actions"] == [[0, "setup witches"], [1, "setup nomads"]]
    assert ada.get("/api/tables/nope/state").status_code == 404


def test_bad_requests_get_one_line_errors(app: FastAPI) -> None:
    ada = Player(app, "ada")
    malformed = ada.client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert malformed.status_code == 400 and "\n" not in malformed.json()["detail"]
    huge = ada.client.post(
        "/api/tables", content=b"x" * 200_000, headers={"content-type": "application/json"}
    )
    assert huge.status_code == 413
    for body in (
        {"game": "chess", "seats": [{"kind": "me"}]},
        {"game": "scythe", "seats": [{"kind": "me"}]},
        {"game": "scythe", "seats": [{"kind": "me"}, {"kind": "bot", "name": "nobody"}]},
        {
            "game": "scythe",
            "seats": [{"kind": "me"}, {"kind": "me"}],
            "options": {"automa-coins": "x"},
        },
        {"game": "scythe", "seats": [{"kind": "me"}, {"kind": "me"}], "time_control": "soon"},
        {"game": "scythe", "seats": [{"kind": "alien"}]},
    ):
        response = ada.post("/api/tables", body)
        assert 400 <= response.status_code < 500, (body, response.text)
        assert isinstance(response.json()["detail"], str)


def test_guests_join_by_invite_and_hot_seat(app: FastAPI) -> None:
    ada = Player(app, "ada")
    table = create(ada, "brian-boru", [{"kind": "me"}, {"kind": "me"}, {"kind": "open"}])
    tid = table["id"]
    guest = Player(app)
    assert guest.post(f"/api/tables/{tid}/join", {"name": "gwen"}).status_code == 401
    joined = guest.post(f"/api/tables/{tid}/join", {"name": "gwen", "invite": table["invite"]})
    assert joined.status_code == 200 and joined.json()["your_seats"] == [2]
    assert "invite" not in joined.json()
    start(app, ada, tid)
    seen = state(ada, tid)
    assert seen["your_seats"] == [0, 1]
    assert state(guest, tid)["your_seats"] == [2]
    assert guest.get(f"/api/tables/{tid}/state?seat=0").status_code == 403
    mine = guest.get("/api/tables/mine").json()
    assert [t["id"] for t in mine] == [tid]


def test_ratings_after_a_rated_game(app: FastAPI) -> None:
    ada, bob = Player(app, "ada"), Player(app, "bob")
    table = create(
        ada,
        "brian-boru",
        [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "name": "random"}],
        rated=True,
    )
    bob.post(f"/api/tables/{table['id']}/join", {})
    start(app, ada, table["id"])
    play_first_legal(app, {0: ada, 1: bob}, table["id"])
    board = ada.get("/api/leaderboard/brian-boru").json()
    assert sorted(line["name"] for line in board) == ["ada", "bob"]
    assert all(line["games"] == 1 for line in board)
    assert ada.get("/api/leaderboard/chess").status_code == 404


def test_mcts_bots_take_seats_by_level_and_play_to_the_end(app: FastAPI) -> None:
    ada = Player(app, "ada")
    seats = [
        {"kind": "me"},
        {"kind": "bot", "name": "mcts:easy"},
        {"kind": "bot", "name": "mcts:20"},
    ]
    table = create(ada, "brian-boru", seats)
    start(app, ada, table["id"])
    play_first_legal(app, {0: ada}, table["id"])
    final = state(ada, table["id"])
    assert final["over"] and len(final["outcome"]["ranks"]) == 3
    bad = ada.post(
        "/api/tables",
        {"game": "brian-boru", "seats": [{"kind": "me"}, *[{"kind": "bot", "name": "mcts:x"}] * 2]},
    )
    assert bad.status_code == 400 and "mcts takes easy, medium, hard" in bad.json()["detail"]
