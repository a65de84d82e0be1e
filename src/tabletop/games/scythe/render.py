"""Scythe in the terminal: the map, the players, your mat and hand, what is going on (Rich).

It draws only from a seat's view (:func:`tabletop.games.scythe.views.view`), so
it cannot show what that seat may not know; the static board and card data
come from the package's data modules.

The map keeps the board's true layout: nine rows of pointy-top hexes, each row
shifted half a hex to the right of the one above (axial ``q,r``, ``r`` the
row).  Every hex is three lines::

    -1,5 farm  T!     name, terrain, T tunnel, ! encounter token
    N@2M3W            units: faction letter, @ character, M mechs, W workers
    N:Ml 2f1w         structure (owner's letter: Mn Ml Ar Mo), resources (f w m o)

Lines nobody uses in a whole row are left out.  A river between two hexes of
one row is a ``~`` column between them; a river between hexes of neighbouring
rows is a ``~~~~~~`` run on the line between the rows, under the half of the
upper hex that touches the lower one.  The cells narrow (and names shorten)
when the terminal is narrower than the full map.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from tabletop.games.scythe.board import (
    COORDS,
    HEXES,
    IS_TUNNEL,
    NEIGHBOURS,
    TERRAIN,
)
from tabletop.games.scythe.data.board import HOME_BASES
from tabletop.games.scythe.data.cards import ENCOUNTER_OPTIONS
from tabletop.games.scythe.data.factions import FACTIONS
from tabletop.games.scythe.data.factory_cards import FACTORY_CARDS
from tabletop.games.scythe.data.mats import (
    BOTTOM_RESOURCE,
    MATS,
    ONGOING_BONUS,
    PRODUCE_COSTS,
    UPGRADE_SPACES,
)
from tabletop.games.scythe.data.structure_bonus import STRUCTURE_BONUS_TILES

# --------------------------------------------------------------------------------------
# Colours and short names
# --------------------------------------------------------------------------------------

#: Faction chips: a background, so they read on dark and light terminals alike
#: (exact colours: a terminal's palette may turn plain "blue" purple).
FACTION_STYLE: Final[dict[str, str]] = {
    "nordic": "bold #ffffff on #1c3d9c",
    "rusviet": "bold #ffffff on #b81c1c",
    "crimea": "bold #000000 on #e3c21c",
    "saxony": "bold #ffffff on #333333",
    "polania": "bold #000000 on #eeeeee",
    "albion": "dim",
    "togawa": "dim",
}
#: One letter per faction, as on the map.
FACTION_LETTER: Final[dict[str, str]] = {
    "nordic": "N",
    "rusviet": "R",
    "crimea": "C",
    "saxony": "S",
    "polania": "P",
    "albion": "A",
    "togawa": "T",
}
TERRAIN_STYLE: Final[dict[str, str]] = {
    "mountain": "black on grey62",
    "farm": "black on #d7af5f",
    "village": "black on #d78700",
    "forest": "bright_white on dark_green",
    "tundra": "black on #87afaf",
    "lake": "bright_white on #1f5fb4",
    "factory": "bold #ffffff on #7a3b9a",
}
#: Terrain names from the longest to the shortest; a cell takes the longest that fits.
TERRAIN_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "mountain": ("mountain", "mount", "mtn", "M"),
    "farm": ("farm", "frm", "F"),
    "village": ("village", "vill", "vil", "V"),
    "forest": ("forest", "frst", "for", "W"),
    "tundra": ("tundra", "tund", "tun", "U"),
    "lake": ("lake", "lak", "L"),
    "factory": ("FACTORY", "FACT", "FAC", "X"),
}
RESOURCE_LETTER: Final = {"food": "f", "wood": "w", "metal": "m", "oil": "o"}
RESOURCE_STYLE: Final = {
    "food": "bold yellow",
    "wood": "bold green",
    "metal": "bold cyan",
    "oil": "bold magenta",
}
STRUCTURE_CODE: Final = {"mine": "Mn", "mill": "Ml", "armory": "Ar", "monument": "Mo"}
#: Upgraded top-row spaces, short: the reward each one raises.
UPGRADE_SHORT: Final = {
    "move.units": "move units",
    "move.coins": "move $",
    "trade.popularity": "trade pop",
    "produce.territories": "produce hexes",
    "bolster.power": "bolster power",
    "bolster.cards": "bolster cards",
}
#: A recruit's ongoing bonus (when you or a neighbour take its bottom action).
ONGOING_SHORT: Final = {
    "power": "+1 power",
    "coins": "+$1",
    "popularity": "+1 pop",
    "card": "+1 card",
}
RIVER_STYLE: Final = "bold bright_blue"
ACTIVE_MARK: Final = "▶"

#: What each structure adds to its top action (rulebook "Budovy").
STRUCTURE_EFFECT: Final = {
    "mine": "it is your tunnel",
    "mill": "+1 on its hex",
    "armory": "+1 power",
    "monument": "+1 popularity",
}
STRUCTURE_OF_TOP: Final = {
    "move": "mine",
    "produce": "mill",
    "trade": "armory",
    "bolster": "monument",
}
STRUCTURE_BONUS_TEXT: Final = {
    "adjacent-tunnels": "tunnels next to your structures",
    "adjacent-lakes": "lakes next to your structures",
    "adjacent-encounters": "encounter hexes next to your structures",
    "on-tunnels": "your structures on tunnels",
    "in-a-row": "your structures in a straight line",
    "on-farms-and-tundras": "your structures on farms and tundras",
}
PHASE_TEXT: Final = {
    "section": "choosing a mat section",
    "top": "top action",
    "move": "moving units",
    "motion": "a unit in motion may go on",
    "carry": "choosing what the unit carries",
    "produce": "producing",
    "battle": "choosing the next battle",
    "ability": "combat abilities before a battle",
    "commit": "committing power and combat cards",
    "retreat": "the loser picks where to retreat",
    "encounter": "resolving an encounter",
    "factory": "choosing a Factory card",
    "bottom": "bottom action",
    "pay": "paying",
    "end": "end of turn (objectives)",
    "automa": "the Automa's turn, one card step at a time",
    "over": "game over",
}
#: A top action's reward in words; ``{key}`` is the current value of an upgrade space.
TOP_TEXT: Final = {
    "move": "move {move.units} units or +${move.coins}",
    "produce": "produce on {produce.territories} hexes",
    "trade": "$1: 2 resources or +{trade.popularity} pop",
    "bolster": "$1: +{bolster.power} power or +{bolster.cards} cards",
}


def _seat_count(view: dict[str, Any]) -> int:
    players = view.get("players")
    return len(players) if isinstance(players, list) else 0


def _faction(view: dict[str, Any], seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < _seat_count(view):
        return str(view["players"][seat].get("faction", ""))
    return ""


def _short_name(faction: str) -> str:
    return faction.capitalize() if faction else "?"


def chip(view: dict[str, Any], seat: Any, *, full: bool = False) -> Text:
    """A seat as its faction's coloured name (``Nordic``; ``Nordic Kingdoms`` when full)."""
    faction = _faction(view, seat)
    if not faction:
        return Text("-" if seat is None or seat == -1 else str(seat), style="dim")
    label = FACTIONS[faction].name if full and faction in FACTIONS else _short_name(faction)
    return Text(f" {label} ", style=FACTION_STYLE.get(faction, "bold"))


