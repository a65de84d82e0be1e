"""Terra Mystica in the terminal: the map, the factions, the cult board and the tiles (Rich).

It draws only from a view (the keys of ``TMState.to_json()``, plus ``seat`` and
``active`` when the engine adds them).  Unknown keys are ignored and missing
optional ones are shown as empty, so it also copes with views from the
faction-choosing phase, where a faction may still be ``""``.

The map is drawn as an offset hex grid, two text lines per map row: the hex
name (Snellman's, e.g. ``E7``), then the building and its owner's code
(``SH Da``), or the terrain's short name on an empty hex.  The background is
the terrain colour; ``*`` marks a building that belongs to a town.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.games.terra_mystica.data.board import (
    HEX_AT,
    LAND_HEXES,
    MAP_ROWS,
    ROW_LETTERS,
    TERRAIN,
)
from tabletop.games.terra_mystica.data.cults import CULTS, PRIEST_SPACES
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.data.terrain import Terrain
from tabletop.games.terra_mystica.data.tiles import (
    BONUS_TILES,
    FACTION_ACTIONS,
    FAVOR_TILES,
    POWER_ACTIONS,
    SCORING_TILES,
    TOWN_TILES,
)

#: Width of one map cell (a space separates neighbouring cells).
CELL: Final = 7
#: Building codes on the map (0: empty), as in ``state.BUILDING_NAMES``.
BUILDINGS: Final[tuple[str, ...]] = ("", "D", "TP", "TE", "SH", "SA")

#: Background and text colours of each terrain, in wheel order.
TERRAIN_STYLE: Final[dict[Terrain, str]] = {
    Terrain.DESERT: "black on #e3c84a",
    Terrain.PLAINS: "white on #8b5a2b",
    Terrain.SWAMP: "white on #262626",
    Terrain.LAKES: "white on #1f5fb4",
    Terrain.FOREST: "white on #2e7d32",
    Terrain.MOUNTAINS: "black on #9e9e9e",
    Terrain.WASTELAND: "white on #b71c1c",
}
#: Short terrain names shown on empty hexes (readable without colour too).
TERRAIN_SHORT: Final[dict[Terrain, str]] = {
    Terrain.DESERT: "des",
    Terrain.PLAINS: "pla",
    Terrain.SWAMP: "swa",
    Terrain.LAKES: "lak",
    Terrain.FOREST: "for",
    Terrain.MOUNTAINS: "mtn",
    Terrain.WASTELAND: "was",
}
RIVER_STYLE: Final = "#3a6f9f on #0e2233"
#: The viewer's row in the faction table.
_VIEWER_ROW: Final = "bold on grey23"
UNKNOWN_STYLE: Final = "reverse"

#: Two-letter faction codes (unique in any game, unlike initials).
FACTION_CODES: Final[dict[str, str]] = {
    "alchemists": "Al",
    "auren": "Au",
    "chaosmagicians": "CM",
    "cultists": "Cu",
    "darklings": "Da",
    "dwarves": "Dw",
    "engineers": "En",
    "fakirs": "Fa",
    "giants": "Gi",
    "halflings": "Ha",
    "mermaids": "Me",
    "nomads": "No",
    "swarmlings": "Sw",
    "witches": "Wi",
}
CULT_STYLE: Final = ("bold red", "bold blue", "bold #b5884f", "bold white")

_HEX_INDEX: Final[dict[str, int]] = {h: i for i, h in enumerate(LAND_HEXES)}
#: Row label, widest row and the half-cell shift of the odd rows.
_MAP_WIDTH: Final = 2 + max(len(r) for r in MAP_ROWS) * (CELL + 1) - 1 + (CELL + 1) // 2


# --------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------


def _list(view: dict[str, Any], key: str) -> list[Any]:
    value = view.get(key)
    return value if isinstance(value, list) else []


def _dict(view: dict[str, Any], key: str) -> dict[str, Any]:
    value = view.get(key)
    return value if isinstance(value, dict) else {}


def _at(view: dict[str, Any], key: str, index: int, default: Any = None) -> Any:
    """``view[key][index]``, or ``default`` when the key or the entry is missing."""
    values = _list(view, key)
    return values[index] if 0 <= index < len(values) else default


def _num(value: Any) -> str:
    return "-" if value is None else str(value)


def _terrain(value: Any) -> Terrain | None:
    try:
        return Terrain(int(value))
    except (TypeError, ValueError):
        return None


def _terrain_style(value: Any) -> str:
    terrain = _terrain(value)
    return TERRAIN_STYLE[terrain] if terrain is not None else UNKNOWN_STYLE


def _factions(view: dict[str, Any]) -> list[str]:
    return [str(f or "") for f in _list(view, "factions")]


def faction_code(name: str, seat: int) -> str:
    """Two-letter code of a faction (``P<n>`` while the seat has none)."""
    if not name:
        return f"P{seat + 1}"
    return FACTION_CODES.get(name, name[:2].title())


def _faction_style(name: str) -> str:
    faction = FACTIONS.get(name)
    return TERRAIN_STYLE[faction.home] if faction is not None else "bold"


def _seat_text(view: dict[str, Any], seat: Any, full: bool = False) -> Text:
    """A seat as its faction chip (code, or code and name when ``full``)."""
    factions = _factions(view)
    if not isinstance(seat, int) or not 0 <= seat < len(factions):
        return Text.styled("-" if seat is None or seat == -1 else str(seat), "dim")
    name = factions[seat]
    code = faction_code(name, seat)
    if not full:
        return Text.styled(code, _faction_style(name))
    if not name:
        return Text.styled(f"{code} (choosing)", "italic dim")
    faction = FACTIONS.get(name)
    label = faction.display_name if faction is not None else name
    text = Text.styled(f" {code} ", _faction_style(name))
    text.append(f" {label}", style="bold")
    return text


def _seats(value: Any) -> set[int]:
    """``active`` may be one seat or a list of seats (-1 or None: nobody)."""
    values = value if isinstance(value, list) else [value]
    return {v for v in values if isinstance(v, int) and not isinstance(v, bool) and v >= 0}


def _join(parts: Iterable[Text], sep: str = " ") -> Text:
    return Text(sep).join(list(parts))


# --------------------------------------------------------------------------------------
# The map
# --------------------------------------------------------------------------------------


def _land_cell(view: dict[str, Any], hex_id: str) -> tuple[Text, Text]:
    """The two lines of a land hex: its name, then building and owner (or terrain)."""
    index = _HEX_INDEX[hex_id]
    terrain_value = _at(view, "terrain", index, TERRAIN[hex_id])
    style = _terrain_style(terrain_value)
    name = Text(hex_id.center(CELL), style=style)
    building = _at(view, "building", index, 0)
    owner = _at(view, "owner", index, -1)
    code = BUILDINGS[building] if isinstance(building, int) and 0 < building < 6 else ""
    if code:
        content = code
        if isinstance(owner, int) and owner >= 0:
            content += " " + faction_code(str(_at(view, "factions", owner, "") or ""), owner)
        if _at(view, "town", index, False):
            content += "*"
        extra = " underline" if owner == view.get("seat") and owner is not None else ""
        body = Text(content.center(CELL), style=f"bold {style}{extra}")
    else:
        terrain = _terrain(terrain_value)
        short = TERRAIN_SHORT[terrain] if terrain is not None else "?"
        body = Text(short.center(CELL), style=f"dim {style}")
    return name, body


def render_map(view: dict[str, Any]) -> Text:
    """The base map as an offset hex grid with row letters on both sides."""
    lines: list[Text] = []
    for row, cells in enumerate(MAP_ROWS):
        letter = ROW_LETTERS[row]
        indent = " " * ((CELL + 1) // 2) if row % 2 else ""
        top = Text()
        top.append(letter, style="bold")
        top.append(f" {indent}")
        bottom = Text(f"  {indent}")
        for col in range(len(cells)):
            if col:
                top.append(" ")
                bottom.append(" ")
            hex_id = HEX_AT[(row, col)]
            if hex_id in _HEX_INDEX:
                name, body = _land_cell(view, hex_id)
            else:
                name = Text(" " * CELL, style=RIVER_STYLE)
                body = Text("~".center(CELL), style=RIVER_STYLE)
            top.append_text(name)
            bottom.append_text(body)
        top.append(" " * (_MAP_WIDTH - len(top)) + f" {letter}", style="bold")
        lines += [top, bottom]
    return Text("\n").join(lines)


def _map_notes(view: dict[str, Any]) -> Text:
    """Bridges, the Mermaids' river towns and a terrain legend."""
    text = Text()
    text.append("Bridges: ", style="bold")
    bridges = [b for b in _list(view, "bridges") if isinstance(b, list) and len(b) >= 3]
    if bridges:
        text.append_text(
            _join(
                (_seat_text(view, b[0]) + Text(f" {b[1]}-{b[2]}") for b in bridges),
                ", ",
            )
        )
    else:
        text.append("none", style="dim")
    links = [x for x in _list(view, "river_links") if isinstance(x, list) and len(x) >= 2]
    if links:
        text.append("   River towns: ", style="bold")
        text.append_text(_join((_seat_text(view, x[0]) + Text(f" {x[1]}") for x in links), ", "))
    # The names the actions use (colours) beside the terrains' names: either may be typed.
    text.append("\nTerrain: ", style="bold")
    text.append_text(
        _join(
            (
                Text(f" {t.name.lower()}={t.color} ({t.letter}) ", style=TERRAIN_STYLE[t])
                for t in Terrain
            ),
        )
    )
    text.append("  * town", style="dim")
    return text


