"""Colour is never the only carrier of meaning: in every game's drawings, every shape
painted in a colour is told in words by a ``<title>`` (its own or that of the piece,
space or board part it belongs to), for every seat and the spectator, along seeded games."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from tabletop.engine import State, new_game
from tabletop.pages import boards

SVG = "{http://www.w3.org/2000/svg}"
SHAPES = frozenset(f"{SVG}{tag}" for tag in ("circle", "ellipse", "rect", "polygon", "path"))


def untold(root: ET.Element) -> Iterator[tuple[int, ET.Element]]:
    """Every coloured shape (``(1, shape)``), and those without words (``(0, shape)``)."""
    parents = {child: parent for parent in root.iter() for child in parent}
    for shape in root.iter():
        if shape.tag not in SHAPES or shape.get("fill") in (None, "none"):
            continue
        node: ET.Element | None = shape
        while node is not None and node is not root:
            title = node.find(f"{SVG}title")
            if title is not None and (title.text or "").strip():
                yield 1, shape
                break
            node = parents.get(node)
        else:
            yield 0, shape


def positions(game: str, players: int, options: dict[str, str], seed: int) -> Iterator[State]:
    state = new_game(game, players, options, seed)
    rng = random.Random(seed)
    for step in range(1500):
        if state.is_over():
            break
        if step % 60 == 0:
            yield state
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    yield state


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("brian-boru", 4, {}),
        ("terra-mystica", 3, {}),
        ("scythe", 3, {}),
        ("scythe", 2, {"automa": "-,automa"}),
    ],
)
def test_every_coloured_shape_is_told_in_words(
    game: str, players: int, options: dict[str, str]
) -> None:
    told = 0
    for state in positions(game, players, options, 11):
        for seat in (None, *range(players)):
            for heading, text in boards.sections(game, state.view(seat), seat):
                for ok, shape in untold(ET.fromstring(text)):
                    assert ok, f"{heading}: a {shape.tag[len(SVG) :]} {shape.attrib} has no words"
                    told += 1
    assert told > 100  # the drawings were drawn, with pieces in them
