"""Replay a Snellman ledger through the engine's own rules, row by row.

Every faction row's player commands are executed; then the engine's VP, C, W, P, power
bowls and cult positions of the row's faction are compared with the row's state.  Rows the
site produced (cult bonus, income, final scoring) are compared with the engine's state right
after that automatic step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica.actions import drop, execute
from tabletop.games.terra_mystica.flow import advance as advance_flow
from tabletop.games.terra_mystica.ledger import (
    FactionState,
    Ledger,
    LedgerRow,
    RowKind,
    check_ledger,
)
from tabletop.games.terra_mystica.ledger_turns import SiteTurns
from tabletop.games.terra_mystica.setup import new_game
from tabletop.games.terra_mystica.state import TMState


def snapshot(state: TMState, seat: int) -> FactionState:
    b = state.bowls[seat]
    c = state.cults[seat]
    return FactionState(
        state.vp[seat],
        state.c[seat],
        state.w[seat],
        state.p[seat],
        (b[0], b[1], b[2]),
        (c[0], c[1], c[2], c[3]),
    )


@dataclass
class Divergence:
    line: int
    faction: str
    text: str
    reason: str  # "error: ..." or "state"
    expected: FactionState | None = None
    actual: FactionState | None = None

    def describe(self) -> str:
        if self.expected is None:
            return f"line {self.line} {self.faction} {self.text!r}: {self.reason}"
        return (
            f"line {self.line} {self.faction} {self.text!r}: expected {self.expected}, "
            f"got {self.actual}"
        )


@dataclass
class ReplayResult:
    name: str
    rows: int = 0  # faction rows compared
    agreeing: int = 0  # rows agreeing before the first divergence
    divergence: Divergence | None = None
    final_vp: dict[str, int] = field(default_factory=dict)
    state: TMState | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None


def replay(ledger: Ledger) -> ReplayResult:
    """Replay ``ledger``; stop at the first row that disagrees or cannot be played.

    A ledger that describes no replayable game raises NotationError (see
    :func:`.ledger.check_ledger`); a game the engine cannot follow is a divergence.
    """
    check_ledger(ledger)
    result = ReplayResult(ledger.name)
    removed = ledger.removed_bonus_tiles
    scoring = [ledger.round_scoring[r] for r in range(1, 7)]
    state = new_game(ledger.factions, ledger.options, scoring, removed)
    result.state = state
    snapshots: dict[tuple[str, int], FactionState] = {}

    def observe(kind: str, seat: int) -> None:
        snapshots[(kind, seat)] = snapshot(state, seat)

    last_row = {row.faction: row.line for row in ledger.faction_rows()}
    outcomes: dict[int, list[FactionState]] = {}  # leech outcomes resolved, not yet compared
    waiting: dict[int, list[LedgerRow]] = {}  # outcome rows seen before their resolution
    seen_log = 0

    def check_outcomes() -> Divergence | None:
        nonlocal seen_log
        for entry in state.log[seen_log:]:
            if entry.startswith("leech-outcome "):
                who = int(entry.split()[1])
                outcomes.setdefault(who, []).append(snapshot(state, who))
        seen_log = len(state.log)
        for who, rows in waiting.items():
            while rows and outcomes.get(who):
                row = rows.pop(0)
                actual = outcomes[who].pop(0)
                if actual != row.state:
                    return Divergence(
                        row.line, str(row.faction), row.text, "state", row.state, actual
                    )
        return None

    turns = SiteTurns(state)
    previous: int | None = None  # the seat of the last command played
    for row in ledger.rows:
        if row.kind is RowKind.DROPOUT and row.faction:
            drop(state, state.seat_of(row.faction))
            turns.dropped(state.seat_of(row.faction))
            advance_flow(state, observe)
            continue
        if row.is_marker or row.state is None or row.faction is None:
            continue
        seat = state.seat_of(row.faction)
        result.rows += 1
        commands = row.player_commands
        if commands and row.kind is not RowKind.SETUP:
            try:
                if previous is not None and previous != seat:
                    turns.finish(previous)  # the site ends a turn at another faction's row
                previous = seat
                for command in commands:
                    turns.before(seat, command)
                    execute(state, seat, command, observe, auto=False)
                    turns.after(seat, command)
                    divergence = check_outcomes()
                    if divergence is not None:
                        result.divergence = divergence
                        return result
            except IllegalAction as exc:
                result.divergence = Divergence(row.line, row.faction, row.text, f"error: {exc}")
                return result
        if row.kind is RowKind.LEECH_OUTCOME:
            waiting.setdefault(seat, []).append(row)
            divergence = check_outcomes()
            if divergence is not None:
                result.divergence = divergence
                return result
            result.agreeing += 1
            continue
        if row.is_generated:
            advance_flow(state, observe)
        actual = _actual(state, seat, row, snapshots, last_row)
        advance_flow(state, observe)
        if actual is None:
            result.agreeing += 1
            continue
        if actual != row.state:
            result.divergence = Divergence(
                row.line, row.faction, row.text, "state", row.state, actual
            )
            return result
        result.agreeing += 1
    result.final_vp = {f: state.vp[state.seat_of(f)] for f in state.factions}
    return result


def _actual(
    state: TMState,
    seat: int,
    row: LedgerRow,
    snapshots: dict[tuple[str, int], FactionState],
    last_row: dict[str | None, int],
) -> FactionState | None:
    """The engine's state to compare with ``row`` (None: nothing to compare)."""
    if row.kind is RowKind.CULT_INCOME and not row.player_commands:
        return snapshots.get(("cult", seat))
    if row.kind is RowKind.INCOME and not row.player_commands:
        return snapshots.get(("income", seat))
    if row.kind in (RowKind.FINAL_SCORING, RowKind.SCORE_RESOURCES):
        return snapshot(state, seat) if last_row.get(row.faction) == row.line else None
    return snapshot(state, seat)
