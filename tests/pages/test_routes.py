"""The pages as HTML (no browser): what each page shows, and to whom; the chat API."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tabletop.pages.app import create_app
from tabletop.server.settings import Settings
from tests.server.conftest import Clock, Player, settle
from tests.server.test_api import create, play_first_legal, start, state


@pytest.fixture
def site(tmp_path: Path) -> Iterator[FastAPI]:
    settings = Settings(
        db=f"sqlite:///{tmp_path / 'site.db'}", secret_key="k" * 40, secret_file=tmp_path / "s"
    )
    application = create_app(settings, now=Clock(), start_hub=False)
    with TestClient(application):
        yield application


def html(player: Player, url: str, status: int = 200) -> str:
    response = player.get(url)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("text/html")
    text: str = response.text
    return text


def test_lobby_pages(site: FastAPI) -> None:
    visitor = Player(site)
    home = html(visitor, "/")
    assert 'aria-label="sign up"' in home and 'name="csrf"' in home
    ada = Player(site, "ada")
    home = html(ada, "/")
    assert "/new?game=scythe" in home and "Log out" in home
    for game in ("brian-boru", "terra-mystica", "scythe"):
        form = html(ada, f"/new?game={game}")
        assert 'data-api="/api/tables"' in form and 'data-type="seat"' in form
    scythe = html(ada, "/new?game=scythe")
    assert "bot:automa:ultimaszyna" in scythe and 'name="options.automa-coins"' in scythe
    assert 'name="options.automa"' not in scythe  # an Automa seat sets it
    assert "automa:" not in html(ada, "/new?game=brian-boru")
    assert "bot:mcts:easy" in scythe and "bot:mcts:hard" in html(ada, "/new?game=brian-boru")
    # Unknown game or table: a page saying so, with the right status.
    assert "chess" in html(ada, "/new?game=chess", 404)
    assert "no table" in html(ada, "/t/nope", 404)


def test_open_table_then_game_then_replay(site: FastAPI) -> None:
    ada, bob = Player(site, "ada"), Player(site, "bob")
    table = create(
        ada, "brian-boru", [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "name": "random"}]
    )
    tid = table["id"]
    waiting = html(bob, f"/t/{tid}")
    assert "Take this seat" in waiting and "invite" not in waiting  # only the creator sees it
    assert f"invite={table['invite']}" in html(ada, f"/t/{tid}")
    assert bob.post(f"/api/tables/{tid}/join", {}).status_code == 200
    start(site, ada, tid)
    page = html(ada, f"/t/{tid}")
    assert 'id="panel"' in page and "/static/table.js" in page
    # The panel: the seat's drawings and moves; a spectator gets no moves nor hand.
    mover = state(ada, tid)["to_move"][0]
    mine = html({0: ada, 1: bob}[mover], f"/t/{tid}/panel?seat={mover}")
    assert "<svg" in mine and 'class="move"' in mine and "data-targets=" in mine
    spectator = html(Player(site), f"/t/{tid}/panel")
    assert 'class="move"' not in spectator and "You are watching" in spectator
    assert html(bob, f"/t/{tid}/panel?seat=0", 403)  # not bob's seat
    # A game in play is replayed only by its players, from their own seat.
    assert "move 0 of" in html(ada, f"/t/{tid}/replay")
    html(Player(site), f"/t/{tid}/replay", 403)
    play_first_legal(site, {0: ada, 1: bob}, tid)
    over = html(ada, f"/t/{tid}/panel?seat=0")
    assert "Final score" in over and 'class="total"' in over
    found = re.search(r"move 0 of (\d+)", html(Player(site), f"/t/{tid}/replay"))
    assert found is not None
    total = int(found.group(1))
    assert total > 20
    middle = html(Player(site), f"/t/{tid}/replay?step={total // 2}&seat=1")
    assert f"move {total // 2} of {total}" in middle and "<svg" in middle
    assert 'rel="prev"' in middle and 'rel="next"' in middle


def test_leaderboard_and_player_pages(site: FastAPI) -> None:
    ada = Player(site, "ada")
    table = create(
        ada, "terra-mystica", [{"kind": "me"}, {"kind": "bot", "name": "random"}], rated=True
    )
    start(site, ada, table["id"])
    play_first_legal(site, {0: ada}, table["id"])
    board = html(ada, "/leaderboard/terra-mystica")
    assert 'href="/u/ada"' in board and "Factions" in board
    assert "Terra Mystica" in html(ada, "/u/ada")
    html(ada, "/u/nobody", 404)


def test_chat_is_kept_with_the_table_and_announced(site: FastAPI) -> None:
    ada = Player(site, "ada")
    table = create(ada, "terra-mystica", [{"kind": "me"}, {"kind": "bot", "name": "random"}])
    tid = table["id"]
    start(site, ada, tid)
    with ada.client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        assert ws.receive_json()["chat"] == 0
        said = ada.post(f"/api/tables/{tid}/chat", {"text": "  <script>alert(1)</script>\n hi "})
        assert said.status_code == 200
        assert ws.receive_json()["chat"] == said.json()["id"]
    lines = ada.get(f"/api/tables/{tid}/chat").json()
    assert [(line["author"], line["text"]) for line in lines] == [
        ("ada", "<script>alert(1)</script> hi")
    ]
    assert ada.get(f"/api/tables/{tid}/chat?after={lines[0]['id']}").json() == []
    # Too long, empty, anonymous, unknown table: refused, nothing stored.
    assert ada.post(f"/api/tables/{tid}/chat", {"text": "x" * 501}).status_code == 400
    assert ada.post(f"/api/tables/{tid}/chat", {"text": "   "}).status_code == 400
    assert Player(site).post(f"/api/tables/{tid}/chat", {"text": "hello"}).status_code == 401
    assert ada.post("/api/tables/nope/chat", {"text": "hello"}).status_code == 404
    assert len(ada.get(f"/api/tables/{tid}/chat").json()) == 1
    settle(site, tid)
