"""The table service: moves, staleness, undo, bots, clocks, journal replay."""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction, NotationError, SeatError
from tabletop.table import (
    DuplicateMove,
    Entry,
    MemoryJournal,
    SeatSpec,
    StaleMove,
    Table,
    TableError,
    TableSetup,
    TimeControl,
)


class FakeClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def tm_table(*, undo: bool = True, clock: TimeControl | None = None, now=None) -> Table:
    setup = TableSetup(
        "terra-mystica",
        (SeatSpec.person("ada"), SeatSpec.person("bob")),
        seed=1,
        time_control=clock or TimeControl(),
        undo=undo,
    )
    return Table("t1", setup, now=now or FakeClock())


def play_first(table: Table, count: int) -> None:
    for _ in range(count):
        seat = table.to_move()[0]
        table.submit(seat, str(table.state.legal_actions(seat)[-1]), table.seq)


def test_submit_applies_and_journals() -> None:
    table = tm_table()
    entry = table.submit(0, "setup fakirs", 0)
    assert entry == Entry(1, 0, "move", "setup fakirs", 1000.0)
    assert table.journal.entries("t1") == [entry]
    assert table.record.actions == [(0, "setup fakirs")]
    assert table.to_move() == [1]


def test_bad_moves_change_nothing() -> None:
    table = tm_table()
    before = table.state.to_json_text()
    with pytest.raises(SeatError):
        table.submit(5, "setup fakirs", 0)
    with pytest.raises(NotationError):
        table.submit(0, "fly to the moon", 0)
    with pytest.raises(IllegalAction, match="not to move"):
        table.submit(1, "setup halflings", 0)
    with pytest.raises(TableError):
        table.submit(0, "setup fakirs", "0")  # type: ignore[arg-type]
    assert table.state.to_json_text() == before
    assert table.seq == 0 and table.journal.entries("t1") == []


def test_stale_and_duplicate_moves_are_refused() -> None:
    table = tm_table()
    table.submit(0, "setup fakirs", 0)
    with pytest.raises(DuplicateMove, match="already played"):
        table.submit(0, "setup fakirs", 0)
    with pytest.raises(StaleMove, match="moved on"):
        table.submit(1, "setup halflings", 0)  # seat 1 had not seen seat 0's move
    with pytest.raises(StaleMove, match="no position"):
        table.submit(1, "setup halflings", 7)
    table.submit(1, "setup halflings", 1)
    assert table.seq == 2


def test_a_second_process_wins_the_race() -> None:
    journal = MemoryJournal()
    setup = tm_table().setup
    one = Table("t", setup, journal=journal)
    two = Table("t", setup, journal=journal)
    one.submit(0, "setup fakirs", 0)
    with pytest.raises(StaleMove):
        two.submit(0, "setup halflings", 0)
    # The loser caught up with the journal and plays on from there.
    assert two.seq == 1 and two.state == one.state
    two.submit(1, "setup halflings", 1)
    assert one.catch_up() == 1 and one.state == two.state


def test_a_move_on_a_position_another_process_wrote_catches_up_first() -> None:
    """A client saw entry 1 through one process and sends its move through another, whose
    copy has not heard of entry 1 yet: the move is played, not refused as stale."""
    journal = MemoryJournal()
    setup = tm_table().setup
    one = Table("t", setup, journal=journal)
    two = Table("t", setup, journal=journal)
    one.submit(0, "setup fakirs", 0)
    assert two.seq == 0
    two.submit(1, "setup halflings", 1)
    assert two.seq == 2 and one.catch_up() == 1 and one.state == two.state
    # The same for taking a move back.
    mover = one.to_move()[0]
    one.submit(mover, str(one.state.legal_actions(mover)[0]), 2)
    with pytest.raises(IllegalAction):  # caught up, then refused for its own reason
        two.undo(1, 3)
    assert two.seq == 3


def test_load_replays_the_journal() -> None:
    table = tm_table()
    play_first(table, 40)
    table.undo(table.to_move()[0], table.seq) if table.undoable(table.to_move()[0]) else None
    loaded = Table.load("t1", table.setup, table.journal)
    assert loaded.state == table.state
    assert loaded.record.actions == table.record.actions
    assert loaded.seq == table.seq


