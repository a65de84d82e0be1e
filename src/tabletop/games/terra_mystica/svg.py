"""The Terra Mystica table as SVG, drawn from a seat's view (never from a state).

Pure functions of the view, built with ElementTree (text is escaped for free), in the
manner of python-chess's ``chess/svg.py``: CSS classes, a ``<title>`` on every piece and a
``<desc>`` saying in words what the drawing shows, so that colour is never the only carrier
of meaning.  :func:`sections` draws the whole table, the map first:

* the map (:func:`board`): every hex a polygon with CSS classes (``hex land desert``,
  ``hex river``), its terrain letter and hex id, buildings as their Snellman code (``D``,
  ``TP``, ``TE``, ``SH``, ``SA``) on a disc of the owner's colour, bridges, towns, and a
  terrain key (the terrains by colour, letter and name);
* while the factions are chosen, the fourteen factions, those still open to choose;
* each faction's board: VP, coins, workers, priests, keys, power in bowls I/II/III,
  shipping and digging levels, buildings left, the bonus, favor and town tiles held,
  spades, favor and town tiles owed, and the power offered to it;
* the cult board: the four tracks with each faction's position, the power bonuses and the
  key the top space needs, the priests on the cult action spaces, each faction's keys;
* the power actions ACT1-ACT6 (taken or not), the faction actions and the tile actions;
* the six round scoring tiles (the current round marked), the bonus tiles available
  (with their coins), the favor tiles and the town tiles left.

Elements a move can be made on are ``<g>`` elements with ``data-target="KIND:ID"``
(``hex:E5``, ``terrain:forest``, ``building:TP``, ``track:ship``, ``cult:fire``,
``priest:fire:3``, ``action:ACT1``, ``tile:BON3``, ``tile:FAV5``, ``tile:TW2``,
``faction:witches``, ``leech:nomads``, ``decline:nomads``), the class ``target``,
``tabindex="0"``, ``role="button"`` and an ``aria-label`` in words, when drawn for a seat
(a spectator's drawings have none; of the faction boards, only the seat's own has them).
:func:`targets` maps a legal action's text to the targets it involves.

>>> from tabletop.engine import new_game
>>> svg = board(new_game("terra-mystica", 2, {}, 1).view(None))
>>> svg.startswith("<svg") and svg.count('class="hex land') == 77
True
>>> targets("upgrade e5 to te"), targets("send p to FIRE for 3"), targets("pass BON3")
(['hex:E5', 'building:TE'], ['cult:fire', 'priest:fire:3'], ['tile:BON3'])
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final

from tabletop.engine import svg
from tabletop.engine.svg import as_list, known
from tabletop.games.terra_mystica.data.board import HEXES, LAND_HEXES, RIVER_HEXES
from tabletop.games.terra_mystica.data.common import BUILDING_LIMITS, Building
from tabletop.games.terra_mystica.data.cults import (
    CULT_MAX,
    CULT_POWER_BONUSES,
    CULTS,
    PRIEST_SPACES,
    Cult,
)
from tabletop.games.terra_mystica.data.factions import FACTIONS, FACTIONS_BY_TERRAIN, Faction
from tabletop.games.terra_mystica.data.terrain import COLORS, Terrain
from tabletop.games.terra_mystica.data.tiles import (
    ACTION_IDS,
    BONUS_TILES,
    FACTION_ACTIONS,
    FAVOR_TILES,
    POWER_ACTIONS,
    SCORING_TILES,
    TOWN_TILES,
)

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
#: Fill of each cult track.
CULT_FILL: Final[dict[Cult, str]] = {
    Cult.FIRE: "#f3b49a",
    Cult.WATER: "#a9c8ec",
    Cult.EARTH: "#c9b08a",
    Cult.AIR: "#e4e4e4",
}
#: Building codes by the view's building numbers (0: none).
BUILDING_CODES: Final = ("", "D", "TP", "TE", "SH", "SA")
#: Buildings in words, by code.
BUILDING_WORDS: Final[dict[str, str]] = {
    "D": "dwelling",
    "TP": "trading house",
    "TE": "temple",
    "SH": "stronghold",
    "SA": "sanctuary",
}
#: The view's phase while the seats choose their factions.
PHASE_FACTIONS: Final = "factions"

#: Seats drawn at most (seven colours; a view with more is not a game's).
_MAX_SEATS: Final = 7
#: Numbers shown are clamped to this size (a huge int would not even print).
_NUMBER_LIMIT: Final = 999_999
_NO_COLOUR: Final = "#888888"
_ROMAN: Final = ("I", "II", "III")


# --------------------------------------------------------------------------------------------
# Reading a view defensively: anything of an unexpected type reads as nothing.


def _int(value: Any, low: int = -_NUMBER_LIMIT, high: int = _NUMBER_LIMIT) -> int:
    """An int of the view, clamped to ``low..high``; anything else (bools too) is 0."""
    return svg.clamp(value, low, high)


def _item(items: list[Any], index: int) -> Any:
    return items[index] if 0 <= index < len(items) else None


def _counts(value: Any, table: Mapping[str, Any]) -> dict[str, int]:
    """A pool of the view (tile id -> count), known ids only, in the tiles' order."""
    if not isinstance(value, dict):
        return {}
    return {key: _int(value[key], 0) for key in table if key in value}


def _names(value: Any, table: Mapping[str, Any]) -> list[str]:
    return [name for name in as_list(value) if isinstance(name, str) and name in table]


def _terrain(value: Any) -> Terrain | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(Terrain):
        return Terrain(value)
    return None


