"""The public log as a list, from its immutable chain (``(previous, entry)`` nodes shared by
a state and its copies), remembering the last list built: a view asks for the log at every
call, and from one call to the next the chain has mostly grown by a few entries (or not at
all), so only the new nodes are walked.

>>> chain = None
>>> for entry in ("a", "b"):
...     chain = (chain, entry)
>>> entries(chain), entries((chain, "c")), entries(None)
(['a', 'b'], ['a', 'b', 'c'], [])
"""

from __future__ import annotations

from typing import Any

#: The last chain read and its entries (replaced as one tuple: safe across threads).
_last: tuple[Any, list[str]] = (None, [])


def entries(tail: Any) -> list[str]:
    """The entries of the chain ending at ``tail``, oldest first (a new list each call)."""
    global _last
    known, known_entries = _last
    if tail is known:
        return known_entries[:]
    new: list[str] = []
    node = tail
    while node is not None and node is not known:
        node, entry = node
        new.append(entry)
    new.reverse()
    # Walked to the start without meeting the known tail: another chain (another game, or
    # an earlier position), read in full.
    result = new if node is None and known is not None else known_entries + new
    _last = (tail, result)
    return result[:]
