"""The Terra Mystica state: setup, copy, JSON round trip; a few rules on small positions."""

from __future__ import annotations

from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.actions import execute
from tabletop.games.terra_mystica.power import gain_power
from tabletop.games.terra_mystica.setup import new_game
from tabletop.games.terra_mystica.state import PLAY, TMState

SCORING = ["SCORE8", "SCORE2", "SCORE1", "SCORE3", "SCORE5", "SCORE4"]


def _game() -> TMState:
    state = new_game(
        ["halflings", "darklings", "dwarves", "mermaids"],
        ["mini-expansion-1", "shipping-bonus", "variable-turn-order"],
        SCORING,
        ["BON6", "BON8", "BON7"],
    )
    rows = [
        (0, "build F7"), (1, "build G5"), (2, "build F6"), (3, "build G6"),
        (3, "build D5"), (2, "build E7"), (1, "build H5"), (0, "build F5"),
        (3, "pass BON1"), (2, "pass BON5"), (1, "pass BON2"), (0, "pass BON3"),
    ]  # fmt: skip
    for seat, text in rows:
        for command in N.parse_row_commands(text):
            execute(state, seat, command)
    return state


def test_setup_reaches_round_one_with_income() -> None:
    state = _game()
    assert state.phase == PLAY and state.round == 1
    assert (state.vp[0], state.c[0], state.w[0]) == (20, 21, 6)  # halflings after income
    assert state.bowls[2] == [2, 10, 0]  # dwarves: BON5 gives 3 power
    assert state.bonus_coins == {"BON4": 1, "BON9": 1, "BON10": 1}


def test_copy_is_independent_and_json_round_trips() -> None:
    state = _game()
    clone = state.copy()
    clone.vp[0] += 5
    clone.bowls[1][0] = 0
    assert state.vp[0] == 20 and state.bowls[1][0] != 0
    again = TMState.from_json(state.to_json())
    assert again.to_json() == state.to_json()


def test_copy_covers_every_field_and_shares_no_container() -> None:
    state = _game()
    clone = state.copy()
    assert clone.to_json() == state.to_json()
    for name in TMState.__slots__:
        mine, theirs = getattr(state, name), getattr(clone, name)
        assert mine == theirs, name
        if isinstance(mine, (list, dict)):
            assert mine is not theirs, name
            if isinstance(mine, list):
                assert all(
                    a is not b for a, b in zip(mine, theirs, strict=True) if isinstance(a, list)
                ), name


def test_upgrade_offers_power_and_leech_costs_vp() -> None:
    state = _game()
    execute(state, 0, N.parse_command("upgrade F5 to TP"))
    assert state.vp[0] == 23 and state.c[0] == 18  # SCORE8: 3 VP; neighbour: 3 C
    assert [o[1:3] for o in state.leech_offers] == [[1, 1], [2, 1]]
    execute(state, 2, N.parse_command("leech 1 from halflings"))
    assert state.bowls[2] == [1, 11, 0] and state.vp[2] == 20


def test_power_gain_fills_bowl_two_first() -> None:
    state = _game()
    state.bowls[0] = [2, 4, 0]
    assert gain_power(state, 0, 5) == 5
    assert state.bowls[0] == [0, 3, 3]
