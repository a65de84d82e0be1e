"""The Game/State contract's shared behaviour, exercised through the toy game."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import (
    Action,
    IllegalAction,
    NotationError,
    OptionError,
    OptionSpec,
    Outcome,
    State,
    get_game,
)
from tests.toygame import BIDS, BidsState

GAME = get_game("sealed-bids")


def new(players: int = 3, seed: int = 1, **options: object) -> State:
    return GAME.new_state(players, options, seed)


# -- setup ------------------------------------------------------------------


def test_check_setup_fills_defaults() -> None:
    assert GAME.check_setup(3, None) == {"rounds": 5}
    assert GAME.check_setup(2, {"rounds": 3}) == {"rounds": 3}


@pytest.mark.parametrize("players", [0, 1, 5, -3])
def test_check_setup_wrong_player_count(players: int) -> None:
    with pytest.raises(OptionError) as info:
        GAME.check_setup(players, {})
    assert str(info.value) == f"Sealed Bids is played by 2, 3, 4 players, not {players}"


def test_check_setup_unknown_option() -> None:
    with pytest.raises(OptionError) as info:
        GAME.check_setup(3, {"speed": "fast"})
    assert str(info.value) == "Sealed Bids has no option 'speed' (options: rounds)"


def test_check_setup_bad_choice() -> None:
    with pytest.raises(OptionError) as info:
        GAME.new_state(3, {"rounds": 7})
    assert str(info.value) == "option 'rounds' must be one of 3, 4, 5, not 7"


def test_boolean_option_wants_a_boolean() -> None:
    spec = OptionSpec("expansion", False, "play with the expansion")
    assert spec.check(True) is True
    with pytest.raises(OptionError, match="'expansion' must be true or false, not 1"):
        spec.check(1)
    with pytest.raises(OptionError, match="not 'yes'"):
        spec.check("yes")


def test_option_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        GAME.check_setup(9, None)


# -- outcome ----------------------------------------------------------------


def test_outcome_from_keys_without_ties() -> None:
    outcome = Outcome.from_keys([10, 30, 20], [(10,), (30,), (20,)])
    assert outcome.ranks == (3, 1, 2)
    assert outcome.scores == (10, 30, 20)
    assert outcome.winners() == [1]


def test_outcome_from_keys_tie_broken() -> None:
    # Equal scores, the tie-break (second key) decides.
    outcome = Outcome.from_keys([30, 30, 12], [(30, 4), (30, 5), (12, 9)])
    assert outcome.ranks == (2, 1, 3)
    assert outcome.winners() == [1]


def test_outcome_from_keys_shared_ranks() -> None:
    outcome = Outcome.from_keys([5, 9, 9, 5, 1], [(5,), (9,), (9,), (5,), (1,)])
    assert outcome.ranks == (3, 1, 1, 3, 5)
    assert outcome.winners() == [1, 2]


def test_outcome_all_tied() -> None:
    outcome = Outcome.from_keys([0, 0, 0], [(0, 0), (0, 0), (0, 0)])
    assert outcome.ranks == (1, 1, 1)
    assert outcome.winners() == [0, 1, 2]


def test_outcome_accepts_lists_as_keys() -> None:
    assert Outcome.from_keys([1, 2], [[1, 0], [2, 0]]).ranks == (2, 1)


# -- actions ----------------------------------------------------------------


def test_action_identity_is_its_text() -> None:
    class Bid(Action):
        __slots__ = ()

    assert Action("bid 3") == Bid("bid 3")
    assert hash(Action("bid 3")) == hash(Bid("bid 3"))
    assert Action("bid 3") != Action("bid 4")
    assert Action("bid 3") != "bid 3"
    assert repr(Bid("bid 3")) == "Bid('bid 3')"
    assert len({Action("a"), Bid("a"), Action("b")}) == 2


def test_parse_action_round_trip() -> None:
    for action in BIDS.values():
        assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "bid", "bid x", "bid 9", "pass", "bid 1 2"])
def test_parse_action_rejects_bad_text(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_action(text)


# -- apply ------------------------------------------------------------------


def test_apply_moves_the_game_on() -> None:
    state = new(2)
    assert state.to_move() == [0, 1]
    state.apply(1, BIDS[2])
    assert state.to_move() == [0]
    assert state.legal_actions(1) == []
    state.apply(0, BIDS[4])
    assert state.to_move() == [0, 1]
    assert state.scores()[0] > 0


def test_illegal_action_leaves_state_unchanged() -> None:
    state = new(2)
    state.apply(0, BIDS[3])
    state.apply(1, BIDS[3])  # a tie: nobody wins the prize
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(0, BIDS[3])
    assert str(info.value) == "you no longer hold the card for bid 3"
    assert state.to_json() == before
    assert BIDS[3] not in state.legal_actions(0)
    assert state.to_move() == [0, 1]


def test_apply_by_a_seat_not_to_move_is_refused() -> None:
    state = new(3)
    state.apply(2, BIDS[5])
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(2, BIDS[1])
    assert str(info.value) == "seat 2 is not to move now (waiting for seat 0, 1)"
    assert state.to_json() == before


def test_apply_after_the_end_is_refused() -> None:
    state = new(2, rounds=3)
    for n in (1, 2, 3):
        state.apply(0, BIDS[n])
        state.apply(1, BIDS[n])
    assert state.is_over()
    assert state.to_move() == []
    before = state.to_json()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(0, BIDS[4])
    assert state.to_json() == before


def test_apply_text_parses_and_applies() -> None:
    state = new(2)
    assert state.apply_text(0, "bid 5") == BIDS[5]
    before = state.to_json()
    with pytest.raises(NotationError):
        state.apply_text(1, "bid five")
    assert state.to_json() == before


def test_legal_actions_are_cached_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = BidsState._legal

    def counting(self: BidsState, seat: int) -> list[Action]:
        calls.append(seat)
        return original(self, seat)

    monkeypatch.setattr(BidsState, "_legal", counting)
    state = new(2)
    first = state.legal_actions(0)
    assert state.legal_actions(0) is first
    assert calls == [0]
    state.legal_actions(1)
    assert calls == [0, 1]
    # apply checks legality against the cache: no new generation.
    state.apply(0, BIDS[2])
    assert calls == [0, 1]
    # ... and then forgets it: the position changed.
    assert state.legal_actions(0) == []
    assert calls == [0, 1, 0]


def test_illegal_apply_keeps_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new(2)
    state.apply(0, BIDS[2])
    moves = state.legal_actions(1)
    with pytest.raises(IllegalAction):
        state.apply(0, BIDS[3])
    assert state.legal_actions(1) is moves


def test_copy_has_its_own_cache() -> None:
    state = new(2)
    moves = state.legal_actions(0)
    twin = state.copy()
    twin.apply(0, BIDS[1])
    assert state.legal_actions(0) is moves
    assert BIDS[1] in state.legal_actions(0)
    assert BIDS[1] not in twin.legal_actions(0)


# -- equality, JSON, heuristic ----------------------------------------------


def test_states_compare_by_json() -> None:
    a, b = new(3, seed=4), new(3, seed=4)
    assert a == b
    b.apply(0, BIDS[1])
    assert a != b
    assert a != "a state"


def test_states_are_unhashable() -> None:
    with pytest.raises(TypeError):
        hash(new())


def test_to_json_text_is_canonical_json() -> None:
    state = new(3, seed=8)
    text = state.to_json_text()
    assert json.loads(text) == state.to_json()
    assert text == new(3, seed=8).to_json_text()
    assert text == json.dumps(json.loads(text), sort_keys=True, ensure_ascii=False)


def test_default_heuristic_is_lead_over_best_other() -> None:
    state = new(3, seed=1)
    assert isinstance(state, BidsState)
    state.totals = [5, 3, 0]
    assert state.heuristic(0) == 2.0
    assert state.heuristic(1) == -2.0
    assert state.heuristic(2) == -5.0


def test_default_scores_are_zero() -> None:
    class Bare(BidsState):
        scores = State.scores

    state = Bare.setup(3, {"rounds": 5}, 0)
    assert state.scores() == [0, 0, 0]
    assert state.heuristic(1) == 0.0


def test_default_why_illegal() -> None:
    state = new(2)
    assert State.why_illegal(state, 0, BIDS[1]) == "bid 1 is not a legal action now"
