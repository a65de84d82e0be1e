"""The SVG map is drawn from a view alone: every hex, every building with its code."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tabletop.bots import make_bot
from tabletop.engine import new_game
from tabletop.games.terra_mystica.data.board import LAND_HEXES, RIVER_HEXES
from tabletop.games.terra_mystica.svg import board

NS = {"svg": "http://www.w3.org/2000/svg"}


def test_every_hex_and_building_is_drawn_with_words_beside_colours() -> None:
    state = new_game("terra-mystica", 3, {}, 2)
    bot = make_bot("random", 2)
    for _ in range(40):
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(state, seat))
    view = state.view(None)
    root = ET.fromstring(board(view))
    polygons = root.findall(".//svg:polygon", NS)
    land = [p for p in polygons if "land" in p.get("class", "").split()]
    river = [p for p in polygons if "river" in p.get("class", "").split()]
    assert (len(land), len(river)) == (len(LAND_HEXES), len(RIVER_HEXES))
    codes = [t.text for t in root.findall(".//svg:text", NS)]
    built = [code for code in view["building"] if code]
    assert len(codes) == len(built) and set(codes) <= {"D", "TP", "TE", "SH", "SA"}
    desc = root.find("svg:desc", NS)
    assert desc is not None and desc.text and f"of {view['factions'][0]}" in desc.text
    assert board(view) == board(state.view(None))  # a pure function of the view


def test_unknown_names_in_a_view_never_reach_the_markup() -> None:
    view = new_game("terra-mystica", 2, {}, 1).view(None)
    view["factions"] = ["<script>", None]
    view["owner"][0], view["building"][0] = 0, 1
    text = board(view)
    assert "<script>" not in text and "D of seat 0" in text
    ET.fromstring(text)  # still well-formed
