"""Errors raised by the engine and by games.

Every error a user can provoke carries a message a player understands.
"""

from __future__ import annotations


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
