"""The games for game-AI research: PettingZoo AEC environments (:func:`env`) over the games'
action numbers and observation arrays (:mod:`.spaces`).  PettingZoo, Gymnasium and NumPy come
with the optional extra ``research`` (``pip install tabletop[research]``); see
``docs/research.md``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.research.aec import TabletopAEC

__all__ = ["env"]


def env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> TabletopAEC:
    """A PettingZoo AEC environment of a game (:mod:`tabletop.research.aec`)."""
    from tabletop.research.aec import env as make  # PettingZoo only when asked for

    return make(game_id, players, options, render_mode)
