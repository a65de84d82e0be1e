"""Ratings, leaderboards, per-faction statistics and a player's page."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from tabletop.engine import get_game
from tabletop.server.deps import SessionDep
from tabletop.server.errors import NoSuchTable
from tabletop.store import repository as repo

router = APIRouter(prefix="/api", tags=["ratings"])


@router.get("/leaderboard/{game_id}", summary="Ratings of a game (OpenSkill), best first")
def leaderboard(game_id: str, session: SessionDep) -> list[dict[str, Any]]:
    get_game(game_id)
    return [
        {
            "name": s.name,
            "rating": round(s.ordinal, 2),
            "mu": round(s.mu, 3),
            "sigma": round(s.sigma, 3),
            "games": s.games,
        }
        for s in repo.leaderboard(session, game_id)
    ]


@router.get("/games/{game_id}/factions", summary="Per-faction results of finished games")
def factions(game_id: str, session: SessionDep) -> list[dict[str, Any]]:
    get_game(game_id)
    return repo.faction_statistics(session, game_id)


@router.get("/users/{name}", summary="A player's finished games and ratings")
def user(name: str, session: SessionDep) -> dict[str, Any]:
    found = repo.user_by_name(session, name)
    if found is None:
        raise NoSuchTable(f"no player {name!r}")
    results = repo.results_of_user(session, found.id)
    ratings = {}
    for result in results:
        if result.game not in ratings:
            rating = repo.rating_of(session, found.id, result.game)
            if rating is not None:
                ratings[result.game] = {
                    "mu": rating.mu,
                    "sigma": rating.sigma,
                    "games": rating.games,
                }
    return {
        "name": found.name,
        "ratings": ratings,
        "results": [
            {
                "table": r.table_id,
                "game": r.game,
                "seat": r.seat,
                "faction": r.faction,
                "score": r.score,
                "rank": r.rank,
                "players": r.players,
            }
            for r in results
        ],
    }
