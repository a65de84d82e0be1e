"""Seeded, copyable randomness for game states.

The engine never touches global randomness or the clock: every random
event (shuffles, deals, first players) draws from the state's own
:class:`Rng`.  Its whole state is one 64-bit integer, so copying a game
state and writing it to JSON cost nothing extra.

The generator is SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast in
pure Python and good enough for shuffling cards.

>>> rng = Rng(42)
>>> [rng.randbelow(6) for _ in range(5)]
[1, 1, 0, 0, 4]
>>> again = Rng(42)
>>> [again.randbelow(6) for _ in range(5)]
[1, 1, 0, 0, 4]
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_LIMIT = 1 << 64


class Rng:
    """A SplitMix64 generator whose state is a single integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if not 0 < n <= _LIMIT:
            raise ValueError(f"randbelow needs a bound from 1 to 2**64, not {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): ``randbelow(i + 1)`` for each ``i`` from
        the top, written out in one loop (searches shuffle in every determinization).

        >>> a, b = Rng(7), Rng(7)
        >>> cards = list(range(10))
        >>> a.shuffle(cards)
        >>> slow = list(range(10))
        >>> for i in range(9, 0, -1):
        ...     j = b.randbelow(i + 1)
        ...     slow[i], slow[j] = slow[j], slow[i]
        >>> cards == slow and a.state == b.state
        True
        """
        state = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = _LIMIT - _LIMIT % n
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for sub-streams)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