def _join(parts: Iterable[Text], sep: str = ", ") -> Text:
    return Text(sep).join(list(parts))


def _amounts(pairs: Any) -> str:
    """``{"coins": 2, "popularity": 1}`` (or its items) as ``$2, 1 popularity``."""
    items = pairs.items() if isinstance(pairs, dict) else pairs
    out = []
    for what, n in items:
        out.append(f"${n}" if what == "coins" else f"{n} {what}")
    return ", ".join(out) if out else "nothing"


# --------------------------------------------------------------------------------------
# The map
# --------------------------------------------------------------------------------------


def _axial(hex_name: str) -> tuple[int, int]:
    q, r = hex_name.split(",")
    return int(q), int(r)


#: Home bases and territories by axial coordinates; every drawn position, row by row.
_BASE_AT: Final[dict[tuple[int, int], str]] = {
    _axial(hex_name): faction for faction, (hex_name, _) in HOME_BASES.items()
}
_TERRITORY_AT: Final[dict[tuple[int, int], int]] = {c: i for i, c in enumerate(COORDS)}
_ALL_COORDS: Final = sorted([*_TERRITORY_AT, *_BASE_AT], key=lambda c: (c[1], c[0]))
_MIN_X2: Final = min(2 * q + r for q, r in _ALL_COORDS)
_MAX_X2: Final = max(2 * q + r for q, r in _ALL_COORDS)
_ROWS: Final = max(r for _, r in _ALL_COORDS) + 1
#: Cell widths tried, widest first (odd, so half a step is a whole column).
CELL_WIDTHS: Final = (13, 11, 9)


