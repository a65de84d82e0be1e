"""Who sits in a seat of a table, and how long a seat may think.

A seat is held by a person (named by the account or guest who holds it) or by a bot
(named as in :mod:`tabletop.bots`: ``greedy``, ``automa:automaszyna`` ...).  A person's
seat may be *open* (nobody has taken it yet) and may be *away* (its stand-in bot plays
for it after a timeout or when the person leaves; the person may come back).

>>> SeatSpec.bot("greedy").to_json()
{'kind': 'bot', 'name': 'greedy'}
>>> SeatSpec.from_json({"kind": "person", "name": "ada"}).is_person
True
>>> TimeControl.parse("move:3d")
TimeControl(kind='move', seconds=259200.0, increment=0.0)
>>> TimeControl.parse("game:30m+10s").describe()
'30m per player, +10s per move'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from tabletop.table.errors import TableError

SeatKind = Literal["person", "bot"]
ClockKind = Literal["none", "move", "game"]

#: Longest name accepted for a person or a bot (names reach logs and pages).
MAX_NAME = 64


@dataclass(frozen=True)
class SeatSpec:
    """A seat's holder: ``kind`` is ``person`` or ``bot``; ``name`` is the person's name
    (empty while the seat is open) or the bot's registry name."""

    kind: SeatKind
    name: str = ""

    @classmethod
    def person(cls, name: str = "") -> SeatSpec:
        return cls("person", name)

    @classmethod
    def bot(cls, name: str) -> SeatSpec:
        return cls("bot", name)

    @property
    def is_person(self) -> bool:
        return self.kind == "person"

    @property
    def is_open(self) -> bool:
        """A person's seat nobody has taken yet."""
        return self.kind == "person" and not self.name

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name}

    @classmethod
    def from_json(cls, data: Any) -> SeatSpec:
        if not isinstance(data, dict):
            raise TableError("a seat is an object {kind, name}")
        kind, name = data.get("kind"), data.get("name", "")
        if kind not in ("person", "bot"):
            raise TableError("a seat's kind is 'person' or 'bot'")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise TableError(f"a seat's name is text of at most {MAX_NAME} characters")
        if kind == "bot" and not name:
            raise TableError("a bot seat names its bot")
        return cls(kind, name)


_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_DURATION = re.compile(r"(\d{1,6})([smhd])")


def parse_duration(text: str) -> float:
    """Seconds in ``30s``, ``5m``, ``2h`` or ``3d``.

    >>> parse_duration("2h")
    7200.0
    """
    match = _DURATION.fullmatch(text.strip())
    if match is None:
        raise TableError(f"a duration is a number and a unit (s, m, h, d), e.g. 5m, not {text!r}")
    return int(match.group(1)) * _UNITS[match.group(2)]


def _format_duration(seconds: float) -> str:
    for unit in ("d", "h", "m"):
        size = _UNITS[unit]
        if seconds >= size and seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{seconds:g}s"


@dataclass(frozen=True)
class TimeControl:
    """How long a seat may take: ``none``; ``move`` (``seconds`` for each decision, e.g.
    three days in a correspondence game); ``game`` (a clock of ``seconds`` per player,
    ``increment`` added after each of its moves).  When it runs out, the seat's stand-in
    bot plays for it."""

    kind: ClockKind = "none"
    seconds: float = 0.0
    increment: float = 0.0

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``none``, ``move:DURATION`` or ``game:DURATION[+DURATION]``."""
        text = text.strip()
        if text == "none":
            return cls()
        kind, _, rest = text.partition(":")
        if kind == "move" and rest:
            return cls("move", parse_duration(rest))
        if kind == "game" and rest:
            base, _, extra = rest.partition("+")
            return cls("game", parse_duration(base), parse_duration(extra) if extra else 0.0)
        raise TableError(
            f"a time control is none, move:DURATION or game:DURATION[+DURATION], not {text!r}"
        )

    def __str__(self) -> str:
        if self.kind == "none":
            return "none"
        text = f"{self.kind}:{_format_duration(self.seconds)}"
        return text + (f"+{_format_duration(self.increment)}" if self.increment else "")

    def describe(self) -> str:
        if self.kind == "none":
            return "no time limit"
        if self.kind == "move":
            return f"{_format_duration(self.seconds)} per move"
        extra = f", +{_format_duration(self.increment)} per move" if self.increment else ""
        return f"{_format_duration(self.seconds)} per player{extra}"
