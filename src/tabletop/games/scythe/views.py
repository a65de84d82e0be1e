"""What each seat may know (the only door out of the engine), and possible worlds.

Public: the board, every mat (coins are public in Scythe, only not announced),
the number of combat cards and objectives each player holds, the discard pile,
the encounter card being resolved, revealed battles.  Hidden: combat card
values and objectives in other hands, a dial and cards committed but not yet
revealed, the order of the combat and encounter decks, the Factory cards on
the board (seen only by the player choosing one).
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, ne
from typing import TYPE_CHECKING, Any

from tabletop.engine import JSON, Rng
from tabletop.engine.parts import ABSENT, RecordField, ViewPart, assemble, kept, record
from tabletop.games.scythe.automa import Automa, card_text, program_of
from tabletop.games.scythe.board import POSITIONS, RESOURCES, TERRITORY_COUNT, name
from tabletop.games.scythe.combat import MAX_DIAL
from tabletop.games.scythe.data.automa import AUTOMA_CARDS
from tabletop.games.scythe.data.cards import ENCOUNTER_OPTIONS, ENCOUNTERS, OBJECTIVES
from tabletop.games.scythe.data.mats import BOTTOM_ACTIONS
from tabletop.games.scythe.occupied import occupied
from tabletop.games.scythe.state import (
    NO_STRUCTURE,
    OFF_BOARD,
    STRUCTURES,
    UPGRADE_KEYS,
    Player,
)

if TYPE_CHECKING:
    from tabletop.games.scythe.game import ScytheState


def _position(st: ScytheState, pos: int) -> dict[str, Any] | None:
    board = st.board
    entry: dict[str, Any] = {}
    for s in range(st.num_players):
        if board.workers[s][pos]:
            entry.setdefault("workers", {})[str(s)] = board.workers[s][pos]
        if board.mechs[s][pos]:
            entry.setdefault("mechs", {})[str(s)] = board.mechs[s][pos]
        if st.players[s].char == pos:
            entry.setdefault("characters", []).append(s)
    if pos < TERRITORY_COUNT:
        b = pos * 4
        piles = {r: board.res[b + k] for k, r in enumerate(RESOURCES) if board.res[b + k]}
        if piles:
            entry["resources"] = piles
        if board.structure[pos] != NO_STRUCTURE:
            entry["structure"] = [board.structure[pos] >> 2, STRUCTURES[board.structure[pos] & 3]]
        if board.encounter[pos]:
            entry["encounter"] = True
        owner = st.controller(pos)
        if entry and owner >= 0:
            entry["controller"] = owner
    return entry or None


#: Where each thing a player's entry reads lies in its snapshot (:func:`_players_inputs`):
#: the player's fields, then what it has committed to a battle, then whether it is the seat.
_AT = {field: k for k, field in enumerate((*Player.__slots__, "committed", "own"))}


def _reads(*fields: str) -> tuple[int, ...]:
    return tuple(_AT[f] for f in fields)


def _combat_cards(st: ScytheState, seat: int | None, s: int) -> int:
    # Cards committed to a battle count until revealed: how many were committed is secret
    # ("nemusíte říkat, kolik karet ... vkládáte").  Once revealed they are discarded (a
    # Seaworthy retreat is chosen after that).
    return len(st.players[s].cards) + (
        max(0, len(st.commits.get(s, ())) - 1) if st.battle_stage == "commit" else 0
    )


def _bottom_costs(st: ScytheState, seat: int | None, s: int) -> dict[str, int]:
    p = st.players[s]
    return {b: p.bottom_cost(i) for i, b in enumerate(BOTTOM_ACTIONS)} if p.mat else {}


def _factory_card(st: ScytheState, seat: int | None, s: int) -> int:
    # The Automa's Factory card lies face down: only that it has one is public.
    p = st.players[s]
    return p.factory if p.mat or s == seat else (-1 if p.factory else 0)


def _hand(st: ScytheState, seat: int | None, s: int) -> Any:
    return st.players[s].cards[:] if s == seat else ABSENT


def _objectives(st: ScytheState, seat: int | None, s: int) -> Any:
    if s != seat:
        return ABSENT
    return [
        {"number": n, "name": OBJECTIVES[n].name, "condition": OBJECTIVES[n].condition}
        for n in st.players[s].objectives
    ]


#: A player's entry, field by field, each with what it reads (``mat``: whether it is the
#: Automa's).
_PLAYER: tuple[RecordField, ...] = (
    RecordField("faction", _reads("faction"), lambda st, seat, s: st.players[s].faction),
    RecordField("mat", _reads("mat"), lambda st, seat, s: st.players[s].mat),
    RecordField("coins", _reads("coins"), lambda st, seat, s: st.players[s].coins),
    RecordField("power", _reads("power"), lambda st, seat, s: st.players[s].power),
    RecordField("popularity", _reads("popularity"), lambda st, seat, s: st.players[s].popularity),
    RecordField("stars", _reads("stars"), lambda st, seat, s: st.players[s].stars[:]),
    RecordField("combat_cards", _reads("cards", "committed"), _combat_cards),
    RecordField(
        "objective_cards", _reads("objectives"), lambda st, seat, s: len(st.players[s].objectives)
    ),
    RecordField(
        "upgraded",
        _reads("upgraded"),
        lambda st, seat, s: [
            k for k, up in zip(UPGRADE_KEYS, st.players[s].upgraded, strict=True) if up
        ],
    ),
    RecordField("bottom_costs", _reads("mat", "cubes"), _bottom_costs),
    RecordField("mechs", _reads("mechs"), lambda st, seat, s: st.players[s].mechs[:]),
    RecordField(
        "structures",
        _reads("structures"),
        lambda st, seat, s: {
            k: name(at)
            for k, at in zip(STRUCTURES, st.players[s].structures, strict=True)
            if at >= 0
        },
    ),
    RecordField("recruits", _reads("recruits"), lambda st, seat, s: dict(st.players[s].recruits)),
    RecordField(
        "workers_on_mat", _reads("workers_on_mat"), lambda st, seat, s: st.players[s].workers_on_mat
    ),
    RecordField("factory_card", _reads("factory", "mat", "own"), _factory_card),
    RecordField(
        "last_section", _reads("last_section"), lambda st, seat, s: st.players[s].last_section
    ),
    RecordField(
        "character",
        _reads("char"),
        lambda st, seat, s: (
            name(st.players[s].char) if st.players[s].char != OFF_BOARD else "faction mat"
        ),
    ),
    RecordField("hand", _reads("cards", "own"), _hand),
    RecordField("objectives", _reads("objectives", "own"), _objectives),
)


def _seat(st: ScytheState, seat: int | None) -> dict[str, Any]:
    return {"seat": seat}


def _seat_inputs(st: ScytheState, seat: int | None) -> object:
    return seat


def _players(st: ScytheState, seat: int | None) -> dict[str, Any]:
    return {"players": [record(_PLAYER, st, seat, s) for s in range(st.num_players)]}


#: Everything of a player that its entry shows (its slots, as they are).
_PLAYER_FIELDS = attrgetter(*Player.__slots__)


def _players_inputs(st: ScytheState, seat: int | None) -> list[tuple[Any, ...]]:
    # Per player: its fields (the player's own lists, kept as copies), what it has committed
    # to a battle, and whether it is the seat (which sees its hand).
    committing = st.battle_stage == "commit"
    return [
        (*_PLAYER_FIELDS(p), len(st.commits.get(s, ())) if committing else -1, s == seat)
        for s, p in enumerate(st.players)
    ]


def _table(st: ScytheState, seat: int | None) -> dict[str, Any]:
    return {
        "order": st.order[:],
        "turn": st.turns,
        "active": st.active,
        "phase": st.phase,
        "section": st.section,
        "structure_bonus": st.structure_tile,
    }


def _board(st: ScytheState, seat: int | None) -> dict[str, Any]:
    board = {}
    for pos in occupied(st):
        entry = _position(st, pos)
        if entry is not None:
            board[name(pos)] = entry
    return {"board": board}


def _board_inputs(st: ScytheState, seat: int | None) -> tuple[Any, ...]:
    # What a place's entry shows: the units, resources, structures and tokens, the
    # characters, and the attacker (who does not control a contested territory until the
    # battle is decided).  The board's own lists: compared, copied only when they differ.
    board = st.board
    return (
        board.workers,
        board.mechs,
        board.res,
        board.structure,
        board.encounter,
        [p.char for p in st.players],
        st.active,
    )


def _board_changed(old: Any, new: Any) -> list[int] | None:
    """The places whose entries may differ between two snapshots of :func:`_board_inputs`."""
    if len(old[0]) != len(new[0]):
        return None  # another number of seats
    units: set[int] = set()  # the places whose units differ
    for k in (0, 1):  # workers and mechs, seat by seat
        for was, now in zip(old[k], new[k], strict=True):
            if was != now:
                units.update(compress(_PLACES, map(ne, was, now)))
    if old[5] != new[5]:
        units.update(c for c in old[5] + new[5] if 0 <= c < POSITIONS)
    found = set(units)
    if old[2] != new[2]:  # four resource piles per place
        found.update(i // 4 for i in compress(_PILES, map(ne, old[2], new[2])))
    for k in (3, 4):
        if old[k] != new[k]:
            found.update(compress(_PLACES, map(ne, old[k], new[k])))
    # Control of contested places follows the attacker.  The contested places of the last
    # snapshot are kept with it (snapshots never change): those of the next follow from the
    # places whose units differ, where the attacker changes every turn and units seldom.
    memo = _CONTESTED
    contested: set[int] | None = None
    if memo[0] is old:
        contested = memo[1]
        if units:
            contested = {p for p in contested if p not in units}
            contested.update(p for p in units if _seats_on(new, p) > 1)
    elif old[6] != new[6]:
        contested = _contested(new)
    memo[0], memo[1] = (new, contested) if contested is not None else (None, set())
    if contested and old[6] != new[6]:
        found |= contested
    return sorted(found)


#: The last board snapshot :func:`_board_changed` saw and its contested places.
_CONTESTED: list[Any] = [None, set()]


def _seats_on(snapshot: Any, pos: int) -> int:
    """How many seats have units on a place, in a snapshot of the board."""
    workers, mechs, chars = snapshot[0], snapshot[1], snapshot[5]
    return sum(
        1 for s in range(len(workers)) if workers[s][pos] or mechs[s][pos] or chars[s] == pos
    )


def _contested(snapshot: Any) -> set[int]:
    """The places where more than one seat has units, in a snapshot of the board."""
    workers, mechs, chars = snapshot[0], snapshot[1], snapshot[5]
    seen: set[int] = set()
    twice: set[int] = set()
    for s in range(len(workers)):
        places = set(compress(_PLACES, workers[s]))
        places.update(compress(_PLACES, mechs[s]))
        if 0 <= chars[s] < POSITIONS:
            places.add(chars[s])
        twice |= seen & places
        seen |= places
    return twice


def _board_entry(st: ScytheState, seat: int | None, pos: int) -> tuple[str, Any]:
    return name(pos), _position(st, pos)


def _decks(st: ScytheState, seat: int | None) -> dict[str, Any]:
    return {
        "combat_deck": len(st.combat_deck),
        "combat_discard": sorted(st.combat_discard),
        "encounter_deck": len(st.encounter_deck),
        "factory_cards_left": len(st.factory_pool),
        "moves_left": st.moves_left,
        "motion": [st.motion[0], name(st.motion[1]), st.motion[2]] if st.motion else None,
        "last_battle": dict(st.last_battle),  # its lists are never changed, only replaced
        "star_queue": [e[:] for e in st.star_queue],
        "over": st.over,
        "to_move": st.to_move(),
    }


def _log(st: ScytheState, seat: int | None) -> dict[str, Any]:
    return {"log": st.log()}


def _log_inputs(st: ScytheState, seat: int | None) -> object:
    return st.log_tail  # an immutable chain: a new entry is a new tail


def _moment(st: ScytheState, seat: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if st.enc_card:
        data["encounter"] = {
            "card": st.enc_card,
            "used": st.enc_used[:],
            "options": {
                o: {"cost": dict(opt.cost), "gains": dict(opt.gains)}
                for o, opt in zip(ENCOUNTER_OPTIONS, ENCOUNTERS[st.enc_card], strict=True)
            },
        }
    if st.phase == "factory" and seat == st.active:
        data["factory_pool"] = st.factory_pool[:]
    if st.battle_pos >= 0:
        battle: dict[str, Any] = {
            "territory": name(st.battle_pos),
            "attacker": st.active,
            "defender": st.battle_def,
            "committed": sorted(st.commits),
        }
        if seat in st.commits:
            battle["my_commit"] = st.commits[seat][:]
        data["battle"] = battle
    if st.pending_step:
        data["pending_step"] = [
            st.pending_step[0],
            name(st.pending_step[1]),
            name(st.pending_step[2]),
        ]
    if st.phase == "pay":
        data["paying"] = {"resource": st.pay_res, "left": st.pay_left, "cards": st.pay_card_left}
    if st.automa is not None:
        data["automa"] = _automa(st.automa)
    if st.over:
        data["scores"] = st.scores()
    return data


_PLACES = range(POSITIONS)
_PILES = range(POSITIONS * 4)

#: The view's parts, in its keys' order (:mod:`tabletop.engine.parts`); all but the board
#: and the log are cheap enough to be their own snapshots.
PARTS: tuple[ViewPart, ...] = (
    ViewPart("seat", ("seat",), _seat, _seat_inputs),
    ViewPart(
        "players",
        ("players",),
        _players,
        _players_inputs,
        fields=_PLAYER,
    ),
    ViewPart(
        "table",
        ("order", "turn", "active", "phase", "section", "structure_bonus"),
        _table,
        None,
        public=True,
    ),
    ViewPart(
        "board",
        ("board",),
        _board,
        _board_inputs,
        keep=kept,
        changed=_board_changed,
        entry=_board_entry,
        public=True,
    ),
    ViewPart(
        "decks",
        (
            "combat_deck",
            "combat_discard",
            "encounter_deck",
            "factory_cards_left",
            "moves_left",
            "motion",
            "last_battle",
            "star_queue",
            "over",
            "to_move",
        ),
        _decks,
        None,
        public=True,
    ),
    ViewPart("log", ("log",), _log, _log_inputs),
    ViewPart(
        "moment",
        ("encounter", "factory_pool", "battle", "pending_step", "paying", "automa", "scores"),
        _moment,
        None,
    ),
)


def view(st: ScytheState, seat: int | None) -> JSON:
    """Everything ``seat`` may know, assembled from :data:`PARTS`."""
    return assemble(PARTS, st, seat)


def _automa(automa: Automa) -> dict[str, Any]:
    """The Automa's difficulty card, piles and the card of its turn (all public but
    the order of its deck)."""
    tracker = automa.tracker_card
    data: dict[str, Any] = {
        "seat": automa.seat,
        "level": automa.level,
        "name": tracker.name,
        "tracker": automa.tracker,
        "cells": tracker.cells,
        "star_cells": list(tracker.star_cells),
        "rivers_open": automa.rivers_open,
        "program": "I" if automa.program == 0 else "II",
        "deck": len(automa.deck),
        "discard": automa.discard[:],
        "combat_discard": automa.combat_discard[:],
        "box": automa.box,
        "step": automa.step,
        "card": automa.card,
    }
    if automa.card:
        data["card_text"] = card_text(AUTOMA_CARDS[automa.card], program_of(automa, automa.card))
    return data


def resample_hidden(st: ScytheState, observer: int | None, rng: Rng) -> None:
    """Redeal what ``observer`` cannot see, keeping every count it can see.

    Every pool is sorted before it is shuffled, so the result depends only on what the
    observer sees and on ``rng``, not on the hidden arrangement it replaces (a search
    then chooses alike in every world it cannot tell apart)."""
    others = [s for s in range(st.num_players) if s != observer]
    # Combat cards: the deck, other hands and other unrevealed commitments.
    pool = st.combat_deck[:]
    for s in others:
        pool.extend(st.players[s].cards)
        if s in st.commits:
            pool.extend(st.commits[s][1:])
    pool.sort()
    rng.shuffle(pool)
    for s in others:
        n = len(st.players[s].cards)
        st.players[s].cards = sorted(pool[:n])
        del pool[:n]
        if s in st.commits:
            k = len(st.commits[s]) - 1
            dial = rng.randbelow(min(MAX_DIAL, st.players[s].power) + 1)
            st.commits[s] = [dial, *sorted(pool[:k])]
            del pool[:k]
    st.combat_deck = pool
    # Objectives: other hands and the cards left in the box.
    objectives = st.objective_box[:]
    for s in others:
        objectives.extend(st.players[s].objectives)
    objectives.sort()
    rng.shuffle(objectives)
    for s in others:
        n = len(st.players[s].objectives)
        st.players[s].objectives = sorted(objectives[:n])
        del objectives[:n]
    st.objective_box = sorted(objectives)
    # Encounter cards never drawn (those drawn went under the deck, known to all).
    unseen = len(st.encounter_deck) - st.encounters_seen
    top = sorted(st.encounter_deck[:unseen])
    rng.shuffle(top)
    st.encounter_deck[:unseen] = top
    # Factory cards on the board, unless the observer is looking at them now.
    if not (st.phase == "factory" and observer == st.active):
        cards = sorted(st.factory_pool + st.factory_box)
        rng.shuffle(cards)
        k = len(st.factory_pool)
        st.factory_pool, st.factory_box = sorted(cards[:k]), sorted(cards[k:])
    # The Automa's draw pile, and the Factory card its character took face down.
    automa = st.automa
    if automa is not None:
        automa.deck.sort()
        rng.shuffle(automa.deck)
        machine = st.players[automa.seat]
        if machine.factory and observer != automa.seat:
            cards = sorted([machine.factory, *st.factory_box])
            rng.shuffle(cards)
            machine.factory = cards.pop()
            st.factory_box = sorted(cards)
    st.rng = Rng(rng.next64())