# --------------------------------------------------------------------------------------
# Factions
# --------------------------------------------------------------------------------------


def _pending(view: dict[str, Any], seat: int) -> str:
    """Things a faction still has to do (free spades, favor or town tiles, leech offers)."""
    notes: list[str] = []
    spades = _at(view, "spades", seat, 0)
    if spades:
        notes.append(f"{spades} spade{'s' if spades != 1 else ''}")
    if _at(view, "pending_favors", seat, 0):
        notes.append(f"{_at(view, 'pending_favors', seat)} favor")
    if _at(view, "pending_towns", seat, 0):
        notes.append(f"{_at(view, 'pending_towns', seat)} town")
    for offer in _list(view, "leech_offers"):
        if isinstance(offer, list) and len(offer) >= 3 and offer[1] == seat:
            notes.append(f"leech {offer[2]}")
    if _at(view, "dropped", seat, False):
        notes.append("dropped")
    return ", ".join(notes)


def render_players(view: dict[str, Any]) -> Table:
    """One row per seat: resources, power bowls, tracks and tiles."""
    table = Table(title="Factions", title_style="bold", header_style="bold", pad_edge=False)
    # Numbers never shrink (no_wrap): on a narrow terminal the text columns wrap instead.
    table.add_column("faction", ratio=2)
    for name in ("VP", "C", "W", "P"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("bowls", justify="center", no_wrap=True)
    for name in ("ship", "dig", "keys"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("bonus", no_wrap=True)
    table.add_column("favors", ratio=1)
    table.add_column("towns", ratio=1)
    table.add_column("status", ratio=1)
    viewer = view.get("seat")
    active = _seats(view.get("active"))
    for seat, name in enumerate(_factions(view)):
        label = Text.styled("▶ " if seat in active else "  ", "bold")
        label.append_text(_seat_text(view, seat, full=True))
        if seat == viewer:
            label.append(" (you)", style="bold")
        bowls = _at(view, "bowls", seat, [])
        bowl_text = "/".join(_num(b) for b in bowls) if isinstance(bowls, list) else "-"
        faction = FACTIONS.get(name)
        ship = _at(view, "ship", seat)
        ship_text = "-" if faction is not None and faction.shipping is None else _num(ship)
        passed = "passed" if _at(view, "passed", seat, False) else ""
        pending = _pending(view, seat)
        status = ", ".join(x for x in (passed, pending) if x)
        favors = _at(view, "favors", seat, [])
        towns = _at(view, "towns", seat, [])
        if not name:  # still choosing: the faction board's numbers mean nothing yet
            table.add_row(label, *["-"] * 12, style=_VIEWER_ROW if seat == viewer else None)
            continue
        table.add_row(
            label,
            _num(_at(view, "vp", seat)),
            _num(_at(view, "c", seat)),
            _num(_at(view, "w", seat)),
            _num(_at(view, "p", seat)),
            bowl_text,
            ship_text,
            _num(_at(view, "dig", seat)),
            _num(_at(view, "keys", seat)),
            str(_at(view, "bonus", seat, "") or "-"),
            " ".join(map(str, favors)) if isinstance(favors, list) and favors else "-",
            " ".join(map(str, towns)) if isinstance(towns, list) and towns else "-",
            status or "-",
            style=_VIEWER_ROW if seat == viewer else None,
        )
    return table


def render_cults(view: dict[str, Any]) -> Table:
    """Each faction's position on the four tracks and the priests on the priest spaces."""
    factions = _factions(view)
    table = Table(title="Cult tracks", title_style="bold", header_style="bold", pad_edge=False)
    table.add_column("cult")
    for seat in range(len(factions)):
        table.add_column(_seat_text(view, seat), justify="right")
    table.add_column("priests " + "/".join(map(str, PRIEST_SPACES)))
    spaces = _list(view, "cult_spaces")
    for cult in CULTS:
        row: list[Text | str] = [Text(cult.name, style=CULT_STYLE[cult])]
        for seat, name in enumerate(factions):
            track = _at(view, "cults", seat, []) if name else []
            row.append(_num(track[cult]) if isinstance(track, list) and cult < len(track) else "-")
        occupants = spaces[cult] if cult < len(spaces) and isinstance(spaces[cult], list) else []
        row.append(
            _join(_seat_text(view, s) if s != -1 else Text.styled("..", "dim") for s in occupants)
        )
        table.add_row(*row)
    return table


# --------------------------------------------------------------------------------------
# Round, tiles and actions
# --------------------------------------------------------------------------------------


def render_status(view: dict[str, Any]) -> Text:
    """Round, phase, turn order, who is to move and who has passed."""
    text = Text()
    text.append("Terra Mystica", style="bold")
    round_no = view.get("round")
    text.append(f"  round {_num(round_no)}/6", style="bold")
    text.append(f"  phase: {_num(view.get('phase'))}")
    order = _list(view, "order")
    if order:
        text.append("  order: ")
        text.append_text(_join(_seat_text(view, s) for s in order))
    active = sorted(_seats(view.get("active")))
    if active:
        text.append("  to move: ")
        text.append_text(_join(_seat_text(view, s) for s in active))
    passed = _list(view, "pass_order")
    if passed:
        text.append("  passed: ")
        text.append_text(_join(_seat_text(view, s) for s in passed))
    return text


def render_scoring(view: dict[str, Any]) -> Table:
    """The six round scoring tiles; the current round's is marked."""
    table = Table(title="Round scoring", title_style="bold", header_style="bold", pad_edge=False)
    table.add_column("rd", justify="right")
    table.add_column("tile")
    table.add_column("event VP | cult bonus")
    current = view.get("round")
    for index, tile_id in enumerate(_list(view, "scoring")):
        tile = SCORING_TILES.get(str(tile_id))
        now = current == index + 1
        table.add_row(
            ("▶" if now else "") + str(index + 1),
            str(tile_id),
            tile.description if tile is not None else "",
            style="bold reverse"
            if now
            else ("dim" if isinstance(current, int) and current > index + 1 else None),
        )
    return table


def render_bonus(view: dict[str, Any]) -> Table:
    """Bonus tiles nobody holds, with the coins lying on them."""
    held = {b for b in _list(view, "bonus") if b}
    table = Table(title="Bonus tiles", title_style="bold", header_style="bold", pad_edge=False)
    table.add_column("tile")
    table.add_column("C", justify="right")
    table.add_column("")
    for tile_id, coins in _dict(view, "bonus_coins").items():
        if tile_id in held:
            continue
        tile = BONUS_TILES.get(tile_id)
        table.add_row(tile_id, _num(coins), tile.description if tile is not None else "")
    return table


def _pool(title: str, pool: dict[str, Any], descriptions: dict[str, str]) -> Table:
    table = Table(title=title, title_style="bold", header_style="bold", pad_edge=False)
    table.add_column("tile")
    table.add_column("left", justify="right")
    table.add_column("")
    for tile_id, left in pool.items():
        table.add_row(
            tile_id,
            _num(left),
            descriptions.get(tile_id, ""),
            style="dim" if not left else None,
        )
    return table


def render_favors(view: dict[str, Any]) -> Table:
    """Favor tiles left in the supply."""
    descriptions = {k: t.description for k, t in FAVOR_TILES.items()}
    return _pool("Favor tiles", _dict(view, "favor_pool"), descriptions)


def render_towns(view: dict[str, Any]) -> Table:
    """Town tiles left in the supply."""
    descriptions = {k: t.description for k, t in TOWN_TILES.items()}
    return _pool("Town tiles", _dict(view, "town_pool"), descriptions)


def render_actions(view: dict[str, Any]) -> Table:
    """The six power actions (``x``: taken this round) and other once-a-round actions used."""
    used = [str(a) for a in _list(view, "used_actions")]
    table = Table(title="Actions", title_style="bold", header_style="bold", pad_edge=False)
    table.add_column("")
    table.add_column("action")
    table.add_column("PW", justify="right")
    table.add_column("")
    for action_id, action in POWER_ACTIONS.items():
        taken = action_id in used
        table.add_row(
            "x" if taken else "",
            action_id,
            str(action.cost_pw),
            action.description,
            style="dim strike" if taken else None,
        )
    for entry in used:
        action_id, _, seat = entry.partition(":")
        if action_id in POWER_ACTIONS:
            continue
        who = _seat_text(view, int(seat)) if seat.isdigit() else Text("")
        what = _ACTION_TEXT.get(action_id, "")
        table.add_row("x", action_id, who, what, style="dim")
    return table


def _action_texts() -> dict[str, str]:
    """Short descriptions of the once-a-round actions other than the power actions."""
    texts = {k: a.description for k, a in FACTION_ACTIONS.items()}
    texts.update({k: t.description.split(";")[0] for k, t in BONUS_TILES.items() if t.action})
    texts.update(
        {k: t.description.split("; ")[-1] for k, t in FAVOR_TILES.items() if t.cult_action}
    )
    return texts


_ACTION_TEXT: Final = _action_texts()


def _side_by_side(*parts: RenderableType) -> Table:
    grid = Table.grid(padding=(0, 2))
    for _ in parts:
        grid.add_column(vertical="top")
    grid.add_row(*parts)
    return grid


def render(view: dict[str, Any]) -> RenderableType:
    """The whole board for one view, laid out for a terminal about 120 columns wide."""
    board = Panel(
        Group(render_map(view), Text(""), _map_notes(view)),
        title="Map",
        expand=False,
    )
    return Group(
        render_status(view),
        board,
        render_players(view),
        _side_by_side(render_cults(view), render_scoring(view)),
        _side_by_side(render_bonus(view), render_actions(view)),
        _side_by_side(render_favors(view), render_towns(view)),
    )
