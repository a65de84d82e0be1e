"""Brian Boru's actions as numbers (:class:`~tabletop.engine.encoding.ActionCodec`), for
learning code that needs a fixed action space.

Version 1: every action :mod:`.actions` builds, one family per kind, in this order (the
same for every player count, 763 numbers)::

    start TOWN | lead TOWN | expand TOWN | free TOWN | place TOWN | raze TOWN |
    monastery TOWN   (towns in map order, NUN-1 first)
    decline | play CARD (1-25) | pick LOW HIGH (LOW < HIGH, LOW varies slowest) |
    option 1, option 2 | buy 0-60 | princess military, trade, spurn

>>> ACTIONS.encode("start NUN-1"), ACTIONS.decode(ACTIONS.encode("pick 3 17"))
(0, 'pick 3 17')
>>> ACTIONS.size
763
"""

from __future__ import annotations

from typing import Final

from tabletop.engine.encoding import ActionCodec, Table
from tabletop.games.brian_boru.actions import (
    BUYS,
    DECLINE,
    EXPAND_TO,
    FREE_AT,
    LEAD_AT,
    MONASTERY_AT,
    OPTIONS,
    PICK_PAIR,
    PLACE_AT,
    PLAY_CARD,
    PRINCESS_CHOICES,
    RAZE_AT,
    START_AT,
    BBAction,
)

#: The encoding's version: a change of numbering is a new version.
VERSION: Final = 1


def _table(name: str, actions: tuple[BBAction, ...] | list[BBAction]) -> Table:
    return Table(name, [a.text for a in actions])


ACTIONS: Final = ActionCodec(
    "brian-boru",
    VERSION,
    [
        _table("start", START_AT),
        _table("lead", LEAD_AT),
        _table("expand", EXPAND_TO),
        _table("free", FREE_AT),
        _table("place", PLACE_AT),
        _table("raze", RAZE_AT),
        _table("monastery", MONASTERY_AT),
        _table("decline", [DECLINE]),
        _table("play", [PLAY_CARD[v] for v in sorted(PLAY_CARD)]),
        _table("pick", [PICK_PAIR[k] for k in sorted(PICK_PAIR)]),
        _table("option", OPTIONS),
        _table("buy", BUYS),
        _table("princess", PRINCESS_CHOICES),
    ],
)