def map_width(cell: int) -> int:
    """Columns the map takes with cells ``cell`` wide."""
    half = (cell + 1) // 2
    return (_MAX_X2 - _MIN_X2) * half + cell


def _river(a: int, b: int) -> bool:
    return any(j == b and river for j, river in NEIGHBOURS[a])


def _units(view: dict[str, Any], entry: dict[str, Any]) -> Text:
    """``N@2M3W``: per seat, faction letter, @ for the character, mechs, workers."""
    workers = entry.get("workers") or {}
    mechs = entry.get("mechs") or {}
    chars = entry.get("characters") or []
    seats = sorted({int(s) for s in (*workers, *mechs)} | {int(s) for s in chars})
    parts = []
    for seat in seats:
        faction = _faction(view, seat)
        token = FACTION_LETTER.get(faction, "?")
        if seat in chars:
            token += "@"
        if mechs.get(str(seat)):
            token += f"{mechs[str(seat)]}M"
        if workers.get(str(seat)):
            token += f"{workers[str(seat)]}W"
        parts.append(Text(token, style=FACTION_STYLE.get(faction, "bold")))
    return _join(parts, " ")


def _resources(entry: dict[str, Any]) -> Text:
    text = Text()
    for res, n in (entry.get("resources") or {}).items():
        text.append(f"{n}{RESOURCE_LETTER.get(res, res[:1])}", style=RESOURCE_STYLE.get(res, ""))
    return text


def _fit(text: Text, width: int) -> Text:
    """``text`` cut or padded to exactly ``width`` columns (``+`` marks a cut)."""
    if text.cell_len > width:
        text = text[: width - 1]
        text.append("+", style="bold")
    return text + Text(" " * (width - text.cell_len))


def _territory_cell(view: dict[str, Any], pos: int, cell: int) -> list[Text]:
    hex_name = HEXES[pos]
    terrain = TERRAIN[pos]
    entry = view.get("board", {}).get(hex_name) or {}
    marks = ("T" if IS_TUNNEL[pos] else "") + ("!" if entry.get("encounter") else "")
    # The longest name that fits with a space before the marks; in narrow cells
    # a three-letter name touching the marks rather than one letter.
    room = cell - 5 - len(marks)
    names = TERRAIN_NAMES[terrain]
    label = next((n for n in names if len(n) <= room - (1 if marks else 0)), names[-1])
    if len(label) < 3:
        label = next((n for n in names if len(n) <= room), names[-1])
    head = f"{hex_name:<4} {label}"
    head = head + " " * (cell - len(head) - len(marks)) + marks
    first = Text(head[:cell], style=TERRAIN_STYLE[terrain])
    second = _units(view, entry)
    third = Text()
    structure = entry.get("structure")
    if isinstance(structure, list) and len(structure) == 2:
        owner = _faction(view, structure[0])
        code = FACTION_LETTER.get(owner, "?") + ":" + STRUCTURE_CODE.get(structure[1], "??")
        third.append(code, style=FACTION_STYLE.get(owner, ""))
    resources = _resources(entry)
    if resources:
        if third:
            third.append(" ")
        third.append_text(resources)
    return [first, _fit(second, cell), _fit(third, cell)]


def _base_cell(view: dict[str, Any], faction: str, cell: int) -> list[Text]:
    hex_name = f"base:{faction}"
    entry = view.get("board", {}).get(hex_name) or {}
    playing = any(p.get("faction") == faction for p in view.get("players", []))
    label = f"{faction.upper()} base" if cell >= len(faction) + 5 else faction.upper()
    style = FACTION_STYLE[faction] if playing else "dim"
    first = Text(label[:cell].center(cell), style=style)
    return [first, _fit(_units(view, entry), cell), Text(" " * cell)]


