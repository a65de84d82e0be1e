"""What each seat may know: the whole state (nothing is hidden in Terra Mystica) with the
players' log, assembled from parts (:mod:`tabletop.engine.parts`) so that a reader may
rebuild only what changed."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from tabletop.engine import JSON, Seat
from tabletop.engine.parts import ViewPart, assemble, live_part
from tabletop.games.terra_mystica.state import _DICTS, _LISTS, _NESTED, _SCALARS

if TYPE_CHECKING:
    from tabletop.games.terra_mystica.game import TerraMysticaState

# The state's fields as ``TMState.to_json`` orders them; its internal log is replaced by
# the players' (``moves``), in the same place.
assert _LISTS[-1] == "log"
_FLAT = _SCALARS + _LISTS[:-1]
_FLAT_OF = attrgetter(*_FLAT)
_NESTED_OF = attrgetter(*(_DICTS + _NESTED))


def _flat(st: TerraMysticaState, seat: Seat | None) -> tuple[Any, ...]:
    return _FLAT_OF(st.core)


def _copy(value: Any) -> Any:
    return value[:] if type(value) is list else value


def _log(st: TerraMysticaState, seat: Seat | None) -> dict[str, Any]:
    return {"log": st.moves}


def _log_inputs(st: TerraMysticaState, seat: Seat | None) -> object:
    return len(st.moves)  # moves are only appended


def _nested(st: TerraMysticaState, seat: Seat | None) -> tuple[Any, ...]:
    return _NESTED_OF(st.core)


def _rows(value: list[Any]) -> list[list[Any]]:
    return [list(x) for x in value]


def _turn(st: TerraMysticaState, seat: Seat | None) -> dict[str, Any]:
    return {"seat": seat, "to_move": st.to_move()}


#: The view's parts, in its keys' order: the state's fields compared as they are with the
#: copies shown last (:func:`~tabletop.engine.parts.live_part`).
PARTS: tuple[ViewPart, ...] = (
    live_part("flat", _FLAT, _flat, (_copy,) * len(_FLAT), public=True),
    ViewPart("log", ("log",), _log, _log_inputs),
    live_part(
        "nested",
        _DICTS + _NESTED,
        _nested,
        (dict,) * len(_DICTS) + (_rows,) * len(_NESTED),
        public=True,
    ),
    ViewPart("turn", ("seat", "to_move"), _turn, None),
)


def view(st: TerraMysticaState, seat: Seat | None) -> JSON:
    """Everything ``seat`` may know (everything: nothing is hidden), with the players' log."""
    return assemble(PARTS, st, seat)
