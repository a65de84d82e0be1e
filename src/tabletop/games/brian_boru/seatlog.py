"""A seat's log lines as its view shows them, remembering the last list built for each seat:
a view asks for the log at every call, and the log only grows (lines are appended, never
changed), so from one call to the next only the new lines are read.

>>> log = [(-1, "round 1"), (0, "you keep 3 and 7")]
>>> lines(log, 0), lines(log, 1), lines(log, None)
(['round 1', 'P1: you keep 3 and 7'], ['round 1'], ['round 1'])
>>> log.append((-1, "round 2"))
>>> lines(log, 0)
['round 1', 'P1: you keep 3 and 7', 'round 2']
"""

from __future__ import annotations

#: For each seat (None: a spectator), the lines last read: how many, the last of them (the
#: very object, which a log sharing that history holds at that place), and the text.
_last: dict[int | None, tuple[int, tuple[int, str] | None, list[str]]] = {}


def _read(entries: list[tuple[int, str]], seat: int | None) -> list[str]:
    return [
        text if vis < 0 else f"P{vis + 1}: {text}"
        for vis, text in entries
        if vis < 0 or vis == seat
    ]


def lines(log: list[tuple[int, str]], seat: int | None) -> list[str]:
    """The lines of ``log`` that ``seat`` may see, oldest first (a new list each call)."""
    known = _last.get(seat)
    size = len(log)
    if known is not None:
        count, last, text = known
        if count <= size and (count == 0 or log[count - 1] is last):
            if count == size:
                return text[:]
            text = text + _read(log[count:], seat)
            _last[seat] = (size, log[-1], text)
            return text[:]
    text = _read(log, seat)
    _last[seat] = (size, log[-1] if log else None, text)
    return text[:]
