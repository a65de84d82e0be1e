"""The Terra Mystica table as SVG, drawn from a view alone: the map with every hex and
building, the faction boards, the cult board, the actions and tiles; moves by clicking."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.bots import make_bot
from tabletop.engine import State, new_game
from tabletop.games.terra_mystica.data.board import LAND_HEXES, RIVER_HEXES
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.svg import board, sections, targets

NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"
TARGET = re.compile(r"[a-z]+:[A-Za-z0-9]+(:[0-9])?")


def played(players: int, seed: int, steps: int) -> State:
    """A game after ``steps`` moves of random bots (or at its end)."""
    state = new_game("terra-mystica", players, {}, seed)
    bot = make_bot("random", seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(state, seat))
    return state


def positions(players: int, seed: int, every: int) -> Iterator[State]:
    """Every ``every``-th position of a random game, to its end."""
    state = new_game("terra-mystica", players, {}, seed)
    bot = make_bot("random", seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(state, seat))
        step += 1


def drawn(view: dict[str, Any], seat: int | None) -> dict[str, ET.Element]:
    """The sections parsed, by heading."""
    return {heading: ET.fromstring(text) for heading, text in sections(view, seat)}


def target_ids(view: dict[str, Any], seat: int | None) -> set[str]:
    return {
        element.get("data-target", "")
        for root in drawn(view, seat).values()
        for element in root.iter()
        if element.get("data-target")
    }


def with_class(root: ET.Element, word: str) -> list[ET.Element]:
    return [e for e in root.iter() if word in e.get("class", "").split()]


def value(root: ET.Element, key: str) -> int:
    (found,) = [e for e in with_class(root, "value") if key in e.get("class", "").split()]
    return int(found.text or "")


def faction_board(view: dict[str, Any], seat: int) -> ET.Element:
    for root in drawn(view, None).values():
        if root.get("class") == f"tm-faction seat-{seat}":
            return root
    raise AssertionError(f"no faction board of seat {seat}")


# -- the map (the first version's tests) -----------------------------------------------------


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


# -- the whole table -------------------------------------------------------------------------


def test_the_map_labels_every_hex_with_its_terrain_letter_and_id() -> None:
    view = played(2, 3, 30).view(0)
    root = drawn(view, 0)["Map"]
    texts = {t.text for t in root.iter(f"{SVG}text")}
    assert set(LAND_HEXES) <= texts and {"Y", "U", "K", "B", "G", "S", "R"} <= texts
    keys = [g.get("data-target") for g in with_class(root, "terrain-key")]
    assert keys == [f"terrain:{name}" for name in ("desert", "plains", "swamp", "lakes")] + [
        "terrain:forest",
        "terrain:mountains",
        "terrain:wasteland",
    ]
    hexes = [g for g in with_class(root, "cell") if g.get("data-target", "").startswith("hex:")]
    assert len(hexes) == len(LAND_HEXES)  # river hexes are targets for the Mermaids only
    first = hexes[0]
    assert first.get("aria-label", "").startswith(f"hex {LAND_HEXES[0]}: ")


@pytest.mark.parametrize("players, seed, steps", [(2, 1, 0), (2, 1, 3), (4, 2, 60), (3, 5, 999)])
def test_each_section_parses_and_is_a_pure_function_of_the_view(
    players: int, seed: int, steps: int
) -> None:
    state = played(players, seed, steps)
    for seat in (None, 0):
        view = state.view(seat)
        before = copy.deepcopy(view)
        first = sections(view, seat)
        assert view == before  # the view is only read
        assert first == sections(copy.deepcopy(view), seat)
        assert first[0][0] == "Map"
        headings = [heading for heading, _svg in first]
        assert {"Cult tracks", "Actions", "Round scoring", "Bonus tiles"} <= set(headings)
        assert {"Favor tiles", "Town tiles"} <= set(headings)
        for heading, text in first:
            root = ET.fromstring(text)
            assert root.tag == f"{SVG}svg", heading
            assert root.find("svg:title", NS) is not None
            desc = root.find("svg:desc", NS)
            assert desc is not None and desc.text, heading
            for element in root.iter():
                if element.get("data-target") is None:
                    continue
                assert element.tag == f"{SVG}g" and seat is not None  # a spectator clicks nothing
                assert TARGET.fullmatch(element.get("data-target", ""))
                assert "target" in element.get("class", "").split()
                assert element.get("tabindex") == "0" and element.get("role") == "button"
                assert element.get("aria-label")


def test_the_faction_boards_show_each_factions_numbers() -> None:
    state = played(4, 2, 80)
    view = state.view(None)
    for seat, name in enumerate(view["factions"]):
        root = faction_board(view, seat)
        assert FACTIONS[name].display_name in "".join(root.itertext())
        assert value(root, "vp") == view["vp"][seat]
        assert value(root, "coins") == view["c"][seat]
        assert value(root, "workers") == view["w"][seat]
        assert value(root, "priests") == view["p"][seat]
        assert value(root, "keys") == view["keys"][seat]
        assert value(root, "ship") == view["ship"][seat]
        assert value(root, "dig") == view["dig"][seat]
        bowls = [value(root, f"bowl-{k}") for k in (1, 2, 3)]
        assert bowls == view["bowls"][seat]
        dwellings = sum(
            1 for o, b in zip(view["owner"], view["building"], strict=True) if o == seat and b == 1
        )
        (row,) = with_class(root, "building-D")
        assert f"{8 - dwellings} of 8 left" in "".join(row.itertext())
        held = {t.text for t in with_class(root, "value") if t.text and t.text[0] in "BFT"}
        assert held == {view["bonus"][seat], *view["favors"][seat], *view["towns"][seat]} - {""}


def test_the_cult_board_shows_each_factions_positions_and_the_priests() -> None:
    state = played(4, 2, 100)
    view = state.view(None)
    root = drawn(view, None)["Cult tracks"]
    for index, cult in enumerate(("fire", "water", "earth", "air")):
        (track,) = with_class(root, cult)[:1]
        assert "track" in track.get("class", "").split()
        for seat, name in enumerate(view["factions"]):
            (marker,) = with_class(track, f"seat-{seat}")
            title = marker.find("svg:title", NS)
            level = view["cults"][seat][index]
            assert title is not None and title.text == (
                f"{FACTIONS[name].display_name} at {level} on {cult}"
            )
        taken = [s for s in view["cult_spaces"][index] if s >= 0]
        spaces = [g for g in with_class(root, "priest-space") if cult in g.get("class", "")]
        assert len([g for g in spaces if "taken" in g.get("class", "")]) == len(taken)
    keys = [g for g in with_class(root, "keys") if g.tag == f"{SVG}g"]
    assert len(keys) == len(view["factions"])
    for seat, chip in enumerate(keys):
        assert value(chip, "keys") == view["keys"][seat]


def test_tiles_and_actions_show_what_is_left_taken_and_current() -> None:
    state = played(3, 4, 120)
    view = state.view(0)
    tables = drawn(view, 0)
    (current,) = with_class(tables["Round scoring"], "current")
    assert f"round {view['round']}" in "".join(current.itertext())
    bonus = {g.get("data-target") for g in with_class(tables["Bonus tiles"], "bonus")}
    assert bonus == {f"tile:{tile}" for tile in view["bonus_coins"]}
    for tile, coins in view["bonus_coins"].items():
        (card,) = [g for g in with_class(tables["Bonus tiles"], "bonus") if tile in g.itertext()]
        assert (f"+{coins} C" in "".join(card.itertext())) == (coins > 0)
    favors = with_class(tables["Favor tiles"], "favor")
    assert len(favors) == 12
    for card in favors:
        (name,) = [t for t in card.itertext() if t.startswith("FAV")][:1]
        left = view["favor_pool"][name]
        assert (card.get("data-target") == f"tile:{name}") == (left > 0)
    towns = with_class(tables["Town tiles"], "town")
    assert {t for card in towns for t in card.itertext() if t.startswith("TW")} == set(
        view["town_pool"]
    )
    power = with_class(tables["Actions"], "power")
    assert [g.get("data-target") for g in power] == [f"action:ACT{k}" for k in range(1, 7)]
    for card in power:
        taken = "taken" in card.itertext()
        assert taken == (card.get("data-target", "")[7:] in view["used_actions"])


def test_the_factions_to_choose_are_clickable_during_the_setup() -> None:
    state = new_game("terra-mystica", 3, {"factions": "witches"}, 2)
    seat = state.to_move()[0]
    tables = drawn(state.view(seat), seat)
    choice = tables["Choose a faction"]
    open_ = {g.get("data-target") for g in choice.iter() if g.get("data-target")}
    assert open_ == {f"faction:{str(a).split()[1]}" for a in state.legal_actions(seat)}
    assert "faction:auren" not in open_ and "faction:giants" in open_  # auren: witches' colour
    assert "Choose a faction" not in drawn(played(3, 2, 20).view(0), 0)


def test_the_power_offered_is_answered_on_the_receivers_board() -> None:
    state = new_game("terra-mystica", 2, {"factions": "witches,nomads"}, 1)
    view = state.view(1)
    view["leech_offers"] = [[0, 1, 2, 7]]
    root = faction_board(view, 1)
    assert "Witches offers 2 power for 1 VP" in "".join(root.itertext())
    ids = target_ids(view, 1)
    assert {"leech:witches", "decline:witches"} <= ids
    assert "leech:witches" not in target_ids(view, 0)  # not offered to seat 0


def test_rivers_are_targets_for_the_mermaids_alone() -> None:
    view = new_game("terra-mystica", 2, {"factions": "mermaids,witches"}, 1).view(0)
    assert {f"hex:{r}" for r in RIVER_HEXES} <= target_ids(view, 0)
    assert not {f"hex:{r}" for r in RIVER_HEXES} & target_ids(view, 1)


HOSTILE = "EVIL<script>alert(1)</script>"
#: What any key of a view may hold instead of its value.
GARBAGE: list[Any] = [
    None,
    HOSTILE,
    10**5000,  # too long to print
    [[HOSTILE, -(10**5000)], {HOSTILE: HOSTILE}, 3.5, True, HOSTILE] * 2,
    {HOSTILE: 10**5000, "BON1": HOSTILE, "FAV1": [HOSTILE]},
]


def check_clean(view: Any, seat: int | None) -> None:
    for _heading, text in sections(view, seat):
        assert "EVIL" not in text and "<script" not in text
        ET.fromstring(text)


def test_malformed_views_neither_crash_nor_reach_the_markup() -> None:
    view = played(2, 1, 40).view(0)
    for key in view:
        for junk in GARBAGE:
            check_clean({**view, key: junk}, 0)
    for key, junk in [
        ("factions", [HOSTILE, "witches", 7, None]),
        ("terrain", [99, -1, "0", None, 2.0]),
        ("owner", [10**5000, 0, "0", -(10**9), True]),
        ("building", [1, 99, "SH", None]),
        ("bridges", [[0, [HOSTILE], {}], [HOSTILE, "A3", "C1"], [0, "A3"], [10**5000, "A3", "C1"]]),
        ("river_links", [[0, HOSTILE], [0, "r3", HOSTILE], HOSTILE]),
        ("leech_offers", [[1, 0, HOSTILE, 1], [HOSTILE, 0, 2], [1, 0, 10**5000, 1]]),
        ("cults", [[HOSTILE, 99, -5, None]] * 4),
        ("cult_spaces", [[0, HOSTILE, 10**5000, -1]] * 4),
        ("bowls", [[HOSTILE, None, 10**5000]] * 4),
        ("favors", [[HOSTILE, "FAV1", "FAV1"]] * 4),
        ("bonus", [HOSTILE, "BON99", None, "BON1"]),
        ("scoring", [HOSTILE, "SCORE1", None]),
        ("used_actions", [HOSTILE, ["ACT1"], "ACT1"]),
        ("phase", "factions"),
    ]:
        check_clean({**view, key: junk}, 0)
    for seat in (None, 0, 3, 99, -1, 10**5000):
        check_clean(view, seat)
    junk_views: list[Any] = [{}, {"factions": [HOSTILE] * 99, "phase": "factions"}, [], None]
    for junk_view in junk_views:
        check_clean(junk_view, 0)


def test_targets_name_the_elements_of_each_action_form() -> None:
    assert targets("build E5") == ["hex:E5"]
    assert targets("Upgrade e7 to tp") == ["hex:E7", "building:TP"]
    assert targets("upgrade F4 to SA") == ["hex:F4", "building:SA"]
    assert targets("transform E6 to gray") == ["hex:E6", "terrain:mountains"]
    assert targets("transform E6") == ["hex:E6"]
    assert targets("bridge F4:G3") == ["hex:F4", "hex:G3"]
    assert targets("connect r16") == ["hex:r16"]
    assert targets("connect A1:B2") == ["hex:A1", "hex:B2"]
    assert targets("action ACT1") == ["action:ACT1"]
    assert targets("action actw") == ["action:ACTW"]
    assert targets("action BON1") == ["action:BON1"]
    assert targets("action FAV6") == ["action:FAV6"]
    assert targets("send p to WATER for 2") == ["cult:water", "priest:water:2"]
    assert targets("send p to AIR for 1") == ["cult:air", "priest:air:1"]
    assert targets("advance ship") == ["track:ship"]
    assert targets("advance dig") == ["track:dig"]
    assert targets("pass BON7") == ["tile:BON7"]
    assert targets("pass") == []
    assert targets("+FAV11") == ["tile:FAV11"]
    assert targets("+TW5") == targets("+2TW5") == ["tile:TW5"]
    assert targets("+FIRE") == targets("+2FIRE") == ["cult:fire"]
    assert targets("-WATER") == ["cult:water"]
    assert targets("leech 2 from witches") == ["leech:witches"]
    assert targets("decline 3 from cultists") == ["decline:cultists"]
    assert targets("setup chaosmagicians") == ["faction:chaosmagicians"]
    for nothing in ("burn 3", "convert 1PW to 1C", "done", "dig 2", "wait", "+3VP", "-SPADE"):
        assert targets(nothing) == []
    # nothing outside the map, the tiles and the factions is ever named
    for hostile in ("build Z99", "build B13", "pass BON99", "+FAV13", "setup <b>", "action X"):
        assert targets(hostile) == []
    assert targets("leech 1 from <script>") == [] and targets("") == []
    assert targets(None) == []  # type: ignore[arg-type]


def test_every_target_of_a_legal_action_is_drawn() -> None:
    """Over seeded random games of 2 and 4 players, every few moves: each target of each
    legal action of a seat to move is an element of that seat's drawings."""
    kinds: set[str] = set()
    for players, seed in [(2, 1), (2, 7), (4, 2), (4, 8)]:
        for state in positions(players, seed, every=2):
            for seat in state.to_move():
                ids = target_ids(state.view(seat), seat)
                for action in state.legal_actions(seat):
                    text = str(action)
                    found = targets(text)
                    assert set(found) <= ids, (players, seed, text, set(found) - ids)
                    kinds |= {target.split(":")[0] for target in found}
                    verb, _space, rest = text.partition(" ")
                    if verb in ("build", "upgrade", "transform"):
                        assert found[0] == f"hex:{rest.split()[0]}", text
                    elif (verb == "pass" and rest) or re.match(r"[+][0-9]*(FAV|TW)", text):
                        assert found == [f"tile:{re.sub(r'^[+][0-9]*', '', rest or text)}"], text
    assert {"hex", "terrain", "building", "tile", "faction", "action", "cult", "priest"} <= kinds
