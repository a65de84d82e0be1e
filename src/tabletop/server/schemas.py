"""Request bodies of the API (pydantic models: their limits are the API's documented ones)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.store.models import CHAT_LENGTH

#: Account names: letters, digits, ``_``, ``-`` and ``.``, 2 to 32 characters.
NAME_PATTERN = r"^[A-Za-z0-9_.-]{2,32}$"


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Credentials(Body):
    name: str = Field(pattern=NAME_PATTERN)
    password: str = Field(min_length=8, max_length=256)


class SeatRequest(Body):
    """A seat of a new table: ``me`` (the creator sits there; several ``me`` make a hot
    seat), ``open`` (for anyone to join) or ``bot`` (``name``: a bot such as ``greedy`` or
    ``automa:automaszyna``)."""

    kind: Literal["me", "open", "bot"]
    name: str | None = Field(default=None, max_length=64)


class NewTable(Body):
    game: str = Field(max_length=32)
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    rated: bool = False
    #: ``none``, ``move:3d`` or ``game:30m+10s``.
    time_control: str = Field(default="none", max_length=32)
    undo: bool = True


class Join(Body):
    seat: int | None = Field(default=None, ge=0, le=7)
    #: The table's invite secret (needed by guests).
    invite: str | None = Field(default=None, max_length=64)
    #: A guest's display name.
    name: str | None = Field(default=None, pattern=NAME_PATTERN)


class SeatOnly(Body):
    seat: int = Field(ge=0, le=7)


class Move(Body):
    seat: int = Field(ge=0, le=7)
    action: str = Field(min_length=1, max_length=500)
    #: The sequence number of the position the move was made on.
    seq: int = Field(ge=0)


class Undo(Body):
    seat: int = Field(ge=0, le=7)
    seq: int = Field(ge=0)
    count: int = Field(default=1, ge=1, le=100)


class Chat(Body):
    #: One line (white space is folded), at most ``CHAT_LENGTH`` characters.
    text: str = Field(min_length=1, max_length=CHAT_LENGTH, pattern=r"\S")
