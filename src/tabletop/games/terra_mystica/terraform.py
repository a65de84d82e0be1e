"""Terraforming and reach: the terrain wheel, spade prices, shipping, bridges, Dwarves'
tunnels and Fakirs' carpet flights."""

from __future__ import annotations

from functools import cache

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.data.board import (
    DIRECT_MASK,
    HEX_BIT,
    MAX_SHIPPING_RANGE,
    hexes_in,
    is_bridge_spot,
    within_masks,
)
from tabletop.games.terra_mystica.data.common import NOTHING, Resources
from tabletop.games.terra_mystica.data.terrain import (
    SPADE_DISTANCE,
    TRANSFORM_SPADES,
    WHEEL_SIZE,
    Terrain,
    terrain_from_color,
)
from tabletop.games.terra_mystica.data.tiles import BONUS_TILES, SCORING_TILES
from tabletop.games.terra_mystica.power import gain_power
from tabletop.games.terra_mystica.resources import pay
from tabletop.games.terra_mystica.state import HEX_INDEX, INCOME_SPADES, SH, TMState


def has_building(state: TMState, seat: int, code: int) -> bool:
    return state.count(seat, code) > 0


def shipping(state: TMState, seat: int, *, with_bonus: bool = True) -> int:
    """The seat's shipping value.  BON4's extra shipping counts in phase II only (not for the
    cult-bonus spades of phase III) and gives the Dwarves and Fakirs, who have no shipping,
    nothing (rulebook, appendix: bonus tiles)."""
    value = state.ship[seat]
    if (
        with_bonus
        and state.bonus[seat]
        and state.phase != INCOME_SPADES
        and state.faction(seat).shipping is not None
    ):
        value += BONUS_TILES[state.bonus[seat]].shipping_bonus
    return value


def teleport_level(state: TMState, seat: int) -> int:
    return 1 if has_building(state, seat, SH) else 0


def teleport_range(state: TMState, seat: int) -> int:
    """Cells a tunnel or carpet flight may skip."""
    tele = state.faction(seat).teleport
    if tele is None:
        return 0
    if tele.kind == "tunnel":
        return tele.range
    return tele.range + teleport_level(state, seat) + state.towns[seat].count("TW7")


def bridge_pairs(state: TMState) -> list[tuple[str, str]]:
    return [(b[1], b[2]) for b in state.bridges]


class Reach:
    """The land hexes a seat reaches, as masks (see :mod:`.data.board`, hex masks): directly
    (adjacent, over a bridge, by shipping: ``direct``), and by its tunnel or carpet flight
    (Dwarves, Fakirs: ``flight``, hexes within the flight's range that are not direct; none
    for the cult-bonus spades).  One flight a turn: once the seat has flown to a hex, only
    that hex may be reached so again, for free (``far`` and ``far_cost`` say what a flight
    reaches now and its price, ``far_vp`` the VP it scores).  ``own``: the map indices of the
    seat's buildings, ``own_mask`` their mask."""

    __slots__ = ("direct", "far", "far_cost", "far_vp", "flight", "own", "own_mask")

    def __init__(self, state: TMState, seat: int) -> None:
        own = self.own = state.indices_of(seat)
        table = DIRECT_MASK[max(0, min(shipping(state, seat), MAX_SHIPPING_RANGE))]
        direct = own_mask = 0
        for i in own:
            direct |= table[i]
            own_mask |= HEX_BIT[i]
        self.own_mask = own_mask
        owner = state.owner
        for _, a, b in state.bridges:
            ia, ib = HEX_INDEX[a], HEX_INDEX[b]
            if owner[ia] == seat:
                direct |= HEX_BIT[ib]
            if owner[ib] == seat:
                direct |= HEX_BIT[ia]
        self.direct = direct
        self.flight = self.far = 0
        self.far_cost = NOTHING
        self.far_vp = 0
        tele = state.faction(seat).teleport
        if tele is None or not own or state.phase == INCOME_SPADES:
            return
        distance = teleport_range(state, seat) + 1
        if distance <= 1:
            return
        within = within_masks(distance)
        flight = own_mask
        for i in own:
            flight |= within[i]
        self.flight = self.far = flight & ~direct
        level = teleport_level(state, seat) if tele.kind == "tunnel" else 0
        self.far_cost = tele.cost[level]
        self.far_vp = tele.vp[level]
        there = state.teleport_to[seat]
        if there:  # the flight of this turn: to the hex already reached, for free
            self.far &= HEX_BIT[HEX_INDEX[there]]
            self.far_cost = NOTHING
            self.far_vp = 0

    def cost(self, hex_id: str) -> Resources | None:
        """Extra price of using ``hex_id`` (None: out of reach)."""
        bit = HEX_BIT[HEX_INDEX[hex_id]]
        if self.direct & bit:
            return NOTHING
        if self.far & bit:
            return self.far_cost
        return None

    def direct_hexes(self) -> list[str]:
        return hexes_in(self.direct)

    def far_hexes(self) -> list[str]:
        return hexes_in(self.far)


def reach_kind(state: TMState, seat: int, hex_id: str) -> str:
    """``direct`` (adjacent or by shipping) or ``teleport``; raise if out of reach."""
    reach = Reach(state, seat)
    if not reach.own:
        return "direct"
    bit = HEX_BIT[HEX_INDEX[hex_id]]
    if reach.direct & bit:
        return "direct"
    if reach.flight & bit:
        return "teleport"
    raise IllegalAction(f"{hex_id} is out of your reach")