class HexMap:
    """The board, as wide as the console allows (cells of 13, 11 or 9 columns)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def lines(self, cell: int) -> list[Text]:
        half = (cell + 1) // 2
        out: list[Text] = []
        for r in range(_ROWS):
            row = [c for c in _ALL_COORDS if c[1] == r]
            pieces: list[list[tuple[int, Text]]] = [[], [], []]
            filled = [True, False, False]
            below: list[tuple[int, Text]] = []
            for q, _ in row:
                col = (2 * q + r - _MIN_X2) * half
                pos = _TERRITORY_AT.get((q, r))
                if pos is None:
                    cells = _base_cell(self.view, _BASE_AT[(q, r)], cell)
                else:
                    cells = _territory_cell(self.view, pos, cell)
                    east = _TERRITORY_AT.get((q + 1, r))
                    if east is not None and _river(pos, east):
                        for k in range(3):
                            pieces[k].append((col + cell, Text("~", style=RIVER_STYLE)))
                    for dq, start, length in ((-1, 0, half - 1), (0, half, cell - half)):
                        other = _TERRITORY_AT.get((q + dq, r + 1))
                        if other is not None and _river(pos, other):
                            below.append((col + start, Text("~" * length, style=RIVER_STYLE)))
                for k in range(3):
                    pieces[k].append((col, cells[k]))
                    filled[k] = filled[k] or bool(cells[k].plain.strip())
            out.extend(_assemble(p) for k, p in enumerate(pieces) if filled[k])
            if r < _ROWS - 1:
                out.append(_assemble(below))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cell = next((w for w in CELL_WIDTHS if map_width(w) <= options.max_width), CELL_WIDTHS[-1])
        for line in self.lines(cell):
            line.no_wrap = True
            line.overflow = "crop"
            yield line


def _assemble(pieces: list[tuple[int, Text]]) -> Text:
    line = Text()
    for col, piece in sorted(pieces, key=lambda p: p[0]):
        if col > line.cell_len:
            line.append(" " * (col - line.cell_len))
        line.append_text(piece)
    line.rstrip()
    return line


def _legend() -> Text:
    text = Text()
    for terrain, names in TERRAIN_NAMES.items():
        text.append(f" {names[0]} ", style=TERRAIN_STYLE[terrain])
        text.append(" ")
    text.append("  T tunnel  ! encounter  ")
    text.append("~", style=RIVER_STYLE)
    text.append(" river\n")
    text.append("N@2M3W", style=FACTION_STYLE["nordic"])
    text.append(" Nordic char.+2 mechs+3 workers  ")
    text.append("R:Mn", style=FACTION_STYLE["rusviet"])
    text.append(" Rusviet mine/Ml mill/Ar armory/Mo monument  ")
    for res, letter in RESOURCE_LETTER.items():
        text.append(f"{letter}", style=RESOURCE_STYLE[res])
        text.append(f" {res} " if res != "oil" else f" {res}")
    return text


# --------------------------------------------------------------------------------------
# Players
# --------------------------------------------------------------------------------------


def _section_name(mat: str, section: Any) -> str:
    if not isinstance(section, int) or section < 0:
        return "-"
    if section == 4:
        return "factory"
    if mat in MATS and section < 4:
        column = MATS[mat].columns[section]
        return f"{column.top}/{column.bottom}"
    return str(section)


def _marker(view: dict[str, Any], seat: int) -> Text:
    order = view.get("order") or []
    place = order.index(seat) + 1 if seat in order else 0
    active = view.get("active") == seat and not view.get("over")
    text = Text(ACTIVE_MARK if active else " ", style="bold green")
    text.append(str(place) if place else "-")
    return text


def render_players(view: dict[str, Any]) -> Table:
    """One row per seat: mat, coins and tracks, cards, workers, Factory card, last section."""
    table = Table(
        title="Players (▶ to play, # turn order)",
        title_style="bold",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    # Numbers never shrink (no_wrap): on a narrow terminal the name columns wrap instead.
    table.add_column("#", no_wrap=True)
    table.add_column("seat", overflow="fold")
    table.add_column("mat", overflow="fold")
    for header in ("coins", "power", "pop", "stars", "cards", "obj"):
        table.add_column(header, justify="right", no_wrap=True)
    table.add_column("workers\nmat/map", justify="right", no_wrap=True)
    table.add_column("factory\ncard", justify="right", no_wrap=True)
    table.add_column("last section", overflow="fold")
    viewer = view.get("seat")
    for seat, p in enumerate(view.get("players", [])):
        name = Text(f"{seat} ")
        name.append_text(chip(view, seat))
        if seat == viewer:
            name.append(" you", style="bold")
        on_mat = p.get("workers_on_mat", 0)
        factory = p.get("factory_card") or 0
        table.add_row(
            _marker(view, seat),
            name,
            str(MATS[p["mat"]].name if p.get("mat") in MATS else p.get("mat") or "Automa"),
            f"${p.get('coins', '?')}",
            str(p.get("power", "?")),
            str(p.get("popularity", "?")),
            str(len(p.get("stars", []))),
            str(p.get("combat_cards", "?")),
            str(p.get("objective_cards", "?")),
            f"{on_mat}/{8 - on_mat}",
            f"#{factory}" if factory > 0 else ("face down" if factory else "-"),
            _section_name(str(p.get("mat", "")), p.get("last_section")),
            style="on grey15" if seat == viewer else None,
        )
    return table


def _counted(items: list[str]) -> str:
    return f"{len(items)}: " + ", ".join(items) if items else "-"


def render_progress(view: dict[str, Any]) -> Table:
    """What each seat has achieved: stars, mech abilities, structures, recruits, upgrades."""
    table = Table(
        title="Progress",
        title_style="bold",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("seat", no_wrap=True)
    table.add_column("stars")
    table.add_column("mechs (abilities)")
    table.add_column("structures")
    table.add_column("recruits (bonus taken)")
    table.add_column("upgrades")
    for seat, p in enumerate(view.get("players", [])):
        structures = p.get("structures", {})
        recruits = p.get("recruits", {})
        table.add_row(
            chip(view, seat),
            _counted(list(p.get("stars", []))),
            _counted(list(p.get("mechs", []))),
            _counted([f"{k}@{v}" for k, v in structures.items()]),
            _counted([f"{k} ({v})" for k, v in recruits.items()]),
            _counted([UPGRADE_SHORT.get(k, k) for k in p.get("upgraded", [])]),
        )
    return table


# --------------------------------------------------------------------------------------
# The viewer's mat and hand
# --------------------------------------------------------------------------------------


def _top_reward(top: str, upgraded: list[str]) -> str:
    values = {
        key: (after if key in upgraded else before)
        for key, (before, after) in UPGRADE_SPACES.items()
    }
    template = TOP_TEXT.get(top, top)
    for key, value in values.items():
        template = template.replace("{" + key + "}", str(value))
    return template


def _produce_cost(workers_on_map: int) -> str:
    """What Produce costs with this many workers on the map ("Produkce")."""
    paid = [what for low, what in PRODUCE_COSTS if workers_on_map >= low]
    if not paid:
        return "\n(free)"
    return "\n(pay " + ", ".join("$1" if w == "coins" else f"1 {w}" for w in paid) + ")"


def render_mat(view: dict[str, Any], seat: int) -> Table:
    """The seat's player mat: four sections, each a top and a bottom action."""
    p = view["players"][seat]
    mat = MATS.get(p.get("mat", ""))
    title = Text("Your mat: ")
    title.append(mat.name if mat else str(p.get("mat")), style="bold")
    faction = FACTIONS.get(str(p.get("faction")))
    if faction is not None:
        title.append(f"   faction ability: {faction.ability}")
    table = Table(title=title, header_style="bold", box=box.ROUNDED, show_lines=True)
    if mat is None:
        return table
    upgraded = list(p.get("upgraded", []))
    structures = p.get("structures", {})
    recruits = p.get("recruits", {})
    costs = p.get("bottom_costs", {})
    current = view.get("section") if view.get("active") == seat else -1
    table.add_column("")
    for index, column in enumerate(mat.columns):
        header = Text(f"{index + 1}. {column.top}/{column.bottom}")
        if index == current:
            header.append("\n(now)", style="bold green")
        elif index == p.get("last_section"):
            header.append("\n(last turn)", style="dim")
        table.add_column(header, style="bold" if index == current else None)
    if p.get("factory_card"):
        header = Text(f"5. Factory #{p['factory_card']}")
        if current == 4:
            header.append("\n(now)", style="bold green")
        elif p.get("last_section") == 4:
            header.append("\n(last turn)", style="dim")
        table.add_column(header)
    extra = 1 if p.get("factory_card") else 0
    tops = []
    bottoms = []
    recruit_cells = []
    for column in mat.columns:
        top = Text(_top_reward(column.top, upgraded))
        if column.top == "produce":
            top.append(_produce_cost(8 - int(p.get("workers_on_mat", 0))), style="dim")
        structure = STRUCTURE_OF_TOP.get(column.top, "")
        if structure in structures:
            top.append(f"\n{structure}: {STRUCTURE_EFFECT[structure]}", style="green")
        tops.append(top)
        cost = costs.get(column.bottom, column.cost)
        bottom = Text(
            f"{column.bottom}: {cost} {BOTTOM_RESOURCE[column.bottom]} -> +${column.coins}"
        )
        bottom.append(f"\n(cost goes down to {column.min_cost})", style="dim")
        bottoms.append(bottom)
        ongoing = ONGOING_SHORT.get(ONGOING_BONUS[column.bottom], ONGOING_BONUS[column.bottom])
        if column.bottom in recruits:
            cell = Text(f"recruit: {ongoing}", style="green")
        else:
            cell = Text(f"no recruit ({ongoing})", style="dim")
        recruit_cells.append(cell)
    factory_cells: list[list[Text]] = [[], [], []]
    if extra:
        card = FACTORY_CARDS.get(int(p["factory_card"]))
        if card is not None:
            sep = " or " if card.choose_one else " and "
            gains = sep.join(_amounts([gain]) for gain in card.gains)
            factory_cells = [
                [Text(f"pay {_amounts(card.cost)}: {gains}")],
                [Text("move 1 unit 2 hexes")],
                [Text("-", style="dim")],
            ]
        else:
            factory_cells = [[Text("?")], [Text("?")], [Text("")]]
    table.add_row(Text("top", style="bold"), *tops, *factory_cells[0])
    table.add_row(Text("bottom", style="bold"), *bottoms, *factory_cells[1])
    table.add_row(Text("recruit", style="bold"), *recruit_cells, *factory_cells[2])
    return table


