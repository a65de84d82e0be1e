"""Game records: JSON round trips, exact replay, and readable errors."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.toygame  # noqa: F401  (registers sealed-bids)
from tabletop.engine import IllegalAction, Record, RecordError, State, get_game, registry
from tabletop.engine.record import FORMAT, VERSION


def play(players: int, seed: int, limit: int | None = None) -> tuple[Record, State]:
    """A random game of the toy game, recorded as it is played."""
    record = Record(game="sealed-bids", seats=[f"bot{i}" for i in range(players)], seed=seed)
    state = record.new_state()
    pick = random.Random(seed)
    while not state.is_over() and (limit is None or len(record.actions) < limit):
        seat = pick.choice(state.to_move())
        action = pick.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.add(seat, action)
    return record, state


@pytest.fixture
def only_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hide the built-in games (an unknown id then lists only registered ones)."""
    monkeypatch.setattr(registry, "_BUILTIN", {})


def good_json() -> dict[str, Any]:
    record, _ = play(3, seed=5, limit=4)
    data: dict[str, Any] = record.to_json()
    return data


def replay_error(data: Any) -> str:
    with pytest.raises(RecordError) as info:
        Record.from_json(data).replay()
    return str(info.value)


def read_error(data: Any) -> str:
    with pytest.raises(RecordError) as info:
        Record.from_json(data)
    return str(info.value)


# -- round trips ------------------------------------------------------------


def test_json_shape() -> None:
    record, _ = play(2, seed=3, limit=3)
    data = record.to_json()
    assert data["format"] == FORMAT == "tabletop-record"
    assert data["version"] == VERSION == 1
    assert data["game"] == "sealed-bids"
    assert data["seats"] == ["bot0", "bot1"]
    assert data["options"] == {}
    assert data["seed"] == 3
    assert len(data["actions"]) == 3
    assert all(isinstance(seat, int) and isinstance(text, str) for seat, text in data["actions"])
    json.dumps(data)


def test_to_json_from_json_round_trip() -> None:
    record, _ = play(3, seed=11)
    assert Record.from_json(record.to_json()) == record
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record


def test_dumps_loads_round_trip() -> None:
    record, _ = play(4, seed=12)
    record.options = {"rounds": 5}
    text = record.dumps()
    assert Record.loads(text) == record
    assert json.loads(text) == record.to_json()


def test_save_load_round_trip(tmp_path: Path) -> None:
    record, final = play(2, seed=13)
    path = tmp_path / "game.tabletop.json"
    record.save(path)
    assert path.read_text(encoding="utf-8").endswith("}\n")
    loaded = Record.load(path)
    assert loaded == record
    assert Record.load(str(path)).replay() == final


def test_defaults_for_optional_fields() -> None:
    record = Record.from_json({"format": FORMAT, "version": VERSION, "game": "g", "seats": ["a"]})
    assert (record.seed, record.options, record.actions) == (0, {}, [])


# -- replay -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_equals_live_state(players: int) -> None:
    record, final = play(players, seed=100 + players)
    assert final.is_over()
    replayed = record.replay()
    assert replayed == final
    assert replayed.to_json_text() == final.to_json_text()
    assert replayed.outcome() == final.outcome()


def test_replay_upto_stops_early() -> None:
    record, _ = play(3, seed=21)
    for upto in (0, 1, 5, len(record.actions)):
        _, live = play(3, seed=21, limit=upto)
        assert record.replay(upto) == live
    assert record.replay(0) == record.new_state()


def test_replay_with_options() -> None:
    record = Record(game="sealed-bids", seats=["a", "b"], options={"rounds": 3})
    state = record.new_state()
    assert state.to_json()["rounds"] == 3


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, (1 << 64) - 1))
def test_any_recorded_game_replays(players: int, seed: int) -> None:
    record, final = play(players, seed)
    assert Record.loads(record.dumps()).replay() == final


# -- errors -----------------------------------------------------------------


