"""Brian Boru drawn as SVG from a seat's view (never from a state).

:func:`sections` is a pure function of a view (``state.view(seat)``, a JSON-like dict)
to ``(heading, svg text)`` pairs, the board first; the documents are built with
ElementTree, so every text from the view is escaped for free.  The board is a
schematic map of Ireland: the eight regions as boxes roughly where they lie, the
towns inside them and the roads as lines (the printed board has no coordinates in
``data``).  Colour is never the only carrier of meaning: each town's colour is also
written under it, discs carry their seat (``P2``), Viking tokens a ``V``,
monasteries an ``M``, the active town a dashed ring; every element has a
``<title>`` and every document a ``<desc>`` that says in words what is where.

Elements a move can be made on are ``<g class="target ..." data-target="KIND:ID"
role="button" tabindex="0" aria-label="...">``; :func:`targets` gives the
``data-target`` values an action's text involves, so that a page narrows the legal
moves to those on what the player clicks:

=====================================  ===========================================
``start NUN-3``, ``lead CON-4``,       ``town:NUN-3`` (a town on the map; also
``expand BRE-1``, ``free CON-3``,      ``lead``, ``expand``, ``free``, ``place``,
``place LEI-3``, ``raze CON-3``,       ``raze`` and ``monastery``)
``monastery CON-3``
``pick 3 17``                          ``card:3``, ``card:17`` (the draft pile)
``play 11``                            ``card:11`` (the hand)
``option 1`` / ``option 2``            ``option:1`` / ``option:2``
``buy 2``                              ``buy:2``
``decline``                            ``decline:expand``
``princess trade``                     ``princess:trade``
=====================================  ===========================================

CSS classes carry the prefix ``bb-`` (``bb-town bb-colour-red``, ``bb-disc bb-seat-1``)
so that the classes of the pages the drawings are inlined in never apply to them; only
``target`` is unprefixed.  Targets are drawn only for a seat (a spectator's drawings
have no buttons); the choices that are not on the map or a card (options, buying,
declining, the princess) only while that seat has the decision.

>>> from tabletop.engine import new_game
>>> state = new_game("brian-boru", 3, {}, 1)
>>> [heading for heading, _ in sections(state.view(0), 0)]
['Ireland', 'Turn and trick', 'Marriage, Vikings and church', 'Players', 'Your cards']
>>> board = sections(state.view(None), None)[0][1]
>>> board.startswith("<svg") and board.count('class="bb-town ') == 53
True
>>> targets("pick 3 17"), targets("lead CON-4"), targets("decline")
(['card:3', 'card:17'], ['town:CON-4'], ['decline:expand'])
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, Final

from tabletop.engine import svg
from tabletop.engine.svg import as_dict, as_int, as_list
from tabletop.games.brian_boru import data

# -- fixed geometry of the schematic map ---------------------------------------------------

BOARD_WIDTH: Final = 620
BOARD_HEIGHT: Final = 760

#: Each region's box (x, y, width, height), roughly where it lies in Ireland.
REGION_BOX: Final[dict[str, tuple[int, int, int, int]]] = {
    "NUN": (110, 20, 270, 190),
    "ULA": (390, 50, 210, 190),
    "BRE": (250, 220, 180, 130),
    "CON": (20, 220, 220, 320),
    "DUB": (450, 250, 150, 150),
    "SUN": (250, 360, 190, 180),
    "LEI": (450, 410, 150, 330),
    "MUN": (20, 550, 420, 190),
}

#: Each town's centre inside its region's box, placed so that roads stay clear of towns.
TOWN_XY: Final[dict[str, tuple[int, int]]] = {
    "NUN-1": (150, 85),
    "NUN-2": (230, 70),
    "NUN-3": (285, 115),
    "NUN-4": (190, 160),
    "NUN-5": (335, 70),
    "NUN-6": (265, 180),
    "NUN-7": (350, 160),
    "ULA-1": (440, 100),
    "ULA-2": (530, 100),
    "ULA-3": (425, 175),
    "ULA-4": (495, 195),
    "ULA-5": (565, 165),
    "BRE-1": (280, 270),
    "BRE-2": (295, 320),
    "BRE-3": (355, 265),
    "BRE-4": (400, 315),
    "SUN-1": (311, 422),
    "SUN-2": (379, 422),
    "SUN-3": (415, 462),
    "SUN-4": (379, 502),
    "SUN-5": (311, 502),
    "SUN-6": (275, 462),
    "DUB-1": (485, 300),
    "DUB-2": (565, 305),
    "DUB-3": (510, 365),
    "CON-1": (60, 275),
    "CON-2": (200, 275),
    "CON-3": (60, 350),
    "CON-4": (125, 390),
    "CON-5": (50, 430),
    "CON-6": (190, 500),
    "CON-7": (175, 430),
    "CON-8": (110, 465),
    "CON-9": (190, 350),
    "LEI-1": (575, 515),
    "LEI-2": (575, 455),
    "LEI-3": (570, 700),
    "LEI-4": (490, 695),
    "LEI-5": (480, 530),
    "LEI-6": (495, 455),
    "LEI-7": (480, 620),
    "LEI-8": (540, 565),
    "LEI-9": (550, 635),
    "MUN-1": (145, 600),
    "MUN-2": (55, 600),
    "MUN-3": (90, 690),
    "MUN-4": (230, 600),
    "MUN-5": (320, 595),
    "MUN-6": (305, 650),
    "MUN-7": (175, 690),
    "MUN-8": (390, 695),
    "MUN-9": (255, 695),
    "MUN-10": (400, 600),
}

TOWN_RADIUS: Final = 15
SEA_FILL: Final = "#d7e8f3"
LAND_FILL: Final = "#e4eed5"
COLOUR_FILL: Final[dict[str, str]] = {
    "red": "#d64541",
    "blue": "#3a78c2",
    "yellow": "#f2c94c",
    "white": "#f7f7f2",
}
#: Disc colours by seat, with the colour of the text written on them (seat 1 is ``P1``).
SEAT_FILL: Final = ("#2e7d32", "#6a1b9a", "#212121", "#fafafa", "#ef6c00")
SEAT_INK: Final = ("#fff", "#fff", "#fff", "#000", "#000")
MAX_SEATS: Final = 10  # any seat number up to this is drawn; colours repeat after five

#: Card symbols in a few words.
SYMBOL_WORDS: Final[dict[str, str]] = {
    data.TOWN: "town",
    data.COIN: "coin",
    data.PAY: "pay",
    data.CHURCH: "church",
    data.RAIDER: "raider",
    data.COURT: "court",
    data.EXPAND: "expand",
    data.FREE_VIKING_TOWN: "free Viking town",
}
#: What buying extras gets, by the decision's symbol.
BUY_WORDS: Final[dict[str, str]] = {
    data.CHURCH: "church discs",
    data.RAIDER: "raiders",
    data.COURT: "steps up the marriage track",
}
PRINCESS_SIDES: Final = ("military", "trade", "spurn")
MAX_BUY_BUTTONS: Final = 60  # as many as the notation allows

_TOWN_IDS: Final = tuple(t[0] for t in data.TOWNS)
_TOWN_SET: Final = frozenset(_TOWN_IDS)
_TOWN_INFO: Final = {t[0]: (t[1], t[2]) for t in data.TOWNS}
_REGION_NAME: Final = {r.code: r.name for r in data.REGIONS}
_CARD_COUNT: Final = len(data.ACTION_CARDS)
_TOWN_WORDS: Final = frozenset(("start", "lead", "expand", "free", "place", "raze", "monastery"))
_NUMBER: Final = re.compile(r"[0-9]{1,3}")
_SAFE_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")


# -- reading a view defensively ------------------------------------------------------------


def _num(value: Any) -> str:
    """A count from the view as text ("?" if it is not a number)."""
    n = as_int(value)
    return str(n) if n is not None else "?"


def _seat(value: Any) -> int | None:
    n = as_int(value)
    return n if n is not None and 0 <= n < MAX_SEATS else None


def _words(value: Any, limit: int = 40) -> str:
    """A text from the view, made safe for XML and short enough to lay out."""
    text = value if isinstance(value, str) else "" if value is None else str(value)
    return svg.shorten(svg.xml_safe(text), limit)


def _who(seat: int | None) -> str:
    return f"P{seat + 1}" if seat is not None else "nobody"


def _town(value: Any) -> str | None:
    return value if isinstance(value, str) and value in _TOWN_SET else None


def _colour(value: Any) -> str | None:
    return value if isinstance(value, str) and value in COLOUR_FILL else None


def _card_value(value: Any) -> int | None:
    n = as_int(value)
    return n if n is not None and 1 <= n <= _CARD_COUNT else None


# -- drawing helpers -----------------------------------------------------------------------


def _cls(words: str) -> str:
    """CSS classes, each with the game's prefix (``town`` becomes ``bb-town``): the
    drawings are inlined in pages whose own classes (``status``, ``card``) must not
    apply to them.  ``target``, which the pages look for, stays as it is."""
    return " ".join(w if w == "target" else f"bb-{w}" for w in words.split())


def _document(width: float, height: float, cls: str, title: str) -> ET.Element:
    root = svg.document(f"bb {cls}", title)
    root.set("viewBox", f"0 0 {width:.0f} {height:.0f}")
    return root


def _finish(root: ET.Element, said: list[str], empty: str) -> str:
    return svg.finish(root, "; ".join(said) if said else empty)


def _text(
    parent: ET.Element,
    x: float,
    y: float,
    words: str,
    *,
    size: float = 11,
    anchor: str = "start",
    cls: str = "label",
    fill: str = "#222",
    bold: bool = False,
) -> ET.Element:
    return svg.text(
        parent, x, y, words, size=size, anchor=anchor, fill=fill, cls=_cls(cls), bold=bold
    )


def _rect(
    parent: ET.Element,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    fill: str,
    cls: str,
    stroke: str = "#555",
    rx: float = 4,
) -> ET.Element:
    return svg.rect(parent, x, y, w, h, fill, stroke=stroke, rx=rx, cls=_cls(cls))


def _group(parent: ET.Element, cls: str, label: str, target: str | None = None) -> ET.Element:
    """A ``<g>`` with a title; a button (``data-target``) when ``target`` is a sound id."""
    if target is not None and not _SAFE_ID.fullmatch(target.partition(":")[2]):
        target = None
    return svg.group(parent, _cls(cls), label, target)


def _disc(parent: ET.Element, x: float, y: float, r: float, seat: int, cls: str) -> None:
    """A player's disc with the seat written on it."""
    ET.SubElement(
        parent,
        "circle",
        {
            "cx": f"{x:.0f}",
            "cy": f"{y:.0f}",
            "r": f"{r:g}",
            "fill": SEAT_FILL[seat % len(SEAT_FILL)],
            "stroke": "#000",
            "stroke-width": "1",
            "class": _cls(f"{cls} seat-{seat}"),
        },
    )
    _text(
        parent,
        x,
        y + r * 0.38,
        _who(seat),
        size=r * 0.95,
        anchor="middle",
        fill=SEAT_INK[seat % len(SEAT_INK)],
        cls="seat-label",
        bold=True,
    )


