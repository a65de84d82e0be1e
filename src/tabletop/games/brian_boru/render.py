"""Brian Boru in the terminal: the board, the players and your hand (Rich).

It draws only from a seat's view (``BrianBoruState.view``), so it cannot
show what that seat may not know.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.games.brian_boru.board import REGION_CODES
from tabletop.games.brian_boru.data import ROADS

_STYLE = {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow", "white": "bold white"}
_SEAT_STYLE = ("cyan", "magenta", "green", "bright_red", "bright_blue")
_SYMBOL = {
    "TOWN": "town",
    "COIN": "+coin",
    "PAY": "-coin",
    "CHURCH": "church",
    "RAIDER": "raider",
    "COURT": "court",
    "EXPAND": "expand(5)",
    "FREE_VIKING_TOWN": "free-viking",
}


def _roads() -> dict[str, str]:
    """Roads listed under the region of their first town (static, public data)."""
    out: dict[str, list[str]] = {code: [] for code in REGION_CODES}
    for a, b in ROADS:
        # Within the row's region only town numbers: "1-4"; across: "7-ULA-3".
        out[a[:3]].append(f"{a[4:]}-{b[4:] if a[:3] == b[:3] else b}")
    return {code: " ".join(roads) for code, roads in out.items()}


_ROADS = _roads()


def _seat(seat: int | None) -> Text:
    if seat is None:
        return Text("-", style="dim")
    return Text(f"P{seat + 1}", style=_SEAT_STYLE[seat % len(_SEAT_STYLE)])


def card_text(card: dict[str, Any]) -> Text:
    """``red 11  town +coin +coin | +coin +coin expand(5) / raider raider``."""
    text = Text(f"{card['colour']} {card['value']:>2}", style=_STYLE[card["colour"]])
    text.append("  " + " ".join(_SYMBOL[s] for s in card["primary"]))
    text.append("  |  ", style="dim")
    text.append(" / ".join(" ".join(_SYMBOL[s] for s in o) for o in card["secondary"]))
    return text


def _board(view: dict[str, Any]) -> Table:
    table = Table(title="Ireland", show_lines=False, expand=False)
    table.add_column("region")
    table.add_column("claim")
    table.add_column("towns (r red, b blue, y yellow; then owner; V Viking, M monastery; * active)")
    table.add_column("roads", style="dim")
    active = view["marker"]["town"]
    by_region: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for tid, town in view["towns"].items():
        by_region.setdefault(town["region"], []).append((tid, town))
    for region in view["regions"]:
        claim = region["claim"]
        claim_text = _seat(claim) if isinstance(claim, int) else Text(claim, style="dim")
        cells = Text()
        for tid, town in by_region[region["code"]]:
            # The colour is written (its initial), not only shown: NO_COLOR stays playable.
            cells.append(f"{tid}{town['colour'][0]}", style=_STYLE[town["colour"]])
            cells.append("*" if tid == active else ":")
            if town["disc"] is None:
                cells.append("--", style="dim")
            else:
                cells.append_text(_seat(town["disc"]))
            if town["viking"]:
                cells.append("V", style="bold white on red")
            if town["monastery"]:
                cells.append("M", style="bold")
            cells.append("  ")
        table.add_row(
            f"{region['code']} {region['name']} ({region['threshold']}/{region['points']}VP)",
            claim_text,
            cells,
            _ROADS[region["code"]],
        )
    return table


def _players(view: dict[str, Any]) -> Table:
    table = Table(title="Players")
    for col in ("", "VP", "coins", "renown", "raiders", "church", "marriage", "towns", "hand"):
        table.add_column(col, justify="right")
    table.add_column("claims / marriages")
    holder = view["marker"]["holder"]
    for p in view["players"]:
        name = _seat(p["seat"])
        if p["seat"] == holder:
            name.append(" (marker)", style="bold")
        if p["seat"] == view["seat"]:
            name.append(" you", style="bold reverse")
        extra = ", ".join(p["claims"])
        if p["marriages"]:
            extra += ("; " if extra else "") + ", ".join(p["marriages"])
        if p["princess"]:
            extra += f" [princess: {p['princess']}]"
        table.add_row(
            name,
            str(p["score"]),
            str(p["coins"]),
            str(p["renown"]),
            str(p["raiders"]),
            str(p["church_discs"]),
            str(p["marriage_space"]),
            str(p["towns"]),
            str(p["hand_size"]),
            extra,
        )
    return table


def _status(view: dict[str, Any]) -> Text:
    text = Text()
    text.append(f"Round {view['round']}/{view['rounds']}", style="bold")
    text.append(f"  phase: {view['phase']}")
    text.append(f"  battle area: {view['battle_area']} raiders")
    card = view["marriage"]["card"]
    text.append(f"  marriage card: {card or '-'} ({view['marriage']['deck']} left)")
    plays = view["trick"]["plays"]
    if plays:
        text.append("\ntrick at ")
        text.append(view["marker"]["town"] or "no town")
        text.append(": ")
        for play in plays:
            text.append_text(_seat(play["seat"]))
            text.append(" ")
            text.append(
                f"{play['card']['colour']} {play['card']['value']}  ",
                style=_STYLE[play["card"]["colour"]],
            )
    decision = view["decision"]
    if decision:
        text.append("\nnow: ")
        if "seat" in decision:
            text.append_text(_seat(decision["seat"]))
            text.append(" ")
        text.append(decision["prompt"], style="italic")
        if "card" in decision:
            text.append("\n  card: ")
            text.append_text(card_text(decision["card"]))
    return text


def _hand(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    draft = view.get("draft") or {}
    if draft.get("pile"):
        parts.append(Text("Draft pile:", style="bold"))
        parts.extend(card_text(c) for c in draft["pile"])
    if draft.get("kept"):
        parts.append(Text("Kept so far:", style="bold"))
        parts.extend(card_text(c) for c in draft["kept"])
    if view.get("hand"):
        parts.append(Text("Your hand:", style="bold"))
        parts.extend(card_text(c) for c in view["hand"])
    return Panel(Group(*parts), title="your cards") if parts else Text("")


def _final(view: dict[str, Any]) -> Table:
    table = Table(title="Final scoring")
    keys = ("points", "coins", "marker", "renown", "claims", "regions", "total")
    table.add_column("")
    for k in keys:
        table.add_column(k, justify="right")
    for seat, row in enumerate(view["final"]):
        table.add_row(_seat(seat), *(str(row[k]) for k in keys))
    return table


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [_board(view), Columns([_players(view)]), _status(view)]
    if view.get("seat") is not None:
        parts.append(_hand(view))
    if "final" in view:
        parts.append(_final(view))
    return Group(*parts)
