"""Terra Mystica on the engine contract: options, actions in Snellman notation, the state.

>>> from tabletop.engine import new_game
>>> state = new_game("terra-mystica", 3, {"factions": "witches,nomads,alchemists"}, seed=1)
>>> state.to_move(), [str(a) for a in state.legal_actions(0)][:3]
([0], ['build A3', 'build A10', 'build C3'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from tabletop.engine import (
    JSON,
    Action,
    Game,
    IllegalAction,
    NotationError,
    OptionError,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
    State,
)
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica import turn, view
from tabletop.games.terra_mystica.data.common import (
    OPTION_ERRATA_CULTIST_POWER,
    OPTION_OPEN_OFFERS,
    OPTION_SHIPPING_BONUS,
    OPTION_STRICT_CHAOSMAGICIAN_SH,
    OPTION_STRICT_DARKLING_SH,
    OPTION_STRICT_LEECH,
    OPTION_TEMPLE_SCORING_TILE,
)
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.data.tiles import (
    BONUS_TILES_EXTRA,
    SCORING_TILE_FORBIDDEN_ROUNDS,
    SCORING_TILES_PER_GAME,
    bonus_tile_ids,
    scoring_tile_ids,
)
from tabletop.games.terra_mystica.estimate import estimates
from tabletop.games.terra_mystica.flow import OPTION_VARIABLE_TURN_ORDER
from tabletop.games.terra_mystica.legal import PREBUILT
from tabletop.games.terra_mystica.scoring import breakdown
from tabletop.games.terra_mystica.setup import (
    choose_faction,
    draw_bonus_tiles,
    draw_scoring_tiles,
    new_unchosen_game,
)
from tabletop.games.terra_mystica.state import (
    INCOME_SPADES,
    OVER,
    PLAY,
    SETUP_DWELLINGS,
    SETUP_FACTIONS,
    TMState,
)

OPTION_MINI_EXPANSION_1 = "mini-expansion-1"

#: Boolean options that switch a Snellman game option on (same names as the site's).
RULE_OPTIONS: dict[str, str] = {
    OPTION_MINI_EXPANSION_1: "town tiles TW6-TW8 of the first mini expansion",
    OPTION_SHIPPING_BONUS: "bonus tile BON10 (shipping, VP for shipping on passing)",
    OPTION_TEMPLE_SCORING_TILE: "round scoring tile SCORE9 (temples)",
    OPTION_VARIABLE_TURN_ORDER: "next round's order is the order of passing",
    OPTION_ERRATA_CULTIST_POWER: "errata: Cultists take 1 power when every neighbour declines",
    OPTION_STRICT_LEECH: "power offers are answered in order, before anything else",
    OPTION_STRICT_DARKLING_SH: "the Darklings' W-to-P exchange only in the stronghold's turn",
    OPTION_STRICT_CHAOSMAGICIAN_SH: "a Chaos Magicians' pass ends their double turn",
    OPTION_OPEN_OFFERS: "power offers stay open until the receiver's next action (the site's"
    " timing; otherwise they are answered when the builder's turn ends)",
}


#: What the others' turns are worth, in VP of the projection (greedy bots gained 4 to 5 per
#: turn that was not a pass): see ``TerraMysticaState.heuristic``.
IDLE_VP = 4.0
#: What each further burn or conversion in a row costs on top: free moves lead to an action
#: or a pass, and a long chain of them to nothing (a search's Alchemists, whose conversions
#: go both ways, found one more always worth the one before).
IDLE_STEP = 1.0


#: Moves that are not a turn's action (:meth:`TerraMysticaState._only_free_moves`).
_FREE: Final = (N.Burn, N.Convert, N.Pass, N.Leech, N.Decline)


class TMAction(Action):
    """A move: one Snellman command (``build E7``, ``pass BON4``, ``done``...)."""

    __slots__ = ("command",)

    def __init__(self, command: N.Command) -> None:
        super().__init__(command.to_text())
        self.command = command


_ACTIONS: dict[N.Command, TMAction] = {}
#: The same actions by the identity of their command: the move generator lists the commands
#: it builds once (see :mod:`.legal`) again and again, and an ``id`` is cheaper to look up
#: than a command's hash.  Only the commands kept in ``_ACTIONS`` are entered, so their ids
#: are never reused by another object.
_BY_ID: dict[int, TMAction] = {}


def action_of(command: N.Command) -> TMAction:
    """The (shared, immutable) action of a command."""
    action = _BY_ID.get(id(command))
    if action is None:
        action = _ACTIONS.get(command)
        if action is None:
            action = _ACTIONS[command] = TMAction(command)
            _BY_ID[id(command)] = action
    return action


for _command in PREBUILT:  # the generator's own command objects are the ones known by id
    action_of(_command)


def _csv(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


class TerraMystica(Game):
    """Terra Mystica (Jens Drögemüller, Helge Ostertag; Feuerland 2012), 2-5 players."""

    id = "terra-mystica"
    name = "Terra Mystica"
    player_counts = (2, 3, 4, 5)
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "factions": OptionSpec(
            "factions",
            "",
            "factions of the first seats, comma-separated; the other seats choose in the game",
        ),
        "scoring": OptionSpec(
            "scoring", "", "the six round scoring tiles, rounds 1-6 (empty: drawn at random)"
        ),
        "bonus-tiles": OptionSpec(
            "bonus-tiles", "", "the bonus tiles in play (empty: players + 3 drawn at random)"
        ),
        **{name: OptionSpec(name, False, text) for name, text in RULE_OPTIONS.items()},
    }

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        rules = [name for name in RULE_OPTIONS if options[name]]
        rng = Rng(seed)
        scoring = _csv(options["scoring"]) or draw_scoring_tiles(rng, rules)
        bonus = _csv(options["bonus-tiles"]) or draw_bonus_tiles(rng, players, rules)
        factions = _csv(options["factions"])
        _check_tiles(scoring, bonus, players, rules)
        core = new_unchosen_game(players, rules, scoring, bonus)
        _check_factions(factions, players)
        for seat, name in enumerate(factions):
            choose_faction(core, seat, name)
        if all(core.factions):
            core.phase = SETUP_DWELLINGS
        return TerraMysticaState(core)

    def _parse_action(self, text: str) -> Action:
        command = N.parse_command(text)
        if command.generated:
            raise NotationError(f"{text!r} is written by the site, not played")
        # the shared action when the engine has listed it; typed text is not cached (any
        # number of distinct texts may come in)
        return _ACTIONS.get(command) or TMAction(command)

    def state_from_json(self, data: JSON) -> State:
        return TerraMysticaState(TMState.from_json(data), list(data.get("moves", [])))


def _check_factions(factions: list[str], players: int) -> None:
    if len(factions) > players:
        raise OptionError(f"option 'factions' names {len(factions)} factions for {players} seats")
    homes = set()
    for name in factions:
        if name not in FACTIONS:
            known = ", ".join(FACTIONS)
            raise OptionError(f"unknown faction {name!r} (factions: {known})")
        if FACTIONS[name].home in homes:
            raise OptionError(f"two factions of one colour: {name!r} shares its home terrain")
        homes.add(FACTIONS[name].home)


def _check_tiles(scoring: list[str], bonus: list[str], players: int, rules: list[str]) -> None:
    known = scoring_tile_ids(rules)
    if len(scoring) != SCORING_TILES_PER_GAME or len(set(scoring)) != len(scoring):
        raise OptionError(f"option 'scoring' needs {SCORING_TILES_PER_GAME} different tiles")
    for round_, tile in enumerate(scoring, 1):
        if tile not in known:
            raise OptionError(f"unknown scoring tile {tile!r} (tiles: {', '.join(known)})")
        if round_ in SCORING_TILE_FORBIDDEN_ROUNDS.get(tile, ()):
            raise OptionError(f"{tile} may not score round {round_}")
    tiles = bonus_tile_ids(rules)
    if len(bonus) != players + BONUS_TILES_EXTRA or len(set(bonus)) != len(bonus):
        raise OptionError(f"option 'bonus-tiles' needs {players + BONUS_TILES_EXTRA} tiles")
    for tile in bonus:
        if tile not in tiles:
            raise OptionError(f"unknown bonus tile {tile!r} (tiles: {', '.join(tiles)})")


def _turns_ended(moves: list[str]) -> int:
    """The turns a game's log has ended (see :meth:`TerraMysticaState.turn_number`)."""
    return sum(1 for m in moves if m.endswith((": done", ": pass")) or ": pass BON" in m)