def _button(
    parent: ET.Element, x: float, y: float, w: float, words: str, label: str, target: str
) -> None:
    group = _group(parent, "choice", label, target)
    _rect(group, x, y, w, 26, fill="#fffbe6", cls="button", stroke="#7a5c00", rx=6)
    _text(group, x + w / 2, y + 17, words, size=11, anchor="middle", cls="button-label")


def _symbols(symbols: Any) -> str:
    """``["COIN", "COIN", "EXPAND"]`` as ``2× coin, expand``."""
    words = [SYMBOL_WORDS.get(s, _words(s, 16)) if isinstance(s, str) else "?" for s in symbols]
    out: list[str] = []
    i = 0
    while i < len(words):
        j = i
        while j < len(words) and words[j] == words[i]:
            j += 1
        out.append(words[i] if j - i == 1 else f"{j - i}× {words[i]}")
        i = j
    return ", ".join(out) if out else "nothing"


def _options(card: dict[str, Any]) -> list[str]:
    return [_symbols(as_list(o)) for o in as_list(card.get("secondary"))[:2]]


def _card_words(card: dict[str, Any]) -> str:
    value = _card_value(card.get("value"))
    colour = _colour(card.get("colour")) or "unknown colour"
    main = _symbols(as_list(card.get("primary")))
    options = " or ".join(_options(card)) or "none"
    return f"{colour} {value if value is not None else '?'} (action: {main}; option: {options})"


