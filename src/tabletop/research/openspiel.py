"""The games as OpenSpiel Python games: importing this module registers
``tabletop_brian_boru``, ``tabletop_scythe`` and ``tabletop_terra_mystica``::

    import pyspiel
    import tabletop.research.openspiel
    game = pyspiel.load_game("tabletop_scythe", {"players": 2})

Parameters: ``players`` (default the fewest the game allows) and ``options`` (the setup
options as JSON text, default ``{}``).

* Chance is explicit: the engine draws every random event (a deck shuffled, a card drawn)
  from its own generator, seeded when the game starts, so the one chance node is the first:
  it chooses the seed, one of :data:`SEEDS` equally likely.  Nobody sees it: what a draw
  reveals, each seat learns through its view when the game reveals it.
* Actions are the game's action numbers (:func:`.spaces.actions`); several seats deciding
  at once are asked one after another in seat order, each knowing only its own view, so the
  game is a sequential game of imperfect information.  An action of a stepwise family (a
  Scythe cargo) takes several numbers, one unit at a time then ``done``, the same player
  choosing them (:class:`~tabletop.engine.encoding.Choices`); ``action_to_string`` gives a
  step's text (``carry +food``).  A number that is not legal now raises ValueError and
  changes nothing.
* Information-state and observation strings are the seat's view as JSON (sorted keys),
  followed, while the seat is in the middle of a stepwise choice, by a line
  ``choosing: carry w2 food1`` (the units chosen so far); the tensors are the view's
  observation array (:func:`.spaces.observations`) followed by the counts of those units
  (:meth:`~tabletop.engine.encoding.ActionCodec.pending_counts`).  A view is what the game
  says a seat knows now (with the public log where the game keeps one), not a
  perfect-recall history of the seat's own observations.
* Returns come at the end from the final ranks (:func:`.aec.rank_rewards`: 1 for a lone
  winner, -1 for a lone last, zero-sum).
* ``serialize``/``deserialize`` carry the whole engine state (``State.to_json``) and the
  stepwise choice in progress, and ``clone`` uses the engine's own cheap copy.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from tabletop.engine import Action, State, get_game
from tabletop.engine.encoding import Choices
from tabletop.research.aec import rank_rewards
from tabletop.research.observation import read_view
from tabletop.research.spaces import GAMES, actions, observation_encoder, observations

#: Longer than any game the engines play, random play included.
MAX_GAME_LENGTH = 100_000
#: The outcomes of the chance node that starts every game: the engine's seed.
SEEDS = 1 << 16


def short_name(game_id: str) -> str:
    """``tabletop_scythe`` for ``scythe``."""
    return "tabletop_" + game_id.replace("-", "_")


class _Table:
    """The engine state of an OpenSpiel state, the stepwise choice in progress (the units
    chosen, sorted, by the player to move) and the legal actions by number.  OpenSpiel
    clones a Python state by deep-copying its attributes and serializes it by pickling them:
    this box copies with the engine's own ``copy`` and pickles as the engine's JSON."""

    __slots__ = ("choices", "chosen", "legal", "moves", "seat", "state")

    def __init__(self, state: State, chosen: tuple[int, ...] = ()) -> None:
        self.state = state
        self.chosen = chosen
        self.moves: list[Action] = []
        self.choices: Choices | None = None
        self.legal: dict[int, int | None] | None = None
        self.seat = -1

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return _Table(self.state.copy(), self.chosen)

    def __reduce__(self) -> tuple[Any, tuple[str, str, tuple[int, ...]]]:
        state = self.state
        return (_table_from_json, (state.game.id, json.dumps(state.to_json()), self.chosen))

    def legal_of(self, seat: int) -> dict[int, int | None]:
        """The seat's legal numbers, each with the index of the action it plays in
        ``moves`` or None for a step of the stepwise choice (the player to move's)."""
        if self.seat != seat:
            self.moves = self.state.legal_actions(seat)
            codec = actions(self.state.game.id)
            self.choices = codec.choices([m.text for m in self.moves])
            self.legal, self.seat = None, seat
        if self.legal is None:
            assert self.choices is not None
            self.legal = self.choices.numbers(self.choosing(seat))
        return self.legal

    def choosing(self, seat: int) -> tuple[int, ...]:
        """The units the seat has chosen so far in a stepwise choice (none: empty)."""
        if self.chosen and not self.state.is_over() and seat == min(self.state.to_move()):
            return self.chosen
        return ()


def _table_from_json(game_id: str, text: str, chosen: tuple[int, ...] = ()) -> _Table:
    return _Table(get_game(game_id).state_from_json(json.loads(text)), tuple(chosen))


def _game_type(game_id: str) -> Any:
    game = get_game(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"{game.name} (tabletop)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.player_counts),
        min_num_players=min(game.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": min(game.player_counts), "options": "{}"},
    )


class TabletopGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A tabletop game as an OpenSpiel game (see the module)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        game = get_game(self.game_id)
        self.players = int(params.get("players", min(game.player_counts)))
        self.options = json.loads(str(params.get("options", "{}")))
        game.check_setup(self.players, self.options)
        self.codec = actions(self.game_id)
        self.layout = observations(self.game_id)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=SEEDS,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(self.game_id), info, params)

    def new_initial_state(self) -> TabletopState:
        return TabletopState(self)

    def engine_state(self, seed: int) -> State:
        """The engine's initial state with this seed."""
        return get_game(self.game_id).new_state(self.players, self.options, seed)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return ViewObserver(self.game_id)


class TabletopState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A game in progress (see the module)."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        self._box: _Table | None = None  # None until the chance node has chosen the seed
        self._game_id = game.game_id

    @property
    def engine_state(self) -> State:
        """The engine state (the whole of it: hidden information included); after the
        first action, the chance node's."""
        if self._box is None:
            raise ValueError("the game starts with a chance node: the seed is not chosen yet")
        return self._box.state

    def current_player(self) -> int:
        if self._box is None:
            return int(pyspiel.PlayerId.CHANCE)
        state = self._box.state
        if state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return min(state.to_move())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._box is not None:
            return []
        return [(seed, 1.0 / SEEDS) for seed in range(SEEDS)]

    def _legal_actions(self, player: int) -> list[int]:
        if player < 0 or self._box is None or self._box.state.is_over():
            return []
        return sorted(self._box.legal_of(player))

    def _apply_action(self, action: int) -> None:
        if self._box is None:
            self._box = _Table(self.get_game().engine_state(int(action)))
            return
        table = self._box
        seat = self.current_player()
        legal = table.legal_of(seat)
        number = int(action)
        if number not in legal:
            raise ValueError(f"action {action} is not legal now")
        played = legal[number]
        if played is None:  # a step of a stepwise choice: the same player goes on
            table.chosen = tuple(sorted((*table.chosen, number)))
            table.legal = None
            return
        table.chosen = ()
        table.state.apply(seat, table.moves[played])
        table.seat = -1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return actions(self._game_id).decode(int(action))

    def is_terminal(self) -> bool:
        return self._box is not None and self._box.state.is_over()

    def returns(self) -> list[float]:
        if self._box is None or not self._box.state.is_over():
            return [0.0] * self.num_players()
        return rank_rewards(self._box.state.outcome().ranks)

    def view(self, player: int) -> Any:
        """The seat's view (nothing before the chance node)."""
        return {} if self._box is None else self._box.state.view(player)

    def choosing(self, player: int) -> tuple[int, ...]:
        """The units the player has chosen so far in a stepwise choice (none: empty)."""
        return () if self._box is None else self._box.choosing(player)

    def information(self, player: int) -> str:
        """The player's view as JSON, then its stepwise choice in progress (the module)."""
        text = json.dumps(self.view(player), sort_keys=True)
        chosen = self.choosing(player)
        if chosen:
            text += "\nchoosing: " + actions(self._game_id).pending_text(chosen)
        return text

    def __str__(self) -> str:
        if self._box is None:
            return "(the seed is not chosen yet)"
        text = json.dumps(self._box.state.to_json(), sort_keys=True)
        if self._box.chosen:
            text += "\nchoosing: " + actions(self._game_id).pending_text(self._box.chosen)
        return text


class ViewObserver:
    """OpenSpiel's observer of a seat: its view, as JSON text and as the observation array."""

    def __init__(self, game_id: str) -> None:
        self.layout = observations(game_id)
        self.codec = actions(game_id)
        self.tensor = np.zeros(self.layout.size + self.codec.pending_size, np.float32)
        self.dict = {"view": self.tensor}
        # Kept up to date part by part: any state may come next (clones, a search's
        # states), the encoder compares what each part reads.
        self.encoder = observation_encoder(game_id)

    def set_from(self, state: TabletopState, player: int) -> None:
        box = state._box
        if box is not None and self.encoder is not None:
            self.tensor[: self.layout.size] = self.encoder.encode(box.state, player)
            self.tensor[self.layout.size :] = 0.0
        else:
            view = {} if box is None else read_view(box.state, player)
            self.tensor[:] = self.layout.encode(view, self.codec.pending_size)
        chosen = state.choosing(player)
        if chosen:
            self.tensor[self.layout.size :] = self.codec.pending_counts(chosen)

    def string_from(self, state: TabletopState, player: int) -> str:
        return state.information(player)


def _register() -> None:
    for game_id in GAMES:
        game_class = type(
            f"Tabletop_{game_id.replace('-', '_')}", (TabletopGame,), {"game_id": game_id}
        )
        pyspiel.register_game(_game_type(game_id), game_class)


_register()
