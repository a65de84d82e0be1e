"""The observation arrays: the generated encoder agrees with the layout walked node by node
on the views of random games, and odd values land where the layout says."""

from __future__ import annotations

import hashlib
import random

import pytest

from tabletop.engine import get_game, new_game
from tests.research.conftest import require

np = require("numpy")
from tabletop.research.observation import ObservationCodec  # noqa: E402
from tabletop.research.spaces import GAMES, observations  # noqa: E402


@pytest.mark.parametrize("game", GAMES)
def test_generated_encoder_matches_the_layout(game: str) -> None:
    codec = observations(game)
    assert len(codec.names()) == codec.size
    checked = 0
    for players in get_game(game).player_counts:
        state = new_game(game, players, seed=players)
        rng = random.Random(players)
        step = 0
        while not state.is_over() and step < 600:
            seat = rng.choice(state.to_move())
            if step % 9 == 0:
                for who in (seat, None):
                    view = state.view(who)
                    array = codec.encode(view)
                    assert array.dtype == np.float32 and array.shape == (codec.size,)
                    assert np.array_equal(array, codec.encode_by_walking(view))
                    assert array.any()
                    checked += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
    assert checked > 20


LAYOUT = [
    "dict",
    [
        ["phase", ["cat", ["bid", "play"]]],
        ["seat", ["cat", [0, 1, True]]],
        ["cards", ["bag", ["a", "b"]]],
        ["board", ["map", ["x", "y"], ["opt", ["list", 2, ["num"]]]]],
    ],
]


@pytest.mark.parametrize("walk", [False, True])
def test_odd_values(walk: bool) -> None:
    codec = ObservationCodec("toy", 1, LAYOUT)
    encode = codec.encode_by_walking if walk else codec.encode
    assert codec.names() == [
        "phase=bid", "phase=play", "phase=?",
        "seat=0", "seat=1", "seat=True", "seat=?",
        "cards#a", "cards#b", "cards#?",
        "board.x?", "board.x.len", "board.x[0]", "board.x[1]",
        "board.y?", "board.y.len", "board.y[0]", "board.y[1]",
    ]  # fmt: skip
    view = {
        "phase": "scoring",  # never seen: the other slot
        "seat": True,  # True is not 1
        "cards": ["a", "c", "a", ["nested"]],
        "board": {"x": [4, "text", 5], "z": [9]},  # text is no number; z is not in the layout
        "unknown": 1,
    }
    assert encode(view).tolist() == [0, 0, 1, 0, 0, 1, 0, 2, 0, 1, 1, 3, 4, 0, 0, 0, 0, 0]
    assert encode({"phase": None, "seat": 1, "board": None}).tolist() == [0] * 4 + [1] + [0] * 13
    assert not encode([1, 2]).any() and not encode("text").any()


def test_versions_pin_the_layouts() -> None:
    """The slots are a contract with trained networks: a change needs a new version."""
    sizes = {game: (observations(game).version, observations(game).size) for game in GAMES}
    assert sizes == {"brian-boru": (1, 3715), "scythe": (1, 5431), "terra-mystica": (1, 4386)}
    # What every slot holds, in order (the start of a SHA-256 of the slots' names).
    digests = {
        game: hashlib.sha256("\n".join(observations(game).names()).encode()).hexdigest()[:16]
        for game in GAMES
    }
    assert digests == {
        "brian-boru": "64bb265b9e30e1de",
        "scythe": "a1e16f849359d09f",
        "terra-mystica": "3bbfe21d60fd9f53",
    }


@pytest.mark.parametrize("walk", [False, True])
def test_big_maps_visit_the_keys_present(walk: bool) -> None:
    """A map of many places (a board) is written from the keys the view holds: unknown keys
    and null places are left out, every place's slots are where the layout puts them."""
    places = [f"p{k}" for k in range(10)]
    codec = ObservationCodec(
        "toy", 1, ["map", places, ["dict", [["n", ["num"]], ["owner", ["cat", [0, 1, None]]]]]]
    )
    encode = codec.encode_by_walking if walk else codec.encode
    view = {"p3": {"n": 2, "owner": 1}, "p9": {"owner": None}, "p0": None, "elsewhere": {"n": 7}}
    array = encode(view)
    assert array.shape == (10 * 5,)
    assert dict(zip(codec.names(), array.tolist(), strict=True)) == {
        **{name: 0.0 for name in codec.names()},
        "p3.n": 2.0,
        "p3.owner=1": 1.0,
    }  # a null value leaves its slots at zero, as everywhere
    assert not encode({"p1": {"owner": True}})[:5].any()  # True is not 1: the other slot
    assert encode({"p1": {"owner": True}})[5 + 4] == 1.0


@pytest.mark.parametrize("walk", [False, True])
def test_long_lists_of_numbers(walk: bool) -> None:
    """A long list of numbers is written as it is, and written element by element when it
    holds anything else (null, text, true, a list): the same slots either way."""
    codec = ObservationCodec("toy", 1, ["list", 9, ["num"]])
    encode = codec.encode_by_walking if walk else codec.encode
    assert encode(list(range(-1, 11))).tolist() == [12, *range(-1, 8)]
    assert encode([0, 0.0, False, None]).tolist() == [4] + [0] * 9
    mixed = [2, None, "x", True, [5], 1.5, 0, -3]
    assert encode(mixed).tolist() == [8, 2, 0, 0, 1, 0, 1.5, 0, -3, 0]
    assert encode([]).tolist() == [0] * 10
