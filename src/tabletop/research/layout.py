"""Generates a game's observation layout (:mod:`tabletop.research.observation`) from the
views of seeded random games, into ``games/<game>/observation.json``::

    python -m tabletop.research.layout scythe > src/tabletop/games/scythe/observation.json

Every key seen gets a node; a dictionary keyed by seats (``"0"`` to ``"4"``) or by many
places (Scythe's board, Brian Boru's towns) gets every seat or place (:data:`KEYS`) and one
node for all of them, built from everything seen under any of them (less what each place
always shows the same: the map's own data, such as a town's colour).  Numbers stay numbers,
text one slot per value seen (text with more than :data:`MOST_VALUES` values, free text,
is left out), lists of up to :data:`MOST_POSITIONAL` elements or of numbers keep their
order (at most :data:`MOST_ELEMENTS`), longer lists of text become counts of each value.
The same games give the same layout; regenerating it after a view changes is a new version
of the layout.

>>> views = [{"a": 1, "b": ["x"]}, {"a": None, "b": ["y", "x"], "c": {"d": True}}]
>>> infer(views, ())
['dict', [['a', ['num']], ['b', ['list', 2, ['cat', ['x', 'y']]]], ['c', ['dict', [['d', \
['num']]]]]]]
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from tabletop.engine import JSON, get_game, new_game
from tabletop.games.brian_boru.board import TOWN_IDS as BB_TOWNS
from tabletop.games.scythe.board import HEXES as SCYTHE_HEXES
from tabletop.games.scythe.data.factions import FACTIONS as SCYTHE_FACTIONS
from tabletop.games.scythe.data.mats import MATS as SCYTHE_MATS
from tabletop.games.terra_mystica.data.board import LAND_HEXES, RIVER_HEXES
from tabletop.games.terra_mystica.notation import FACTIONS as TM_FACTIONS

TM_HEXES: Final = (*LAND_HEXES, *RIVER_HEXES)

MOST_VALUES: Final = 128
MOST_POSITIONAL: Final = 8
MOST_ELEMENTS: Final = 128

#: Keys left out of each game's layout: free text and what the rest already says.
SKIP: Final[Mapping[str, tuple[str, ...]]] = {
    "brian-boru": ("name", "prompt", "game", "log", "labels"),
    "scythe": ("name", "condition", "log", "labels", "prompt", "card_text"),
    "terra-mystica": ("log", "name", "prompt", "labels", "moves"),
}
#: Every key of a dictionary (a path as ``players[].faction``, ``board``), when some may
#: never have been seen in the sampled games.
KEYS: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "scythe": {"board": SCYTHE_HEXES},
    "brian-boru": {"towns": BB_TOWNS},
    "terra-mystica": {
        "bonus_coins": tuple(f"BON{k}" for k in range(1, 11)),
        "favor_pool": tuple(f"FAV{k}" for k in range(1, 13)),
        "town_pool": tuple(f"TW{k}" for k in range(1, 9)),
    },
}
#: Every value of a text, where some may never have been seen.
VALUES: Final[Mapping[str, Mapping[str, tuple[Any, ...]]]] = {
    "scythe": {
        "players[].faction": tuple(SCYTHE_FACTIONS),
        "players[].mat": tuple(SCYTHE_MATS),
        "players[].character": SCYTHE_HEXES,
    },
    "terra-mystica": {
        "factions[]": ("", *sorted(TM_FACTIONS)),
        "bonus[]": ("", *(f"BON{k}" for k in range(1, 11))),
        "scoring[]": tuple(f"SCORE{k}" for k in range(1, 10)),
        "favors[][]": tuple(f"FAV{k}" for k in range(1, 13)),
    },
}
#: Sets of values (places, factions) that a text seen taking mostly values of one set may
#: take all of.
VALUE_SETS: Final[Mapping[str, tuple[tuple[str, ...], ...]]] = {
    "scythe": (SCYTHE_HEXES,),
    "brian-boru": (BB_TOWNS,),
    "terra-mystica": (TM_HEXES, tuple(sorted(TM_FACTIONS))),
}
#: Seats a dictionary keyed by seats may name.
MOST_SEATS: Final = 5
#: A dictionary of at least this many keys whose values are all dictionaries is a map of
#: places: one node for every place.
MAP_KEYS: Final = 8
#: Setups sampled besides each player count's default one.
EXTRA_OPTIONS: Final[Mapping[str, tuple[tuple[int, dict[str, Any]], ...]]] = {
    "scythe": ((2, {"automa": "-,automa"}),),
}


@dataclass
class Sketch:
    """What was seen at one place of the views."""

    kinds: set[str] = field(default_factory=set)
    seen: int = 0
    values: set[tuple[str, Any]] = field(default_factory=set)
    longest: int = 0
    element: Sketch | None = None
    keys: dict[str, Sketch] = field(default_factory=dict)

    def add(self, value: JSON, skip: Iterable[str]) -> None:
        self.seen += 1
        if value is None:
            self.kinds.add("null")
        elif isinstance(value, dict):
            self.kinds.add("dict")
            for key, item in value.items():
                if key not in skip:
                    self.keys.setdefault(str(key), Sketch()).add(item, skip)
        elif isinstance(value, list):
            self.kinds.add("list")
            self.longest = max(self.longest, len(value))
            if self.element is None:
                self.element = Sketch()
            for item in value:
                self.element.add(item, skip)
        else:
            self.kinds.add("str" if isinstance(value, str) else "num")
            if len(self.values) <= MOST_VALUES:
                self.values.add((type(value).__name__, value))

    def merge(self, other: Sketch) -> None:
        self.seen += other.seen
        self.kinds |= other.kinds
        self.values |= other.values
        self.longest = max(self.longest, other.longest)
        if other.element is not None:
            if self.element is None:
                self.element = Sketch()
            self.element.merge(other.element)
        for key, sketch in other.keys.items():
            self.keys.setdefault(key, Sketch()).merge(sketch)


def _sorted_values(
    sketch: Sketch, extra: tuple[Any, ...] = (), sets: tuple[tuple[str, ...], ...] = ()
) -> list[Any]:
    values = sketch.values | {(type(v).__name__, v) for v in extra}
    texts = {v for t, v in values if t == "str"}
    for known in sets:
        if texts and 2 * len(texts & set(known)) >= len(texts):
            values |= {("str", v) for v in known}
    return [v for _, v in sorted(values, key=lambda tv: (tv[0], str(tv[1])))]


def _dict_node(sketch: Sketch, path: str, hints: _Hints) -> list[Any] | None:
    keys = set(sketch.keys)
    children = list(sketch.keys.values())
    seats = all(k.isdigit() for k in keys)
    places = len(keys) >= MAP_KEYS and all(c.kinds - {"null"} == {"dict"} for c in children)
    if seats or places or path in hints.keys:
        # One node for every key, from everything seen under any of them.
        shared = Sketch()
        for child in children:
            shared.merge(child)
        if places:
            # What each place always shows the same (Brian Boru's town colours) is the map's
            # data, not the game's state: left out.
            for field_name in _static_fields(children):
                del shared.keys[field_name]
        keys |= set(hints.keys.get(path, ()))
        if seats:
            keys |= {str(s) for s in range(MOST_SEATS)}
        node = _node(shared, f"{path}.*", hints)
        ordered = sorted(keys, key=lambda k: (len(k), k)) if seats else sorted(keys)
        if path in hints.keys:
            listed = hints.keys[path]
            ordered = [*listed, *sorted(keys - set(listed))]
        return None if node is None else ["map", ordered, node]
    else:
        fields = [
            [k, n]
            for k, s in sorted(sketch.keys.items())
            if (n := _node(s, f"{path}.{k}" if path else k, hints)) is not None
        ]
    return ["dict", fields] if fields else None


def _static_fields(places: list[Sketch]) -> list[str]:
    """Fields of the places' dictionaries that each place always shows, always with one and
    the same value, throughout the sampled games (a different one at different places, or
    the same)."""
    names = {name for place in places for name in place.keys}
    return sorted(
        name
        for name in names
        if all(
            name in place.keys
            and place.keys[name].seen == place.seen
            and place.keys[name].kinds in ({"str"}, {"num"})
            and len(place.keys[name].values) == 1
            for place in places
        )
    )


def _node(sketch: Sketch, path: str, hints: _Hints) -> list[Any] | None:
    kinds = sketch.kinds - {"null"}
    node: list[Any] | None
    extra = hints.values.get(path, ())
    if "dict" in kinds:
        node = _dict_node(sketch, path, hints)
    elif "list" in kinds:
        element = sketch.element
        inner_path = f"{path}[]"
        if element is None or not element.kinds - {"null"}:
            node = ["list", 0, ["num"]] if sketch.longest == 0 else None
        elif (
            element.kinds - {"null"} == {"str"}
            and sketch.longest > MOST_POSITIONAL
            and len(element.values) <= MOST_VALUES
        ):
            node = ["bag", _sorted_values(element, hints.values.get(inner_path, ()), hints.sets)]
        else:
            inner = _node(element, inner_path, hints)
            most = min(sketch.longest, MOST_ELEMENTS)
            node = None if inner is None else ["list", most, inner]
    elif "str" in kinds:
        fits = len(sketch.values) <= MOST_VALUES
        node = ["cat", _sorted_values(sketch, extra, hints.sets)] if fits else None
    elif "num" in kinds:
        node = ["num"]
    else:
        return None
    if node is not None and "null" in sketch.kinds and node[0] in ("dict", "list"):
        node = ["opt", node]
    return node


@dataclass
class _Hints:
    keys: Mapping[str, tuple[str, ...]]
    values: Mapping[str, tuple[Any, ...]]
    sets: tuple[tuple[str, ...], ...] = ()


def infer(
    views: Iterable[JSON],
    skip: Iterable[str],
    keys: Mapping[str, tuple[str, ...]] | None = None,
    values: Mapping[str, tuple[Any, ...]] | None = None,
    sets: tuple[tuple[str, ...], ...] = (),
) -> list[Any]:
    """The layout of these views (keys in ``skip`` left out, at any depth; ``keys``,
    ``values`` and ``sets`` as :data:`KEYS`, :data:`VALUES` and :data:`VALUE_SETS`)."""
    root = Sketch()
    skipped = frozenset(skip)
    for view in views:
        root.add(view, skipped)
    node = _node(root, "", _Hints(keys or {}, values or {}, sets))
    if node is None:
        raise ValueError("nothing to encode in these views")
    return node


#: Random games sampled per setup (Terra Mystica's are short: random players pass early).
GAMES: Final[Mapping[str, int]] = {"brian-boru": 6, "scythe": 4, "terra-mystica": 30}


def sample_views(game_id: str, games: int = 0, every: int = 3) -> Iterator[JSON]:
    """Views of every seat (and the spectator) along seeded random games."""
    game = get_game(game_id)
    games = games or GAMES.get(game_id, 4)
    setups: list[tuple[int, dict[str, Any]]] = [(p, {}) for p in game.player_counts]
    setups += EXTRA_OPTIONS.get(game_id, ())
    for players, options in setups:
        for seed in range(games):
            state = new_game(game_id, players, options, seed=seed)
            rng = random.Random(seed)
            step = 0
            while True:
                if step % every == 0 or state.is_over():
                    yield state.view(None)
                    for seat in range(players):
                        yield state.view(seat)
                if state.is_over():
                    break
                seat = rng.choice(state.to_move())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                step += 1


def layout_json(game_id: str, layout: list[Any]) -> str:
    """The text of ``games/<game>/observation.json``: one top-level key a line."""
    head = json.dumps({"game": game_id, "version": 1})[:-1]
    if layout[0] != "dict":
        return f'{head}, "layout": {json.dumps(layout)}}}\n'
    fields = ",\n  ".join(json.dumps(field, ensure_ascii=False) for field in layout[1])
    return f'{head}, "layout": ["dict", [\n  {fields}\n]]}}\n'


def main(argv: list[str]) -> None:
    """Print the layout of the game named in ``argv`` (its ``observation.json``)."""
    game_id = argv[0]
    layout = infer(
        sample_views(game_id),
        SKIP.get(game_id, ()),
        KEYS.get(game_id, {}),
        VALUES.get(game_id, {}),
        VALUE_SETS.get(game_id, ()),
    )
    sys.stdout.write(layout_json(game_id, layout))


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
