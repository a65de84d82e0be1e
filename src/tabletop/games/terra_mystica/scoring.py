"""Scoring: VP on passing, final scoring (cult majorities, largest network, resources)."""

from __future__ import annotations

from tabletop.games.terra_mystica.data.board import (
    NETWORK_FINAL_VP,
    direct_neighbours,
    hex_distance,
    ship_reach,
)
from tabletop.games.terra_mystica.data.common import Building
from tabletop.games.terra_mystica.data.cults import CULT_FINAL_VP
from tabletop.games.terra_mystica.data.tiles import BONUS_TILES, FAVOR_TILES
from tabletop.games.terra_mystica.state import BUILDING_CODES, HEX_INDEX, SH, TMState
from tabletop.games.terra_mystica.terraform import (
    bridge_pairs,
    has_building,
    shipping,
    teleport_range,
)


def pass_vp(state: TMState, seat: int) -> int:
    """VP for passing: the returned bonus tile, FAV12, Engineers' stronghold bridges."""
    vp = 0
    counts = {Building(n): state.count(seat, c) for n, c in BUILDING_CODES.items()}
    tiles = [BONUS_TILES[state.bonus[seat]]] if state.bonus[seat] else []
    for tile in tiles:
        for building, table in tile.pass_vp.items():
            vp += table[counts[building]]
        if tile.pass_vp_by_shipping:
            vp += tile.pass_vp_by_shipping[shipping(state, seat, with_bonus=False)]
    for fav in state.favors[seat]:
        for building, table in FAVOR_TILES[fav].pass_vp.items():
            vp += table[counts[building]]
    per_bridge = state.faction(seat).stronghold.pass_vp_per_bridge
    if per_bridge and has_building(state, seat, SH):
        for bridge in state.bridges:
            if bridge[0] == seat and all(
                state.owner[HEX_INDEX[h]] == seat for h in (bridge[1], bridge[2])
            ):
                vp += per_bridge
    return vp


def share(places: list[int], table: tuple[int, ...], values: list[int]) -> list[int]:
    """Award ``table`` to the best ``values`` (0 scores nothing); ties split rounded down."""
    result = [0] * len(values)
    ranked = sorted({v for v in values if v > 0}, reverse=True)
    position = 0
    for value in ranked:
        tied = [s for s in places if values[s] == value]
        pot = sum(table[position : position + len(tied)])
        for s in tied:
            result[s] = pot // len(tied)
        position += len(tied)
        if position >= len(table):
            break
    return result


def network_size(state: TMState, seat: int) -> int:
    """Buildings in ``seat``'s largest group joined by adjacency, bridges and shipping
    (Dwarves and Fakirs: tunnel/carpet range)."""
    own = state.hexes_of(seat)
    bridges = bridge_pairs(state)
    ship = shipping(state, seat, with_bonus=False)
    tele = teleport_range(state, seat)
    best = 0
    seen: set[str] = set()
    for start in own:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        size = 0
        while stack:
            current = stack.pop()
            size += 1
            near = direct_neighbours(current, bridges)
            reach = ship_reach(current, ship) if ship else frozenset()
            for other in own:
                if other in seen:
                    continue
                if (
                    other in near
                    or other in reach
                    or (tele and hex_distance(current, other) <= tele + 1)
                ):
                    seen.add(other)
                    stack.append(other)
        best = max(best, size)
    return best


#: Log entry of each seat's final scoring: ``final-vp SEAT NETWORK CULTS RESOURCES``.
FINAL_VP_LOG = "final-vp"


def final_scoring(state: TMState) -> None:
    """Rulebook, "Konec hry": the largest network, then each cult track's majorities,
    then resources converted to VP.  Each seat's three amounts are logged
    (:data:`FINAL_VP_LOG`) for the final score breakdown."""
    seats = list(range(state.num_players))
    values = [network_size(state, s) for s in seats]
    network = share(seats, NETWORK_FINAL_VP, values)
    cults = [0] * state.num_players
    for s, vp in enumerate(network):
        state.vp[s] += vp
    for cult in range(4):
        values = [state.cults[s][cult] for s in seats]
        for s, vp in enumerate(share(seats, CULT_FINAL_VP, values)):
            state.vp[s] += vp
            cults[s] += vp
    for s in range(state.num_players):
        before = state.vp[s]
        score_resources(state, s)
        state.log.append(f"{FINAL_VP_LOG} {s} {network[s]} {cults[s]} {state.vp[s] - before}")


def breakdown(state: TMState) -> list[list[object]]:
    """The final score by category (``Outcome.details["breakdown"]``): what each seat
    scored during the rounds, then in the final scoring; each seat's amounts add up to
    its final VP."""
    finals: dict[int, tuple[int, int, int]] = {}
    for entry in state.log:
        if entry.startswith(FINAL_VP_LOG + " "):
            seat, network, cults, resources = map(int, entry.split()[1:])
            finals[seat] = (network, cults, resources)
    seats = range(state.num_players)
    parts = [finals.get(s, (0, 0, 0)) for s in seats]
    during = [state.vp[s] - sum(parts[s]) for s in seats]
    return [
        ["During the rounds", during],
        ["Largest network", [p[0] for p in parts]],
        ["Cult majorities", [p[1] for p in parts]],
        ["Resources", [p[2] for p in parts]],
    ]


def score_resources(state: TMState, seat: int) -> None:
    bowls = state.bowls[seat]
    burned = bowls[1] // 2
    bowls[1] -= 2 * burned
    bowls[2] += burned
    state.c[seat] += bowls[2] + state.p[seat] + state.w[seat]
    bowls[0] += bowls[2]
    bowls[2] = 0
    state.p[seat] = 0
    state.w[seat] = 0
    rate = state.faction(seat).rate("C", "VP") or 3
    state.vp[seat] += state.c[seat] // rate
    state.c[seat] %= rate
