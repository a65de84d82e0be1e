"""Scythe drawn as SVG from a seat's view: everything shown, nothing private leaked,
hostile or broken views survived, and every legal action's click targets drawn."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from typing import Any, Final

import pytest

from tabletop.bots import make_bot
from tabletop.engine import State, new_game
from tabletop.games.scythe.data.board import HOME_BASES, TERRITORIES
from tabletop.games.scythe.data.cards import OBJECTIVES
from tabletop.games.scythe.data.factions import FACTIONS
from tabletop.games.scythe.svg import sections, targets

NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"
#: Phases whose actions are rare in random play: checked at every step.
RARE_PHASES = {"commit", "ability", "retreat", "encounter", "factory", "pay", "battle", "end"}


def played(players: int, seed: int, steps: int, options: dict[str, Any] | None = None) -> State:
    state = new_game("scythe", players, options or {}, seed)
    bot = make_bot("random", seed)
    for _ in range(steps):
        movers = state.to_move()
        if not movers:
            break
        state.apply(movers[0], bot.choose(state, movers[0]))
    return state


def parsed(view: dict[str, Any], seat: int | None) -> list[tuple[str, ET.Element]]:
    return [(heading, ET.fromstring(text)) for heading, text in sections(view, seat)]


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def find(root: ET.Element, *wanted: str) -> list[ET.Element]:
    return [e for e in root.iter() if set(wanted) <= classes(e)]


def words_of(element: ET.Element) -> str:
    """What an element shows (its ``<text>``s, not its ``<title>``)."""
    return " ".join(t.text or "" for t in element.iter(f"{SVG}text"))


@pytest.fixture(scope="module")
def game() -> State:
    state = played(4, 3, 400)
    assert not state.is_over()
    return state


# -- the board -------------------------------------------------------------------------------
def test_every_hex_piece_structure_and_resource_is_drawn_and_said(game: State) -> None:
    view = game.view(None)
    (heading, board), *_ = parsed(view, None)
    assert heading == "Board"
    hexes = find(board, "hex")
    assert len(hexes) == len(TERRITORIES) + len(HOME_BASES)
    # Colour is never alone: every hex names its terrain (or base) in words.
    terrains = {t for _, t, _, _ in TERRITORIES} - {"factory"}
    for cell in hexes:
        word = next(e.text or "" for e in cell.iter(f"{SVG}text") if "terrain" in classes(e))
        assert word in terrains or word == "Factory" or word.endswith(" base")
    desc = board.find("svg:desc", NS)
    assert desc is not None and desc.text
    factions = [p["faction"] for p in view["players"]]
    seen = {"mech": 0, "worker": 0, "character": 0, "structure": 0, "resource": 0}
    for hex_id, entry in view["board"].items():
        (cell,) = [e for e in hexes if e.get("data-hex") == hex_id]
        here = list(cell.iter(f"{SVG}g"))
        for kind in ("mechs", "workers"):
            for seat, count in entry.get(kind, {}).items():
                name, letter = FACTIONS[factions[int(seat)]].name, factions[int(seat)][0].upper()
                chips = [e for e in here if {kind[:-1], f"seat-{seat}"} <= classes(e)]
                assert [c.get("data-count") for c in chips] == [str(count)]
                assert words_of(chips[0]).strip() == f"{letter}{kind[0].upper()}{count}"
                plural = kind if count > 1 else kind[:-1]
                assert f"{count} {plural} of {name}" in desc.text
                seen[kind[:-1]] += 1
        for seat in entry.get("characters", []):
            chips = [e for e in here if {"character", f"seat-{seat}"} <= classes(e)]
            assert len(chips) == 1 and factions[seat][0].upper() in words_of(chips[0])
            assert f"the character of {FACTIONS[factions[seat]].name}" in desc.text
            seen["character"] += 1
        if "structure" in entry:
            owner, kind = entry["structure"]
            assert len([e for e in here if {"structure", kind, f"seat-{owner}"} <= classes(e)]) == 1
            assert f"the {kind} of {FACTIONS[factions[owner]].name}" in desc.text
            seen["structure"] += 1
        for resource, count in entry.get("resources", {}).items():
            chips = [e for e in here if {"resource", resource} <= classes(e)]
            assert [c.get("data-count") for c in chips] == [str(count)]
            assert f"{count} {resource}" in desc.text
            seen["resource"] += 1
        tokens = [e for e in here if "encounter-token" in classes(e)]
        assert len(tokens) == (1 if entry.get("encounter") else 0)
    assert all(seen.values()), seen  # the position shows every kind of thing
    rivers = find(board, "river")
    assert rivers and all(r.find("svg:title", NS) is not None for r in rivers)


def test_targets_are_the_seats_own_and_a_spectator_has_none(game: State) -> None:
    spectator = "".join(text for _, text in sections(game.view(None), None))
    assert "data-target" not in spectator
    seat = game.to_move()[0]
    drawn = parsed(game.view(seat), seat)
    found = [e for _, root in drawn for e in root.iter() if e.get("data-target")]
    for element in found:
        assert "target" in classes(element) and element.get("tabindex") == "0"
        assert element.get("role") == "button" and element.get("aria-label")
        inner = [e for e in element.iter() if e is not element and e.get("data-target")]
        assert not inner  # a click finds one target: they never nest
    ids = [e.get("data-target") for e in found]
    assert ids.count("hex:1,4") == 1 and ids.count("section:1") == 1  # the own mat only
    own = [root for heading, root in drawn if heading.endswith(", you)")]
    assert len(own) == 1 and len([e for e in own[0].iter() if e.get("data-target")]) > 20


# -- what is private -------------------------------------------------------------------------
def test_a_spectator_sees_no_hand_objective_or_factory_card_and_a_seat_only_its_own(
    game: State,
) -> None:
    private = ("hand", "objective", "factory-card")
    for seat in (None, 0, 1):
        view = game.view(seat)
        for s, player in enumerate(view["players"]):
            player["factory_card"] = 3 + s  # as the view shows a taken Factory card
        drawn = parsed(view, seat)
        text = " ".join(words_of(root) for _, root in drawn)
        for s, player in enumerate(game.view(s)["players"][s]["objectives"] for s in range(4)):
            names = [OBJECTIVES[o["number"]].name for o in player]
            for name in names:
                assert (name in text) == (s == seat), (seat, name)
        assert ("Factory card 3" in text) == (seat == 0)
        assert "Factory card 4" in text if seat == 1 else "Factory card 4" not in text
        found = {k: [e for _, root in drawn for e in find(root, k)] for k in private}
        if seat is None:
            assert not any(found.values()) and "Your hand" not in [h for h, _ in drawn]
            continue
        hand = view["players"][seat]["hand"]
        cards = sorted(int(words_of(e).split()[0]) for e in found["hand"])
        assert cards == sorted(hand)
        assert len(found["objective"]) == len(view["players"][seat]["objectives"])
        assert len(found["factory-card"]) == 1


# -- a pure, well-formed function ---------------------------------------------------------------
def test_the_same_view_gives_the_same_text_and_every_section_parses(game: State) -> None:
    for seat in (None, 0, 2):
        view = game.view(seat)
        first = sections(view, seat)
        assert first == sections(copy.deepcopy(view), seat) == sections(game.view(seat), seat)
        assert view == game.view(seat)  # the view is not changed
        for _, text in first:
            assert text.startswith("<svg") and ET.fromstring(text).find("svg:desc", NS) is not None


def test_hostile_names_never_reach_the_markup() -> None:
    view = played(2, 5, 120, {"automa": "-,automa"}).view(0)
    script = "<script>alert(1)</script>"
    view["players"][0].update(faction=script, mat=script, character=script, stars=[script])
    view["players"][0]["structures"] = {script: script, "mill": script}
    view["players"][0]["recruits"] = {script: script}
    view["players"][0]["objectives"] = [{"number": script, "name": script, "condition": script}]
    view["players"][0]["hand"] = [script, 3]
    view["board"][script] = {"workers": {script: 2}}
    view["board"]["1,4"] = {"workers": {"0": script, "1": 2}, "structure": [script, script]}
    view["board"]["1,4"]["resources"] = {script: 3, "oil": script}
    view["automa"].update(name=script, card_text=script, card=1, program=script, step=script)
    view["battle"] = {"territory": script, "attacker": script, "defender": 0, "committed": [script]}
    view["last_battle"] = {"territory": script, "winner": script, "power": [script], "cards": [1]}
    view["encounter"] = {"card": 1, "used": [script]}
    view.update(structure_bonus=script, phase=script, factory_pool=[script, 2], to_move=[script])
    drawn = sections(view, 0)
    for _, text in drawn:
        assert "<script" not in text and "alert(1)" not in text
        ET.fromstring(text)
    assert "seat 0" in drawn[0][1]  # an unknown faction is named by its seat
    assert targets(script) == [] and targets("move mech <a>1,1") == ["hex:1,1"]


JUNK: list[Any] = [None, "<b>\x00\x07", -7, 10**12, 2.5, True, ["<i>", {}], {"<u>": [None]}]


def test_malformed_views_never_crash() -> None:
    view = played(2, 7, 90).view(0)
    view["battle"] = {"territory": "1,4", "attacker": 0, "defender": 1, "committed": []}
    view["encounter"] = {"card": 2, "used": []}
    view["factory_pool"] = [1, 2]
    view["automa"] = {"seat": 1, "card": 3, "step": "move", "cells": 22, "tracker": 4}

    def survives(broken: Any, seat: int | None = 0) -> None:
        for _, text in sections(broken, seat):
            ET.fromstring(text)

    for junk in JUNK:
        survives(junk)
        survives({"players": junk, "board": junk})
        survives({"players": [junk, junk]}, 1)
        for key in view:
            survives({**view, key: junk})
        player = view["players"][0]
        for key in player:
            survives({**view, "players": [{**player, key: junk}, view["players"][1]]})
        for hex_id, entry in list(view["board"].items())[:3]:
            for key in entry:
                survives({**view, "board": {**view["board"], hex_id: {**entry, key: junk}}})
        survives({**view, "board": {"1,4": junk, "base:nordic": junk}})
    survives(view, None)
    survives(view, -1)
    survives(view, 7)


# -- click targets -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("section 3", ["section:3"]),
        ("section factory", ["section:factory"]),
        ("objective 14", ["objective:14"]),
        ("factory 12", ["factory:12"]),
        ("gain 2", ["action:move.coins"]),
        ("bolster power 3", ["action:bolster.power"]),
        ("bolster cards 1", ["action:bolster.cards"]),
        ("trade popularity 0", ["action:trade.popularity"]),
        ("trade food+oil at -1,4", ["hex:-1,4", "resource:food", "resource:oil"]),
        ("move character base:crimea>-1,7", ["hex:base:crimea", "hex:-1,7"]),
        ("move worker 0,7>-1,7", ["hex:0,7", "hex:-1,7"]),
        ("produce 2,5 3", ["hex:2,5"]),
        ("card produce 2,5 1", ["hex:2,5"]),
        ("pay 2 oil from -1,7", ["hex:-1,7"]),
        ("pay card 4", ["card:4"]),
        ("upgrade bolster.cards to build", ["upgrade:bolster.cards", "cost:build"]),
        ("card upgrade move.units to enlist", ["upgrade:move.units", "cost:enlist"]),
        ("deploy riverwalk at -3,6 without coins", ["mech:riverwalk", "hex:-3,6"]),
        ("build mill at 1,1", ["structure:mill", "hex:1,1"]),
        ("card build mine at 1,1", ["structure:mine", "hex:1,1"]),
        ("enlist deploy for cards", ["recruit:deploy", "bonus:cards"]),
        (
            "card resources wood+wood+metal at 2,2",
            ["hex:2,2", *["resource:wood"] * 2, "resource:metal"],
        ),
        ("fight 3,4", ["hex:3,4"]),
        ("retreat to 2,3", ["hex:2,3"]),
        ("commit 0", ["power:0"]),
        ("commit 7 with 2+2+5", ["power:7", "card:2", "card:2", "card:5"]),
        ("artillery", ["mech:artillery"]),
        ("scout", ["mech:scout"]),
        ("encounter popular coins2 popularity1", ["encounter:popular"]),
        ("encounter unpopular deploy:speed", ["encounter:unpopular", "mech:speed"]),
        ("encounter unpopular build:armory", ["encounter:unpopular", "structure:armory"]),
        (
            "encounter commercial enlist:build>power",
            ["encounter:commercial", "recruit:build", "bonus:power"],
        ),
        (
            "encounter commercial upgrade:move.coins>deploy",
            ["encounter:commercial", "upgrade:move.coins", "cost:deploy"],
        ),
        ("encounter commercial worker1 any:food", ["encounter:commercial", "resource:food"]),
        ("automa gains", ["automa:gains"]),
        *[(word, []) for word in ("skip", "done", "stop", "end", "decline", "retreat home")],
        *[
            (text, [])
            for text in ("carry w1 food2", "carry nothing", "build nothing", "card coins 3")
        ],
        *[(text, []) for text in ("", "move mech 9,9>8,8", "fly to the moon", "section 5")],
    ],
)
def test_targets_of_each_action_form(text: str, expected: list[str]) -> None:
    assert targets(text) == expected


def _check_targets(state: State, seen: set[str]) -> int:
    """Every target of every legal action of the seats to move is drawn for that seat."""
    checked = 0
    for seat in state.to_move():
        drawn = "".join(text for _, text in sections(state.view(seat), seat))
        ids = set(re.findall(r'data-target="([^"]*)"', drawn))
        for action in state.legal_actions(seat):
            for target in targets(str(action)):
                assert target in ids, (str(action), target, state.view(seat)["phase"])
                seen.add(target.split(":")[0])
                checked += 1
    return checked


ALWAYS: Final = {"hex", "section", "action", "resource", "card", "power", "recruit", "bonus"}


@pytest.mark.parametrize(
    ("players", "options", "seed", "every", "kinds"),
    [
        (2, {}, 1, 4, ALWAYS | {"upgrade", "cost", "mech", "structure", "encounter"}),
        (4, {}, 5, 4, ALWAYS - {"power"} | {"upgrade", "cost", "mech", "structure", "encounter"}),
        (2, {"automa": "-,automa"}, 1, 1, ALWAYS | {"automa", "mech", "encounter"}),
    ],
)
def test_every_target_of_every_legal_action_is_drawn(
    players: int, options: dict[str, Any], seed: int, every: int, kinds: set[str]
) -> None:
    state = new_game("scythe", players, options, seed)
    bot = make_bot("random", seed)
    seen: set[str] = set()
    checked = 0
    for step in range(450):
        movers = state.to_move()
        if not movers:
            break
        if step % every == 0 or state.view(None)["phase"] in RARE_PHASES:
            checked += _check_targets(state, seen)
        state.apply(movers[0], bot.choose(state, movers[0]))
    assert checked > 300
    assert kinds <= seen, kinds - seen


def test_objective_and_factory_card_choices_are_drawn_for_their_seat(game: State) -> None:
    seat = game.to_move()[0]
    view = game.view(seat)
    view["factory_pool"] = [2, 7, 11]
    view["phase"] = "factory"
    drawn = "".join(text for _, text in sections(view, seat))
    wanted = [f"objective:{o['number']}" for o in view["players"][seat]["objectives"]]
    wanted += ["factory:2", "factory:7", "factory:11"]
    for target in wanted:
        assert f'data-target="{target}"' in drawn
    spectator = "".join(text for _, text in sections(view, None))
    assert "factory:2" not in spectator and "Factory card 7" not in spectator
