"""Sealed Bids: a tiny test-only game that exercises the whole contract.

2-4 players each hold bid cards 1..5 (hidden).  Each of 5 rounds a prize
(1..10) is drawn from a shuffled deck; every seat bids a card at once
(simultaneous, hidden until all have bid); the highest unique bid wins the
prize.  Highest total wins; ties are shared.  Registered only by tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.engine import (
    JSON,
    Action,
    Game,
    NotationError,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
    State,
    register,
)

BIDS = {n: Action(f"bid {n}") for n in range(1, 6)}


class SealedBids(Game):
    id = "sealed-bids"
    name = "Sealed Bids"
    player_counts = (2, 3, 4)
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "rounds": OptionSpec("rounds", 5, "number of rounds", choices=(3, 4, 5))
    }

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        return BidsState.setup(players, options, seed)

    def _parse_action(self, text: str) -> Action:
        parts = text.split()
        if len(parts) != 2 or parts[0] != "bid" or not parts[1].isdigit():
            raise NotationError(f"expected 'bid N', got {text!r}")
        n = int(parts[1])
        if n not in BIDS:
            raise NotationError(f"bids are 1 to 5, not {n}")
        return BIDS[n]

    def state_from_json(self, data: JSON) -> State:
        s = BidsState()
        s.num_players = data["players"]
        s.rounds = data["rounds"]
        s.rng = Rng(data["rng"])
        s.deck = list(data["deck"])
        s.prize = data["prize"]
        s.hands = [list(h) for h in data["hands"]]
        s.bids = list(data["bids"])
        s.totals = list(data["totals"])
        s.round = data["round"]
        s._legal_cache = None
        return s


class BidsState(State):
    game = SealedBids()

    num_players: int
    rounds: int
    rng: Rng
    deck: list[int]
    prize: int
    hands: list[list[int]]
    bids: list[int | None]
    totals: list[int]
    round: int

    @classmethod
    def setup(cls, players: int, options: dict[str, Any], seed: int) -> BidsState:
        s = cls()
        s.num_players = players
        s.rounds = options["rounds"]
        s.rng = Rng(seed)
        s.deck = list(range(1, 11))
        s.rng.shuffle(s.deck)
        s.prize = s.deck.pop()
        s.hands = [[1, 2, 3, 4, 5] for _ in range(players)]
        s.bids = [None] * players
        s.totals = [0] * players
        s.round = 1
        s._legal_cache = None
        return s

    def to_move(self) -> list[Seat]:
        if self.is_over():
            return []
        return [i for i, b in enumerate(self.bids) if b is None]

    def _legal(self, seat: Seat) -> list[Action]:
        if self.is_over() or self.bids[seat] is not None:
            return []
        return [BIDS[n] for n in self.hands[seat]]

    def why_illegal(self, seat: Seat, action: Action) -> str:
        return f"you no longer hold the card for {action}"

    def _apply(self, seat: Seat, action: Action) -> None:
        n = int(action.text.split()[1])
        self.hands[seat].remove(n)
        self.bids[seat] = n
        if all(b is not None for b in self.bids):
            counts = [self.bids.count(b) for b in self.bids]
            unique = [(b, i) for i, b in enumerate(self.bids) if counts[i] == 1]
            if unique:
                self.totals[max(unique)[1]] += self.prize
            self.bids = [None] * self.num_players
            self.round += 1
            if self.round <= self.rounds:
                self.prize = self.deck.pop()

    def _view(self, seat: Seat | None) -> JSON:
        return {
            "round": self.round,
            "prize": self.prize,
            "totals": list(self.totals),
            "bid_made": [b is not None for b in self.bids],
            "hand_sizes": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "my_bid": self.bids[seat] if seat is not None else None,
        }

    def is_over(self) -> bool:
        return self.round > self.rounds

    def scores(self) -> list[int]:
        return list(self.totals)

    def outcome(self) -> Outcome:
        return Outcome.from_keys(self.totals, [(t,) for t in self.totals])

    def copy(self) -> BidsState:
        s = BidsState()
        s.num_players = self.num_players
        s.rounds = self.rounds
        s.rng = self.rng.copy()
        s.deck = self.deck[:]
        s.prize = self.prize
        s.hands = [h[:] for h in self.hands]
        s.bids = self.bids[:]
        s.totals = self.totals[:]
        s.round = self.round
        s._legal_cache = None
        return s

    def _to_json(self) -> JSON:
        return {
            "players": self.num_players,
            "rounds": self.rounds,
            "rng": self.rng.state,
            "deck": list(self.deck),
            "prize": self.prize,
            "hands": [list(h) for h in self.hands],
            "bids": list(self.bids),
            "totals": list(self.totals),
            "round": self.round,
        }

    def resample_hidden(self, observer: Seat | None, rng: Rng) -> None:
        # Other seats' hands are public knowledge here (cards bid are shown),
        # so only the prize deck order is hidden from everyone.  Sorted first, so the
        # result depends only on what the observer sees and on ``rng``.
        self.deck.sort()
        rng.shuffle(self.deck)
        for i, b in enumerate(self.bids):
            # Another seat's committed bid is hidden until all have bid.
            if i != observer and b is not None:
                hand = sorted([*self.hands[i], b])
                pick = rng.choice(hand)
                hand.remove(pick)
                self.hands[i] = sorted(hand)
                self.bids[i] = pick


SEALED_BIDS = register(SealedBids())
