"""The baseline: a uniformly random legal action (the floor any bot must beat)."""

from __future__ import annotations

from tabletop.bots.base import Bot, legal_or_fail
from tabletop.engine import Action, Seat, State


class RandomBot(Bot):
    """Uniform over the legal actions, from its own seeded generator."""

    name = "random"

    def choose(self, state: State, seat: Seat) -> Action:
        return self.rng.choice(legal_or_fail(state, seat))
