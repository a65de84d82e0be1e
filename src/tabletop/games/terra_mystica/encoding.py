"""Terra Mystica's actions as numbers (:class:`~tabletop.engine.encoding.ActionCodec`), for
learning code that needs a fixed action space.

Version 1 numbers every Snellman command the rules can list (:mod:`.legal`), written by
:mod:`.notation`, the same for every player count; the families, in order (``HEX`` a land
hex and ``RIVER`` a river cell in map order, ``FACTION`` the 14 factions sorted)::

    words         done, pass, advance ship, advance dig
    setup FACTION, pass BON1-10, action NAME (the notation's, sorted)
    build HEX, upgrade HEX to TP|TE|SH|SA, transform HEX to TERRAIN (the wheel's order)
    dig 1-3, bridge A:B (the board's bridge spots), connect RIVER
    send p to CULT for 1-3, +CULT, +2CULT, +3CULT, +FAV1-12, +TW1-8
    burn 1-30, convert A X to B Y (A 1-6, B 1-3, X and Y the five resources)
    leech N from FACTION, decline N from FACTION   (N 1-24)

>>> ACTIONS.decode(ACTIONS.encode("transform F4 to black"))
'transform F4 to black'
>>> ACTIONS.decode(ACTIONS.encode("leech 2 from witches"))
'leech 2 from witches'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tabletop.engine.encoding import ActionCodec, Table
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.data.board import BRIDGE_SPOTS, LAND_HEXES, RIVER_HEXES

#: The encoding's version: a change of numbering is a new version.
VERSION: Final = 1

_FACTIONS: Final = sorted(N.FACTIONS)
_UPGRADES: Final = (
    N.Building.TRADING_POST,
    N.Building.TEMPLE,
    N.Building.STRONGHOLD,
    N.Building.SANCTUARY,
)
#: The most power one offer gives (the bowls hold at most twice the tokens in play).
_MOST_LEECH: Final = 24
_MOST_BURN: Final = 30


def _table(name: str, commands: Iterable[N.Command]) -> Table:
    return Table(name, [c.to_text() for c in commands])


ACTIONS: Final = ActionCodec(
    "terra-mystica",
    VERSION,
    [
        _table("words", [N.Done(), N.Pass(), N.Advance(N.Track.SHIP), N.Advance(N.Track.DIG)]),
        _table("setup", [N.Setup(f) for f in _FACTIONS]),
        _table("pass", [N.Pass(k) for k in range(1, N.NUM_BONUS_TILES + 1)]),
        _table("action", [N.Action(a) for a in sorted(N.ACTIONS)]),
        _table("build", [N.Build(h) for h in LAND_HEXES]),
        _table("upgrade", [N.Upgrade(h, b) for h in LAND_HEXES for b in _UPGRADES]),
        _table("transform", [N.Transform(h, t) for h in LAND_HEXES for t in N.Terrain]),
        _table("dig", [N.Dig(k) for k in range(1, 4)]),
        _table("bridge", [N.Bridge(a, b) for a, b in BRIDGE_SPOTS]),
        _table("connect", [N.Connect((r,)) for r in RIVER_HEXES]),
        _table("send", [N.Send(c, v) for c in N.Cult for v in (1, 2, 3)]),
        _table("cult", [N.CultStep(c, k) for c in N.Cult for k in (1, 2, 3)]),
        _table("favor", [N.Favor(k) for k in range(1, N.NUM_FAVOR_TILES + 1)]),
        _table("town", [N.Town(k) for k in range(1, N.NUM_TOWN_TILES + 1)]),
        _table("burn", [N.Burn(k) for k in range(1, _MOST_BURN + 1)]),
        _table(
            "convert",
            [
                N.Convert(a, x, b, y)
                for a in range(1, 7)
                for x in N.Resource
                for b in range(1, 4)
                for y in N.Resource
            ],
        ),
        _table(
            "leech",
            [N.Leech(n, f) for n in range(1, _MOST_LEECH + 1) for f in _FACTIONS],
        ),
        _table(
            "decline",
            [N.Decline(n, f) for n in range(1, _MOST_LEECH + 1) for f in _FACTIONS],
        ),
    ],
)