def _faction(factions: list[Any], seat: Any) -> str | None:
    """The seat's faction if the view names a known one."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(factions):
        return known(factions[seat], FACTIONS)
    return None


def _list_of(view: dict[str, Any], key: str) -> list[Any]:
    return as_list(view.get(key))


@dataclass(frozen=True)
class _Table:
    """What every drawing reads of a view: the seats' factions and who is looking."""

    view: dict[str, Any]
    factions: tuple[str | None, ...]  # by seat; None: not chosen yet (or unknown)
    me: int | None  # the seat drawn for (its targets); None: a spectator

    @classmethod
    def of(cls, view: Any, seat: Any) -> _Table:
        data = view if isinstance(view, dict) else {}
        names = _list_of(data, "factions")[:_MAX_SEATS]
        factions = tuple(known(name, FACTIONS) for name in names)
        me = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
        return cls(data, factions, me if me is not None and 0 <= me < len(factions) else None)

    @property
    def seats(self) -> range:
        return range(len(self.factions))

    def faction(self, seat: int) -> Faction | None:
        name = self.factions[seat] if 0 <= seat < len(self.factions) else None
        return FACTIONS[name] if name is not None else None

    def who(self, seat: int) -> str:
        faction = self.faction(seat)
        return faction.display_name if faction is not None else f"seat {seat}"

    def colour(self, seat: int) -> str:
        faction = self.faction(seat)
        return TERRAIN_FILL[faction.home] if faction is not None else _NO_COLOUR

    def number(self, key: str, seat: int, low: int = -_NUMBER_LIMIT) -> int:
        return _int(_item(_list_of(self.view, key), seat), low)

    def seat(self, value: Any) -> int | None:
        """A seat number of the view, if it names one of the table's seats."""
        if isinstance(value, int) and not isinstance(value, bool) and value in self.seats:
            return value
        return None

    def target(self, kind: str, ident: str) -> str | None:
        """The target id when the seat is drawn for (a spectator clicks nothing)."""
        return f"{kind}:{ident}" if self.me is not None else None

    @cached_property
    def _buildings(self) -> Counter[tuple[int | None, int]]:
        owner, building = _list_of(self.view, "owner"), _list_of(self.view, "building")
        return Counter((self.seat(o), _int(b)) for o, b in zip(owner, building, strict=False))

    def built(self, seat: int, code: int) -> int:
        """The seat's buildings of ``code`` on the map."""
        return self._buildings[(seat, code)]

    def used(self) -> set[str]:
        return {u for u in _list_of(self.view, "used_actions") if isinstance(u, str)}


# --------------------------------------------------------------------------------------------
# Markup helpers


def _valued(
    parent: ET.Element,
    x: float,
    y: float,
    before: str,
    value: int,
    after: str,
    key: str,
    **style: Any,
) -> ET.Element:
    """A line of text whose number is a ``<tspan class="value KEY">`` (tests read it)."""
    text = svg.text(parent, x, y, before, **style)
    number = svg.element(text, "tspan", {"class": f"value {key}"}, str(value))
    number.tail = after
    return text


def _lines(parent: ET.Element, x: float, y: float, text: str, width: int, size: float) -> None:
    """A wrapped paragraph, centred on ``x``, its first baseline at ``y``."""
    for k, line in enumerate(svg.wrap(text, width)):
        svg.text(parent, x, y + k * size * 1.2, line, size=size, anchor="middle")


def _abbr(table: _Table, seat: int) -> str:
    """Two letters of the faction (unique among the fourteen), or the seat's number."""
    faction = table.faction(seat)
    return faction.display_name[:2] if faction is not None else str(seat)


def _marker(parent: ET.Element, table: _Table, seat: int, x: float, y: float, r: float) -> None:
    colour = table.colour(seat)
    svg.element(parent, "circle", {"cx": x, "cy": y, "r": r, "fill": colour, "stroke": "#222"})
    svg.text(
        parent, x, y + r * 0.4, _abbr(table, seat), size=r, anchor="middle", fill=svg.ink(colour)
    )


# --------------------------------------------------------------------------------------------
# The map


def _centre(hex_id: str, size: float) -> tuple[float, float]:
    """Pointy-top hexes; odd rows are shifted half a hex to the right."""
    info = HEXES[hex_id]
    width = math.sqrt(3) * size
    x = width * (info.col + 0.5 * (info.row % 2)) + width / 2 + 4
    y = 1.5 * size * info.row + size + 4
    return x, y


