"""Replay a Snellman ledger through the engine *contract*: turn order and legal moves enforced.

:mod:`.replay` executes the ledger's commands in the ledger's order with the rules modules;
this module instead plays the game the way the platform does (:mod:`.game`, :mod:`.turn`,
:mod:`.legal`): it builds the state with ``TERRA_MYSTICA.new_state`` from the ledger's
factions (seat order = setup order), tiles and options, then repeatedly asks ``to_move()``,
takes the next unconsumed command of that seat's faction from the ledger, translates it into
contract action(s), checks each is in ``legal_actions(seat)`` and applies it.  A game agrees
when every command is accepted in the order the contract asks for and the final VP are the
ledger's.

Translations (Snellman is looser than the contract):

* ``dig N`` is implied by the transform or build that follows (skipped), except where the
  contract offers it (the Alchemists with their stronghold); ``setup`` (done by the
  ``factions`` option) and ``wait`` are skipped; ``done`` is played when legal;
* ``convert 3PW to 3C`` is three ``convert 1PW to 1C``; ``+2TW5`` is two ``+TW5``;
* ``send p to CULT`` without an amount takes the best free space (3, 2, else 1);
* a cult step on a track where it has no effect (at the top, or already held at 9 for want
  of a key) is skipped: the site accepts it, the platform drops it;
* ``transform H`` without a terrain means the home terrain; a bridge may name its hexes in
  either order;
* ``leech``/``decline`` answer the contract's offer from the faction they name (the amount may
  differ); an offer the ledger does not answer before the seat's next action lapsed (the site
  declines it then), so it is declined;
* decisions the contract asks for before the ledger writes them are taken from further down
  the seat's ledger: power offers and favor/town tiles up to the row of its next action, the
  Cultists' cult step (the site lets them take it after their neighbours, who may answer
  late) up to the next step of their own;
* ``done`` is played when the seat's ledger row is exhausted, or when its next command is not
  legal now and belongs to a later action (in the income phase: when the next command is not
  a legal spade use).

A faction dropping out is not a move of the contract: the seat resigns
(:meth:`State.resign`, written ``[seat, "resign"]`` in the record) once every ledger row
before the drop-out marker has been played.

``tolerate=True`` goes on after a refused command, executing it with the rules core (as the
ledger replay does), so that one run lists every kind of refusal of a game, not only the
first.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Final

from tabletop.engine import Action, IllegalAction, Record, RecordError
from tabletop.engine.record import RESIGN
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.cults import can_step
from tabletop.games.terra_mystica.data.common import OPTION_OPEN_OFFERS
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.data.terrain import COLORS
from tabletop.games.terra_mystica.data.tiles import bonus_tile_ids
from tabletop.games.terra_mystica.game import (
    RULE_OPTIONS,
    TERRA_MYSTICA,
    TerraMysticaState,
    TMAction,
    action_of,
)
from tabletop.games.terra_mystica.ledger import Ledger, RowKind
from tabletop.games.terra_mystica.state import INCOME_SPADES, PLAY, TMState
from tabletop.games.terra_mystica.turn import play as play_core
from tabletop.games.terra_mystica.turn import turn_in_progress

#: Commands that take (or start) a main action: the end of a look-ahead window.
MAIN_COMMANDS: Final = (
    N.Build,
    N.Upgrade,
    N.Transform,
    N.Bridge,
    N.Action,
    N.Send,
    N.Advance,
    N.Pass,
)
#: Decisions the contract may ask for before the ledger writes them.
DECISIONS: Final = (N.Leech, N.Decline, N.Favor, N.Town, N.CultStep)
#: Actions that grant a cult step of their own (a look-ahead for an owed step stops there).
CULT_STEP_ACTIONS: Final = frozenset({"BON2", "FAV6", "ACTA"})
#: How many legal actions a mismatch report lists.
LEGAL_SHOWN: Final = 15
#: A guard against a driver loop that makes no progress.
MAX_STEPS: Final = 20000

DONE: Final = N.Done()

# Categories of refusals that are rules questions (see the module's report in the tests).
SPLIT_SPADES: Final = "an action's spades split over two hexes plus its dwelling"
CONVERT_BEFORE_TILE: Final = (
    "conversion between founding/building and taking the tile (contract: tile first)"
)
TOWN_BEFORE_FAVOR: Final = "contract asks first for the town tile; the ledger takes its favor first"


@dataclass(frozen=True, slots=True)
class Item:
    """One ledger command still to play (already split into contract-sized steps)."""

    line: int
    row: str  # the row's command column, for reports
    command: N.Command
    row_commands: tuple[N.Command, ...] = ()


@dataclass
class Mismatch:
    """A ledger command the contract refuses (or a seat the ledger has nothing for)."""

    line: int
    faction: str
    seat: int
    command: str
    to_move: list[str]
    legal: list[str]
    reason: str
    category: str
    row: str = ""

    def describe(self) -> str:
        shown = ", ".join(self.legal[:LEGAL_SHOWN])
        more = "" if len(self.legal) <= LEGAL_SHOWN else f", ... ({len(self.legal)} in all)"
        return (
            f"line {self.line} {self.faction} (seat {self.seat}) {self.command!r} "
            f"[row {self.row!r}]: {self.reason}; to_move={self.to_move}; "
            f"legal=[{shown}{more}]"
        )


@dataclass
class ContractReplayResult:
    name: str
    tolerant: bool = False
    steps: int = 0  # contract actions applied
    commands: int = 0  # ledger commands consumed
    mismatches: list[Mismatch] = field(default_factory=list)
    over: bool = False  # the game reached its end
    final_vp: dict[str, int] = field(default_factory=dict)
    expected_vp: dict[str, int] = field(default_factory=dict)
    notes: Counter[str] = field(default_factory=Counter)  # translations used, by kind
    state: TerraMysticaState | None = None
    options: dict[str, object] = field(default_factory=dict)  # the contract's setup options
    actions: list[tuple[int, str]] = field(default_factory=list)  # the moves (and drop-outs)

    def record(self, players: list[str]) -> Record:
        """The game as a platform record (setup options, every move and drop-out), for a game
        the contract played to the ledger's end."""
        if not self.ok:
            raise RecordError(f"{self.name} has no platform record: {self.describe()}")
        return Record(TERRA_MYSTICA.id, list(players), 0, dict(self.options), list(self.actions))

    @property
    def mismatch(self) -> Mismatch | None:
        """The first refusal (None: the contract accepted every command)."""
        return self.mismatches[0] if self.mismatches else None

    @property
    def vp_agree(self) -> bool:
        return self.over and self.final_vp == self.expected_vp

    @property
    def ok(self) -> bool:
        """Every command legal in the contract's order, and the ledger's final VP."""
        return not self.mismatches and self.vp_agree

    def describe(self) -> str:
        if self.mismatch is not None:
            return f"{self.name}: {self.mismatch.category}: {self.mismatch.describe()}"
        if not self.vp_agree:
            return f"{self.name}: final VP {self.final_vp} != ledger {self.expected_vp}"
        return f"{self.name}: ok ({self.steps} actions)"


