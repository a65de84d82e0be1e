"""Every game's outcome carries a final score breakdown whose categories add up to each
seat's final score (``Outcome.details["breakdown"]``: ``[category, [value per seat]]``)."""

from __future__ import annotations

import pytest

from tabletop.bots import make_bot
from tabletop.engine import new_game


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "options"),
    [
        ("brian-boru", 3, 1, {}),
        ("brian-boru", 5, 2, {}),
        ("terra-mystica", 2, 3, {}),
        ("terra-mystica", 4, 4, {}),
        ("scythe", 2, 5, {}),
        ("scythe", 2, 6, {"automa": "-,automa"}),
    ],
)
def test_breakdown_adds_up_to_the_final_score(
    game_id: str, players: int, seed: int, options: dict[str, str]
) -> None:
    state = new_game(game_id, players, options, seed)
    bot = make_bot("random", seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(state, seat))
    outcome = state.outcome()
    rows = outcome.details["breakdown"]
    assert len(rows) >= 4 and all(isinstance(label, str) for label, _ in rows)
    for seat in range(players):
        assert sum(values[seat] for _, values in rows) == outcome.scores[seat]
