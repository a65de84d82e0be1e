"""Brian Boru: High King of Ireland, 3-5 players.

Rules: the Czech rulebook (``shared/rulebooks/002_*.txt``); modules follow
its chapters: ``setup`` (setup and preparation), ``draft``, ``tricks`` (the
action phase and card symbols), ``upkeep`` (marriage, battle, church,
claims), ``scoring``; ``data`` and ``board`` hold the components, ``state``
the plain game state at the bottom, ``turn`` the flow that runs the chapters,
and ``game`` the engine contract on top.

>>> from tabletop.engine import new_game
>>> state = new_game("brian-boru", 4, seed=1)
>>> state.to_move(), state.legal_actions(state.to_move()[0])[0].text
([0], 'start NUN-1')
"""

from tabletop.engine import register
from tabletop.games.brian_boru.game import BRIAN_BORU, BrianBoru, BrianBoruState

register(BRIAN_BORU)

__all__ = ["BRIAN_BORU", "BrianBoru", "BrianBoruState"]
