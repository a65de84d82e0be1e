"""Building dwellings, upgrading buildings, favor tiles, stronghold effects."""

from __future__ import annotations

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica.cults import advance
from tabletop.games.terra_mystica.data.board import LAND_HEXES, NEIGHBOUR_INDICES, direct_neighbours
from tabletop.games.terra_mystica.data.common import BUILDING_LIMITS, Building, Resources
from tabletop.games.terra_mystica.data.factions import Faction
from tabletop.games.terra_mystica.data.tiles import FAVOR_TILES, SCORING_TILES
from tabletop.games.terra_mystica.power import offer_power
from tabletop.games.terra_mystica.resources import gain, pay
from tabletop.games.terra_mystica.state import (
    BUILDING_NAMES,
    HEX_INDEX,
    SA,
    SH,
    TE,
    TP,
    TMState,
)
from tabletop.games.terra_mystica.terraform import (
    bridge_pairs,
    ensure_reach,
    gain_spades,
    transform,
)
from tabletop.games.terra_mystica.towns import check_towns

#: What each building code is upgraded from.
UPGRADE_FROM = {TP: 1, TE: TP, SH: TP, SA: TE}


def _score_building(state: TMState, seat: int, code: int) -> None:
    building = Building(BUILDING_NAMES[code])
    if 1 <= state.round <= len(state.scoring):
        tile = SCORING_TILES[state.scoring[state.round - 1]]
        state.vp[seat] += tile.vp_per_building.get(building, 0)
    for fav in state.favors[seat]:
        state.vp[seat] += FAVOR_TILES[fav].vp_on_build.get(building, 0)


def place_initial_dwelling(state: TMState, seat: int, hex_id: str) -> None:
    index = HEX_INDEX[hex_id]
    if state.owner[index] >= 0:
        raise IllegalAction(f"{hex_id} already has a building")
    if state.terrain[index] != state.faction(seat).home:
        raise IllegalAction(f"{hex_id} is not your home terrain")
    state.owner[index] = seat
    state.building[index] = 1


def build_dwelling(
    state: TMState, seat: int, hex_id: str, *, free: bool = False, anywhere: bool = False
) -> None:
    """Build a dwelling in play, terraforming the hex to the home terrain first if needed."""
    faction = state.faction(seat)
    index = HEX_INDEX[hex_id]
    if state.owner[index] >= 0:
        raise IllegalAction(f"{hex_id} already has a building")
    if state.count(seat, 1) >= BUILDING_LIMITS[Building.D]:
        raise IllegalAction("you have no dwelling left")
    if state.terrain[index] != faction.home:
        if anywhere:
            raise IllegalAction(f"{hex_id} is not your home terrain")
        transform(state, seat, hex_id, faction.home)
    elif not anywhere:
        ensure_reach(state, seat, hex_id)
    if state.spades[seat]:
        # rulebook, spades: the dwelling comes after all of the action's transforms
        raise IllegalAction(
            f"use your {state.spades[seat]} other spade(s) before building the dwelling"
        )
    if not free:
        pay(state, seat, faction.buildings[Building.D].cost, "a dwelling")
    state.owner[index] = seat
    state.building[index] = 1
    _score_building(state, seat, 1)
    offer_power(state, seat, hex_id)
    check_towns(state, seat)


def upgrade(state: TMState, seat: int, hex_id: str, code: int, *, free: bool = False) -> None:
    faction = state.faction(seat)
    index = HEX_INDEX[hex_id]
    if state.owner[index] != seat:
        raise IllegalAction(f"you have no building on {hex_id}")
    if state.building[index] != UPGRADE_FROM[code]:
        have = BUILDING_NAMES[state.building[index]]
        raise IllegalAction(f"a {have} cannot be upgraded to {BUILDING_NAMES[code]}")
    building = Building(BUILDING_NAMES[code])
    if state.count(seat, code) >= BUILDING_LIMITS[building]:
        raise IllegalAction(f"you have no {building.value} left")
    cost = upgrade_cost(
        faction, code, code == TP and not has_opponent_neighbour(state, seat, index)
    )
    if not free:
        pay(state, seat, cost, f"a {building.value}")
    state.building[index] = code
    _score_building(state, seat, code)
    state.pending_favors[seat] += faction.buildings[building].favor_tiles
    if code == SH:
        _stronghold(state, seat)
    offer_power(state, seat, hex_id)
    check_towns(state, seat)


def upgrade_cost(faction: Faction, code: int, lonely: bool) -> Resources:
    """The printed cost of an upgrade to ``code``; a trading house with no opponent's
    building next door (``lonely``, see :func:`has_opponent_neighbour`) costs double coins
    (rulebook, action 4)."""
    cost = faction.buildings[_BUILDING_OF[code]].cost
    if code == TP and lonely:
        cost = cost + Resources(c=cost.c)
    return cost


_BUILDING_OF = {code: Building(BUILDING_NAMES[code]) for code in range(1, 6)}


def has_opponent_neighbour(state: TMState, seat: int, index: int) -> bool:
    """Whether another seat has a building next to map index ``index`` (over a bridge too)."""
    owner = state.owner
    for other in NEIGHBOUR_INDICES[index]:
        if owner[other] >= 0 and owner[other] != seat:
            return True
    if state.bridges:
        hex_id = LAND_HEXES[index]
        for near in direct_neighbours(hex_id, bridge_pairs(state)):
            if owner[HEX_INDEX[near]] >= 0 and owner[HEX_INDEX[near]] != seat:
                return True
    return False


def _stronghold(state: TMState, seat: int) -> None:
    faction = state.faction(seat)
    bonus = faction.stronghold
    gain(state, seat, bonus.gain)
    state.pending_favors[seat] += bonus.favor_tiles
    if bonus.spades:
        gain_spades(state, seat, bonus.spades)
    if bonus.shipping and faction.shipping is not None:
        for _ in range(bonus.shipping):
            if state.ship[seat] < faction.shipping.max_level:
                state.vp[seat] += faction.shipping.advance_vp[state.ship[seat]]
                state.ship[seat] += 1
    if bonus.workers_to_priests:
        state.flags[seat].append("darkling-sh")


def take_favor(state: TMState, seat: int, tile: str) -> None:
    if state.pending_favors[seat] < 1:
        raise IllegalAction("you may not take a favor tile now")
    if tile in state.favors[seat]:
        raise IllegalAction(f"you already have {tile}")
    if state.favor_pool.get(tile, 0) < 1:
        raise IllegalAction(f"no {tile} tile is left")
    state.pending_favors[seat] -= 1
    state.favor_pool[tile] -= 1
    state.favors[seat].append(tile)
    fav = FAVOR_TILES[tile]
    advance(state, seat, int(fav.cult), fav.steps)


__all__ = [
    "SA",
    "TE",
    "build_dwelling",
    "has_opponent_neighbour",
    "place_initial_dwelling",
    "take_favor",
    "upgrade",
    "upgrade_cost",
]
