"""The game-agnostic engine: the contract, the registry, randomness, records."""

from tabletop.engine.errors import (
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    SeatError,
    TabletopError,
    UnknownGame,
)
from tabletop.engine.game import JSON, Action, Game, OptionSpec, Outcome, Seat, State
from tabletop.engine.record import Record, public_record, read_records
from tabletop.engine.registry import game_ids, get_game, new_game, register
from tabletop.engine.rng import Rng

__all__ = [
    "JSON",
    "Action",
    "Game",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "Record",
    "RecordError",
    "Rng",
    "Seat",
    "SeatError",
    "State",
    "TabletopError",
    "UnknownGame",
    "game_ids",
    "get_game",
    "new_game",
    "public_record",
    "read_records",
    "register",
]