def board(
    view: dict[str, Any], *, size: float = 28.0, seat: int | None = None, labels: bool = False
) -> str:
    """The map of ``view`` (a seat's or a spectator's) as an SVG document (text).

    Drawn for ``seat``, every land hex is a target (``hex:E5``; river hexes too for the
    Mermaids, who connect towns over them); ``labels`` adds each hex's terrain letter and
    id, and the terrain key (its swatches are the targets ``terrain:forest``...)."""
    table = _Table.of(view, seat)
    view = table.view
    width = math.sqrt(3) * size * 13.5 + 8
    height = 1.5 * size * 8 + 2 * size + 8
    root = svg.document("tm-board", "Terra Mystica map")
    factions = _list_of(view, "factions")
    terrain, owner, building = (_list_of(view, k) for k in ("terrain", "owner", "building"))
    towns = _list_of(view, "town")
    me = table.faction(table.me) if table.me is not None else None
    rivers = me is not None and me.river_town_skip > 0
    links: dict[str, int] = {}
    for link in _list_of(view, "river_links"):
        if isinstance(link, list) and len(link) >= 2 and table.seat(link[0]) is not None:
            river = known(link[1], HEXES)
            if river is not None and river in RIVER_HEXES:
                links[river] = link[0]
    said: list[str] = []
    for hex_id in RIVER_HEXES:
        x, y = _centre(hex_id, size)
        parent = root
        if rivers:
            label = f"river {hex_id}: connect a town of the Mermaids over it"
            parent = svg.group(root, "cell river", label, table.target("hex", hex_id))
        poly = ET.SubElement(
            parent,
            "polygon",
            {"points": svg.corners(x, y, size), "class": "hex river", "fill": RIVER_FILL},
        )
        ET.SubElement(poly, "title").text = f"river {hex_id}"
        if hex_id in links:
            linker = table.who(links[hex_id])
            dot = svg.element(
                parent,
                "circle",
                {
                    "cx": x,
                    "cy": y,
                    "r": size * 0.3,
                    "class": f"river-link seat-{links[hex_id]}",
                    "fill": table.colour(links[hex_id]),
                    "stroke": "#fff",
                    "pointer-events": "none",
                },
            )
            svg.element(dot, "title", text=f"town link of {linker} over {hex_id}")
            said.append(f"town link of {linker} over {hex_id}")
    for index, hex_id in enumerate(LAND_HEXES):
        x, y = _centre(hex_id, size)
        kind = _terrain(_item(terrain, index))
        if kind is None:  # Terrain.DESERT is 0: no `or` here
            kind = HEXES[hex_id].terrain
        assert kind is not None
        name = kind.name.lower()
        group = ET.SubElement(root, "g", {"class": "cell", "data-hex": hex_id})
        poly = ET.SubElement(
            group,
            "polygon",
            {
                "points": svg.corners(x, y, size),
                "class": f"hex land {name}",
                "fill": TERRAIN_FILL[kind],
                "stroke": "#555",
            },
        )
        label = f"{hex_id}: {name}"
        if labels:
            ink = svg.ink(TERRAIN_FILL[kind])
            svg.text(
                group, x, y - size * 0.6, kind.letter, size=size * 0.3, anchor="middle", fill=ink
            )
            svg.text(group, x, y + size * 0.82, hex_id, size=size * 0.26, anchor="middle", fill=ink)
        seat_at = table.seat(_item(owner, index))
        code = _int(_item(building, index))
        aria = f"hex {hex_id}: {name} (letter {kind.letter})"
        if seat_at is not None and 0 < code < len(BUILDING_CODES):
            faction = _faction(factions, seat_at)
            home = FACTIONS[faction].home if faction is not None else kind
            in_town = bool(_item(towns, index))
            disc = ET.SubElement(
                group,
                "circle",
                {
                    "cx": f"{x:.1f}",
                    "cy": f"{y:.1f}",
                    "r": f"{size * 0.55:.1f}",
                    "class": f"building seat-{seat_at}" + (" in-town" if in_town else ""),
                    "fill": TERRAIN_FILL[home],
                    "stroke": "#f0c000" if in_town else "#fff",
                    "stroke-width": "3" if in_town else "2",
                },
            )
            # The owner in words, not by the disc's colour alone.
            words = f"{BUILDING_WORDS[BUILDING_CODES[code]]} of {table.who(seat_at)}"
            ET.SubElement(disc, "title").text = words + (" (in a town)" if in_town else "")
            text = ET.SubElement(
                group,
                "text",
                {
                    "x": f"{x:.1f}",
                    "y": f"{y + size * 0.2:.1f}",
                    "text-anchor": "middle",
                    "font-size": f"{size * 0.55:.0f}",
                    "fill": svg.ink(TERRAIN_FILL[home]),
                },
            )
            text.text = BUILDING_CODES[code]
            label += f", {BUILDING_CODES[code]} of {faction or f'seat {seat_at}'}"
            label += " (town)" if in_town else ""
            aria += f", {BUILDING_WORDS[BUILDING_CODES[code]]} of {table.who(seat_at)}"
            aria += ", in a town" if in_town else ""
            said.append(label)
        ET.SubElement(poly, "title").text = label
        target = table.target("hex", hex_id)
        if target is not None:
            svg.clickable(group, target, aria)
    for bridge in _list_of(view, "bridges"):
        if not (isinstance(bridge, list) and len(bridge) >= 3):
            continue
        ends = [known(end, HEXES) for end in bridge[1:3]]
        by = table.seat(bridge[0])
        if ends[0] is None or ends[1] is None or by is None:
            continue
        (x1, y1), (x2, y2) = _centre(ends[0], size), _centre(ends[1], size)
        # Only over the water: the buildings at its ends stay in sight.
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        dx, dy = (x2 - x1) / length * size * 0.8, (y2 - y1) / length * size * 0.8
        x1, y1, x2, y2 = x1 + dx, y1 + dy, x2 - dx, y2 - dy
        line = ET.SubElement(
            root,
            "line",
            {
                "x1": f"{x1:.1f}",
                "y1": f"{y1:.1f}",
                "x2": f"{x2:.1f}",
                "y2": f"{y2:.1f}",
                "class": f"bridge seat-{by}",
                "stroke": table.colour(by),
                "stroke-width": f"{size * 0.25:.1f}",
                "pointer-events": "none",  # the hexes under its ends stay clickable
            },
        )
        words = f"bridge {ends[0]}-{ends[1]} of {_faction(factions, by) or f'seat {by}'}"
        ET.SubElement(line, "title").text = words
        said.append(words)
    if labels:
        _terrain_key(root, table, height, size)
    said_text = "; ".join(said) if said else "no buildings yet"
    return svg.finish(root, said_text, width, height + (size * 1.6 if labels else 0))


def _terrain_key(root: ET.Element, table: _Table, top: float, size: float) -> None:
    """The seven terrains by colour, letter and name: the targets of ``transform X to T``."""
    step = (math.sqrt(3) * size * 13.5) / len(Terrain)
    for kind in Terrain:
        name = kind.name.lower()
        label = f"terrain {name} ({kind.color}, letter {kind.letter})"
        group = svg.group(root, f"terrain-key {name}", label, table.target("terrain", name))
        x = 4 + kind * step
        fill = TERRAIN_FILL[kind]
        svg.rect(group, x + 2, top + 2, step - 4, size * 1.2, fill)
        svg.text(
            group,
            x + step / 2,
            top + size * 0.82,
            f"{kind.letter} {name}",
            size=size * 0.42,
            anchor="middle",
            fill=svg.ink(fill),
        )


