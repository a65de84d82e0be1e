"""The pages' routes: HTML for people, read through the lobby and the tables' seat views.

Pages only read; every write is a call of the JSON API made by the page's script
(``static/forms.js`` for forms, ``static/table.js`` at a table), which carries the
session's CSRF token from the page's ``<meta name="csrf">``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from tabletop.bots import bot_infos
from tabletop.engine import Record, game_ids, get_game
from tabletop.pages import boards
from tabletop.server import lobby
from tabletop.server.deps import CallerDep, HubDep, SessionDep, csrf_token
from tabletop.server.errors import Forbidden, NoSuchTable
from tabletop.server.routes.play import choose_seat, my_seats, table_state
from tabletop.server.routes.stats import leaderboard, user
from tabletop.store import repository as repo

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
router = APIRouter(include_in_schema=False)

#: Lines of a game's log shown beside the board (the newest).
LOG_LINES = 200


def page(request: Request, name: str, caller: lobby.Caller, **context: Any) -> HTMLResponse:
    """A whole page: every page knows who is signed in and carries the CSRF token."""
    context.update(me=caller.name, signed_in=caller.user_id is not None)
    context["csrf"] = csrf_token(request)
    return templates.TemplateResponse(request, name, context)


def game_names() -> dict[str, str]:
    return {game_id: get_game(game_id).name for game_id in game_ids()}


@router.get("/", response_class=HTMLResponse)
def home(request: Request, session: SessionDep, caller: CallerDep) -> HTMLResponse:
    """The lobby: your tables (your turn first), open tables, games in play, finished."""
    lists = {
        status: [
            lobby.summary(session, caller, row)
            for row in repo.tables_with_status(session, status, 30)
        ]
        for status in (repo.OPEN, repo.PLAYING, repo.FINISHED)
    }
    return page(
        request,
        "home.html",
        caller,
        games=game_names(),
        mine=lobby.my_tables(session, caller),
        lists=lists,
    )


@router.get("/new", response_class=HTMLResponse)
def new_table(request: Request, caller: CallerDep, game: str = "brian-boru") -> HTMLResponse:
    """Create a table of ``game``: its player counts, seats (people, bots, the Automa) and
    options, each field of the option's own type."""
    chosen = get_game(game)
    bots: list[tuple[str, str]] = []
    for info in bot_infos():
        if info.parameter is None:
            bots.append((info.name, f"bot: {info.name}"))
        elif info.name == "automa":
            if "automa" in chosen.options:
                bots += [
                    (f"automa:{level}", f"the Automa: {level}")
                    for level in info.parameter.split("|")
                ]
        else:  # a bot with levels (mcts): its named levels
            bots += [
                (f"{info.name}:{level}", f"bot: {info.name} ({level})")
                for level in info.parameter.split("|")
                if level.isalpha()
            ]
    options = []
    for spec in chosen.options.values():
        if spec.name == "automa":
            continue  # set by an Automa seat
        kind = "bool" if spec.kind is bool else "int" if spec.kind is int else "text"
        options.append({"spec": spec, "kind": kind})
    return page(
        request,
        "new.html",
        caller,
        game=chosen,
        games=game_names(),
        bots=bots,
        options=options,
        most=max(chosen.player_counts),
        least=min(chosen.player_counts),
    )


@router.get("/t/{table_id}", response_class=HTMLResponse)
def table_page(
    request: Request,
    table_id: str,
    session: SessionDep,
    caller: CallerDep,
    hub: HubDep,
    invite: str | None = Query(default=None, max_length=64),
) -> HTMLResponse:
    """A table: its seats before the start; the game (live) once it runs or is over."""
    row = repo.table_by_id(session, table_id)
    if row is None:
        raise NoSuchTable(f"no table {table_id!r}")
    summary = lobby.summary(session, caller, row)
    game = get_game(row.game)
    if row.status == repo.OPEN:
        return page(request, "open_table.html", caller, table=summary, game=game, invite=invite)
    mine = my_seats(hub, caller, table_id)
    return page(
        request,
        "table.html",
        caller,
        table=summary,
        game=game,
        mine=mine,
        names=[seat["name"] or f"seat {seat['seat']}" for seat in summary["seats"]],
    )


