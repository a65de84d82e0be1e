"""The map's legend and the actions use the same terrain words, and either may be typed."""

from __future__ import annotations

import io

from rich.console import Console

from tabletop.engine import get_game, new_game
from tabletop.games.terra_mystica.notation import TERRAIN_NAMES
from tabletop.games.terra_mystica.render import render


def test_terrain_names_and_colours_both_parse_to_the_same_action() -> None:
    game = get_game("terra-mystica")
    for colour, name in TERRAIN_NAMES.items():
        named = game.parse_action(f"transform E5 to {name}")
        assert named == game.parse_action(f"transform E5 to {colour.value}")
        assert str(named) == f"transform E5 to {colour.value}"  # records keep the site's text


def test_the_legend_pairs_each_name_with_the_colour_actions_use() -> None:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(
        render(new_game("terra-mystica", 2, {}, 1).view(0))
    )
    text = out.getvalue()
    for colour, name in TERRAIN_NAMES.items():
        assert f"{name}={colour.value}" in text
