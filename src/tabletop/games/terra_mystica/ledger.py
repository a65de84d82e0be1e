"""Import of Snellman Terra Mystica ledgers (the tab-separated game exports of the Snellman site).

A ledger is a header (``option X``, ``Round N scoring: SCOREk, ...``, ``Removing tile BONk``,
``Player N: name``) followed by one line per processed row. One-field lines are markers
(``Round 2, turn 3``, ``Round 3 income``, ``Scoring FIRE cult``, ``Converting resources to VPs``,
``cultists dropped from the game``); faction rows have 15 tab-separated fields::

    faction dVP "N VP" dC "N C" dW "N W" dP "N P" dPW "b1/b2/b3 PW" dCULT "f/w/e/a" leech commands

The state columns hold the faction's state after the row; the delta columns are blank for 0.
Older exports add a ``show history`` field to marker lines; it is ignored.

Each faction row gets a ``RowKind`` telling the commands a player typed (``PLAYER``, ``SETUP``)
from the rows the site produced (income, Cultists' leech outcome, final scoring, resource
conversion, rows of a dropped faction), so that a replay feeds ``row.player_commands`` of every
faction row to the engine and compares ``row.state`` afterwards.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import Final

from tabletop.engine.errors import NotationError, excerpt
from tabletop.games.terra_mystica.notation import (
    FACTIONS,
    Command,
    CommandKind,
    parse_row_commands,
)

__all__ = [
    "Deltas",
    "FactionState",
    "Ledger",
    "LedgerRow",
    "Player",
    "RowKind",
    "ScoringTile",
    "load_ledger",
    "parse_ledger",
]


class RowKind(StrEnum):
    # faction rows
    SETUP = "setup"  # the faction is chosen (command ``setup``); state = starting resources
    PLAYER = "player"  # commands typed by the player (initial dwellings and bonus picks included)
    CULT_INCOME = "cult_income"  # cult bonus of the previous round's scoring tile
    INCOME = "income"  # building/favour/bonus income; may carry player commands (see LedgerRow)
    LEECH_OUTCOME = "leech_outcome"  # Cultists: [opponent accepted power] / [all ... declined]
    FINAL_SCORING = "final_scoring"  # +Nvp for FIRE|WATER|EARTH|AIR|network
    SCORE_RESOURCES = "score_resources"  # final conversion of resources to VP
    # marker rows (no state)
    TURN = "turn"  # Round N, turn T
    INCOME_PHASE = "income_phase"  # Round N income
    SCORING_PHASE = "scoring_phase"  # Scoring FIRE cult / Scoring network
    RESOURCES_PHASE = "resources_phase"  # Converting resources to VPs
    DROPOUT = "dropout"  # X dropped from the game


_GENERATED_KINDS: Final = frozenset(
    {
        RowKind.CULT_INCOME,
        RowKind.INCOME,
        RowKind.LEECH_OUTCOME,
        RowKind.FINAL_SCORING,
        RowKind.SCORE_RESOURCES,
    }
)
_MARKER_KINDS: Final = frozenset(
    {
        RowKind.TURN,
        RowKind.INCOME_PHASE,
        RowKind.SCORING_PHASE,
        RowKind.RESOURCES_PHASE,
        RowKind.DROPOUT,
    }
)
# which row kind a (site-generated) command makes, by priority
_KIND_OF_COMMAND: Final[dict[CommandKind, RowKind]] = {
    CommandKind.SETUP: RowKind.SETUP,
    CommandKind.CULT_INCOME: RowKind.CULT_INCOME,
    CommandKind.OTHER_INCOME: RowKind.INCOME,
    CommandKind.INCOME: RowKind.INCOME,
    CommandKind.SCORE_RESOURCES: RowKind.SCORE_RESOURCES,
    CommandKind.FINAL_SCORE: RowKind.FINAL_SCORING,
    CommandKind.LEECH_OUTCOME: RowKind.LEECH_OUTCOME,
}


@dataclass(frozen=True, slots=True)
class FactionState:
    """A faction's resources after a row: VP, coins, workers, priests, power bowls I/II/III and
    cult positions in the order FIRE, WATER, EARTH, AIR."""

    vp: int
    coins: int
    workers: int
    priests: int
    power: tuple[int, int, int]
    cults: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Deltas:
    """The delta columns of a row (0 where blank). ``power`` is the change of the power value
    (bowl II + 2 * bowl III), ``cult`` the sum of the cult steps."""

    vp: int = 0
    coins: int = 0
    workers: int = 0
    priests: int = 0
    power: int = 0
    cult: int = 0


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One line of the ledger after the header: a faction row or a marker.

    ``round`` is the round the row belongs to (0 = setup; income rows belong to the round they
    prepare; final scoring rows to round 6); ``turn`` is the turn number of play rows, else None.
    ``PLAYER`` rows with ``round > 0`` and no ``turn`` are typed in the income phase: spades
    from the cult bonus of the last round's scoring tile, used with ``transform``.
    ``leech`` lists the power offered to neighbours by this row's building.
    ``text`` is the command column as written (any case); ``commands`` its parsed commands.
    """

    line: int
    kind: RowKind
    text: str  # the command column (faction rows) or the marker text
    round: int
    turn: int | None = None
    faction: str | None = None  # faction rows and DROPOUT markers
    state: FactionState | None = None
    deltas: Deltas | None = None
    leech: tuple[int, ...] = ()
    commands: tuple[Command, ...] = ()

    @property
    def is_marker(self) -> bool:
        return self.kind in _MARKER_KINDS

    @property
    def is_generated(self) -> bool:
        """True for rows produced by the site (they may still carry ``player_commands``)."""
        return self.kind in _GENERATED_KINDS

    @property
    def player_commands(self) -> tuple[Command, ...]:
        """The commands to replay: all but the site-generated ones."""
        return tuple(command for command in self.commands if not command.generated)


