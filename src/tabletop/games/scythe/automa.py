"""The Automa, Scythe's solo opponent (Automa rulebook, "Tah Automy" to "Bodování").

The Automa is a seat driven by its own deck of 19 cards instead of a player
mat.  Each of its turns is three steps, each one action of the contract with a
single legal choice, so a person (or the ``automa:<level>`` bot) steps through
it and sees what the physical cards would make them do:

``automa draw``   turn the top card ("Otočte 1 Automa kartu"); Autometta's skip
``automa move``   the first movement symbol of the active Program that can be
                  carried out ("Pohyb Automy (krok A)"), with its battle
``automa gains``  the gains row (krok B), the recruit bonus for the person
                  (krok C) and the difficulty tracker (krok 3)

Geometry used by every movement symbol:

* *neighbourhood* ("Sousedství"): a unit's own territory and the six around it;
  until the tracker leaves the river cells, lakes and territories across a
  river are not in it, which keeps the Automa on its home peninsula.  Units on
  a base have none, but the Automa's base neighbours its two start territories.
  Tunnels are never used.
* *teleport* ("Teleportace Automy"): a unit may move into the neighbourhood of
  any Automa unit.
* *nearest*: counted in hexes on the board (rivers and lakes do not lengthen
  it); bases sit on their printed hex beside the board.  Ties fall to the
  nearer to the Factory where the rulebook says so, then to reading order
  (rows from the top, each from the left).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from tabletop.engine import JSON
from tabletop.games.scythe import stars
from tabletop.games.scythe.actions import draw_cards, gain_popularity, gain_power
from tabletop.games.scythe.board import (
    BASE,
    BASE_EXITS,
    COORDS,
    FACTORY,
    HEXES,
    IS_BASE,
    IS_LAKE,
    NEIGHBOURS,
    POSITIONS,
    PRODUCTION,
    TERRITORY_COUNT,
    name,
)
from tabletop.games.scythe.data.automa import (
    ATTACK_UNITS,
    ATTACK_WORKERS,
    AUTOMA_CARDS,
    CARD,
    CHARACTER,
    COIN,
    ENCOUNTER,
    MECH,
    POPULARITY,
    POWER,
    STAR_TRACKERS,
    WORKER,
    AutomaCard,
    Gain,
    Move,
    Program,
    StarTracker,
)
from tabletop.games.scythe.data.board import HOME_BASES
from tabletop.games.scythe.data.factions import FACTIONS
from tabletop.games.scythe.data.mats import ONGOING_BONUS
from tabletop.games.scythe.hooks import AUTOMA, FLOW
from tabletop.games.scythe.movement import step_targets
from tabletop.games.scythe.state import MAX_POWER, OFF_BOARD

if TYPE_CHECKING:
    from tabletop.games.scythe.game import ScytheState

#: Setup ("Příprava"): 5 coins, popularity fixed at 10.
START_COINS: Final = 5
POPULARITY_FIXED: Final = 10
MECHS: Final = 4
#: Power columns of the combat table: 0-7, 8-13, 14+ ("Boj").
POWER_COLUMNS: Final = (8, 14)
#: The star category of the stars the tracker places ("kamkoliv ... kromě polí za boj a moc").
TRACKER_STAR: Final = "tracker"


# -- geometry, precomputed ---------------------------------------------------------------------
def _coords(position: int) -> tuple[int, int]:
    if position < TERRITORY_COUNT:
        return COORDS[position]
    q, r = HOME_BASES[HEXES[position].split(":")[1]][0].split(",")
    return int(q), int(r)


_ALL_COORDS: Final = tuple(_coords(p) for p in range(POSITIONS))


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


#: Hexes between any two positions (bases on their printed hex).
DISTANCE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_hex_distance(a, b) for b in _ALL_COORDS) for a in _ALL_COORDS
)
#: Reading order ("podle směru čtení"): row from the top, then from the left.
READING: Final[tuple[tuple[int, int], ...]] = tuple((r, q) for q, r in _ALL_COORDS)

# A territory's neighbourhood while confined (no lakes, no river crossings) and after.
_CONFINED: Final = tuple(
    frozenset(
        [p, *(j for j, river in NEIGHBOURS[p] if not river and not IS_LAKE[j])]
        if not IS_LAKE[p]
        else [p]
    )
    for p in range(TERRITORY_COUNT)
)
_OPEN: Final = tuple(frozenset([p, *(j for j, _ in NEIGHBOURS[p])]) for p in range(TERRITORY_COUNT))


# -- the Automa's own components ------------------------------------------------------------------
class Adjustments(NamedTuple):
    """Fine-tuning of the difficulty (game options, docs/rulings.md)."""

    skip_turns: int = 0
    """Skip every n-th turn entirely (0: never)."""
    coins: int = 0
    """Coins more (or fewer) at the end of each of its turns."""
    power: int = 0
    """Power more (or fewer) at the end of each of its turns."""
    skip_moves: int = 0
    """Skip every n-th movement (0: never)."""
    skip_deploys: int = 0
    """Skip every n-th deployment of a worker, mech or the character (0: never)."""
    all_moves: bool = False
    """Carry out every movement symbol that can be, not only the first."""


class Automa:
    """The Automa's deck, difficulty tracker and progress (public but for the deck order)."""

    __slots__ = (
        "adjust",
        "box",
        "card",
        "combat_discard",
        "deck",
        "deploys",
        "discard",
        "level",
        "moves",
        "program",
        "seat",
        "step",
        "tracker",
        "turns",
    )

    def __init__(self, seat: int, level: str, adjust: Adjustments) -> None:
        self.seat = seat
        self.level = level
        self.adjust = adjust
        self.deck: list[int] = sorted(AUTOMA_CARDS)
        """The draw pile, top card last (its order is hidden)."""
        self.discard: list[int] = []
        """The main discard pile: cards drawn for turns, top card last."""
        self.combat_discard: list[int] = []
        """Cards drawn for battles ("bojový odhazovací balíček")."""
        self.program = 0
        """0: Program I, 1: Program II."""
        self.tracker = 0
        """The cell of the difficulty token."""
        self.card = 0
        """The card of the turn in progress (0: none yet)."""
        self.box = 0
        """The active resource box: the last card drawn for a turn (kept through reshuffles)."""
        self.step = "draw"
        self.turns = 0
        self.moves = 0
        self.deploys = 0

    @property
    def tracker_card(self) -> StarTracker:
        return STAR_TRACKERS[self.level]

    @property
    def rivers_open(self) -> bool:
        """Lakes and rivers are open once the token has left the river cells."""
        return self.tracker >= self.tracker_card.rivers_from

    def copy(self) -> Automa:
        new = Automa.__new__(Automa)
        new.seat = self.seat
        new.level = self.level
        new.adjust = self.adjust
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.combat_discard = self.combat_discard[:]
        new.program = self.program
        new.tracker = self.tracker
        new.card = self.card
        new.box = self.box
        new.step = self.step
        new.turns = self.turns
        new.moves = self.moves
        new.deploys = self.deploys
        return new

    def to_json(self) -> JSON:
        data = {name: getattr(self, name) for name in Automa.__slots__ if name != "adjust"}
        data["adjust"] = list(self.adjust)
        return data

    @staticmethod
    def from_json(data: JSON) -> Automa:
        new = Automa.__new__(Automa)
        for key in Automa.__slots__:
            value = data[key]
            setattr(new, key, list(value) if isinstance(value, list) else value)
        new.adjust = Adjustments(*data["adjust"])
        return new


