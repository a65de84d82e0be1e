"""A view made of named parts, so that a reader may rebuild only the parts that changed.

A game whose :meth:`~tabletop.engine.State.view` is a dict can build it from
:class:`ViewPart` s, each giving a run of its top-level keys.  Besides its builder, a part has
an ``inputs`` function: a snapshot of everything the builder reads (values compared with
``==``, copied so that later moves cannot change them).  Equal inputs mean an equal part,
so a reader that keeps the last inputs it saw (the research environments' observation
arrays) rebuilds and re-encodes a part only when its inputs differ.  A part cheap to build
may be its own snapshot (no ``inputs``): a reader then compares the parts as built.

Inputs are compared, not version numbers: nothing is added to the state, so a step and a
copy of the state cost what they did, and a reader may go from one state to another (a
copy, a clone, a new game) without being misled by two states that reached the same
version along different moves.

>>> parts = (ViewPart("head", ("round",), lambda s, seat: {"round": s[0]},
...                   lambda s, seat: s[0]),)
>>> assemble(parts, [3], 0)
{'round': 3}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from tabletop.engine.game import JSON, Seat


class ViewPart(NamedTuple):
    """A run of a view's top-level keys built together (see the module)."""

    name: str
    #: The keys the part may give, in the view's order (a key it leaves out is absent).
    keys: tuple[str, ...]
    #: ``build(state, seat)``: those keys and their values, as the view shows them.
    build: Callable[[Any, Seat | None], dict[str, Any]]
    #: ``inputs(state, seat)``: everything ``build`` reads, as a snapshot compared with ``==``;
    #: None: the part as built is its own snapshot (it must then share nothing that the
    #: state changes in place).
    inputs: Callable[[Any, Seat | None], object] | None


def assemble(parts: tuple[ViewPart, ...], state: Any, seat: Seat | None) -> JSON:
    """The view: every part's keys, in the parts' order."""
    out: dict[str, Any] = {}
    for part in parts:
        out.update(part.build(state, seat))
    return out
