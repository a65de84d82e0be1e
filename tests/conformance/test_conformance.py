"""The conformance suite: every registered game, every player count.

Each case plays one seeded random game to the end and checks the engine
contract at every step (``harness.Checker``), then plays it again to prove
that the same seed gives the same game.  Budgets per game are below; a game
without an entry gets ``Budget()``.

To reproduce a failure outside pytest::

    from tabletop.engine import get_game
    from tests.conformance.harness import Budget, check_game
    check_game(get_game("brian-boru"), players=4, seed=2, budget=Budget())
"""

from __future__ import annotations

import importlib
import random
import traceback
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.toygame  # noqa: F401  (registers sealed-bids, the test-only toy game)
from tabletop.engine import (
    Action,
    Game,
    IllegalAction,
    NotationError,
    OptionError,
    SeatError,
    game_ids,
    get_game,
    registry,
)
from tests.conformance.harness import Budget, check_game, play_random

BUDGETS: dict[str, Budget] = {
    "sealed-bids": Budget(games=4, option_sets=({}, {"rounds": 3})),
    "brian-boru": Budget(games=20),  # ~1 s each; rare branches (Viking frees, princess) show up
    # ~0.7 s each; factions chosen by the random seats, or fixed to cover every faction's
    # actions, with every rule option in turn
    "terra-mystica": Budget(
        games=10,
        option_sets=(
            {},
            {"factions": "chaosmagicians,nomads", "variable-turn-order": True},
            {"factions": "fakirs,giants", "mini-expansion-1": True},
            {"factions": "mermaids,dwarves", "shipping-bonus": True},
            {"factions": "cultists,swarmlings", "errata-cultist-power": True},
            {"factions": "witches,engineers", "temple-scoring-tile": True},
            {"factions": "darklings,auren"},
            {"factions": "halflings,alchemists"},
        ),
    ),
    # ~3 s each (about 2000 actions per game); random factions and mats, then pairs
    # fixed so that the factions' abilities meet, with the banned-pairings deal and
    # bonus tiles fixed; every legal action is tried at every 15th step, the deep checks
    # (copy, JSON round trip, hidden information) at every 6th
    "scythe": Budget(
        games=4,
        all_legal_every=15,
        deep_every=6,
        option_sets=(
            {},
            {"factions": "crimea,polania", "banned-pairings": True},
            {"factions": "saxony,nordic", "structure-bonus": "in-a-row"},
            {"factions": "rusviet,crimea", "mats": "industrial,patriotic"},
            {"factions": "polania,saxony", "structure-bonus": "adjacent-lakes"},
            {"factions": "nordic,rusviet", "banned-pairings": True},
        ),
    ),
}

# Built-in games that cannot be checked: missing (not written yet: skipped)
# or failing to import (a bug: every case of the game fails with the reason).
MISSING: dict[str, str] = {}
BROKEN: dict[str, str] = {}


def _collect_game_ids() -> list[str]:
    ids = {"sealed-bids"}
    for game_id, module in sorted(registry._BUILTIN.items()):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is not None and (exc.name == module or module.startswith(exc.name + ".")):
                MISSING[game_id] = f"{module} does not exist yet"
            else:
                BROKEN[game_id] = traceback.format_exc()
        except Exception:
            BROKEN[game_id] = traceback.format_exc()
        else:
            ids.add(game_id)
    if not MISSING and not BROKEN:
        ids.update(game_ids())
    else:
        ids.update(registry._GAMES)
    return sorted(ids)


def _cases() -> list[Any]:
    cases: list[Any] = []
    for game_id in sorted(MISSING):
        reason = f"{game_id}: {MISSING[game_id]}"
        cases.append(pytest.param(game_id, 0, 0, id=game_id, marks=pytest.mark.skip(reason=reason)))
    for game_id in sorted(BROKEN):
        cases.append(pytest.param(game_id, 0, 0, id=f"{game_id}-import"))
    for game_id in GAME_IDS:
        budget = BUDGETS.get(game_id, Budget())
        for players in get_game(game_id).player_counts:
            for seed in range(budget.games):
                cases.append(
                    pytest.param(game_id, players, seed, id=f"{game_id}-{players}p-seed{seed}")
                )
    return cases


GAME_IDS = _collect_game_ids()
CASES = _cases()


def _game(game_id: str) -> Game:
    if game_id in BROKEN:
        pytest.fail(f"{game_id} cannot be imported:\n{BROKEN[game_id]}", pytrace=False)
    return get_game(game_id)


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_random_game(game_id: str, players: int, seed: int) -> None:
    game = _game(game_id)
    budget = BUDGETS.get(game_id, Budget())
    options = budget.options_for(seed)
    played = check_game(game, players, seed, budget, options)
    again = play_random(game, players, seed, options, budget.max_steps)
    assert again.actions == played.actions, (
        f"[{game_id}, {players} players, seed {seed}] the same seed gave other actions"
    )
    assert again.final == played.final, (
        f"[{game_id}, {players} players, seed {seed}] the same seed gave another final state"
    )


