"""Integer encodings of a game's actions, for learning code that needs a fixed action space.

A game's :class:`ActionCodec` numbers every action the game can ever list, ``0 .. size-1``,
so that any position has a fixed-size action space and a mask over it.  The numbering is a
concatenation of *families*, each a set of action texts in a fixed order:

* :class:`Table`: an explicit sequence of texts (the small families);
* :class:`Product`: a cross product of argument domains, numbered in mixed radix (the last
  argument varies fastest) and written by a function, for families too big to list; such a
  family reads its texts back with its own ``parse``;
* :class:`Stepwise`: actions without a bound on their number (a Scythe cargo: any amount of
  each resource), each chosen in several numbers: one *unit* at a time (a worker, a food),
  in any order, then ``done``.  Its numbers are the steps (``carry +food``, ``carry done``),
  not actions.

The numbering is the game's public contract with stored data sets and trained networks: it is
versioned (``version``) and a game changes it only with a new version.  ``encode`` takes an
action's canonical text (``str(action)``) and ``decode`` gives it back:
``codec.decode(codec.encode(text)) == text`` for every action of one number;
``encode_steps`` and ``decode_steps`` do the same for every action, as a list of numbers.
At a position, :meth:`ActionCodec.choices` says which numbers are legal and what each does,
a stepwise choice in progress included (see :class:`Choices`).

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


class Stepwise(Family):
    """Actions chosen in several numbers: an action is a count of each of ``units`` (a cargo:
    workers, food, ...), without an upper bound, chosen one unit at a time, in any order,
    then closed by ``done``.  The family's numbers are the steps, ``NAME +UNIT`` for each
    unit, then ``NAME done``; they are no actions.  ``parse`` reads an action text as its
    counts (None for another text), ``render`` writes counts as the action's canonical text.

    >>> take = Stepwise("take", ("a", "b"), lambda c: f"take a{c[0]} b{c[1]}",
    ...     lambda t: tuple(int(w[1:]) for w in t.split()[1:]) if t.startswith("take ") else None)
    >>> list(take.texts()), take.counts("take a2 b0"), take.steps("take a2 b0")
    (['take +a', 'take +b', 'take done'], (2, 0), [0, 0, 2])
    """

    def __init__(
        self,
        name: str,
        units: Sequence[str],
        render: Callable[[tuple[int, ...]], str],
        parse: Callable[[str], tuple[int, ...] | None],
    ) -> None:
        self.name = name
        self.units = tuple(units)
        self.render = render
        self.parse = parse
        self._labels = (*(f"{name} +{unit}" for unit in self.units), f"{name} done")
        self.size = len(self._labels)
        #: The index of ``done`` in the family.
        self.done = len(self.units)
        self._counts: dict[str, tuple[int, ...] | None] = {}

    def text(self, index: int) -> str:
        return self._labels[index]

    def texts(self) -> Iterable[str]:
        return self._labels

    def counts(self, text: str) -> tuple[int, ...] | None:
        """The counts of an action of this family (its canonical text only), or None."""
        if text in self._counts:
            return self._counts[text]
        counts = self.parse(text)
        if counts is not None and (
            len(counts) != len(self.units)
            or any(type(n) is not int or n < 0 for n in counts)
            or self.render(tuple(counts)) != text
        ):
            counts = None
        found = None if counts is None else tuple(counts)
        if len(self._counts) < _MOST_REMEMBERED:
            self._counts[text] = found  # remembered: positions repeat
        return found

    def steps(self, text: str) -> list[int] | None:
        """The indexes in the family of the steps choosing an action (each unit as many
        times as it counts, in the order of ``units``, then ``done``), or None."""
        counts = self.counts(text)
        if counts is None:
            return None
        return [k for k, n in enumerate(counts) for _ in range(n)] + [self.done]


#: The most texts a :class:`Stepwise` family remembers having parsed.
_MOST_REMEMBERED: Final = 1 << 16


class ActionCodec:
    """A game's numbering of its actions: families laid end to end (see the module)."""

    def __init__(self, game: str, version: int, families: Sequence[Family]) -> None:
        self.game = game
        self.version = version
        self.families = tuple(families)
        self.offsets: tuple[int, ...] = tuple(
            sum(f.size for f in self.families[:k]) for k in range(len(self.families))
        )
        self.size = sum(f.size for f in self.families)
        self._ids: dict[str, int] = {}
        self._lazy: list[tuple[int, Family]] = []
        #: The stepwise families with their first numbers.
        self.stepwise: tuple[tuple[int, Stepwise], ...] = tuple(
            (o, f)
            for o, f in zip(self.offsets, self.families, strict=True)
            if isinstance(f, Stepwise)
        )
        #: Where each stepwise family's units start in :meth:`pending_counts`.
        self._pending_base: dict[int, int] = {}
        base = 0
        for offset, stepwise in self.stepwise:
            self._pending_base[offset] = base
            base += len(stepwise.units)
        #: How many numbers :meth:`pending_counts` gives.
        self.pending_size = base
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
        """The number of an action's canonical text; EncodingError if it has none (an
        action of a stepwise family has several: :meth:`encode_steps`)."""
        found = self._ids.get(text)
        if found is not None:
            return found
        for offset, family in self._lazy:
            index = family.index(text)
            if index is not None:
                self._ids[text] = offset + index  # remembered: positions repeat
                return offset + index
        if self._stepwise_text(text) is not None:
            raise EncodingError(
                f"{self.game} chooses {excerpt(text)} in several numbers (encode_steps)"
            )
        raise EncodingError(f"{self.game} has no action number for {excerpt(text)}")

    def encode_all(self, texts: Iterable[str]) -> list[int]:
        """The numbers of texts (strictly: EncodingError for a text without one)."""
        ids = self._ids
        return [ids[t] if t in ids else self.encode(t) for t in texts]

    def decode(self, number: int) -> str:
        """The canonical text of action ``number`` (of a step, for a stepwise family's
        numbers: ``carry +food``); EncodingError outside ``0 .. size-1``."""
        if type(number) is not int or not 0 <= number < self.size:
            raise EncodingError(
                f"{self.game} numbers its actions 0 to {self.size - 1}, not {excerpt(number)}"
            )
        k = bisect_right(self.offsets, number) - 1
        return self.families[k].text(number - self.offsets[k])

    def encode_steps(self, text: str) -> list[int]:
        """The numbers that choose an action: its number, or the steps of a stepwise family
        (each unit as many times as the action counts it, then ``done``); EncodingError
        for a text that is no action of the numbering (a step's text included)."""
        number = self._ids.get(text)
        if number is None:
            found = self._stepwise_text(text)
            if found is not None:
                offset, counts = found
                units = [offset + k for k, n in enumerate(counts) for _ in range(n)]
                return [*units, offset + len(counts)]
            number = self.encode(text)
        if self._stepwise_of(number) is not None:
            raise EncodingError(f"{self.game}: {excerpt(text)} is a step, not an action")
        return [number]

    def decode_steps(self, numbers: Sequence[int]) -> str:
        """The action that ``numbers`` choose (the inverse of :meth:`encode_steps`, the units
        in any order); EncodingError for numbers that choose none."""
        if not numbers:
            raise EncodingError(f"{self.game}: no numbers choose no action")
        last = numbers[-1]
        self.decode(last)
        found = self._stepwise_of(last)
        if found is None:
            if len(numbers) != 1:
                raise EncodingError(
                    f"{self.game}: action {last} is chosen alone, not after {len(numbers) - 1}"
                    " other numbers"
                )
            return self.decode(last)
        offset, family = found
        if last - offset != family.done:
            raise EncodingError(
                f"{self.game}: a stepwise choice ends with {family.text(family.done)!r}"
            )
        counts = self._tally(numbers[:-1], offset)[2] if len(numbers) > 1 else (0,) * family.done
        return family.render(counts)

    def choices(self, texts: Sequence[str]) -> Choices:
        """The legal numbers of a position whose legal action texts are ``texts``, and what
        each does (:class:`Choices`)."""
        return Choices(self, texts)

    def pending_names(self) -> list[str]:
        """What each number of :meth:`pending_counts` counts: each stepwise family's units
        (``carry +food``)."""
        return [f.text(k) for _, f in self.stepwise for k in range(len(f.units))]

    def pending_counts(self, chosen: Sequence[int]) -> list[int]:
        """How many times a stepwise choice in progress (``chosen``: the numbers chosen so
        far) holds each unit of each stepwise family, :attr:`pending_size` numbers (zeros
        when no choice is in progress): what an observation adds to a seat's view."""
        out = [0] * self.pending_size
        if chosen:
            offset, _, counts = self._tally(chosen)
            base = self._pending_base[offset]
            out[base : base + len(counts)] = counts
        return out

    def pending_text(self, chosen: Sequence[int]) -> str:
        """The action of the units chosen so far in a stepwise choice (``carry w2 food1``),
        as ``done`` would play it (if it is legal)."""
        _, family, counts = self._tally(chosen)
        return family.render(counts)

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

    # -- stepwise choices --------------------------------------------------------------------
    def _stepwise_text(self, text: str) -> tuple[int, tuple[int, ...]] | None:
        """The first number and the counts of an action of a stepwise family, or None."""
        for offset, family in self.stepwise:
            counts = family.counts(text)
            if counts is not None:
                return offset, counts
        return None

    def _stepwise_of(self, number: int) -> tuple[int, Stepwise] | None:
        """The stepwise family of a number (with its first number), or None."""
        if self.stepwise:
            k = bisect_right(self.offsets, number) - 1
            family = self.families[k]
            if isinstance(family, Stepwise):
                return self.offsets[k], family
        return None

    def _tally(
        self, chosen: Sequence[int], offset: int | None = None
    ) -> tuple[int, Stepwise, tuple[int, ...]]:
        """The stepwise family of the units ``chosen`` (of the family at ``offset`` if
        given), with the count of each unit; EncodingError if they are not units of one."""
        counts: list[int] = []
        found: tuple[int, Stepwise] | None = None
        for number in chosen:
            here = (
                self._stepwise_of(number)
                if type(number) is int and 0 <= number < self.size
                else None
            )
            if (
                here is None
                or number - here[0] == here[1].done
                or (found is not None and here[0] != found[0])
            ):
                raise EncodingError(
                    f"{self.game}: {excerpt(list(chosen))} are not the units of one stepwise choice"
                )
            if found is None:
                found = here
                counts = [0] * here[1].done
            counts[number - here[0]] += 1
        if found is None or (offset is not None and found[0] != offset):
            raise EncodingError(f"{self.game}: {excerpt(list(chosen))} choose no stepwise action")
        return found[0], found[1], tuple(counts)


