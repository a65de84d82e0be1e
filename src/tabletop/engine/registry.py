"""The registry of games, by stable id."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from tabletop.engine.errors import UnknownGame
from tabletop.engine.game import Game, State

_GAMES: dict[str, Game] = {}

# Games that ship with tabletop, imported on first use so that importing the
# engine stays light and free of game code.
_BUILTIN = {
    "brian-boru": "tabletop.games.brian_boru",
    "terra-mystica": "tabletop.games.terra_mystica",
    "scythe": "tabletop.games.scythe",
}


def register(game: Game) -> Game:
    """Register a game instance under its id (idempotent for the same class)."""
    existing = _GAMES.get(game.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"game id {game.id!r} is already registered")
    _GAMES[game.id] = game
    return game


def _load_builtins() -> None:
    for module in _BUILTIN.values():
        importlib.import_module(module)


def game_ids() -> list[str]:
    """Ids of every registered game, sorted."""
    _load_builtins()
    return sorted(_GAMES)


def get_game(game_id: str) -> Game:
    """The registered game with this id.

    >>> get_game("brian-boru").player_counts
    (3, 4, 5)
    """
    if game_id not in _GAMES and game_id in _BUILTIN:
        importlib.import_module(_BUILTIN[game_id])
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(set(_GAMES) | set(_BUILTIN)))
        raise UnknownGame(f"unknown game {game_id!r} (known games: {known})") from None


def new_game(
    game_id: str, players: int, options: Mapping[str, Any] | None = None, seed: int = 0
) -> State:
    """Start a game: the same inputs always give the identical state."""
    return get_game(game_id).new_state(players, options, seed)
