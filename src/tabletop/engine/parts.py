"""A view made of named parts, so that a reader may rebuild only the parts that changed.

A game whose :meth:`~tabletop.engine.State.view` is a dict can build it from
:class:`ViewPart` s, each giving a run of its top-level keys.  Besides its builder, a part has
an ``inputs`` function: a snapshot of everything the builder reads (values compared with
``==``, copied so that later moves cannot change them).  Equal inputs mean an equal part,
so a reader that keeps the last inputs it saw (the research environments' observation
arrays) rebuilds and re-encodes a part only when its inputs differ.  A part cheap to build
may be its own snapshot (no ``inputs``): a reader then compares the parts as built.  A part
of many entries (a map's places) may also say which entries changed and build one entry, so
that a reader rebuilds only those; a part of records may be built field by field, each field
naming what it reads, so that a reader rebuilds only the fields that read what changed.

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

from collections.abc import Callable, Sequence
from itertools import compress
from operator import ne
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
    #: With ``keep``, ``inputs`` may be the state's own values (compared, never kept, so
    #: nothing is copied while the part does not change) and ``keep(inputs, last)`` is the
    #: snapshot kept: a copy (``last``, the snapshot kept before or None, may lend it what
    #: has not changed).
    keep: Callable[[Any, Any], object] | None = None
    #: For a part of one key whose value holds entries (a map's places, a list's players,
    #: their number fixed while their inputs compare): ``changed(old, new)``, the entries
    #: whose snapshots differ between two inputs (None: maybe all, build the part anew) ...
    changed: Callable[[Any, Any], Sequence[int] | None] | None = None
    #: ... and ``entry(state, seat, i)``: entry ``i``'s key (a map's) or place (a list's)
    #: and its value as the part shows it (None: absent), so that only those are rebuilt.
    entry: Callable[[Any, Seat | None, int], tuple[str | int, Any]] | None = None
    #: For a part of one key whose value is a list of records (the players): the records'
    #: fields as columns, ``columns(state, seat)``: each field and its value in every
    #: record (:data:`ABSENT`: not in that record), in the records' key order.  The part is
    #: then ``{key: records(columns(state, seat))}`` and the columns its own snapshot (they
    #: must share nothing that the state changes in place), compared column by column.
    columns: Callable[[Any, Seat | None], dict[str, list[Any]]] | None = None
    #: For a part of one key whose value is a list of records, one per entry of ``inputs``
    #: (a list of tuples, the state's own values: compared, copied where they differ):
    #: each record field as :class:`RecordField`, in the records' key order.  The part is
    #: then ``{key: [record(fields, state, seat, i) ...]}``, and a reader rebuilds only the
    #: fields that read a place of an entry's tuple that differs.
    fields: tuple[RecordField, ...] | None = None
    #: For a part whose values are the state's own, shown as copies: ``live(state, seat)``,
    #: one value per key as the state holds it (shared with the state: to compare, never to
    #: keep), and ``show[j]``, a function giving key ``j``'s value as the view shows it from
    #: the live one (a copy, equal to it).  The part is then ``{key: show(live value)}``.
    live: Callable[[Any, Seat | None], Sequence[Any]] | None = None
    show: tuple[Callable[[Any], Any], ...] | None = None
    #: The part reads nothing of the seat: the same for every seat and the spectator (a
    #: reader may then keep it once for all seats).
    public: bool = False


class RecordField(NamedTuple):
    """A field of the records of a part (see :attr:`ViewPart.fields`)."""

    name: str
    #: The places of the record's entry in the part's inputs that ``build`` reads.
    reads: tuple[int, ...]
    #: ``build(state, seat, i)``: the field's value in record ``i`` (:data:`ABSENT`: not in
    #: it).
    build: Callable[[Any, Seat | None, int], Any]


def record(
    fields: tuple[RecordField, ...], state: Any, seat: Seat | None, i: int
) -> dict[str, Any]:
    """Record ``i`` of a part of record fields (see :attr:`ViewPart.fields`)."""
    out: dict[str, Any] = {}
    for field in fields:
        value = field.build(state, seat, i)
        if value is not ABSENT:
            out[field.name] = value
    return out


def live_part(
    name: str,
    keys: tuple[str, ...],
    live: Callable[[Any, Seat | None], Sequence[Any]],
    show: tuple[Callable[[Any], Any], ...],
    public: bool = False,
) -> ViewPart:
    """A part of the state's own values shown as copies (see :attr:`ViewPart.live`)."""
    if len(show) != len(keys):
        raise ValueError(f"{name}: one way to show each key")

    def build(state: Any, seat: Seat | None) -> dict[str, Any]:
        return {key: f(v) for key, f, v in zip(keys, show, live(state, seat), strict=True)}

    return ViewPart(name, keys, build, None, live=live, show=show, public=public)


