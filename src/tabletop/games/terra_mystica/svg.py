"""The Terra Mystica map as SVG, drawn from a seat's view (never from a state).

A pure function of the view, built with ElementTree (text is escaped for free): every
hex a polygon with CSS classes (``hex land desert``, ``hex river``) and a ``<title>``
naming it, buildings as their Snellman code (``D``, ``TP``, ``TE``, ``SH``, ``SA``) on a
disc of the owner's colour, so that colour is never the only carrier of meaning, bridges
as thick lines, and a ``<desc>`` that says in words what is where.

>>> from tabletop.engine import new_game
>>> svg = board(new_game("terra-mystica", 2, {}, 1).view(None))
>>> svg.startswith("<svg") and svg.count('class="hex land') == 77
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any, Final

from tabletop.games.terra_mystica.data.board import HEXES, LAND_HEXES, RIVER_HEXES
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.data.terrain import Terrain

#: Fill of each terrain (the board's colours), by wheel position.
TERRAIN_FILL: Final[dict[Terrain, str]] = {
    Terrain.DESERT: "#f2d45c",
    Terrain.PLAINS: "#a8754a",
    Terrain.SWAMP: "#3b3b3b",
    Terrain.LAKES: "#4a86c5",
    Terrain.FOREST: "#3f8f3f",
    Terrain.MOUNTAINS: "#9a9a9a",
    Terrain.WASTELAND: "#c23b2e",
}
RIVER_FILL: Final = "#cfe6f5"
#: Building codes by the view's building numbers (0: none).
BUILDING_CODES: Final = ("", "D", "TP", "TE", "SH", "SA")


def _centre(hex_id: str, size: float) -> tuple[float, float]:
    """Pointy-top hexes; odd rows are shifted half a hex to the right."""
    info = HEXES[hex_id]
    width = math.sqrt(3) * size
    x = width * (info.col + 0.5 * (info.row % 2)) + width / 2 + 4
    y = 1.5 * size * info.row + size + 4
    return x, y


def _corners(x: float, y: float, size: float) -> str:
    points = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        points.append(f"{x + size * math.cos(angle):.1f},{y + size * math.sin(angle):.1f}")
    return " ".join(points)


def _faction(factions: list[Any], seat: Any) -> str | None:
    """The seat's faction if the view names a known one."""
    if isinstance(seat, int) and 0 <= seat < len(factions):
        name = factions[seat]
        if isinstance(name, str) and name in FACTIONS:
            return name
    return None


def _list(view: dict[str, Any], key: str) -> list[Any]:
    value = view.get(key)
    return value if isinstance(value, list) else []


def board(view: dict[str, Any], *, size: float = 28.0) -> str:
    """The map of ``view`` (a seat's or a spectator's) as an SVG document (text)."""
    width = math.sqrt(3) * size * 13.5 + 8
    height = 1.5 * size * 8 + 2 * size + 8
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {width:.0f} {height:.0f}",
            "class": "tm-board",
            "role": "img",
        },
    )
    ET.SubElement(root, "title").text = "Terra Mystica map"
    factions = _list(view, "factions")
    terrain, owner, building = (_list(view, k) for k in ("terrain", "owner", "building"))
    towns = _list(view, "town")
    said: list[str] = []
    for hex_id in RIVER_HEXES:
        x, y = _centre(hex_id, size)
        poly = ET.SubElement(
            root,
            "polygon",
            {"points": _corners(x, y, size), "class": "hex river", "fill": RIVER_FILL},
        )
        ET.SubElement(poly, "title").text = f"river {hex_id}"
    for index, hex_id in enumerate(LAND_HEXES):
        x, y = _centre(hex_id, size)
        kind = Terrain(terrain[index]) if index < len(terrain) else HEXES[hex_id].terrain
        assert kind is not None
        name = kind.name.lower()
        group = ET.SubElement(root, "g", {"class": "cell", "data-hex": hex_id})
        poly = ET.SubElement(
            group,
            "polygon",
            {
                "points": _corners(x, y, size),
                "class": f"hex land {name}",
                "fill": TERRAIN_FILL[kind],
                "stroke": "#555",
            },
        )
        label = f"{hex_id}: {name}"
        seat = owner[index] if index < len(owner) else -1
        code = building[index] if index < len(building) else 0
        if isinstance(seat, int) and seat >= 0 and isinstance(code, int) and 0 < code < 6:
            faction = _faction(factions, seat)
            home = FACTIONS[faction].home if faction is not None else kind
            ET.SubElement(
                group,
                "circle",
                {
                    "cx": f"{x:.1f}",
                    "cy": f"{y:.1f}",
                    "r": f"{size * 0.55:.1f}",
                    "class": f"building seat-{seat}",
                    "fill": TERRAIN_FILL[home],
                    "stroke": "#fff",
                    "stroke-width": "2",
                },
            )
            text = ET.SubElement(
                group,
                "text",
                {
                    "x": f"{x:.1f}",
                    "y": f"{y + size * 0.2:.1f}",
                    "text-anchor": "middle",
                    "font-size": f"{size * 0.55:.0f}",
                    "fill": "#000" if home in (Terrain.DESERT, Terrain.MOUNTAINS) else "#fff",
                },
            )
            text.text = BUILDING_CODES[code]
            in_town = index < len(towns) and towns[index]
            label += f", {BUILDING_CODES[code]} of {faction or f'seat {seat}'}"
            label += " (town)" if in_town else ""
            said.append(label)
        ET.SubElement(poly, "title").text = label
    for bridge in _list(view, "bridges"):
        if isinstance(bridge, list) and len(bridge) >= 3 and {bridge[1], bridge[2]} <= set(HEXES):
            (x1, y1), (x2, y2) = _centre(bridge[1], size), _centre(bridge[2], size)
            seat = bridge[0]
            faction = _faction(factions, seat)
            colour = TERRAIN_FILL[FACTIONS[faction].home] if faction is not None else "#000"
            line = ET.SubElement(
                root,
                "line",
                {
                    "x1": f"{x1:.1f}",
                    "y1": f"{y1:.1f}",
                    "x2": f"{x2:.1f}",
                    "y2": f"{y2:.1f}",
                    "class": f"bridge seat-{seat}",
                    "stroke": colour,
                    "stroke-width": f"{size * 0.25:.1f}",
                },
            )
            ET.SubElement(line, "title").text = f"bridge {bridge[1]}-{bridge[2]} of {faction}"
            said.append(f"bridge {bridge[1]}-{bridge[2]} of {faction}")
    desc = ET.Element("desc")
    desc.text = "; ".join(said) if said else "no buildings yet"
    root.insert(1, desc)
    return ET.tostring(root, encoding="unicode")
