"""A seat's view as a fixed-size float32 array, by a game's observation layout.

A layout (``games/<game>/observation.py``, ``LAYOUT``) mirrors the shape of the game's
views, :meth:`~tabletop.engine.State.view` being the only thing encoded; its nodes:

==========================  =====================================================================
``["num"]``                 a number (true is 1, false 0)
``["cat", [v, ...]]``       one slot per value, 1 on the value's; a last slot for any other value
``["list", n, node]``       the length, then the first ``n`` elements, each by ``node``
``["bag", [v, ...]]``       how many times each value occurs in a list (a last slot for others)
``["dict", [[k, node]...]]`` the keys' nodes one after another (a key absent: zeros)
``["map", [k, ...], node]`` the same node for each key (seats, places on a board)
``["opt", node]``           1 when the value is not null, then ``node``
==========================  =====================================================================

A value that is null, absent or of another type than its node expects leaves its slots at
zero; keys a layout does not list are left out (free text such as a log or a prompt).  The
layout is generated from the views of random games by :mod:`tabletop.research.layout` and kept
in the game's package: the positions of the slots are a contract, versioned like the action
numbers.

>>> codec = ObservationCodec("toy", 1, ["dict", [["score", ["num"]],
...     ["phase", ["cat", ["bid", "play"]]], ["hand", ["list", 2, ["num"]]]]])
>>> codec.size, codec.encode({"score": 7, "phase": "play", "hand": [3, 5, 9]}).tolist()
(7, [7.0, 0.0, 1.0, 0.0, 3.0, 3.0, 5.0])
>>> codec.names()[:3]
['score', 'phase=bid', 'phase=play']
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import ne
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.engine import Seat, State
from tabletop.engine.parts import ABSENT, ViewPart, copied, records

#: Writes a value into ``out`` from slot ``base`` on.
Filler = Callable[[Any, npt.NDArray[np.float32], int], None]


def _compile(node: Any, prefix: str, names: list[str]) -> tuple[int, Filler]:
    """The size of a layout node and the function that writes a value by it (slot names are
    appended to ``names``)."""
    kind = node[0]
    if kind == "num":
        names.append(prefix)

        def fill_num(value: Any, out: npt.NDArray[np.float32], base: int) -> None:
            if value and type(value) in _NUMBERS:  # zeros are already there
                out[base] = value

        return 1, fill_num
    if kind == "cat":
        values = list(node[1])
        other = len(values)
        names.extend(f"{prefix}={v}" for v in values)
        names.append(f"{prefix}=?")
        if all(type(v) is str for v in values):
            # Text only: looked up as it is (a number is another value).
            texts = {v: k for k, v in enumerate(values)}

            def fill_text(value: Any, out: npt.NDArray[np.float32], base: int) -> None:
                if type(value) is str:
                    out[base + texts.get(value, other)] = 1.0
                elif not isinstance(value, list | dict):
                    out[base + other] = 1.0

            return other + 1, fill_text
        index = {_key(v): k for k, v in enumerate(values)}

        def fill_cat(value: Any, out: npt.NDArray[np.float32], base: int) -> None:
            if isinstance(value, list | dict):
                return
            out[base + index.get(_key(value), other)] = 1.0

        return other + 1, fill_cat
    if kind == "bag":
        values = list(node[1])
        index = {_key(v): k for k, v in enumerate(values)}
        other = len(values)
        names.extend(f"{prefix}#{v}" for v in values)
        names.append(f"{prefix}#?")

        def fill_bag(value: Any, out: npt.NDArray[np.float32], base: int) -> None:
            if not isinstance(value, list):
                return
            for item in value:
                if not isinstance(item, list | dict):
                    out[base + index.get(_key(item), other)] += 1.0

        return other + 1, fill_bag
    if kind == "list":
        most = int(node[1])
        names.append(f"{prefix}.len")
        step, element = _compile(node[2], f"{prefix}[0]", names if most else [])
        for k in range(1, most):
            _compile(node[2], f"{prefix}[{k}]", names)

        def fill_list(value: Any, out: npt.NDArray[np.float32], base: int) -> None:
            if not isinstance(value, list):
                return
            out[base] = len(value)
            at = base + 1
            for item in value[:most]:
                if item is not None:
                    element(item, out, at)
                at += step

        return 1 + most * step, fill_list
    if kind == "dict":
        fields: list[tuple[str, Filler, int]] = []
        size = 0
        for key, child in node[1]:
            child_size, child_fill = _compile(child, f"{prefix}.{key}" if prefix else key, names)
            fields.append((key, child_fill, size))
            size += child_size

        def fill_dict(value: Any, out: npt.NDArray[np.float32], base: int) -> None:
            if not isinstance(value, dict):
                return
            get = value.get
            for key, fill, offset in fields:
                item = get(key)
                if item is not None:
                    fill(item, out, base + offset)

        return size, fill_dict
    if kind == "map":
        return _compile(["dict", [[key, node[2]] for key in node[1]]], prefix, names)
    if kind == "opt":
        names.append(f"{prefix}?")
        child_size, child_fill = _compile(node[1], prefix, names)

        def fill_opt(value: Any, out: npt.NDArray[np.float32], base: int) -> None:
            out[base] = 1.0
            child_fill(value, out, base + 1)

        return 1 + child_size, fill_opt
    raise ValueError(f"unknown layout node {kind!r}")


_NUMBERS = (int, float, bool)
#: The types of a list of numbers written as it is (None, text and the rest leave zeros).
_PLAIN = frozenset(_NUMBERS)


def _key(value: Any) -> Any:
    """Values as layouts list them: ``True`` and ``1`` stay apart."""
    return (type(value).__name__, value)


def read_view(state: State, seat: int) -> Any:
    """``state.view(seat)`` without its defensive deep copy, for code that only reads it
    (encoding it is then twice as fast); the same data, the same door."""
    return state._view(state.check_seat(seat))


class _Source:
    """Python source of a function writing a view into ``out`` by a layout: one straight
    line of code per slot group, loops only for lists and big maps (about three times as
    fast as walking the layout)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.constants: dict[str, Any] = {"NUMBERS": _NUMBERS, "PLAIN": _PLAIN, "key": _key}
        self.count = 0

    def name(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def constant(self, value: Any) -> str:
        name = self.name("C")
        self.constants[name] = value
        return name

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def node(self, node: Any, value: str, base: str, depth: int) -> int:
        """Code writing ``value`` (a name, never None) at ``base``; the node's size."""
        kind = node[0]
        if kind == "num":
            self.emit(depth, f"if {value} and type({value}) in NUMBERS: out[{base}] = {value}")
            return 1
        if kind in ("cat", "bag"):
            values = list(node[1])
            other = len(values)
            if kind == "cat" and all(type(v) is str for v in values):
                table = self.constant({v: k for k, v in enumerate(values)})
                self.emit(depth, f"if type({value}) is str:")
                self.emit(depth + 1, f"out[{base} + {table}.get({value}, {other})] = 1.0")
                self.emit(depth, f"elif type({value}) is not list and type({value}) is not dict:")
                self.emit(depth + 1, f"out[{base} + {other}] = 1.0")
                return other + 1
            # Keyed by (type, value), as _key keys them (True and 1 apart), without a call.
            table = self.constant({(type(v), v): k for k, v in enumerate(values)})
            if kind == "cat":
                self.emit(depth, f"if type({value}) is not list and type({value}) is not dict:")
                self.emit(
                    depth + 1, f"out[{base} + {table}.get((type({value}), {value}), {other})] = 1.0"
                )
                return other + 1
            item = self.name("x")
            self.emit(depth, f"if type({value}) is list:")
            self.emit(depth + 1, f"for {item} in {value}:")
            self.emit(depth + 2, f"if type({item}) is not list and type({item}) is not dict:")
            self.emit(
                depth + 3, f"out[{base} + {table}.get((type({item}), {item}), {other})] += 1.0"
            )
            return other + 1
        if kind == "list":
            most = int(node[1])
            self.emit(depth, f"if type({value}) is list:")
            self.emit(depth + 1, f"out[{base}] = len({value})")
            if not most:
                self.emit(depth + 1, "pass")
                return 1
            item, at = self.name("x"), self.name("b")
            if node[2] == ["num"] and most >= 8:
                # A long list of numbers only (a board's rows): one slice assignment, in C.
                head, start = self.name("h"), _plus(base, 1)
                self.emit(depth + 1, f"{head} = {value}[:{most}]")
                self.emit(depth + 1, f"if not any({head}):")  # falsy values leave zeros
                self.emit(depth + 2, "pass")
                self.emit(depth + 1, f"elif set(map(type, {head})) <= PLAIN:")
                self.emit(depth + 2, f"out[{start} : {start} + len({head})] = {head}")
                self.emit(depth + 1, "else:")
                depth += 1
            self.emit(depth + 1, f"{at} = {base} + 1")
            self.emit(depth + 1, f"for {item} in {value}[:{most}]:")
            self.emit(depth + 2, f"if {item} is not None:")
            mark = len(self.lines)
            step = self.node(node[2], item, at, depth + 3)
            if len(self.lines) == mark:
                self.emit(depth + 3, "pass")
            self.emit(depth + 2, f"{at} += {step}")
            return 1 + most * step
        if kind == "map" and len(node[1]) >= 8:
            keys, child = list(node[1]), node[2]
            probe = _Source()
            step = probe.node(child, "x", "0", 0)
            # Only the keys present are visited (a board's places are mostly empty).
            places = self.constant({k: i * step for i, k in enumerate(keys)})
            key_, offset, item, at = (self.name(p) for p in ("k", "o", "x", "b"))
            self.emit(depth, f"if type({value}) is dict:")
            self.emit(depth + 1, f"for {key_}, {item} in {value}.items():")
            self.emit(depth + 2, f"{offset} = {places}.get({key_})")
            self.emit(depth + 2, f"if {offset} is not None and {item} is not None:")
            self.emit(depth + 3, f"{at} = {base} + {offset}")
            self.node(child, item, at, depth + 3)
            return len(keys) * step
        if kind in ("dict", "map"):
            fields = node[1] if kind == "dict" else [[k, node[2]] for k in node[1]]
            get = self.name("g")
            self.emit(depth, f"if type({value}) is dict:")
            self.emit(depth + 1, f"{get} = {value}.get")
            size = 0
            for key, child in fields:
                item = self.name("x")
                self.emit(depth + 1, f"{item} = {get}({key!r})")
                self.emit(depth + 1, f"if {item} is not None:")
                mark = len(self.lines)
                size += self.node(child, item, _plus(base, size), depth + 2)
                if len(self.lines) == mark:
                    self.emit(depth + 2, "pass")
            return size
        if kind == "opt":
            self.emit(depth, f"out[{base}] = 1.0")
            return 1 + self.node(node[1], value, _plus(base, 1), depth)
        raise ValueError(f"unknown layout node {kind!r}")


def _plus(base: str, offset: int) -> str:
    if base.isdigit():
        return str(int(base) + offset)
    return base if offset == 0 else f"{base} + {offset}"


def _generate(layout: Any) -> Callable[[Any, npt.NDArray[np.float32]], None]:
    """The function writing a view into ``out`` by ``layout`` (see :class:`_Source`)."""
    source = _Source()
    source.emit(0, "def fill(view, out):")
    source.node(layout, "view", "0", 1)
    source.emit(1, "return None")
    namespace = dict(source.constants)
    exec(compile("\n".join(source.lines), "<observation layout>", "exec"), namespace)
    fill: Callable[[Any, npt.NDArray[np.float32]], None] = namespace["fill"]
    return fill


def _generate_at(node: Any) -> Filler:
    """The same for a value of one node, written from a slot given at each call (``fill(value,
    out, base)``, the value not None)."""
    source = _Source()
    source.emit(0, "def fill(view, out, base):")
    source.node(node, "view", "base", 1)
    source.emit(1, "return None")
    namespace = dict(source.constants)
    # A name of its own, that profiles tell the many fillers apart.
    name = f"<observation layout: {str(node)[:60]}>"
    exec(compile("\n".join(source.lines), name, "exec"), namespace)
    fill: Filler = namespace["fill"]
    return fill


class ObservationCodec:
    """A game's views as float32 arrays of one fixed size (see the module)."""

    def __init__(self, game: str, version: int, layout: Any) -> None:
        self.game = game
        self.version = version
        self.layout = layout
        self._names: list[str] = []
        self.size, self._walk = _compile(layout, "", self._names)
        self._fill = _generate(layout)

    def encode(self, view: Any, extra: int = 0) -> npt.NDArray[np.float32]:
        """The array of a view (``State.view(seat)``), followed by ``extra`` zeros (slots
        the caller fills: an environment's stepwise choice in progress)."""
        out = np.zeros(self.size + extra, dtype=np.float32)
        self._fill(view, out)
        return out

    def encode_by_walking(self, view: Any) -> npt.NDArray[np.float32]:
        """The same array by walking the layout (slower; the reference of the tests)."""
        out = np.zeros(self.size, dtype=np.float32)
        self._walk(view, out, 0)
        return out

    def names(self) -> list[str]:
        """What each slot holds, as a path in the view (``players[1].coins``)."""
        return list(self._names)


#: Rewrites the slots of a value that was ``old`` and is ``new`` (either may be None):
#: ``patch(old, new, out, base)``.
Patch = Callable[[Any, Any, npt.NDArray[np.float32], int], None]


def _patcher(node: Any) -> tuple[int, Patch]:
    """The size of a layout node and a function rewriting only the slots of what differs
    between two values (a dict's keys, a list's places), called only when they differ."""
    size = _compile(node, "", [])[0]
    fill = _generate_at(node)

    def redo(old: Any, new: Any, out: npt.NDArray[np.float32], base: int) -> None:
        out[base : base + size] = 0.0
        if new is not None:
            fill(new, out, base)

    def redo_one(old: Any, new: Any, out: npt.NDArray[np.float32], base: int) -> None:
        out[base] = 0.0
        if new is not None:
            fill(new, out, base)

    kind = node[0]
    if size == 1:
        return size, redo_one
    if (
        size < _PATCHED
        or (kind == "list" and node[2] == ["num"])
        or (kind == "dict" and len(node[1]) < _FIELDS and size < _BIG)
    ):
        # Small, numbers only (written by one slice) or a record of a few fields (a card):
        # rewritten whole, cheaper than comparing its pieces.
        return size, redo
    if kind in ("dict", "map"):
        fields = node[1] if kind == "dict" else [[k, node[2]] for k in node[1]]
        children: dict[str, tuple[int, Patch]] = {}
        offset = 0
        for key, child in fields:
            child_size, child_patch = _patcher(child)
            children[key] = (offset, child_patch)
            offset += child_size

        def patch_dict(old: Any, new: Any, out: npt.NDArray[np.float32], base: int) -> None:
            if type(old) is not dict or type(new) is not dict:
                redo(old, new, out, base)
                return
            get = old.get
            for key, item in new.items():
                entry = children.get(key)
                if entry is not None:
                    was = get(key)
                    if was != item:
                        entry[1](was, item, out, base + entry[0])
            for key, was in old.items():
                if was is not None and key not in new:
                    entry = children.get(key)
                    if entry is not None:
                        entry[1](was, None, out, base + entry[0])

        return size, patch_dict
    if kind == "list":
        most = int(node[1])
        if not most:
            return size, redo
        step, element = _patcher(node[2])

        def patch_list(old: Any, new: Any, out: npt.NDArray[np.float32], base: int) -> None:
            if type(old) is not list or type(new) is not list:
                redo(old, new, out, base)
                return
            out[base] = len(new)
            n_old, n_new = len(old), len(new)
            first = 0  # the first place that differs
            while first < n_old and first < n_new and old[first] == new[first]:
                first += 1
            start = base + 1 + first * step
            stop = base + 1 + most * step
            if first < most and n_new == n_old - 1 and old[first + 1 :] == new[first:]:
                # One element taken out (a card played): the rest move down a place.
                out[start : stop - step] = out[start + step : stop]
                last = min(n_new, most - 1)
                element(None, new[last] if last < n_new else None, out, stop - step)
                return
            if first < most and n_new == n_old + 1 and old[first:] == new[first + 1 :]:
                # One element put in: the rest move up a place (the last may fall off).
                out[start + step : stop] = out[start : stop - step]
                element(None, new[first], out, start)
                return
            at = start
            for k in range(first, min(max(n_old, n_new), most)):
                was = old[k] if k < n_old else None
                item = new[k] if k < n_new else None
                if was != item:
                    element(was, item, out, at)
                at += step

        return size, patch_list
    if kind == "opt":
        child_size, child = _patcher(node[1])

        def patch_opt(old: Any, new: Any, out: npt.NDArray[np.float32], base: int) -> None:
            if old is None or new is None:
                redo(old, new, out, base)
            else:
                child(old, new, out, base + 1)

        return size, patch_opt
    return size, redo


#: Nodes of fewer slots are rewritten whole when their value changes.
_PATCHED = 24
#: Dicts of fewer fields and fewer slots are rewritten whole too.
_FIELDS = 8
_BIG = 200

#: Inputs never seen: unequal to any part's inputs.
_UNSEEN = object()

#: Brings one part of a seat's array up to date: ``update(state, seat, out, memory)``, with
#: the part's memory for that seat, ``[inputs kept, the part as shown]`` (``_UNSEEN`` and
#: None at first), which the update keeps up to date too; whether anything changed.
Update = Callable[[Any, Seat | None, npt.NDArray[np.float32], list[Any]], bool]


class PartsEncoder:
    """A game's observation arrays kept up to date part by part (issue 16).

    The game's view is assembled from parts (:class:`~tabletop.engine.parts.ViewPart`), each
    with a snapshot of what it reads.  For each seat the encoder keeps the array it last
    wrote, each part's inputs then and the part as shown then; :meth:`encode` rebuilds only
    the parts whose inputs differ, from the part's builder (a piece of ``State.view(seat)``
    itself), and rewrites only the slots of what differs in them (a town's entry, a
    player's coins).  Any state may be given at any call (a copy, another game): inputs are
    compared, never assumed.  The array equals ``codec.encode(state.view(seat), extra)`` but
    for its last ``extra`` slots, the caller's.
    """

    def __init__(self, codec: ObservationCodec, parts: tuple[ViewPart, ...], extra: int = 0):
        self.codec = codec
        self.extra = extra
        if codec.layout[0] != "dict":
            raise ValueError("the layout is not a dict of keys")
        slots: dict[str, tuple[int, Patch]] = {}
        offset = 0
        for key, child in codec.layout[1]:
            size, patch = _patcher(child)
            slots[key] = (offset, patch)
            offset += size
        missing = set(slots) - {key for part in parts for key in part.keys}
        if missing:
            raise ValueError(f"no part gives the layout's keys {sorted(missing)}")
        fields = dict(codec.layout[1])
        sizes = {key: _compile(child, "", [])[0] for key, child in codec.layout[1]}
        self._updates: list[Update] = []
        # Public parts (the same for every seat) are kept once, in a shared array whose
        # slots a seat's array copies when it is behind: each seat's array then takes in
        # only what changed since anyone last looked, not since that seat did.
        self._public: list[tuple[Update, slice]] = []
        for part in parts:
            if not any(key in slots for key in part.keys):
                continue  # nothing encoded (a log): never built
            if part.columns is not None:
                update = _by_columns(part, fields, slots)
            elif part.fields is not None:
                update = _by_fields(part, fields, slots)
            elif part.live is not None:
                update = _by_live(part, slots)
            else:
                update = _by_inputs(part, fields, slots)
            ranges = [(slots[k][0], slots[k][0] + sizes[k]) for k in part.keys if k in slots]
            if not part.public or len(ranges) > 1:
                # Keys apart in the layout would be copied slot by slot, dearer than what
                # sharing saves: kept per seat.
                self._updates.append(update)
                continue
            self._public.append((update, slice(*ranges[0])))
        self._shared = np.zeros(codec.size, dtype=np.float32)
        self._shared_memories: list[list[Any]] = [[_UNSEEN, None] for _ in self._public]
        #: How many times each public part changed (a seat's array copies it when behind).
        self._versions = [0] * len(self._public)
        self._seats: dict[
            Seat | None, tuple[npt.NDArray[np.float32], list[list[Any]], list[int]]
        ] = {}

    def encode(self, state: State, seat: Seat | None) -> npt.NDArray[np.float32]:
        """The observation array of ``seat`` at ``state`` (the encoder's own array, changed
        by the next call for the same seat: copy it to keep it)."""
        known = self._seats.get(seat)
        if known is None:
            known = self._seats[seat] = (
                np.zeros(self.codec.size + self.extra, dtype=np.float32),
                [[_UNSEEN, None] for _ in self._updates],
                [-1] * len(self._public),
            )
        out, memories, copied = known
        for update, memory in zip(self._updates, memories, strict=True):
            update(state, seat, out, memory)
        shared, versions = self._shared, self._versions
        for k, (update, where) in enumerate(self._public):
            if update(state, seat, shared, self._shared_memories[k]):
                versions[k] += 1
            if copied[k] != versions[k]:
                out[where] = shared[where]
                copied[k] = versions[k]
        return out


def _one_key(part: ViewPart, fields: dict[str, Any], kinds: tuple[str, ...]) -> tuple[str, Any]:
    if len(part.keys) != 1 or fields[part.keys[0]][0] not in kinds:
        raise ValueError(f"the part {part.name} needs one key holding a {' or '.join(kinds)}")
    return part.keys[0], fields[part.keys[0]]


def _by_inputs(
    part: ViewPart, fields: dict[str, Any], slots: dict[str, tuple[int, Patch]]
) -> Update:
    """A part compared by its inputs (or as built, when it is its own snapshot), rebuilt
    where they differ and patched against the part as shown; a part of entries rebuilds
    only the entries that changed."""
    build, inputs, keep = part.build, part.inputs, part.keep
    encoded = [(key, *slots[key]) for key in part.keys if key in slots]
    entries = None
    if part.changed is not None and part.entry is not None:
        key, node = _one_key(part, fields, ("map", "list"))
        step = _compile(node[2], "", [])[0]
        base = slots[key][0]
        if node[0] == "map":
            places = {k: base + i * step for i, k in enumerate(node[1])}
        else:
            places = {i: base + 1 + i * step for i in range(int(node[1]))}
        entries = (part.changed, part.entry, key, places, _patcher(node[2])[1])

    def update(
        state: Any, seat: Seat | None, out: npt.NDArray[np.float32], memory: list[Any]
    ) -> bool:
        last = memory[0]
        now: object
        if inputs is None:  # the part is its own snapshot
            now = value = build(state, seat)
            if now == last:
                return False
        else:
            now = inputs(state, seat)
            if now == last:
                return False
            if keep is not None:  # the state's own values: kept as a copy
                now = keep(now, None if last is _UNSEEN else last)
            if (
                entries is not None
                and last is not _UNSEEN
                and _entries(entries, state, seat, out, last, now, memory[1])
            ):
                memory[0] = now
                return True
            value = build(state, seat)
        was = memory[1] or {}
        for key, start, patch in encoded:
            old, new = was.get(key), value.get(key)
            if old != new:
                patch(old, new, out, start)
        memory[0], memory[1] = now, value
        return True

    return update


def _entries(
    entries: tuple[Any, ...],
    state: Any,
    seat: Seat | None,
    out: npt.NDArray[np.float32],
    last: Any,
    now: Any,
    shown_part: dict[str, Any] | None,
) -> bool:
    """Rebuild and patch the entries that changed between two inputs, in the entries as
    shown (the part's own copy, updated in place); False: the whole part is to rebuild."""
    changed, entry, key, places, patch = entries
    shown: Any = None if shown_part is None else shown_part.get(key)
    which = None if shown is None else changed(last, now)
    if which is None:
        return False
    is_map = type(shown) is dict
    for i in which:
        place, item = entry(state, seat, i)
        at = places.get(place)
        if at is None:  # a place the layout does not list
            continue
        if is_map:
            was = shown.get(place)
            if item is None:
                shown.pop(place, None)
            else:
                shown[place] = item
        else:
            was = shown[place]
            shown[place] = item
        if was != item:
            patch(was, item, out, at)
    return True


def _record_slots(
    part: ViewPart, fields: dict[str, Any], slots: dict[str, tuple[int, Patch]], what: str
) -> tuple[int, int, int, dict[str, tuple[int, int, Filler]]]:
    """Where a part's list of records lies: its first slot, the most records encoded, the
    slots of one record, and each field's offset in a record, size and writer."""
    key, node = _one_key(part, fields, ("list",))
    if node[2][0] != "dict":
        raise ValueError(f"the part {part.name} has {what} but {key} holds no records")
    base, most = slots[key][0], int(node[1])
    step = _compile(node[2], "", [])[0]
    at: dict[str, tuple[int, int, Filler]] = {}
    offset = 0
    for field, child in node[2][1]:
        size = _compile(child, "", [])[0]
        at[field] = (offset, size, _generate_at(child))
        offset += size
    return base, most, step, at


def _by_columns(
    part: ViewPart, fields: dict[str, Any], slots: dict[str, tuple[int, Patch]]
) -> Update:
    """A part of records by columns: each column that differs rewrites its field in the
    records where it differs."""
    columns = part.columns
    assert columns is not None
    base, most, step, at = _record_slots(part, fields, slots, "columns")

    def anew(now: dict[str, list[Any]], out: npt.NDArray[np.float32]) -> None:
        value = records(now)
        out[base : base + 1 + most * step] = 0.0
        out[base] = len(value)
        for i, record in enumerate(value[:most]):
            start = base + 1 + i * step
            for field, item in record.items():
                place = at.get(field)
                if place is not None and item is not None:
                    place[2](item, out, start + place[0])

    def update(
        state: Any, seat: Seat | None, out: npt.NDArray[np.float32], memory: list[Any]
    ) -> bool:
        now = columns(state, seat)
        last = memory[0]
        memory[0] = now
        if last is _UNSEEN or list(last) != list(now):
            anew(now, out)
            return True
        count = -1
        for field, values in now.items():
            was = last[field]
            if was == values:
                continue
            if count < 0:
                count = len(values)
                if len(was) != count:  # another number of records: all anew
                    anew(now, out)
                    return True
            place = at.get(field)
            if place is None:  # a field the layout leaves out
                continue
            offset, size, fill = place
            for i in range(min(count, most)):
                item = values[i]
                if item != was[i]:
                    start = base + 1 + i * step + offset
                    out[start : start + size] = 0.0
                    if item is not None and item is not ABSENT:
                        fill(item, out, start)
        return count >= 0

    return update


def _by_fields(
    part: ViewPart, fields: dict[str, Any], slots: dict[str, tuple[int, Patch]]
) -> Update:
    """A part of records built field by field (:attr:`ViewPart.fields`): the entries whose
    inputs differ rewrite only the fields that read a place that differs, without building
    the records or comparing them."""
    inputs, record_fields = part.inputs, part.fields
    assert inputs is not None and record_fields is not None
    base, most, step, at = _record_slots(part, fields, slots, "record fields")
    # The fields the layout encodes: where in a record, how many slots, how written, how
    # built; and for each place of an entry's inputs, which of them read it.
    encoded = [(*at[f.name], f.build) for f in record_fields if f.name in at]
    width = 1 + max((k for f in record_fields for k in f.reads), default=0)
    readers: list[tuple[int, ...]] = [
        tuple(n for n, f in enumerate(r for r in record_fields if r.name in at) if k in f.reads)
        for k in range(width)
    ]
    places = range(width)

    def write(
        state: Any, seat: Seat | None, i: int, which: Any, out: npt.NDArray[np.float32]
    ) -> None:
        start = base + 1 + i * step
        for n in which:
            offset, size, fill, build = encoded[n]
            at = start + offset
            if size == 1:
                out[at] = 0.0
            else:
                out[at : at + size] = 0.0
            value = build(state, seat, i)
            if value is not None and value is not ABSENT:
                fill(value, out, at)

    def update(
        state: Any, seat: Seat | None, out: npt.NDArray[np.float32], memory: list[Any]
    ) -> bool:
        now: Any = inputs(state, seat)  # a list of tuples (ViewPart.fields)
        last = memory[0]
        if now == last:
            return False
        if last is _UNSEEN or len(last) != len(now):
            out[base : base + 1 + most * step] = 0.0
            out[base] = len(now)
            every = range(len(encoded))
            for i in range(min(len(now), most)):
                write(state, seat, i, every, out)
            memory[0] = [tuple(map(copied, entry)) for entry in now]
            return True
        snapshot = last[:]
        for i in compress(range(len(now)), map(ne, last, now)):
            was, new = last[i], now[i]
            kept = list(was)
            which: set[int] = set()
            for k in compress(places, map(ne, was, new)):
                kept[k] = copied(new[k])
                which.update(readers[k])
            snapshot[i] = tuple(kept)
            if i < most:
                write(state, seat, i, which, out)
        memory[0] = snapshot
        return True

    return update


def _by_live(part: ViewPart, slots: dict[str, tuple[int, Patch]]) -> Update:
    """A part of the state's own values: each compared (in C) as it is in the state with
    the copy shown last, and shown again (copied, rewritten) where it differs."""
    live, show_all = part.live, part.show
    assert live is not None and show_all is not None
    # Every key: its way to be shown, its first slot and patch (None: not encoded).
    shown_as: list[tuple[Callable[[Any], Any], int | None, Patch | None]] = [
        (show, *slots.get(key, (None, None))) for key, show in zip(part.keys, show_all, strict=True)
    ]
    places = range(len(shown_as))

    def update(
        state: Any, seat: Seat | None, out: npt.NDArray[np.float32], memory: list[Any]
    ) -> bool:
        shown = memory[1]
        if shown is None:
            shown = memory[1] = [_UNSEEN] * len(shown_as)
        values = live(state, seat)
        changed = False
        for j in compress(places, map(ne, values, shown)):
            show, start, patch = shown_as[j]
            was, new = shown[j], show(values[j])
            if patch is not None and start is not None:
                patch(None if was is _UNSEEN else was, new, out, start)
            shown[j] = new
            changed = True
        return changed

    return update