class _Absent:
    """A field a record does not have (see :attr:`ViewPart.columns`)."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


def records(columns: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """The records of columns, each with its fields in the columns' order.

    >>> records({"seat": [0, 1], "hand": [[3], ABSENT]})
    [{'seat': 0, 'hand': [3]}, {'seat': 1}]
    """
    rows = list(zip(*columns.values(), strict=True))
    fields = tuple(columns)
    return [
        {field: value for field, value in zip(fields, row, strict=True) if value is not ABSENT}
        for row in rows
    ]


def columns_part(
    name: str,
    key: str,
    columns: Callable[[Any, Seat | None], dict[str, list[Any]]],
    public: bool = False,
) -> ViewPart:
    """A part of one key, a list of records built from ``columns`` (see
    :attr:`ViewPart.columns`)."""

    def build(state: Any, seat: Seat | None) -> dict[str, Any]:
        return {key: records(columns(state, seat))}

    return ViewPart(name, (key,), build, None, columns=columns, public=public)


def kept(values: tuple[Any, ...], last: Any = None) -> tuple[Any, ...]:
    """A snapshot of inputs that are the state's own values (:attr:`ViewPart.keep`): its
    lists and dicts copied, and lists of lists (rows) row by row, but where they equal the
    snapshot ``last`` (its copies are lent); anything else must not change in place
    (numbers, text, tuples, a dict's values).

    >>> rows, pile = [[1], [2]], [5]
    >>> snapshot = kept((rows, pile))
    >>> rows[0].append(9)
    >>> snapshot
    ([[1], [2]], [5])
    >>> kept((rows, pile), snapshot)[1] is snapshot[1]  # unchanged: lent
    True
    """
    if type(last) is tuple and len(last) == len(values):
        # Compared in C; only what differs is copied (most moves change one or two values).
        out = list(last)
        for k in compress(range(len(values)), map(ne, values, last)):
            out[k] = copied(values[k])
        return tuple(out)
    return tuple(map(copied, values))


def copied(value: Any) -> Any:
    """A copy of one of the state's own values, as :func:`kept` takes it."""
    kind = type(value)
    if kind is list:
        if value and type(value[0]) is list:
            return [copied(row) for row in value]
        return value[:]
    if kind is dict:
        return dict(value)
    return value


def changed_entries(old: Sequence[object], new: Sequence[object]) -> list[int] | None:
    """The places where two sequences of entries' snapshots differ (None: their lengths).

    >>> changed_entries([(1, 2), (3, 4)], [(1, 2), (3, 5)])
    [1]
    """
    if len(old) != len(new):
        return None
    return list(compress(range(len(new)), map(ne, old, new)))


def assemble(parts: tuple[ViewPart, ...], state: Any, seat: Seat | None) -> JSON:
    """The view: every part's keys, in the parts' order."""
    out: dict[str, Any] = {}
    for part in parts:
        out.update(part.build(state, seat))
    return out


def changed_columns(old: Sequence[Any], new: Sequence[Any]) -> list[int] | None:
    """The entries that differ between two snapshots made of a shared value (when it differs:
    None, every entry may have) then columns, each one item per entry (a list per field):
    cheaper to take than a tuple per entry, and compared in C but where they differ.

    >>> changed_columns(("x", [1, 2, 3], [0, 0, 0]), ("x", [1, 5, 3], [0, 0, 1]))
    [1, 2]
    >>> changed_columns(("x", [1]), ("y", [1])) is None
    True
    """
    if old[0] != new[0] or len(old) != len(new):
        return None
    found: list[int] = []
    for k in range(1, len(new)):
        was, now = old[k], new[k]
        if was != now:
            if len(was) != len(now):
                return None
            found += compress(range(len(now)), map(ne, was, now))
    return sorted(set(found)) if len(found) > 1 else found