def ensure_reach(state: TMState, seat: int, hex_id: str) -> None:
    """Check that ``hex_id`` may be used; pay a tunnel or carpet flight if one is needed (one
    flight a turn, to one hex, which may then be used again for free)."""
    if reach_kind(state, seat, hex_id) != "teleport":
        return
    there = state.teleport_to[seat]
    if there == hex_id:
        return
    tele = state.faction(seat).teleport
    assert tele is not None
    if there:
        raise IllegalAction(f"you have already used your {tele.kind} this turn (to {there})")
    level = teleport_level(state, seat) if tele.kind == "tunnel" else 0
    pay(state, seat, tele.cost[level], f"a {tele.kind}")
    state.vp[seat] += tele.vp[level]
    state.teleport_to[seat] = hex_id


def spades_needed(state: TMState, seat: int, hex_id: str, target: Terrain) -> int:
    """Spades ``seat`` needs to turn ``hex_id`` into ``target`` (see :func:`_spades`)."""
    faction = state.faction(seat)
    current = state.terrain[HEX_INDEX[hex_id]]
    return _spades(faction.home, faction.fixed_home_spades, state.spades[seat], current, target)


def _spades(home: int, fixed: int | None, held: int, current: int, target: int) -> int:
    """Spades to turn terrain ``current`` into ``target``: one per step round the terrain
    wheel, never through the home terrain (Giants: always ``fixed``, two).  Turning a hex to
    or from the home terrain takes the long way round when the seat holds exactly that many
    spades (``held``; as the Snellman site counts it)."""
    if current == target:
        return 0
    if fixed is not None:
        return fixed
    need = TRANSFORM_SPADES[home][current][target]
    if home in (current, target) and held == WHEEL_SIZE - need:
        return held
    return need


@cache
def transform_options(
    home: Terrain, fixed: int | None, held: int
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each terrain (by wheel position), ``(target, spades)`` for every terrain a faction
    may turn it into, in wheel order, the spades as :func:`_spades` counts them: a table,
    so that listing moves does not count spades hex by hex.  The Giants only ever make their
    home terrain (rulebook, Giants)."""
    return tuple(
        tuple(
            (target, _spades(home, fixed, held, current, target))
            for target in range(WHEEL_SIZE)
            if target != current and (fixed is None or target == home)
        )
        for current in range(WHEEL_SIZE)
    )


def transform_target(state: TMState, seat: int, command: N.Transform) -> Terrain:
    """The terrain a ``transform`` makes: the one named, else (as the site reads it) the home
    terrain for the Giants and the sandstorm, and otherwise the terrain as near the home
    terrain as the spades held reach (the hex's own terrain without spades)."""
    if command.terrain is not None:
        return terrain_from_color(command.terrain.value)
    faction = state.faction(seat)
    home = faction.home
    if faction.fixed_home_spades is not None or "sandstorm" in state.flags[seat]:
        return home
    current = state.terrain[HEX_INDEX[command.hex]]
    ways = []
    for direction in (1, -1):  # one way round, then the other
        terrain = current
        for _ in range(state.spades[seat]):
            if terrain == home:
                break
            terrain = (terrain + direction) % WHEEL_SIZE
        ways.append(Terrain(terrain))
    clockwise, counter = ways
    if SPADE_DISTANCE[home][clockwise] < SPADE_DISTANCE[home][counter]:
        return clockwise
    return counter


def spade_cost(state: TMState, seat: int) -> Resources:
    """The price of one spade at the seat's terraforming level (rulebook, terraforming)."""
    digging = state.faction(seat).digging
    return digging.spade_cost[min(state.dig[seat], len(digging.spade_cost) - 1)]


def dig(state: TMState, seat: int, amount: int) -> None:
    """Buy ``amount`` spades at the faction's terraforming rate."""
    digging = state.faction(seat).digging
    pay(state, seat, spade_cost(state, seat).scaled(amount), f"{amount} spade(s)")
    state.vp[seat] += digging.vp_per_bought_spade * amount
    gain_spades(state, seat, amount)


def gain_spades(state: TMState, seat: int, amount: int) -> None:
    """Spades gained (bought or free): the round's spade VP, Halflings' VP, Alchemists' power
    are scored when the spades are gained (a spade thrown away keeps them)."""
    faction = state.faction(seat)
    state.spades[seat] += amount
    if 1 <= state.round <= len(state.scoring):
        state.vp[seat] += SCORING_TILES[state.scoring[state.round - 1]].vp_per_spade * amount
    state.vp[seat] += faction.spade_gain.vp * amount
    if faction.spade_gain_with_stronghold and has_building(state, seat, SH):
        gain_power(state, seat, faction.spade_gain_with_stronghold.pw * amount)


def transform(state: TMState, seat: int, hex_id: str, target: Terrain) -> None:
    """Turn an empty hex into ``target`` with the spades the seat holds (bought with ``dig``
    or given by an action)."""
    index = HEX_INDEX[hex_id]
    if state.owner[index] >= 0:
        raise IllegalAction(f"{hex_id} already has a building")
    needed = spades_needed(state, seat, hex_id, target)
    if needed == 0:
        raise IllegalAction(f"{hex_id} already is {target.color}")
    if state.spades[seat] < needed:
        have = state.spades[seat]
        raise IllegalAction(
            f"turning {hex_id} into {target.color} takes {needed} spade(s), you hold {have}:"
            f" dig {needed - have} first"
        )
    ensure_reach(state, seat, hex_id)
    state.spades[seat] -= needed
    state.terrain[index] = int(target)


def place_bridge(state: TMState, seat: int, a: str, b: str) -> None:
    if not is_bridge_spot(a, b):
        raise IllegalAction(f"no bridge can join {a} and {b}")
    if any({x[1], x[2]} == {a, b} for x in state.bridges):
        raise IllegalAction(f"there already is a bridge between {a} and {b}")
    if sum(1 for x in state.bridges if x[0] == seat) >= 3:
        raise IllegalAction("you have no bridge left")
    state.bridges.append([seat, a, b])
