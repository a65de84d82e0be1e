"""Each game says what reveals (``State.information_epoch``) and what is decided in secret
(``State.decides_in_secret``); the table's undo and the public record rest on them."""

from __future__ import annotations

from tabletop.bots import make_bot
from tabletop.engine import State, new_game
from tabletop.table import SeatSpec, Table, TableSetup


def _walk(state: State, seed: int, steps: int) -> list[tuple[str, bool, bool]]:
    """(action text, revealed something, decided in secret) of a random game's moves."""
    bot = make_bot("random", seed)
    seen = []
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        action = bot.choose(state, seat)
        epoch, secret = state.information_epoch(), state.decides_in_secret(seat)
        state.apply(seat, action)
        seen.append((str(action), state.information_epoch() != epoch, secret))
    return seen


def test_brian_boru_picks_and_card_plays_reveal_and_picks_are_secret() -> None:
    moves = _walk(new_game("brian-boru", 4, {}, 3), 3, 400)
    picks = [m for m in moves if m[0].startswith("pick")]
    plays = [m for m in moves if m[0].startswith("play")]
    assert picks and all(revealed and secret for _, revealed, secret in picks)
    assert plays and all(revealed and not secret for _, revealed, secret in plays)


def test_scythe_commits_reveal_and_are_secret_and_sections_reveal_nothing() -> None:
    moves = _walk(new_game("scythe", 2, {}, 1), 1, 1500)
    commits = [m for m in moves if m[0].startswith("commit")]
    sections = [m for m in moves if m[0].startswith("section")]
    assert commits and all(revealed and secret for _, revealed, secret in commits)
    assert sections and not any(revealed or secret for _, revealed, secret in sections)


def test_terra_mystica_hides_nothing() -> None:
    moves = _walk(new_game("terra-mystica", 3, {}, 1), 1, 200)
    assert not any(revealed or secret for _, revealed, secret in moves)


def test_a_scythe_section_can_be_taken_back_at_the_table() -> None:
    setup = TableSetup("scythe", (SeatSpec.person("ada"), SeatSpec.person("bob")), seed=4)
    table = Table("s", setup)
    seat = table.to_move()[0]
    before = table.state.to_json_text()
    section = next(str(a) for a in table.state.legal_actions(seat) if str(a).startswith("section"))
    table.submit(seat, section, table.seq)
    assert table.undoable(seat) == 1
    table.undo(seat, table.seq)
    assert table.state.to_json_text() == before
