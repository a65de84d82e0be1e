"""Terra Mystica, 2-5 players, all 14 factions.

Rules: the Czech rulebook (``shared/rulebooks/001_*.txt``); modules follow its chapters:
``setup``, ``terraform`` and ``build`` (actions 1 and 4), ``power``, ``cults``, ``towns``,
``income`` and ``flow`` (the phases of a round), ``scoring``; ``turn`` and ``legal`` say who
moves and what may be played; ``notation``, ``ledger`` and ``replay`` read and replay
Snellman game logs; ``data`` holds the components.

>>> from tabletop.engine import new_game
>>> state = new_game("terra-mystica", 2, seed=3)
>>> state.to_move(), [str(a) for a in state.legal_actions(0)][:2]
([0], ['setup fakirs', 'setup nomads'])
"""

from tabletop.engine import register
from tabletop.games.terra_mystica.game import TERRA_MYSTICA, TerraMystica, TerraMysticaState

register(TERRA_MYSTICA)

__all__ = ["TERRA_MYSTICA", "TerraMystica", "TerraMysticaState"]
