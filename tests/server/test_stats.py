"""Per-faction statistics and the factions read from views."""

from __future__ import annotations

from fastapi import FastAPI

from tabletop.bots import make_bot
from tabletop.engine import new_game
from tabletop.server.hub import faction_of
from tabletop.store.models import ResultRow, TableRow
from tests.server.conftest import Player


def test_faction_of_reads_terra_mystica_and_scythe_views() -> None:
    bot = make_bot("random", 1)
    for game, players in (("terra-mystica", 2), ("scythe", 2)):
        state = new_game(game, players, {}, 4)
        while (
            len(set(filter(None, (faction_of(state.view(None), s) for s in range(players)))))
            < players
        ):
            seat = state.to_move()[0]
            state.apply(seat, bot.choose(state, seat))
        assert all(faction_of(state.view(None), s) for s in range(players))
    assert faction_of(new_game("brian-boru", 3, {}, 1).view(None), 0) is None


def test_faction_statistics_endpoint(app: FastAPI) -> None:
    with app.state.sessions.begin() as session:
        for index, (faction, score, rank) in enumerate(
            [("witches", 120, 1), ("nomads", 100, 2), ("witches", 90, 2), ("nomads", 130, 1)]
        ):
            table_id = f"t{index // 2}"
            if index % 2 == 0:
                session.add(
                    TableRow(
                        id=table_id,
                        game="terra-mystica",
                        status="finished",
                        setup={},
                        invite=table_id,
                        rated=False,
                        created=0.0,
                        updated=0.0,
                        seq=0,
                        to_move=[],
                    )
                )
                session.flush()
            session.add(
                ResultRow(
                    table_id=table_id,
                    seat=index % 2,
                    game="terra-mystica",
                    faction=faction,
                    score=score,
                    rank=rank,
                    players=2,
                )
            )
    stats = Player(app).get("/api/games/terra-mystica/factions").json()
    assert stats == [
        {"faction": "nomads", "games": 2, "wins": 1, "mean_score": 115.0, "mean_rank": 1.5},
        {"faction": "witches", "games": 2, "wins": 1, "mean_score": 105.0, "mean_rank": 1.5},
    ]