# -- setup ("Příprava") -------------------------------------------------------------------------
def setup(st: ScytheState, seat: int, level: str, adjust: Adjustments) -> None:
    """Give the seat to an Automa: no mat, objectives or popularity track of its
    own; power and combat cards from its faction mat (dealt already), 5 coins,
    popularity 10; a shuffled deck and the token on the tracker's first cell.
    The person starts ("Hru začínáte vy")."""
    player = st.players[seat]
    player.mat = ""
    player.coins = START_COINS
    player.popularity = POPULARITY_FIXED
    st.objective_box = sorted(st.objective_box + player.objectives)
    player.objectives = []
    automa = Automa(seat, level, adjust)
    st.rng.shuffle(automa.deck)
    st.automa = automa
    person = next(s for s in range(st.num_players) if s != seat)
    st.order = [person, seat]


def tracker_text(automa: Automa) -> str:
    tracker = automa.tracker_card
    return f"{tracker.name} tracker at {automa.tracker}/{tracker.cells - 1}"


# -- the turn ------------------------------------------------------------------------------
def texts(st: ScytheState) -> list[str]:
    automa = st.automa
    assert automa is not None
    return [f"automa {automa.step}"]


def apply(st: ScytheState, step: str) -> None:
    automa = st.automa
    assert automa is not None
    if step == "draw":
        _draw(st, automa)
    elif step == "move":
        _move(st, automa)
    else:
        _gains(st, automa)