# --------------------------------------------------------------------------------------------
# The faction boards


def _faction_board(table: _Table, seat: int) -> str:
    view = table.view
    faction = table.faction(seat)
    mine = seat == table.me
    who = table.who(seat)
    root = svg.document(f"tm-faction seat-{seat}", f"faction board of {who}")
    width = 620.0
    colour = table.colour(seat)
    ink = svg.ink(colour)
    number = table.number
    passed = bool(_item(_list_of(view, "passed"), seat))
    moving = seat in [s for s in _list_of(view, "to_move") if table.seat(s) is not None]
    home = faction.home if faction is not None else None
    # header
    svg.rect(svg.group(root, "header", who), 2, 2, width - 4, 32, colour, cls="header")
    heading = who if home is None else f"{who} · {home.name.lower()} ({home.letter})"
    svg.text(root, 12, 24, f"{heading} · seat {seat}", size=16, fill=ink, bold=True)
    state = "passed · " if passed else "to move · " if moving else ""
    vp = number("vp", seat)
    _valued(root, width - 12, 24, state, vp, " VP", "vp", size=16, anchor="end", fill=ink)
    said = [f"{who} (seat {seat}){', passed' if passed else ''}: {vp} VP"]
    # resources
    y = 44.0
    stock = (
        ("coins", "Coins", number("c", seat)),
        ("workers", "Workers", number("w", seat)),
        ("priests", "Priests", number("p", seat)),
        ("keys", "Keys", number("keys", seat)),
        ("spades", "Spades", number("spades", seat)),
    )
    for k, (key, word, amount) in enumerate(stock):
        x = 8.0 + k * 74
        box = svg.group(root, f"stock {key}", f"{word.lower()}: {amount}")
        svg.rect(box, x, y, 68, 44, "#f7f7f2")
        svg.text(box, x + 34, y + 14, word, size=11, anchor="middle")
        _valued(box, x + 34, y + 36, "", amount, "", key, size=18, anchor="middle")
    said.append(", ".join(f"{amount} {key}" for key, _word, amount in stock))
    bowls = as_list(_item(_list_of(view, "bowls"), seat))
    power = [_int(_item(bowls, k)) for k in range(3)]
    for k, amount in enumerate(power):
        cx = 420 + k * 68
        bowl = svg.group(root, f"bowl bowl-{k + 1}", f"power bowl {_ROMAN[k]}: {amount}")
        fill = ("#d9d2e9", "#b4a7d6", "#8e7cc3")[k]
        svg.element(
            bowl, "circle", {"cx": cx, "cy": y + 22, "r": 24, "fill": fill, "stroke": "#555"}
        )
        svg.text(bowl, cx, y + 12, _ROMAN[k], size=10, anchor="middle")
        _valued(bowl, cx, y + 32, "", amount, "", f"bowl-{k + 1}", size=18, anchor="middle")
    said.append("power " + "/".join(str(p) for p in power) + " in bowls I/II/III")
    # tracks
    y = 100.0
    ship, dig = number("ship", seat), number("dig", seat)
    top = faction.shipping.max_level if faction is not None and faction.shipping else 0
    ship_after = f" of {top}" if top else ""
    if faction is not None and faction.teleport is not None:
        kind = "tunnelling" if faction.teleport.kind == "tunnel" else "carpet flight"
        ship_after += f" ({kind} instead)"
    ship_target = table.target("track", "ship") if mine and top else None
    words = f"shipping {ship}{ship_after}" + (": advance shipping" if ship_target else "")
    box = svg.group(root, "track ship", words, ship_target)
    svg.rect(box, 8, y, 196, 36, "#eaf2fb")
    _valued(box, 106, y + 23, "Shipping ", ship, ship_after, "ship", size=12, anchor="middle")
    digging = faction.digging if faction is not None else None
    dig_after = f" of {digging.max_level}" if digging else ""
    if digging is not None:
        price = digging.spade_cost[min(max(dig, 0), len(digging.spade_cost) - 1)]
        cost = " ".join(f"{n} {k}" for k, n in price.as_dict().items())
        dig_after += f" · {cost}/spade"
    dig_target = None
    if mine and digging is not None and digging.advance_cost is not None:
        dig_target = table.target("track", "dig")
    words = f"digging {dig}{dig_after}" + (": advance digging" if dig_target else "")
    box = svg.group(root, "track dig", words, dig_target)
    svg.rect(box, 212, y, 236, 36, "#f2ecdf")
    _valued(box, 330, y + 23, "Digging ", dig, dig_after, "dig", size=12, anchor="middle")
    said.append(f"shipping {ship}, digging {dig}")
    # buildings left
    y = 146.0
    left_words = []
    for k, building in enumerate(BUILDING_LIMITS):
        code = BUILDING_CODES.index(building.value)
        limit = BUILDING_LIMITS[building]
        left = max(0, limit - table.built(seat, code))
        word = BUILDING_WORDS[building.value]
        upgrade = building is not Building.D
        label = f"{word} ({building.value}): {left} of {limit} left"
        target = table.target("building", building.value) if mine and upgrade else None
        box = svg.group(root, f"stock building-{building.value}", label, target)
        x = 8.0 + k * 88
        svg.rect(box, x, y, 82, 44, "#fff", stroke=colour)
        svg.text(box, x + 41, y + 17, building.value, size=14, anchor="middle", bold=True)
        svg.text(box, x + 41, y + 37, f"{left} of {limit} left", size=11, anchor="middle")
        left_words.append(f"{building.value} {left}")
    said.append("buildings left " + ", ".join(left_words))
    # tiles held
    y = 202.0
    x = 8.0
    held: list[tuple[str, str, str]] = []
    bonus = known(_item(_list_of(view, "bonus"), seat), BONUS_TILES)
    if bonus is not None:
        held.append(("bonus", bonus, BONUS_TILES[bonus].description))
    for tile in _names(_item(_list_of(view, "favors"), seat), FAVOR_TILES):
        held.append(("favor", tile, FAVOR_TILES[tile].description))
    for tile in _names(_item(_list_of(view, "towns"), seat), TOWN_TILES):
        held.append(("town", tile, TOWN_TILES[tile].description))
    svg.text(root, x, y + 19, "Tiles:", size=12)
    x += 42
    for kind, tile, text in held:
        if x + 56 > width:
            x, y = 50.0, y + 32
        chip = svg.group(root, f"held {kind}", f"{kind} tile {tile}: {text}")
        svg.rect(
            chip, x, y, 54, 28, {"bonus": "#fde9b5", "favor": "#e3f0d5", "town": "#e6e0f3"}[kind]
        )
        svg.text(chip, x + 27, y + 19, tile, size=12, anchor="middle", cls=f"value {kind}")
        x += 60
    if not held:
        svg.text(root, x, y + 19, "none", size=12)
    said.append("tiles " + (", ".join(t for _k, t, _d in held) or "none"))
    # owed decisions and power offered
    y += 40
    owed = []
    favors, towns = number("pending_favors", seat, 0), number("pending_towns", seat, 0)
    if favors:
        owed.append(f"takes {svg.plural(favors, 'favor tile')}")
    if towns:
        owed.append(f"takes {svg.plural(towns, 'town tile')}")
    if owed:
        svg.text(root, 8, y + 14, "; ".join(owed), size=12, cls="owed")
        said.append("; ".join(owed))
        y += 24
    for source, amount in _offers(table, seat):
        giver = table.factions[source]
        words = f"{table.who(source)} offers {amount} power"
        cost = f" for {amount - 1} VP" if amount > 1 else ""
        svg.text(root, 8, y + 18, words + cost, size=12, cls="offer")
        said.append(words + cost)
        for k, answer in enumerate(("leech", "decline")):
            target = table.target(answer, giver) if mine and giver is not None else None
            label = f"{answer} {amount} power from {table.who(source)}"
            button = svg.group(root, f"answer {answer}", label, target)
            bx = 300 + k * 100
            svg.rect(button, bx, y, 92, 26, "#fff8d6" if answer == "leech" else "#f4f4f4")
            svg.text(button, bx + 46, y + 18, answer, size=12, anchor="middle")
        y += 32
    if faction is not None:
        said.append(f"stronghold: {faction.stronghold.description}; {faction.ability}")
    return svg.finish(root, "; ".join(said), width, y + 8)


