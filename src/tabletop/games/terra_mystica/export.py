"""Export a game played on the platform as a Snellman ledger (see :mod:`.ledger`).

The record's actions are played again through :func:`.turn.play` on a fresh state, and every
step is written the way the Snellman site writes its ledgers: the header (options, round
scoring tiles, bonus tiles removed, players), the ``setup`` rows, one row per group of
consecutive commands of a seat (a turn without its ``done``; each answer to a power offer,
each Cultists' cult step owed by those answers, each initial dwelling and bonus pick on its
own row), and the rows the site generates itself (cult bonus and income at each round start,
the Cultists' ``[opponent accepted power]`` notes, final scoring).  Each row carries the
faction's state after it, so that :func:`.replay.replay` of the exported ledger agrees with
every row and ends with the platform game's final VP.

Free spades left unused lapse on the platform at the end of a turn, when another main action
starts (Chaos Magicians) and when the cult-bonus spades are given up (``done``, or no hex
left to transform); a ledger replay would keep them, so the export writes ``-SPADE`` (throw a
spade away) where they lapse, as many as the replay still holds (building a dwelling already
zeroes them there, while the platform keeps an action's spare spade after its dwelling).

>>> from tabletop.engine import Record
>>> record = Record("terra-mystica", ["ann", "bob"], seed=1,
...                 options={"factions": "witches,nomads"})
>>> lines = export_ledger(record).splitlines()
>>> lines[-3], lines[-1].split()[0], lines[-1].split()[-1]
('Player 2: bob', 'nomads', 'setup')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from tabletop.engine import Record, RecordError
from tabletop.engine.record import RESIGN
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.actions import execute
from tabletop.games.terra_mystica.data.board import NETWORK_FINAL_VP
from tabletop.games.terra_mystica.data.common import OPTION_OPEN_OFFERS
from tabletop.games.terra_mystica.data.cults import CULT_FINAL_VP
from tabletop.games.terra_mystica.data.tiles import bonus_tile_ids
from tabletop.games.terra_mystica.game import TERRA_MYSTICA, TerraMysticaState, TMAction
from tabletop.games.terra_mystica.ledger import FactionState
from tabletop.games.terra_mystica.replay import snapshot
from tabletop.games.terra_mystica.scoring import network_size, share
from tabletop.games.terra_mystica.state import (
    PLAY,
    SETUP_BONUS,
    SETUP_DWELLINGS,
    SETUP_FACTIONS,
    TMState,
)
from tabletop.games.terra_mystica.turn import play, resign

__all__ = ["SCORING_DESCRIPTIONS", "export_ledger"]

#: The site's short description of each round scoring tile (``Round 1 scoring: SCORE8, TP >> 3``).
SCORING_DESCRIPTIONS: Final[dict[str, str]] = {
    "SCORE1": "SPADE >> 2",
    "SCORE2": "TOWN >> 5",
    "SCORE3": "D >> 2",
    "SCORE4": "SA/SH >> 5",
    "SCORE5": "D >> 2",
    "SCORE6": "TP >> 3",
    "SCORE7": "SA/SH >> 5",
    "SCORE8": "TP >> 3",
    "SCORE9": "TE >> 4",
}
_CULT_NAMES: Final = tuple(c.value for c in N.Cult)


@dataclass
class _Row:
    """A faction row being written: its commands, the power it offered, its state."""

    seat: int
    commands: list[str] = field(default_factory=list)
    leech: list[int] = field(default_factory=list)
    state: FactionState | None = None


@dataclass
class _Event:
    """An automatic step seen by the observer: kind, seat, round and the seat's state."""

    kind: str  # cult | income | final
    seat: int
    round: int
    state: FactionState