def _say(st: ScytheState, text: str) -> None:
    automa = st.automa
    assert automa is not None
    st.add_log(f"{FACTIONS[st.players[automa.seat].faction].name} (Automa): {text}")


def _take_card(st: ScytheState, automa: Automa) -> int:
    """The top card; an empty deck is refilled from both discard piles, shuffled."""
    if not automa.deck:
        automa.deck = automa.discard + automa.combat_discard
        automa.discard = []
        automa.combat_discard = []
        st.rng.shuffle(automa.deck)
    return automa.deck.pop()


def program_of(automa: Automa, card: int) -> Program:
    return AUTOMA_CARDS[card].programs[automa.program]


def _draw(st: ScytheState, automa: Automa) -> None:

    automa.turns += 1
    adjust = automa.adjust
    if adjust.skip_turns and automa.turns % adjust.skip_turns == 0:
        _say(st, f"skips this turn (every {_nth(adjust.skip_turns)} turn)")
        FLOW.next_turn(st)
        return
    number = _take_card(st, automa)
    automa.discard.append(number)
    automa.card = number
    automa.box = AUTOMA_CARDS[number].resources
    card = AUTOMA_CARDS[number]
    program = program_of(automa, number)
    _say(
        st, f"draws card {number}, Program {'I' * (automa.program + 1)}: {card_text(card, program)}"
    )
    if card.autometta_skips and automa.tracker_card.skips_marked:
        _say(
            st,
            f"the card shows the skip symbol: {automa.tracker_card.name} skips its turn",
        )
        FLOW.next_turn(st)
        return
    automa.step = "move"


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def card_text(card: AutomaCard, program: Program) -> str:
    """What a card shows in one Program, for the log and the view."""
    moves = ", ".join(_move_name(m) for m in program.moves) or "none"
    gains = ", ".join(_gain_name(g) for g in program.gains) or "none"
    parts = [f"moves [{moves}]", f"gains [{gains}]"]
    if program.recruit:
        parts.append(f"recruit bonus {program.recruit}")
    parts.append("tracker advances" if card.advance else "tracker stays")
    return "; ".join(parts)


def _faction_note(faction: str | None) -> str:
    return f" (if {FACTIONS[faction].name})" if faction else ""


#: How the log names each movement and gain symbol.
_MOVE_LABEL: Final = {
    WORKER: "worker move",
    MECH: "mech move",
    CHARACTER: "character move",
    ENCOUNTER: "encounter/Factory",
    ATTACK_UNITS: "attack units",
    ATTACK_WORKERS: "attack workers",
}
_GAIN_LABEL: Final = {
    WORKER: "worker",
    MECH: "mech/character",
    COIN: "coin",
    POWER: "power",
    CARD: "combat card",
}


def _move_name(move: Move) -> str:
    label = _MOVE_LABEL[move.kind]
    if move.kind == ATTACK_UNITS:
        label += f" (needs {move.power} power)"
    return label + _faction_note(move.faction)


def _gain_name(gain: Gain) -> str:
    return f"{gain.amount} {_GAIN_LABEL[gain.kind]}{_faction_note(gain.faction)}"


# -- step A: movement ------------------------------------------------------------------------------
class Plan(NamedTuple):
    """A movement the Automa can carry out: which unit goes where, and why."""

    kind: str
    """The unit: "worker", "mech" or "character"."""
    origin: int
    target: int
    why: str


