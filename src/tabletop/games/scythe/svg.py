"""Scythe as SVG, drawn from a seat's view (never from a state).

:func:`sections` turns ``state.view(seat)`` into a list of ``(heading, svg text)``
pairs: the board first, then every player's mat and tracks, then what only the
seat itself may see (its combat cards, objectives, the Factory cards offered to it),
the battle being fought, the encounter card being resolved and, in a solo game, the
Automa.  It is a pure function of the view, built with ElementTree (text is escaped
for free); every drawn thing has CSS classes and a ``<title>``, every document a
``<desc>`` that says in words what it shows, and colour never carries meaning alone:
terrains are written on their hexes, pieces carry their faction's initial and a
symbol (``@`` character, ``M`` mech, ``W`` worker), resources a letter.  The seat's own
Factory card is drawn as the fifth section of its mat; another player's is only said
to exist (the view names it, but only the seat's own is drawn).

What a move can be made on is a ``<g class="target ..." data-target="KIND:ID">``
(focusable, ``role="button"``, an ``aria-label`` in words), drawn only for a seat
(a spectator gets none) and, on the mats, only on the seat's own.
:func:`targets` maps a legal action's text to the ``data-target`` values it involves,
in the order a player clicks them, so that clicking narrows the legal moves:

>>> targets("move mech 3,4>4,4"), targets("commit 5 with 2+3")
(['hex:3,4', 'hex:4,4'], ['power:5', 'card:2', 'card:3'])
>>> from tabletop.engine import new_game
>>> view = new_game("scythe", 2, {"factions": "nordic,rusviet"}, 1).view(0)
>>> [heading for heading, _ in sections(view, 0)]
['Board', 'Nordic Kingdoms (seat 0, you)', 'Rusviet Union (seat 1)', 'Your hand']
>>> board = sections(view, 0)[0][1]
>>> board.startswith("<svg") and board.count('data-target="hex:') == 47 + 7
True
"""

from __future__ import annotations

import math
import re
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from functools import partial
from typing import Any, Final

from tabletop.engine import svg
from tabletop.engine.svg import as_dict, int_or, known
from tabletop.games.scythe.data.automa import AUTOMA_CARDS, STAR_TRACKERS, AutomaCard
from tabletop.games.scythe.data.board import HOME_BASES, RIVERS, TERRITORIES
from tabletop.games.scythe.data.cards import ENCOUNTER_OPTIONS, ENCOUNTERS, OBJECTIVES
from tabletop.games.scythe.data.factions import ENLIST_BONUSES, FACTIONS
from tabletop.games.scythe.data.factory_cards import FACTORY_CARDS
from tabletop.games.scythe.data.mats import (
    BOTTOM_ACTIONS,
    BOTTOM_RESOURCE,
    MATS,
    ONGOING_BONUS,
    UPGRADE_SPACES,
)
from tabletop.games.scythe.data.structure_bonus import STRUCTURE_BONUS_TILES

# --------------------------------------------------------------------------------------
# Fixed data: names, colours, geometry
# --------------------------------------------------------------------------------------

#: Resources in the game's order, and the letter each is marked with.
RESOURCES: Final = ("food", "wood", "metal", "oil")
RESOURCE_LETTER: Final = {"food": "f", "wood": "w", "metal": "m", "oil": "o"}
RESOURCE_FILL: Final = {
    "food": ("#f2c94c", "#000"),
    "wood": ("#7a5230", "#fff"),
    "metal": ("#9fb3bf", "#000"),
    "oil": ("#222222", "#fff"),
}
#: Structures in the game's order, and their codes on the board.
STRUCTURES: Final = ("mine", "mill", "armory", "monument")
STRUCTURE_CODE: Final = {"mine": "Mn", "mill": "Ml", "armory": "Ar", "monument": "Mo"}
UPGRADE_KEYS: Final = tuple(UPGRADE_SPACES)
MECH_ABILITIES: Final = frozenset(m for f in FACTIONS.values() for m in f.mech_abilities)

#: Faction fill and ink (the Invaders from Afar only ever have an empty base).
FACTION_FILL: Final = {
    "nordic": ("#1c3d9c", "#fff"),
    "rusviet": ("#b81c1c", "#fff"),
    "crimea": ("#e3c21c", "#000"),
    "saxony": ("#333333", "#fff"),
    "polania": ("#eeeeee", "#000"),
    "albion": ("#2e7d32", "#fff"),
    "togawa": ("#6a1b9a", "#fff"),
}
UNKNOWN_FILL: Final = ("#bbbbbb", "#000")
TERRAIN_FILL: Final = {
    "mountain": ("#9e9e9e", "#000"),
    "farm": ("#d7af5f", "#000"),
    "village": ("#e39a3b", "#000"),
    "forest": ("#2e6b2e", "#fff"),
    "tundra": ("#9cc3bf", "#000"),
    "lake": ("#2f6fc0", "#fff"),
    "factory": ("#7a3b9a", "#fff"),
    "base": ("#f7f7f7", "#000"),
}
RIVER_STROKE: Final = "#3d8fe0"
UNIT_WORDS: Final = {"character": "@", "mech": "M", "worker": "W"}

#: Every position as the notation writes it: (q, r, terrain) of its printed hex.
POSITIONS: Final[dict[str, tuple[int, int, str]]] = {
    **{h: (int(h.split(",")[0]), int(h.split(",")[1]), t) for h, t, _, _ in TERRITORIES},
    **{
        f"base:{f}": (int(at.split(",")[0]), int(at.split(",")[1]), "base")
        for f, (at, _) in HOME_BASES.items()
    },
}
TUNNELS: Final = frozenset(h for h, _, _, tunnel in TERRITORIES if tunnel)
SIZE: Final = 46.0
_SQRT3: Final = math.sqrt(3)
_MIN_X: Final = min(_SQRT3 * (q + r / 2) for q, r, _ in POSITIONS.values())
_MAX_X: Final = max(_SQRT3 * (q + r / 2) for q, r, _ in POSITIONS.values())
_MAX_R: Final = max(r for _, r, _ in POSITIONS.values())
_BOARD_TOP: Final = 44.0

PHASE_WORDS: Final = {
    "section": "choosing a mat section",
    "top": "top action",
    "move": "moving units",
    "motion": "a unit in motion may go on",
    "carry": "choosing what the unit carries",
    "produce": "producing",
    "pay": "paying",
    "bottom": "bottom action",
    "end": "end of turn (objectives)",
    "battle": "choosing the next battle",
    "ability": "combat abilities",
    "commit": "committing power and combat cards",
    "retreat": "retreating",
    "encounter": "an encounter",
    "factory": "choosing a Factory card",
    "automa": "the Automa's turn",
    "over": "game over",
}
STAR_WORDS: Final = {
    "upgrades": "all upgrades",
    "mechs": "all mechs",
    "structures": "all structures",
    "recruits": "all recruits",
    "workers": "all workers",
    "objective": "objective",
    "combat": "combat victory",
    "popularity": "18 popularity",
    "power": "16 power",
    "tracker": "star tracker",
}
TOP_SPACE_WORDS: Final = {
    "move.units": "units to move",
    "move.coins": "coins instead of moving",
    "trade.popularity": "popularity instead of resources",
    "produce.territories": "territories to produce on",
    "bolster.power": "power",
    "bolster.cards": "combat cards",
}
_STYLE: Final = (
    "text{font-family:sans-serif}"
    ".target{cursor:pointer}"
    ".target:hover>title+*,.target:focus>title+*{stroke:#000;stroke-width:3}"
    ".current{font-weight:bold}"
)
_MAX_LIST: Final = 60