@dataclass(frozen=True, slots=True)
class Player:
    index: int
    name: str


@dataclass(frozen=True, slots=True)
class ScoringTile:
    round: int
    tile: str  # SCORE1 ... SCORE9
    description: str  # e.g. "TP >> 3"


@dataclass(frozen=True, slots=True)
class Ledger:
    name: str
    options: tuple[str, ...]
    scoring: tuple[ScoringTile, ...]
    removed_bonus_tiles: tuple[str, ...]
    players: tuple[Player, ...]
    rows: tuple[LedgerRow, ...]

    @property
    def round_scoring(self) -> dict[int, str]:
        """Round number -> scoring tile (``SCOREk``)."""
        return {tile.round: tile.tile for tile in self.scoring}

    @property
    def factions(self) -> tuple[str, ...]:
        """Factions in the order of their ``setup`` rows."""
        return tuple(row.faction for row in self.rows if row.kind is RowKind.SETUP and row.faction)

    @property
    def dropped(self) -> tuple[str, ...]:
        """Factions that dropped out, in order."""
        return tuple(
            row.faction for row in self.rows if row.kind is RowKind.DROPOUT and row.faction
        )

    def faction_rows(self) -> Iterator[LedgerRow]:
        return (row for row in self.rows if row.state is not None)

    def final_states(self) -> dict[str, FactionState]:
        """Each faction's state after its last row."""
        states: dict[str, FactionState] = {}
        for row in self.faction_rows():
            assert row.faction is not None and row.state is not None
            states[row.faction] = row.state
        return states

    def final_vp(self) -> dict[str, int]:
        return {faction: state.vp for faction, state in self.final_states().items()}


# --------------------------------------------------------------------------------------------
# Parsing

_SHOW_HISTORY: Final = "\tshow history"
_NUM_FIELDS: Final = 15

_OPTION_RE: Final = re.compile(r"option\s+(\S+)")
_SCORING_RE: Final = re.compile(r"Round ([1-6]) scoring: (SCORE[1-9]),\s*(.*)")
_REMOVE_RE: Final = re.compile(r"Removing tile (BON(?:10|[1-9]))")
_PLAYER_RE: Final = re.compile(r"Player ([0-9]{1,9}): (.*)")
_TURN_RE: Final = re.compile(r"Round ([0-9]{1,9}), turn ([0-9]{1,9})")
_INCOME_RE: Final = re.compile(r"Round ([0-9]{1,9}) income")
_SCORING_PHASE_RE: Final = re.compile(r"Scoring (?:(FIRE|WATER|EARTH|AIR) cult|network)")
_DROPPED_RE: Final = re.compile(r"([a-z]+) dropped from the game")
_IGNORED_MARKERS: Final = frozenset({"Default game options", "Randomize setup"})
_RESOURCES_PHASE: Final = "Converting resources to VPs"