def _move(st: ScytheState, automa: Automa) -> None:
    from tabletop.games.scythe import combat

    program = program_of(automa, automa.card)
    faction = st.players[automa.seat].faction
    adjust = automa.adjust
    automa.step = "gains"
    automa.moves += 1
    if adjust.skip_moves and automa.moves % adjust.skip_moves == 0:
        _say(st, f"skips its movement (every {_nth(adjust.skip_moves)} movement)")
        _gains_next(st)
        return
    moved = False
    for move in program.moves:
        if move.faction is not None and move.faction != faction:
            continue
        why_not, plan = plan_move(st, move)
        if plan is None:
            _say(st, f"{_move_name(move)}: cannot, {why_not}")
            continue
        carry_out(st, plan)
        _say(st, f"{_move_name(move)}: {plan.why}")
        moved = True
        if not adjust.all_moves or combat.battles(st):
            break
    if not moved:
        _say(st, "does not move this turn")
    pending = combat.battles(st)
    if pending:
        st.after_move = "automa"
        combat.start(st, pending[0])
        return
    _gains_next(st)


def _gains_next(st: ScytheState) -> None:
    """The movement is over (with its battle): on to the gains, unless the game ended."""

    if st.ending:
        FLOW.finish_game(st)
        return
    st.phase = "automa"


def after_battle(st: ScytheState) -> None:
    """Called when the Automa's battle is decided: what its character reached, then the gains."""
    automa = st.automa
    assert automa is not None
    arrive(st, automa.seat)
    _gains_next(st)


def neighbourhood(st: ScytheState, pos: int) -> frozenset[int]:
    """The Automa neighbourhood of a unit on ``pos`` (none on a base)."""
    if pos >= TERRITORY_COUNT or pos < 0:
        return frozenset()
    automa = st.automa
    assert automa is not None
    return (_OPEN if automa.rivers_open else _CONFINED)[pos]


def _units(st: ScytheState, seat: int) -> list[int]:
    """Positions of each of the seat's units (one entry per unit), bases included."""
    board = st.board
    out: list[int] = []
    for p in range(POSITIONS):
        n = board.workers[seat][p] + board.mechs[seat][p]
        if n:
            out.extend([p] * n)
    char = st.players[seat].char
    if char != OFF_BOARD:
        out.append(char)
    return out


def reach(st: ScytheState, units: Iterable[int], with_base: bool) -> set[int]:
    """Teleport: every territory in the neighbourhood of an Automa unit (and of its base)."""
    found: set[int] = set()
    for p in set(units):
        found |= neighbourhood(st, p)
    if with_base:
        automa = st.automa
        assert automa is not None
        found.update(BASE_EXITS[BASE[st.players[automa.seat].faction]])
    return found


def _select(st: ScytheState, positions: list[int]) -> tuple[int, str]:
    """The unit nearest the Automa's base ("co nejblíže k základně"), ties in reading order."""
    automa = st.automa
    assert automa is not None
    base = DISTANCE[BASE[st.players[automa.seat].faction]]
    return choose(positions, [("nearest its base", base.__getitem__)])


def _enemies(st: ScytheState) -> list[int]:
    automa = st.automa
    assert automa is not None
    return [s for s in range(st.num_players) if s != automa.seat]


def _enemy_fighters(st: ScytheState) -> list[tuple[int, int]]:
    """(seat, position) of each enemy character and mech position on the board."""
    out: list[tuple[int, int]] = []
    for s in _enemies(st):
        out.extend((s, p) for p, n in enumerate(st.board.mechs[s]) if n)
        char = st.players[s].char
        if char != OFF_BOARD:
            out.append((s, char))
    return out


def enemy_threat(st: ScytheState) -> set[int]:
    """Territories in the neighbourhood of an enemy character or mech: where it
    could step in one move with its own abilities (units on a base have none)."""
    found: set[int] = set()
    inactive = st.inactive_bases()
    for seat, pos in _enemy_fighters(st):
        if IS_BASE[pos]:
            continue
        found.add(pos)
        kind = "character" if st.players[seat].char == pos else "mech"
        found.update(t for t in step_targets(st, seat, kind, pos, inactive) if not IS_BASE[t])
    return found


