"""The lobby: accounts, creating tables, taking seats, starting, listing; and who may act.

These functions hold the rules of the lobby and know nothing of HTTP: the routes call
them with a :class:`Caller` (who is asking, from the session cookie) and turn their
errors into responses.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pwdlib import PasswordHash
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tabletop.engine import OptionError, Seat, TabletopError, get_game
from tabletop.server.errors import AuthError, Conflict, Forbidden, NoSuchTable
from tabletop.server.schemas import NewTable
from tabletop.store import repository as repo
from tabletop.store.models import SeatRow, TableRow, User
from tabletop.table import SeatSpec, TableError, TableSetup, TimeControl, game_options

_hasher = PasswordHash.recommended()  # argon2id


@dataclass
class Caller:
    """Who sends a request: an account (``user_id``), and the seats they hold as a guest
    (``guest``: table id to seats, kept in their signed session cookie)."""

    user_id: int | None = None
    name: str | None = None
    guest: dict[str, list[int]] = field(default_factory=dict)

    def seats_at(self, table_id: str, seats: Sequence[SeatRow]) -> list[Seat]:
        mine = set(self.guest.get(table_id, ()))
        if self.user_id is not None:
            mine |= {row.seat for row in seats if row.user_id == self.user_id}
        return sorted(mine)


# -- accounts -------------------------------------------------------------------------------
def sign_up(session: Session, name: str, password: str, now: float) -> User:
    if repo.user_by_name(session, name) is not None:
        raise Conflict(f"the name {name!r} is taken")
    try:
        return repo.add_user(session, name, _hasher.hash(password), now)
    except IntegrityError:
        raise Conflict(f"the name {name!r} is taken") from None


def log_in(session: Session, name: str, password: str) -> User:
    user = repo.user_by_name(session, name)
    # Verify even for an unknown name, so timing does not tell which names exist.
    hashed = user.password_hash if user is not None else _DUMMY_HASH
    if not _hasher.verify(password, hashed) or user is None:
        raise AuthError("wrong name or password")
    return user


_DUMMY_HASH = _hasher.hash("not a password of anyone")


# -- tables ---------------------------------------------------------------------------------
def _seat_specs(rows: Sequence[SeatRow], names: dict[int, str]) -> tuple[SeatSpec, ...]:
    specs = []
    for row in rows:
        if row.kind == "bot":
            specs.append(SeatSpec.bot(row.bot or ""))
        elif row.user_id is not None:
            specs.append(SeatSpec.person(names.get(row.user_id, f"player {row.seat}")))
        else:
            specs.append(SeatSpec.person(row.guest_name or ""))
    return tuple(specs)


def create_table(session: Session, caller: Caller, body: NewTable, now: float) -> TableRow:
    """A new open table; the caller sits in every ``me`` seat."""
    if caller.user_id is None:
        raise AuthError("sign in to create a table")
    try:
        game = get_game(body.game)
    except TabletopError as exc:
        raise TableError(str(exc)) from None
    clock = TimeControl.parse(body.time_control)
    specs = []
    for seat in body.seats:
        if seat.kind == "bot":
            if not seat.name:
                raise TableError("a bot seat names its bot")
            specs.append(SeatSpec.bot(seat.name))
        else:
            specs.append(SeatSpec.person(caller.name or "" if seat.kind == "me" else ""))
    setup = TableSetup(
        game.id, tuple(specs), 0, dict(body.options), clock, undo=body.undo, rated=body.rated
    )
    try:
        game.check_setup(len(specs), game_options(setup))  # bad options fail now, not at start
    except OptionError as exc:
        raise TableError(str(exc)) from None
    table_id = secrets.token_urlsafe(9)
    row = TableRow(
        id=table_id,
        game=game.id,
        status=repo.OPEN,
        setup=setup.to_json(),
        owner_id=caller.user_id,
        invite=secrets.token_urlsafe(24),
        rated=body.rated,
        created=now,
        updated=now,
        seq=0,
        to_move=[],
    )
    seats = [
        SeatRow(
            table_id=table_id,
            seat=index,
            kind="bot" if request.kind == "bot" else "person",
            bot=request.name if request.kind == "bot" else None,
            user_id=caller.user_id if request.kind == "me" else None,
        )
        for index, request in enumerate(body.seats)
    ]
    return repo.add_table(session, row, seats)


def _table(session: Session, table_id: str) -> TableRow:
    row = repo.table_by_id(session, table_id)
    if row is None:
        raise NoSuchTable(f"no table {table_id!r}")
    return row


def join(
    session: Session,
    caller: Caller,
    table_id: str,
    seat: int | None,
    invite: str | None,
    guest_name: str | None,
) -> int:
    """Take an open seat (the first one if ``seat`` is None); returns it.  Accounts may
    join any open table; guests need the invite secret and a name."""
    row = _table(session, table_id)
    if row.status != repo.OPEN:
        raise Conflict("the game has started: its seats are taken")
    if caller.user_id is None:
        if invite is None or not secrets.compare_digest(invite, row.invite):
            raise AuthError("guests join a table by its invite link; sign in to join otherwise")
        if not guest_name:
            raise TableError("a guest gives a name to sit at a table")
    rows = repo.seats_of(session, table_id)
    open_seats = [r for r in rows if r.kind == "person" and r.user_id is None and not r.guest_name]
    chosen = open_seats[0] if seat is None and open_seats else None
    if seat is not None:
        chosen = next((r for r in open_seats if r.seat == seat), None)
    if chosen is None:
        raise Conflict("no such open seat at this table" if seat is not None else "no open seat")
    if caller.user_id is not None:
        chosen.user_id = caller.user_id
    else:
        chosen.guest_name = guest_name
        caller.guest.setdefault(table_id, []).append(chosen.seat)
    row.updated = max(row.updated, row.created)
    return chosen.seat


def leave(session: Session, caller: Caller, table_id: str, seat: int) -> None:
    """Give a seat back before the game starts."""
    row = _table(session, table_id)
    if row.status != repo.OPEN:
        raise Conflict("the game has started: resign instead")
    rows = repo.seats_of(session, table_id)
    if seat not in caller.seats_at(table_id, rows):
        raise Forbidden("that seat is not yours")
    target = rows[seat]
    target.user_id = None
    target.guest_name = None
    if table_id in caller.guest and seat in caller.guest[table_id]:
        caller.guest[table_id].remove(seat)


def start(session: Session, caller: Caller, table_id: str, now: float) -> TableRow:
    """The owner starts a full table: the seed is drawn now and never leaves the server."""
    row = _table(session, table_id)
    if row.owner_id is None or row.owner_id != caller.user_id:
        raise Forbidden("only the table's creator starts it")
    if row.status != repo.OPEN:
        raise Conflict("the game has already started")
    rows = repo.seats_of(session, table_id)
    if any(r.kind == "person" and r.user_id is None and not r.guest_name for r in rows):
        raise Conflict("every seat must be taken before the start")
    names = repo.names_by_id(session, [r.user_id for r in rows if r.user_id is not None])
    setup = TableSetup.from_json(row.setup)
    setup = TableSetup(
        setup.game,
        _seat_specs(rows, names),
        secrets.randbits(63),
        setup.options,
        setup.time_control,
        undo=setup.undo,
        stand_in=setup.stand_in,
        rated=setup.rated,
    )
    row.setup = setup.to_json()
    row.status = repo.PLAYING
    row.started = row.updated = now
    return row


# -- what a caller may see ------------------------------------------------------------------
def summary(session: Session, caller: Caller, row: TableRow) -> dict[str, Any]:
    """A table as listed in the lobby (never its seed)."""
    rows = repo.seats_of(session, row.id)
    names = repo.names_by_id(session, [r.user_id for r in rows if r.user_id is not None])
    setup = row.setup
    mine = caller.seats_at(row.id, rows)
    seats = []
    for r in rows:
        if r.kind == "bot":
            name = r.bot
        else:
            name = names.get(r.user_id) if r.user_id is not None else r.guest_name
        seats.append(
            {"seat": r.seat, "kind": r.kind, "name": name, "open": r.kind == "person" and not name}
        )
    data: dict[str, Any] = {
        "id": row.id,
        "game": row.game,
        "status": row.status,
        "players": len(rows),
        "seats": seats,
        "options": setup.get("options", {}),
        "time_control": setup.get("time_control", "none"),
        "undo": setup.get("undo", True),
        "rated": row.rated,
        "seq": row.seq,
        "to_move": list(row.to_move),
        "your_seats": mine,
        "your_turn": row.status == repo.PLAYING and bool(set(mine) & set(row.to_move)),
        "created": row.created,
        "updated": row.updated,
    }
    if row.owner_id is not None and row.owner_id == caller.user_id:
        data["invite"] = row.invite
    if row.outcome is not None:
        data["outcome"] = {"scores": row.outcome["scores"], "ranks": row.outcome["ranks"]}
    return data


def my_tables(session: Session, caller: Caller) -> list[dict[str, Any]]:
    """The caller's tables: those where it is their turn first, then the others in play,
    then open ones, then finished ones (newest first within each)."""
    rows: dict[str, TableRow] = {}
    if caller.user_id is not None:
        rows.update((r.id, r) for r in repo.tables_of_user(session, caller.user_id))
    for table_id in caller.guest:
        found = repo.table_by_id(session, table_id)
        if found is not None:
            rows[table_id] = found
    listed = [summary(session, caller, row) for row in rows.values()]
    order = {repo.PLAYING: 1, repo.OPEN: 2, repo.FINISHED: 3}
    listed.sort(key=lambda t: (0 if t["your_turn"] else order[t["status"]], -t["updated"]))
    return listed