def contract_options(ledger: Ledger) -> dict[str, object]:
    """The contract options of the ledger's game (site-only options such as strict-leech,
    maintain-player-order or email-notify are ignored: the contract always plays strictly)."""
    removed = set(ledger.removed_bonus_tiles)
    rules = [o for o in ledger.options if o in RULE_OPTIONS]
    bonus = [t for t in bonus_tile_ids(rules) if t not in removed]
    scoring = [ledger.round_scoring[r] for r in range(1, 7)]
    options: dict[str, object] = {
        "factions": ",".join(ledger.factions),
        "scoring": ",".join(scoring),
        "bonus-tiles": ",".join(bonus),
    }
    for name in rules:
        options[name] = True
    options[OPTION_OPEN_OFFERS] = True  # the site's timing of power offers
    return options


def _queues(ledger: Ledger) -> dict[str, deque[Item]]:
    """Each faction's player commands in ledger order, split into contract-sized steps
    (site-generated rows contribute the player commands they carry, e.g. income spades)."""
    queues: dict[str, deque[Item]] = {f: deque() for f in ledger.factions}
    for row in ledger.rows:
        if row.faction is None or row.state is None or row.kind is RowKind.SETUP:
            continue
        commands = row.player_commands
        for command in commands:
            for step in _split(command):
                queues[row.faction].append(Item(row.line, row.text, step, commands))
    return queues


