"""A race to end: seat 0 may 'grow' its score for ever or 'end' the game (the leader
wins).  The heuristic always prefers to grow, so only the outcome tells a bot to end it:
the test game of "a bot ends a game it wins" (greedy and mcts).  With ``stall`` instead of
``grow`` (:class:`StallState`) playing on costs seat 0 a point each time: the test game of
"a bot sure to lose ends the game rather than pay to play on"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.engine import JSON, Action, Game, OptionSpec, Outcome, Rng, State


class Race(Game):
    """Seat 0 may 'grow' its score forever or 'end' the game; the heuristic always prefers
    to grow, so only the outcome tells the search to end it."""

    id = "race-test"
    name = "Race"
    player_counts = (2,)
    options: ClassVar[Mapping[str, OptionSpec]] = {}

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        return RaceState([3, 1])

    def _parse_action(self, text: str) -> Action:
        return Action(text)

    def state_from_json(self, data: JSON) -> State:
        return RaceState(list(data["score"]))


class RaceState(State):
    game = Race()

    def __init__(self, score: list[int]) -> None:
        self.num_players, self.score, self.over = 2, score, False
        self._legal_cache = None

    def to_move(self) -> list[int]:
        return [] if self.over else [0]

    #: Seat 0's move that plays on, and what it does to seat 0's score.
    play_on, step = "grow", 1

    def _legal(self, seat: int) -> list[Action]:
        return [Action(self.play_on), Action("end")] if seat == 0 and not self.over else []

    def _apply(self, seat: int, action: Action) -> None:
        if str(action) == "end":
            self.over = True
        else:
            self.score[0] += self.step

    def _view(self, seat: int | None) -> JSON:
        return {"score": self.score, "over": self.over}

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome:
        return Outcome.from_keys(self.score, [(v,) for v in self.score])

    def heuristic(self, seat: int) -> float:
        return 1000.0 if not self.over else 0.0  # playing on always looks better

    def copy(self) -> State:
        new = type(self)(list(self.score))
        new.over = self.over
        return new

    def _to_json(self) -> JSON:
        return {"score": self.score, "over": self.over}

    def resample_hidden(self, observer: int | None, rng: Rng) -> None:
        pass


class StallState(RaceState):
    """Seat 0, behind, may 'stall' (a point less, the game goes on) or 'end' the game (and
    lose); the heuristic is the score difference, as in the games whose search is centred
    on the root's value (``mcts.CENTRED``)."""

    play_on, step = "stall", -1

    def heuristic(self, seat: int) -> float:
        return float(self.score[seat] - self.score[1 - seat])


class FlatState(RaceState):
    """Seat 0 picks one of ten moves, all worth the same to the heuristic (``better``, if
    given, is worth one more): the test game of "equally good moves are tried in a random
    order, and valued alike"."""

    def __init__(self, score: list[int], better: str | None = None) -> None:
        super().__init__(score)
        self.better, self.picked = better, ""

    def _legal(self, seat: int) -> list[Action]:
        return [Action(f"a{i}") for i in range(10)] if seat == 0 and not self.over else []

    def _apply(self, seat: int, action: Action) -> None:
        self.picked, self.over = str(action), False

    def heuristic(self, seat: int) -> float:
        return 5.0 + (self.picked == self.better)

    def copy(self) -> State:
        new = type(self)(list(self.score), self.better)
        new.picked = self.picked
        return new