def _to_a_conversion(table: Table) -> int:
    """Play until the seat to move may convert (a move that keeps its turn); its seat."""
    for _ in range(200):
        seat = table.to_move()[0]
        texts = [str(a) for a in table.state.legal_actions(seat)]
        converts = [t for t in texts if t.startswith("convert")]
        if converts and table.seq > 10:
            table.submit(seat, converts[0], table.seq)
            return seat
        table.submit(seat, texts[0] if table.seq < 4 else texts[-1], table.seq)
    raise AssertionError("no conversion offered")


def test_undo_takes_back_moves_within_the_turn() -> None:
    table = tm_table()
    seat = _to_a_conversion(table)
    available = table.undoable(seat)
    assert seat in table.to_move() and available >= 1
    record_before = list(table.record.actions[:-1])
    entry = table.undo(seat, table.seq)
    assert entry.kind == "undo" and entry.text == "1"
    assert table.record.actions == record_before
    assert table.undoable(seat) == available - 1
    replayed = table.record.replay()
    assert replayed == table.state
    assert Table.load("t1", table.setup, table.journal).state == table.state


def test_undo_is_refused_when_not_allowed() -> None:
    table = tm_table()
    with pytest.raises(IllegalAction, match="nothing to take back"):
        table.undo(0, 0)
    table.submit(0, "setup fakirs", 0)  # the turn passes to seat 1
    with pytest.raises(IllegalAction, match="turn in progress"):
        table.undo(0, 1)
    with pytest.raises(StaleMove):
        table.undo(1, 0)
    no_undo = tm_table(undo=False)
    seat = _to_a_conversion(no_undo)
    with pytest.raises(IllegalAction, match="does not allow"):
        no_undo.undo(seat, no_undo.seq)


def test_no_undo_in_a_game_that_does_not_say_what_it_reveals() -> None:
    """Sealed Bids keeps the engine's default information epoch: nothing is undoable."""
    import tests.toygame  # noqa: F401  (registers sealed-bids)

    setup = TableSetup("sealed-bids", (SeatSpec.person("a"), SeatSpec.person("b")), seed=3)
    table = Table("bids", setup)
    for _ in range(6):
        seat = table.to_move()[0]
        table.submit(seat, str(table.state.legal_actions(seat)[0]), table.seq)
        assert all(table.undoable(s) == 0 for s in range(2))


def test_simultaneous_choices_are_not_stale() -> None:
    setup = TableSetup("brian-boru", tuple(SeatSpec.person(n) for n in "abc"), seed=3)
    table = Table("bb", setup)
    while len(table.to_move()) < 2:
        seat = table.to_move()[0]
        table.submit(seat, str(table.state.legal_actions(seat)[0]), table.seq)
    first, second = table.to_move()[:2]
    seen = table.seq
    table.submit(first, str(table.state.legal_actions(first)[0]), seen)
    # The second seat chose on the same position: the first's choice does not concern it.
    table.submit(second, str(table.state.legal_actions(second)[0]), seen)
    assert table.seq == seen + 2


def test_bots_play_until_a_person_must_move() -> None:
    setup = TableSetup("terra-mystica", (SeatSpec.person("ada"), SeatSpec.bot("random")), seed=2)
    table = Table("t", setup)
    table.submit(0, "setup fakirs", 0)
    played = table.play_bots()
    assert played and all(entry.seat == 1 for entry in played)
    assert table.to_move() == [0]
    assert table.journal.entries("t")[1:] == played


def test_away_people_are_played_by_their_stand_in_and_come_back() -> None:
    table = tm_table()
    table.submit(0, "setup fakirs", 0)
    table.go_away(1, "timeout")
    assert table.controlled_by_bot(1)
    played = table.play_bots()
    assert played and table.to_move() == [0]
    table.come_back(1)
    assert not table.controlled_by_bot(1)
    with pytest.raises(TableError):
        table.come_back(1)
    loaded = Table.load("t1", table.setup, table.journal)
    assert loaded.away == set() and loaded.state == table.state


