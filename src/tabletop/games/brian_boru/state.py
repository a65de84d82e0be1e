"""Brian Boru game state and the flow of play.

The state is plain mutable lists of ints (cheap to copy, JSON-ready).  The
flow is a stack of *tasks* (small tuples): automatic steps run until one of
them needs a decision, which is stored in ``decision`` until a seat answers
it.  The rules themselves live in the chapter modules (``setup``, ``draft``,
``tricks``, ``upkeep``, ``scoring``); this module only wires them to the
engine contract.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from tabletop.engine import JSON, Action, Game, Outcome, Rng, Seat, State
from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru import draft, scoring, setup, tricks, upkeep, view
from tabletop.games.brian_boru.actions import BBAction
from tabletop.games.brian_boru.flow import (
    T_BATTLE,
    T_CHURCH1,
    T_CHURCH2,
    T_CHURCH3,
    T_CLAIMS,
    T_COURT_FIX,
    T_DRAFT,
    T_END_ROUND,
    T_MARRIAGE,
    T_MONK,
    T_PREP,
    T_RAZE,
    T_RESOLVE,
    T_SPOILS,
    T_START,
    T_SYMBOL,
    T_TRACK,
    T_TRICK,
    Decision,
    Task,
)


class BrianBoruState(State):
    """A game of Brian Boru in progress."""

    game: ClassVar[Game]

    __slots__ = (
        "_legal_cache",
        "active_town",
        "aside",
        "battle_area",
        "church",
        "claim",
        "coins",
        "court",
        "decision",
        "discards",
        "first_player",
        "hands",
        "kept",
        "log",
        "marker_holder",
        "marriage_card",
        "marriage_deck",
        "marriage_removed",
        "marriages",
        "monastery",
        "num_players",
        "options",
        "over",
        "owner",
        "packs",
        "picked",
        "plays",
        "princess_holder",
        "princess_side",
        "raiders",
        "renown",
        "rng",
        "round",
        "rounds",
        "score",
        "tasks",
        "viking",
        "viking_deck",
        "viking_revealed",
    )

    num_players: int
    options: dict[str, Any]
    rng: Rng
    round: int
    rounds: int
    first_player: int
    score: list[int]
    coins: list[int]
    renown: list[int]
    raiders: list[int]  # raider tokens held in front of each player
    church: list[int]  # each player's discs in the church area
    court: list[int]  # marriage-track space, 1..10
    marriages: list[list[int]]  # marriage cards won (index into MARRIAGE_CARDS; 7 = princess)
    princess_holder: int
    princess_side: int
    owner: list[int]  # per town: seat whose disc is on it, or -1
    viking: list[bool]  # per town: a Viking control token covers the disc
    monastery: list[bool]
    claim: list[int]  # per region: -2 face down, -1 face up on the board, else holder
    battle_area: int
    viking_deck: list[int]
    viking_revealed: list[int]
    marriage_deck: list[int]  # the top card is the last one; 7 = the princess
    marriage_removed: list[int]
    marriage_card: int
    marker_holder: int
    active_town: int
    packs: list[list[int]]
    kept: list[list[int]]
    picked: list[bool]
    aside: list[int]
    hands: list[list[int]]
    discards: int
    plays: list[tuple[int, int]]  # (seat, card) of the trick in play order
    tasks: list[Task]
    decision: Decision | None
    log: list[tuple[int, str]]  # (seat that may see it, or -1 for all; text)
    over: bool

    # -- contract -------------------------------------------------------------
    def to_move(self) -> list[Seat]:
        d = self.decision
        if d is None:
            return []
        if d[0] == A.PICK:
            return [s for s in range(self.num_players) if not self.picked[s]]
        return [d[1]]

    def _legal(self, seat: Seat) -> list[Action]:
        d = self.decision
        if d is None:
            return []
        if d[0] == A.PICK:
            moves = [] if self.picked[seat] else draft.legal_picks(self, seat)
        elif d[1] != seat:
            return []
        else:
            moves = _LEGAL[d[0]](self, d)
        return cast("list[Action]", moves)  # lists are invariant; BBAction is an Action

    def _apply(self, seat: Seat, action: Action) -> None:
        assert isinstance(action, BBAction)
        self.decide(seat, action)
        self.advance()

    def why_illegal(self, seat: Seat, action: Action) -> str:
        return view.why_illegal(self, seat, action)

    def _view(self, seat: Seat | None) -> JSON:
        return view.view(self, seat)

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return list(self.score)

    def outcome(self) -> Outcome:
        if not self.over:
            raise ValueError("the game is not over")
        return scoring.outcome(self)

    def heuristic(self, seat: Seat) -> float:
        return scoring.heuristic(self, seat)

    def resample_hidden(self, observer: Seat | None, rng: Rng) -> None:
        view.resample_hidden(self, observer, rng)

    # -- flow -----------------------------------------------------------------
    def advance(self) -> None:
        """Run automatic steps until a decision is needed or the game ends.

        A decision with a single legal answer is taken automatically (and
        logged), so that players and bots only see real choices.
        """
        tasks = self.tasks
        while True:
            while self.decision is None:
                if not tasks:
                    return
                task = tasks.pop()
                _HANDLERS[task[0]](self, task)
            d = self.decision
            if d[0] == A.PICK:
                return
            moves = _LEGAL[d[0]](self, d)
            if len(moves) != 1:
                self._legal_cache = {d[1]: cast("list[Action]", moves)}
                return
            self.decide(d[1], moves[0])

    def decide(self, seat: Seat, action: BBAction) -> None:
        """Carry out the answer to the pending decision."""
        _DECIDE[action.kind](self, seat, action)

    def say(self, text: str, seat: int = -1) -> None:
        """Add a log line, visible to everyone or to one seat."""
        self.log.append((seat, text))

    # -- copies and JSON ------------------------------------------------------
    def copy(self) -> BrianBoruState:
        s = BrianBoruState.__new__(BrianBoruState)
        s._legal_cache = None
        s.num_players = self.num_players
        s.options = dict(self.options)
        s.rng = Rng(self.rng.state)
        s.round = self.round
        s.rounds = self.rounds
        s.first_player = self.first_player
        s.score = self.score[:]
        s.coins = self.coins[:]
        s.renown = self.renown[:]
        s.raiders = self.raiders[:]
        s.church = self.church[:]
        s.court = self.court[:]
        s.marriages = [m[:] for m in self.marriages]
        s.princess_holder = self.princess_holder
        s.princess_side = self.princess_side
        s.owner = self.owner[:]
        s.viking = self.viking[:]
        s.monastery = self.monastery[:]
        s.claim = self.claim[:]
        s.battle_area = self.battle_area
        s.viking_deck = self.viking_deck[:]
        s.viking_revealed = self.viking_revealed[:]
        s.marriage_deck = self.marriage_deck[:]
        s.marriage_removed = self.marriage_removed[:]
        s.marriage_card = self.marriage_card
        s.marker_holder = self.marker_holder
        s.active_town = self.active_town
        s.packs = [p[:] for p in self.packs]
        s.kept = [k[:] for k in self.kept]
        s.picked = self.picked[:]
        s.aside = self.aside[:]
        s.hands = [h[:] for h in self.hands]
        s.discards = self.discards
        s.plays = self.plays[:]
        s.tasks = self.tasks[:]
        s.decision = self.decision
        s.log = self.log[:]
        s.over = self.over
        return s

    def _to_json(self) -> JSON:
        out: dict[str, Any] = {}
        for name in _JSON_FIELDS:
            value = getattr(self, name)
            if name == "rng":
                value = value.state
            elif name in ("plays", "tasks", "log"):
                value = [list(x) for x in value]
            elif name == "decision":
                value = list(value) if value is not None else None
            elif isinstance(value, list):
                value = [v[:] if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = dict(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, data: JSON) -> BrianBoruState:
        s = cls.__new__(cls)
        s._legal_cache = None
        for name in _JSON_FIELDS:
            value = data[name]
            if name == "rng":
                value = Rng(value)
            elif name in ("plays", "tasks", "log"):
                value = [tuple(x) for x in value]
            elif name == "decision":
                value = tuple(value) if value is not None else None
            elif isinstance(value, list):
                value = [v[:] if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = dict(value)
            setattr(s, name, value)
        return s


_JSON_FIELDS = tuple(f for f in BrianBoruState.__slots__ if f != "_legal_cache")

_HANDLERS = {
    T_START: setup.task_start,
    T_PREP: setup.task_prep,
    T_DRAFT: draft.task_draft,
    T_TRICK: tricks.task_trick,
    T_RESOLVE: tricks.task_resolve,
    T_SYMBOL: tricks.task_symbol,
    T_COURT_FIX: tricks.task_court_fix,
    T_MARRIAGE: upkeep.task_marriage,
    T_TRACK: upkeep.task_track,
    T_BATTLE: upkeep.task_battle,
    T_RAZE: upkeep.task_raze,
    T_SPOILS: upkeep.task_spoils,
    T_CHURCH1: upkeep.task_church1,
    T_CHURCH2: upkeep.task_church2,
    T_CHURCH3: upkeep.task_church3,
    T_MONK: upkeep.task_monk,
    T_CLAIMS: upkeep.task_claims,
    T_END_ROUND: upkeep.task_end_round,
}

_LEGAL = {
    A.START: setup.legal_start,
    A.LEAD: tricks.legal_lead,
    A.PLAY: tricks.legal_play,
    A.OPTION: tricks.legal_option,
    A.BUY: tricks.legal_buy,
    A.EXPAND: tricks.legal_expand,
    A.FREE: tricks.legal_free,
    A.PLACE: upkeep.legal_place,
    A.PRINCESS: upkeep.legal_princess,
    A.RAZE: upkeep.legal_raze,
    A.MONASTERY: upkeep.legal_monastery,
}

_DECIDE = {
    A.START: setup.decide_start,
    A.PICK: draft.decide_pick,
    A.LEAD: tricks.decide_lead,
    A.PLAY: tricks.decide_play,
    A.OPTION: tricks.decide_option,
    A.BUY: tricks.decide_buy,
    A.EXPAND: tricks.decide_expand,
    A.FREE: tricks.decide_free,
    A.PLACE: upkeep.decide_place,
    A.PRINCESS: upkeep.decide_princess,
    A.RAZE: upkeep.decide_raze,
    A.MONASTERY: upkeep.decide_monastery,
}