class TrapState(RaceState):
    """A round of two turns: seat 0 takes the 'bait' (2 points) or plays 'safe' (1
    point); then seat 1 chooses 'wait' or 'spring' (a point for seat 1, and five less for
    seat 0 if it took the bait).  Seen to the end of seat 0's
    turn the bait is better; played on to the round's end (seat 1 greedy), it is worse:
    the test game of "the best first choices checked by playing on" (``mcts.PlayOn``)."""

    def __init__(self, score: list[int]) -> None:
        super().__init__(score)
        self.turns, self.bait = 0, False

    def to_move(self) -> list[int]:
        return [] if self.over else [self.turns % 2]

    def _legal(self, seat: int) -> list[Action]:
        if self.over or seat != self.turns % 2:
            return []
        return [Action("bait"), Action("safe")] if seat == 0 else [Action("wait"), Action("spring")]

    def _apply(self, seat: int, action: Action) -> None:
        text = str(action)
        if seat == 0:
            self.bait = text == "bait"
            self.score[0] += 2 if self.bait else 1
        else:
            if text == "spring":
                self.score[1] += 1
                if self.bait:
                    self.score[0] -= 5
            self.over = True
        self.turns += 1

    def heuristic(self, seat: int) -> float:
        return float(self.score[seat])

    def turn_number(self) -> int | None:
        return self.turns

    def round_number(self) -> int | None:
        return 1

    def copy(self) -> State:
        new = type(self)(list(self.score))
        new.over, new.turns, new.bait = self.over, self.turns, self.bait
        return new


class SetupTrapState(TrapState):
    """:class:`TrapState` with seat 0's choice made in a setup: one the first round judges
    (round 0: a search plays it on to the first round's end) or, with ``whole_game``, a
    choice for the whole game (no round: the search's own choice stands)."""

    whole_game = False

    def round_number(self) -> int | None:
        if self.turns:
            return 1
        return None if self.whole_game else 0


class WholeGameTrapState(SetupTrapState):
    whole_game = True


class LateTrapState(TrapState):
    """:class:`TrapState` over two rounds: seat 1 waits in the first and may spring the
    trap only in the second, after seat 0 rests.  Played on to the first round's end
    the bait is better; played on to the game's end (``mcts.PlayOn.to_end_from``), it
    is worse."""

    def _legal(self, seat: int) -> list[Action]:
        if self.over or seat != self.turns % 2:
            return []
        if self.turns == 0:
            return [Action("bait"), Action("safe")]
        if self.turns == 1:
            return [Action("wait")]
        return [Action("rest")] if seat == 0 else [Action("wait"), Action("spring")]

    def _apply(self, seat: int, action: Action) -> None:
        if self.turns == 3:
            super()._apply(seat, action)  # seat 1's answer, which ends the game
            return
        if self.turns == 0:
            self.bait = str(action) == "bait"
            self.score[0] += 2 if self.bait else 1
        self.turns += 1

    def round_number(self) -> int | None:
        return 1 if self.turns < 2 else 2


class SowState(TrapState):
    """A game of three turns and no rounds: seat 0 'eats' (2 points) or 'sows' (1 point);
    seat 1 waits; seat 0 then 'reaps' (5 points more if it sowed, none if it ate) and the
    game ends; seat 1 starting with 4 points, only sowing wins.  Seen to the end of seat
    0's first turn eating is better; judged by its next turn, sowing is: the test game of
    "the best first choices judged by the seat's next turn" (``mcts.PlayOn.next_turn``)."""

    def __init__(self, score: list[int]) -> None:
        super().__init__(score)
        self.sown = False

    def to_move(self) -> list[int]:
        return [] if self.over else [self.turns % 2]

    def _legal(self, seat: int) -> list[Action]:
        if self.over or seat != self.turns % 2:
            return []
        if seat == 1:
            return [Action("wait")]
        if self.turns == 0:
            return [Action("eat"), Action("sow")]
        return [Action("reap"), Action("rest")]

    def _apply(self, seat: int, action: Action) -> None:
        text = str(action)
        if text == "eat":
            self.score[0] += 2
        elif text == "sow":
            self.score[0] += 1
            self.sown = True
        elif text == "reap" and self.sown:
            self.score[0] += 5
        if self.turns == 2:
            self.over = True
        self.turns += 1

    def round_number(self) -> int | None:
        return None

    def copy(self) -> State:
        new = type(self)(list(self.score))
        new.over, new.turns, new.sown = self.over, self.turns, self.sown
        return new