def _split(command: N.Command) -> list[N.Command]:
    if isinstance(command, (N.Wait, N.Setup)):
        return []
    if (
        isinstance(command, N.Convert)
        and command.to_amount > 1
        and command.to_resource is not N.Resource.PRIEST  # the Darklings' SH: one move
        and command.from_amount % command.to_amount == 0
    ):
        rate = command.from_amount // command.to_amount
        one = N.Convert(rate, command.from_resource, 1, command.to_resource)
        return [one] * command.to_amount
    if (
        isinstance(command, N.Convert)
        and command.from_resource is N.Resource.PRIEST
        and command.to_resource is N.Resource.COIN
    ):
        # not a printed exchange: a priest for a worker, the worker for a coin
        p_to_w = N.Convert(1, N.Resource.PRIEST, 1, N.Resource.WORKER)
        w_to_c = N.Convert(1, N.Resource.WORKER, 1, N.Resource.COIN)
        return [p_to_w, w_to_c] * command.to_amount
    if isinstance(command, N.Town) and command.count > 1:
        return [N.Town(command.number)] * command.count
    return [command]


def _no_effect(core: TMState, seat: int, command: N.Command) -> bool:
    """A cult step the site lets a faction write on a track where it has no effect (at the top,
    or already held at 9 for want of a key); the platform drops such a step."""
    if not isinstance(command, N.CultStep) or command.amount < 1:
        return False
    return not can_step(core, seat, list(N.Cult).index(command.cult))


def _candidates(command: N.Command, faction: str) -> list[N.Command]:
    """Contract commands the ledger command may stand for, in order of preference."""
    if isinstance(command, N.Send) and command.amount is None:
        return [N.Send(command.cult, n) for n in (3, 2, 1)]
    if isinstance(command, N.Transform) and command.terrain is None:
        home = N.Terrain(COLORS[FACTIONS[faction].home])
        return [N.Transform(command.hex, home)]
    if isinstance(command, N.Bridge):
        return [command, N.Bridge(command.hex2, command.hex1)]
    return [command]


def _command(action: Action) -> N.Command:
    assert isinstance(action, TMAction)
    return action.command