def _offers(table: _Table, seat: int) -> Iterator[tuple[int, int]]:
    """Power offered to ``seat``: (the offering seat, the amount), oldest first."""
    for offer in _list_of(table.view, "leech_offers"):
        if isinstance(offer, list) and len(offer) >= 3 and table.seat(offer[1]) == seat:
            source = table.seat(offer[0])
            if source is not None:
                yield source, _int(offer[2], 0, 99)


# --------------------------------------------------------------------------------------------
# The cult board

_ROW: Final = 24.0
_COLUMN: Final = 160.0


def _cult_board(table: _Table) -> str:
    view = table.view
    root = svg.document("tm-cults", "cult board")
    cults = _list_of(view, "cults")
    spaces = _list_of(view, "cult_spaces")
    said: list[str] = []
    top = 34.0
    bonus = dict(CULT_POWER_BONUSES)
    for cult in CULTS:
        name = cult.name.lower()
        x = 10 + cult * _COLUMN
        levels = {
            seat: _int(_item(as_list(_item(cults, seat)), cult), 0, CULT_MAX)
            for seat in table.seats
            if table.factions[seat] is not None
        }
        where = ", ".join(f"{table.who(s)} {level}" for s, level in levels.items())
        said.append(f"{name}: {where or 'nobody'}")
        track = svg.group(
            root,
            f"track {name}",
            f"{name} cult track: {where or 'nobody'}",
            table.target("cult", name),
        )
        svg.rect(track, x, top - 28, _COLUMN - 6, 26, CULT_FILL[cult])
        svg.text(
            track, x + (_COLUMN - 6) / 2, top - 10, name.capitalize(), size=14, anchor="middle"
        )
        svg.rect(track, x, top, _COLUMN - 6, _ROW * (CULT_MAX + 1), CULT_FILL[cult])
        for level in range(CULT_MAX + 1):
            y = top + (CULT_MAX - level) * _ROW
            if level < CULT_MAX:
                line = {"x1": x, "y1": y + _ROW, "x2": x + _COLUMN - 6, "y2": y + _ROW}
                svg.element(track, "line", {**line, "stroke": "#fff"})
            svg.text(track, x + 6, y + 16, str(level), size=11)
            if level in bonus:
                extra = " key" if level == CULT_MAX else ""
                svg.text(track, x + 24, y + 16, f"+{bonus[level]} PW{extra}", size=9)
            here = [s for s, at in levels.items() if at == level]
            for k, seat in enumerate(here):
                spot = svg.group(
                    track, f"marker seat-{seat}", f"{table.who(seat)} at {level} on {name}"
                )
                _marker(spot, table, seat, x + 72 + (k % 5) * 18, y + _ROW / 2, 8.5)
        # the priest spaces below the track: a 3, three 2s, and the one step (priest returns)
        y = top + (CULT_MAX + 1) * _ROW + 8
        offered: set[int] = set()
        row = as_list(_item(spaces, cult))
        for k, steps in enumerate(PRIEST_SPACES):
            sx = x + k * 30
            holder = table.seat(_item(row, k))
            if holder is not None:
                label = f"priest of {table.who(holder)} on {name} ({steps} steps)"
                space = svg.group(root, f"priest-space {name} taken seat-{holder}", label)
                svg.rect(space, sx, y, 26, 26, "#fff")
                _marker(space, table, holder, sx + 13, y + 13, 10)
                said.append(label)
                continue
            target = None
            if steps not in offered:
                offered.add(steps)
                target = table.target("priest", f"{name}:{steps}")
            label = f"send a priest to {name} for {steps} steps (it stays there)"
            space = svg.group(root, f"priest-space {name}", label, target)
            svg.rect(space, sx, y, 26, 26, "#fff")
            svg.text(space, sx + 13, y + 18, str(steps), size=13, anchor="middle", bold=True)
        label = f"send a priest to {name} for 1 step (it returns to the supply)"
        space = svg.group(
            root, f"priest-space {name} one", label, table.target("priest", f"{name}:1")
        )
        svg.rect(space, x + 4 * 30, y, 26, 26, "#fff", dashed=True)
        svg.text(space, x + 4 * 30 + 13, y + 18, "1", size=13, anchor="middle")
    y = top + (CULT_MAX + 1) * _ROW + 48
    svg.text(root, 10, y + 14, "Keys (each opens a track's top space):", size=12)
    keys = []
    for k, seat in enumerate(s for s in table.seats if table.factions[s] is not None):
        amount = table.number("keys", seat, 0)
        x = 10 + k * 128
        chip = svg.group(
            root, f"keys seat-{seat}", f"{table.who(seat)}: {svg.plural(amount, 'key')}"
        )
        _marker(chip, table, seat, x + 10, y + 34, 9)
        after = " key" if amount == 1 else " keys"
        _valued(chip, x + 24, y + 38, "", amount, after, "keys", size=12)
        keys.append(f"{table.who(seat)} {amount}")
    said.append("keys: " + (", ".join(keys) or "none"))
    return svg.finish(root, "; ".join(said), 10 + 4 * _COLUMN, y + 52)


