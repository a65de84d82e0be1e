"""What each seat may know: the whole state (nothing is hidden in Terra Mystica) with the
players' log, assembled from parts (:mod:`tabletop.engine.parts`) so that a reader may
rebuild only what changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import JSON, Seat
from tabletop.engine.parts import ViewPart, assemble
from tabletop.games.terra_mystica.state import _DICTS, _LISTS, _NESTED, _SCALARS

if TYPE_CHECKING:
    from tabletop.games.terra_mystica.game import TerraMysticaState

# The state's fields as ``TMState.to_json`` orders them; its internal log is replaced by
# the players' (``moves``), in the same place.
assert _LISTS[-1] == "log"
_FLAT = _SCALARS + _LISTS[:-1]


def _flat(st: TerraMysticaState, seat: Seat | None) -> dict[str, Any]:
    core = st.core
    data: dict[str, Any] = {}
    for name in _FLAT:
        value = getattr(core, name)
        data[name] = value[:] if type(value) is list else value
    return data


def _log(st: TerraMysticaState, seat: Seat | None) -> dict[str, Any]:
    return {"log": st.moves}


def _log_inputs(st: TerraMysticaState, seat: Seat | None) -> object:
    return len(st.moves)  # moves are only appended


def _nested(st: TerraMysticaState, seat: Seat | None) -> dict[str, Any]:
    core = st.core
    data: dict[str, Any] = {}
    for name in _DICTS:
        data[name] = dict(getattr(core, name))
    for name in _NESTED:
        data[name] = [list(x) for x in getattr(core, name)]
    return data


def _turn(st: TerraMysticaState, seat: Seat | None) -> dict[str, Any]:
    return {"seat": seat, "to_move": st.to_move()}


#: The view's parts, in its keys' order; but for the log, each is its own snapshot (copies
#: of the state's lists, compared in C).
PARTS: tuple[ViewPart, ...] = (
    ViewPart("flat", _FLAT, _flat, None),
    ViewPart("log", ("log",), _log, _log_inputs),
    ViewPart("nested", _DICTS + _NESTED, _nested, None),
    ViewPart("turn", ("seat", "to_move"), _turn, None),
)


def view(st: TerraMysticaState, seat: Seat | None) -> JSON:
    """Everything ``seat`` may know (everything: nothing is hidden), with the players' log."""
    return assemble(PARTS, st, seat)
