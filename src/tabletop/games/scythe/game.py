"""Scythe on the engine contract: the game object and the full state.

:class:`ScytheState` is the board and mats of :class:`~.state.Core` plus the
decks and the progress of the current turn.  What may be played and what it
does is in :mod:`.turn`; views and hidden information are here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from tabletop.engine import (
    JSON,
    Action,
    Game,
    NotationError,
    OptionError,
    OptionSpec,
    Outcome,
    Rng,
    State,
)
from tabletop.games.scythe import automa, estimate, labels, logchain, notation, turn, views
from tabletop.games.scythe.automa import Adjustments, Automa
from tabletop.games.scythe.board import BASE
from tabletop.games.scythe.data.automa import DIFFICULTIES
from tabletop.games.scythe.data.factions import FACTION_IDS, FACTIONS
from tabletop.games.scythe.data.mats import MAT_IDS
from tabletop.games.scythe.data.structure_bonus import STRUCTURE_BONUS_TILES
from tabletop.games.scythe.scoring import TIERS, final_score, tiebreak_key, tier
from tabletop.games.scythe.setup import populate
from tabletop.games.scythe.state import Board, Core, Player

# Fields of the state, by how they are copied.
_SCALARS: Final = (
    "num_players",
    "structure_tile",
    "encounters_seen",
    "turn_index",
    "turns",
    "active",
    "phase",
    "decider",
    "section",
    "moves_left",
    "char_moved",
    "factory_move",
    "forced_retreat",
    "battle_pos",
    "battle_def",
    "battle_stage",
    "enc_card",
    "pay_res",
    "pay_left",
    "pay_card_left",
    "after_pay",
    "produce_left",
    "produce_mill",
    "after_move",
    "factory_offered",
    "ending",
    "over",
)
_LISTS: Final = (
    "combat_deck",
    "combat_discard",
    "objective_box",
    "encounter_deck",
    "factory_pool",
    "factory_box",
    "order",
    "motion",
    "pending_step",
    "move_log",
    "enc_used",
    "fresh",
    "produced",
    "star_queue",
)
_DICTS: Final = ("options", "moved_w", "moved_m", "commits", "last_battle")


class ScytheState(Core, State):
    """A Scythe game in progress."""

    __slots__ = (
        "_ctrl_memo",
        "_legal_cache",
        "automa",
        "log_len",
        "log_tail",
        "rng",
        *_SCALARS,
        *_LISTS,
        *_DICTS,
    )

    rng: Rng
    options: dict[str, Any]
    automa: Automa | None
    """The Automa's deck and tracker when a seat is played by it (:mod:`.automa`)."""
    _ctrl_memo: list[int] | None
    log_tail: Any
    """The public log: ``(previous, entry)`` pairs, ``None`` when empty."""
    log_len: int
    # decks and supplies
    structure_tile: str
    combat_deck: list[int]
    combat_discard: list[int]
    objective_box: list[int]
    encounter_deck: list[int]
    encounters_seen: int
    """Cards at the bottom of the encounter deck that were drawn before (known)."""
    factory_pool: list[int]
    factory_box: list[int]
    # turn order and progress
    order: list[int]
    turn_index: int
    turns: int
    active: int
    phase: str
    decider: int
    """The seat deciding in the ``ability`` and ``retreat`` phases."""
    section: int
    # the Move action in progress
    moves_left: int
    moved_w: dict[int, int]
    moved_m: dict[int, int]
    char_moved: bool
    motion: list[Any]
    """The unit in motion: [kind, position, steps left, origin, workers carried]."""
    pending_step: list[Any]
    """A step waiting for its cargo: [kind, from, to]."""
    move_log: list[list[Any]]
    factory_move: bool
    forced_retreat: bool
    after_move: str
    factory_offered: bool
    fresh: list[str]
    """Structures built and bottom actions enlisted this turn: their bonuses
    start next turn ("od příštího tahu")."""
    # battle, encounter, payment, production in progress
    battle_pos: int
    battle_def: int
    battle_stage: str
    commits: dict[int, list[int]]
    last_battle: dict[str, Any]
    enc_card: int
    enc_used: list[str]
    pay_res: int
    pay_left: int
    pay_card_left: int
    after_pay: str
    produce_left: int
    produce_mill: bool
    produced: list[int]
    # stars and the end
    star_queue: list[list[Any]]
    ending: bool
    over: bool

    # -- setup --------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> ScytheState:
        st = cls.__new__(cls)
        st._ctrl_memo = None
        st._legal_cache = None
        st.num_players = players
        st.options = dict(options)
        st.rng = Rng(seed)
        populate(st, players, options, st.rng)
        st.automa = None
        seat, level = _automa_seat(players, options)
        if seat >= 0:
            automa.setup(st, seat, level, _adjustments(options))
        st.turn_index = 0
        st.turns = 0
        st.star_queue = []
        st.ending = False
        st.over = False
        st.last_battle = {}
        st.log_tail = None
        st.log_len = 0
        turn.clear_turn(st)
        turn.start_turn(st)
        return st

    # -- control during a battle ------------------------------------------------------------
    def _defender_of(self, pos: int, a: int, b: int) -> int:
        # Until the battle is decided the defender keeps the territory.
        return b if a == self.active else a

    def control_map(self) -> list[int]:
        # Legal-move generation never changes the board: it computes control at
        # most once (``[]``: remember the map; ``None``: compute it every time).
        memo = self._ctrl_memo
        if memo is None:
            return Core.control_map(self)
        if not memo:
            memo.extend(Core.control_map(self))
        return memo

    def mine_of(self, seat: int) -> int:
        # A Mine built this turn (a Factory card's top action) works from the next.
        if seat == self.active and "mine" in self.fresh:
            return -1
        return self.players[seat].structures[0]

    def inactive_bases(self) -> tuple[int, ...]:
        """Home bases of the factions nobody plays (Crimea's Wayfare)."""
        playing = {p.faction for p in self.players}
        return tuple(p for f, p in BASE.items() if f not in playing)

    def neighbours_of(self, seat: int) -> list[int]:
        """The seats to the left and right of ``seat`` (one seat with two players)."""
        order = self.order
        i = order.index(seat)
        left, right = order[(i + 1) % len(order)], order[i - 1]
        return [left] if left == right else [left, right]

    # -- contract -------------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return turn.to_move(self)

    def _legal(self, seat: int) -> list[Action]:
        return turn.legal(self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        self._play(seat, action.text, forced=False)
        self._play_forced()

    def _play_forced(self) -> None:
        """Take every decision that has a single legal answer, as the physical game asks no
        question there (a lone ``skip``, a ``commit 0`` without power or cards); the log
        says each was forced.  The Automa's steps stay steps (its seat shows its turn)."""
        while not self.over:
            movers = turn.to_move(self)
            if len(movers) != 1 or self.is_automa(movers[0]):
                return
            seat = movers[0]
            legal = turn.legal(self, seat)
            if len(legal) != 1:
                self._legal_cache = {seat: legal}  # generated once: the caller's next ask
                return
            self._play(seat, legal[0].text, forced=True)

    def _play(self, seat: int, text: str, *, forced: bool) -> None:
        battle = self.last_battle
        turn.apply(self, seat, text)
        who = FACTIONS[self.players[seat].faction].name
        # A committed dial and cards stay secret until the battle is revealed;
        # the Automa's steps write their own, fuller lines.
        if not text.startswith("automa"):
            said = "commits" if text.startswith("commit") else text
            self.add_log(f"{who}: {said} (forced)" if forced else f"{who}: {said}")
        if self.last_battle is not battle:
            b = self.last_battle
            a, d = (FACTIONS[self.players[s].faction].name for s in (b["attacker"], b["defender"]))
            totals = [p + sum(c) for p, c in zip(b["power"], b["cards"], strict=True)]
            winner = a if b["winner"] == b["attacker"] else d
            self.add_log(
                f"battle at {b['territory']}: {a} {b['power'][0]}+{b['cards'][0]}={totals[0]}"
                f" vs {d} {b['power'][1]}+{b['cards'][1]}={totals[1]}, {winner} wins"
            )

    def add_log(self, entry: str) -> None:
        """Append to the public log (kept as an immutable chain: copies share it)."""
        self.log_tail = (self.log_tail, entry)
        self.log_len += 1

    def log(self) -> list[str]:
        return logchain.entries(self.log_tail)

    def why_illegal(self, seat: int, action: Action) -> str:
        return turn.why_illegal(self, seat, action.text)

    def _view(self, seat: int | None) -> JSON:
        return views.view(self, seat)

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return [final_score(self, s, self.structure_tile).total for s in range(self.num_players)]

    def outcome(self) -> Outcome:
        scores = self.scores()
        keys = [(scores[s], *tiebreak_key(self, s)) for s in range(self.num_players)]
        result = Outcome.from_keys(scores, keys)
        finals = [final_score(self, s, self.structure_tile) for s in range(self.num_players)]
        details = {
            # Coins per category, each row by seat (the values add up to the final coins).
            "breakdown": [
                ["Coins in hand", [f.coins for f in finals]],
                ["Stars", [f.stars for f in finals]],
                ["Territories", [f.territories for f in finals]],
                ["Resources", [f.resources for f in finals]],
                ["Structure bonus", [f.structure_bonus for f in finals]],
            ],
            # 1, 2 or 3: the popularity track's scoring tier (its coins per star, ...).
            "popularity_tier": [TIERS.index(tier(p.popularity)) + 1 for p in self.players],
            "score": [f.__dict__ for f in finals],
            "factions": [p.faction for p in self.players],
        }
        return Outcome(result.scores, result.ranks, details)

    def heuristic(self, seat: int) -> float:
        return estimate.heuristic(self, seat)

    def heuristics(self) -> list[float]:
        return estimate.heuristics(self)

    def turn_number(self) -> int | None:
        return self.turns

    def resample_hidden(self, observer: int | None, rng: Rng) -> None:
        views.resample_hidden(self, observer, rng)
        self._legal_cache = None

    def information_epoch(self) -> object:
        """Changes with every random draw (the RNG) and every card drawn, dealt, chosen or
        revealed: combat cards (decks, hands, committed dials), encounters, Factory and
        objective cards, the Automa's deck.  Moves between two changes (a section, a
        movement, a payment) revealed nothing and may be taken back."""
        automa = self.automa
        return (
            self.rng.state,
            len(self.combat_deck),
            len(self.combat_discard),
            tuple(len(p.cards) for p in self.players),
            tuple(len(p.objectives) for p in self.players),
            tuple(p.factory for p in self.players),
            len(self.encounter_deck),
            self.encounters_seen,
            len(self.factory_pool),
            len(self.commits),
            None if automa is None else len(automa.deck),
        )

    def describe(self, seat: int, action: Action) -> str:
        return labels.describe(self, seat, str(action))

    def decides_in_secret(self, seat: int) -> bool:
        """Combat dials and cards are committed in secret, the second one too (rulebook,
        "Boj")."""
        return self.phase == "commit"

    # -- copy and JSON ------------------------------------------------------------------------
    def copy(self) -> ScytheState:
        new = ScytheState.__new__(ScytheState)
        new._ctrl_memo = None
        # The legal actions of an identical position are identical: a search that
        # copies then applies need not generate them again.
        cache = self._legal_cache
        new._legal_cache = {seat: moves[:] for seat, moves in cache.items()} if cache else None
        new.rng = self.rng.copy()
        new.log_tail = self.log_tail
        new.log_len = self.log_len
        new.players = [p.copy() for p in self.players]
        new.board = self.board.copy()
        new.automa = self.automa.copy() if self.automa is not None else None
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        # One level deep is enough: the entries that are lists themselves (the move
        # log's and the star queue's) are appended whole and never changed in place.
        for name in _LISTS:
            setattr(new, name, getattr(self, name)[:])
        for name in _DICTS:
            setattr(new, name, dict(getattr(self, name)))
        return new

    def _to_json(self) -> JSON:
        data: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        for name in _LISTS:
            data[name] = [x[:] if isinstance(x, list) else x for x in getattr(self, name)]
        for name in _DICTS:
            data[name] = {str(k): v for k, v in getattr(self, name).items()}
        data["rng"] = self.rng.state
        data["log"] = self.log()
        data["players"] = [p.to_json() for p in self.players]
        data["automa"] = self.automa.to_json() if self.automa is not None else None
        data["board"] = self.board.to_json()
        return data

    @classmethod
    def from_json(cls, data: JSON) -> ScytheState:
        st = cls.__new__(cls)
        st._ctrl_memo = None
        st._legal_cache = None
        st.rng = Rng(0)
        st.rng.state = data["rng"]
        st.players = [Player.from_json(p) for p in data["players"]]
        st.automa = Automa.from_json(data["automa"]) if data.get("automa") else None
        st.board = Board.from_json(data["board"])
        for name in _SCALARS:
            setattr(st, name, data[name])
        for name in _LISTS:
            setattr(st, name, [list(x) if isinstance(x, list) else x for x in data[name]])
        st.options = dict(data["options"])
        st.moved_w = {int(k): v for k, v in data["moved_w"].items()}
        st.moved_m = {int(k): v for k, v in data["moved_m"].items()}
        st.commits = {int(k): list(v) for k, v in data["commits"].items()}
        st.last_battle = dict(data["last_battle"])
        st.log_tail = None
        st.log_len = 0
        for entry in data["log"]:
            st.add_log(entry)
        return st


class Scythe(Game):
    """Scythe (Jamey Stegmaier, Stonemaier Games 2016), base game, 2-5 players."""

    id = "scythe"
    name = "Scythe"
    player_counts = (2, 3, 4, 5)
    long_turns = True
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "factions": OptionSpec(
            "factions",
            "",
            "factions of the first seats, comma-separated (the rest dealt at random): "
            + ", ".join(FACTION_IDS),
        ),
        "mats": OptionSpec(
            "mats",
            "",
            "player mats of the first seats, comma-separated (the rest dealt at random): "
            + ", ".join(MAT_IDS),
        ),
        "banned-pairings": OptionSpec(
            "banned-pairings",
            False,
            "never deal the officially banned pairings Rusviet+Industrial and Crimea+Patriotic",
        ),
        "structure-bonus": OptionSpec(
            "structure-bonus",
            "random",
            "the structure bonus tile (random by default)",
            choices=("random", *STRUCTURE_BONUS_TILES),
        ),
        "automa": OptionSpec(
            "automa",
            "",
            "solo: per seat '-' or the Automa's difficulty, e.g. -,automaszyna (2 seats): "
            + ", ".join(DIFFICULTIES),
        ),
        "automa-skip-turns": OptionSpec(
            "automa-skip-turns",
            0,
            "the Automa skips every N-th turn (easier; 0: never)",
            minimum=0,
            maximum=100,
        ),
        "automa-coins": OptionSpec(
            "automa-coins",
            0,
            "coins the Automa gains (or loses) at the end of each turn",
            minimum=-20,
            maximum=20,
        ),
        "automa-power": OptionSpec(
            "automa-power",
            0,
            "power the Automa gains (or loses) at the end of each turn",
            minimum=-16,
            maximum=16,
        ),
        "automa-skip-moves": OptionSpec(
            "automa-skip-moves",
            0,
            "the Automa skips every N-th movement (easier; 0: never)",
            minimum=0,
            maximum=100,
        ),
        "automa-skip-deploys": OptionSpec(
            "automa-skip-deploys",
            0,
            "the Automa skips every N-th deployment (easier; 0: never)",
            minimum=0,
            maximum=100,
        ),
        "automa-all-moves": OptionSpec(
            "automa-all-moves",
            False,
            "the Automa carries out every movement on its card that it can (harder)",
        ),
    }

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        state = ScytheState.new(players, options, seed)
        state._play_forced()
        return state

    def _parse_action(self, text: str) -> Action:
        canonical = notation.canonical(text)
        if canonical is None:
            raise NotationError(f"not a Scythe action: {text!r}")
        return Action(canonical)

    def state_from_json(self, data: JSON) -> State:
        return ScytheState.from_json(data)