#: Seat types beyond people: (game, players, options) played with every seed of the
#: game's budget.  Scythe's Automa at each difficulty, in either seat.
SEAT_TYPES: list[tuple[str, int, dict[str, Any]]] = [
    ("scythe", 2, {"automa": automa})
    for automa in (
        "-,autometta",
        "automa,-",
        "-,automaszyna",
        "ultimaszyna,-",
    )
] + [("scythe", 2, {"automa": "-,automa", "automa-all-moves": True, "automa-skip-turns": 5})]


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        pytest.param(*case, id=f"{case[0]}-{','.join(map(str, case[2].values()))}")
        for case in SEAT_TYPES
    ],
)
def test_random_game_with_seat_types(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = _game(game_id)
    budget = BUDGETS.get(game_id, Budget())
    for seed in range(4):
        played = check_game(game, players, seed, budget, options)
        again = play_random(game, players, seed, options, budget.max_steps)
        assert again.actions == played.actions and again.final == played.final


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_description(game_id: str) -> None:
    game = _game(game_id)
    assert game.id == game_id
    assert game.name and isinstance(game.name, str)
    assert game.player_counts, "a game needs at least one player count"
    assert list(game.player_counts) == sorted(set(game.player_counts))
    assert all(isinstance(n, int) and n >= 1 for n in game.player_counts)
    for name, spec in game.options.items():
        assert spec.name == name
        assert spec.check(spec.default) == spec.default
    defaults = game.check_setup(game.player_counts[0], None)
    assert defaults == {name: spec.default for name, spec in game.options.items()}


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(
    "text", ["", " ", "xyzzy", "🎲", "1 2 3 4 5 6 7 8", "\n", "pass pass", "-1", "{}"]
)
def test_parse_action_rejects_garbage_cleanly(game_id: str, text: str) -> None:
    """Garbage raises NotationError (never another exception)."""
    game = _game(game_id)
    try:
        action = game.parse_action(text)
    except NotationError as exc:
        assert str(exc), "a NotationError needs a message"
    else:
        assert isinstance(action, Action)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seat", [-1, True, 1.0, None, "0", 99])
def test_only_real_seats_are_accepted_and_nothing_changes(game_id: str, seat: Any) -> None:
    """A seat is an int in range (not a bool, a float, a string, -1): SeatError from every
    method that takes one, before anything else, and the state is left as it was."""
    game = _game(game_id)
    state = game.new_state(game.player_counts[0], None, seed=3)
    (mover, *_) = state.to_move()
    action = state.legal_actions(mover)[0]
    before = state.to_json_text()
    if seat is not None:
        with pytest.raises(SeatError, match="no such seat"):
            state.view(seat)
    with pytest.raises(SeatError, match="no such seat"):
        state.legal_actions(seat)
    with pytest.raises(SeatError, match="no such seat"):
        state.apply(seat, action)
    with pytest.raises(SeatError, match="no such seat"):
        state.resign(seat)
    assert state.to_json_text() == before


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("thing", [5, None, b"pass", ["pass"]])
def test_non_text_is_no_action(game_id: str, thing: Any) -> None:
    game = _game(game_id)
    with pytest.raises(NotationError, match="written as text"):
        game.parse_action(thing)
    state = game.new_state(game.player_counts[0], None, seed=3)
    (mover, *_) = state.to_move()
    before = state.to_json_text()
    with pytest.raises(IllegalAction, match="not an action"):
        state.apply(mover, thing)
    assert state.to_json_text() == before


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60))
def test_parse_action_fuzzed_raises_only_notation_errors(game_id: str, text: str) -> None:
    """Any text: an action that prints back to text that parses to it, or NotationError."""
    game = _game(game_id)
    try:
        action = game.parse_action(text)
    except NotationError:
        return
    assert game.parse_action(str(action)) == action


def _vandalize(data: Any) -> None:
    """Change every list and dict inside ``data`` in place."""
    if isinstance(data, dict):
        for key in list(data):
            _vandalize(data[key])
            data[key] = "changed"
        data["extra"] = 1
    elif isinstance(data, list):
        for item in data:
            _vandalize(item)
        data.append("extra")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_views_snapshots_and_copies_share_nothing_with_the_state(game_id: str) -> None:
    """What leaves the engine is the caller's to keep (compared as serialized text)."""
    game = _game(game_id)
    state = game.new_state(max(game.player_counts), None, seed=11)
    pick = random.Random(11)
    for _ in range(60):
        if state.is_over():
            break
        seat = pick.choice(state.to_move())
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    before = state.to_json_text()
    for seat in [None, *range(state.num_players)]:
        _vandalize(state.view(seat))
    _vandalize(state.to_json())
    assert state.to_json_text() == before
    if state.is_over():
        return
    seat = state.to_move()[0]
    moves = state.legal_actions(seat)
    count = len(moves)
    twin = state.copy()
    twin_moves = twin.legal_actions(seat)
    twin.apply(seat, twin_moves[0])
    twin_moves.append(moves[0])  # misuse of the copy's list cannot reach the original
    assert state.to_json_text() == before
    assert len(state.legal_actions(seat)) == count


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_wrong_player_count_is_refused(game_id: str) -> None:
    game = _game(game_id)
    too_many = max(game.player_counts) + 1
    with pytest.raises(OptionError, match=str(too_many)):
        game.new_state(too_many)
    with pytest.raises(OptionError, match="no option"):
        game.new_state(game.player_counts[0], {"no-such-option-anywhere": 1})


def test_suite_covers_every_registered_game() -> None:
    if MISSING or BROKEN:
        pytest.skip(f"not checkable: {sorted(MISSING) + sorted(BROKEN)}")
    assert set(game_ids()) <= set(GAME_IDS)
