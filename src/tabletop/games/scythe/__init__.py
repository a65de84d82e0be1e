"""Scythe, base game, 2-5 players.

Rules: the Czech rulebook (``shared/rulebooks/000_*.txt``); modules follow its
chapters: ``setup``, ``movement`` and ``actions`` (top and bottom actions, the
Factory card), ``combat``, ``encounters``, ``objectives``, ``stars`` and
``scoring``; ``automa`` the solo opponent's rules; ``turn`` says who decides
what; ``views`` is what each seat may see; ``labels`` what actions mean; ``data``
holds the components.  The rules hand the turn back to ``turn``, and combat
treats the Automa's seat by its rules, through one narrow interface
(``hooks``), so no module imports one above it.

>>> from tabletop.engine import new_game
>>> state = new_game("scythe", 2, seed=1)
>>> len(state.to_move()), str(state.legal_actions(state.to_move()[0])[0])
(1, 'section 1')
"""

from tabletop.engine import register
from tabletop.games.scythe.game import SCYTHE, Scythe, ScytheState

register(SCYTHE)

__all__ = ["SCYTHE", "Scythe", "ScytheState"]
