"""The registry of games by id."""

from __future__ import annotations

import importlib

import pytest

import tests.toygame
from tabletop.engine import UnknownGame, game_ids, get_game, new_game, register, registry
from tests.toygame import SealedBids


@pytest.fixture
def only_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hide the built-in games so that a test sees only what is registered.

    The registry is restored after the test.
    """
    monkeypatch.setattr(registry, "_BUILTIN", {})
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))


def _builtin_missing(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module.startswith(exc.name):
            return True
        raise
    return False


def test_get_game_returns_the_registered_instance() -> None:
    game = get_game("sealed-bids")
    assert game is tests.toygame.SEALED_BIDS
    assert game.id == "sealed-bids"
    assert game.player_counts == (2, 3, 4)


def test_unknown_game_lists_known_games(only_registered: None) -> None:
    with pytest.raises(UnknownGame) as info:
        get_game("no-such-game")
    message = str(info.value)
    assert "'no-such-game'" in message
    assert "known games: " in message
    assert "sealed-bids" in message


def test_unknown_game_is_a_key_error_with_a_readable_message(only_registered: None) -> None:
    with pytest.raises(KeyError) as info:
        get_game("chess")
    # KeyError would print the repr of its argument (quotes around the message).
    assert str(info.value).startswith("unknown game 'chess'")


def test_game_ids_are_sorted_and_include_registered_games(only_registered: None) -> None:
    ids = game_ids()
    assert ids == sorted(ids)
    assert "sealed-bids" in ids


@pytest.mark.parametrize("game_id", sorted(registry._BUILTIN))
def test_builtin_games_load_on_demand(game_id: str) -> None:
    module = registry._BUILTIN[game_id]
    if _builtin_missing(module):
        pytest.skip(f"{module} is not written yet")
    assert get_game(game_id).id == game_id
    assert game_id in game_ids()
    assert "sealed-bids" in game_ids()


def test_unknown_game_lists_builtin_games() -> None:
    for module in registry._BUILTIN.values():
        if _builtin_missing(module):
            pytest.skip(f"{module} is not written yet")
    with pytest.raises(UnknownGame) as info:
        get_game("no-such-game")
    for game_id in registry._BUILTIN:
        assert game_id in str(info.value)


def test_register_is_idempotent_for_the_same_class(only_registered: None) -> None:
    again = SealedBids()
    assert register(again) is again
    assert get_game("sealed-bids") is again


def test_register_refuses_a_different_game_with_a_taken_id(only_registered: None) -> None:
    class Impostor(SealedBids):
        name = "Impostor"

    with pytest.raises(ValueError, match="'sealed-bids' is already registered"):
        register(Impostor())
    assert type(get_game("sealed-bids")) is SealedBids


def test_new_game_is_deterministic() -> None:
    for seed in range(5):
        a = new_game("sealed-bids", 3, seed=seed)
        b = new_game("sealed-bids", 3, seed=seed)
        assert a == b
        assert a.to_json_text() == b.to_json_text()


def test_new_game_depends_on_the_seed() -> None:
    texts = {new_game("sealed-bids", 3, seed=seed).to_json_text() for seed in range(10)}
    assert len(texts) > 1


def test_new_game_passes_options_and_player_count() -> None:
    state = new_game("sealed-bids", 4, {"rounds": 3}, seed=1)
    assert state.num_players == 4
    assert state.to_json()["rounds"] == 3


def test_new_game_of_an_unknown_game(only_registered: None) -> None:
    with pytest.raises(UnknownGame, match="unknown game 'nope'"):
        new_game("nope", 3)
