"""The terminal rendering of Scythe views: the map's layout, the facts each seat
may see, and nothing it may not (another seat's combat cards or objectives)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from tabletop.engine import new_game
from tabletop.games.scythe.board import COORDS, HEXES, INDEX
from tabletop.games.scythe.data.board import HOME_BASES, RIVERS
from tabletop.games.scythe.data.cards import OBJECTIVES
from tabletop.games.scythe.data.mats import MATS
from tabletop.games.scythe.game import ScytheState
from tabletop.games.scythe.render import (
    CELL_WIDTHS,
    HexMap,
    chip,
    map_width,
    render,
)
from tabletop.render import renderer_for

WIDTH = 120


def text_of(view: Any, width: int = WIDTH) -> str:
    console = Console(width=width, color_system=None)
    with console.capture() as captured:
        console.print(render(view))
    return captured.get()


def played(players: int, seed: int, steps: int) -> ScytheState:
    """A game after ``steps`` random legal moves (fewer if it ends first)."""
    state = new_game("scythe", players, seed=seed)
    assert isinstance(state, ScytheState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def until(players: int, seed: int, found: Callable[[ScytheState], bool]) -> ScytheState | None:
    """Random play until ``found`` holds (None if the game ends first)."""
    state = new_game("scythe", players, seed=seed)
    assert isinstance(state, ScytheState)
    rng = random.Random(seed)
    while not state.is_over():
        if found(state):
            return state
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return None


def search(found: Callable[[ScytheState], bool]) -> ScytheState:
    for seed in range(40):
        state = until(2 + seed % 4, seed, found)
        if state is not None:
            return state
    raise AssertionError("no game reached the situation")


def check_view(state: ScytheState, seat: int | None) -> str:
    """The facts every rendering shows, and the secrets it must not."""
    text = text_of(state.view(seat))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= WIDTH
    assert "1,4" in text and "FACTORY" in text
    for s, player in enumerate(state.players):
        name = player.faction.capitalize()
        row = [line for line in lines if f"{s}  {name} " in line and MATS[player.mat].name in line]
        assert len(row) == 1, (s, name)
        assert f"${player.coins} " in row[0]
        assert f" {player.power} " in row[0]
        # Another seat's objectives are never shown.
        if s != seat:
            for number in player.objectives:
                assert OBJECTIVES[number].name not in text
    if seat is None:
        assert "spectator" in text
        assert "Your combat cards" not in text and "Your mat" not in text
    else:
        hand = state.players[seat].cards
        shown = " ".join(map(str, hand)) if hand else "none"
        assert f"Your combat cards: {shown}" in text
        assert text.count("Your combat cards") == 1
        for number in state.players[seat].objectives:
            assert OBJECTIVES[number].name in text
            assert OBJECTIVES[number].condition[:40] in text.replace("\n", " ")
        assert f"Your mat: {MATS[state.players[seat].mat].name}" in text
    return text


# -- the facts, for every seat and the spectator --------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("steps", [0, 40, 250])
def test_every_seat_sees_the_facts_and_only_its_own_cards(players: int, steps: int) -> None:
    state = played(players, seed=players * 7 + steps, steps=steps)
    for seat in [*range(players), None]:
        check_view(state, seat)


@pytest.mark.parametrize("players", [2, 5])
def test_finished_game_shows_final_coins(players: int) -> None:
    state = played(players, seed=3, steps=100_000)
    assert state.is_over()
    text = check_view(state, None)
    assert "Final coins:" in text
    for s, score in enumerate(state.scores()):
        assert f"{state.players[s].faction.capitalize()}  ${score}" in text


def test_units_on_the_map() -> None:
    state = played(3, seed=11, steps=120)
    lines = [line.plain for line in HexMap(state.view(0)).lines(CELL_WIDTHS[0])]
    text = "\n".join(lines)
    for s, player in enumerate(state.players):
        letter = player.faction[0].upper()
        assert f"{letter}@" in text  # the character: faction letter and @
        tokens = re.findall(rf"(?<![\w:]){letter}@?(\d+M)?(\d+W)?", text)
        assert sum(int(m[:-1]) for m, _ in tokens if m) == sum(state.board.mechs[s])
        assert sum(int(w[:-1]) for _, w in tokens if w) == sum(state.board.workers[s])


def test_structures_and_resources_on_the_map() -> None:
    state = search(lambda st: any(x >= 0 for p in st.players for x in p.structures))
    text = text_of(state.view(None))
    codes = {"mine": "Mn", "mill": "Ml", "armory": "Ar", "monument": "Mo"}
    for player in state.players:
        for kind, pos in zip(codes, player.structures, strict=True):
            if pos >= 0:
                assert f"{player.faction[0].upper()}:{codes[kind]}" in text
                assert f"{kind}@{HEXES[pos]}" in text
    assert re.search(r"\d+[fwmo]", text)


# -- the situation ------------------------------------------------------------------------------


def test_battle_in_progress_shows_both_sides_and_commitments() -> None:
    state = search(lambda st: st.phase == "commit" and len(st.commits) == 1)
    committed = next(iter(state.commits))
    text = text_of(state.view(committed))
    territory = state.view(None)["battle"]["territory"]
    assert f"Battle at {territory}" in text
    assert "attacks" in text and "waiting for" in text
    assert f"yours: power {state.commits[committed][0]}" in text
    # The other side sees who committed, not what.
    other = state.battle_def if committed == state.active else state.active
    assert "yours:" not in text_of(state.view(other))


def test_last_battle_is_shown_revealed() -> None:
    state = search(lambda st: bool(st.last_battle))
    battle = state.last_battle
    text = text_of(state.view(None))
    assert f"Last battle at {battle['territory']}" in text
    assert f"power {battle['power'][0]}" in text
    assert "winner:" in text


def test_encounter_card_options() -> None:
    state = search(lambda st: st.phase == "encounter")
    text = text_of(state.view(state.active))
    assert f"Encounter card #{state.enc_card}" in text
    for option in ("popular", "commercial", "unpopular"):
        assert f"{option}:" in text


def test_factory_pool_only_for_the_chooser() -> None:
    state = search(lambda st: st.phase == "factory")
    text = text_of(state.view(state.active))
    assert "Factory cards to choose from" in text
    for number in state.factory_pool:
        assert f"#{number}: pay" in text
    for seat in [s for s in range(state.num_players) if s != state.active] + [None]:
        assert "Factory cards to choose from" not in text_of(state.view(seat))


def test_unit_in_motion() -> None:
    state = search(lambda st: st.phase == "motion")
    text = text_of(state.view(state.active))
    assert f"in motion at {state.view(None)['motion'][1]}" in text


# -- the map's layout ---------------------------------------------------------------------------


def test_hexes_in_their_true_offset_layout() -> None:
    view = new_game("scythe", 2, seed=1).view(None)
    cell = CELL_WIDTHS[0]
    half = (cell + 1) // 2
    lines = [line.plain for line in HexMap(view).lines(cell)]
    columns: dict[str, int] = {}
    for line in lines:
        for match in re.finditer(r"-?\d,\d", line):
            columns.setdefault(match.group(), match.start())
    assert len(columns) == len(COORDS)
    for i, (q, r) in enumerate(COORDS):
        # Half a cell to the right per row down, a whole cell per step east.
        assert columns[HEXES[i]] - columns["1,4"] == (2 * (q - 1) + (r - 4)) * half, HEXES[i]
    assert map_width(cell) <= WIDTH


def test_every_river_is_drawn_and_nothing_else() -> None:
    view = new_game("scythe", 2, seed=1).view(None)
    cell = CELL_WIDTHS[0]
    half = (cell + 1) // 2
    # Nobody stands on the empty rows: one band and one separator line per row.
    lines = [line.plain for line in HexMap({**view, "board": {}}).lines(cell)]
    assert len(lines) == 2 * 9 - 1

    def col(hex_name: str) -> int:
        row = COORDS[INDEX[hex_name]][1]
        found = re.search(rf"(?<![-\d]){re.escape(hex_name)}", lines[2 * row])
        assert found is not None
        return found.start()

    same_row = 0
    for a, b in RIVERS:
        (qa, ra), (qb, rb) = COORDS[INDEX[a]], COORDS[INDEX[b]]
        if ra == rb:
            west = a if qa < qb else b
            assert lines[2 * ra][col(west) + cell] == "~", (a, b)
            same_row += 1
        else:
            upper, lower = (a, b) if ra < rb else (b, a)
            (qu, ru), (ql, _) = COORDS[INDEX[upper]], COORDS[INDEX[lower]]
            start = col(upper) + (half if ql == qu else 0)
            assert lines[2 * ru + 1][start : start + half - 1] == "~" * (half - 1), (a, b)
    assert sum(lines[2 * r].count("~") for r in range(9)) == same_row
    runs = sum(len(re.findall("~+", lines[2 * r + 1])) for r in range(8))
    assert runs == len(RIVERS) - same_row


def test_home_bases_where_they_touch_the_board() -> None:
    view = new_game("scythe", 5, seed=2).view(None)
    cell = CELL_WIDTHS[0]
    half = (cell + 1) // 2
    lines = [line.plain for line in HexMap(view).lines(cell)]
    text = "\n".join(lines)
    origin = next(line.index(" 1,4 ") + 1 for line in lines if " 1,4 " in line)
    for faction, (hex_name, _) in HOME_BASES.items():
        assert f"{faction.upper()} base" in text
        q, r = (int(v) for v in hex_name.split(","))
        col = origin + (2 * (q - 1) + (r - 4)) * half
        band = next(i for i, line in enumerate(lines) if f"{faction.upper()} base" in line)
        assert lines[band][col : col + cell].strip() == f"{faction.upper()} base"
        if faction in {p["faction"] for p in view["players"]}:
            # Every character starts in its base.
            assert lines[band + 1][col : col + cell].strip() == f"{faction[0].upper()}@"


@pytest.mark.parametrize("width", [80, 100, 120])
def test_map_narrows_with_the_terminal(width: int) -> None:
    state = played(4, seed=5, steps=150)
    text = text_of(state.view(1), width)
    assert max(len(line) for line in text.splitlines()) <= width
    for hex_name in ("-3,5", "5,2", "-1,8", "1,4", "3,6"):
        assert hex_name in text


# -- glue -----------------------------------------------------------------------------------------


def test_the_command_line_uses_this_renderer() -> None:
    assert renderer_for("scythe") is render


def test_chip_for_nobody() -> None:
    view = new_game("scythe", 2, seed=1).view(None)
    assert chip(view, -1).plain == "-"
    assert chip(view, 0, full=True).plain.strip() in {
        "Nordic Kingdoms",
        "Rusviet Union",
        "Crimean Khanate",
        "Saxony Empire",
        "Republic of Polania",
    }
