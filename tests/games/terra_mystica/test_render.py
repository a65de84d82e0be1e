"""The Terra Mystica terminal renderer: views from a new game and from a replayed corpus game."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from tabletop.games.terra_mystica.data.board import LAND_HEXES
from tabletop.games.terra_mystica.ledger import load_ledger
from tabletop.games.terra_mystica.render import CELL, faction_code, render
from tabletop.games.terra_mystica.replay import replay
from tabletop.games.terra_mystica.setup import new_game
from tabletop.render import renderer_for
from tests.shared import SNELLMAN as CORPUS

GAME = "4pLeague_S1_D1L1_G3"  # replays exactly; has bridges, towns and Mermaids' river towns
SCORING = ["SCORE2", "SCORE7", "SCORE3", "SCORE8", "SCORE6", "SCORE5"]
BUILDINGS = ("", "D", "TP", "TE", "SH", "SA")


def text_of(view: dict[str, Any]) -> str:
    console = Console(record=True, width=120, color_system=None, file=io.StringIO())
    console.print(render(view))
    return console.export_text()


def hex_cell(text: str, hex_id: str) -> str:
    """The second line of a map hex: the text under its name, stripped."""
    lines = text.splitlines()
    pattern = re.compile(rf"(?<!\S){hex_id}(?!\S)")
    for index, line in enumerate(lines[:-1]):
        match = pattern.search(line)
        if match and "│" in line[: match.start()]:  # inside the map panel
            centre = (match.start() + match.end()) // 2
            start = centre - CELL // 2
            return lines[index + 1][start : start + CELL].strip()
    raise AssertionError(f"hex {hex_id} not on the map")


def row_of(text: str, needle: str) -> str:
    """The first table line containing ``needle``."""
    return next(line for line in text.splitlines() if needle in line)


def new_view() -> dict[str, Any]:
    view = new_game(["witches", "nomads", "darklings"], [], SCORING, []).to_json()
    assert isinstance(view, dict)
    return view


def test_the_game_package_renderer_is_found() -> None:
    assert renderer_for("terra-mystica") is render


def test_new_game_shows_factions_resources_and_tiles() -> None:
    text = text_of(new_view())
    for name in ("Witches", "Nomads", "Darklings"):
        assert name in text
    assert "round 0/6" in text and "phase: dwellings" in text
    witches = row_of(text, "Witches")
    assert re.search(r"│\s+20\s+│\s+15\s+│\s+3\s+│\s+0\s+│\s+5/7/0\s+│", witches), witches
    darklings = row_of(text, "Darklings")
    assert re.search(r"│\s+20\s+│\s+15\s+│\s+1\s+│\s+1\s+│", darklings), darklings
    for tile in SCORING:
        assert tile in text
    assert "BON10" not in text  # option not enabled
    for tile in ("BON1", "BON9", "FAV12", "TW5", "ACT6"):
        assert tile in text
    # an empty map shows the terrain of every hex
    assert hex_cell(text, "E7") == "mtn"
    assert hex_cell(text, "A1") == "pla"
    assert hex_cell(text, "A13") == "swa"


def test_buildings_appear_on_their_hexes_with_the_owner() -> None:
    view = new_view()
    for hex_id, seat, code in (("E7", 0, 4), ("A1", 2, 1), ("I12", 1, 2)):
        index = LAND_HEXES.index(hex_id)
        view["owner"][index] = seat
        view["building"][index] = code
    view["town"][LAND_HEXES.index("A1")] = True
    view["bridges"] = [[1, "C2", "E5"]]
    text = text_of(view)
    assert hex_cell(text, "E7") == "SH Wi"
    assert hex_cell(text, "A1") == "D Da*"
    assert hex_cell(text, "I12") == "TP No"
    assert hex_cell(text, "E6") == "pla"
    assert "Bridges: No C2-E5" in text


def test_viewer_and_active_seat_are_marked() -> None:
    view = new_view()
    view["seat"] = 1
    view["active"] = 2
    text = text_of(view)
    assert "Nomads (you)" in row_of(text, "Nomads")
    assert "(you)" not in row_of(text, "Witches")
    assert "▶" in row_of(text, "Darklings")
    assert "to move: Da" in text
    view["active"] = -1  # nobody to move
    text = text_of(view)
    assert "to move" not in text and "▶" not in text


def test_faction_choice_with_empty_factions() -> None:
    view = new_view()
    view["factions"] = ["witches", "", ""]
    view["phase"] = "factions"
    view["some_future_key"] = {"nested": [1, 2]}
    text = text_of(view)
    assert "Witches" in text
    assert "P2 (choosing)" in text and "P3 (choosing)" in text
    assert re.search(r"P3 \(choosing\)\s+│\s+-\s+│\s+-\s+│", text)  # no numbers yet
    assert re.search(r"Wi\s+┃\s+P2\s+┃\s+P3\s+┃", text)  # cult columns
    assert re.search(r"AIR\s+│\s+2\s+│\s+-\s+│\s+-\s+│", text)  # Witches start on air 2
    assert "phase: factions" in text


def test_sparse_view_renders() -> None:
    text = text_of({"factions": ["", ""], "phase": "factions", "round": 0})
    assert "P1 (choosing)" in text and "P2 (choosing)" in text
    assert hex_cell(text, "E7") == "mtn"  # no terrain list: the printed map
    assert "Bridges: none" in text


@pytest.fixture(scope="module")
def final_view() -> dict[str, Any]:
    path = CORPUS / f"{GAME}.txt"
    if not path.is_file():
        pytest.skip(f"Snellman corpus game not found at {path} (shared data absent)")
    result = replay(load_ledger(path))
    assert result.ok and result.state is not None
    view = result.state.to_json()
    assert isinstance(view, dict)
    return view


def test_replayed_game_map_matches_the_state(final_view: dict[str, Any]) -> None:
    text = text_of(final_view)
    built = 0
    for index, hex_id in enumerate(LAND_HEXES):
        code = final_view["building"][index]
        if not code:
            continue
        built += 1
        owner = final_view["owner"][index]
        expected = f"{BUILDINGS[code]} {faction_code(final_view['factions'][owner], owner)}"
        if final_view["town"][index]:
            expected += "*"
        assert hex_cell(text, hex_id) == expected, hex_id
    assert built > 40
    for seat, hex_a, hex_b in final_view["bridges"]:
        assert f"{faction_code(final_view['factions'][seat], seat)} {hex_a}-{hex_b}" in text


def test_replayed_game_players_cults_and_tiles(final_view: dict[str, Any]) -> None:
    view = dict(final_view, seat=0)
    text = text_of(view)
    assert "round 6/6" in text and "phase: over" in text
    for seat, name in enumerate(("Mermaids", "Dwarves", "Darklings", "Fakirs")):
        row = row_of(text, name)
        assert f" {view['vp'][seat]} " in row, row
        assert view["bonus"][seat] in row
        assert "passed" in row
    assert "(you)" in row_of(text, "Mermaids")
    assert "▶6" in row_of(text, "SCORE5")  # the current round's tile is marked
    for tile in view["scoring"]:
        assert tile in text
    # cult positions, one column per faction in seat order
    fire = [str(track[0]) for track in view["cults"]]
    assert re.search(r"FIRE\s+│\s+" + r"\s+│\s+".join(fire), text), fire
    # every power action was used in the last round
    for action in ("ACT1", "ACT2", "ACT6"):
        assert re.search(rf"│x\s+│ {action}\s+│", text), action
    # bonus tiles on offer: the unheld ones with their coins
    assert re.search(r"BON5\s+│\s+4\s+│", text)
    assert not re.search(r"BON10\s+│\s+0\s+│", text)  # held by the Mermaids
