"""Every game's action numbering (games/<game>/encoding.py): every legal action of random
positions has a number that gives its text back, and no two legal actions share one."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine import get_game, new_game
from tabletop.engine.encoding import EAGER_LIMIT, ActionCodec, EncodingError, Product, Table
from tabletop.games.brian_boru.encoding import ACTIONS as BRIAN_BORU
from tabletop.games.scythe.encoding import ACTIONS as SCYTHE
from tabletop.games.scythe.encoding import MOST_CARGO, nearest
from tabletop.games.terra_mystica.encoding import ACTIONS as TERRA_MYSTICA

CODECS: dict[str, ActionCodec] = {
    "brian-boru": BRIAN_BORU,
    "scythe": SCYTHE,
    "terra-mystica": TERRA_MYSTICA,
}


def over_limit(game: str, text: str) -> bool:
    """A Scythe cargo with more of a resource than the numbering holds (see its module)."""
    if game != "scythe" or not text.startswith("carry"):
        return False
    return any(
        int(word.lstrip("abcdefghijklmnopqrstuvwxyz")) > MOST_CARGO
        for word in text.split()[1:]
        if word != "nothing" and not word.startswith("w")
    )


def check_position(game: str, state, seat: int) -> int:
    """Checks every legal action of ``seat``; how many were checked."""
    codec = CODECS[game]
    legal = state.legal_actions(seat)
    numbers = codec.encode_legal(str(a) for a in legal)
    exact: dict[int, str] = {}
    for action, number in zip(legal, numbers, strict=True):
        text = str(action)
        assert 0 <= number < codec.size
        if over_limit(game, text):
            with pytest.raises(EncodingError):
                codec.encode(text)
            assert codec.decode(number) == nearest(text)
            continue
        assert codec.encode(text) == number
        assert codec.decode(number) == text
        assert get_game(game).parse_action(codec.decode(number)) == action
        assert exact.setdefault(number, text) == text, f"{text} and {exact[number]} share {number}"
    return len(legal)


def play_and_check(game: str, players: int, seed: int, steps: int) -> int:
    state = new_game(game, players, seed=seed)
    rng = random.Random(seed)
    checked = 0
    for _ in range(steps):
        if state.is_over():
            break
        for seat in state.to_move():
            checked += check_position(game, state, seat)
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return checked


@pytest.mark.parametrize("game", sorted(CODECS))
def test_whole_random_games(game: str) -> None:
    """One whole random game per player count (Terra Mystica's first 400 moves)."""
    for players in get_game(game).player_counts:
        assert play_and_check(game, players, seed=players, steps=400) > 100


@pytest.mark.parametrize("game", sorted(CODECS))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_positions(game: str, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(get_game(game).player_counts), label="players")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    assert play_and_check(game, players, seed, steps=150) > 0


def test_versions_pin_the_numbering() -> None:
    """The numbering is a contract with stored data: a change needs a new version."""
    assert (BRIAN_BORU.version, BRIAN_BORU.size) == (1, 763)
    assert (SCYTHE.version, SCYTHE.size) == (1, 57837)
    assert (TERRA_MYSTICA.version, TERRA_MYSTICA.size) == (1, 2232)
    assert BRIAN_BORU.encode("pick 3 17") == 457
    assert SCYTHE.encode("section 1") == 0
    assert SCYTHE.decode(9595) == "carry nothing"
    assert SCYTHE.encode("carry w2 food1 oil3") == 9595 + (2 * 8 + 1) * 8**3 + 3
    assert TERRA_MYSTICA.encode("transform F4 to black") == 753
    assert TERRA_MYSTICA.encode("leech 2 from witches") == 1587
    # Every number's text, in order (the start of each numbering's SHA-256).
    assert BRIAN_BORU.digest().startswith("bd6bcf9ecfd4cdfb")
    assert SCYTHE.digest().startswith("379bd8dd6c3a3a70")
    assert TERRA_MYSTICA.digest().startswith("ca09a9be88996e87")


def test_numbers_outside_refused() -> None:
    for codec in CODECS.values():
        for bad in (-1, codec.size, True, 1.0):
            with pytest.raises(EncodingError):
                codec.decode(bad)  # type: ignore[arg-type]
        with pytest.raises(EncodingError):
            codec.encode("fly to the moon")


def test_a_family_too_big_to_list_is_parsed() -> None:
    """Families above EAGER_LIMIT are numbered by arithmetic and read back by their parse."""

    def parse(text: str) -> tuple[int, ...] | None:
        words = text.split()
        if len(words) != 3 or words[0] != "go" or not all(w.isdigit() for w in words[1:]):
            return None
        return int(words[1]), int(words[2])

    big = Product("go", (range(300), range(300)), lambda a: f"go {a[0]} {a[1]}", parse)
    assert big.size > EAGER_LIMIT
    codec = ActionCodec("toy", 1, [Table("words", ["pass"]), big])
    assert codec.encode("go 2 7") == 1 + 2 * 300 + 7
    assert codec.decode(codec.encode("go 299 299")) == "go 299 299"
    assert codec.encode_all(["pass", "go 0 0"]) == [0, 1]
    for bad in ("go 300 1", "go 01 1", "go 1"):  # outside, not canonical, malformed
        with pytest.raises(EncodingError):
            codec.encode(bad)
    with pytest.raises(ValueError, match="no parse"):
        ActionCodec("toy", 1, [Product("go", (range(300), range(300)), str)])