def test_move_clock_runs_out() -> None:
    clock = FakeClock()
    table = tm_table(clock=TimeControl.parse("move:1h"), now=clock)
    assert table.deadline(0) == 1000.0 + 3600
    clock.t += 3599
    assert table.overdue() == []
    clock.t += 1
    assert table.overdue() == [0]
    table.go_away(0, "timeout")
    assert table.overdue() == []


def test_game_clock_charges_the_mover_and_adds_the_increment() -> None:
    clock = FakeClock()
    table = tm_table(clock=TimeControl.parse("game:10m+5s"), now=clock)
    clock.t += 100
    table.submit(0, "setup fakirs", 0)
    assert table.time_left(0) == pytest.approx(600 - 100 + 5)
    assert table.deadline(1) == pytest.approx(1100 + 600)
    clock.t += 30
    assert table.time_left(1) == pytest.approx(570)


def test_resign_is_journaled() -> None:
    table = tm_table()
    with pytest.raises(IllegalAction):
        table.resign(0)  # not during the setup
    play_first(table, 8)
    seat = table.to_move()[0]
    table.resign(seat)
    assert table.record.actions[-1] == (seat, "resign")
    assert Table.load("t1", table.setup, table.journal).state == table.state


def test_setup_round_trips_and_rejects_bad_input() -> None:
    setup = TableSetup(
        "scythe",
        (SeatSpec.person("ada"), SeatSpec.bot("automa:automa")),
        seed=5,
        time_control=TimeControl.parse("game:30m+10s"),
        rated=True,
    )
    assert TableSetup.from_json(setup.to_json()) == setup
    table = Table("s", setup)
    assert table.state.game.id == "scythe" and table.record.options["automa"]
    bad: object
    for bad in (
        [],
        {"game": "scythe"},
        {"game": "scythe", "seats": [], "seed": 1},
        {"game": "scythe", "seats": [{"kind": "alien"}], "seed": 1},
        {"game": "scythe", "seats": [{"kind": "bot", "name": ""}], "seed": 1},
        {"game": "scythe", "seats": [{"kind": "person"}], "seed": "1"},
        {"game": "scythe", "seats": [{"kind": "person"}], "seed": 1, "time_control": "fast"},
        {"game": "scythe", "seats": [{"kind": "person"}], "seed": 1, "undo": "yes"},
    ):
        with pytest.raises(TableError):
            TableSetup.from_json(bad)
    with pytest.raises(TableError, match="unknown bot"):
        Table("x", TableSetup("scythe", (SeatSpec.bot("nobody"), SeatSpec.person()), seed=1))
    with pytest.raises(TableError, match="played by"):
        Table("x", TableSetup("scythe", (SeatSpec.person(),), seed=1))


def test_snapshot_loads_without_replaying_and_plays_on() -> None:
    table = tm_table(clock=TimeControl.parse("game:10m"))
    play_first(table, 30)
    snapshot = table.snapshot()
    play_first(table, 5)
    loaded = Table.load("t1", table.setup, table.journal, snapshot=snapshot, now=table.now)
    assert loaded.state == table.state and loaded.seq == table.seq
    assert loaded.record.actions == table.record.actions
    assert loaded.time_left(0) == table.time_left(0)
    play_first(loaded, 3)
    assert loaded.record.replay() == loaded.state


def test_mcts_seats_and_stand_in() -> None:
    """A bot seat or a stand-in may be an mcts level; the seat's bot is built once and
    keeps its plan between the decisions of its turn."""
    setup = TableSetup(
        "brian-boru",
        (SeatSpec.bot("mcts:easy"), SeatSpec.person("ada"), SeatSpec.bot("mcts:15")),
        seed=3,
        stand_in="mcts:10",
    )
    table = Table("t-mcts", setup)
    table.go_away(1)
    table.play_bots()
    assert table.is_over()
    assert table.bot_for(0).name == "mcts:easy" and table.bot_for(1).name == "mcts:10"
    with pytest.raises(TableError, match="mcts takes easy, medium, hard"):
        Table("t-bad", TableSetup("brian-boru", (SeatSpec.bot("mcts:quick"),) * 3, seed=1))