class _Driver:
    def __init__(self, ledger: Ledger, result: ContractReplayResult) -> None:
        self.result = result
        result.options = contract_options(ledger)
        state = TERRA_MYSTICA.new_state(len(ledger.factions), result.options, seed=0)
        assert isinstance(state, TerraMysticaState)
        self.state = state
        self.factions = list(ledger.factions)
        self.queues = _queues(ledger)
        self.current: dict[str, int] = {}  # faction -> line of its last consumed command
        self.main_line: dict[str, int] = {}  # faction -> line of its last main action
        self.drops = [(row.line, row.faction) for row in ledger.rows if row.kind is RowKind.DROPOUT]

    # -- helpers -------------------------------------------------------------------------

    def legal(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def apply(self, seat: int, command: N.Command) -> None:
        action = action_of(command)
        self.state.apply(seat, action)
        self.result.actions.append((seat, str(action)))
        self.result.steps += 1

    def consume(self, faction: str, index: int) -> Item:
        queue = self.queues[faction]
        item = queue[index]
        del queue[index]
        self.current[faction] = item.line
        if isinstance(item.command, MAIN_COMMANDS):
            self.main_line[faction] = item.line
        self.result.commands += 1
        if index:
            self.result.notes["decision taken ahead of the ledger"] += 1
        return item

    def window(self, faction: str) -> list[int]:
        """Indexes of the seat's queue up to the end of the first row holding a main action."""
        indexes: list[int] = []
        stop_line = -1
        for index, item in enumerate(self.queues[faction]):
            if stop_line >= 0 and item.line != stop_line:
                break
            indexes.append(index)
            if stop_line < 0 and isinstance(item.command, MAIN_COMMANDS):
                stop_line = item.line
        return indexes

    def pick(self, seat: int, command: N.Command) -> N.Command | None:
        legal = self.legal(seat)
        for candidate in _candidates(command, self.factions[seat]):
            if action_of(candidate) in legal:
                return candidate
        return None

    def refuse(self, seat: int, item: Item | None, reason: str, category: str) -> bool:
        """Record a refusal; in tolerant mode execute the command with the rules core and
        go on (True), else stop (False)."""
        self.result.mismatches.append(
            Mismatch(
                item.line if item else -1,
                self.factions[seat],
                seat,
                item.command.to_text() if item else "",
                [self.factions[s] for s in self.state.to_move()],
                [str(a) for a in self.legal(seat)],
                reason,
                category,
                item.row if item else "",
            )
        )
        if not self.result.tolerant or item is None:
            return False
        self.consume(self.factions[seat], 0)
        try:
            play_core(self.state.core, seat, item.command)
        except IllegalAction as exc:
            self.result.mismatches.append(
                Mismatch(
                    item.line,
                    self.factions[seat],
                    seat,
                    item.command.to_text(),
                    [self.factions[s] for s in self.state.to_move()],
                    [],
                    f"the rules core refuses it too: {exc}",
                    "refused by the rules core as well",
                    item.row,
                )
            )
            return False
        finally:
            self.state._legal_cache = None
        self.result.steps += 1
        return True

    # -- drop-outs -----------------------------------------------------------------------

    def maybe_drop(self, lazy_seat: int | None) -> bool:
        """Apply a drop-out once every row before its marker is played (or when the dropped
        faction is to move with nothing left in the ledger)."""
        if not self.drops:
            return False
        line, faction = self.drops[0]
        assert faction is not None
        seat = self.factions.index(faction)
        earlier = any(q and q[0].line < line for q in self.queues.values())
        if earlier and not (lazy_seat == seat and not self.queues[faction]):
            return False
        self.drops.pop(0)
        self.state.resign(seat)
        self.result.actions.append((seat, RESIGN))
        self.result.notes["drop-out (the seat resigns)"] += 1
        return True

    # -- the loop ------------------------------------------------------------------------

    def run(self) -> None:
        state = self.state
        for _ in range(MAX_STEPS):
            if state.is_over():
                return
            if self.maybe_drop(None):
                continue
            movers = state.to_move()
            if not movers:
                return
            seat = self.next_mover(movers)
            if self.maybe_drop(seat):
                continue
            if not self.step(seat):
                return
        self.refuse(state.to_move()[0], None, "no progress", "driver loop")

    def next_mover(self, movers: list[int]) -> int:
        """The seat to play next: a seat answering a power offer if its answer comes before
        the next command of the seat to move in the ledger, else the seat to move."""
        base = movers[0]
        if turn_in_progress(self.state.core):
            return base  # the site ends a turn at another faction's row: answers come after
        base_queue = self.queues[self.factions[base]]
        base_line = base_queue[0].line if base_queue else 1 << 30
        for seat in movers[1:]:
            queue = self.queues[self.factions[seat]]
            answer = queue and isinstance(queue[0].command, (N.Leech, N.Decline))
            if answer and queue[0].line < base_line:
                return seat
        return base

    def step(self, seat: int) -> bool:
        faction = self.factions[seat]
        queue = self.queues[faction]
        core = self.state.core
        if any(target == seat for _, target, _, _ in core.leech_offers):
            # in its own turn a seat may burn before answering (the site's timing); its next
            # action declines what it has not answered
            own_turn = core.phase == PLAY and core.active == seat
            if not (own_turn and queue and not isinstance(queue[0].command, (N.Leech, N.Decline))):
                return self.answer_offer(seat)
        legal = self.legal(seat)
        if action_of(DONE) in legal and self.finished(seat):
            self.apply(seat, DONE)
            return True
        if not queue:
            return self.refuse(
                seat, None, "the ledger has no more commands for the seat to move", "ledger ends"
            )
        item = queue[0]
        if isinstance(item.command, N.Done):
            self.consume(faction, 0)
            if action_of(DONE) in legal:
                self.apply(seat, DONE)
            return True
        chosen = self.pick(seat, item.command)
        if chosen is not None:
            self.consume(faction, 0)
            self.apply(seat, chosen)
            if chosen != item.command:
                self.result.notes[f"{item.command.kind} translated"] += 1
            return True
        if _no_effect(self.state.core, seat, item.command):
            self.consume(faction, 0)
            self.result.notes["cult step with no effect skipped"] += 1
            return True
        if isinstance(item.command, N.Dig):
            self.consume(faction, 0)  # the build or transform that follows buys its spades
            self.result.notes["dig implied"] += 1
            return True
        index = self.decision_ahead(seat, legal)
        if index is not None:
            ahead = self.queues[faction][index].command
            chosen = self.pick(seat, ahead)
            assert chosen is not None
            self.consume(faction, index)
            self.apply(seat, chosen)
            return True
        return self.refuse(seat, item, "not legal", categorize(self.state, seat, item, legal))

    def finished(self, seat: int) -> bool:
        """True if the seat's turn (or its income spades) is over in the ledger."""
        faction = self.factions[seat]
        queue = self.queues[faction]
        if not queue:
            return True
        head = queue[0]
        if isinstance(head.command, N.Done):
            return False
        legal_now = self.pick(seat, head.command) is not None
        if self.state.core.phase == INCOME_SPADES:
            if not legal_now:
                self.result.notes["done (income spades)"] += 1
            return not legal_now
        if head.line not in (self.current.get(faction), self.main_line.get(faction)):
            self.result.notes["done at the end of the ledger row"] += 1
            return True
        if legal_now:
            return False
        # the rest of the row belongs to a later turn (the site merges a late decision and
        # the next action into one row)
        later = head.line != self.main_line.get(faction) or isinstance(
            head.command, (N.Leech, N.Decline)
        )
        if later:
            self.result.notes["done before a row's later commands"] += 1
        return later

    def decision_ahead(self, seat: int, legal: list[Action]) -> int | None:
        """Where in the seat's ledger is the decision the contract asks for now (None: not
        found before something that must come after it)."""
        # conversions are allowed beside an owed decision: they do not make it optional
        kinds = {type(_command(a)) for a in legal} - {N.Burn, N.Convert}
        if not kinds or not kinds <= set(DECISIONS):
            return None
        faction = self.factions[seat]
        queue = self.queues[faction]
        if kinds == {N.CultStep}:
            for index, item in enumerate(queue):
                command = item.command
                if isinstance(command, N.Action) and command.action in CULT_STEP_ACTIONS:
                    return None
                if isinstance(command, N.CultStep) and self.pick(seat, command) is not None:
                    return index
            return None
        for index in self.window(faction):
            command = queue[index].command
            if isinstance(command, (N.Convert, N.Burn)):
                return None  # a conversion before the tile: the order matters for power
            if isinstance(command, DECISIONS) and self.pick(seat, command) is not None:
                return index
        return None

    def answer_offer(self, seat: int) -> bool:
        """Answer the oldest power offer to ``seat`` from the ledger (or decline a lapsed one)."""
        faction = self.factions[seat]
        queue = self.queues[faction]
        legal = [_command(a) for a in self.legal(seat)]
        source = next(
            self.factions[s] for s, target, _, _ in self.state.core.leech_offers if target == seat
        )
        window = self.window(faction)
        # the ledger's answer naming the offer's faction, else an answer naming none
        for wanted in (source, None):
            for index in window:
                command = queue[index].command
                if isinstance(command, (N.Leech, N.Decline)) and command.faction == wanted:
                    kind = type(command)
                    answer = next(c for c in legal if isinstance(c, kind))
                    self.consume(faction, index)
                    self.apply(seat, answer)
                    if isinstance(command, N.Leech) and answer != command:
                        self.result.notes["leech amount differs"] += 1
                    return True
        # not answered before the seat acted: the offer lapsed (the site declines it)
        self.apply(seat, next(c for c in legal if isinstance(c, N.Decline)))
        self.result.notes["lapsed offer declined"] += 1
        return True


def _split_spades(item: Item) -> bool:
    """True if the item's row uses an action's spades on two hexes and builds a dwelling."""
    hexes = {c.hex for c in item.row_commands if isinstance(c, (N.Transform, N.Build))}
    builds = any(isinstance(c, N.Build) for c in item.row_commands)
    return len(hexes) >= 2 and builds


def categorize(state: TerraMysticaState, seat: int, item: Item, legal: list[Action]) -> str:
    """A short category of why the ledger's command is refused (for the summary)."""
    core = state.core
    command = item.command
    kinds = {type(_command(a)) for a in legal}
    decisions = bool(kinds) and kinds <= set(DECISIONS)
    if isinstance(command, N.Connect):
        return "Mermaids' river town ('connect') is not a contract move"
    if decisions and kinds <= {N.Favor, N.Town} and isinstance(command, (N.Convert, N.Burn)):
        return CONVERT_BEFORE_TILE
    if kinds == {N.Town} and isinstance(command, N.Favor):
        return TOWN_BEFORE_FAVOR
    if decisions and isinstance(command, DECISIONS):
        names = "/".join(sorted(k.__name__ for k in kinds))
        return f"contract asks first for {names}; the ledger takes {command.kind} first"
    if decisions:
        names = "/".join(sorted(k.__name__ for k in kinds))
        return f"contract asks first for {names}; the ledger plays {command.kind}"
    if isinstance(command, (N.Build, N.Transform)) and core.phase == PLAY and _split_spades(item):
        return SPLIT_SPADES
    if isinstance(command, N.Transform):
        return f"transform refused (phase {core.phase})"
    if isinstance(command, MAIN_COMMANDS) and core.mains <= 0:
        return f"{command.kind} refused: no main action left this turn"
    return f"{command.kind} refused"


def replay_through_contract(ledger: Ledger, *, tolerate: bool = False) -> ContractReplayResult:
    """Play ``ledger`` through the contract; stop at the first command it refuses (with
    ``tolerate``: execute it with the rules core and go on)."""
    result = ContractReplayResult(ledger.name, tolerant=tolerate, expected_vp=ledger.final_vp())
    driver = _Driver(ledger, result)
    result.state = driver.state
    driver.run()
    result.over = driver.state.is_over()
    if result.over:
        for faction, queue in driver.queues.items():
            left = [i for i in queue if not isinstance(i.command, N.Done)]
            if left:
                seat = driver.factions.index(faction)
                result.mismatches.append(
                    Mismatch(
                        left[0].line,
                        faction,
                        seat,
                        left[0].command.to_text(),
                        [],
                        [],
                        f"{len(left)} ledger command(s) left after the game ended",
                        "game ended before the ledger",
                        left[0].row,
                    )
                )
    core = driver.state.core
    result.final_vp = {f: core.vp[s] for s, f in enumerate(driver.factions)}
    return result


def summary(results: list[ContractReplayResult]) -> dict[str, list[str]]:
    """Refusals grouped by category, each as ``game: description`` (every refusal of a
    tolerant run, the first of a strict one); games whose only fault is the final VP are
    listed under ``final VP differ``."""
    groups: dict[str, list[str]] = {}
    for result in results:
        for mismatch in result.mismatches:
            groups.setdefault(mismatch.category, []).append(f"{result.name}: {mismatch.describe()}")
        if not result.mismatches and not result.vp_agree:
            groups.setdefault("final VP differ", []).append(result.describe())
    return groups
