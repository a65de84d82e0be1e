"""What the terminal shows: options name their symbols, towns their colour in words."""

from __future__ import annotations

import io

from rich.console import Console

from tabletop.bots import make_bot
from tabletop.engine import new_game
from tabletop.games.brian_boru.board import COLOUR_NAMES, TOWN_COLOUR, TOWN_IDS
from tabletop.games.brian_boru.render import render


def test_options_name_what_they_do_and_towns_their_colour() -> None:
    state = new_game("brian-boru", 3, {}, 4)
    bot = make_bot("random", 4)
    described: dict[str, str] = {}
    while not state.is_over() and len(described) < 3:
        seat = state.to_move()[0]
        for action in state.legal_actions(seat):
            kind = str(action).split()[0]
            if kind in ("option", "lead"):
                described.setdefault(kind, state.describe(seat, action))
        state.apply(seat, bot.choose(state, seat))
    assert described["option"].startswith("option ") and ": " in described["option"]
    town = described["lead"].split()[1]
    colour = COLOUR_NAMES[TOWN_COLOUR[TOWN_IDS.index(town)]]
    assert described["lead"] == f"lead {town} ({colour} town)"


def test_the_board_writes_town_colours_without_colour() -> None:
    state = new_game("brian-boru", 3, {}, 4)
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(render(state.view(0)))
    text = out.getvalue()
    for index in (0, 10, 20):
        colour = COLOUR_NAMES[TOWN_COLOUR[index]]
        assert f"{TOWN_IDS[index]}{colour[0]}" in text


def test_forced_moves_say_they_were_forced() -> None:
    state = new_game("brian-boru", 3, {}, 1)
    bot = make_bot("random", 1)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(state, seat))
    forced = [line for line in state.view(None)["log"] if "(forced: the only choice)" in str(line)]
    assert forced
