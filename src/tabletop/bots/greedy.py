"""One-ply greedy search on the game's heuristic.

For each legal action the bot applies it to a determinized world and scores
the result with ``heuristic(seat)`` (or, if the game is won there, as a win: a
win beats anything, so the bot ends a game it leads when it can);
the best action wins, ties broken at random.  In games with long turns
(``Game.long_turns``) the rest of the bot's own turn is first played out
greedily, one ply per decision.  It determinizes once per decision (not once
per action) so a decision costs
one ``resample_hidden`` plus one copy and one apply per legal action.

Simultaneous decisions (a draft, sealed bids) need one more step: if other
seats were awaited together with ours, their pending choices are unknown,
so after our action the bot completes that step with random legal choices
for them (the same random choices for every candidate action, so the
candidates are compared in the same imagined world).  Without it, nothing
would resolve until the last seat commits and the heuristic could not tell
the candidates apart.
"""

from __future__ import annotations

import time

from tabletop.bots.base import Bot, legal_or_fail
from tabletop.engine import Action, Rng, Seat, State


class GreedyBot(Bot):
    """Best immediate heuristic value, on a determinized copy of the state."""

    name = "greedy"

    def choose(self, state: State, seat: Seat) -> Action:
        legal = legal_or_fail(state, seat)
        if len(legal) == 1:
            return legal[0]
        world = self.determinize(state, seat)
        # Generated once on the world, so that games whose copy() keeps the legal
        # cache do not regenerate them for every candidate's apply.
        world.legal_actions(seat)
        together = [s for s in state.to_move() if s != seat]
        completion_seed = self.rng.next64()
        best: list[Action] = []
        best_value = float("-inf")
        budget = self.time_budget
        deadline = None if budget is None else time.monotonic() + budget
        for action in legal:
            if deadline is not None and best and time.monotonic() > deadline:
                break  # out of time: the best of the candidates judged so far
            trial = world.copy()
            trial.apply(seat, action)
            if together:
                _complete_step(trial, together, Rng(completion_seed))
            elif state.game.long_turns:
                _finish_turn(trial, seat)
            value = _value(trial, seat)
            if value > best_value:
                best_value = value
                best = [action]
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)


#: What a won game is worth against any heuristic value.
DECIDED = 1e9


def _value(world: State, seat: Seat) -> float:
    """The heuristic, except for a game that is over and won: a win beats anything, so the
    bot ends a game it wins at once (a shared first place counts as a win; the margin
    breaks ties between winning moves).  A lost game is worth its heuristic like any
    position: counted below everything, it was never ended while the bot could play on, at
    any cost (a Terra Mystica Alchemists' last seat converted VP to coins and back for
    ever)."""
    if not world.is_over():
        return world.heuristic(seat)
    outcome = world.outcome()
    if outcome.ranks[seat] != 1:
        return world.heuristic(seat)
    scores = outcome.scores
    margin = scores[seat] - max((v for s, v in enumerate(scores) if s != seat), default=0)
    return DECIDED + margin


#: The most decisions of its own turn the bot plays out after a candidate action.
TURN_HORIZON = 24


def _finish_turn(world: State, seat: Seat) -> None:
    """Play the rest of ``seat``'s turn greedily (one ply at each decision).

    In games with :attr:`~tabletop.engine.Game.long_turns` (Scythe: a section,
    its top action, moves, its bottom action), a first decision is judged by
    where the turn it starts can lead, not by its own effect alone, which is
    often none (choosing a section).
    """
    for _ in range(TURN_HORIZON):
        if world.is_over() or world.to_move() != [seat]:
            return
        world.apply(seat, greedy_step(world, seat, world.legal_actions(seat)))


def greedy_step(world: State, seat: Seat, legal: list[Action]) -> Action:
    """The first of ``legal`` with the best value for ``seat`` right after it (a won game
    beats any heuristic), judged in ``world`` itself: no determinization, no random
    tie-break, so callers that already hold a world (a playout) repeat exactly."""
    best, best_value = legal[0], float("-inf")
    if len(legal) > 1:
        for action in legal:
            trial = world.copy()
            trial.apply(seat, action)
            value = _value(trial, seat)
            if value > best_value:
                best, best_value = action, value
    return best


def _complete_step(world: State, pending: list[Seat], rng: Rng) -> None:
    """Play random legal choices for ``pending`` seats still awaited in the same step.

    Stops as soon as a seat outside ``pending`` is awaited (the step has
    resolved) and lets each pending seat act at most once, so it never
    looks further than the current simultaneous step.
    """
    waiting = set(pending)
    while not world.is_over():
        to_move = world.to_move()
        if not to_move or not waiting.issuperset(to_move):
            return
        seat = to_move[0]
        waiting.discard(seat)
        world.apply(seat, rng.choice(world.legal_actions(seat)))
