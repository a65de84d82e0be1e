"""The views' shortcuts (issue 16) change nothing a view shows: Scythe's board built from its
occupied places and its log from the remembered chain, Brian Boru's log from the remembered
lines, each the same JSON (key order included) as built the plain way, along random games
whose positions are visited in an order that defeats the memories (copies, other games,
earlier positions, every seat)."""

from __future__ import annotations

import json
import random
from typing import Any

from tabletop.engine import State, new_game
from tabletop.games.brian_boru import seatlog
from tabletop.games.scythe import logchain, views
from tabletop.games.scythe.board import name


def scythe_board(st: Any) -> dict[str, Any]:
    """Every place walked, as the view did before it knew the occupied ones."""
    board = {}
    for pos in range(len(st.board.structure)):
        entry = views._position(st, pos)
        if entry is not None:
            board[name(pos)] = entry
    return board


def scythe_log(st: Any) -> list[str]:
    entries: list[str] = []
    node = st.log_tail
    while node is not None:
        node, entry = node
        entries.append(entry)
    return entries[::-1]


def brian_boru_log(st: Any, seat: int | None) -> list[str]:
    return [
        text if vis < 0 else f"P{vis + 1}: {text}" for vis, text in st.log if vis < 0 or vis == seat
    ]


def positions(game: str, players: int, seed: int, options: dict[str, Any]) -> list[State]:
    state = new_game(game, players, options, seed=seed)
    rng = random.Random(seed)
    out = [state.copy()]
    while not state.is_over() and len(out) < 400:
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        out.append(state.copy())
    return out


def visiting_order(states: list[State], rng: random.Random) -> list[State]:
    """In order (the memories' good case), then shuffled (their bad one)."""
    shuffled = states[:]
    rng.shuffle(shuffled)
    return states + shuffled


def test_scythe_views_unchanged() -> None:
    rng = random.Random(5)
    states = [
        *positions("scythe", 2, 1, {}),
        *positions("scythe", 4, 2, {}),
        *positions("scythe", 2, 3, {"automa": "-,automa"}),
    ]
    occupied_seen = 0
    for st in visiting_order(states, rng):
        for seat in (None, *range(st.num_players)):
            shown = st.view(seat)
            assert json.dumps(shown["board"]) == json.dumps(scythe_board(st))
            assert shown["log"] == scythe_log(st)
            occupied_seen += len(shown["board"])
    assert occupied_seen > 1000
    assert logchain.entries(None) == []


def test_brian_boru_views_unchanged() -> None:
    rng = random.Random(6)
    states = [*positions("brian-boru", 3, 1, {}), *positions("brian-boru", 5, 2, {})]
    private_lines = 0
    for st in visiting_order(states, rng):
        for seat in (None, *range(st.num_players)):
            shown = st.view(seat)["log"]
            assert shown == brian_boru_log(st, seat)
            private_lines += sum(1 for line in shown if line.startswith("P"))
    assert private_lines > 0


def test_a_log_returned_is_the_callers() -> None:
    """Changing a log a view returned changes no later view (the memories keep their own)."""
    for game in ("scythe", "brian-boru"):
        st = new_game(game, 3, seed=4)
        for _ in range(30):
            seat = st.to_move()[0]
            st.apply(seat, st.legal_actions(seat)[0])
        first = st._view(0)["log"]
        expected = first[:]
        first.append("tampered")
        assert st._view(0)["log"] == expected
    log = [(-1, "a")]
    assert seatlog.lines(log, 2) == ["a"]
    assert seatlog.lines([(-1, "b")], 2) == ["b"]  # another log with the same length
