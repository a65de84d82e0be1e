"""Each game's action numbers and observation layout, by game id.

>>> actions("brian-boru").size, observations("brian-boru").size > 1000
(763, True)
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Final

from tabletop.engine.encoding import ActionCodec
from tabletop.engine.parts import ViewPart
from tabletop.games.brian_boru.encoding import ACTIONS as BRIAN_BORU
from tabletop.games.brian_boru.view import PARTS as BRIAN_BORU_PARTS
from tabletop.games.scythe.encoding import ACTIONS as SCYTHE
from tabletop.games.scythe.views import PARTS as SCYTHE_PARTS
from tabletop.games.terra_mystica.encoding import ACTIONS as TERRA_MYSTICA
from tabletop.games.terra_mystica.view import PARTS as TERRA_MYSTICA_PARTS
from tabletop.research.observation import ObservationCodec, PartsEncoder

#: The games with an action numbering and an observation layout.
ACTIONS: Final[dict[str, ActionCodec]] = {
    "brian-boru": BRIAN_BORU,
    "scythe": SCYTHE,
    "terra-mystica": TERRA_MYSTICA,
}
GAMES: Final = tuple(ACTIONS)
#: The games whose views are assembled from parts (:mod:`tabletop.engine.parts`): their
#: observation arrays are kept up to date part by part (:class:`.PartsEncoder`).
VIEW_PARTS: Final[dict[str, tuple[ViewPart, ...]]] = {
    "brian-boru": BRIAN_BORU_PARTS,
    "scythe": SCYTHE_PARTS,
    "terra-mystica": TERRA_MYSTICA_PARTS,
}


def actions(game_id: str) -> ActionCodec:
    """The action numbering of a game (``games/<game>/encoding.py``)."""
    codec = ACTIONS.get(game_id)
    if codec is None:
        raise ValueError(f"no research encoding of {game_id!r} (games: {', '.join(GAMES)})")
    return codec


@cache
def observations(game_id: str) -> ObservationCodec:
    """The observation layout of a game (``games/<game>/observation.json``)."""
    actions(game_id)  # a known game
    package = "tabletop.games." + game_id.replace("-", "_")
    data = json.loads(resources.files(package).joinpath("observation.json").read_text("utf-8"))
    return ObservationCodec(game_id, int(data["version"]), data["layout"])


def observation_encoder(game_id: str, extra: int = 0) -> PartsEncoder | None:
    """A new encoder keeping a game's observation arrays up to date part by part, with
    ``extra`` slots after the layout's (None: the game's view has no parts)."""
    parts = VIEW_PARTS.get(game_id)
    return None if parts is None else PartsEncoder(observations(game_id), parts, extra)
