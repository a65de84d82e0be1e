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
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.engine import State

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


def _key(value: Any) -> Any:
    """Values as layouts list them: ``True`` and ``1`` stay apart."""
    return (type(value).__name__, value)


def read_view(state: State, seat: int) -> Any:
    """``state.view(seat)`` without its defensive deep copy, for code that only reads it
    (encoding it is then twice as fast); the same data, the same door."""
    return state._view(state.check_seat(seat))


class ObservationCodec:
    """A game's views as float32 arrays of one fixed size (see the module)."""

    def __init__(self, game: str, version: int, layout: Any) -> None:
        self.game = game
        self.version = version
        self.layout = layout
        self._names: list[str] = []
        self.size, self._fill = _compile(layout, "", self._names)

    def encode(self, view: Any) -> npt.NDArray[np.float32]:
        """The array of a view (``State.view(seat)``)."""
        out = np.zeros(self.size, dtype=np.float32)
        self._fill(view, out, 0)
        return out

    def names(self) -> list[str]:
        """What each slot holds, as a path in the view (``players[1].coins``)."""
        return list(self._names)
