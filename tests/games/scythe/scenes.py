"""Hand-built Scythe positions for rule tests: a bare board, units put by hex name.

:func:`bare` builds a :class:`Core` (mats and board only); :func:`game` a full
:class:`ScytheState` on a bare board, played with :func:`play`.  The unit helpers
work on both.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine import new_game
from tabletop.games.scythe.board import INDEX, RESOURCE_INDEX
from tabletop.games.scythe.data.factions import FACTIONS
from tabletop.games.scythe.game import ScytheState
from tabletop.games.scythe.state import NO_STRUCTURE, STRUCTURES, Board, Core, Player
from tabletop.games.scythe.turn import clear_turn, start_turn


def bare(
    factions: Sequence[str] = ("nordic", "rusviet"),
    mats: Sequence[str] = ("industrial", "engineering"),
) -> Core:
    """Players with their mats' starting tracks and an empty board.

    Unlike a real setup no worker has left its mat (all eight are on it), so
    :meth:`Core.workers_on_board` counts exactly what :func:`workers` put down.
    Characters wait on their home bases.
    """
    core = Core.__new__(Core)
    core.players = [Player(f, m) for f, m in zip(factions, mats, strict=True)]
    for p in core.players:
        p.workers_on_mat = 8
    core.board = Board(len(factions))
    return core


def pos(hex_: str) -> int:
    return INDEX[hex_]


def workers(core: Core, seat: int, hex_: str, n: int = 1) -> None:
    """Move ``n`` workers from the seat's mat onto ``hex_``."""
    core.board.workers[seat][pos(hex_)] += n
    core.players[seat].workers_on_mat -= n


def mechs(core: Core, seat: int, hex_: str, n: int = 1) -> None:
    """Deploy ``n`` more mechs (next abilities of the faction mat) onto ``hex_``."""
    p = core.players[seat]
    abilities = FACTIONS[p.faction].mech_abilities
    for _ in range(n):
        p.mechs.append(abilities[len(p.mechs)])
    core.board.mechs[seat][pos(hex_)] += n


def character(core: Core, seat: int, hex_: str) -> None:
    core.players[seat].char = pos(hex_)


def build(core: Core, seat: int, hex_: str, kind: str | None = None) -> None:
    """Build ``kind`` (default: the first structure still on the mat) on ``hex_``."""
    p = core.players[seat]
    k = STRUCTURES.index(kind) if kind else p.structures.index(NO_STRUCTURE)
    p.structures[k] = pos(hex_)
    core.board.structure[pos(hex_)] = seat * 4 + k


def resources(
    core: Core, hex_: str, *, food: int = 0, wood: int = 0, metal: int = 0, oil: int = 0
) -> None:
    """Add resource tokens to the pile on ``hex_``."""
    base = pos(hex_) * 4
    for name, n in (("food", food), ("wood", wood), ("metal", metal), ("oil", oil)):
        core.board.res[base + RESOURCE_INDEX[name]] += n


# -- full game states -------------------------------------------------------------------------


def game(
    factions: Sequence[str] = ("nordic", "rusviet"),
    mats: Sequence[str] = ("industrial", "engineering"),
    seed: int = 1,
    *,
    active: int = 0,
) -> ScytheState:
    """A real :class:`ScytheState` with a bare board, ready for ``active`` to choose a section.

    Every worker is back on its mat, characters wait on their bases, no
    encounter token lies on the board, hands hold no combat cards and no
    objectives (give them with :func:`hand`), tracks keep the mats' starting
    values.  Decks, Factory cards and turn order are the seeded setup's.
    """
    st = new_game(
        "scythe", len(factions), {"factions": ",".join(factions), "mats": ",".join(mats)}, seed
    )
    assert isinstance(st, ScytheState)
    for seat, p in enumerate(st.players):
        st.combat_deck.extend(p.cards)
        p.cards = []
        st.objective_box.extend(p.objectives)
        p.objectives = []
        p.workers_on_mat = 8
        st.board.workers[seat] = [0] * len(st.board.workers[seat])
    st.board.encounter = [False] * len(st.board.encounter)
    begin(st, active)
    return st


def begin(st: ScytheState, seat: int, phase: str = "section", section: int = -1) -> None:
    """Make ``seat`` the active player at the start of its turn (or at ``phase`` of
    ``section``, 0-3 the mat's columns, 4 the Factory card)."""
    clear_turn(st)
    st.turn_index = st.order.index(seat)
    start_turn(st)
    st.phase = phase
    st.section = section
    if section >= 0:
        st.players[seat].last_section = section
    st._legal_cache = None


def legal(st: ScytheState, seat: int | None = None) -> list[str]:
    """The legal action texts of ``seat`` (default: the first seat to move)."""
    st._legal_cache = None  # the scene may have been edited since the last listing
    if seat is None:
        seat = st.to_move()[0]
    return [a.text for a in st.legal_actions(seat)]


def play(st: ScytheState, *texts: str, seat: int | None = None) -> None:
    """Apply ``texts`` in order, each for ``seat`` (default: the first seat to move).

    A ``skip`` the engine already took by itself (the only answer: logged as forced) is
    passed over, so scenes read as the turn is played at the table."""
    # A skip the previous call's last move forced counts too.
    forced = 1 if st.log_tail is not None and st.log_tail[1].endswith(": skip (forced)") else 0
    for text in texts:
        st._legal_cache = None
        if text == "skip" and forced and "skip" not in legal(st):
            forced -= 1
            continue
        before = st.log_len
        st.apply_text(st.to_move()[0] if seat is None else seat, text)
        forced = sum(1 for entry in st.log()[before:] if entry.endswith(": skip (forced)"))


def hand(st: ScytheState, seat: int, *values: int) -> None:
    """Give ``seat`` exactly these combat cards (taken from the deck)."""
    p = st.players[seat]
    st.combat_deck.extend(p.cards)
    p.cards = []
    for v in values:
        st.combat_deck.remove(v)
        p.cards.append(v)
    p.cards.sort()
    st._legal_cache = None


def encounter_token(st: ScytheState, hex_: str, card: int | None = None) -> None:
    """Put an encounter token on ``hex_``; ``card`` on top of the encounter deck."""
    st.board.encounter[pos(hex_)] = True
    if card is not None:
        st.encounter_deck.remove(card)
        st.encounter_deck.insert(0, card)
    st._legal_cache = None


def section_of(st: ScytheState, seat: int, top: str) -> int:
    """The mat column (0-3) whose top action is ``top``."""
    return st.players[seat].column_of_top(top)


def top_done(st: ScytheState) -> bool:
    """The top action is over: its bottom action is being chosen, or the bottom action
    had a single answer (``skip``: not affordable) that the engine took by itself."""
    if st.phase == "bottom":
        return True
    tail = st.log_tail
    return tail is not None and tail[1].endswith(": skip (forced)")
