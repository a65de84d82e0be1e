"""While a Seaworthy retreat is chosen, the battle's cards are already discarded: no view
counts them back into a hand."""

from __future__ import annotations

from tabletop.bots import make_bot
from tabletop.engine import new_game


def test_hands_during_a_seaworthy_retreat() -> None:
    state = new_game("scythe", 2, {"factions": "polania,nordic"}, 0)
    bot = make_bot("random", 0)
    for _ in range(3000):
        commits = state.commits  # type: ignore[attr-defined]
        if state.phase == "retreat" and any(len(c) > 1 for c in commits.values()):  # type: ignore[attr-defined]
            break
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(state, seat))
    else:
        raise AssertionError("no Seaworthy retreat in this game any more: pick another seed")
    players = state.players  # type: ignore[attr-defined]
    committed = state.commits  # type: ignore[attr-defined]
    assert any(len(cards) > 1 for cards in committed.values())  # cards were played
    for observer in (None, 0, 1):
        shown = state.view(observer)["players"]
        for seat in (0, 1):
            assert shown[seat]["combat_cards"] == len(players[seat].cards)
