"""Towns: 4+ directly connected buildings (a sanctuary counts as two) with power 7+ (6 with
FAV5) found a town; its owner takes a town tile (reward and key)."""

from __future__ import annotations

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica.cults import advance, use_new_keys
from tabletop.games.terra_mystica.data.board import LAND_HEXES, RIVER_NEIGHBOURS, direct_neighbours
from tabletop.games.terra_mystica.data.tiles import (
    FAVOR_TILES,
    SANCTUARY_TOWN_WEIGHT,
    SCORING_TILES,
    TOWN_MIN_BUILDINGS,
    TOWN_MIN_POWER,
    TOWN_TILES,
)
from tabletop.games.terra_mystica.resources import gain
from tabletop.games.terra_mystica.state import BUILDING_POWER, HEX_INDEX, SA, TMState
from tabletop.games.terra_mystica.terraform import bridge_pairs


def components(state: TMState, seat: int) -> list[list[str]]:
    """Groups of ``seat``'s buildings joined directly (bridges and Mermaids' links count)."""
    own = set(state.hexes_of(seat))
    bridges = bridge_pairs(state)
    links: dict[str, set[str]] = {h: set() for h in own}
    for link in state.river_links:
        if link[0] == seat:
            joined = [h for h in own if link[1] in RIVER_NEIGHBOURS[h]]
            for h in joined:
                links[h].update(joined)
    seen: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(own):
        if start in seen:
            continue
        group = [start]
        seen.add(start)
        stack = [start]
        while stack:
            current = stack.pop()
            for other in direct_neighbours(current, bridges) | links[current]:
                if other in own and other not in seen:
                    seen.add(other)
                    group.append(other)
                    stack.append(other)
        groups.append(group)
    return groups


def town_power_needed(state: TMState, seat: int) -> int:
    reduction = sum(FAVOR_TILES[f].town_power_reduction for f in state.favors[seat])
    return TOWN_MIN_POWER - reduction


def check_towns(state: TMState, seat: int) -> int:
    """Mark new towns of ``seat``; returns the number of towns founded (tiles due)."""
    founded = 0
    for group in components(state, seat):
        indexes = [HEX_INDEX[h] for h in group]
        if any(state.town[i] for i in indexes):
            for i in indexes:
                state.town[i] = True
            continue
        power = sum(BUILDING_POWER[state.building[i]] for i in indexes)
        size = sum(SANCTUARY_TOWN_WEIGHT if state.building[i] == SA else 1 for i in indexes)
        if power >= town_power_needed(state, seat) and size >= TOWN_MIN_BUILDINGS:
            for i in indexes:
                state.town[i] = True
            founded += 1
    state.pending_towns[seat] += founded
    return founded


def take_town_tile(state: TMState, seat: int, tile: str) -> None:
    if state.pending_towns[seat] < 1:
        raise IllegalAction("you have not founded a town")
    if state.town_pool.get(tile, 0) < 1:
        raise IllegalAction(f"no {tile} tile is left")
    state.pending_towns[seat] -= 1
    state.town_pool[tile] -= 1
    state.towns[seat].append(tile)
    town = TOWN_TILES[tile]
    faction = state.faction(seat)
    gain(state, seat, town.reward)
    gain(state, seat, faction.town_gain)
    if 1 <= state.round <= len(state.scoring):
        state.vp[seat] += SCORING_TILES[state.scoring[state.round - 1]].vp_per_town
    state.keys[seat] += town.keys
    use_new_keys(state, seat)
    for cult in range(4):
        if town.cult_steps:
            advance(state, seat, cult, town.cult_steps)
    if town.shipping:
        shipping = faction.shipping
        if shipping is not None and faction.teleport is None:
            for _ in range(town.shipping):
                if state.ship[seat] < shipping.max_level:
                    state.vp[seat] += shipping.advance_vp[state.ship[seat]]
                    state.ship[seat] += 1


def town_hexes(state: TMState) -> list[str]:
    return [h for h, t in zip(LAND_HEXES, state.town, strict=True) if t]
