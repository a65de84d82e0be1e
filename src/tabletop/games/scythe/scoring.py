"""Final scoring (rulebook "Bodování na konci hry", "Bodovací kategorie",
"Vyhlášení vítěze") and the structure bonus ("Stavební bonus na konci hry").

Each seat's fortune is the coins in hand plus, at the rate of its popularity
tier, coins per placed star, per controlled territory (the Factory counts three,
lakes count, bases never) and per two controlled resource tokens, plus the
structure bonus tile's coins (not multiplied by popularity).  Pure functions
over a :class:`~tabletop.games.scythe.state.Core`.

>>> tier(10)
Tier(low=7, star=4, territory=3, resources=2)
>>> tier(18) == tier(15) == TIERS[2]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from tabletop.games.scythe.board import (
    ADJACENT,
    ENCOUNTER_START,
    IS_LAKE,
    IS_TUNNEL,
    TERRAIN,
    TERRITORY_COUNT,
    line_length,
)
from tabletop.games.scythe.data.structure_bonus import STRUCTURE_BONUS_TILES, bonus_coins
from tabletop.games.scythe.state import NO_STRUCTURE, Core


class Tier(NamedTuple):
    """Coins per scoring unit from popularity ``low`` up to the next tier."""

    low: int
    star: int
    territory: int
    resources: int
    """Per two resource tokens."""


#: Popularity tiers printed on the track: 0-6, 7-12, 13-18 (18 scores as 13-17).
TIERS: Final[tuple[Tier, ...]] = (
    Tier(0, 3, 2, 1),
    Tier(7, 4, 3, 2),
    Tier(13, 5, 4, 3),
)


def tier(popularity: int) -> Tier:
    """The scoring tier of a popularity value (the highest tier starting at or below it)."""
    found = TIERS[0]
    for t in TIERS:
        if popularity >= t.low:
            found = t
    return found


def _structure_positions(core: Core, seat: int) -> list[int]:
    return [p for p in core.players[seat].structures if p != NO_STRUCTURE]


def _adjacent_matching(positions: list[int], wanted: tuple[bool, ...]) -> int:
    # Each matching territory once, however many structures touch it; a
    # structure's own territory is not "adjacent" to it.
    found: set[int] = set()
    for p in positions:
        found.update(q for q in ADJACENT[p] if q < TERRITORY_COUNT and wanted[q])
    return len(found)


def structure_bonus_count(core: Core, seat: int, tile: str) -> int:
    """What ``tile`` counts for ``seat``'s structures (whether still controlled or not).

    Adjacency ignores rivers (:data:`~tabletop.games.scythe.board.ADJACENT`);
    the Mine is no tunnel; encounter territories count whether or not their
    token is still there.
    """
    positions = _structure_positions(core, seat)
    if tile == "adjacent-tunnels":
        return _adjacent_matching(positions, IS_TUNNEL)
    if tile == "adjacent-lakes":
        return _adjacent_matching(positions, IS_LAKE)
    if tile == "adjacent-encounters":
        return _adjacent_matching(positions, ENCOUNTER_START)
    if tile == "on-tunnels":
        return sum(1 for p in positions if IS_TUNNEL[p])
    if tile == "in-a-row":
        return line_length(frozenset(positions))
    if tile == "on-farms-and-tundras":
        return sum(1 for p in positions if TERRAIN[p] in ("farm", "tundra"))
    raise KeyError(tile)


@dataclass(frozen=True)
class Score:
    """One seat's final fortune, by category (coins), with the counts behind it."""

    coins: int
    """Coins in hand when the game ended."""
    stars: int
    territories: int
    resources: int
    structure_bonus: int
    total: int
    star_count: int
    territory_count: int
    """Territories for scoring: the Factory counts three."""
    resource_count: int
    bonus_count: int
    """What the structure bonus tile counted."""


def final_score(core: Core, seat: int, tile: str) -> Score:
    """The seat's final score with structure bonus tile ``tile``."""
    if tile not in STRUCTURE_BONUS_TILES:
        raise KeyError(tile)
    p = core.players[seat]
    rate = tier(p.popularity)
    star_count = len(p.stars)
    territory_count = core.territory_count(seat)
    resource_count = _resources_scored(core, seat)
    bonus_count = structure_bonus_count(core, seat, tile)
    stars = star_count * rate.star
    territories = territory_count * rate.territory
    resources = resource_count // 2 * rate.resources
    bonus = bonus_coins(tile, bonus_count)
    return Score(
        coins=p.coins,
        stars=stars,
        territories=territories,
        resources=resources,
        structure_bonus=bonus,
        total=p.coins + stars + territories + resources + bonus,
        star_count=star_count,
        territory_count=territory_count,
        resource_count=resource_count,
        bonus_count=bonus_count,
    )


def _solo(core: Core) -> bool:
    return any(core.is_automa(s) for s in range(len(core.players)))


def _resources_scored(core: Core, seat: int) -> int:
    """Controlled resource tokens that score: none for the Automa, which has no
    resources; against it at most 6 a territory (Automa rulebook "Bodování")."""
    if not _solo(core):
        return sum(core.controlled_resources(seat))
    if core.is_automa(seat):
        return 0
    res = core.board.res
    return sum(min(6, sum(res[p * 4 : p * 4 + 4])) for p in core.controlled(seat))


def tiebreak_key(core: Core, seat: int) -> tuple[int, ...]:
    """Tie-breaks in the rulebook's order ("Vyhlášení vítěze"); higher is better.

    1. workers, mechs and structures on the board, 2. power, 3. popularity,
    4. controlled resource tokens (not against the Automa), 5. controlled
    territories, 6. stars placed.
    """
    p = core.players[seat]
    resources = () if _solo(core) else (sum(core.controlled_resources(seat)),)
    return (
        core.workers_on_board(seat) + core.mechs_on_board(seat) + core.structures_built(seat),
        p.power,
        p.popularity,
        *resources,
        # "Kontrolovaných území" is a count of territories: the Factory is one
        # here (its triple value is a scoring rule, not a territory count).
        len(core.controlled(seat)),
        len(p.stars),
    )
