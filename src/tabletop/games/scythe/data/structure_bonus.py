"""The six structure bonus tiles ("Dílky stavebních bonusů").

Conditions from the rulebook ("Stavební bonus na konci hry"); coin thresholds
from ``shared/data/scythe/structure_bonus_tiles.json`` (three sources agree and
match the rulebook's printed tables).  Each tile maps a count to coins: the
entry ``(low, coins)`` pays ``coins`` from ``low`` upwards until the next entry.
"""

from __future__ import annotations

from typing import Final

#: tile id -> ((minimum count, coins), ...), ascending.
STRUCTURE_BONUS_TILES: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    # tunnels adjacent to your structures, each once; the Mine is no tunnel
    "adjacent-tunnels": ((1, 2), (2, 4), (4, 6), (6, 9)),
    # lakes adjacent to your structures, each once
    "adjacent-lakes": ((1, 2), (2, 4), (4, 6), (6, 9)),
    # encounter territories adjacent to your structures, token or not
    "adjacent-encounters": ((1, 2), (2, 4), (4, 6), (6, 9)),
    # tunnel territories with your structure on them
    "on-tunnels": ((1, 2), (2, 4), (3, 6)),
    # your structures in the longest straight line (rivers do not break it)
    "in-a-row": ((1, 2), (2, 4), (3, 6), (4, 9)),
    # farms and tundras with your structure on them
    "on-farms-and-tundras": ((1, 2), (2, 4), (3, 6), (4, 9)),
}


def bonus_coins(tile: str, count: int) -> int:
    """Coins a tile pays for ``count``.

    >>> bonus_coins("adjacent-lakes", 4), bonus_coins("on-tunnels", 0)
    (6, 0)
    """
    coins = 0
    for low, pay in STRUCTURE_BONUS_TILES[tile]:
        if count >= low:
            coins = pay
    return coins
