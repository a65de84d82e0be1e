"""Integer encodings of a game's actions, for learning code that needs a fixed action space.

A game's :class:`ActionCodec` numbers every action the game can ever list, ``0 .. size-1``,
so that any position has a fixed-size action space and a mask over it.  The numbering is a
concatenation of *families*, each a set of action texts in a fixed order:

* :class:`Table`: an explicit sequence of texts (the small families);
* :class:`Product`: a cross product of argument domains, numbered in mixed radix (the last
  argument varies fastest) and written by a function, for families too big to list (a Scythe
  cargo); such a family reads its texts back with its own ``parse``.

The numbering is the game's public contract with stored data sets and trained networks: it is
versioned (``version``) and a game changes it only with a new version.  ``encode`` takes an
action's canonical text (``str(action)``) and ``decode`` gives it back:
``codec.decode(codec.encode(text)) == text`` for every action a game lists.

>>> codec = ActionCodec("toy", 1, [Table("words", ("pass", "done")),
...     Product("pick", ((1, 2, 3), (1, 2)), lambda a: f"pick {a[0]} {a[1]}")])
>>> codec.size, codec.encode("done"), codec.encode("pick 2 1"), codec.decode(6)
(8, 1, 4, 'pick 3 1')
>>> codec.encode("fly")
Traceback (most recent call last):
...
tabletop.engine.encoding.EncodingError: toy has no action number for 'fly'
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from math import prod
from typing import Any, Final

from tabletop.engine.errors import excerpt

#: Families of at most this many texts are listed when the codec is built (a dictionary
#: lookup encodes them); bigger ones are numbered by arithmetic and parsed when first met.
EAGER_LIMIT: Final = 50_000


class EncodingError(ValueError):
    """A text or a number outside a game's action encoding."""


class Family:
    """A set of action texts numbered ``0 .. size-1`` (see :class:`Table`, :class:`Product`)."""

    name: str
    size: int

    def text(self, index: int) -> str:
        raise NotImplementedError

    def texts(self) -> Iterable[str]:
        return (self.text(i) for i in range(self.size))

    def index(self, text: str) -> int | None:
        """The number of ``text`` in this family, or None (only families too big to list
        need to answer it)."""
        return None


class Table(Family):
    """An explicit sequence of distinct texts."""

    def __init__(self, name: str, texts: Iterable[str]) -> None:
        self.name = name
        self._texts = tuple(texts)
        self.size = len(self._texts)
        if len(set(self._texts)) != self.size:
            raise ValueError(f"family {name}: texts repeat")

    def text(self, index: int) -> str:
        return self._texts[index]

    def texts(self) -> Iterable[str]:
        return self._texts


class Product(Family):
    """Every combination of arguments, one from each domain, written by ``render``; numbered
    in mixed radix (the last domain varies fastest).  ``parse`` (text -> the arguments, or
    None) is needed only when the family is bigger than :data:`EAGER_LIMIT`."""

    def __init__(
        self,
        name: str,
        domains: Sequence[Sequence[Any]],
        render: Callable[[tuple[Any, ...]], str],
        parse: Callable[[str], tuple[Any, ...] | None] | None = None,
    ) -> None:
        self.name = name
        self.domains = tuple(tuple(d) for d in domains)
        self.render = render
        self.parse = parse
        self.size = prod(len(d) for d in self.domains)
        self._positions = [{v: i for i, v in enumerate(d)} for d in self.domains]

    def args(self, index: int) -> tuple[Any, ...]:
        out: list[Any] = []
        for domain in reversed(self.domains):
            index, digit = divmod(index, len(domain))
            out.append(domain[digit])
        return tuple(reversed(out))

    def text(self, index: int) -> str:
        return self.render(self.args(index))

    def index(self, text: str) -> int | None:
        if self.parse is None:
            return None
        args = self.parse(text)
        if args is None or len(args) != len(self.domains):
            return None
        index = 0
        for value, positions in zip(args, self._positions, strict=True):
            digit = positions.get(value)
            if digit is None:
                return None
            index = index * len(positions) + digit
        # Only the canonical text of the arguments has the number.
        return index if self.render(args) == text else None


class ActionCodec:
    """A game's numbering of its actions: families laid end to end (see the module)."""

    def __init__(
        self,
        game: str,
        version: int,
        families: Sequence[Family],
        nearest: Callable[[str], str | None] | None = None,
    ) -> None:
        self.game = game
        self.nearest = nearest
        self.version = version
        self.families = tuple(families)
        self.offsets: tuple[int, ...] = tuple(
            sum(f.size for f in self.families[:k]) for k in range(len(self.families))
        )
        self.size = sum(f.size for f in self.families)
        self._ids: dict[str, int] = {}
        self._lazy: list[tuple[int, Family]] = []
        for offset, family in zip(self.offsets, self.families, strict=True):
            if family.size > EAGER_LIMIT and isinstance(family, Product):
                if family.parse is None:
                    raise ValueError(f"family {family.name}: too big to list and no parse")
                self._lazy.append((offset, family))
                continue
            for k, text in enumerate(family.texts()):
                if text in self._ids:
                    raise ValueError(f"{game}: {text!r} is in two families")
                self._ids[text] = offset + k

    def encode(self, text: str) -> int:
        """The number of an action's canonical text; EncodingError if it has none."""
        found = self._ids.get(text)
        if found is not None:
            return found
        for offset, family in self._lazy:
            index = family.index(text)
            if index is not None:
                self._ids[text] = offset + index  # remembered: positions repeat
                return offset + index
        raise EncodingError(f"{self.game} has no action number for {excerpt(text)}")

    def encode_all(self, texts: Iterable[str]) -> list[int]:
        """The numbers of texts (strictly: EncodingError for a text without one)."""
        ids = self._ids
        return [ids[t] if t in ids else self.encode(t) for t in texts]

    def encode_legal(self, texts: Iterable[str]) -> list[int]:
        """The numbers of a position's legal texts, a text without a number of its own read
        as the game's ``nearest`` numbered text (a game documents where that happens; two
        texts may then share a number, and a caller keeps the first)."""
        ids = self._ids
        out: list[int] = []
        for text in texts:
            number = ids.get(text)
            if number is None:
                try:
                    number = self.encode(text)
                except EncodingError:
                    near = self.nearest(text) if self.nearest is not None else None
                    if near is None:
                        raise
                    number = self.encode(near)
            out.append(number)
        return out

    def decode(self, number: int) -> str:
        """The canonical text of action ``number``; EncodingError outside ``0 .. size-1``."""
        if type(number) is not int or not 0 <= number < self.size:
            raise EncodingError(
                f"{self.game} numbers its actions 0 to {self.size - 1}, not {excerpt(number)}"
            )
        k = bisect_right(self.offsets, number) - 1
        return self.families[k].text(number - self.offsets[k])

    def family_of(self, number: int) -> str:
        """The name of the family of action ``number``."""
        self.decode(number)
        return self.families[bisect_right(self.offsets, number) - 1].name

    def digest(self) -> str:
        """A SHA-256 of every number's text in order: equal digests, equal numberings (tests
        pin it, so that no change of numbering goes without a new version)."""
        hasher = hashlib.sha256()
        for family in self.families:
            for text in family.texts():
                hasher.update(text.encode("utf-8") + b"\n")
        return hasher.hexdigest()

    def describe(self) -> list[tuple[str, int, int]]:
        """``(family, first number, size)`` of each family, in order (for documentation)."""
        return [(f.name, o, f.size) for f, o in zip(self.families, self.offsets, strict=True)]
