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
from tabletop.games.brian_boru.encoding import ACTIONS as BRIAN_BORU
from tabletop.games.scythe.encoding import ACTIONS as SCYTHE
from tabletop.games.terra_mystica.encoding import ACTIONS as TERRA_MYSTICA
from tabletop.research.observation import ObservationCodec

#: The games with an action numbering and an observation layout.
ACTIONS: Final[dict[str, ActionCodec]] = {
    "brian-boru": BRIAN_BORU,
    "scythe": SCYTHE,
    "terra-mystica": TERRA_MYSTICA,
}
GAMES: Final = tuple(ACTIONS)


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