def choose(
    candidates: list[int], criteria: Sequence[tuple[str, Callable[[int], int]]]
) -> tuple[int, str]:
    """The best of ``candidates`` by ``criteria`` (lowest first) then reading order,
    with the label of what decided it.

    >>> from tabletop.games.scythe.board import INDEX
    >>> best, why = choose([INDEX["2,3"], INDEX["0,3"]], [("nearest the Factory", lambda p: 0)])
    >>> name(best), why
    ('0,3', 'tie broken by reading order')
    """
    ranked = sorted(candidates, key=lambda p: (*(key(p) for _, key in criteria), READING[p]))
    best = ranked[0]
    if len(ranked) == 1:
        return best, "the only choice"
    runner_up = ranked[1]
    for label, key in criteria:
        if key(best) != key(runner_up):
            return best, label
    return best, "tie broken by reading order"


def _factory_distance(p: int) -> int:
    return DISTANCE[FACTORY][p]


def plan_move(st: ScytheState, move: Move) -> tuple[str, Plan | None]:
    """The Automa's movement for one symbol, or why it cannot be carried out."""
    automa = st.automa
    assert automa is not None
    seat = automa.seat
    if move.kind == WORKER:
        return _plan_worker(st, seat)
    if move.kind in (MECH, CHARACTER):
        return _plan_fighter(st, seat, move.kind)
    if move.kind == ENCOUNTER:
        return _plan_encounter(st, seat)
    if move.kind == ATTACK_UNITS and st.players[seat].power < move.power:
        return f"it has {st.players[seat].power} power, fewer than {move.power}", None
    return _plan_attack(st, seat, move.kind)


def _fighters(st: ScytheState, seat: int, kind: str | None = None) -> list[int]:
    """Positions of the seat's character (kind "character"), mechs ("mech") or both."""
    out: list[int] = []
    if kind in (None, MECH):
        out.extend(p for p, n in enumerate(st.board.mechs[seat]) if n)
    char = st.players[seat].char
    if kind in (None, CHARACTER) and char != OFF_BOARD:
        out.append(char)
    return out


def _without(units: list[int], pos: int) -> list[int]:
    rest = units[:]
    rest.remove(pos)
    return rest


def _plan_worker(st: ScytheState, seat: int) -> tuple[str, Plan | None]:
    """ "Pohyb dělníkem": the worker nearest the base, to the valid territory in the
    neighbourhood of most Automa units and of no enemy character or mech.

    Valid: in the neighbourhood of an Automa unit or its base, with no enemy unit
    and no Automa worker but the one moving.  The units are counted with the
    moving worker in hand (taken before the target is chosen).
    """
    workers = [p for p, n in enumerate(st.board.workers[seat]) if n]
    if not workers:
        return "it has no worker on the board", None
    origin, picked = _select(st, workers)
    units = _units(st, seat)
    board = st.board
    valid = [
        t
        for t in reach(st, units, with_base=True)
        if not st.enemy_units(seat, t) and board.workers[seat][t] <= (t == origin)
    ]
    threat = enemy_threat(st)
    safe = [t for t in valid if t not in threat]
    if not safe:
        return "every valid territory is next to an enemy character or mech", None
    rest = _without(units, origin)
    count = {t: sum(1 for u in rest if t in neighbourhood(st, u)) for t in safe}
    target, decided = choose(
        safe,
        [
            ("next to the most Automa units", lambda t: -count[t]),
            ("tie broken by nearest the Factory", _factory_distance),
        ],
    )
    why = (
        f"worker at {name(origin)} ({picked}) to {name(target)}, next to"
        f" {count[target]} Automa unit(s) and no enemy fighter ({decided})"
    )
    return "", Plan(WORKER, origin, target, why)


def _enemy_distance(st: ScytheState) -> list[int]:
    """Hexes from every position to the nearest enemy character or mech; those on a
    base count only when no enemy character or mech is on the board."""
    fighters = [p for _, p in _enemy_fighters(st)]
    targets = [p for p in fighters if not IS_BASE[p]] or fighters
    if not targets:
        return [0] * POSITIONS
    return [min(DISTANCE[p][t] for t in targets) for p in range(POSITIONS)]


