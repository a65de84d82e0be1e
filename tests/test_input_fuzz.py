"""Every parser of outside input, fuzzed: only the documented error types come out.

Records (``RecordError``), option values (``OptionError``), Snellman ledgers
(``NotationError`` from ``parse_ledger`` and ``replay``) and action texts (the conformance
suite fuzzes ``parse_action`` in every game).
"""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine import OptionError, Record, RecordError, TabletopError, game_ids, get_game
from tabletop.engine.record import FORMAT, VERSION
from tabletop.games.terra_mystica.ledger import parse_ledger
from tabletop.games.terra_mystica.replay import replay
from tests.shared import SNELLMAN as CORPUS

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
GAMES = [game_id for game_id in ("brian-boru", "scythe", "terra-mystica")]


def test_records_that_are_not_json_enough() -> None:
    for text, fragment in (
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"seed": ' + "9" * 5000 + "}", "not a record"),
        ("x" * 200_000, "not valid JSON"),
    ):
        with pytest.raises(RecordError, match=fragment) as caught:
            Record.loads(text)
        assert len(str(caught.value)) < 300


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "options",
    [
        {"factions": 5},
        {"factions": True},
        {"factions": []},
        {"automa-coins": None},
        {"automa-coins": ""},
    ],
)
def test_wrong_option_types_name_the_field(game_id: str, options: dict[str, object]) -> None:
    record = Record(game_id, ["a", "b", "c"], 1, options)
    with pytest.raises(RecordError) as caught:
        record.replay()
    name = next(iter(options))
    assert repr(name) in str(caught.value)  # the option named (or the game has no such option)


@FUZZ
@given(data=JSON_VALUES)
def test_record_from_any_json(data: object) -> None:
    with contextlib.suppress(RecordError):
        Record.from_json(data).replay()


@FUZZ
@given(
    game=st.sampled_from(GAMES),
    seats=st.lists(st.text(max_size=5), min_size=0, max_size=6),
    seed=JSON_VALUES,
    options=st.dictionaries(st.text(max_size=20), JSON_VALUES, max_size=3),
    actions=st.lists(st.tuples(JSON_VALUES, JSON_VALUES).map(list), max_size=4),
)
def test_record_fields_of_any_type(
    game: str, seats: list[str], seed: object, options: dict[str, object], actions: list[object]
) -> None:
    data = {"format": FORMAT, "version": VERSION, "game": game, "seats": seats}
    data.update(seed=seed, options=options, actions=actions)
    with contextlib.suppress(RecordError):
        Record.loads(json.dumps(data)).replay()


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(value=JSON_VALUES, text=st.text(max_size=30))
def test_every_option_value(game_id: str, value: object, text: str) -> None:
    game = get_game(game_id)
    for spec in game.options.values():
        for how in ("check", "parse"):
            try:
                accepted = spec.check(value) if how == "check" else spec.parse(text)
            except OptionError as exc:
                assert spec.name in str(exc) and len(str(exc)) < 400
                continue
            # a value of the right type may still be refused by the game's own setup
            with contextlib.suppress(OptionError):
                game.new_state(max(game.player_counts), {spec.name: accepted}, 0)


def test_every_game_is_fuzzed() -> None:
    assert set(GAMES) <= set(game_ids())


LEDGER_LINES = st.lists(
    st.one_of(
        st.text(max_size=40),
        st.lists(
            st.text(alphabet="0123456789 /+-VPCWPabcdefgh", max_size=12), min_size=14, max_size=14
        ).map("\t".join),
        st.sampled_from(
            ["Round 1, turn 1", "Round 1 income", "option strict-leech", "Player 1: x"]
        ),
    ),
    max_size=12,
)


@FUZZ
@given(lines=LEDGER_LINES)
def test_ledgers_from_any_text(lines: list[str]) -> None:
    with contextlib.suppress(TabletopError):
        replay(parse_ledger("\n".join(lines)))


def test_huge_numbers_in_a_ledger() -> None:
    row = "\t".join(
        [
            "witches",
            "",
            "9" * 5000 + " VP",
            "",
            "15 C",
            "",
            "3 W",
            "",
            "0 P",
            "",
            "5/7/0 PW",
            "",
            "0/0/0/0",
            "",
        ]
    )
    with pytest.raises(TabletopError) as caught:
        parse_ledger(row)
    assert len(str(caught.value)) < 300


@FUZZ
@given(data=st.data())
def test_mutated_corpus_ledgers(data: st.DataObject) -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"Snellman corpus not found at {CORPUS} (shared data absent)")
    paths = sorted(CORPUS.glob("*.txt"))[:6]
    text = data.draw(st.sampled_from(paths)).read_text(encoding="utf-8")
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(lines) - 1))
        line = lines[index]
        choice = data.draw(st.integers(0, 3))
        if choice == 0:
            del lines[index]
        elif choice == 1:
            lines.insert(index, line)
        elif choice == 2 and line:
            cut = data.draw(st.integers(0, len(line) - 1))
            lines[index] = line[:cut] + data.draw(st.text(max_size=5)) + line[cut + 1 :]
        else:
            lines[index] = line.replace("1", "7", 1)
    with contextlib.suppress(TabletopError):
        replay(parse_ledger("\n".join(lines)))


def test_parsing_many_distinct_actions_keeps_no_memory() -> None:
    """Terra Mystica caches only actions the engine itself listed, never typed text."""
    import tracemalloc

    game = get_game("terra-mystica")
    game.parse_action("build A1")
    tracemalloc.start()
    try:
        for number in range(9_000):
            game.parse_action(f"convert {number % 99 + 1}W to {number % 97 + 1}C")
        kept, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert kept < 200_000  # bytes: nothing per text


def test_over_long_action_texts_are_refused_briefly() -> None:
    for game_id in GAMES:
        with pytest.raises(TabletopError) as caught:
            get_game(game_id).parse_action("build " + "A" * 100_000)
        assert len(str(caught.value)) < 200