def _automa_seat(players: int, options: dict[str, Any]) -> tuple[int, str]:
    """The seat and difficulty of the Automa from the ``automa`` option, or (-1, "")."""
    raw = str(options.get("automa") or "")
    if not raw:
        return -1, ""
    entries = [x.strip() for x in raw.split(",")]
    if len(entries) != players:
        raise OptionError(f"option 'automa' needs one entry per seat ({players}), not {raw!r}")
    levels = [(s, x) for s, x in enumerate(entries) if x not in ("-", "")]
    for _, level in levels:
        if level not in DIFFICULTIES:
            known = ", ".join(DIFFICULTIES)
            raise OptionError(f"unknown Automa difficulty {level!r} (known: {known})")
    if not levels:
        return -1, ""
    if players != 2 or len(levels) != 1:
        raise OptionError("the Automa plays in a game of two seats, against one opponent")
    return levels[0]


def _adjustments(options: dict[str, Any]) -> Adjustments:
    steps = {
        key: int(options.get(f"automa-{key.replace('_', '-')}", 0))
        for key in ("skip_turns", "coins", "power", "skip_moves", "skip_deploys")
    }
    for key in ("skip_turns", "skip_moves", "skip_deploys"):
        if steps[key] < 0:
            raise OptionError(f"option 'automa-{key.replace('_', '-')}' must not be negative")
    return Adjustments(**steps, all_moves=bool(options.get("automa-all-moves", False)))


SCYTHE = Scythe()
ScytheState.game = SCYTHE
