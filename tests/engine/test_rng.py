"""The state-owned SplitMix64 generator: determinism, bounds, shuffles, copies."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine import Rng

SEEDS = st.integers(min_value=0, max_value=(1 << 64) - 1)


def test_reference_values() -> None:
    # The first outputs of splitmix64.c (Vigna) seeded with 0.
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@given(seed=SEEDS)
def test_same_seed_same_stream(seed: int) -> None:
    a, b = Rng(seed), Rng(seed)
    assert [a.next64() for _ in range(20)] == [b.next64() for _ in range(20)]
    assert a == b
    assert hash(a) == hash(b)


def test_different_seeds_differ() -> None:
    firsts = {Rng(seed).next64() for seed in range(1000)}
    assert len(firsts) == 1000


def test_seed_is_reduced_to_64_bits() -> None:
    assert Rng(-1).state == (1 << 64) - 1
    assert Rng((1 << 64) + 5) == Rng(5)


@given(seed=SEEDS, n=st.integers(min_value=1, max_value=1 << 64))
def test_randbelow_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    for _ in range(10):
        assert 0 <= rng.randbelow(n) < n


def test_randbelow_beyond_64_bits_is_refused() -> None:
    with pytest.raises(ValueError, match="from 1 to 2\\*\\*64"):
        Rng(3).randbelow((1 << 64) + 1)


@pytest.mark.parametrize("n", [0, -1, -(1 << 64)])
def test_randbelow_needs_positive_bound(n: int) -> None:
    with pytest.raises(ValueError, match="bound from 1"):
        Rng(1).randbelow(n)


@pytest.mark.parametrize("n", [2, 6, 7, 10])
def test_randbelow_roughly_uniform(n: int) -> None:
    rng = Rng(2024)
    draws = 6000 * n
    counts = Counter(rng.randbelow(n) for _ in range(draws))
    assert sorted(counts) == list(range(n))
    expected = draws / n
    # Chi-square with n-1 degrees of freedom; the bound is far in the tail.
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    assert chi2 < 10 * n + 20
    assert all(abs(counts[k] - expected) < 0.06 * expected for k in range(n))


def test_randbelow_no_modulo_bias_for_huge_bounds() -> None:
    # With n = 3 * 2**62 a plain modulo would favour the lower third twice
    # as much; rejection sampling keeps the thirds even.
    n = 3 << 62
    rng = Rng(99)
    thirds = Counter(rng.randbelow(n) * 3 // n for _ in range(30000))
    assert all(abs(thirds[k] - 10000) < 600 for k in range(3))


@given(seed=SEEDS, items=st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


@given(seed=SEEDS)
def test_shuffle_is_deterministic(seed: int) -> None:
    a, b = list(range(30)), list(range(30))
    Rng(seed).shuffle(a)
    Rng(seed).shuffle(b)
    assert a == b


def test_shuffle_reaches_every_order() -> None:
    rng = Rng(5)
    orders = Counter[tuple[int, ...]]()
    for _ in range(6000):
        items = [0, 1, 2]
        rng.shuffle(items)
        orders[tuple(items)] += 1
    assert len(orders) == 6
    assert all(800 < c < 1200 for c in orders.values())


@given(seed=SEEDS, items=st.lists(st.integers(), min_size=1, max_size=20))
def test_choice_picks_an_element(seed: int, items: list[int]) -> None:
    assert Rng(seed).choice(items) in items


def test_choice_of_empty_sequence_fails() -> None:
    with pytest.raises(ValueError):
        Rng(1).choice([])


def test_copy_is_independent() -> None:
    rng = Rng(7)
    rng.next64()
    twin = rng.copy()
    assert twin == rng and twin is not rng
    ahead = [rng.next64() for _ in range(5)]
    assert twin != rng
    assert [twin.next64() for _ in range(5)] == ahead
    assert twin == rng


def test_spawn_is_deterministic_and_advances_parent() -> None:
    a, b = Rng(11), Rng(11)
    child_a, child_b = a.spawn(), b.spawn()
    assert child_a == child_b
    assert a == b
    assert child_a != a
    assert [child_a.next64() for _ in range(3)] == [child_b.next64() for _ in range(3)]


def test_repr_and_equality_with_other_types() -> None:
    assert repr(Rng(255)) == "Rng(state=0xff)"
    assert Rng(1) != 1
