"""The database schema (SQLAlchemy 2 declarative models).

A game is kept as what replays it: its setup (``tables.setup``, seed included, never
served while the game runs) and one row per journal entry (``entries``, primary key
``(table_id, seq)``, so a sequence number is taken at most once even when two server
processes race).  ``snapshots`` only cache a table's state so that loading a long game
does not replay it from the start; dropping them loses nothing.  The other columns of
``tables`` (``seq``, ``to_move``, ``status`` ...) are summaries for the lobby's lists.

``messages`` is each table's chat.

Every schema change is an Alembic migration in ``store/migrations/versions``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Longest account name.
NAME_LENGTH = 32
#: Longest chat message.
CHAT_LENGTH = 500


class Base(DeclarativeBase):
    pass


class User(Base):
    """An account: a person who signed up (guests have none)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created: Mapped[float] = mapped_column(Float)


class TableRow(Base):
    """A table: one game from the lobby to its end."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    #: ``open`` (seats being taken), ``playing``, ``finished``.
    status: Mapped[str] = mapped_column(String(16), index=True)
    #: The table service's TableSetup as JSON (seed included: never leaves the server).
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    #: The secret of the table's invite link (guests join by it).
    invite: Mapped[str] = mapped_column(String(64), unique=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[float] = mapped_column(Float)
    started: Mapped[float | None] = mapped_column(Float)
    finished: Mapped[float | None] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    #: Journal entries so far, and the seats awaited after the last one (lists).
    seq: Mapped[int] = mapped_column(Integer, default=0)
    to_move: Mapped[list[Any]] = mapped_column(JSON, default=list)
    #: Final scores and ranks (``{"scores": [...], "ranks": [...], "details": {...}}``).
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON)


class SeatRow(Base):
    """Who holds a seat of a table: a bot, an account, a guest (by invite), or nobody yet."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``person`` or ``bot``.
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(64))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    #: A guest's display name and the hash of their seat key (guests have no account).
    guest_name: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    guest_key_hash: Mapped[str | None] = mapped_column(String(128))


class EntryRow(Base):
    """One journal entry of a table (a move, an undo, a resignation, away/back)."""

    __tablename__ = "entries"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class SnapshotRow(Base):
    """A cached table state after entry ``seq`` (loading replays only what follows)."""

    __tablename__ = "snapshots"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class RatingRow(Base):
    """An account's OpenSkill rating in one game (rated tables with people only)."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class ResultRow(Base):
    """One seat's result in a finished table (per-faction statistics, a player's page)."""

    __tablename__ = "results"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    #: The seat's faction where the game has factions (Terra Mystica, Scythe), else null.
    faction: Mapped[str | None] = mapped_column(String(32))
    score: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)


class MessageRow(Base):
    """A line of a table's chat, kept with the game."""

    __tablename__ = "messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    #: The author's account or guest name, as shown.
    author: Mapped[str] = mapped_column(String(NAME_LENGTH))
    text: Mapped[str] = mapped_column(String(CHAT_LENGTH))
    at: Mapped[float] = mapped_column(Float)


Index("ix_results_game_faction", ResultRow.game, ResultRow.faction)