_DELTA_RE: Final = re.compile(r"[+-][0-9]{1,9}")
_VP_RE: Final = re.compile(r"(-?[0-9]{1,9}) VP")
_C_RE: Final = re.compile(r"([0-9]{1,9}) C")
_W_RE: Final = re.compile(r"([0-9]{1,9}) W")
_P_RE: Final = re.compile(r"([0-9]{1,9}) P")
_PW_RE: Final = re.compile(r"([0-9]{1,9})/([0-9]{1,9})/([0-9]{1,9}) PW")
_CULT_RE: Final = re.compile(r"([0-9]{1,9})/([0-9]{1,9})/([0-9]{1,9})/([0-9]{1,9})")
_LEECH_RE: Final = re.compile(r"[0-9]{1,9}(?: [0-9]{1,9})*")


def _fail(line: int, reason: str, token: str) -> NotationError:
    return NotationError(f"line {line}: {reason} {excerpt(token)}")


def _delta(field: str, line: int, column: str) -> int:
    if not field:
        return 0
    if _DELTA_RE.fullmatch(field) is None:
        raise _fail(line, f"bad {column} delta", field)
    return int(field)


def _value(pattern: re.Pattern[str], field: str, line: int, column: str) -> re.Match[str]:
    match = pattern.fullmatch(field)
    if match is None:
        raise _fail(line, f"bad {column} column", field)
    return match


class _Builder:
    """Accumulates the header and the rows of one ledger."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.options: list[str] = []
        self.scoring: list[ScoringTile] = []
        self.removed: list[str] = []
        self.players: list[Player] = []
        self.rows: list[LedgerRow] = []
        self.round = 0
        self.turn: int | None = None
        self.in_income = False  # after an income marker, before the next turn marker

    def marker(self, text: str, line: int) -> None:
        if match := _TURN_RE.fullmatch(text):
            self.round, self.turn = int(match[1]), int(match[2])
            self.in_income = False
            self._add_marker(RowKind.TURN, text, line)
        elif match := _INCOME_RE.fullmatch(text):
            self.round, self.turn = int(match[1]), None
            self.in_income = True
            self._add_marker(RowKind.INCOME_PHASE, text, line)
        elif _SCORING_PHASE_RE.fullmatch(text):
            self.turn = None
            self._add_marker(RowKind.SCORING_PHASE, text, line)
        elif text == _RESOURCES_PHASE:
            self.turn = None
            self._add_marker(RowKind.RESOURCES_PHASE, text, line)
        elif match := _DROPPED_RE.fullmatch(text):
            faction = match[1]
            if faction not in FACTIONS:
                raise _fail(line, "unknown faction", faction)
            self._add_marker(RowKind.DROPOUT, text, line, faction)
        elif match := _OPTION_RE.fullmatch(text):
            self.options.append(match[1])
        elif match := _SCORING_RE.fullmatch(text):
            self.scoring.append(ScoringTile(int(match[1]), match[2], match[3]))
        elif match := _REMOVE_RE.fullmatch(text):
            self.removed.append(match[1])
        elif match := _PLAYER_RE.fullmatch(text):
            self.players.append(Player(int(match[1]), match[2]))
        elif text not in _IGNORED_MARKERS:
            raise _fail(line, "unrecognised ledger line", text)

    def _add_marker(self, kind: RowKind, text: str, line: int, faction: str | None = None) -> None:
        self.rows.append(
            LedgerRow(line, kind, text, self.round, self.turn, faction=faction),
        )

    def faction_row(self, fields: list[str], line: int) -> None:
        faction = fields[0]
        if faction not in FACTIONS:
            raise _fail(line, "unknown faction", faction)
        vp = int(_value(_VP_RE, fields[2], line, "VP")[1])
        coins = int(_value(_C_RE, fields[4], line, "coins")[1])
        workers = int(_value(_W_RE, fields[6], line, "workers")[1])
        priests = int(_value(_P_RE, fields[8], line, "priests")[1])
        pw = _value(_PW_RE, fields[10], line, "power")
        cult = _value(_CULT_RE, fields[12], line, "cult")
        state = FactionState(
            vp,
            coins,
            workers,
            priests,
            (int(pw[1]), int(pw[2]), int(pw[3])),
            (int(cult[1]), int(cult[2]), int(cult[3]), int(cult[4])),
        )
        deltas = Deltas(
            _delta(fields[1], line, "VP"),
            _delta(fields[3], line, "coins"),
            _delta(fields[5], line, "workers"),
            _delta(fields[7], line, "priests"),
            _delta(fields[9], line, "power"),
            _delta(fields[11], line, "cult"),
        )
        leech_field = fields[13].strip()
        if leech_field and _LEECH_RE.fullmatch(leech_field) is None:
            raise _fail(line, "bad leech column", fields[13])
        leech = tuple(int(amount) for amount in leech_field.split())
        text = fields[14].strip()
        commands = tuple(parse_row_commands(text, line=line))
        kind = RowKind.PLAYER
        for command in commands:
            row_kind = _KIND_OF_COMMAND.get(command.kind)
            if row_kind is not None:
                kind = row_kind
                break
        if kind in (RowKind.CULT_INCOME, RowKind.INCOME) and not self.in_income:
            # income rows right after a drop-out marker come without an income marker
            self.round, self.turn, self.in_income = self.round + 1, None, True
        self.rows.append(
            LedgerRow(
                line, kind, text, self.round, self.turn, faction, state, deltas, leech, commands
            )
        )

    def finish(self) -> Ledger:
        return Ledger(
            self.name,
            tuple(self.options),
            tuple(self.scoring),
            tuple(self.removed),
            tuple(self.players),
            tuple(self._resolve_empty_rows()),
        )

    def _resolve_empty_rows(self) -> Iterator[LedgerRow]:
        """Rows without commands belong to a dropped faction, which still gets income and final
        scoring: they take the kind of the other faction rows of their section (the rows after
        a marker), or else the kind the section's marker implies."""
        section_kind: dict[int, RowKind] = {}
        section = -1
        income_rounds: set[int] = set()
        for index, row in enumerate(self.rows):
            if row.is_marker:
                section = index
                implied = self._implied_kind(row, income_rounds)
                if implied is not None:
                    section_kind[section] = implied
            elif row.commands and row.kind in _GENERATED_KINDS:
                section_kind[section] = row.kind
        section = -1
        for index, row in enumerate(self.rows):
            if row.is_marker:
                section = index
            elif not row.commands:
                kind = section_kind.get(section)
                if kind is None:
                    raise _fail(
                        row.line,
                        "no commands in a row outside the site's phases for",
                        str(row.faction),
                    )
                row = replace(row, kind=kind)
            yield row

    @staticmethod
    def _implied_kind(marker: LedgerRow, income_rounds: set[int]) -> RowKind | None:
        if marker.kind is RowKind.SCORING_PHASE:
            return RowKind.FINAL_SCORING
        if marker.kind is RowKind.RESOURCES_PHASE:
            return RowKind.SCORE_RESOURCES
        if marker.kind is RowKind.INCOME_PHASE:
            # rounds 2-6 have two income markers: the previous round's cult bonus, then income
            first = marker.round not in income_rounds
            income_rounds.add(marker.round)
            return RowKind.CULT_INCOME if first and marker.round > 1 else RowKind.INCOME
        return None