def render_hand(view: dict[str, Any], seat: int) -> Text:
    """The seat's own combat cards and objective cards (only in its own view)."""
    p = view["players"][seat]
    hand = p.get("hand")
    text = Text()
    text.append("Your combat cards: ", style="bold")
    if isinstance(hand, list) and hand:
        text.append(" ".join(str(v) for v in hand))
        text.append(f"  (total {sum(hand)})", style="dim")
    else:
        text.append("none", style="dim")
    objectives = p.get("objectives") or []
    text.append("\nYour objectives:", style="bold")
    if not objectives:
        text.append(" none", style="dim")
    for objective in objectives:
        text.append(f"\n  #{objective.get('number')} ")
        text.append(str(objective.get("name")), style="bold")
        text.append(f": {objective.get('condition')}")
    return text


# --------------------------------------------------------------------------------------
# The situation
# --------------------------------------------------------------------------------------


def render_status(view: dict[str, Any]) -> Text:
    """Turn, phase, whose turn, decks, structure bonus tile, the unit in motion."""
    text = Text()
    text.append("Scythe", style="bold")
    turn = view.get("turn")
    if isinstance(turn, int) and _seat_count(view):
        text.append(f"  turn {turn + 1} (round {turn // _seat_count(view) + 1})")
    phase = str(view.get("phase", ""))
    text.append(f"  phase: {phase}", style="bold")
    if phase in PHASE_TEXT:
        text.append(f" ({PHASE_TEXT[phase]})")
    active = view.get("active")
    if not view.get("over"):
        text.append("  active: ")
        text.append_text(chip(view, active))
        mat = view["players"][active].get("mat", "") if _faction(view, active) else ""
        section = view.get("section")
        if isinstance(section, int) and section >= 0:
            text.append(f" playing {_section_name(mat, section)}")
    seat = view.get("seat")
    text.append("\nyou: ")
    if _faction(view, seat):
        text.append_text(chip(view, seat, full=True))
        text.append(f" (seat {seat})")
    else:
        text.append("spectator", style="italic")
    text.append("   turn order: ")
    text.append_text(_join((chip(view, s) for s in view.get("order", [])), " "))
    tile = str(view.get("structure_bonus", ""))
    text.append(f"\nstructure bonus: {tile}")
    if tile in STRUCTURE_BONUS_TEXT:
        pays = " ".join(f"{low}+:${c}" for low, c in STRUCTURE_BONUS_TILES[tile])
        text.append(f" ({STRUCTURE_BONUS_TEXT[tile]}: {pays})", style="dim")
    text.append(
        f"\ncombat deck {view.get('combat_deck', '?')}"
        f", discard {' '.join(map(str, view.get('combat_discard', []))) or '-'}"
        f"   encounter deck {view.get('encounter_deck', '?')}"
        f"   factory cards left {view.get('factory_cards_left', '?')}"
    )
    return text