# --------------------------------------------------------------------------------------
# Reading a view defensively
# --------------------------------------------------------------------------------------
def _opt_int(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit() and len(value) < 4:
        return int(value)
    return None


def _list(value: Any) -> list[Any]:
    return svg.as_list(value, _MAX_LIST)


def _clean(text: str, limit: int = 300) -> str:
    return svg.xml_safe(text[:limit])


class _Table:
    """The players of a view: names, letters and colours by seat, defensively."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.players = [as_dict(p) for p in _list(view.get("players"))]

    def player(self, seat: Any) -> dict[str, Any]:
        s = _opt_int(seat)
        return self.players[s] if s is not None and 0 <= s < len(self.players) else {}

    def faction(self, seat: Any) -> str | None:
        return known(self.player(seat).get("faction"), FACTIONS)

    def name(self, seat: Any) -> str:
        faction = self.faction(seat)
        if faction is not None:
            return FACTIONS[faction].name
        s = _opt_int(seat)
        return f"seat {s}" if s is not None and 0 <= s < 100 else "someone"

    def letter(self, seat: Any) -> str:
        faction = self.faction(seat)
        if faction is not None:
            return faction[0].upper()
        s = _opt_int(seat)
        return str(s) if s is not None and 0 <= s < 10 else "?"

    def fill(self, seat: Any) -> tuple[str, str]:
        faction = self.faction(seat)
        return FACTION_FILL[faction] if faction is not None else UNKNOWN_FILL


# --------------------------------------------------------------------------------------
# Drawing helpers
# --------------------------------------------------------------------------------------
def _svg(width: float, height: float, cls: str, title: str) -> ET.Element:
    root = svg.document(f"scythe {cls}", title, style=_STYLE)
    root.set("viewBox", f"0 0 {width:.0f} {height:.0f}")
    return root


def _finish(root: ET.Element, said: list[str], width: float, height: float) -> str:
    return svg.finish(
        root, _clean(" ".join(said), 20000) if said else "nothing to show", width, height
    )


_text = partial(svg.text, size=11)
_rect = partial(svg.rect, stroke="#444", rx=3)
_group = svg.group


def _box(
    parent: ET.Element,
    x: float,
    y: float,
    w: float,
    h: float,
    lines: list[str],
    *,
    cls: str,
    label: str,
    target: str | None = None,
    fill: str = "#ffffff",
    ink: str = "#000",
    size: float = 10.5,
) -> ET.Element:
    """A rectangle with lines of text, clickable when ``target`` is given."""
    group = _group(parent, cls, label, target)
    _rect(group, x, y, w, h, fill, stroke="#000" if target else "#777")
    for i, line in enumerate(lines):
        _text(group, x + 5, y + 1 + (size + 2) * (i + 1), line, size=size, fill=ink)
    return group


def _lines_height(lines: list[str], size: float) -> float:
    return (size + 2) * len(lines) + 6


def _chip(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    colours: tuple[str, str],
    cls: str,
    label: str,
    extra: dict[str, str] | None = None,
) -> float:
    """A small labelled token centred on ``y``; returns its width."""
    width = 6 + 5.8 * len(text)
    group = _group(parent, cls, label)
    for key, value in (extra or {}).items():
        group.set(key, value)
    _rect(group, x, y - 6.5, width, 13, colours[0], stroke="#000", rx=3)
    _text(group, x + width / 2, y + 3.5, text, size=9, anchor="middle", fill=colours[1])
    return width


def _chips_width(texts: Iterable[str]) -> float:
    return sum(6 + 5.8 * len(t) + 2 for t in texts) - 2


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width) or [""]


def _amounts(pairs: Iterable[tuple[str, int]]) -> str:
    words = {"card": "combat card", "coins": "coin", "resource": "resource of any kind"}
    parts = []
    for what, n in pairs:
        if what in ("upgrade", "deploy", "build", "enlist"):
            parts.append(what)
        elif what == "produce":
            parts.append(f"produce on {n} territories")
        elif what in ("popularity", "power") or what in RESOURCES:
            parts.append(f"{n} {what}")
        else:
            parts.append(svg.plural(n, words.get(what, what)))
    return ", ".join(parts) or "nothing"


# --------------------------------------------------------------------------------------
# The board
# --------------------------------------------------------------------------------------
def _centre(position: str) -> tuple[float, float]:
    q, r, _ = POSITIONS[position]
    x = SIZE * (_SQRT3 * (q + r / 2) - _MIN_X) + SIZE * _SQRT3 / 2 + 10
    y = _BOARD_TOP + SIZE * (1.5 * r + 1)
    return x, y


def _count_map(value: Any) -> dict[int, int]:
    """``{"0": 2}`` (seat -> count) with only sound entries."""
    out: dict[int, int] = {}
    for key, count in as_dict(value).items():
        seat, n = _opt_int(key), int_or(count)
        if seat is not None and n > 0:
            out[seat] = n
    return out


def _board(view: dict[str, Any], table: _Table, seat: int | None) -> str:
    width = SIZE * (_MAX_X - _MIN_X + _SQRT3) + 20
    height = _BOARD_TOP + SIZE * (1.5 * _MAX_R + 2) + 50
    root = _svg(width, height, "board", "Scythe board")
    said: list[str] = []
    status = _status(view, table)
    _text(root, 10, 18, status[0], size=13, bold=True, cls="status")
    _text(root, 10, 34, status[1], size=11, cls="status")
    said.extend(status)
    board = as_dict(view.get("board"))
    hexes = ET.SubElement(root, "g", {"class": "hexes"})
    for position in POSITIONS:
        entry = as_dict(board.get(position))
        said_here = _hex(hexes, position, entry, table, seat is not None)
        if said_here:
            said.append(said_here)
    rivers = ET.SubElement(root, "g", {"class": "rivers", "pointer-events": "none"})
    for a, b in RIVERS:
        (x1, y1), (x2, y2) = _centre(a), _centre(b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        length = math.hypot(x2 - x1, y2 - y1)
        px, py = -(y2 - y1) / length * SIZE / 2, (x2 - x1) / length * SIZE / 2
        line = ET.SubElement(
            rivers,
            "line",
            {
                "x1": f"{mx + px:.1f}",
                "y1": f"{my + py:.1f}",
                "x2": f"{mx - px:.1f}",
                "y2": f"{my - py:.1f}",
                "class": "river",
                "stroke": RIVER_STROKE,
                "stroke-width": "5",
                "stroke-linecap": "round",
                "stroke-dasharray": "9 3",
            },
        )
        ET.SubElement(line, "title").text = f"river between {a} and {b}"
    said.append(f"Rivers run between {len(RIVERS)} pairs of neighbouring territories.")
    legend = (
        "Pieces: the faction's initial, then @ character, M mech, W worker (and how many); "
        "T tunnel, ! encounter token.",
        "Resources: f food, w wood, m metal, o oil; structures: Mn mine, Ml mill, "
        "Ar armory, Mo monument; dashed blue lines are rivers.",
    )
    for i, words in enumerate(legend):
        _text(root, 10, height - 38 + 14 * i, words, size=10, cls="legend")
    tile = known(view.get("structure_bonus"), STRUCTURE_BONUS_TILES)
    if tile is not None:
        _text(root, 10, height - 8, f"Structure bonus tile: {tile}", size=10, cls="legend")
        said.append(f"Structure bonus tile: {tile}.")
    return _finish(root, said, width, height)


def _status(view: dict[str, Any], table: _Table) -> tuple[str, str]:
    turn = int_or(view.get("turn"))
    phase = known(view.get("phase"), PHASE_WORDS)
    if view.get("over") is True:
        scores = _list(view.get("scores"))
        parts = [f"{table.name(s)} ${int_or(v)}" for s, v in enumerate(scores)]
        return "Game over", "Final coins: " + (", ".join(parts) or "unknown")
    active = view.get("active")
    first = f"Turn {turn + 1}: {table.name(active)}"
    first += f", {PHASE_WORDS[phase]}" if phase is not None else ""
    second: list[str] = []
    movers = [table.name(s) for s in _list(view.get("to_move"))]
    if movers:
        second.append("to decide: " + ", ".join(movers))
    moves = int_or(view.get("moves_left"))
    if moves > 0:
        second.append(f"{svg.plural(moves, 'unit')} may still move")
    paying = as_dict(view.get("paying"))
    kind = int_or(paying.get("resource"), -1)
    if 0 <= kind < len(RESOURCES) and int_or(paying.get("left")) > 0:
        second.append(f"paying {int_or(paying.get('left'))} {RESOURCES[kind]}")
    if int_or(paying.get("cards")) > 0:
        second.append(f"paying {svg.plural(int_or(paying.get('cards')), 'combat card')}")
    second.append(
        f"combat deck {int_or(view.get('combat_deck'))}, "
        f"encounter deck {int_or(view.get('encounter_deck'))}, "
        f"Factory cards left {int_or(view.get('factory_cards_left'))}"
    )
    return first + ".", "; ".join(second) + "."


def _hex(
    parent: ET.Element, position: str, entry: dict[str, Any], table: _Table, clickable: bool
) -> str:
    """One territory or base with what is on it; the sentence saying so ('' if empty)."""
    x, y = _centre(position)
    terrain = POSITIONS[position][2]
    fill, ink = TERRAIN_FILL[terrain]
    if terrain == "base":
        faction = position.split(":")[1]
        fill, ink = FACTION_FILL.get(faction, UNKNOWN_FILL)
        place = f"{FACTIONS[faction].name if faction in FACTIONS else faction.title()} home base"
        word = f"{faction.title()} base"
    else:
        place = f"{position} {terrain}" + (" (tunnel)" if position in TUNNELS else "")
        word = "Factory" if terrain == "factory" else terrain
    things: list[str] = []
    characters = [s for s in (_opt_int(c) for c in _list(entry.get("characters"))) if s is not None]
    mechs, workers = _count_map(entry.get("mechs")), _count_map(entry.get("workers"))
    seats = sorted({*characters, *mechs, *workers})
    for s in seats:
        if s in characters:
            things.append(f"the character of {table.name(s)}")
        if s in mechs:
            things.append(f"{svg.plural(mechs[s], 'mech')} of {table.name(s)}")
        if s in workers:
            things.append(f"{svg.plural(workers[s], 'worker')} of {table.name(s)}")
    structure = _list(entry.get("structure"))
    owner = _opt_int(structure[0]) if len(structure) == 2 else None
    kind = known(structure[1], STRUCTURES) if len(structure) == 2 else None
    if owner is not None and kind is not None:
        things.append(f"the {kind} of {table.name(owner)}")
    piles = as_dict(entry.get("resources"))
    resources = [(r, int_or(piles.get(r))) for r in RESOURCES if int_or(piles.get(r)) > 0]
    things.extend(f"{n} {r}" for r, n in resources)
    encounter = entry.get("encounter") is True
    if encounter:
        things.append("an encounter token")
    controller = _opt_int(entry.get("controller"))
    label = place + (": " + ", ".join(things) if things else "")
    if controller is not None and things:
        label += f"; controlled by {table.name(controller)}"
    cls = f"hex {terrain}" + (" tunnel" if position in TUNNELS else "")
    group = _group(parent, cls, label, f"hex:{position}" if clickable else None)
    group.set("data-hex", position)
    ET.SubElement(
        group,
        "polygon",
        {
            "points": svg.corners(x, y, SIZE - 1),
            "fill": fill,
            "stroke": "#555",
            "stroke-width": "1.5",
        },
    )
    _text(group, x, y - 20, word, size=9.5, anchor="middle", fill=ink, cls="terrain")
    _text(group, x, y + 33, position, size=7, anchor="middle", fill=ink, cls="hex-id")
    half = 2.7 * len(word) + 3
    if position in TUNNELS:
        _chip(group, x - half - 12, y - 23, "T", ("#5a3d1e", "#fff"), "tunnel-mark", "tunnel")
    if encounter:
        _chip(group, x + half, y - 23, "!", ("#fff3b0", "#000"), "encounter-token", "encounter")
    rows: list[list[tuple[str, tuple[str, str], str, str, dict[str, str]]]] = []
    for s in seats:
        row = []
        letter, colours, name = table.letter(s), table.fill(s), table.name(s)
        data = {"data-hex": position, "data-seat": str(s)}
        if s in characters:
            row.append(
                (letter + "@", colours, f"unit character seat-{s}", f"{name} character", data)
            )
        if s in mechs:
            row.append(
                (
                    f"{letter}M{mechs[s]}",
                    colours,
                    f"unit mech seat-{s}",
                    f"{svg.plural(mechs[s], 'mech')} of {name}",
                    {**data, "data-count": str(mechs[s])},
                )
            )
        if s in workers:
            row.append(
                (
                    f"{letter}W{workers[s]}",
                    colours,
                    f"unit worker seat-{s}",
                    f"{svg.plural(workers[s], 'worker')} of {name}",
                    {**data, "data-count": str(workers[s])},
                )
            )
        rows.append(row)
    last: list[tuple[str, tuple[str, str], str, str, dict[str, str]]] = []
    if owner is not None and kind is not None:
        last.append(
            (
                f"{table.letter(owner)}{STRUCTURE_CODE[kind]}",
                table.fill(owner),
                f"structure {kind} seat-{owner}",
                f"{kind} of {table.name(owner)}",
                {"data-hex": position, "data-seat": str(owner)},
            )
        )
    for r, n in resources:
        last.append(
            (
                f"{n}{RESOURCE_LETTER[r]}",
                RESOURCE_FILL[r],
                f"resource {r}",
                f"{n} {r}",
                {"data-hex": position, "data-count": str(n)},
            )
        )
    if last:
        rows.append(last)
    top = y - 7 if len(rows) < 4 else y - 9
    step = 12.5 if len(rows) < 4 else 9.5
    for i, row in enumerate(rows):
        cx = x - _chips_width(t for t, *_ in row) / 2
        for text, colours, cls, title, data in row:
            cx += _chip(group, cx, top + i * step, text, colours, cls, title, data) + 2
    return label + "." if things else ""


# --------------------------------------------------------------------------------------
# A player's mat, tracks and faction mat
# --------------------------------------------------------------------------------------
_COLUMN_W: Final = 172.0
_PANEL_W: Final = 10 + 5 * (_COLUMN_W + 6) + 4


def _player(view: dict[str, Any], table: _Table, s: int, own: bool) -> tuple[str, str]:
    p = table.players[s]
    name = table.name(s)
    heading = f"{name} (seat {s}{', you' if own else ''})"
    root = _svg(_PANEL_W, 100, f"player seat-{s}" + (" own" if own else ""), heading)
    said: list[str] = []
    fill, ink = table.fill(s)
    mat_id = known(p.get("mat"), MATS)
    mat_name = f"{MATS[mat_id].name} mat" if mat_id else "no player mat (the Automa)"
    _rect(_group(root, "seat", name), 6, 6, 24, 24, fill, stroke="#000", cls=f"seat-{s}")
    _text(root, 18, 23, table.letter(s), size=14, anchor="middle", fill=ink, bold=True)
    title = f"{name}, seat {s}: {mat_name}"
    if view.get("active") == s and view.get("over") is not True:
        title += " (active)"
    _text(root, 38, 24, title, size=15, bold=True)
    said.append(title + ".")
    coins, power, popularity = (int_or(p.get(k)) for k in ("coins", "power", "popularity"))
    cards, objectives = int_or(p.get("combat_cards")), int_or(p.get("objective_cards"))
    on_mat = int_or(p.get("workers_on_mat"))
    where = p.get("character")
    char_at = known(where, [*POSITIONS, "faction mat"]) or "unknown"
    factory = int_or(p.get("factory_card"))
    facts = (
        f"${coins}, {power} power, {popularity} popularity, "
        f"{svg.plural(cards, 'combat card')}, {svg.plural(objectives, 'objective')}, "
        f"{svg.plural(on_mat, 'worker')} on the mat, character at {char_at}, "
        f"{'a Factory card' if factory else 'no Factory card'}"
    )
    _text(root, 10, 48, facts, size=11.5, cls="facts")
    said.append(facts[0].upper() + facts[1:] + ".")
    y = 58.0
    y = _track(root, y, "Popularity", "popularity", popularity, 18)
    y = _track(root, y, "Power", "power", power, 16)
    stars = [known(v, STAR_WORDS) for v in _list(p.get("stars"))]
    _text(root, 10, y + 15, "Stars", size=11, bold=True)
    for i in range(6):
        star = stars[i] if i < len(stars) else None
        words = (STAR_WORDS[star] if star else "star") if i < len(stars) else "-"
        group = _group(root, "star placed" if i < len(stars) else "star", f"star {i + 1}: {words}")
        _rect(group, 80 + i * 112, y + 2, 108, 18, fill if i < len(stars) else "#fff")
        _text(
            group,
            134 + i * 112,
            y + 15,
            ("* " + words) if i < len(stars) else "-",
            size=10,
            anchor="middle",
            fill=ink if i < len(stars) else "#777",
        )
    said.append(
        f"{svg.plural(len(stars), 'star')}"
        + (": " + ", ".join(STAR_WORDS[v] if v else "star" for v in stars) if stars else "")
        + "."
    )
    y += 28
    if mat_id is not None:
        active = view.get("active") == s and view.get("phase") != "section"
        y = _mat(root, p, mat_id, y, own, said, view.get("section") if active else -1)
    faction = table.faction(s)
    if faction is not None and mat_id is not None:
        y = _faction_mat(root, p, faction, y, own, said)
    if own and mat_id is not None:
        y = _supply(root, y)
    return heading, _finish(root, said, _PANEL_W, y + 8)


def _track(root: ET.Element, y: float, label: str, cls: str, value: int, top: int) -> float:
    _text(root, 10, y + 15, label, size=11, bold=True)
    group = _group(root, f"track {cls}", f"{label}: {value} of {top}")
    cell = min(34.0, (_PANEL_W - 90) / (top + 1))
    for i in range(top + 1):
        here = i == min(max(value, 0), top)
        _rect(group, 80 + i * cell, y + 2, cell - 2, 18, "#333" if here else "#fff", rx=2)
        _text(
            group,
            80 + i * cell + (cell - 2) / 2,
            y + 15,
            str(i),
            size=10,
            anchor="middle",
            fill="#fff" if here else "#000",
            cls="current" if here else "",
        )
    return y + 24


def _mat(
    root: ET.Element,
    p: dict[str, Any],
    mat_id: str,
    y: float,
    own: bool,
    said: list[str],
    view_section: Any,
) -> float:
    """The four sections: top action with its upgrade spaces, bottom action with its cost,
    coins and recruit; and for the seat itself its Factory card as a fifth section."""
    mat = MATS[mat_id]
    upgraded = {k for k in _list(p.get("upgraded")) if known(k, UPGRADE_SPACES)}
    costs = as_dict(p.get("bottom_costs"))
    recruits = {b for b, v in as_dict(p.get("recruits")).items() if v in ENLIST_BONUSES}
    last = int_or(p.get("last_section"), -1)
    now = int_or(view_section, -1)

    def value(key: str) -> int:
        return UPGRADE_SPACES[key][1 if key in upgraded else 0]

    for i, column in enumerate(mat.columns):
        x = 10 + i * (_COLUMN_W + 6)
        used = " (now)" if now == i else " (last turn)" if last == i else ""
        header = f"{i + 1}: {column.top} / {column.bottom}{used}"
        _box(
            root,
            x,
            y,
            _COLUMN_W,
            20,
            [header],
            cls=f"section section-{i + 1}" + (" last" if used else ""),
            label=f"section {i + 1}: {column.top}, then {column.bottom}{used}",
            target=f"section:{i + 1}" if own else None,
            fill="#ddd" if used else "#f4f0e0",
            size=10,
        )
        said.append(f"Section {i + 1}: {column.top} then {column.bottom}{used}.")
        top = _group(root, f"top {column.top}", f"section {i + 1}: top action {column.top}")
        _rect(top, x, y + 22, _COLUMN_W, 62, "#fbf8ee", stroke="#999")
        spaces = {
            "move": [("Move units", "move.units", False), ("or gain coins", "move.coins", True)],
            "produce": [("Produce on territories", "produce.territories", False)],
            "trade": [("or popularity", "trade.popularity", True)],
            "bolster": [
                ("Power", "bolster.power", True),
                ("or combat cards", "bolster.cards", True),
            ],
        }[column.top]
        line_y = y + 26
        if column.top in ("trade", "bolster"):
            extra = "Trade $1: 2 resources" if column.top == "trade" else "Bolster (pay $1):"
            _text(top, x + 5, line_y + 11, extra, size=10)
            line_y += 15
        for words, key, choosable in spaces:
            amount = value(key)
            text = f"{words}: {amount}"
            state = "upgraded" if key in upgraded else "not yet upgraded"
            _box(
                root,
                x + 4,
                line_y,
                _COLUMN_W - 48,
                17,
                [text],
                cls=f"space {key.replace('.', '-')}",
                label=f"{column.top}: {amount} {TOP_SPACE_WORDS[key]}",
                target=f"action:{key}" if own and choosable else None,
                fill="#fff",
                size=10,
            )
            _box(
                root,
                x + _COLUMN_W - 40,
                line_y,
                36,
                17,
                ["moved" if key in upgraded else "cube"],
                cls="upgrade-space" + (" upgraded" if key in upgraded else ""),
                label=f"upgrade space {key} ({state}: {amount} {TOP_SPACE_WORDS[key]})",
                target=f"upgrade:{key}" if own else None,
                fill="#cfe8cf" if key in upgraded else "#e8e8e8",
                size=9,
            )
            said.append(f"{column.top} {TOP_SPACE_WORDS[key]}: {amount} ({state}).")
            line_y += 20
        bottom = column.bottom
        resource = BOTTOM_RESOURCE[bottom]
        cost = costs.get(bottom)
        cost_now = cost if isinstance(cost, int) and not isinstance(cost, bool) else column.cost
        cubes = column.cost - cost_now
        base = _group(root, f"bottom {bottom}", f"section {i + 1}: bottom action {bottom}")
        _rect(base, x, y + 86, _COLUMN_W, 62, "#eef2f7", stroke="#999")
        _text(base, x + 5, y + 98, f"{bottom.title()}: +${column.coins}", size=10.5, bold=True)
        cost_words = f"costs {cost_now} {resource}"
        if cubes > 0:
            cost_words += f" ({svg.plural(cubes, 'upgrade')} applied)"
        _box(
            root,
            x + 4,
            y + 102,
            _COLUMN_W - 8,
            17,
            [f"cost {cost_now} {resource} (min {column.min_cost}, was {column.cost})"],
            cls=f"cost cost-{bottom}",
            label=f"{bottom} {cost_words}",
            target=f"cost:{bottom}" if own else None,
            fill="#fff",
            size=9.5,
        )
        recruit = bottom in recruits
        bonus = ONGOING_BONUS[bottom]
        recruit_text = f"recruited: +1 {bonus} ongoing" if recruit else f"recruit (+1 {bonus})"
        _box(
            root,
            x + 4,
            y + 123,
            _COLUMN_W - 8,
            17,
            [recruit_text],
            cls="recruit" + (" enlisted" if recruit else ""),
            label=(
                f"the {bottom} recruit, enlisted: +1 {bonus} when you or a neighbour {bottom}"
                if recruit
                else f"the {bottom} recruit, not yet enlisted (ongoing bonus +1 {bonus})"
            ),
            target=f"recruit:{bottom}" if own else None,
            fill="#dcefdc" if recruit else "#fff",
            size=9.5,
        )
        said.append(
            f"{bottom.title()} {cost_words}, gives ${column.coins}"
            + (f", recruit enlisted (+1 {bonus})." if recruit else ".")
        )
    factory = int_or(p.get("factory_card"))
    x = 10 + 4 * (_COLUMN_W + 6)
    if own and factory in FACTORY_CARDS:
        card = FACTORY_CARDS[factory]
        used = " (now)" if now == 4 else " (last turn)" if last == 4 else ""
        gains = (" or " if card.choose_one else ", ").join(_amounts([g]) for g in card.gains)
        lines = [
            f"Factory card {factory}{used}",
            *_wrap(f"pay {_amounts(card.cost)}", 30),
            *_wrap(f"gain {gains}", 30),
            "then move one unit",
            "up to 2 territories",
        ]
        _box(
            root,
            x,
            y,
            _COLUMN_W,
            148,
            lines,
            cls="factory-card section section-factory",
            label=f"section Factory card {factory}: pay {_amounts(card.cost)}, gain {gains}{used}",
            target="section:factory",
            fill="#efe3f5",
            size=10,
        )
        said.append(f"Your Factory card {factory}: pay {_amounts(card.cost)}, gain {gains}.")
    elif factory:
        _box(
            root,
            x,
            y,
            _COLUMN_W,
            40,
            ["Factory card", "(a fifth section)"],
            cls="factory-slot",
            label="has a Factory card",
            fill="#efe3f5",
        )
    return y + 156


def _faction_mat(
    root: ET.Element, p: dict[str, Any], faction: str, y: float, own: bool, said: list[str]
) -> float:
    """Mechs (their abilities), structures and one-time enlist bonuses."""
    info = FACTIONS[faction]
    deployed = {m for m in _list(p.get("mechs")) if known(m, MECH_ABILITIES)}
    built = {k: v for k, v in as_dict(p.get("structures")).items() if k in STRUCTURES}
    built = {k: v for k, v in built.items() if isinstance(v, str) and v in POSITIONS}
    taken = {v for v in as_dict(p.get("recruits")).values() if v in ENLIST_BONUSES}
    rows: list[tuple[str, list[tuple[str, str, bool, str]]]] = [
        (
            "Mechs",
            [
                (
                    f"mech:{m}",
                    f"{m} ({'deployed' if m in deployed else 'on the mat'})",
                    m in deployed,
                    f"mech {m}, {'deployed' if m in deployed else 'not yet deployed'}",
                )
                for m in info.mech_abilities
            ],
        ),
        (
            "Structures",
            [
                (
                    f"structure:{k}",
                    f"{k} ({'at ' + built[k] if k in built else 'on the mat'})",
                    k in built,
                    f"{k}, {'built at ' + built[k] if k in built else 'not yet built'}",
                )
                for k in STRUCTURES
            ],
        ),
        (
            "Enlist bonus",
            [
                (
                    f"bonus:{b}",
                    f"+2 {b} ({'taken' if b in taken else 'open'})",
                    b in taken,
                    f"one-time enlist bonus 2 {b}, {'taken' if b in taken else 'still open'}",
                )
                for b in ENLIST_BONUSES
            ],
        ),
    ]
    _text(root, 10, y + 4, f"{info.name} faction mat (ability: {info.ability})", size=11, bold=True)
    y += 10
    for heading, items in rows:
        _text(root, 10, y + 14, heading, size=10.5, bold=True)
        cls = heading.split()[0].lower()
        for i, (target, text, done, label) in enumerate(items):
            _box(
                root,
                110 + i * 186,
                y + 2,
                180,
                17,
                [text],
                cls=f"{cls}-space" + (" done" if done else ""),
                label=label,
                target=target if own else None,
                fill="#dcefdc" if done else "#fff",
                size=9.5,
            )
        said.append(f"{heading}: " + "; ".join(label for _, _, _, label in items) + ".")
        y += 22
    return y + 2


def _supply(root: ET.Element, y: float) -> float:
    """Resource tokens to choose from (Trade, encounter and Factory card gains)."""
    _text(root, 10, y + 14, "Resources", size=10.5, bold=True)
    for i, r in enumerate(RESOURCES):
        fill, ink = RESOURCE_FILL[r]
        _box(
            root,
            110 + i * 186,
            y + 2,
            180,
            17,
            [f"{RESOURCE_LETTER[r]}: {r}"],
            cls=f"supply {r}",
            label=f"{r} from the supply",
            target=f"resource:{r}",
            fill=fill,
            ink=ink,
            size=9.5,
        )
    return y + 24


# --------------------------------------------------------------------------------------
# What only the seat sees, the battle, the encounter, the Automa
# --------------------------------------------------------------------------------------
def _hand(view: dict[str, Any], p: dict[str, Any], clickable: bool) -> str | None:
    hand = [v for v in (_opt_int(c) for c in _list(p.get("hand"))) if v is not None]
    numbers = [_opt_int(as_dict(o).get("number")) for o in _list(p.get("objectives"))]
    mine = [n for n in numbers if n in OBJECTIVES]
    pool = [n for n in (_opt_int(c) for c in _list(view.get("factory_pool"))) if n in FACTORY_CARDS]
    if "hand" not in p and "objectives" not in p and not pool:
        return None
    width = _PANEL_W
    root = _svg(width, 100, "private", "Your hand")
    said: list[str] = []
    _text(root, 10, 20, f"Combat cards ({len(hand)})", size=12, bold=True)
    for i, v in enumerate(hand):
        x, top = 10 + (i % 16) * 52, 28 + (i // 16) * 66
        group = _group(
            root, "hand combat-card", f"combat card {v}", f"card:{v}" if clickable else None
        )
        _rect(group, x, top, 46, 60, "#fff8e8", stroke="#000")
        _text(group, x + 23, top + 34, str(v), size=24, anchor="middle", bold=True)
        _text(group, x + 23, top + 52, "combat", size=9, anchor="middle")
    said.append("Your combat cards: " + (", ".join(map(str, hand)) or "none") + ".")
    y = 28.0 + max(1, (len(hand) + 15) // 16) * 66 + 6
    _text(root, 10, y + 12, "Objectives", size=12, bold=True)
    y += 18
    for n in mine:
        objective = OBJECTIVES[n]
        lines = [f"Objective {n}: {objective.name}", *_wrap(objective.condition, 110)]
        _box(
            root,
            10,
            y,
            width - 20,
            _lines_height(lines, 10.5),
            lines,
            cls="objective",
            label=f"objective {n}, {objective.name}: {objective.condition}",
            target=f"objective:{n}" if clickable else None,
            fill="#eef6ff",
            size=10.5,
        )
        said.append(f"Objective {n}, {objective.name}: {objective.condition}")
        y += 4 + _lines_height(lines, 10.5)
    if not mine:
        _text(root, 10, y + 10, "none", size=10.5)
        said.append("No objectives.")
        y += 16
    if pool:
        _text(root, 10, y + 14, "Choose a Factory card", size=12, bold=True)
        y += 20
        for i, n in enumerate(pool):
            card = FACTORY_CARDS[n]
            gains = (" or " if card.choose_one else ", ").join(_amounts([g]) for g in card.gains)
            lines = [f"Factory card {n}", *_wrap(f"pay {_amounts(card.cost)}", 28)]
            lines += _wrap(f"gain {gains}", 28)
            _box(
                root,
                10 + (i % 5) * 176,
                y + (i // 5) * 90,
                170,
                84,
                lines,
                cls="factory-card offered",
                label=f"Factory card {n}: pay {_amounts(card.cost)}, gain {gains}",
                target=f"factory:{n}" if clickable else None,
                fill="#efe3f5",
                size=10,
            )
            said.append(f"Factory card {n} offered: pay {_amounts(card.cost)}, gain {gains}.")
        y += ((len(pool) + 4) // 5) * 90
    return _finish(root, said, width, y + 8)


def _battle(view: dict[str, Any], table: _Table, seat: int | None) -> str | None:
    battle = as_dict(view.get("battle"))
    last = as_dict(view.get("last_battle"))
    if not battle and not last:
        return None
    width = _PANEL_W
    root = _svg(width, 100, "battle", "Battle")
    said: list[str] = []
    y = 20.0
    if battle:
        where = known(battle.get("territory"), POSITIONS) or "an unknown territory"
        attacker, defender = battle.get("attacker"), battle.get("defender")
        line = f"Battle at {where}: {table.name(attacker)} attacks {table.name(defender)}"
        committed = [table.name(s) for s in _list(battle.get("committed"))]
        line += "; committed: " + (", ".join(committed) or "nobody yet")
        _text(root, 10, y, line, size=12, bold=True)
        said.append(line + ".")
        y += 10
        mine = _list(battle.get("my_commit"))
        fighting = seat is not None and seat in (_opt_int(attacker), _opt_int(defender))
        if fighting and mine:
            dial = int_or(mine[0])
            cards = [str(int_or(c)) for c in mine[1:]]
            text = f"You committed {dial} power" + (
                f" and cards {'+'.join(cards)}" if cards else ""
            )
            _text(root, 10, y + 16, text, size=11)
            said.append(text + ".")
            y += 24
        elif fighting:
            power = int_or(table.player(seat).get("power"), 7)
            _text(root, 10, y + 16, "Power to commit:", size=11, bold=True)
            for d in range(8):
                usable = d <= power
                group = _group(
                    root,
                    "dial" + ("" if usable else " disabled"),
                    f"commit {d} power" + ("" if usable else " (you have less)"),
                    f"power:{d}" if usable else None,
                )
                ET.SubElement(
                    group,
                    "circle",
                    {
                        "cx": f"{135 + d * 36:.0f}",
                        "cy": f"{y + 12:.0f}",
                        "r": "15",
                        "fill": "#fde3c8" if usable else "#eee",
                        "stroke": "#000" if usable else "#aaa",
                    },
                )
                _text(
                    group,
                    135 + d * 36,
                    y + 17,
                    str(d),
                    size=13,
                    anchor="middle",
                    fill="#000" if usable else "#999",
                )
            text = "then up to one combat card per character or mech in the battle"
            _text(root, 430, y + 16, text, size=10.5)
            said.append(f"Choose the power to commit (0 to {min(7, max(power, 0))}), {text}.")
            y += 34
            hand = [v for v in (_opt_int(c) for c in _list(table.player(seat).get("hand"))) if v]
            _text(root, 10, y + 16, "Combat cards:", size=11, bold=True)
            for i, v in enumerate(hand[:16]):
                group = _group(root, "combat-choice", f"commit combat card {v}", f"card:{v}")
                _rect(group, 120 + i * 40, y, 34, 26, "#fff8e8", stroke="#000")
                _text(group, 137 + i * 40, y + 18, str(v), size=14, anchor="middle", bold=True)
            if not hand:
                _text(root, 120, y + 16, "none in your hand", size=10.5)
            said.append("Your combat cards: " + (", ".join(map(str, hand)) or "none") + ".")
            y += 32
    if last:
        where = known(last.get("territory"), POSITIONS) or "an unknown territory"
        powers = _list(last.get("power"))
        cards = _list(last.get("cards"))
        parts = []
        for i, role in enumerate(("attacker", "defender")):
            who = table.name(last.get(role))
            dial = int_or(powers[i]) if i < len(powers) else 0
            shown = [str(int_or(c)) for c in _list(cards[i])] if i < len(cards) else []
            parts.append(f"{who} {dial} power" + (f" + cards {'+'.join(shown)}" if shown else ""))
        line = f"Last battle at {where}: " + " against ".join(parts)
        line += f"; {table.name(last.get('winner'))} won"
        _text(root, 10, y + 16, line, size=11, cls="last-battle")
        said.append(line + ".")
        y += 24
    return _finish(root, said, width, y + 8)


def _encounter(view: dict[str, Any], clickable: bool) -> str | None:
    encounter = as_dict(view.get("encounter"))
    number = _opt_int(encounter.get("card"))
    if number not in ENCOUNTERS:
        return None
    used = {o for o in _list(encounter.get("used")) if o in ENCOUNTER_OPTIONS}
    root = _svg(_PANEL_W, 100, "encounter", f"Encounter card {number}")
    said = [f"Encounter card {number}."]
    _text(root, 10, 20, f"Encounter card {number}: choose one option", size=12, bold=True)
    for i, (option, data) in enumerate(zip(ENCOUNTER_OPTIONS, ENCOUNTERS[number], strict=True)):
        cost = f"pay {_amounts(data.cost)}" if data.cost else "free"
        lines = [option + (" (taken)" if option in used else ""), *_wrap(cost, 40)]
        lines += _wrap(f"gain {_amounts(data.gains)}", 40)
        _box(
            root,
            10 + i * 292,
            28,
            284,
            70,
            lines,
            cls=f"encounter-option {option}" + (" used" if option in used else ""),
            label=f"{option}: {cost}, gain {_amounts(data.gains)}",
            target=f"encounter:{option}" if clickable and option not in used else None,
            fill="#ddd" if option in used else "#fff9e6",
            size=10.5,
        )
        said.append(f"{option.title()}: {cost}, gain {_amounts(data.gains)}.")
    return _finish(root, said, _PANEL_W, 106)


def _automa(view: dict[str, Any], table: _Table, clickable: bool) -> str | None:
    automa = as_dict(view.get("automa"))
    if not automa:
        return None
    seat = automa.get("seat")
    root = _svg(_PANEL_W, 100, "automa", "Automa")
    said: list[str] = []
    level = known(automa.get("level"), STAR_TRACKERS)
    program = "II" if automa.get("program") == "II" else "I"
    head = f"{table.name(seat)} played by the {STAR_TRACKERS[level].name if level else 'Automa'}"
    head += f", Program {program}"
    _text(root, 10, 20, head, size=13, bold=True)
    said.append(head + ".")
    cells, tracker = min(max(int_or(automa.get("cells"), 22), 1), 40), int_or(automa.get("tracker"))
    star_cells = {int_or(c) for c in _list(automa.get("star_cells"))}
    _text(root, 10, 44, "Star tracker", size=11, bold=True)
    cell = min(32.0, (_PANEL_W - 100) / (cells + 1))
    track = _group(root, "automa-tracker", f"star tracker at {tracker} of {cells}")
    for i in range(cells + 1):
        here = i == tracker
        _rect(track, 90 + i * cell, 30, cell - 2, 20, "#333" if here else "#fff", rx=2)
        mark = f"{i}*" if i in star_cells else str(i)
        _text(
            track,
            90 + i * cell + (cell - 2) / 2,
            44,
            mark,
            size=9,
            anchor="middle",
            fill="#fff" if here else "#000",
        )
    stars = [known(v, STAR_WORDS) for v in _list(table.player(seat).get("stars"))]
    line = (
        f"Tracker at {tracker} (a star at the cells marked *); "
        f"{svg.plural(len(stars), 'star')}"
        + (": " + ", ".join(STAR_WORDS[v] if v else "star" for v in stars) if stars else "")
        + f"; deck {int_or(automa.get('deck'))}, "
        + f"rivers {'open' if automa.get('rivers_open') is True else 'closed'}"
    )
    _text(root, 10, 68, line, size=11)
    said.append(line + ".")
    card = _opt_int(automa.get("card"))
    y = 76.0
    if card in AUTOMA_CARDS:
        data = AUTOMA_CARDS[card]
        text = _automa_card_text(data, 1 if program == "II" else 0)
        lines = [f"Automa card {card}", *_wrap(text, 120)]
        lines.append(
            f"combat: {data.combat_power[0]}/{data.combat_power[1]}/{data.combat_power[2]} power "
            f"(by its power 0-7/8-13/14+), {svg.plural(data.combat_cards, 'combat card')}; "
            f"resource box {data.resources}"
        )
        _box(
            root,
            10,
            y,
            _PANEL_W - 20,
            _lines_height(lines, 10.5),
            lines,
            cls="automa-card",
            label=f"Automa card {card}: {text}",
            fill="#f0f0f0",
            size=10.5,
        )
        said.append(f"Automa card {card}: {text}.")
        y += 6 + _lines_height(lines, 10.5)
    step = known(automa.get("step"), ("draw", "move", "gains"))
    if step is not None:
        _text(root, 10, y + 15, "Next step:", size=11, bold=True)
        for i, name in enumerate(("draw", "move", "gains")):
            _box(
                root,
                90 + i * 120,
                y + 2,
                112,
                18,
                [f"{name}" + (" (next)" if name == step else "")],
                cls="automa-step" + (" next" if name == step else ""),
                label=f"Automa {name}" + (", the next step" if name == step else ""),
                target=f"automa:{name}" if clickable and name == step else None,
                fill="#fde3c8" if name == step else "#fff",
            )
        said.append(f"The Automa's next step: {step}.")
        y += 26
    return _finish(root, said, _PANEL_W, y + 6)


_AUTOMA_MOVES: Final = {
    "worker": "worker move",
    "mech": "mech move",
    "character": "character move",
    "encounter": "encounter/Factory",
    "attack-units": "attack units",
    "attack-workers": "attack workers",
}
_AUTOMA_GAINS: Final = {
    "worker": "worker",
    "mech": "mech/character",
    "coin": "coin",
    "power": "power",
    "card": "combat card",
}


def _automa_card_text(card: AutomaCard, program: int) -> str:
    """What an Automa card shows in one Program (from the data, never the view's text)."""

    def only(faction: str | None) -> str:
        return f" (if {FACTIONS[faction].name})" if faction in FACTIONS else ""

    rows = card.programs[program]
    moves = [
        _AUTOMA_MOVES.get(m.kind, m.kind)
        + (f" (needs {m.power} power)" if m.kind == "attack-units" else "")
        + only(m.faction)
        for m in rows.moves
    ]
    gains = [f"{g.amount} {_AUTOMA_GAINS.get(g.kind, g.kind)}{only(g.faction)}" for g in rows.gains]
    parts = [f"moves: {', '.join(moves) or 'none'}", f"gains: {', '.join(gains) or 'none'}"]
    if rows.recruit:
        parts.append(f"recruit bonus {rows.recruit}")
    parts.append("tracker advances" if card.advance else "tracker stays")
    return "; ".join(parts)


# --------------------------------------------------------------------------------------
# The public interface
# --------------------------------------------------------------------------------------
def sections(view: dict[str, Any], seat: int | None) -> list[tuple[str, str]]:
    """The table drawn for `seat` (None: a spectator): (heading, svg document text) pairs,
    the board first."""
    if not isinstance(view, dict):
        view = {}
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 100):
        seat = None
    table = _Table(view)
    out = [("Board", _board(view, table, seat))]
    for s in range(len(table.players)):
        out.append(_player(view, table, s, s == seat))
    if seat is not None:
        hand = _hand(view, table.player(seat), True)
        if hand is not None:
            out.append(("Your hand", hand))
    battle = _battle(view, table, seat)
    if battle is not None:
        out.append(("Battle", battle))
    encounter = _encounter(view, seat is not None)
    if encounter is not None:
        out.append(("Encounter", encounter))
    automa = _automa(view, table, seat is not None)
    if automa is not None:
        out.append(("Automa", automa))
    return out


_NUMBER: Final = re.compile(r"\d{1,2}")


def _hex_target(position: str) -> list[str]:
    return [f"hex:{position}"] if position in POSITIONS else []


def _picks(text: str) -> list[str]:
    """``food+oil`` as resource targets."""
    return [f"resource:{r}" for r in text.split("+") if r in RESOURCES]


def _gain_targets(token: str) -> list[str]:
    """An encounter gain token: ``any:food+oil``, ``upgrade:KEY>BOTTOM``, ``deploy:MECH``,
    ``build:STRUCTURE``, ``enlist:BOTTOM>BONUS``; amounts (``coins2``) have none."""
    kind, _, what = token.partition(":")
    first, _, second = what.partition(">")
    if kind == "any":
        return _picks(what)
    if kind == "upgrade" and first in UPGRADE_SPACES and second in BOTTOM_ACTIONS:
        return [f"upgrade:{first}", f"cost:{second}"]
    if kind == "deploy" and what in MECH_ABILITIES:
        return [f"mech:{what}"]
    if kind == "build" and what in STRUCTURES:
        return [f"structure:{what}"]
    if kind == "enlist" and first in BOTTOM_ACTIONS and second in ENLIST_BONUSES:
        return [f"recruit:{first}", f"bonus:{second}"]
    return []


def _bottom_targets(words: list[str]) -> list[str]:
    """``upgrade KEY to BOTTOM``, ``deploy MECH at POS``, ``build STRUCTURE at POS``,
    ``enlist BOTTOM for BONUS`` (each maybe ``without coins``), for the mat or a card."""
    if words[0] == "produce" and len(words) == 3:
        return _hex_target(words[1])
    if len(words) < 4:
        return []
    verb, what, where = words[0], words[1], words[3]
    if verb == "upgrade" and what in UPGRADE_SPACES and where in BOTTOM_ACTIONS:
        return [f"upgrade:{what}", f"cost:{where}"]
    if verb == "deploy" and what in MECH_ABILITIES:
        return [f"mech:{what}", *_hex_target(where)]
    if verb == "build" and what in STRUCTURES:
        return [f"structure:{what}", *_hex_target(where)]
    if verb == "enlist" and what in BOTTOM_ACTIONS and where in ENLIST_BONUSES:
        return [f"recruit:{what}", f"bonus:{where}"]
    if verb == "resources":
        return [*_hex_target(where), *_picks(what)]
    return []


def targets(action: str) -> list[str]:
    """The click targets of a legal action's text (its `str(action)`): the `data-target`
    values of the elements that action involves, in the order a player would click them
    ([] if none).

    >>> targets("section 2"), targets("pay 2 oil from 1,2"), targets("skip")
    (['section:2'], ['hex:1,2'], [])
    >>> targets("upgrade move.units to deploy without coins")
    ['upgrade:move.units', 'cost:deploy']
    >>> targets("encounter commercial any:food+oil")
    ['encounter:commercial', 'resource:food', 'resource:oil']
    """
    words = str(action).split()
    if not words:
        return []
    verb, rest = words[0], words[1:]
    n = len(words)
    if verb == "section" and n == 2 and words[1] in ("1", "2", "3", "4", "factory"):
        return [f"section:{words[1]}"]
    if verb in ("objective", "factory") and n == 2 and _NUMBER.fullmatch(words[1]):
        return [f"{verb}:{int(words[1])}"]
    if verb == "gain":
        return ["action:move.coins"]
    if verb in ("bolster", "trade") and n == 3 and f"{verb}.{words[1]}" in UPGRADE_SPACES:
        return [f"action:{verb}.{words[1]}"]
    if verb == "trade" and n == 4 and words[2] == "at":
        return [*_hex_target(words[3]), *_picks(words[1])]
    if verb == "move" and n == 3 and words[1] in UNIT_WORDS:
        start, _, end = words[2].partition(">")
        return [*_hex_target(start), *_hex_target(end)]
    if verb == "produce" and n == 3:
        return _hex_target(words[1])
    if verb == "pay" and n == 3 and words[1] == "card" and _NUMBER.fullmatch(words[2]):
        return [f"card:{int(words[2])}"]
    if verb == "pay" and n == 5 and words[3] == "from":
        return _hex_target(words[4])
    if verb in ("upgrade", "deploy", "build", "enlist"):
        return _bottom_targets(words)
    if verb == "card" and rest:
        return _bottom_targets(rest)
    if verb == "fight" and n == 2:
        return _hex_target(words[1])
    if verb == "retreat" and n == 3 and words[1] == "to":
        return _hex_target(words[2])
    if verb == "commit" and n >= 2 and _NUMBER.fullmatch(words[1]):
        cards = words[3].split("+") if n == 4 and words[2] == "with" else []
        return [f"power:{int(words[1])}"] + [
            f"card:{int(c)}" for c in cards if _NUMBER.fullmatch(c)
        ]
    if verb == "encounter" and n >= 2 and words[1] in ENCOUNTER_OPTIONS:
        return [f"encounter:{words[1]}"] + [t for w in words[2:] for t in _gain_targets(w)]
    if verb in ("artillery", "scout") and n == 1:
        return [f"mech:{verb}"]
    if verb == "automa" and n == 2 and words[1] in ("draw", "move", "gains"):
        return [f"automa:{words[1]}"]
    return []
