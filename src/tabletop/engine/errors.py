"""Errors raised by the engine and by games.

Every error a user can provoke carries a message a player understands.
"""

from __future__ import annotations

#: Longest piece of outside input quoted in an error message.
EXCERPT = 80


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """``repr(value)`` cut to at most ``limit`` characters, for quoting input in errors
    (a 50 MB line must not make a 50 MB message).

    >>> excerpt("x" * 1000, 12)
    "'xxxxxxxx...\"
    >>> excerpt(5)
    '5'
    """
    if isinstance(value, str) and len(value) > limit * 4:
        value = value[: limit * 4]  # repr of a huge string is never needed whole
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"<an integer of about {int(value.bit_length() * 0.30103)} digits>"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an integer over 4300 digits deep inside, say
        return f"<a {type(value).__name__} too large to show>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class TabletopError(Exception):
    """Base class of every error raised on purpose by tabletop."""


class IllegalAction(TabletopError):
    """An action that the rules do not allow now; the state is left unchanged."""


class SeatError(IllegalAction, ValueError):
    """A seat that is not one of the game's: not an ``int`` (``bool`` and ``float`` are
    refused too) or out of range; nothing is changed."""


class NotationError(TabletopError, ValueError):
    """Text that is not a well-formed action (or record line) of a game."""


class UnknownGame(TabletopError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would print the repr of its argument
        return str(self.args[0]) if self.args else "unknown game"


class OptionError(TabletopError, ValueError):
    """Bad setup: an unknown option, a bad option value or a wrong player count."""


class RecordError(TabletopError, ValueError):
    """A game record that cannot be read or does not replay."""
