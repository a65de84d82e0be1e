"""Boards stay readable in a 100-column terminal: nothing is cut short, every seat's
score and resources are there."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tabletop.bots import make_bot
from tabletop.engine import State, new_game
from tabletop.render import renderer_for


def _mid_game(game_id: str, players: int, seed: int, steps: int = 300) -> State:
    state = new_game(game_id, players, {}, seed)
    bot = make_bot("random", seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(state, seat))
    return state


def _render(game_id: str, state: State, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderer_for(game_id)(state.view(0)))
    return out.getvalue()


@pytest.mark.parametrize("game_id", ["brian-boru", "terra-mystica", "scythe"])
@pytest.mark.parametrize("seed", [2, 3])
def test_nothing_is_cut_short_at_100_columns(game_id: str, seed: int) -> None:
    text = _render(game_id, _mid_game(game_id, 5, seed))
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_scythe_coins_power_popularity_and_stars_are_shown() -> None:
    state = _mid_game("scythe", 5, 2)
    text = _render("scythe", state)
    start = text.index("Players")
    rows = [line for line in text[start:].splitlines() if "$" in line][: state.num_players]
    for player, row in zip(state.view(0)["players"], rows, strict=True):
        cells = row.split()
        at = cells.index(f"${player['coins']}")
        power, popularity, stars = cells[at + 1 : at + 4]
        assert (power, popularity, stars) == (
            str(player["power"]),
            str(player["popularity"]),
            str(len(player["stars"])),
        )


def test_terra_mystica_victory_points_are_shown() -> None:
    state = _mid_game("terra-mystica", 5, 3)
    text = _render("terra-mystica", state)
    for vp in state.view(0)["vp"]:
        assert f" {vp} " in text
