"""The Brian Boru game object registered with the engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.engine import JSON, Action, Game, OptionSpec, Outcome, Rng, Seat, State
from tabletop.games.brian_boru import actions, scoring, setup, turn, view
from tabletop.games.brian_boru.actions import BBAction
from tabletop.games.brian_boru.state import BBState


class BrianBoru(Game):
    """Brian Boru: High King of Ireland (Peer Sylvester, Osprey Games 2021), 3-5 players."""

    id = "brian-boru"
    name = "Brian Boru"
    player_counts = (3, 4, 5)
    options: ClassVar[Mapping[str, OptionSpec]] = {}

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        s = BrianBoruState.__new__(BrianBoruState)
        setup.populate(s, players, options, seed)
        turn.advance(s)
        return s

    def _parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def state_from_json(self, data: JSON) -> State:
        return BrianBoruState.from_json(data)


class BrianBoruState(BBState, State):
    """A game of Brian Boru in progress: the data (:class:`.state.BBState`) with the
    engine's contract, wired to the flow (:mod:`.turn`) and the chapter modules."""

    game: ClassVar[Game]
    __slots__ = ()

    def to_move(self) -> list[Seat]:
        return turn.to_move(self)

    def _legal(self, seat: Seat) -> list[Action]:
        return turn.legal(self, seat)

    def _apply(self, seat: Seat, action: Action) -> None:
        assert isinstance(action, BBAction)
        turn.decide(self, seat, action)
        turn.advance(self)

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

    def round_number(self) -> int | None:
        """The round in play, from 1 (``None`` once the game is over)."""
        return None if self.over or self.round < 1 else self.round

    def resample_hidden(self, observer: Seat | None, rng: Rng) -> None:
        view.resample_hidden(self, observer, rng)

    def information_epoch(self) -> object:
        """Changes with every shuffle or draw (the RNG), every card leaving a hand or a
        pack (a pick, a card played to a trick, a discard) and every card revealed from a
        deck: the moves between two changes (a lead, an option, a purchase) revealed
        nothing and may be taken back."""
        return (
            self.rng.state,
            tuple(len(hand) for hand in self.hands),
            tuple(len(pack) for pack in self.packs),
            len(self.plays),
            self.discards,
            len(self.viking_deck),
            len(self.marriage_deck),
            self.round,
        )

    def describe(self, seat: Seat, action: Action) -> str:
        """Card options name their symbols; towns say their colour (never only shown)."""
        return view.describe(self, seat, action)

    def decides_in_secret(self, seat: Seat) -> bool:
        """Draft picks are secret, the last one too (rulebook, "Draft")."""
        return self.decision is not None and self.decision[0] == actions.PICK


BRIAN_BORU = BrianBoru()
BrianBoruState.game = BRIAN_BORU