def _plan_fighter(st: ScytheState, seat: int, kind: str) -> tuple[str, Plan | None]:
    """ "Nebojový pohyb s postavou / s mechem": the character or the mech nearest the
    base, to the valid territory nearest the enemy's characters and mechs.

    Valid: in the neighbourhood of an Automa unit or its base, with no enemy unit
    and no Automa character or mech but the one moving.
    """
    starts = _fighters(st, seat, kind)
    if not starts:
        return f"its {kind} is not on the board", None
    origin, picked = _select(st, starts)
    valid = [
        t
        for t in reach(st, _units(st, seat), with_base=True)
        if not st.enemy_units(seat, t) and st.combat_units(seat, t) <= (t == origin)
    ]
    if not valid:
        return "no valid territory", None
    distance = _enemy_distance(st)
    target, decided = choose(
        valid,
        [
            ("nearest the enemy's fighters", distance.__getitem__),
            ("tie broken by nearest the Factory", _factory_distance),
        ],
    )
    why = (
        f"{kind} at {name(origin)} ({picked}) to {name(target)}, {distance[target]} hex(es)"
        f" from the nearest enemy fighter ({decided})"
    )
    return "", Plan(kind, origin, target, why)


def _plan_encounter(st: ScytheState, seat: int) -> tuple[str, Plan | None]:
    """ "Setkání/Továrna": the character to an encounter token, or to the Factory while
    the Automa has no Factory card, in the neighbourhood of an Automa unit (not of
    its base), with no enemy unit and no Automa mech there."""
    char = st.players[seat].char
    if char == OFF_BOARD:
        return "its character is not on the board", None
    player = st.players[seat]
    board = st.board
    valid = [
        t
        for t in reach(st, _units(st, seat), with_base=False)
        if (board.encounter[t] or (t == FACTORY and not player.factory))
        and not st.enemy_units(seat, t)
        and not board.mechs[seat][t]
    ]
    if not valid:
        return "no encounter token or Factory within reach", None
    target, decided = choose(valid, [("nearest the Factory", _factory_distance)])
    goal = "the Factory" if target == FACTORY else "the encounter"
    why = f"character at {name(char)} to {goal} at {name(target)} ({decided})"
    return "", Plan(CHARACTER, char, target, why)


def _plan_attack(st: ScytheState, seat: int, kind: str) -> tuple[str, Plan | None]:
    """ "Útok na vojenské jednotky" (valid: enemy characters or mechs; the fewest of
    them) and "Útok na dělníky" (valid: enemy workers and no enemy character or
    mech; the most resources): the Automa character or mech nearest its base
    moves in.  Valid territories are in the neighbourhood of an Automa unit or
    its base."""
    starts = _fighters(st, seat)
    if not starts:
        return "it has no character or mech on the board", None
    origin, picked = _select(st, starts)
    enemies = _enemies(st)
    board = st.board

    def fighters_at(t: int) -> int:
        return sum(st.combat_units(s, t) for s in enemies)

    def resources(t: int) -> int:
        return -board.resources_at(t)

    criteria: list[tuple[str, Callable[[int], int]]]
    around = reach(st, _units(st, seat), with_base=True)
    if kind == ATTACK_UNITS:
        valid = [t for t in around if fighters_at(t)]
        criteria = [("the fewest enemy fighters", fighters_at)]
        what = "enemy character or mech"
    else:
        valid = [
            t for t in around if not fighters_at(t) and any(board.workers[s][t] for s in enemies)
        ]
        criteria = [("the most resources", resources)]
        what = "enemy worker without a character or mech"
    if not valid:
        return f"no {what} within reach", None
    criteria.append(("tie broken by nearest the Factory", _factory_distance))
    target, decided = choose(valid, criteria)
    unit = CHARACTER if st.players[seat].char == origin else MECH
    there = (
        f"{fighters_at(target)} enemy fighter(s)"
        if kind == ATTACK_UNITS
        else f"{board.resources_at(target)} resource(s)"
    )
    why = f"{unit} at {name(origin)} ({picked}) attacks {name(target)} with {there} ({decided})"
    return "", Plan(unit, origin, target, why)


