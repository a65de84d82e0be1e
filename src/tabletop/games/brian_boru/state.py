"""Brian Boru's game state: plain mutable lists of ints (cheap to copy, JSON-ready).

The flow of play is a stack of *tasks* (small tuples): automatic steps run until one
of them needs a decision, which is stored in ``decision`` until a seat answers it.
The rules live in the chapter modules above this one (``setup``, ``draft``,
``tricks``, ``upkeep``, ``scoring``), the flow that runs them in ``turn``, and the
engine contract in ``game``; this module holds only the data.
"""

from __future__ import annotations

from typing import Any, Self

from tabletop.engine import JSON, Action, Rng, Seat
from tabletop.games.brian_boru.flow import Decision, Task


class BBState:
    """The data of a game of Brian Boru in progress."""

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
    #: The engine's per-position cache of legal actions (see :class:`tabletop.engine.State`).
    _legal_cache: dict[Seat, list[Action]] | None
    log: list[tuple[int, str]]  # (seat that may see it, or -1 for all; text)
    over: bool

    def say(self, text: str, seat: int = -1) -> None:
        """Add a log line, visible to everyone or to one seat."""
        self.log.append((seat, text))

    # -- copies and JSON ------------------------------------------------------
    def copy(self) -> Self:
        s = type(self).__new__(type(self))
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
    def from_json(cls, data: JSON) -> Self:
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


_JSON_FIELDS = tuple(f for f in BBState.__slots__ if f != "_legal_cache")