CARD_W: Final = 124
CARD_H: Final = 150


def _card(
    parent: ET.Element,
    x: float,
    y: float,
    card_value: Any,
    *,
    clickable: bool,
    note: str = "",
) -> str:
    """Draw one action card; return it in words."""
    card = as_dict(card_value)
    value = _card_value(card.get("value"))
    colour = _colour(card.get("colour"))
    words = _card_words(card)
    label = f"{note}{': ' if note else ''}{words}"
    target = f"card:{value}" if clickable and value is not None else None
    group = _group(parent, f"card colour-{colour or 'unknown'}", label, target)
    if value is not None:
        group.set("data-card", str(value))
    fill = COLOUR_FILL.get(colour or "", "#ccc")
    _rect(group, x, y, CARD_W, CARD_H, fill="#fff", cls="card-face", stroke="#333", rx=8)
    _rect(group, x, y, CARD_W, 30, fill=fill, cls="card-band", stroke="#333", rx=8)
    ink = "#000" if colour in ("yellow", "white", None) else "#fff"
    _text(group, x + 8, y + 22, _num(value), size=18, fill=ink, bold=True, cls="card-value")
    _text(group, x + CARD_W - 8, y + 20, colour or "?", size=11, anchor="end", fill=ink)
    lines = ["action:", *_wrap(_symbols(as_list(card.get("primary"))))]
    for k, option in enumerate(_options(card)):
        lines += [f"option {k + 1}:", *_wrap(option)]
    for k, line in enumerate(lines[:9]):
        heading = line.endswith(":")
        _text(group, x + 8, y + 45 + 12 * k, line, size=10, bold=heading, cls="card-text")
    if note:
        _text(group, x + CARD_W / 2, y + CARD_H + 14, note, size=10, anchor="middle")
    return label