def parse_ledger(text: str, name: str = "") -> Ledger:
    """Parse the text of a Snellman ledger; errors name the line number and the bad token."""
    builder = _Builder(name)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw[: -len(_SHOW_HISTORY)] if raw.endswith(_SHOW_HISTORY) else raw
        if "\t" not in line:
            stripped = line.strip()
            if stripped:
                builder.marker(stripped, number)
            continue
        fields = line.split("\t")
        if len(fields) != _NUM_FIELDS:
            raise _fail(number, f"expected {_NUM_FIELDS} tab-separated fields, got", line)
        builder.faction_row(fields, number)
    return builder.finish()


def check_ledger(ledger: Ledger) -> Ledger:
    """``ledger`` if it describes a game that can be replayed (factions set up once each,
    a scoring tile for every round, rows only of factions set up), else NotationError
    naming the line."""
    factions = ledger.factions
    if not factions:
        raise NotationError("not a Snellman ledger: no faction is set up")
    missing = [r for r in range(1, 7) if r not in ledger.round_scoring]
    if missing:
        raise NotationError(f"not a Snellman ledger: no scoring tile for round {missing[0]}")
    for row in ledger.rows:
        if row.faction is not None and row.faction not in factions:
            raise NotationError(f"line {row.line}: faction {row.faction!r} was never set up")
        if row.kind is RowKind.SETUP and factions.count(str(row.faction)) > 1:
            raise NotationError(f"line {row.line}: faction {row.faction!r} is set up twice")
    return ledger


def load_ledger(path: str | Path) -> Ledger:
    """Read and parse a ledger file; the ledger's name is the file name without extension."""
    path = Path(path)
    return parse_ledger(path.read_text(encoding="utf-8"), name=path.stem)
