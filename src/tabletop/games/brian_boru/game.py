"""The Brian Boru game object registered with the engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.engine import JSON, Action, Game, OptionSpec, State
from tabletop.games.brian_boru import actions, setup
from tabletop.games.brian_boru.state import BrianBoruState


class BrianBoru(Game):
    """Brian Boru: High King of Ireland (Peer Sylvester, Osprey Games 2021), 3-5 players."""

    id = "brian-boru"
    name = "Brian Boru"
    player_counts = (3, 4, 5)
    options: ClassVar[Mapping[str, OptionSpec]] = {}

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        return setup.new_state(players, options, seed)

    def _parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def state_from_json(self, data: JSON) -> State:
        return BrianBoruState.from_json(data)


BRIAN_BORU = BrianBoru()
BrianBoruState.game = BRIAN_BORU