@router.get("/t/{table_id}/panel", response_class=HTMLResponse)
def panel(
    request: Request,
    table_id: str,
    caller: CallerDep,
    hub: HubDep,
    seat: int | None = Query(default=None, ge=0, le=7),
) -> HTMLResponse:
    """What the page shows of a table for one seat: the drawings, whose turn and what is
    asked, the legal moves with their click targets, the log, the final score."""
    data = table_state(hub, table_id, my_seats(hub, caller, table_id), seat, labels=True)
    game = data["game"]
    names = hub.live(table_id).table.record.seats
    moves = [
        {"text": text, "label": label, "targets": boards.targets(game, text)}
        for text, label in zip(data["legal"], data.get("labels", data["legal"]), strict=True)
    ]
    view = data["view"]
    log = view.get("log") if isinstance(view, dict) else None
    return templates.TemplateResponse(
        request,
        "panel.html",
        {
            "state": data,
            "names": names,
            "moves": moves,
            "sections": boards.sections(game, view, data["seat"]),
            "log": [str(line) for line in log[-LOG_LINES:]] if isinstance(log, list) else [],
            "breakdown": _breakdown(data.get("outcome")),
        },
    )


def _breakdown(outcome: dict[str, Any] | None) -> list[tuple[str, list[Any]]]:
    if not outcome:
        return []
    rows = outcome.get("details", {}).get("breakdown")
    if not isinstance(rows, list):
        return []
    return [(str(label), list(values)) for label, values in rows]


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
def replay(
    request: Request,
    table_id: str,
    session: SessionDep,
    caller: CallerDep,
    hub: HubDep,
    step: int = Query(default=0, ge=0, le=1_000_000),
    seat: int | None = Query(default=None, ge=0, le=7),
) -> HTMLResponse:
    """A game move by move: a finished game from any seat or as a spectator; a game in
    play only by its players, from their own seat."""
    row = repo.table_by_id(session, table_id)
    if row is None or row.status == repo.OPEN:
        raise NoSuchTable(f"no table {table_id!r} in play")
    live = hub.live(table_id)
    mine = my_seats(hub, caller, table_id)
    with live.lock:
        record = Record.from_json(live.current(reading=True).record.to_json())
    if row.status != repo.FINISHED:
        if not mine:
            raise Forbidden("a game in play is replayed only by its players, from their seat")
        shown = choose_seat(live.table, mine, seat)
    else:
        shown = seat if seat is not None and seat < len(record.seats) else None
    total = len(record.actions)
    step = min(step, total)
    state = record.replay(upto=step)
    view = state.view(shown)
    last = record.actions[step - 1] if step else None
    return page(
        request,
        "replay.html",
        caller,
        table_id=table_id,
        game=get_game(row.game),
        step=step,
        total=total,
        seat=shown,
        seats=list(range(len(record.seats))) if row.status == repo.FINISHED else mine,
        names=record.seats,
        last=last,
        finished=row.status == repo.FINISHED,
        sections=boards.sections(row.game, view, shown),
    )


@router.get("/leaderboard/{game_id}", response_class=HTMLResponse)
def leaderboard_page(
    request: Request, game_id: str, session: SessionDep, caller: CallerDep
) -> HTMLResponse:
    game = get_game(game_id)
    return page(
        request,
        "leaderboard.html",
        caller,
        game=game,
        games=game_names(),
        standings=leaderboard(game_id, session),
        factions=repo.faction_statistics(session, game_id),
    )


@router.get("/u/{name}", response_class=HTMLResponse)
def player_page(
    request: Request, name: str, session: SessionDep, caller: CallerDep
) -> HTMLResponse:
    return page(request, "player.html", caller, player=user(name, session), games=game_names())
