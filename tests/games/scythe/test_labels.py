"""Scythe's action labels: terse texts explained, no entry that does nothing."""

from __future__ import annotations

from tabletop.bots import make_bot
from tabletop.engine import new_game


def _labels(seed: int, steps: int = 600) -> dict[str, str]:
    state = new_game("scythe", 2, {}, seed)
    bot = make_bot("random", seed)
    found: dict[str, str] = {}
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        for action in state.legal_actions(seat):
            text = str(action)
            assert not (" nothing" in text and text.endswith("without coins")), text
            found.setdefault(" ".join(text.split()[:2]), state.describe(seat, action))
        state.apply(seat, bot.choose(state, seat))
    return found


def test_terse_actions_say_what_they_do() -> None:
    found = _labels(3)
    assert found["gain 1"] == "gain 1 (1 coin instead of moving)"
    produce = next(label for key, label in found.items() if key.startswith("produce"))
    assert " from the " in produce and produce.endswith(")")
    nothing = next(
        label for key, label in found.items() if key.endswith(" nothing") and key != "carry nothing"
    )
    assert "cost for its coins and recruit bonuses only" in nothing
    section = found["section 1"]
    assert section.startswith("section 1 (") and ", then " in section
