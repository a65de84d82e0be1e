"""Scythe asks no question with a single answer: the engine takes it and logs it as
forced (the Automa's steps excepted: its seat shows its turn step by step)."""

from __future__ import annotations

from tabletop.bots import make_bot
from tabletop.engine import new_game


def test_no_decision_with_one_answer_is_asked() -> None:
    for seed, options in ((1, {}), (2, {"automa": "-,automa"})):
        state = new_game("scythe", 2, options, seed)
        bots = [make_bot("random", seed), make_bot("automa:automa" if options else "random", seed)]
        for _ in range(1200):
            if state.is_over():
                break
            movers = state.to_move()
            seat = movers[0]
            if len(movers) == 1 and not state.is_automa(seat):  # type: ignore[attr-defined]
                assert len(state.legal_actions(seat)) > 1, state.view(None)["log"][-3:]
            state.apply(seat, bots[seat].choose(state, seat))
        assert any(line.endswith("(forced)") for line in state.view(None)["log"])