def _battle(view: dict[str, Any]) -> Text | None:
    battle = view.get("battle")
    if not isinstance(battle, dict):
        return None
    text = Text("Battle at ", style="bold red")
    text.append(str(battle.get("territory")), style="bold")
    text.append(": ")
    text.append_text(chip(view, battle.get("attacker")))
    text.append(" attacks ")
    text.append_text(chip(view, battle.get("defender")))
    committed = battle.get("committed") or []
    text.append("   committed: ")
    text.append_text(_join((chip(view, s) for s in committed), " ") or Text("nobody"))
    if view.get("phase") == "commit":
        waiting = [
            s for s in (battle.get("attacker"), battle.get("defender")) if s not in committed
        ]
        text.append("   waiting for: ")
        text.append_text(_join((chip(view, s) for s in waiting), " "))
    mine = battle.get("my_commit")
    if isinstance(mine, list) and mine:
        text.append(f"   yours: {_commitment(mine)}")
    last = view.get("last_battle") or {}
    if view.get("phase") == "retreat" and last.get("territory") == battle.get("territory"):
        winner = last.get("winner")
        text.append("   retreating: ")
        text.append_text(
            chip(view, last.get("defender" if winner == last.get("attacker") else "attacker"))
        )
    return text


def _commitment(values: list[int]) -> str:
    """``[dial, card, ...]`` as ``power 3 + cards 2+5 = 10``."""
    dial, *cards = values
    text = f"power {dial}"
    if cards:
        text += " + cards " + "+".join(map(str, cards))
    return f"{text} = {dial + sum(cards)}"