def _wrap(words: str, width: int = 20) -> list[str]:
    lines: list[str] = []
    for part in words.split(", "):
        if lines and len(lines[-1]) + len(part) + 2 <= width:
            lines[-1] += ", " + part
        else:
            lines.append(part)
    return lines


# -- the board -----------------------------------------------------------------------------


def _claim_words(claim: Any) -> tuple[str, int | None]:
    """The claim token's state in words, and its holder."""
    holder = _seat(claim)
    if holder is not None:
        return f"held by {_who(holder)}", holder
    if claim == "face down":
        return "face down", None
    if claim == "on board":
        return "face up on the board", None
    return "unknown", None


def _board(view: dict[str, Any], interactive: bool) -> str:
    root = _document(BOARD_WIDTH, BOARD_HEIGHT, "bb-board", "Brian Boru: the map of Ireland")
    sea = _group(root, "sea-area", "the sea around Ireland")
    _rect(sea, 0, 0, BOARD_WIDTH, BOARD_HEIGHT, fill=SEA_FILL, cls="sea", stroke="none", rx=0)
    towns = as_dict(view.get("towns"))
    marker = as_dict(view.get("marker"))
    active = _town(marker.get("town"))
    regions = {
        code: r
        for r in map(as_dict, as_list(view.get("regions")))
        if isinstance(code := r.get("code"), str)
    }
    said: list[str] = []
    claims: list[str] = []
    labels = ET.Element("g", {"class": _cls("region-labels")})
    for region in data.REGIONS:
        x, y, w, h = REGION_BOX[region.code]
        claim, holder = _claim_words(as_dict(regions.get(region.code)).get("claim"))
        label = (
            f"{region.name} ({region.code}): {region.threshold} towns turn its claim token "
            f"face up; the token is worth {region.points} points and is {claim}"
        )
        group = _group(root, f"region region-{region.code}", label)
        group.set("data-region", region.code)
        _rect(group, x, y, w, h, fill=LAND_FILL, cls="region-box", stroke="#6b8e4e", rx=14)
        # Names and claim tokens go above the roads (drawn later), names with a halo.
        for k, words in enumerate(
            (f"{region.code} {region.name}", f"{region.threshold} towns: {region.points} pts")
        ):
            text = _text(labels, x + 10, y + 15 + 12 * k, words, size=11 - 2 * k, bold=k == 0)
            text.attrib.update({"stroke": LAND_FILL, "stroke-width": "3", "paint-order": "stroke"})
        token = _group(labels, "claim", f"claim token of {region.code}: {claim}")
        token.set("data-region", region.code)
        if holder is not None:
            _disc(token, x + w - 18, y + 17, 11, holder, "claim-disc")
        else:
            face = "?" if claim == "face down" else str(region.points)
            _rect(token, x + w - 30, y + 6, 24, 22, fill="#fff", cls="claim-token", rx=3)
            _text(token, x + w - 18, y + 22, face, size=12, anchor="middle", bold=True)
        claims.append(f"{region.code} {claim}")
    for a, b in data.ROADS:
        (x1, y1), (x2, y2) = TOWN_XY[a], TOWN_XY[b]
        line = ET.SubElement(
            root,
            "line",
            {
                "x1": str(x1),
                "y1": str(y1),
                "x2": str(x2),
                "y2": str(y2),
                "stroke": "#8a6d3b",
                "stroke-width": "3",
                "stroke-dasharray": "6 3",
                "class": _cls("road"),
            },
        )
        ET.SubElement(line, "title").text = f"road {a} to {b}"
    root.append(labels)
    for town_id in _TOWN_IDS:
        region_code, colour = _TOWN_INFO[town_id]
        info = as_dict(towns.get(town_id))
        disc = _seat(info.get("disc"))
        viking = info.get("viking") is True
        monastery = info.get("monastery") is True
        parts = [f"{town_id}, a {colour} town in {_REGION_NAME[region_code]}"]
        held: list[str] = []
        if disc is not None:
            held.append(f"disc of {_who(disc)}")
        if viking:
            held.append("Viking control token")
        if monastery:
            held.append("monastery")
        if town_id == active:
            held.append("the active town marker")
        label = parts[0] + (": " + ", ".join(held) if held else ": empty")
        if held:
            said.append(f"{town_id} ({colour}): " + ", ".join(held))
        target = f"town:{town_id}" if interactive else None
        group = _group(root, f"town colour-{colour}", label, target)
        group.set("data-town", town_id)
        x, y = TOWN_XY[town_id]
        if town_id == active:
            ET.SubElement(
                group,
                "circle",
                {
                    "cx": str(x),
                    "cy": str(y),
                    "r": str(TOWN_RADIUS + 6),
                    "fill": "none",
                    "stroke": "#000",
                    "stroke-width": "3",
                    "stroke-dasharray": "4 3",
                    "class": _cls("active-marker"),
                },
            )
        ET.SubElement(
            group,
            "circle",
            {
                "cx": str(x),
                "cy": str(y),
                "r": str(TOWN_RADIUS),
                "fill": COLOUR_FILL[colour],
                "stroke": "#333",
                "stroke-width": "1.5",
                "class": _cls("town-spot"),
            },
        )
        if disc is not None:
            _disc(group, x, y, 10, disc, "disc")
        if viking:
            _rect(group, x + 7, y - 21, 14, 14, fill="#4e342e", cls="viking", stroke="#000", rx=2)
            _text(group, x + 14, y - 10, "V", size=10, anchor="middle", fill="#fff", bold=True)
        if monastery:
            _rect(group, x - 21, y - 21, 14, 14, fill="#fff", cls="monastery", stroke="#000", rx=2)
            _text(group, x - 14, y - 10, "M", size=10, anchor="middle", bold=True)
        number = town_id.partition("-")[2]
        _text(group, x, y + TOWN_RADIUS + 13, f"{number} {colour}", size=9, anchor="middle")
    holder = _seat(marker.get("holder"))
    if active is not None:
        said.append(f"the active town marker is on {active}, held by {_who(holder)}")
    if not said:
        said.append("no discs or tokens on the map yet")
    said.append("claim tokens: " + ", ".join(claims))
    return _finish(root, said, "")