def test_not_json() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{this is not json")


def test_not_an_object() -> None:
    assert read_error([1, 2]) == "a record must be a JSON object"
    with pytest.raises(RecordError, match="must be a JSON object"):
        Record.loads('"a string"')


def test_wrong_format() -> None:
    data = good_json()
    data["format"] = "pgn"
    assert read_error(data) == "not a tabletop record (format should be 'tabletop-record')"
    del data["format"]
    assert "not a tabletop record" in read_error(data)


def test_wrong_version() -> None:
    data = good_json()
    data["version"] = 2
    assert read_error(data) == "unsupported record version 2"


@pytest.mark.parametrize("name", ["game", "seats"])
def test_missing_fields(name: str) -> None:
    data = good_json()
    del data[name]
    assert read_error(data) == f"record has no {name!r} field"


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("game", 7, "record field 'game' must be a string"),
        ("seats", "abc", "record field 'seats' must be a list of names"),
        ("seats", ["a", 2], "record field 'seats' must be a list of names"),
        ("seed", "7", "record field 'seed' must be an integer"),
        ("seed", True, "record field 'seed' must be an integer"),
        ("options", [], "record field 'options' must be an object"),
        ("actions", {}, "record field 'actions' must be a list"),
    ],
)
def test_wrong_field_types(name: str, value: Any, message: str) -> None:
    data = good_json()
    data[name] = value
    assert read_error(data) == message


@pytest.mark.parametrize("item", [["bid 1"], [0, 1], ["0", "bid 1"], [0, "bid 1", 2], "bid 1"])
def test_malformed_action_entry(item: Any) -> None:
    data = good_json()
    data["actions"][1] = item
    assert read_error(data) == f"action 2 must be [seat, text], not {item!r}"


def test_unknown_game(only_registered: None) -> None:
    data = good_json()
    data["game"] = "chess"
    message = replay_error(data)
    assert message.startswith("record setup is invalid: unknown game 'chess'")
    assert "sealed-bids" in message


def test_wrong_player_count() -> None:
    data = good_json()
    data["seats"] = ["solo"]
    data["actions"] = []
    assert replay_error(data) == (
        "record setup is invalid: Sealed Bids is played by 2, 3, 4 players, not 1"
    )


def test_bad_option() -> None:
    data = good_json()
    data["options"] = {"rounds": 9}
    assert replay_error(data) == (
        "record setup is invalid: option 'rounds' must be one of 3, 4, 5, not 9"
    )


def test_bad_action_text() -> None:
    data = good_json()
    data["actions"][2] = [data["actions"][2][0], "bid lots"]
    message = replay_error(data)
    seat = data["actions"][2][0]
    assert message == (
        f"action 3 ('bid lots' by seat {seat}): cannot read it: expected 'bid N', got 'bid lots'"
    )


def test_illegal_action() -> None:
    # The same seat bidding twice in one round.
    record = Record(game="sealed-bids", seats=["a", "b", "c"], actions=[(0, "bid 2"), (0, "bid 3")])
    message = replay_error(record.to_json())
    assert message == (
        "action 2 ('bid 3' by seat 0): illegal: seat 0 is not to move now (waiting for seat 1, 2)"
    )


def test_card_no_longer_held() -> None:
    record = Record(
        game="sealed-bids",
        seats=["a", "b"],
        actions=[(0, "bid 2"), (1, "bid 5"), (0, "bid 2")],
    )
    assert replay_error(record.to_json()) == (
        "action 3 ('bid 2' by seat 0): illegal: you no longer hold the card for bid 2"
    )


@pytest.mark.parametrize("seat", [-1, 2, 99])
def test_no_such_seat(seat: int) -> None:
    record = Record(game="sealed-bids", seats=["a", "b"], actions=[(seat, "bid 1")])
    assert replay_error(record.to_json()) == f"action 1 ('bid 1' by seat {seat}): no such seat"


def test_action_after_the_end() -> None:
    record, _ = play(2, seed=9)
    record.actions.append((0, "bid 1"))
    message = replay_error(record.to_json())
    assert message.startswith(f"action {len(record.actions)} ('bid 1' by seat 0): illegal:")
    assert "the game is over" in message


def test_load_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"
    with pytest.raises(RecordError) as info:
        Record.load(path)
    assert str(info.value).startswith(f"cannot read record {str(path)!r}: ")
    assert "No such file" in str(info.value)


def test_record_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Record.loads("")


def test_game_of_replayed_state_is_the_record_game() -> None:
    record, _ = play(2, seed=1, limit=2)
    assert record.replay().game.id == get_game(record.game).id


def test_a_seat_leaving_is_replayed_and_refused_by_games_without_the_rule() -> None:
    record, _ = play(3, seed=6, limit=2)
    state = record.replay()
    with pytest.raises(IllegalAction, match="no rule for a player leaving"):
        state.resign(0)
    before = state.to_json_text()
    with pytest.raises(IllegalAction, match="no such seat"):
        state.resign(7)
    assert state.to_json_text() == before
    record.add_resign(1)
    assert record.actions[-1] == (1, "resign")
    with pytest.raises(RecordError, match=r"'resign' by seat 1.*no rule for a player leaving"):
        record.replay()