# --------------------------------------------------------------------------------------------
# Actions and tiles


@dataclass(frozen=True)
class _Card:
    cls: str
    name: str  # the id shown (ACT1, BON3 ...)
    label: str  # in words
    lines: tuple[str, ...]  # what the card says below its id
    target: str | None = None
    fill: str = "#fff"
    mark: str = ""  # "taken", "used", "3 left", "now" ...
    dim: bool = False


def _cards(
    cls: str, title: str, table: _Table, cards: list[_Card], said: str, per_row: int = 6
) -> str:
    """Cards in rows: each its id, some words, and a mark (taken, left, coins...)."""
    root = svg.document(cls, title)
    width, gap = 100.0, 6.0
    most = max((min(len(card.lines), 6) for card in cards), default=0)
    height = 30.0 + most * 12 + (18 if any(card.mark for card in cards) else 4)
    for k, card in enumerate(cards):
        x = 6 + (k % per_row) * (width + gap)
        y = 6 + (k // per_row) * (height + gap)
        group = svg.group(root, card.cls, card.label, card.target)
        box = svg.rect(group, x, y, width, height, card.fill, stroke="#555")
        if card.dim:
            box.set("opacity", "0.5")
        if card.mark == "now":
            box.set("stroke", "#d08000")
            box.set("stroke-width", "4")
        ink = svg.ink(card.fill) if not card.dim else "#000"
        size = 14 if len(card.name) <= 11 else 11
        middle = x + width / 2
        svg.text(group, middle, y + 18, card.name, size=size, anchor="middle", fill=ink, bold=True)
        for n, line in enumerate(card.lines[:6]):
            svg.text(group, middle, y + 34 + n * 12, line, size=9.5, anchor="middle", fill=ink)
        if card.mark:
            svg.text(group, middle, y + height - 8, card.mark, size=11, anchor="middle", fill=ink)
        if card.mark == "taken":
            cross = {"x1": x + 8, "y1": y + 8, "x2": x + width - 8, "y2": y + height - 8}
            svg.element(
                group, "line", {**cross, "stroke": "#a00", "stroke-width": "3", "opacity": "0.6"}
            )
    rows = max(1, math.ceil(len(cards) / per_row))
    # a full row's width always: every section of cards is drawn at one scale
    return svg.finish(root, said or "none", 6 + per_row * (width + gap), 6 + rows * (height + gap))


def _card_lines(text: str, width: int = 17) -> tuple[str, ...]:
    lines: list[str] = []
    for part in re.split(r"\s*[|;]\s*", text):
        lines += svg.wrap(part, width)
    return tuple(lines)


def _actions(table: _Table) -> str:
    used = table.used()
    cards: list[_Card] = []
    said: list[str] = []
    for name, action in POWER_ACTIONS.items():
        taken = name in used
        label = f"power action {name}: {action.description} for {action.cost_pw} power"
        label += " (taken this round)" if taken else ""
        lines = (f"{action.cost_pw} PW", *svg.wrap(action.description, 17))
        cards.append(
            _Card(
                "action power",
                name,
                label,
                lines,
                table.target("action", name),
                "#e8e0f5",
                "taken" if taken else "",
                taken,
            )
        )
        said.append(f"{name} {'taken' if taken else 'open'}")
    for seat in table.seats:
        faction = table.faction(seat)
        if faction is None:
            continue
        for name, special in FACTION_ACTIONS.items():
            if special.faction != faction.name:
                continue
            locked = special.needs_stronghold and table.built(seat, 4) == 0
            done = special.once_per_round and f"{name}:{seat}" in used
            mark = "taken" if done else "needs SH" if locked else ""
            label = f"{faction.display_name}'s action {name}: {special.description}"
            label += f" ({'used this round' if done else 'needs the stronghold'})" if mark else ""
            target = table.target("action", name) if seat == table.me else None
            lines = (faction.display_name, *svg.wrap(special.description, 17))
            cards.append(
                _Card(
                    "action faction",
                    name,
                    label,
                    lines,
                    target,
                    TERRAIN_FILL[faction.home],
                    mark,
                    bool(mark),
                )
            )
            said.append(f"{name} of {faction.display_name}{f' ({mark})' if mark else ''}")
    for seat in table.seats:
        faction = table.faction(seat)
        if faction is None:
            continue
        tiles = [known(_item(_list_of(table.view, "bonus"), seat), BONUS_TILES)]
        tiles += _names(_item(_list_of(table.view, "favors"), seat), FAVOR_TILES)
        for tile in tiles:
            if tile is None or tile not in ACTION_IDS or tile in POWER_ACTIONS:
                continue
            effect = "1 spade" if tile == "BON1" else "1 cult step"
            done = f"{tile}:{seat}" in used
            label = f"{faction.display_name}'s tile action {tile}: {effect}"
            label += " (used this round)" if done else ""
            target = table.target("action", tile) if seat == table.me else None
            lines = (faction.display_name, effect)
            cards.append(
                _Card(
                    "action tile",
                    tile,
                    label,
                    lines,
                    target,
                    "#fde9b5",
                    "taken" if done else "",
                    done,
                )
            )
            said.append(f"{tile} of {faction.display_name}{' (used)' if done else ''}")
    return _cards("tm-actions", "actions", table, cards, "; ".join(said))


def _scoring(table: _Table) -> str:
    now = _int(table.view.get("round"), 0, 99)
    cards: list[_Card] = []
    said: list[str] = []
    for index, tile in enumerate(_list_of(table.view, "scoring")[:6]):
        round_ = index + 1
        name = known(tile, SCORING_TILES)
        text = SCORING_TILES[name].description if name is not None else "unknown tile"
        mark = "now" if round_ == now else "scored" if round_ < now else ""
        label = f"round {round_}: {name or 'unknown tile'}: {text.replace(' | ', '; cult bonus ')}"
        label += " (this round)" if mark == "now" else " (scored)" if mark else ""
        lines = (f"round {round_}", *_card_lines(text))
        cls = "scoring" + (" current" if mark == "now" else "")
        cards.append(_Card(cls, name or "?", label, lines, None, "#f4efe2", mark, mark == "scored"))
        said.append(f"R{round_} {name or '?'}{' (now)' if mark == 'now' else ''}")
    return _cards("tm-scoring", "round scoring tiles", table, cards, "; ".join(said))


def _bonus_tiles(table: _Table) -> str:
    cards: list[_Card] = []
    said: list[str] = []
    for tile, coins in _counts(table.view.get("bonus_coins"), BONUS_TILES).items():
        text = BONUS_TILES[tile].description
        label = f"bonus tile {tile}: {text}; {svg.plural(coins, 'coin')} on it"
        target = table.target("tile", tile)
        mark = f"+{coins} C" if coins else ""
        cards.append(_Card("tile bonus", tile, label, _card_lines(text), target, "#fde9b5", mark))
        said.append(f"{tile} ({svg.plural(coins, 'coin')})")
    held = []
    for seat in table.seats:
        kept = known(_item(_list_of(table.view, "bonus"), seat), BONUS_TILES)
        if kept is not None:
            held.append(f"{kept} held by {table.who(seat)}")
    text = "available: " + (", ".join(said) or "none")
    return _cards("tm-bonus", "bonus tiles", table, cards, "; ".join([text, *held]))


def _pool(table: _Table, key: str, kind: str, tiles: Mapping[str, Any], fill: str) -> str:
    cards: list[_Card] = []
    said: list[str] = []
    for tile, left in _counts(table.view.get(key), tiles).items():
        text = tiles[tile].description
        label = f"{kind} tile {tile}: {text}; {left} left"
        target = table.target("tile", tile) if left > 0 else None
        mark = f"{left} left" if left else "none left"
        cards.append(
            _Card(f"tile {kind}", tile, label, _card_lines(text), target, fill, mark, not left)
        )
        said.append(f"{tile} {left} left")
    return _cards(f"tm-{kind}", f"{kind} tiles", table, cards, "; ".join(said))


def _faction_choice(table: _Table) -> str:
    """The factions to choose from, by colour: those whose colour nobody has are targets."""
    taken = {FACTIONS[f].home: seat for seat, f in enumerate(table.factions) if f is not None}
    cards: list[_Card] = []
    said: list[str] = []
    for side in range(2):
        for terrain in Terrain:
            name = FACTIONS_BY_TERRAIN[terrain][side]
            faction = FACTIONS[name]
            owner = taken.get(terrain)
            if owner is not None and table.factions[owner] == name:
                mark = f"seat {owner}"
            else:
                mark = "colour taken" if owner is not None else ""
            label = f"{faction.display_name} ({terrain.name.lower()}): {faction.ability}"
            label += f" ({mark})" if mark else ""
            target = table.target("faction", name) if owner is None else None
            lines = (terrain.name.lower(), *svg.wrap(faction.ability, 17))
            cards.append(
                _Card(
                    f"faction {name}",
                    faction.display_name,
                    label,
                    lines,
                    target,
                    TERRAIN_FILL[terrain],
                    mark,
                    owner is not None,
                )
            )
            if owner is None:
                said.append(faction.display_name)
    return _cards(
        "tm-factions",
        "factions to choose",
        table,
        cards,
        "open: " + (", ".join(said) or "none"),
        per_row=len(Terrain),
    )


# --------------------------------------------------------------------------------------------
# The public functions


def sections(view: dict[str, Any], seat: int | None) -> list[tuple[str, str]]:
    """The table drawn for `seat` (None: a spectator): (heading, svg document text) pairs,
    the board first.

    >>> from tabletop.engine import new_game
    >>> state = new_game("terra-mystica", 2, {"factions": "witches,nomads"}, 1)
    >>> [heading for heading, _svg in sections(state.view(0), 0)][:4]
    ['Map', 'Your faction: Witches', 'Faction: Nomads', 'Cult tracks']
    """
    table = _Table.of(view, seat)
    drawn: list[tuple[str, str]] = [("Map", board(table.view, seat=table.me, labels=True))]
    if table.view.get("phase") == PHASE_FACTIONS:
        drawn.append(("Choose a faction", _faction_choice(table)))
    order = list(table.seats)
    if table.me is not None:
        order.remove(table.me)
        order.insert(0, table.me)
    for each in order:
        if table.faction(each) is None and _item(_list_of(table.view, "factions"), each) == "":
            continue  # not chosen yet
        heading = "Your faction" if each == table.me else "Faction"
        drawn.append((f"{heading}: {table.who(each)}", _faction_board(table, each)))
    drawn += [
        ("Cult tracks", _cult_board(table)),
        ("Actions", _actions(table)),
        ("Round scoring", _scoring(table)),
        ("Bonus tiles", _bonus_tiles(table)),
        ("Favor tiles", _pool(table, "favor_pool", "favor", FAVOR_TILES, "#e3f0d5")),
        ("Town tiles", _pool(table, "town_pool", "town", TOWN_TILES, "#e6e0f3")),
    ]
    return drawn


_LAND: Final = re.compile(r"([A-I])(1[0-3]|[1-9])", re.IGNORECASE)
_RIVER: Final = re.compile(r"r(3[0-5]|[12][0-9]|[0-9])", re.IGNORECASE)
_SIGNED: Final = re.compile(r"[+-]([0-9]*)([A-Z]+?)([0-9]*)", re.IGNORECASE)
_BUILDINGS: Final[dict[str, str]] = {
    **{code.lower(): code for code in BUILDING_WORDS},
    **{word.replace(" ", ""): code for code, word in BUILDING_WORDS.items()},
    "tradingpost": "TP",
}
_TERRAINS: Final[dict[str, str]] = {
    **{t.name.lower(): t.name.lower() for t in Terrain},
    **{COLORS[t]: t.name.lower() for t in Terrain},
    "grey": "mountains",
}
_CULTS: Final[dict[str, str]] = {c.name.lower(): c.name.lower() for c in Cult}
_TILES: Final[dict[str, Mapping[str, Any]]] = {
    "BON": BONUS_TILES,
    "FAV": FAVOR_TILES,
    "TW": TOWN_TILES,
}


def _hex(token: str, *, river: bool = False) -> str | None:
    """``hex:E5`` for a hex of the map (any case); river hexes only where they may be."""
    land = _LAND.fullmatch(token)
    water = _RIVER.fullmatch(token) if river else None
    hex_id = f"{land[1].upper()}{land[2]}" if land else f"r{water[1]}" if water else ""
    return f"hex:{hex_id}" if hex_id in HEXES else None


def _tile(prefix: str, number: str) -> str | None:
    tile = f"{prefix.upper()}{number.lstrip('0')}"
    return f"tile:{tile}" if tile in _TILES.get(prefix.upper(), {}) else None


def _command_targets(text: str) -> list[str | None]:
    words = text.split()
    if not words:
        return []
    verb, rest = words[0].lower(), [w.lower() for w in words[1:]]
    arg = words[1] if len(words) > 1 else ""
    if verb == "build":
        return [_hex(arg)]
    if verb == "upgrade":
        building = _BUILDINGS.get("".join(rest[2:]))
        return [_hex(arg), f"building:{building}" if building not in (None, "D") else None]
    if verb == "transform":
        terrain = _TERRAINS.get(rest[2]) if len(rest) > 2 else None
        return [_hex(arg), f"terrain:{terrain}" if terrain else None]
    if verb in ("bridge", "connect"):
        return [_hex(part, river=verb == "connect") for part in arg.split(":")]
    if verb == "action":
        return [f"action:{arg.upper()}" if arg.upper() in ACTION_IDS else None]
    if verb == "send" and len(rest) > 2:
        cult = _CULTS.get(rest[2])
        steps = rest[4] if len(rest) > 4 and rest[3] == "for" else ""
        if cult is None:
            return []
        return [f"cult:{cult}", f"priest:{cult}:{steps}" if steps in ("1", "2", "3") else None]
    if verb == "advance" and rest:
        track = {"ship": "ship", "shipping": "ship", "dig": "dig", "digging": "dig"}.get(rest[0])
        return [f"track:{track}" if track else None]
    if verb == "pass":
        match = re.fullmatch(r"(BON)([0-9]{1,2})", arg, re.IGNORECASE)
        return [_tile(match[1], match[2]) if match else None]
    if verb in ("leech", "decline") and "from" in rest[:-1]:
        giver = rest[rest.index("from") + 1]
        return [f"{verb}:{giver}" if giver in FACTIONS else None]
    if verb == "setup":
        return [f"faction:{rest[0]}" if rest and rest[0] in FACTIONS else None]
    signed = _SIGNED.fullmatch(words[0]) if len(words) == 1 else None
    if signed is not None:
        word, number = signed[2].upper(), signed[3]
        if word in ("FAV", "TW") and number:
            return [_tile(word, number)]
        cult = _CULTS.get(word.lower())
        return [f"cult:{cult}" if cult and not number else None]
    return []


def targets(action: str) -> list[str]:
    """The click targets of a legal action's text (its `str(action)`): the `data-target`
    values of the elements that action involves, in the order a player would click them
    ([] if none).

    >>> targets("transform E6 to yellow"), targets("bridge F4:G3"), targets("+2TW5")
    (['hex:E6', 'terrain:desert'], ['hex:F4', 'hex:G3'], ['tile:TW5'])
    >>> targets("leech 2 from witches"), targets("setup nomads"), targets("burn 2")
    (['leech:witches'], ['faction:nomads'], [])
    """
    if not isinstance(action, str):
        return []
    found: list[str] = []
    for part in action.split("."):
        for target in _command_targets(part):
            if target is not None and target not in found:
                found.append(target)
    return found
