"""The public record of a running game: no seed, no other seat's secret choices."""

from __future__ import annotations

import json

import pytest

from tabletop.bots import make_bot
from tabletop.engine import Record, RecordError, new_game, public_record


def _brian_boru_mid_draft() -> Record:
    record = Record("brian-boru", ["a", "b", "c"], seed=99)
    state = record.new_state()
    bot = make_bot("random", 1)
    picks = 0
    while picks < 4:  # into the draft: some seats have picked, others not
        seat = state.to_move()[0]
        action = bot.choose(state, seat)
        picks += str(action).startswith("pick")
        state.apply(seat, action)
        record.add(seat, action)
    return record


def test_the_public_record_withholds_the_seed_and_others_picks() -> None:
    record = _brian_boru_mid_draft()
    shown = public_record(record, None)
    assert "seed" not in json.dumps(shown) and shown["format"] == "tabletop-public-record"
    picks = [(seat, t) for seat, t in record.actions if t.startswith("pick")]
    shown_texts = {text for _, text in shown["actions"]}
    assert picks and not any(t in shown_texts for _, t in picks)
    assert [a for a in shown["actions"] if a[1] is None] == [[seat, None] for seat, _ in picks]
    starts = [a for a in shown["actions"] if a[1] and a[1].startswith("start")]
    assert len(starts) == 3  # public moves are kept


def test_a_seat_sees_its_own_picks_in_its_public_record() -> None:
    record = _brian_boru_mid_draft()
    seat = next(s for s, t in record.actions if t.startswith("pick"))
    own = public_record(record, seat)
    mine = [t for s, t in record.actions if s == seat and t.startswith("pick")]
    shown_mine = [a[1] for a in own["actions"] if a[0] == seat and a[1] and a[1].startswith("pick")]
    assert shown_mine == mine
    assert all(a[1] is None for a in own["actions"] if a[0] != seat and a[1] is None)


def test_a_public_record_cannot_be_replayed() -> None:
    shown = public_record(_brian_boru_mid_draft(), None)
    with pytest.raises(RecordError, match="cannot be replayed"):
        Record.from_json(shown)


def test_games_without_secrets_show_everything() -> None:
    record = Record("terra-mystica", ["a", "b"], seed=3)
    state = new_game("terra-mystica", 2, {}, 3)
    bot = make_bot("random", 2)
    for _ in range(30):
        seat = state.to_move()[0]
        action = bot.choose(state, seat)
        state.apply(seat, action)
        record.add(seat, action)
    shown = public_record(record)
    assert [list(a) for a in record.actions] == shown["actions"]