def carry_out(st: ScytheState, plan: Plan) -> None:
    """Move the unit; lone enemy workers it reaches go home and the resources there
    are removed ("Útok na dělníky"); its character takes what it reaches."""
    automa = st.automa
    assert automa is not None
    seat = automa.seat
    board = st.board
    if plan.kind == WORKER:
        board.workers[seat][plan.origin] -= 1
        board.workers[seat][plan.target] += 1
        return
    if plan.kind == MECH:
        board.mechs[seat][plan.origin] -= 1
        board.mechs[seat][plan.target] += 1
    else:
        st.players[seat].char = plan.target
    t = plan.target
    if not st.enemy_combat_units(seat, t) and any(board.workers[s][t] for s in _enemies(st)):
        for s in _enemies(st):
            n = board.workers[s][t]
            board.workers[s][t] = 0
            board.workers[s][BASE[st.players[s].faction]] += n
        clear_resources(st, t)
    if not st.enemy_combat_units(seat, t):
        arrive(st, seat)


def clear_resources(st: ScytheState, pos: int) -> None:
    """The Automa won a territory: its resources go back to the supply ("Získání surovin")."""
    b = pos * 4
    st.board.res[b : b + 4] = [0, 0, 0, 0]


def arrive(st: ScytheState, seat: int) -> None:
    """The Automa character on an encounter token removes it; on the Factory, without a
    Factory card yet, it takes one at random, face down ("Setkání/Továrna")."""
    player = st.players[seat]
    char = player.char
    if char < 0 or char >= TERRITORY_COUNT:
        return
    if st.board.encounter[char]:
        st.board.encounter[char] = False
        _say(st, f"its character removes the encounter token at {name(char)}")
    if char == FACTORY and not player.factory and st.factory_pool:
        player.factory = st.factory_pool.pop(st.rng.randbelow(len(st.factory_pool)))
        _say(st, "its character takes a Factory card at random, face down")


def resource_box(st: ScytheState, pos: int) -> None:
    """The person drove the Automa off ``pos``: as many resources as the active resource
    box shows, of the kind the territory produces (none on the Factory, lakes and
    villages), are placed there ("Získání surovin")."""
    automa = st.automa
    assert automa is not None
    kind = PRODUCTION[pos]
    if kind is None or kind < 0 or not automa.box:
        return
    st.board.res[pos * 4 + kind] += automa.box
    _say(st, f"its resource box shows {automa.box}: placed on {name(pos)} for the winner")


# -- step B and C and the tracker ---------------------------------------------------------------
def _gains(st: ScytheState, automa: Automa) -> None:

    seat = automa.seat
    player = st.players[seat]
    program = program_of(automa, automa.card)
    faction = player.faction
    done: list[str] = []
    for gain in program.gains:
        if gain.faction is not None and gain.faction != faction:
            continue
        for _ in range(gain.amount):
            done.append(_gain(st, automa, gain.kind))
    adjust = automa.adjust
    if adjust.coins:
        player.coins = max(0, player.coins + adjust.coins)
        done.append(f"{adjust.coins:+d} coin (difficulty adjustment)")
    if adjust.power:
        gain_power(st, seat, adjust.power)
        player.power = max(0, player.power)
        done.append(f"{adjust.power:+d} power (difficulty adjustment)")
    _say(st, "gains " + ("; ".join(done) or "nothing"))
    if player.power >= MAX_POWER and "power" not in player.stars:
        stars.place(st, seat, "power")  # its only star besides combat and the tracker
    if not st.ending:
        _recruit_bonus(st, program.recruit)
    if not st.ending:
        _advance_tracker(st, automa)
    automa.card = 0
    automa.step = "draw"
    stars.place_queued(st)
    if st.ending:
        FLOW.finish_game(st)
    else:
        FLOW.next_turn(st)


