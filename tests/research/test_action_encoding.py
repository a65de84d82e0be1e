"""Every game's action numbering (games/<game>/encoding.py): every legal action of random
positions has numbers that give its text back (one number, or the steps of a stepwise
family such as Scythe's cargos), and no two legal actions share one; stepwise families
reach exactly the legal actions step by step."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine import get_game, new_game
from tabletop.engine.encoding import (
    EAGER_LIMIT,
    ActionCodec,
    Choices,
    EncodingError,
    Product,
    Stepwise,
    Table,
)
from tabletop.games.brian_boru.encoding import ACTIONS as BRIAN_BORU
from tabletop.games.scythe.encoding import ACTIONS as SCYTHE
from tabletop.games.terra_mystica.encoding import ACTIONS as TERRA_MYSTICA
from tests.research.stepwise import explore

CODECS: dict[str, ActionCodec] = {
    "brian-boru": BRIAN_BORU,
    "scythe": SCYTHE,
    "terra-mystica": TERRA_MYSTICA,
}


def stepwise_names(codec: ActionCodec) -> set[str]:
    return {family.name for _, family in codec.stepwise}


def check_position(game: str, state, seat: int) -> int:
    """Checks every legal action of ``seat``; how many were checked."""
    codec = CODECS[game]
    legal = state.legal_actions(seat)
    texts = [str(a) for a in legal]
    first = codec.choices(texts).numbers()
    exact: dict[int, str] = {}
    for action, text in zip(legal, texts, strict=True):
        steps = codec.encode_steps(text)
        assert all(0 <= n < codec.size for n in steps)
        assert codec.decode_steps(steps) == text
        assert get_game(game).parse_action(codec.decode_steps(steps)) == action
        if codec.family_of(steps[-1]) in stepwise_names(codec):
            with pytest.raises(EncodingError, match="several numbers"):
                codec.encode(text)
            continue
        (number,) = steps
        assert codec.encode(text) == number
        assert codec.decode(number) == text
        played = first[number]
        assert played is not None and texts[played] == text  # the number plays this text
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
    assert (SCYTHE.version, SCYTHE.size) == (2, 20979)
    assert (TERRA_MYSTICA.version, TERRA_MYSTICA.size) == (1, 2232)
    assert BRIAN_BORU.encode("pick 3 17") == 457
    assert SCYTHE.encode("section 1") == 0
    assert SCYTHE.decode(9595) == "carry +worker"
    assert SCYTHE.decode(9600) == "carry done"
    assert SCYTHE.encode_steps("carry w2 food1 oil3") == [9595, 9595, 9596, 9599, 9599, 9599, 9600]
    assert SCYTHE.encode_steps("carry nothing") == [9600]
    assert SCYTHE.encode("produce 0,1 1") == 9601
    assert TERRA_MYSTICA.encode("transform F4 to black") == 753
    assert TERRA_MYSTICA.encode("leech 2 from witches") == 1587
    # Every number's text, in order (the start of each numbering's SHA-256).
    assert BRIAN_BORU.digest().startswith("bd6bcf9ecfd4cdfb")
    assert SCYTHE.digest().startswith("b61b3b6b7da51f2e")
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


def _take_text(counts: tuple[int, ...]) -> str:
    parts = [f"{unit}{n}" for unit, n in zip("abc", counts, strict=True) if n]
    return "take " + (" ".join(parts) if parts else "nothing")


def _take_parse(text: str) -> tuple[int, ...] | None:
    words = text.split()
    if not words or words[0] != "take":
        return None
    counts = [0, 0, 0]
    for word in words[1:]:
        if word == "nothing":
            continue
        if word[:1] not in ("a", "b", "c") or not word[1:].isdigit():
            return None
        counts["abc".index(word[0])] = int(word[1:])
    return tuple(counts)


TOY = ActionCodec(
    "toy",
    1,
    [
        Table("words", ["pass", "done"]),
        Stepwise("take", ("a", "b", "c"), _take_text, _take_parse),
        Table("more", ["rest"]),
    ],
)


def test_a_stepwise_family_is_numbered_by_its_steps() -> None:
    assert TOY.size == 2 + 4 + 1
    assert [TOY.decode(n) for n in range(TOY.size)] == [
        "pass", "done", "take +a", "take +b", "take +c", "take done", "rest",
    ]  # fmt: skip
    assert TOY.encode_steps("take a2 c1") == [2, 2, 4, 5]
    assert TOY.encode_steps("take nothing") == [5]
    assert TOY.encode_steps("rest") == [6]
    assert TOY.decode_steps([4, 2, 2, 5]) == "take a2 c1"  # the units in any order
    assert TOY.decode_steps([5]) == "take nothing"
    assert TOY.decode_steps([6]) == "rest"
    assert TOY.decode_steps(TOY.encode_steps("take b123")) == "take b123"  # no bound
    assert TOY.pending_names() == ["take +a", "take +b", "take +c"]
    assert TOY.pending_size == 3
    assert TOY.pending_counts([]) == [0, 0, 0]
    assert TOY.pending_counts([4, 2, 4]) == [1, 0, 2]
    assert TOY.pending_text([4, 2, 4]) == "take a1 c2"


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        ("encode", "take a1"),  # several numbers
        ("encode", "take a0"),  # not canonical
        ("encode_steps", "take +a"),  # a step, not an action
        ("encode_steps", "take done"),
        ("encode_steps", "take x1"),
        ("decode_steps", []),
        ("decode_steps", [2, 2]),  # no done
        ("decode_steps", [5, 5]),  # done twice
        ("decode_steps", [0, 1]),  # two single numbers
        ("decode_steps", [2, 6]),  # a unit, then another family
        ("decode_steps", [7]),  # outside
        ("pending_counts", [5]),  # done is no unit
        ("pending_counts", [0]),
    ],
)
def test_stepwise_refusals(call: str, argument: object) -> None:
    with pytest.raises(EncodingError):
        getattr(TOY, call)(argument)


def test_choices_follow_the_definition() -> None:
    texts = ["pass", "take nothing", "take a2", "take b1 c1", "rest"]
    legal = TOY.choices(texts)
    assert legal.numbers() == {0: 0, 6: 4, 2: None, 3: None, 4: None, 5: 1}
    assert legal.numbers([2]) == {2: None}  # a2 is the only cargo with an a
    assert legal.numbers([2, 2]) == {5: 2}
    assert legal.numbers([3]) == {4: None}  # b1 goes with c1: no done yet
    assert legal.numbers([3, 4]) == {5: 3}
    with pytest.raises(EncodingError):
        legal.numbers([5])
    assert explore(TOY, texts) == (set(texts), 6)
    # A forced choice (everything or nothing else): only its units, done at the end.
    forced = TOY.choices(["take a1 b2"])
    assert forced.numbers() == {2: None, 3: None}
    assert forced.numbers([2, 3]) == {3: None}
    assert forced.numbers([2, 3, 3]) == {5: 0}
    # Without the family's actions, a partial choice has nothing legal.
    assert TOY.choices(["pass"]).numbers([2]) == {}


@settings(max_examples=60, deadline=None)
@given(
    points=st.sets(st.tuples(*[st.integers(0, 3)] * 3), min_size=1, max_size=10),
    singles=st.lists(st.sampled_from(["pass", "done", "rest"]), max_size=3),
)
def test_stepwise_reaches_exactly_the_legal_actions(
    points: set[tuple[int, ...]], singles: list[str]
) -> None:
    """Any set of legal actions, not only boxes: the steps reach exactly them."""
    texts = [*singles, *(_take_text(p) for p in sorted(points))]
    reached, _ = explore(TOY, texts)
    assert reached == set(texts)


def test_choices_of_single_numbers_keep_the_first() -> None:
    legal = TOY.choices(["rest", "pass", "rest"])
    assert legal.numbers() == {6: 0, 0: 1}
    assert isinstance(legal, Choices)
