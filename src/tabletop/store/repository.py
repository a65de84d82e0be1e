"""What the server reads and writes, as plain functions over a SQLAlchemy session.

The caller owns the transaction (``with sessions.begin() as session: ...``); nothing here
commits.  Journal entries are written by :class:`tabletop.store.journal.SqlJournal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import case, delete, func, select
from sqlalchemy.orm import Session

from tabletop.store.models import (
    MessageRow,
    RatingRow,
    ResultRow,
    SeatRow,
    SnapshotRow,
    TableRow,
    User,
)

#: Table statuses, in the order a table goes through them.
OPEN, PLAYING, FINISHED = "open", "playing", "finished"


# -- accounts -------------------------------------------------------------------------------
def add_user(session: Session, name: str, password_hash: str, now: float) -> User:
    user = User(name=name, password_hash=password_hash, created=now)
    session.add(user)
    session.flush()
    return user


def user_by_name(session: Session, name: str) -> User | None:
    return session.scalar(select(User).where(func.lower(User.name) == name.lower()))


def user_by_id(session: Session, user_id: int) -> User | None:
    return session.get(User, user_id)


# -- tables ---------------------------------------------------------------------------------
def add_table(session: Session, row: TableRow, seats: Sequence[SeatRow]) -> TableRow:
    session.add(row)
    session.flush()
    session.add_all(seats)
    session.flush()
    return row


def table_by_id(session: Session, table_id: str) -> TableRow | None:
    return session.get(TableRow, table_id)


def table_by_invite(session: Session, invite: str) -> TableRow | None:
    return session.scalar(select(TableRow).where(TableRow.invite == invite))


def seats_of(session: Session, table_id: str) -> list[SeatRow]:
    return list(
        session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
    )


def names_by_id(session: Session, user_ids: Sequence[int]) -> dict[int, str]:
    if not user_ids:
        return {}
    rows = session.execute(select(User.id, User.name).where(User.id.in_(user_ids)))
    return {user_id: name for user_id, name in rows}


def tables_with_status(session: Session, status: str, limit: int = 100) -> list[TableRow]:
    newest = TableRow.updated.desc()
    return list(
        session.scalars(
            select(TableRow).where(TableRow.status == status).order_by(newest).limit(limit)
        )
    )


def tables_of_user(session: Session, user_id: int, limit: int = 200) -> list[TableRow]:
    seated = select(SeatRow.table_id).where(SeatRow.user_id == user_id)
    return list(
        session.scalars(
            select(TableRow)
            .where(TableRow.id.in_(seated))
            .order_by(TableRow.updated.desc())
            .limit(limit)
        )
    )


def tables_in_play(session: Session) -> list[str]:
    """Ids of the tables being played (the server resumes their bots and clocks)."""
    return list(session.scalars(select(TableRow.id).where(TableRow.status == PLAYING)))


# -- snapshots ------------------------------------------------------------------------------
def save_snapshot(session: Session, table_id: str, seq: int, data: dict[str, Any]) -> None:
    """Keep one snapshot per table: the newest."""
    session.execute(delete(SnapshotRow).where(SnapshotRow.table_id == table_id))
    session.add(SnapshotRow(table_id=table_id, seq=seq, data=data))


def latest_snapshot(session: Session, table_id: str) -> dict[str, Any] | None:
    row = session.scalar(
        select(SnapshotRow).where(SnapshotRow.table_id == table_id).order_by(SnapshotRow.seq.desc())
    )
    return None if row is None else row.data


# -- results and ratings --------------------------------------------------------------------
@dataclass(frozen=True)
class Standing:
    """A line of a leaderboard."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative rating shown (mu - 3 sigma), as OpenSkill's ``ordinal``."""
        return self.mu - 3 * self.sigma


def add_results(session: Session, rows: Sequence[ResultRow]) -> None:
    session.add_all(rows)


def rating_of(session: Session, user_id: int, game: str) -> RatingRow | None:
    return session.get(RatingRow, (user_id, game))


def set_rating(session: Session, user_id: int, game: str, mu: float, sigma: float) -> None:
    row = rating_of(session, user_id, game)
    if row is None:
        session.add(RatingRow(user_id=user_id, game=game, mu=mu, sigma=sigma, games=1))
    else:
        row.mu, row.sigma, row.games = mu, sigma, row.games + 1


def leaderboard(session: Session, game: str, limit: int = 100) -> list[Standing]:
    rows = session.execute(
        select(User.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
        .join(User, User.id == RatingRow.user_id)
        .where(RatingRow.game == game)
        .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc())
        .limit(limit)
    )
    return [Standing(name, mu, sigma, games) for name, mu, sigma, games in rows]


def faction_statistics(session: Session, game: str) -> list[dict[str, Any]]:
    """Per faction: games, wins, mean score and mean rank over finished tables."""
    rows = session.execute(
        select(
            ResultRow.faction,
            func.count(),
            func.sum(case((ResultRow.rank == 1, 1), else_=0)),
            func.avg(ResultRow.score),
            func.avg(ResultRow.rank),
        )
        .where(ResultRow.game == game, ResultRow.faction.is_not(None))
        .group_by(ResultRow.faction)
        .order_by(ResultRow.faction)
    )
    return [
        {
            "faction": faction,
            "games": games,
            "wins": int(wins or 0),
            "mean_score": round(float(score), 2),
            "mean_rank": round(float(rank), 2),
        }
        for faction, games, wins, score, rank in rows
    ]


def results_of_user(session: Session, user_id: int, limit: int = 100) -> list[ResultRow]:
    return list(
        session.scalars(
            select(ResultRow)
            .where(ResultRow.user_id == user_id)
            .order_by(ResultRow.table_id)
            .limit(limit)
        )
    )


def add_message(session: Session, table_id: str, author: str, text: str, now: float) -> MessageRow:
    row = MessageRow(table_id=table_id, author=author, text=text, at=now)
    session.add(row)
    session.flush()
    return row


def messages_of(
    session: Session, table_id: str, after: int = 0, limit: int = 200
) -> list[MessageRow]:
    """The table's chat after message ``after``, oldest first (at most ``limit``: the newest)."""
    newest = (
        select(MessageRow)
        .where(MessageRow.table_id == table_id, MessageRow.id > after)
        .order_by(MessageRow.id.desc())
        .limit(limit)
    )
    return sorted(session.scalars(newest), key=lambda row: row.id)


def last_message_id(session: Session, table_id: str) -> int:
    found = session.scalar(select(func.max(MessageRow.id)).where(MessageRow.table_id == table_id))
    return int(found or 0)
