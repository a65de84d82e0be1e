"""Where a rule module hands over to a module above it, through one narrow interface.

The rules of an action (``actions``, ``combat``, ``encounters``) end by handing the turn
back to its flow (``turn``: the bottom action, the next turn, the end of the game), and
combat treats the Automa by its own rules (``automa``: its dial, its retreat, its
resources).  Those modules stand above the rules and import them; so that the rules need
not import them back (no import cycles), ``turn`` and ``automa`` register their functions
here when they are imported, and the rules call them through :data:`FLOW` and
:data:`AUTOMA`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.games.scythe.game import ScytheState

Step = Callable[["ScytheState"], None]


def _unset(*_args: object) -> None:
    raise RuntimeError("tabletop.games.scythe.turn / automa not imported")  # pragma: no cover


class Flow:
    """The turn's continuations (registered by :mod:`.turn`)."""

    go_bottom: Step = _unset
    after_move: Step = _unset
    end_of_actions: Step = _unset
    next_turn: Step = _unset
    finish_game: Step = _unset


class AutomaRules:
    """What combat and actions need of the Automa's rules (registered by :mod:`.automa`)."""

    commit: Callable[[ScytheState, int], list[int]] = _unset  # type: ignore[assignment]
    retreat_to: Callable[[ScytheState, int], int] = _unset  # type: ignore[assignment]
    clear_resources: Callable[[ScytheState, int], None] = _unset
    resource_box: Callable[[ScytheState, int], None] = _unset


FLOW = Flow()
AUTOMA = AutomaRules()