def _last_battle(view: dict[str, Any]) -> Text | None:
    battle = view.get("last_battle")
    if not isinstance(battle, dict) or not battle:
        return None
    text = Text("Last battle at ", style="bold")
    text.append(str(battle.get("territory")), style="bold")
    text.append(": ")
    seats = (battle.get("attacker"), battle.get("defender"))
    power = battle.get("power") or [0, 0]
    cards = battle.get("cards") or [[], []]
    for k, (who, dial, used) in enumerate(zip(seats, power, cards, strict=False)):
        if k:
            text.append(" vs ")
        text.append_text(chip(view, who))
        text.append(f" {_commitment([dial, *used])}")
    text.append("  winner: ")
    text.append_text(chip(view, battle.get("winner")))
    return text


def _encounter(view: dict[str, Any]) -> Text | None:
    encounter = view.get("encounter")
    if not isinstance(encounter, dict):
        return None
    text = Text(f"Encounter card #{encounter.get('card')}", style="bold magenta")
    used = encounter.get("used") or []
    options = encounter.get("options") or {}
    for option in ENCOUNTER_OPTIONS:
        if option not in options:
            continue
        spec = options[option]
        cost = spec.get("cost") or {}
        line = f"\n  {option}: " + (f"pay {_amounts(cost)}, " if cost else "")
        line += f"gain {_amounts(spec.get('gains') or {})}"
        text.append(line, style="dim strike" if option in used else "")
        if option in used:
            text.append(" (chosen)", style="dim")
    return text