class Choices:
    """A seat's legal numbers at one position, and what each does.

    Built from the seat's legal action texts (in the engine's order).  A text of one number
    has that number (the first text listed keeps a number two texts share).  The actions of
    a stepwise family are chosen in steps: with ``chosen`` the family's units already chosen
    at this position (in any order), :meth:`numbers` gives each legal number with the index
    of the text it plays, or None for a step that only adds its unit to the choice:

    * ``NAME +UNIT`` is legal iff some legal action of the family counts at least the units
      chosen plus this one;
    * ``NAME done`` is legal iff the units chosen are exactly a legal action: it plays it;
    * while a choice is in progress, only its family's steps are legal.

    So the actions reachable step by step are exactly the legal ones, and every choice in
    progress can be finished.

    >>> take = Stepwise("take", ("a", "b"), lambda c: f"take a{c[0]} b{c[1]}",
    ...     lambda t: tuple(int(w[1:]) for w in t.split()[1:]) if t.startswith("take ") else None)
    >>> codec = ActionCodec("toy", 1, [Table("words", ("pass",)), take])
    >>> legal = codec.choices(["pass", "take a0 b0", "take a2 b0", "take a0 b1"])
    >>> legal.numbers()
    {0: 0, 1: None, 2: None, 3: 1}
    >>> legal.numbers([1]), legal.numbers([1, 1]), legal.numbers([2])
    ({1: None}, {3: 2}, {3: 3})
    """

    def __init__(self, codec: ActionCodec, texts: Sequence[str]) -> None:
        self.codec = codec
        self._single: dict[int, int | None] = {}
        #: By stepwise family (its first number): each legal action's counts, its index.
        self._options: dict[int, dict[tuple[int, ...], int]] = {}
        self._maxima: dict[int, list[tuple[int, ...]]] = {}
        ids = codec._ids
        for index, text in enumerate(texts):
            number = ids.get(text)
            if number is None:
                found = codec._stepwise_text(text)
                if found is not None:
                    self._options.setdefault(found[0], {}).setdefault(found[1], index)
                    continue
                number = codec.encode(text)
            self._single.setdefault(number, index)

    def numbers(self, chosen: Sequence[int] = ()) -> dict[int, int | None]:
        """Each legal number now, with the index of the text it plays or None for a step of
        a stepwise choice (see the class); ``chosen``: the units of the choice in progress.
        The dictionary is shared: read it, do not change it."""
        if not chosen:
            if not self._options:
                return self._single
            out = dict(self._single)
            for offset, options in self._options.items():
                units = len(next(iter(options)))
                self._steps(offset, (0,) * units, out)
            return out
        offset, _, counts = self.codec._tally(chosen)
        out = {}
        if offset in self._options:
            self._steps(offset, counts, out)
        return out

    def _steps(self, offset: int, counts: tuple[int, ...], out: dict[int, int | None]) -> None:
        maxima = self._maxima.get(offset)
        if maxima is None:
            maxima = self._maxima[offset] = _maxima(self._options[offset])
        for k, n in enumerate(counts):
            for most in maxima:
                if most[k] > n and all(m >= c for m, c in zip(most, counts, strict=True)):
                    out[offset + k] = None
                    break
        played = self._options[offset].get(counts)
        if played is not None:
            out[offset + len(counts)] = played


def _maxima(points: Iterable[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The points that no other point is at least as big as in every count: some point is
    at least as big as ``c`` everywhere iff one of these is.

    >>> _maxima([(0, 0), (2, 0), (1, 1), (0, 1)])
    [(2, 0), (1, 1)]
    """
    points = list(points)
    if not points:
        return []
    top = tuple(map(max, zip(*points, strict=True)))
    if top in points:  # one point holds the most of everything (a box, a forced choice)
        return [top]
    out: list[tuple[int, ...]] = []
    for point in sorted(points, key=sum, reverse=True):  # what dominates it comes first
        if not any(all(m >= c for m, c in zip(most, point, strict=True)) for most in out):
            out.append(point)
    return out
