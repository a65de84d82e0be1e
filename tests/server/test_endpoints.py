"""The remaining endpoints: games, table lists, leaving, resigning, handing a seat to its
stand-in, a finished Terra Mystica game's Snellman ledger."""

from __future__ import annotations

from fastapi import FastAPI

from tabletop.games.terra_mystica.ledger import parse_ledger
from tabletop.games.terra_mystica.replay import replay
from tests.server.conftest import Player, settle
from tests.server.test_api import create, start, state


def test_games_lists_every_game_its_options_and_the_bots(app: FastAPI) -> None:
    data = Player(app).get("/api/games").json()
    assert {g["id"] for g in data["games"]} >= {"brian-boru", "scythe", "terra-mystica"}
    scythe = next(g for g in data["games"] if g["id"] == "scythe")
    assert any(o["name"] == "automa-coins" for o in scythe["options"])
    assert {"random", "greedy", "automa"} <= {b["name"] for b in data["bots"]}


def test_table_lists_by_status_and_leaving_before_the_start(app: FastAPI) -> None:
    ada, bob = Player(app, "ada"), Player(app, "bob")
    table = create(ada, "brian-boru", [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])
    tid = table["id"]
    assert [t["id"] for t in bob.get("/api/tables?status=open").json()] == [tid]
    bob.post(f"/api/tables/{tid}/join", {"seat": 2})
    assert bob.post(f"/api/tables/{tid}/leave", {"seat": 1}).status_code == 403  # not bob's
    left = bob.post(f"/api/tables/{tid}/leave", {"seat": 2})
    assert left.status_code == 200 and left.json()["seats"][2]["open"] is True
    assert bob.get("/api/tables?status=playing").json() == []
    assert bob.get("/api/tables?status=nonsense").status_code == 400


def test_resigning_and_handing_a_seat_to_its_stand_in(app: FastAPI) -> None:
    ada, bob = Player(app, "ada"), Player(app, "bob")
    table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "open"}])
    tid = table["id"]
    bob.post(f"/api/tables/{tid}/join", {})
    start(app, ada, tid)
    refused = ada.post(f"/api/tables/{tid}/resign", {"seat": 0})
    assert refused.status_code == 422 and "setup" in refused.json()["detail"]
    assert bob.post(f"/api/tables/{tid}/away", {"seat": 1}).status_code == 200
    ada.post(f"/api/tables/{tid}/moves", {"seat": 0, "action": "setup witches", "seq": 0})
    settle(app, tid)
    seen = state(ada, tid)
    assert seen["away"] == [1] and seen["to_move"] == [0]  # the stand-in chose for bob


def test_a_finished_terra_mystica_game_downloads_as_a_ledger_the_engine_replays(
    app: FastAPI,
) -> None:
    ada = Player(app, "ada")
    seats = [{"kind": "me"}, {"kind": "bot", "name": "random"}]
    table = create(ada, "terra-mystica", seats)
    tid = table["id"]
    start(app, ada, tid)
    assert ada.post(f"/api/tables/{tid}/away", {"seat": 0}).status_code == 200  # bots finish it
    settle(app, tid)
    final = state(ada, tid)
    assert final["over"]
    ledger = ada.get(f"/api/tables/{tid}/ledger")
    assert ledger.status_code == 200
    result = replay(parse_ledger(ledger.text))
    assert result.ok and result.state is not None
    assert list(result.state.vp) == final["outcome"]["scores"]