def _factory_pool(view: dict[str, Any]) -> Text | None:
    pool = view.get("factory_pool")
    if not isinstance(pool, list):
        return None
    text = Text("Factory cards to choose from:", style="bold")
    for number in pool:
        card = FACTORY_CARDS.get(int(number))
        if card is None:
            text.append(f"\n  #{number}")
            continue
        sep = " or " if card.choose_one else " and "
        gains = sep.join(_amounts([gain]) for gain in card.gains)
        text.append(f"\n  #{number}: pay {_amounts(card.cost)} -> {gains}; move 1 unit 2 hexes")
    return text


def _motion(view: dict[str, Any]) -> Text | None:
    parts: list[str] = []
    motion = view.get("motion")
    if isinstance(motion, list) and len(motion) >= 3:
        parts.append(f"{motion[0]} in motion at {motion[1]}, {motion[2]} step(s) left")
    step = view.get("pending_step")
    if isinstance(step, list) and len(step) >= 3:
        parts.append(f"{step[0]} stepping {step[1]} -> {step[2]} (choose cargo)")
    moves = view.get("moves_left")
    if view.get("phase") in ("move", "motion", "carry") and moves:
        parts.append(f"{moves} unit move(s) left")
    paying = view.get("paying")
    if isinstance(paying, dict):
        res = paying.get("resource")
        names = ("food", "wood", "metal", "oil")
        what = names[res] if isinstance(res, int) and 0 <= res < 4 else "-"
        if paying.get("left"):
            parts.append(f"paying {paying['left']} {what}")
        if paying.get("cards"):
            parts.append(f"paying {paying['cards']} combat card(s)")
    if not parts:
        return None
    text = chip(view, view.get("active"))
    text.append(" " + "; ".join(parts), style="bold cyan")
    return text


def _star_queue(view: dict[str, Any]) -> Text | None:
    queue = view.get("star_queue") or []
    if not queue:
        return None
    text = Text("Stars waiting: ", style="bold")
    text.append_text(_join(chip(view, s) + Text(f" {cat}") for s, cat in queue))
    return text


def _scores(view: dict[str, Any]) -> Text | None:
    scores = view.get("scores")
    if not isinstance(scores, list):
        return None
    text = Text("Final coins: ", style="bold")
    text.append_text(_join(chip(view, s) + Text(f" ${v}") for s, v in enumerate(scores)))
    return text


def _automa(view: dict[str, Any]) -> Text | None:
    """The Automa's difficulty card, Program and the card of its turn."""
    automa = view.get("automa")
    if not isinstance(automa, dict):
        return None
    text = Text()
    text.append_text(chip(view, automa["seat"]))
    text.append(f" is the {automa['name']}", style="bold")
    text.append(
        f": tracker {automa['tracker']}/{automa['cells'] - 1}"
        f" (stars at {', '.join(map(str, automa['star_cells']))}),"
        f" Program {automa['program']}, "
        + ("lakes and rivers open" if automa["rivers_open"] else "on its home peninsula")
        + f"; deck {automa['deck']} cards, resource box {automa['box']}"
    )
    if automa.get("card"):
        text.append(f"\n  card {automa['card']}: {automa['card_text']}", style="cyan")
    return text


def render_situation(view: dict[str, Any]) -> list[RenderableType]:
    """Battle, encounter, Factory pool, last battle, the moving unit, final scores."""
    found = (
        _scores(view),
        _automa(view),
        _battle(view),
        _encounter(view),
        _factory_pool(view),
        _motion(view),
        _star_queue(view),
        _last_battle(view),
    )
    return [part for part in found if part is not None]


def render(view: dict[str, Any]) -> RenderableType:
    """The whole game for one view, laid out for a terminal about 120 columns wide."""
    parts: list[RenderableType] = [render_status(view), HexMap(view), _legend()]
    parts.append(render_players(view))
    parts.append(render_progress(view))
    seat = view.get("seat")
    automa = view.get("automa")
    if isinstance(seat, int) and _faction(view, seat) and not (automa and automa["seat"] == seat):
        parts.append(render_mat(view, seat))
        parts.append(render_hand(view, seat))
    parts.extend(render_situation(view))
    return Group(*parts)