class _Writer:
    """Plays the record and collects the ledger's lines."""

    def __init__(self, record: Record, players: list[str]) -> None:
        state = TERRA_MYSTICA.new_state(len(record.seats), record.options, record.seed)
        assert isinstance(state, TerraMysticaState)
        self.record = record
        self.core: TMState = state.core
        self.players = players
        self.lines: list[str] = []  # the rows (header excluded)
        self.previous: dict[str, FactionState] = {}  # last state written per faction
        self.row: _Row | None = None  # the open row
        self.events: list[_Event] = []
        self.seen_events: set[int] = set()  # leech offer events already written
        self.round = 0  # round of the last turn marker
        self.turn = 0
        self.turn_open = False  # the active seat's turn has started (and not ended)
        self.last_position = -1  # the active seat's place in the order (turn numbering)
        self.bonus_in_play = set(self.core.bonus_coins)

    # -- output ---------------------------------------------------------------------------
    def header(self) -> list[str]:
        core = self.core
        # the site's options (open-offers is its own timing, not an option there)
        lines = [f"option {name}" for name in core.options if name != OPTION_OPEN_OFFERS]
        for number, tile in enumerate(core.scoring, start=1):
            lines.append(f"Round {number} scoring: {tile}, {SCORING_DESCRIPTIONS[tile]}")
        lines += [
            f"Removing tile {tile}"
            for tile in bonus_tile_ids(core.options)
            if tile not in self.bonus_in_play
        ]
        for number, name in enumerate(self.players, start=1):
            clean = " ".join(name.split()) or f"player{number}"
            lines.append(f"Player {number}: {clean}")
        return lines

    def marker(self, text: str) -> None:
        self.close()
        self.lines.append(text)

    def write(self, seat: int, state: FactionState, text: str, leech: tuple[int, ...] = ()) -> None:
        faction = self.core.factions[seat]
        before = self.previous.get(faction)
        self.previous[faction] = state
        if before is None:
            deltas = [""] * 6
        else:
            deltas = [
                "" if new == old else f"{new - old:+d}"
                for new, old in zip(_delta_values(state), _delta_values(before), strict=True)
            ]
        b1, b2, b3 = state.power
        f, w, e, a = state.cults
        fields = [
            faction,
            deltas[0],
            f"{state.vp} VP",
            deltas[1],
            f"{state.coins} C",
            deltas[2],
            f"{state.workers} W",
            deltas[3],
            f"{state.priests} P",
            deltas[4],
            f"{b1}/{b2}/{b3} PW",
            deltas[5],
            f"{f}/{w}/{e}/{a}",
            " ".join(str(amount) for amount in leech),
            text,
        ]
        self.lines.append("\t".join(fields))

    def open(self, seat: int) -> _Row:
        """The open row of ``seat`` (a new one if another seat's row is open)."""
        if self.row is not None and self.row.seat != seat:
            self.close()
        if self.row is None:
            self.row = _Row(seat)
        return self.row

    def close(self) -> None:
        row, self.row = self.row, None
        if row is None or not row.commands:
            return
        assert row.state is not None
        self.write(row.seat, row.state, ". ".join(row.commands), tuple(row.leech))

    # -- playing --------------------------------------------------------------------------
    def run(self) -> str:
        core = self.core
        if core.phase != SETUP_FACTIONS:
            self.write_setup()
        for seat, text in self.record.actions:
            if text == RESIGN:
                self.resign(seat)
                continue
            action = TERRA_MYSTICA.parse_action(text)
            assert isinstance(action, TMAction)
            self.step(seat, action.command)
        self.close()
        return "\n".join([*self.header(), *self.lines]) + "\n"

    def observe(self, kind: str, seat: int) -> None:
        self.events.append(_Event(kind, seat, self.core.round, snapshot(self.core, seat)))

    def write_setup(self) -> None:
        for seat in range(self.core.num_players):
            self.write(seat, snapshot(self.core, seat), "setup")

    def step(self, seat: int, command: N.Command) -> None:
        """Play one action and write what it adds to the ledger."""
        core = self.core
        phase = core.phase
        if phase == SETUP_FACTIONS:
            play(core, seat, command, self.observe)
            if core.phase != SETUP_FACTIONS:
                self.write_setup()
            return
        active = phase == PLAY and seat == core.active
        # a copy to replay the commands on when the automatic steps follow them
        before = (
            core.copy()
            if phase != PLAY or isinstance(command, N.Pass) or all(core.passed)
            else None
        )
        log_length = len(core.log)
        bowls = list(core.bowls[seat])
        alone_seat = self.alone_seat(core)
        self.turn_marker(seat, command, active)
        self.events = []
        written = play(core, seat, command, self.observe)
        after = core  # the state right after the command, before the automatic steps
        if self.events:
            assert before is not None
            for who, text in written:
                if not isinstance(text, N.Done):
                    execute(before, who, text, auto=False)
            after = before
        alone = phase in (SETUP_DWELLINGS, SETUP_BONUS)  # a row of its own
        if isinstance(command, (N.Leech, N.Decline)):
            alone = True
            self.close()
            accepted = isinstance(command, N.Leech) and after.bowls[seat] != bowls
            self.outcomes(after, log_length, accepted)
        elif isinstance(command, N.CultStep) and core.faction(seat).leech_accepted_cult_steps:
            # the Cultists' step for power taken comes after the answers, on its own row
            alone = self.row is None or self.row.seat != seat
        if alone:
            self.close()
        ends_turn = active and (isinstance(command, N.Pass) or core.active != seat)
        for who, text in written:
            if who != seat:
                continue
            if isinstance(text, N.Done) and not (active and alone_seat):
                continue  # the site ends a turn by itself at the next faction's row
            self.open(seat).commands.append(text.to_text())
        row = self.open(seat)
        row.leech += self.new_offers(seat)
        row.state = snapshot(after, seat)
        for who, text in written:
            if who != seat:
                self.close()
                self.write(who, snapshot(after, who), text.to_text())
        if not isinstance(command, (N.Leech, N.Decline)) and any(
            entry.startswith("leech-outcome ") for entry in after.log[log_length:]
        ):
            # offers the move declined by itself (open-offers: an action declines them)
            self.close()
            self.outcomes(after, log_length, accepted=False)
        if alone or ends_turn or isinstance(command, N.Done) or self.events:
            self.close()
        if self.events:
            self.automatic(after)

    def resign(self, seat: int) -> None:
        """A seat leaving the game: the site's marker row, then what follows by itself."""
        self.marker(f"{self.core.factions[seat]} dropped from the game")
        self.events = []
        after = self.core.copy()
        resign(self.core, seat, self.observe)
        if self.events:
            execute(after, seat, N.Resign(), auto=False)
            self.automatic(after)

    @staticmethod
    def alone_seat(core: TMState) -> bool:
        """True when the active seat is the only one still to pass (its turns follow one
        another, so the site needs ``done`` to tell them apart)."""
        return sum(1 for passed in core.passed if not passed) == 1

    def turn_marker(self, seat: int, command: N.Command, active: bool) -> None:
        """``Round N, turn T`` before the first row of each turn of the action phase."""
        if not active:
            return
        if not self.turn_open:
            position = self.core.order.index(seat) if seat in self.core.order else 0
            if position <= self.last_position or self.turn == 0:
                self.turn += 1
                self.marker(f"Round {self.round}, turn {self.turn}")
            self.last_position = position
            self.turn_open = True
        if isinstance(command, (N.Done, N.Pass)):
            self.turn_open = False

    def new_offers(self, seat: int) -> list[int]:
        amounts = []
        for source, _target, amount, event in self.core.leech_offers:
            if source == seat and event not in self.seen_events:
                amounts.append(amount)
        for offer in self.core.leech_offers:
            self.seen_events.add(offer[3])
        return amounts

    def outcomes(self, after: TMState, log_length: int, accepted: bool) -> None:
        """The Cultists' notes when their power offer is settled (before the answer's row)."""
        for entry in after.log[log_length:]:
            if entry.startswith("leech-outcome "):
                who = int(entry.split()[1])
                note = N.LeechOutcome(accepted=accepted).to_text()
                self.write(who, snapshot(after, who), note)

    def automatic(self, before_final: TMState) -> None:
        """The rows the site writes for the automatic steps: cult bonus and income at a
        round's start, final scoring at the end."""
        kind = ""
        finals: list[_Event] = []
        for event in self.events:
            if event.kind == "final":
                finals.append(event)
                continue
            if event.kind != kind:
                number = event.round + 1 if event.kind == "cult" else event.round
                self.marker(f"Round {number} income")
                kind = event.kind
            text = "cult_income_for_faction" if kind == "cult" else "other_income_for_faction"
            self.write(event.seat, event.state, text)
            if event.kind == "income":
                self.turn = 0
                self.round = event.round
                self.last_position = -1
                self.turn_open = False
        if finals:
            self.final_scoring(before_final, finals)

    def final_scoring(self, before: TMState, finals: list[_Event]) -> None:
        """Cult majorities, the largest network, then resources converted to VP."""
        seats = list(range(before.num_players))
        states = {s: snapshot(before, s) for s in seats}
        vp = {s: states[s].vp for s in seats}

        def award(source: str, gains: list[int]) -> None:
            for s in seats:
                if gains[s] > 0:
                    vp[s] += gains[s]
                    state = states[s]
                    shown = FactionState(
                        vp[s], state.coins, state.workers, state.priests, state.power, state.cults
                    )
                    self.write(s, shown, N.FinalScore(gains[s], source).to_text())

        for cult, name in enumerate(_CULT_NAMES):
            self.marker(f"Scoring {name} cult")
            award(name, share(seats, CULT_FINAL_VP, [before.cults[s][cult] for s in seats]))
        self.marker("Scoring network")
        award("network", share(seats, NETWORK_FINAL_VP, [network_size(before, s) for s in seats]))
        self.marker("Converting resources to VPs")
        for event in sorted(finals, key=lambda e: e.seat):
            self.write(event.seat, event.state, N.ScoreResources().to_text())


def _delta_values(state: FactionState) -> tuple[int, ...]:
    """What the delta columns count: VP, C, W, P, power value (bowl II + 2 x bowl III) and the
    sum of the cult positions."""
    power = state.power[1] + 2 * state.power[2]
    return (state.vp, state.coins, state.workers, state.priests, power, sum(state.cults))


def export_ledger(record: Record, players: list[str] | None = None) -> str:
    """The Snellman ledger of a Terra Mystica game played on the platform.

    ``players`` names the seats in the ``Player N:`` lines (default: the record's seats).
    Raise RecordError if the record is not a Terra Mystica game or does not replay.
    """
    if record.game != TERRA_MYSTICA.id:
        raise RecordError(
            f"only Terra Mystica games export to a Snellman ledger, not {record.game!r}"
        )
    record.replay()  # the actions must be legal (errors name the bad action)
    names = list(players) if players is not None else list(record.seats)
    if len(names) != len(record.seats):
        raise RecordError(f"{len(names)} player names for {len(record.seats)} seats")
    return _Writer(record, names).run()
