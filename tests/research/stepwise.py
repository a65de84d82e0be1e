"""Exploring a stepwise choice (:class:`tabletop.engine.encoding.Choices`) the way an agent
meets it, checking each step against the definition, for the tests of the numberings and
of Scythe's cargos."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabletop.engine.encoding import ActionCodec


def below(points: Iterable[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """Every count vector at most one of ``points`` in every count (the points included)."""
    out: set[tuple[int, ...]] = set()
    todo = list(points)
    while todo:
        point = todo.pop()
        if point in out:
            continue
        out.add(point)
        for k, n in enumerate(point):
            if n:
                todo.append((*point[:k], n - 1, *point[k + 1 :]))
    return out


def counts_of(codec: ActionCodec, chosen: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The first number of the stepwise family of ``chosen`` and how many of each unit."""
    offset = max(o for o, _ in codec.stepwise if o <= chosen[0])
    family = dict(codec.stepwise)[offset]
    counts = [0] * len(family.units)
    for number in chosen:
        counts[number - offset] += 1
    return offset, tuple(counts)


def explore(codec: ActionCodec, texts: Sequence[str]) -> tuple[set[str], int]:
    """The actions reachable from a position whose legal texts are ``texts`` through the
    legal numbers of :meth:`Choices.numbers`, and how many partial choices were met.  At
    every partial choice the legal numbers are checked against the definition: a unit iff
    some legal action of the family holds at least the units chosen with it, ``done`` iff
    the units chosen are exactly a legal action (which it plays), single numbers only
    before any unit is chosen; and every partial choice can go on."""
    choices = codec.choices(texts)
    legal: dict[int, dict[tuple[int, ...], int]] = {offset: {} for offset, _ in codec.stepwise}
    single: dict[int, int | None] = {}
    for index, text in enumerate(texts):
        for offset, family in codec.stepwise:
            counts = family.counts(text)
            if counts is not None:
                legal[offset].setdefault(counts, index)
                break
        else:
            single.setdefault(codec.encode(text), index)
    under = {offset: below(points) for offset, points in legal.items()}

    def expected(offset: int, counts: tuple[int, ...]) -> dict[int, int | None]:
        out: dict[int, int | None] = {}
        for k in range(len(counts)):
            if (*counts[:k], counts[k] + 1, *counts[k + 1 :]) in under[offset]:
                out[offset + k] = None
        if counts in legal[offset]:
            out[offset + len(counts)] = legal[offset][counts]
        return out

    reached: set[str] = set()
    seen: set[tuple[int, ...]] = {()}
    todo: list[tuple[int, ...]] = [()]
    while todo:
        chosen = todo.pop()
        numbers = choices.numbers(chosen)
        if chosen:
            want = expected(*counts_of(codec, chosen))
        else:
            want = dict(single)
            for offset, family in codec.stepwise:
                want.update(expected(offset, (0,) * len(family.units)))
        assert numbers == want, (chosen, numbers, want)
        assert numbers or not texts, f"the choice {chosen} cannot go on"
        for number, played in numbers.items():
            if played is not None:
                reached.add(texts[played])
                if chosen:
                    assert codec.pending_text(chosen) == texts[played]
                continue
            step = tuple(sorted((*chosen, number)))
            if step not in seen:
                seen.add(step)
                todo.append(step)
    return reached, len(seen)
