"""The games as PettingZoo AEC environments (see ``docs/research.md``).

One agent per seat, ``"seat_0"`` to ``"seat_{n-1}"``.  Each observation is a dict:

* ``"observation"``: the seat's view (:meth:`~tabletop.engine.State.view`, nothing else) as
  a float32 array of the game's observation layout (:func:`.spaces.observations`), followed
  by the seat's stepwise choice in progress (below: how many times it has chosen each unit,
  :meth:`~tabletop.engine.encoding.ActionCodec.pending_counts`; none for most games);
* ``"action_mask"``: an int8 array over the game's action numbers
  (:func:`.spaces.actions`), 1 for each legal number of the seat now.

An action is a number; the environment plays the action with that number among the seat's
legal ones.  A number that is not legal now raises ValueError and changes nothing.  Where
several seats decide at once (a draft, combat dials) they are asked one at a time in seat
order, and each seat sees only its own view: what an earlier seat chose stays hidden until
the game reveals it.

Actions of a stepwise family (a Scythe cargo: :class:`~tabletop.engine.encoding.Stepwise`)
take several numbers: the same agent stays selected while it adds units one step at a time
(rewards 0, the mask and ``legal_moves`` those of the next step) and the environment plays
the action on the family's ``done`` (see :class:`~tabletop.engine.encoding.Choices`).

Rewards come at the end of the game, from the final ranks (ties share a rank): a seat gets
``(seats ranked below it - seats ranked above it) / (seats - 1)``, so a lone winner gets 1,
a lone last -1, and the rewards add up to 0.  ``infos`` then hold each seat's ``score`` and
``rank``; before the end they hold ``legal_moves`` (the numbers of the legal actions) for
the agent to move.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from rich.console import Console

from tabletop.engine import Action, State, get_game
from tabletop.engine.encoding import Choices
from tabletop.render import renderer_for
from tabletop.research.observation import read_view
from tabletop.research.spaces import actions, observation_encoder, observations

ObsType = dict[str, npt.NDArray[Any]]


def rank_rewards(ranks: tuple[int, ...] | list[int]) -> list[float]:
    """The reward of each seat from the final ranks (see the module).

    >>> rank_rewards([1, 2, 2, 4])
    [1.0, 0.0, 0.0, -1.0]
    >>> rank_rewards([2, 1])
    [-1.0, 1.0]
    """
    n = len(ranks)
    if n < 2:
        return [0.0] * n
    return [
        (sum(1 for other in ranks if other > mine) - sum(1 for other in ranks if other < mine))
        / (n - 1)
        for mine in ranks
    ]


class TabletopAEC(AECEnv[str, ObsType, int]):  # type: ignore[misc]  # PettingZoo is untyped
    """A game as a PettingZoo AEC environment (see the module)."""

    # PettingZoo's attribute; each instance names its game in it.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["human", "ansi"],
        "name": "tabletop",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = get_game(game_id)
        self.players = self.game.player_counts[0] if players is None else players
        self.options = dict(options or {})
        self.game.check_setup(self.players, self.options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tabletop_{game_id.replace('-', '_')}"}
        self.codec = actions(game_id)
        self.layout = observations(game_id)
        self.possible_agents = [f"seat_{s}" for s in range(self.players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf,
                    np.inf,
                    shape=(self.layout.size + self.codec.pending_size,),
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(0, 1, shape=(self.codec.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self.game_state: State = self.game.new_state(self.players, self.options, 0)
        # The legal actions of one seat at the position (reset: _legal_seat = -1), what its
        # numbers do with the stepwise choice in progress (None: to compute).
        self._moves: list[Action] = []
        self._choices: Choices | None = None
        self._legal: dict[int, int | None] | None = None
        self._legal_seat = -1
        # The stepwise choice in progress: the seat choosing, the units chosen (sorted).
        self._chooser = -1
        self._chosen: tuple[int, ...] = ()
        self._observed: dict[int, tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]] = {}
        # The arrays kept up to date part by part, where the game's view has parts.
        self._encoder = observation_encoder(game_id, self.codec.pending_size)
        # The seats whose encoder arrays may hold a choice in progress (to clear).
        self._pending_written: set[int] = set()
        self._selected: str | None = None
        self._seed_rng = np.random.default_rng()

    # -- the PettingZoo API ------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` decides every random draw of the game (none: a random one)."""
        if seed is None:
            seed = int(self._seed_rng.integers(0, 2**63))
        else:
            self._seed_rng = np.random.default_rng(seed)
        self.game_state = self.game.new_state(self.players, self.options, seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal_seat = -1
        self._chooser, self._chosen = -1, ()
        self._observed = {}
        self._selected = None
        self._next()

    def observe(self, agent: str) -> ObsType:
        """The agent's observation now; computed once per position and seat (``last()``
        and ``observe`` may be called many times between two steps), each call returning
        its own arrays."""
        seat = self._seat[agent]
        known = self._observed.get(seat)
        if known is None:
            if self._encoder is not None:
                array = self._encoder.encode(self.game_state, seat)
                if seat in self._pending_written:  # the encoder's array keeps them
                    array[self.layout.size :] = 0.0
                    self._pending_written.discard(seat)
            else:
                view = read_view(self.game_state, seat)
                array = self.layout.encode(view, self.codec.pending_size)
            if self._chosen and seat == self._chooser:
                array[self.layout.size :] = self.codec.pending_counts(self._chosen)
                self._pending_written.add(seat)
            known = self._observed[seat] = (array, self._mask(seat))
        return {"observation": known[0].copy(), "action_mask": known[1].copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        legal = self._legal_of(seat)
        number = int(action) if action is not None else -1
        if number not in legal:
            raise ValueError(f"{agent}: action {action!r} is not legal now")
        played = legal[number]
        self._cumulative_rewards[agent] = 0.0
        if played is None:  # a step of a stepwise choice: the same agent goes on
            self._chooser, self._chosen = seat, tuple(sorted((*self._chosen, number)))
            self._legal = None
            known = self._observed.get(seat)
            if known is not None:  # the same view: only the choice so far and the mask
                known[0][self.layout.size :] = self.codec.pending_counts(self._chosen)
                self._pending_written.add(seat)
                self._observed[seat] = (known[0], self._mask(seat))
            self.infos[agent] = {"legal_moves": sorted(self._legal_of(seat))}
            return
        self._chooser, self._chosen = -1, ()
        self.game_state.apply(seat, self._moves[played])
        self._legal_seat = -1
        self._observed = {}
        self._next()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        console = Console(file=io.StringIO(), width=100, color_system=None)
        console.print(renderer_for(self.game.id)(self.game_state.view(None)))
        text = console.file.getvalue()  # type: ignore[attr-defined]
        if self.render_mode == "human":
            print(text, end="")
            return None
        return str(text)

    def close(self) -> None:
        pass

    # -- inside ----------------------------------------------------------------------------------
    def _legal_of(self, seat: int) -> dict[int, int | None]:
        """The seat's legal numbers now, each with the index of the action it plays in
        ``_moves`` or None for a step of a stepwise choice (:meth:`Choices.numbers`)."""
        if self._legal_seat != seat:
            self._moves = self.game_state.legal_actions(seat)
            self._choices = self.codec.choices([m.text for m in self._moves])
            self._legal, self._legal_seat = None, seat
        if self._legal is None:
            assert self._choices is not None
            chosen = self._chosen if seat == self._chooser else ()
            self._legal = self._choices.numbers(chosen)
        return self._legal

    def _mask(self, seat: int) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if not self.game_state.is_over():
            legal = self._legal_of(seat)
            mask[np.fromiter(legal, np.intp, len(legal))] = 1
        return mask

    def _next(self) -> None:
        """Select the next agent; at the end, rank rewards for all (before the end every
        reward is 0: nothing to reset or add up)."""
        state = self.game_state
        if state.is_over():
            outcome = state.outcome()
            self.rewards = dict.fromkeys(self.agents, 0.0)
            for agent, reward in zip(
                self.possible_agents, rank_rewards(outcome.ranks), strict=True
            ):
                seat = self._seat[agent]
                self.rewards[agent] = reward
                self.terminations[agent] = True
                self.infos[agent] = {"score": outcome.scores[seat], "rank": outcome.ranks[seat]}
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        seat = min(state.to_move())
        previous = self._selected
        if previous is not None:
            self.infos[previous] = {}
        agent = self.agent_selection = self._selected = self.possible_agents[seat]
        self.infos[agent] = {"legal_moves": sorted(self._legal_of(seat))}


def env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> TabletopAEC:
    """A PettingZoo AEC environment of a game (see the module): ``game_id`` as registered
    (``"scythe"``), ``players`` (default: the fewest the game allows), setup ``options`` as
    :meth:`~tabletop.engine.Game.new_state` takes them."""
    return TabletopAEC(game_id, players, options, render_mode)