def _gain(st: ScytheState, automa: Automa, kind: str) -> str:
    seat = automa.seat
    player = st.players[seat]
    base = BASE[player.faction]
    if kind in (WORKER, MECH):
        adjust = automa.adjust
        automa.deploys += 1
        if adjust.skip_deploys and automa.deploys % adjust.skip_deploys == 0:
            return f"no {kind} (every {_nth(adjust.skip_deploys)} deployment is skipped)"
        if kind == WORKER:
            if not player.workers_on_mat:
                return "no worker (none left on its mat)"
            player.workers_on_mat -= 1
            st.board.workers[seat][base] += 1
            return "a worker to its base"
        if player.char == OFF_BOARD:
            player.char = base
            return "its character back to its base"
        if sum(st.board.mechs[seat]) >= MECHS:
            return "no mech (none left on its mat)"
        st.board.mechs[seat][base] += 1
        return "a mech to its base"
    if kind == COIN:
        player.coins += 1
        return "1 coin"
    if kind == POWER:
        gain_power(st, seat, 1)
        return f"1 power ({player.power})"
    draw_cards(st, seat, 1)
    return "1 combat card"


def _recruit_bonus(st: ScytheState, bonus: str | None) -> None:
    """Krok C: a person with an enlisted recruit whose ongoing bonus is the one
    shown gains it ("Bonus za naverbování")."""
    if bonus is None:
        return
    wanted = {POWER: "power", COIN: "coins", POPULARITY: "popularity", CARD: "card"}[bonus]
    for s in _enemies(st):
        player = st.players[s]
        if not any(ONGOING_BONUS[b] == wanted for b in player.recruits):
            continue
        if bonus == POWER:
            gain_power(st, s, 1)
        elif bonus == COIN:
            player.coins += 1
        elif bonus == POPULARITY:
            gain_popularity(st, s, 1)
        else:
            draw_cards(st, s, 1)
        stars.check(st, s)
        st.add_log(
            f"{FACTIONS[player.faction].name}: recruit bonus from the Automa card, 1 {bonus}"
        )


def _advance_tracker(st: ScytheState, automa: Automa) -> None:
    """Krok 3: the token moves one cell if the card says so; a star cell places a
    star, and the first switches the deck to Program II ("Hvězdy a změna programu")."""
    card = AUTOMA_CARDS[automa.card]
    if not card.advance:
        return
    tracker = automa.tracker_card
    if automa.tracker >= tracker.cells - 1:
        return
    was_open = automa.rivers_open
    automa.tracker += 1
    notes = [tracker_text(automa)]
    if automa.rivers_open and not was_open:
        notes.append("lakes and rivers are open to it from now on")
    if automa.tracker in tracker.star_cells:
        stars.place(st, automa.seat, TRACKER_STAR)
        notes.append(f"it places a star ({len(st.players[automa.seat].stars)} of 6)")
        if automa.program == 0:
            automa.program = 1
            automa.deck += automa.discard + automa.combat_discard
            automa.discard = []
            automa.combat_discard = []
            st.rng.shuffle(automa.deck)
            notes.append("the deck is reshuffled and turned: Program II from now on")
    _say(st, "; ".join(notes))


# -- combat ("Boj") -----------------------------------------------------------------------------
def commit(st: ScytheState, seat: int) -> list[int]:
    """The Automa's dial and cards: a new card's combat table by its current power
    (never more than it has) and that many of its combat cards at random."""
    automa = st.automa
    assert automa is not None
    number = _take_card(st, automa)
    automa.combat_discard.append(number)
    card = AUTOMA_CARDS[number]
    player = st.players[seat]
    column = sum(1 for low in POWER_COLUMNS if player.power >= low)
    dial = min(card.combat_power[column], player.power)
    picked: list[int] = []
    for _ in range(min(card.combat_cards, len(player.cards))):
        picked.append(player.cards.pop(st.rng.randbelow(len(player.cards))))
    _say(st, f"draws card {number} for the battle: power {dial}, {len(picked)} combat card(s)")
    return [dial, *sorted(picked)]


def retreat_to(st: ScytheState, seat: int) -> int:
    """Where the Automa's defeated character and mechs go: its faction mat
    (Ultimaszyna: its base)."""
    automa = st.automa
    assert automa is not None
    if automa.level == "ultimaszyna":
        return BASE[st.players[seat].faction]
    return OFF_BOARD


# The Automa's rules that combat and actions apply to its seat (see :mod:`.hooks`).
AUTOMA.commit = commit
AUTOMA.retreat_to = retreat_to
AUTOMA.clear_resources = clear_resources
AUTOMA.resource_box = resource_box