# -- turn, trick and the seat's choices ----------------------------------------------------


def _turn(view: dict[str, Any], seat: int | None) -> str:
    width = 760
    root = _document(width, 400, "bb-turn", "Brian Boru: the turn and the current trick")
    said: list[str] = []
    phase = _words(view.get("phase"), 20) or "unknown"
    status = f"Round {_num(view.get('round'))} of {_num(view.get('rounds'))}, {phase} phase"
    _text(root, 16, 24, status, size=15, bold=True, cls="status")
    said.append(status)
    decision = as_dict(view.get("decision"))
    decider = _seat(decision.get("seat"))
    prompt = _words(decision.get("prompt"), 90)
    if phase == "over":
        now = "The game is over"
    elif decision:
        now = f"Now {_who(decider) if decider is not None else 'every player'}: {prompt}"
    else:
        now = "Now: the upkeep runs by itself"
    _text(root, 16, 46, now, size=12, cls="prompt")
    said.append(now)
    marker = as_dict(view.get("marker"))
    holder = _seat(marker.get("holder"))
    first = _seat(view.get("first_player"))
    town = _town(marker.get("town"))
    if town is not None:
        colour = _TOWN_INFO[town][1]
        where = f"active town {town} ({colour}): a {colour} or white card leads"
    else:
        where = "no active town"
    line = f"first player {_who(first)}; active town marker held by {_who(holder)}; {where}"
    _text(root, 16, 64, line, size=11)
    said.append(line)
    plays = [as_dict(p) for p in as_list(as_dict(view.get("trick")).get("plays"))]
    y = 84
    if plays:
        _text(root, 16, y + 10, "Cards in this trick:", size=11, bold=True)
        for k, play in enumerate(plays[:6]):
            player = _seat(play.get("seat"))
            note = _who(player) + (" (lead)" if k == 0 else "")
            x = 16 + k * (CARD_W + 8)
            words = _card(root, x, y + 18, play.get("card"), clickable=False, note=note)
            said.append(f"{note} played {words}")
        y += CARD_H + 50
    else:
        _text(root, 16, y + 10, "No cards in this trick", size=11)
        said.append("no cards in this trick")
        y += 24
    ours = seat is not None and decider == seat
    kind = decision.get("kind")
    if ours and kind == "option":
        card = as_dict(decision.get("card"))
        options = _options(card)
        _text(root, 16, y + 8, "Choose your card's option:", size=12, bold=True)
        for k in range(2):
            words = options[k] if k < len(options) else "nothing"
            _button(
                root,
                16 + k * 250,
                y + 16,
                240,
                f"option {k + 1}: {words}",
                f"option {k + 1} of your card: {words}",
                f"option:{k + 1}",
            )
        y += 52
    elif ours and kind == "buy":
        symbol = decision.get("symbol")
        what = BUY_WORDS.get(symbol, "extras") if isinstance(symbol, str) else "extras"
        most = _buy_limit(view, seat, symbol)
        _text(root, 16, y + 8, f"Buy {what} at {data.EXTRA_COST} coins each:", size=12, bold=True)
        for n in range(most + 1):
            row, col = divmod(n, 12)
            _button(
                root,
                16 + col * 60,
                y + 16 + row * 32,
                54,
                f"buy {n}",
                f"buy {n} {what} for {n * data.EXTRA_COST} coins",
                f"buy:{n}",
            )
        y += 20 + 32 * (most // 12 + 1)
    elif ours and kind == "expand":
        _text(root, 16, y + 8, "Click a town one road away, or:", size=12, bold=True)
        _button(root, 16, y + 16, 200, "decline to expand", "decline to expand", "decline:expand")
        y += 52
    elif ours and kind == "princess":
        _text(root, 16, y + 8, f"You marry {data.PRINCESS}; choose her side:", size=12, bold=True)
        for k, side in enumerate(PRINCESS_SIDES):
            words = f"spurn her ({data.PRINCESS_SPURN_POINTS} points)" if side == "spurn" else side
            _button(
                root, 16 + k * 200, y + 16, 190, words, f"princess: {words}", f"princess:{side}"
            )
        y += 52
    elif ours and isinstance(kind, str) and kind in _TOWN_WORDS:
        _text(root, 16, y + 8, "Click a town on the map", size=12, bold=True)
        y += 20
    root.set("viewBox", f"0 0 {width} {y + 8}")
    return _finish(root, said, "")


def _buy_limit(view: dict[str, Any], seat: int | None, symbol: Any) -> int:
    """How many extras the seat can afford (capped as the game caps them)."""
    players = [as_dict(p) for p in as_list(view.get("players"))]
    me = next((p for p in players if p.get("seat") == seat), {})
    most = (as_int(me.get("coins")) or 0) // data.EXTRA_COST
    if symbol == data.RAIDER:
        most = min(most, as_int(view.get("battle_area")) or 0)
    elif symbol == data.COURT:
        most = min(most, data.TRACK_TOP - (as_int(me.get("marriage_space")) or data.TRACK_TOP))
    return max(0, min(most, MAX_BUY_BUTTONS))


# -- marriage track, Vikings, church -------------------------------------------------------


def _track(view: dict[str, Any]) -> str:
    width = 760
    root = _document(width, 330, "bb-track", "Brian Boru: marriage, Vikings and church")
    said: list[str] = []
    players = [as_dict(p) for p in as_list(view.get("players"))]
    seated = [(s, p) for p in players if (s := _seat(p.get("seat"))) is not None]
    _text(root, 16, 22, "Marriage track", size=13, bold=True)
    on_space: dict[int, list[int]] = {}
    for s, p in seated:
        space = as_int(p.get("marriage_space"))
        if space is not None and 1 <= space <= data.TRACK_TOP:
            on_space.setdefault(space, []).append(s)
    for space in range(1, data.TRACK_TOP + 1):
        x = 16 + (space - 1) * 72
        reward = []
        if data.TRACK_COINS[space]:
            reward.append(f"+{data.TRACK_COINS[space]} coin")
        if data.TRACK_RENOWN[space]:
            reward.append(f"+{data.TRACK_RENOWN[space]} renown")
        if space == data.TRACK_TOWN_SPACE:
            reward.append("a town")
        who = on_space.get(space, [])
        label = f"marriage track space {space}" + (f" ({', '.join(reward)})" if reward else "")
        label += ": " + (", ".join(_who(s) for s in who) if who else "empty")
        group = _group(root, "track-space", label)
        _rect(group, x, 30, 66, 96, fill="#f3e9d2", cls="space", stroke="#8a6d3b")
        _text(group, x + 6, 46, str(space), size=12, bold=True)
        _text(group, x + 62, 46, " ".join(reward), size=8, anchor="end")
        for k, s in enumerate(who[:6]):
            _disc(group, x + 17 + (k % 2) * 32, 66 + (k // 2) * 26, 11, s, "court-disc")
        if who:
            said.append(f"{', '.join(_who(s) for s in who)} on marriage space {space}")
    marriage = as_dict(view.get("marriage"))
    card = marriage.get("card")
    card_words = _words(card, 40) if card is not None else "none"
    line = f"Marriage card on offer: {card_words}; {_num(marriage.get('deck'))} face down"
    _text(root, 16, 146, line, size=11)
    said.append(line)
    _text(root, 16, 178, "Vikings", size=13, bold=True)
    revealed = as_list(view.get("vikings_revealed"))
    for k, strength in enumerate(revealed[:8]):
        x = 16 + k * 48
        group = _group(root, "viking-card", f"Viking card of strength {_num(strength)}")
        _rect(group, x, 186, 42, 56, fill="#4e342e", cls="viking-face", stroke="#000")
        _text(group, x + 21, 220, _num(strength), size=16, anchor="middle", fill="#fff", bold=True)
    x = 16 + min(len(revealed), 8) * 48
    line = (
        f"revealed strengths: {', '.join(_num(v) for v in revealed) or 'none'}; "
        f"{_num(view.get('viking_deck'))} cards face down; "
        f"{_num(view.get('battle_area'))} raiders in the battle area"
    )
    _text(root, x + 4, 210, f"{_num(view.get('viking_deck'))} face down", size=11)
    _text(root, x + 4, 228, f"battle area: {_num(view.get('battle_area'))} raiders", size=11)
    said.append("Vikings: " + line)
    _text(root, 16, 270, "Raiders and church discs", size=13, bold=True)
    for k, (s, p) in enumerate(seated[:8]):
        x = 16 + k * 148
        raiders, church = _num(p.get("raiders")), _num(p.get("church_discs"))
        words = f"{_who(s)}: {raiders} raiders, {church} church discs"
        group = _group(root, "player-military", words)
        _disc(group, x + 12, 292, 11, s, "seat-disc")
        _text(group, x + 28, 290, f"{raiders} raiders", size=11)
        _text(group, x + 28, 305, f"{church} church discs", size=11)
        said.append(words)
    note = f"{data.MONASTERY_DISCS} church discs let a player place a monastery"
    _text(root, 16, 325, note, size=9)
    return _finish(root, said, "")


# -- players -------------------------------------------------------------------------------

_COLUMNS: Final = (
    ("score", "points"),
    ("coins", "coins"),
    ("renown", "renown"),
    ("raiders", "raiders"),
    ("church_discs", "church"),
    ("marriage_space", "track"),
    ("towns", "towns"),
    ("hand_size", "cards"),
)


def _players(view: dict[str, Any], seat: int | None) -> str:
    players = [as_dict(p) for p in as_list(view.get("players"))][:MAX_SEATS]
    final = as_list(view.get("final"))
    width = 900
    height = 44 + 40 * max(len(players), 1)
    root = _document(width, height, "bb-players", "Brian Boru: the players")
    said: list[str] = []
    _text(root, 16, 20, "player", size=11, bold=True)
    for k, (_, heading) in enumerate(_COLUMNS):
        _text(root, 150 + k * 56, 20, heading, size=11, anchor="middle", bold=True)
    _text(
        root, 600, 20, "claims, marriages" + (", final total" if final else ""), size=11, bold=True
    )
    marker = _seat(as_dict(view.get("marker")).get("holder"))
    first = _seat(view.get("first_player"))
    moving = {s for s in map(_seat, as_list(view.get("to_move"))) if s is not None}
    for row, p in enumerate(players):
        y = 44 + 40 * row
        s = _seat(p.get("seat"))
        name = _words(p.get("name"), 16) or _who(s)
        tags = [
            tag
            for tag, on in (
                ("you", s is not None and s == seat),
                ("to move", s in moving),
                ("first", s is not None and s == first),
                ("marker", s is not None and s == marker),
            )
            if on
        ]
        values = [_num(p.get(key)) for key, _ in _COLUMNS]
        claims = [_words(c, 8) for c in as_list(p.get("claims"))]
        marriages = [_words(m, 30) for m in as_list(p.get("marriages"))]
        princess = p.get("princess")
        if isinstance(princess, str):
            marriages.append(f"princess: {_words(princess, 12)}")
        extra = "claims " + (", ".join(claims) or "none")
        extra += "; " + (", ".join(marriages) if marriages else "unmarried")
        total = as_dict(final[row]).get("total") if row < len(final) else None
        if final:
            extra += f"; final {_num(total)}"
        words = f"{name} ({_who(s)}{', ' + ', '.join(tags) if tags else ''}): " + ", ".join(
            f"{v} {h}" for v, (_, h) in zip(values, _COLUMNS, strict=True)
        )
        words += f"; {extra}"
        group = _group(root, "player" + (" you" if "you" in tags else ""), words)
        if s is not None:
            group.set("data-seat", str(s))
            _disc(group, 28, y - 4, 12, s, "seat-disc")
        _rect(group, 4, y - 22, width - 8, 36, fill="none", cls="row", stroke="#ccc")
        _text(group, 46, y - 4, name, size=12, bold="you" in tags)
        _text(group, 46, y + 9, ", ".join(tags), size=9)
        for k, value in enumerate(values):
            _text(group, 150 + k * 56, y, value, size=12, anchor="middle")
        _text(group, 600, y, _words(extra, 52), size=10)
        said.append(words)
    return _finish(root, said, "no players")


# -- the seat's own cards ------------------------------------------------------------------


def _hand(view: dict[str, Any]) -> str:
    draft = as_dict(view.get("draft"))
    rows: list[tuple[str, list[Any], bool]] = [
        ("Draft pile: keep two", as_list(draft.get("pile")), True),
        ("Kept in the draft", as_list(draft.get("kept")), False),
        ("Your hand", as_list(view.get("hand")), True),
    ]
    rows = [r for r in rows if r[1]] or [("Your hand", [], False)]
    per_row = 8
    widest = max(3, *(min(len(cards), per_row) for _, cards, _ in rows))
    width = 16 + widest * (CARD_W + 8)
    root = _document(width, 400, "bb-hand", "Brian Boru: your cards")
    said: list[str] = []
    y = 8
    for heading, cards, clickable in rows:
        _text(root, 16, y + 14, heading if cards else "No cards in your hand", size=13, bold=True)
        y += 22
        for k, card in enumerate(cards[:24]):
            row, col = divmod(k, per_row)
            words = _card(
                root, 16 + col * (CARD_W + 8), y + row * (CARD_H + 10), card, clickable=clickable
            )
            said.append(f"{heading.split(':')[0].lower()}: {words}")
        y += (CARD_H + 10) * ((min(len(cards), 24) + per_row - 1) // per_row) + 6
    root.set("viewBox", f"0 0 {width} {y + 4}")
    return _finish(root, said, "no cards in your hand")


# -- the public interface ------------------------------------------------------------------


def sections(view: dict[str, Any], seat: int | None) -> list[tuple[str, str]]:
    """The table drawn for `seat` (None: a spectator): (heading, svg document text) pairs, the
    board first."""
    view = as_dict(view)
    me = _seat(seat)
    out = [
        ("Ireland", _board(view, me is not None)),
        ("Turn and trick", _turn(view, me)),
        ("Marriage, Vikings and church", _track(view)),
        ("Players", _players(view, me)),
    ]
    holds_hand = "hand" in view or "draft" in view
    if me is not None and holds_hand and view.get("seat", me) == me:
        out.append(("Your cards", _hand(view)))
    return out


def targets(action: str) -> list[str]:
    """The click targets of a legal action's text (its `str(action)`): the `data-target` values
    of the elements that action involves, in the order a player would click them ([] if none)."""
    if not isinstance(action, str):
        return []
    words = action.split()
    if not words:
        return []
    word, args = words[0].lower(), words[1:]
    if word in _TOWN_WORDS and len(args) == 1:
        town = args[0].upper()
        return [f"town:{town}"] if town in _TOWN_SET else []
    if word in ("play", "pick") and len(args) == (1 if word == "play" else 2):
        values = [int(a) for a in args if _NUMBER.fullmatch(a)]
        if len(values) == len(args) and all(1 <= v <= _CARD_COUNT for v in values):
            return [f"card:{v}" for v in values]
        return []
    if word == "option" and args in (["1"], ["2"]):
        return [f"option:{args[0]}"]
    if word == "buy" and len(args) == 1 and _NUMBER.fullmatch(args[0]):
        return [f"buy:{int(args[0])}"]
    if word == "decline" and not args:
        return ["decline:expand"]
    if word == "princess" and len(args) == 1 and args[0].lower() in PRINCESS_SIDES:
        return [f"princess:{args[0].lower()}"]
    return []