class TerraMysticaState(State):
    """A game of Terra Mystica on the platform: the rules core (:class:`TMState`) and the
    turn structure (:mod:`.turn`).  Terra Mystica hides nothing: every seat sees it all."""

    game: ClassVar[Game]
    __slots__ = ("_estimates", "_idle", "_legal_cache", "_turns", "core", "moves", "num_players")

    def __init__(
        self, core: TMState, moves: list[str] | None = None, turns: int | None = None
    ) -> None:
        self.core = core
        self.num_players = core.num_players
        self._legal_cache: dict[Seat, list[Action]] | None = None
        #: Every seat's projected final VP in this position, the free moves' cost included
        #: (see ``heuristic``): computed once, whichever seats are asked.
        self._estimates: list[float] | None = None
        #: Burns and conversions the seat whose turn it is made in a row, up to this position.
        self._idle = 0
        #: The game's log as players read it: every move, by faction (nothing is hidden).
        self.moves: list[str] = [] if moves is None else moves
        #: Turns ended so far (each ``done`` or ``pass``): :meth:`turn_number`.
        self._turns = _turns_ended(self.moves) if turns is None else turns

    def to_move(self) -> list[Seat]:
        return turn.movers(self.core)

    def _legal(self, seat: Seat) -> list[Action]:
        known = _BY_ID
        return [known.get(id(c)) or action_of(c) for c in turn.choices(self.core, seat)]

    def _apply(self, seat: Seat, action: Action) -> None:
        assert isinstance(action, TMAction)
        who = self.core.factions[seat] or f"seat {seat}"
        round_ = self.core.round
        self._estimates = None
        command = action.command
        turn.play(self.core, seat, command)
        idle = isinstance(command, (N.Burn, N.Convert)) and self.core.active == seat
        self._idle = self._idle + 1 if idle else 0
        if isinstance(command, (N.Done, N.Pass)):
            self._turns += 1
        self.moves.append(f"{who}: {action}" if round_ < 1 else f"R{round_} {who}: {action}")

    def _resign(self, seat: Seat) -> None:
        if self.core.phase not in (PLAY, INCOME_SPADES):
            raise IllegalAction("a seat may leave the game during the rounds, not in the setup")
        self._estimates = None
        self._idle = 0
        turn.resign(self.core, seat)
        self.moves.append(f"{self.core.factions[seat] or f'seat {seat}'} leaves the game")

    def why_illegal(self, seat: Seat, action: Action) -> str:
        core = self.core
        text = str(action)
        command = action.command if isinstance(action, TMAction) else None
        if isinstance(command, N.Convert) and command.to_amount != 1:
            return f"{text}: convert one unit at a time (e.g. 'convert 1PW to 1C')"
        if core.leech_offers and not turn.turn_in_progress(core):
            return f"{text}: first answer the power offer (leech or decline)"
        if core.pending_towns[seat] or core.pending_favors[seat]:
            return f"{text}: first take your town or favor tile"
        return f"{text} is not a legal move now"

    def _view(self, seat: Seat | None) -> JSON:
        return view.view(self, seat)

    def is_over(self) -> bool:
        return self.core.phase == OVER

    def scores(self) -> list[int]:
        return list(self.core.vp)

    def outcome(self) -> Outcome:
        """Most VP wins; equal VP share the victory (rulebook, end of the game)."""
        vp = self.core.vp
        ranked = Outcome.from_keys(vp, [(v,) for v in vp])
        details = {"breakdown": breakdown(self.core), "factions": list(self.core.factions)}
        return Outcome(ranked.scores, ranked.ranks, details)

    def heuristic(self, seat: Seat) -> float:
        """The seat's projected final VP (see :mod:`.estimate`), less the other seat's
        with two players; the projections are computed once per position.

        With two players the game is won by the difference, so a seat weighs what it takes
        from the other as much as what it gains.  With three or more a seat's own VP are
        what it plays for: measured against the leader, every seat of a 4-player game spent
        its turns holding the leader back, which cost the table more than it gained the seat
        (session 22: 3 to 4 VP a seat less than against the others' mean); against the
        others' mean, what its moves gave the others (power from its buildings, places on
        the tracks) still counted against it (four ``mcts:hard`` bots scored 1.9 VP a seat
        more on their own projection, 64 games; benchmarks/RESULTS.md, session 34).

        A faction whose last move was a burn or a conversion in its turn counts
        :data:`IDLE_VP` less (and :data:`IDLE_STEP` more for each such move before it in a
        row): a search that stops there has not seen the others answer, as it has after
        ``done`` or an action, and would find these free moves better than acting or ending
        the turn (they pay only for what they lead to).  If nothing but
        free moves and passing is left to it, it counts as if it had passed: the rest of
        the round the projection credits to a faction still in it is out of its reach (the
        Alchemists, who trade VP and coins both ways, used to convert back and forth rather
        than give that credit up, losing a VP a round trip)."""
        values = self._estimates
        if values is None:
            values = self._estimates = estimates(self.core)
            if self._idle:
                active = self.core.active
                if self._only_free_moves(active):
                    values[active] = estimates(self.core, stuck=active)[active]
                values[active] -= IDLE_VP + IDLE_STEP * (self._idle - 1)
        if len(values) == 2:
            return values[seat] - values[1 - seat]
        return values[seat]

    def _only_free_moves(self, seat: Seat) -> bool:
        """Whether ``seat`` can do nothing now but burn, convert, answer offers or pass."""
        return all(
            isinstance(action, TMAction) and isinstance(action.command, _FREE)
            for action in self.legal_actions(seat)
        )

    def turn_number(self) -> int:
        """Turns ended so far: a turn is a seat's action with the free moves around it,
        ended by ``done``, or a pass (the answers to power offers are not turns).  A search
        may stop looking ahead where a turn begins (``bots.mcts.HORIZONS``)."""
        return self._turns

    def round_number(self) -> int | None:
        """Rounds 1-6; 0 while the first dwellings are placed and the first bonus tiles
        taken (a search judges them by the first round: bots.mcts.PlayOn), ``None`` while
        the factions are chosen (a choice for the whole game)."""
        core = self.core
        if core.round >= 1:
            return core.round
        return None if core.phase == SETUP_FACTIONS else 0

    def copy(self) -> TerraMysticaState:
        new = TerraMysticaState(self.core.copy(), list(self.moves), self._turns)
        new._estimates = self._estimates  # the same position (the list is never changed)
        new._idle = self._idle
        cache = self._legal_cache
        if cache:
            # the copy is the same position, with the same legal actions: a search that
            # copies and applies does not generate them again for the legality check of
            # ``apply`` (the lists are copied: a caller changing one cannot reach the other)
            new._legal_cache = {seat: moves[:] for seat, moves in cache.items()}
        return new

    def _to_json(self) -> JSON:
        data = self.core.to_json()
        data["moves"] = self.moves
        return data

    def resample_hidden(self, observer: Seat | None, rng: Rng) -> None:
        """Nothing is hidden in Terra Mystica."""

    def information_epoch(self) -> object:
        """Nothing is hidden and nothing drawn after the setup: any move may be taken back."""
        return 0


TERRA_MYSTICA = TerraMystica()
TerraMysticaState.game = TERRA_MYSTICA
