"""Legal-move generation for a game played on the platform.

Every move is a Snellman command (see :mod:`.notation`).  A seat's turn in the action phase
(rulebook, phase II) is one *main* action (the eight kinds of the rulebook: transform and
build, upgrade, priest to a cult, shipping, terraforming, power action, special action,
pass), the decisions it leads to (favor and town tiles, cult steps, using free spades,
placing a bridge), any number of free conversions and burns, then ``done``.  The checks here
mirror the rules modules so that every listed move is accepted; the conformance suite plays
every listed move to prove it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Final

from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.actions import execute
from tabletop.games.terra_mystica.build import UPGRADE_FROM, has_opponent_neighbour, upgrade_cost
from tabletop.games.terra_mystica.cults import can_climb, can_step, priests_on_board
from tabletop.games.terra_mystica.data.board import (
    BIT_INDEX,
    BRIDGE_SPOTS,
    LAND_HEXES,
    LAND_NEIGHBOURS,
    RIVER_NEIGHBOURS,
    bits,
)
from tabletop.games.terra_mystica.data.common import (
    BRIDGES_MAX,
    BUILDING_LIMITS,
    EXCHANGE_RATES,
    NOTHING,
    OPTION_STRICT_CHAOSMAGICIAN_SH,
    PRIESTS_MAX,
    Building,
    Resources,
)
from tabletop.games.terra_mystica.data.cults import (
    PRIEST_SPACES,
)
from tabletop.games.terra_mystica.data.factions import FACTIONS, Faction
from tabletop.games.terra_mystica.data.terrain import COLORS, WHEEL_SIZE, Terrain
from tabletop.games.terra_mystica.data.tiles import FACTION_ACTIONS, POWER_ACTIONS, FactionAction
from tabletop.games.terra_mystica.resources import affordable, can_pay
from tabletop.games.terra_mystica.setup import faction_choices
from tabletop.games.terra_mystica.state import (
    BUILDING_NAMES,
    HEX_INDEX,
    SETUP_BONUS,
    SETUP_DWELLINGS,
    SETUP_FACTIONS,
    SH,
    TP,
    TMState,
)
from tabletop.games.terra_mystica.terraform import Reach, spade_cost, transform_options
from tabletop.games.terra_mystica.towns import check_towns, components

# Flags of the current action (kept in ``state.flags[seat]``, cleared when the turn ends).
DWELLING: Final = "dwelling"  # the action may still build one dwelling
TRANSFORMED: Final = "t:"  # prefix: ``t:E7``, a hex the action has transformed
DIG_OK: Final = "dig-ok"  # missing spades may still be bought (first hex of a spade action)
TRANSFORMS: Final = "tf:"  # prefix: ``tf:2``, hexes the action's spades may still transform
HOME_ONLY: Final = "home-tf"  # the action's remaining spades may only make home terrain
DUG: Final = "dug"  # spades were bought on their own (``dig``): they must all be used
ACTED: Final = "acted"  # a main action was taken this turn
#: Flags of optional follow-ups, dropped when the seat starts another main action.
OPTIONAL_FLAGS: Final = (
    DWELLING,
    DIG_OK,
    HOME_ONLY,
    DUG,
    "witches-ride",
    "free-tp",
    "sandstorm",
)


def is_action_flag(flag: str) -> bool:
    """True for the flags of the current action (they lapse when another one starts)."""
    return flag in OPTIONAL_FLAGS or flag.startswith((TRANSFORMED, TRANSFORMS))


def transforms_left(flags: list[str]) -> int:
    """Hexes the current action's spades may still transform."""
    for flag in flags:
        if flag.startswith(TRANSFORMS):
            return int(flag[len(TRANSFORMS) :])
    return 0


CULTS: Final = tuple(N.Cult)
#: River cell -> the land hexes on its banks.
LAND_OF_RIVER: Final = {
    river: frozenset(h for h in LAND_HEXES if river in RIVER_NEIGHBOURS[h])
    for river in {r for h in LAND_HEXES for r in RIVER_NEIGHBOURS[h]}
}
DONE: Final = N.Done()
_DOUBLE_TURN: Final = N.Action("ACTC")
#: The printed conversions (rulebook, "Výměna"); factions add their own (Alchemists).
PRINTED_CONVERSIONS: Final = (("PW", "C"), ("PW", "W"), ("PW", "P"), ("P", "W"), ("W", "C"))
_RESOURCE = {r.value: r for r in N.Resource}
#: Building code -> the codes it may be upgraded to, in listing order.
_UPGRADES_OF: Final = {
    source: [target for target, s in UPGRADE_FROM.items() if s == source]
    for source in UPGRADE_FROM.values()
}
_BUILDING_OF = {code: Building(BUILDING_NAMES[code]) for code in range(1, 6)}
_NOTATION_BUILDING = {code: N.Building(BUILDING_NAMES[code]) for code in range(1, 6)}
_TERRAIN_WORD = {t: N.Terrain(COLORS[t]) for t in Terrain}
# Commands listed again and again, built once (by map index, then terrain).
_BUILD: Final = tuple(N.Build(h) for h in LAND_HEXES)
_UPGRADE: Final = tuple(
    {code: N.Upgrade(h, _NOTATION_BUILDING[code]) for code in (2, 3, 4, 5)} for h in LAND_HEXES
)
_SEND: Final = tuple(
    {value: N.Send(cult, value) for value in {1, *PRIEST_SPACES}} for cult in CULTS
)
_ACTION: Final = {
    name: N.Action(name) for name in (*POWER_ACTIONS, *FACTION_ACTIONS, "BON1", "BON2", "FAV6")
}
_PASS: Final = {number: N.Pass(number) for number in range(1, 11)}
_TOWN: Final = {number: N.Town(number) for number in range(1, 9)}
_FAVOR: Final = {number: N.Favor(number) for number in range(1, 13)}
_CULT_STEP: Final = {
    (i, steps): N.CultStep(c, steps) for i, c in enumerate(CULTS) for steps in (1, 2, 3)
}
_DIG: Final = {k: N.Dig(k) for k in range(1, 4)}
_BRIDGE: Final = {spot: N.Bridge(*spot) for spot in BRIDGE_SPOTS}
_ADVANCE_SHIP: Final = N.Advance(N.Track.SHIP)
_ADVANCE_DIG: Final = N.Advance(N.Track.DIG)
_PASS_LAST: Final = N.Pass()
_SETUP: Final = {name: N.Setup(name) for name in FACTIONS}
_TRANSFORM: Final = tuple(
    tuple(N.Transform(h, _TERRAIN_WORD[t]) for t in Terrain) for h in LAND_HEXES
)


def mandatory(state: TMState, seat: int) -> list[N.Command]:
    """Decisions ``seat`` must take before another action or ``done``: the bridge of a bridge
    action, town tiles, favor tiles, cult steps, in any order (empty when none is owed)."""
    moves: list[N.Command] = []
    flags = state.flags[seat]
    if "bridge" in flags:
        moves += _bridge_moves(state, seat)
    if not _MANDATORY_EFFECTS.isdisjoint(flags):
        moves += _special_effects(state, seat)
    if state.pending_towns[seat]:
        moves += [
            _TOWN.get(k) or N.Town(k)
            for k in _numbers(state.town_pool, "TW")
            if state.town_pool[f"TW{k}"]
        ]
    if state.pending_favors[seat]:
        held = state.favors[seat]
        moves += [
            _FAVOR.get(k) or N.Favor(k)
            for k in _numbers(state.favor_pool, "FAV")
            if state.favor_pool[f"FAV{k}"] and f"FAV{k}" not in held
        ]
    for flag in state.flags[seat]:
        if flag.startswith("cult-step"):
            steps = int(flag[9:] or 1)
            moves += [
                _CULT_STEP.get((i, steps)) or N.CultStep(c, steps)
                for i, c in enumerate(CULTS)
                if can_step(state, seat, i)
            ]
            break
    return moves


def _numbers(tiles: dict[str, int], prefix: str) -> list[int]:
    """The tile numbers of a pool in order (a pool's key order depends on its history)."""
    skip = len(prefix)
    numbers = [int(t[skip:]) for t in tiles]
    numbers.sort()
    return numbers


def leech_choices(state: TMState, seat: int) -> list[N.Command]:
    """The seat's answer to the oldest power offer made to it."""
    for source, target, amount, _event in state.leech_offers:
        if target == seat:
            name = state.factions[source]
            return [N.Leech(amount, name), N.Decline(amount, name)]
    return []


def setup_choices(state: TMState, seat: int) -> list[N.Command]:
    if state.phase == SETUP_FACTIONS:
        return [_SETUP.get(name) or N.Setup(name) for name in faction_choices(state)]
    if state.phase == SETUP_DWELLINGS:
        home = state.faction(seat).home
        return [_BUILD[i] for i in _empty_of_terrain(state, home)]
    if state.phase == SETUP_BONUS:
        return [_PASS.get(k) or N.Pass(k) for k in _numbers(state.bonus_coins, "BON")]
    return []


def _empty_of_terrain(state: TMState, terrain: int) -> list[int]:
    """Map indices of the empty hexes of ``terrain``, in map order."""
    terrains, owner = state.terrain, state.owner
    found = []
    i = -1
    for _ in range(terrains.count(terrain)):  # list scans in C: a terrain has few hexes
        i = terrains.index(terrain, i + 1)
        if owner[i] < 0:
            found.append(i)
    return found


def income_spade_choices(state: TMState, seat: int) -> list[N.Command]:
    """Cult-bonus spades (rulebook, phase III): transform reachable hexes, no dwelling, no
    spade bought, no tunnel or carpet flight."""
    reach = Reach(state, seat)
    held = state.spades[seat]
    moves: list[N.Command] = [
        _TRANSFORM[i][target]
        for i, _far, target, need in _transforms(state, seat, reach.direct)
        if need <= held
    ]
    moves.append(DONE)
    return moves


def turn_choices(state: TMState, seat: int) -> list[N.Command]:
    """The active seat's moves in the action phase (mandatory decisions come first)."""
    forced = mandatory(state, seat)
    free = free_actions(state, seat)
    if state.mains >= 2 and not state.has_option(OPTION_STRICT_CHAOSMAGICIAN_SH):
        free = [f for f in free if _keeps_an_action(state, seat, f)]
    if forced:
        return forced + free
    moves = follow_ups(state, seat)
    if state.spades[seat] and DUG in state.flags[seat]:
        return moves + free  # spades bought on their own are used before anything else
    if state.mains > 0:
        moves += main_actions(state, seat)
    moves += free
    if ACTED in state.flags[seat] and state.mains <= 0:
        moves.append(DONE)  # the Chaos Magicians' double turn is exactly two actions
    return moves


def _keeps_an_action(state: TMState, seat: int, free: N.Command) -> bool:
    """In the Chaos Magicians' double turn (without ``strict-chaosmagician-sh``) the first of
    the two actions is not a pass: a conversion that would leave nothing else is not
    offered."""
    trial = state.copy()
    execute(trial, seat, free, auto=False)
    return any(not isinstance(m, N.Pass) for m in main_actions(trial, seat))


# -- reach -------------------------------------------------------------------------------


def _transforms(
    state: TMState, seat: int, hexes: int, direct: int = -1
) -> Iterator[tuple[int, bool, int, int]]:
    """(map index, over a flight, target terrain, spades needed) for every empty hex of the
    mask ``hexes`` in name order (``direct``: the hexes reached without a flight), as
    :func:`.terraform.transform_options` counts them."""
    faction = state.faction(seat)
    options = transform_options(faction.home, faction.fixed_home_spades, state.spades[seat])
    owner, terrain = state.owner, state.terrain
    for k in bits(hexes):
        i = BIT_INDEX[k]
        if owner[i] < 0:
            far = not (direct >> k) & 1
            for target, need in options[terrain[i]]:
                yield i, far, target, need


def spade_price(state: TMState, seat: int, spades: int) -> Resources:
    return spade_cost(state, seat).scaled(spades)


# -- follow-ups --------------------------------------------------------------------------


#: Flags that open optional follow-ups (see :func:`follow_ups`).
_FOLLOW_UP_FLAGS: Final = frozenset((DWELLING, "darkling-sh"))


def has_follow_ups(state: TMState, seat: int) -> bool:
    """False when :func:`follow_ups` is surely empty (a cheap test for ``apply``)."""
    return (
        state.spades[seat] > 0
        or bool(state.faction(seat).river_town_skip)
        or not _FOLLOW_UP_FLAGS.isdisjoint(state.flags[seat])
    )


#: Faction actions whose effect is taken with them (the action is only offered when it can
#: be): the witches' ride, the Swarmlings' free trading house, the Nomads' sandstorm.
_MANDATORY_EFFECTS: Final = frozenset(("witches-ride", "free-tp", "sandstorm"))


def _special_effects(state: TMState, seat: int) -> list[N.Command]:
    flags = state.flags[seat]
    faction = state.faction(seat)
    moves: list[N.Command] = []
    if "witches-ride" in flags and state.count(seat, 1) < BUILDING_LIMITS[Building.D]:
        moves += [_BUILD[i] for i in _empty_of_terrain(state, faction.home)]
    if "free-tp" in flags and state.count(seat, TP) < BUILDING_LIMITS[Building.TP]:
        moves += [_UPGRADE[i][TP] for i in state.indices_of(seat) if state.building[i] == 1]
    if "sandstorm" in flags:
        moves += _sandstorm_moves(state, seat, faction)
    return moves


def follow_ups(state: TMState, seat: int) -> list[N.Command]:
    """Optional decisions the current action allows: using its spades, building its
    dwelling, the Mermaids' river towns, the Darklings' exchange."""
    flags = state.flags[seat]
    faction = state.faction(seat)
    moves: list[N.Command] = []
    if DWELLING in flags:
        moves += _dwelling_on_transformed(state, seat, faction)
    if state.spades[seat] > 0:
        moves += _spade_moves(state, seat, faction)
    if DIG_OK in flags:
        moves += dig_moves(state, seat, faction)
    if faction.river_town_skip:
        moves += river_towns(state, seat)
    if "darkling-sh" in flags:
        room = PRIESTS_MAX - state.p[seat] - priests_on_board(state, seat)
        for k in range(1, min(3, state.w[seat], room) + 1):
            moves.append(N.Convert(k, N.Resource.WORKER, k, N.Resource.PRIEST))
    return moves


def river_towns(state: TMState, seat: int) -> list[N.Command]:
    """Mermaids: ``connect R`` for each river cell that joins two groups of their buildings
    into a new town (rulebook, Mermaids: buildings one river cell apart may, but need not,
    form a town)."""
    groups = components(state, seat)
    if len(groups) < 2:
        return []
    group_of = {h: k for k, group in enumerate(groups) for h in group}
    linked = {link[1] for link in state.river_links if link[0] == seat}
    candidates: set[str] = set()
    for h in group_of:
        for river in RIVER_NEIGHBOURS[h]:
            if river in linked or river in candidates:
                continue
            touching = {group_of[o] for o in LAND_OF_RIVER[river] if o in group_of}
            if len(touching) >= 2:
                candidates.add(river)
    moves: list[N.Command] = []
    for river in sorted(candidates):
        trial = state.copy()
        trial.river_links.append([seat, river])
        if check_towns(trial, seat) > 0:
            moves.append(N.Connect((river,)))
    return moves


def _dwelling_on_transformed(state: TMState, seat: int, faction: Faction) -> list[N.Command]:
    """The action's dwelling on a hex it turned into the home terrain, once all of its
    spades are used (rulebook, spades: the dwelling comes after the transforms)."""
    if state.spades[seat]:
        return []
    moves: list[N.Command] = []
    reach: Reach | None = None
    for flag in state.flags[seat]:
        if not flag.startswith(TRANSFORMED):
            continue
        spot = flag[len(TRANSFORMED) :]
        index = HEX_INDEX[spot]
        if state.owner[index] >= 0 or state.terrain[index] != faction.home:
            continue
        reach = reach or Reach(state, seat)
        extra = reach.cost(spot)
        if extra is not None and _can_build(state, seat, faction, extra):
            moves.append(_BUILD[index])
    return moves


def _can_build(state: TMState, seat: int, faction: Faction, extra: Resources) -> bool:
    if state.count(seat, 1) >= BUILDING_LIMITS[Building.D]:
        return False
    return can_pay(state, seat, faction.buildings[Building.D].cost + extra)


def _spade_moves(state: TMState, seat: int, faction: Faction) -> list[N.Command]:
    """Free spades of a spade action (rulebook, spades; as the Snellman site counts them):

    * the first hex may take more spades than the action gives, bought (``dig``) at once;
    * each further hex uses the spades left; once a hex is turned into a terrain other than
      the home terrain, the rest may only turn a hex into the home terrain;
    * the action's dwelling goes on a hex turned into the home terrain, using its last
      spades; spades left at the end are lost.
    """
    reach = Reach(state, seat)
    flags = state.flags[seat]
    free = state.spades[seat]
    home = faction.home
    left = transforms_left(flags)
    home_only = HOME_ONLY in flags
    moves: list[N.Command] = []
    builds: list[N.Command] = []
    for i, far, target, need in _transforms(state, seat, reach.direct | reach.far, reach.direct):
        extra = reach.far_cost if far else NOTHING
        if need > free:
            if DIG_OK not in flags:
                continue
            extra = extra + spade_price(state, seat, need - free)
            rest = 0
        else:
            rest = free - need
            if left < 1 or (rest and (target != home or DUG in flags) and left < 2):
                continue  # no hex left for the spades that would remain
        if (home_only and target != home) or not can_pay(state, seat, extra):
            continue
        moves.append(_TRANSFORM[i][target])
        if (
            target == home
            and not rest
            and DWELLING in flags
            and _can_build(state, seat, faction, extra)
        ):
            builds.append(_BUILD[i])
    return builds + moves


def dig_moves(
    state: TMState, seat: int, faction: Faction, reach: Reach | None = None
) -> list[N.Command]:
    """``dig N``: spades bought on their own, before the transform that uses them, for the
    Alchemists with their stronghold (each spade gives them power, which may pay for the next:
    rulebook, "jsou možné i mezikroky").  Only as many as some reachable hex can use at once
    (the spades bought must all be used; for every other faction a build or transform buys
    its spades itself)."""
    if not faction.spade_gain_with_stronghold or state.count(seat, SH) == 0:
        return []
    held = state.spades[seat]
    reach = reach or Reach(state, seat)
    needs = {need - held for *_, need in _transforms(state, seat, reach.direct | reach.far)}
    return [
        _DIG[k]
        for k in range(1, 4)
        if k in needs and can_pay(state, seat, spade_price(state, seat, k))
    ]


def _sandstorm_moves(state: TMState, seat: int, faction: Faction) -> list[N.Command]:
    """Nomads' sandstorm: a hex sharing an edge with one of their buildings (never across
    the river, bridges do not count) turns to desert; they may build there."""
    near: set[str] = set()
    for i, o in enumerate(state.owner):
        if o == seat:
            near |= LAND_NEIGHBOURS[LAND_HEXES[i]]
    moves: list[N.Command] = []
    for h in sorted(near):
        index = HEX_INDEX[h]
        if state.owner[index] >= 0 or state.terrain[index] == Terrain.DESERT:
            continue
        moves.append(_TRANSFORM[index][Terrain.DESERT])
        if _can_build(state, seat, faction, NOTHING):
            moves.append(_BUILD[index])
    return moves


def _bridge_moves(state: TMState, seat: int) -> list[N.Command]:
    """A bridge over the river with one of the seat's buildings at an end (rulebook, power
    action bridge)."""
    bridges = state.bridges
    if bridges and sum(1 for b in bridges if b[0] == seat) >= BRIDGES_MAX:
        return []
    built = {frozenset((b[1], b[2])) for b in bridges}
    owner = state.owner
    moves: list[N.Command] = []
    for a, b, ia, ib in _BRIDGE_ENDS:
        if (owner[ia] == seat or owner[ib] == seat) and (
            not built or frozenset((a, b)) not in built
        ):
            moves.append(_BRIDGE[a, b])
    return moves


#: The bridge spots with the map indices of their ends.
_BRIDGE_ENDS: Final = tuple((a, b, HEX_INDEX[a], HEX_INDEX[b]) for a, b in BRIDGE_SPOTS)


# -- main actions ------------------------------------------------------------------------


def main_actions(state: TMState, seat: int) -> list[N.Command]:
    """The eight kinds of action of the rulebook (phase II).

    The Chaos Magicians' double turn is exactly two actions (see docs/rulings.md): passing
    as the first of them ends it only with ``strict-chaosmagician-sh``; without that option
    they pass as the second, so the double turn is only offered when another action than
    passing can follow it.
    """
    faction = state.faction(seat)
    reach = Reach(state, seat)  # with the seat's buildings, for all of them
    building = state.building
    have = [building[i] for i in reach.own]
    moves = _build_moves(state, seat, faction, reach, have)
    moves += _upgrade_moves(state, seat, faction, reach.own, have)
    climbable = [can_climb(state, seat, c) for c in range(len(CULTS))]
    moves += _priest_moves(state, seat, climbable)
    moves += _advance_moves(state, seat, faction)
    moves += _special_actions(state, seat, faction, have, any(climbable))
    moves += dig_moves(state, seat, faction, reach)
    strict = state.has_option(OPTION_STRICT_CHAOSMAGICIAN_SH)
    if not strict and moves == [_DOUBLE_TURN]:
        moves = []
    if state.mains < 2 or strict or not moves:
        moves += _pass_moves(state)
    return moves


def _build_moves(
    state: TMState, seat: int, faction: Faction, reach: Reach, have: list[int]
) -> list[N.Command]:
    """Action 1: transform a reachable hex (paying its spades), and build a dwelling on it
    when it becomes the home terrain (``build H`` does both).  Listed: the dwellings on hexes
    of the home terrain, the dwellings after a transform, then the transforms.  ``have``:
    the codes of the seat's buildings (of ``reach.own``)."""
    home = faction.home
    unit = spade_cost(state, seat)  # spades cost the same each
    dwelling = faction.buildings[Building.D].cost
    room = have.count(1) < BUILDING_LIMITS[Building.D]
    held = state.spades[seat]
    # what the seat can pay for, reaching a hex directly ([0]) or over a flight ([1])
    allowed = [
        _affordable_transforms(
            home,
            faction.fixed_home_spades,
            held,
            affordable(state, seat, unit),
            affordable(state, seat, unit, dwelling) if room else -1,
        )
    ]
    if reach.far:
        extra = reach.far_cost
        allowed.append(
            _affordable_transforms(
                home,
                faction.fixed_home_spades,
                held,
                affordable(state, seat, unit, extra),
                affordable(state, seat, unit, dwelling + extra) if room else -1,
            )
        )
    builds: list[N.Command] = []
    built: list[N.Command] = []
    transforms: list[N.Command] = []
    direct = reach.direct
    owner, terrain = state.owner, state.terrain
    for k in bits((direct | reach.far) & ~reach.own_mask):
        i = BIT_INDEX[k]
        if owner[i] >= 0:
            continue
        can_build, table = allowed[not (direct >> k) & 1]
        current = terrain[i]
        if current == home and can_build:
            builds.append(_BUILD[i])
        for target, with_dwelling in table[current]:
            transforms.append(_TRANSFORM[i][target])
            if with_dwelling:
                built.append(_BUILD[i])
    return builds + built + transforms


def _affordable_transforms(
    home: Terrain, fixed: int | None, held: int, most: int, most_built: int
) -> tuple[bool, tuple[tuple[tuple[int, bool], ...], ...]]:
    """Given the most spades a seat can pay for (``most``) and with a dwelling on top
    (``most_built``, -1: not even the dwelling): whether it can build a dwelling, and for
    each terrain the transforms it can pay for, (target, whether a dwelling can follow)."""
    return _transforms_within(
        home, fixed, held, min(most, WHEEL_SIZE), max(-1, min(most_built, WHEEL_SIZE))
    )


@cache
def _transforms_within(
    home: Terrain, fixed: int | None, held: int, most: int, most_built: int
) -> tuple[bool, tuple[tuple[tuple[int, bool], ...], ...]]:
    return most_built >= 0, tuple(
        tuple(
            (target, target == home and need <= most_built)
            for target, need in options
            if need <= most
        )
        for options in transform_options(home, fixed, held)
    )


def _upgrade_moves(
    state: TMState, seat: int, faction: Faction, own: list[int], have: list[int]
) -> list[N.Command]:
    """Action 4: upgrade a building (trading house, temple, stronghold, sanctuary); ``own``:
    the map indices of the seat's buildings, ``have`` their codes."""
    # which upgrades the seat has a building left for and can pay (a trading house with an
    # opponent next door, and without one)
    ok = {
        target: have.count(target) < BUILDING_LIMITS[_BUILDING_OF[target]]
        and can_pay(state, seat, upgrade_cost(faction, target, False))
        for target in UPGRADE_FROM
    }
    # a trading house costs more with no opponent next door: asked hex by hex only if it
    # matters
    tp_lonely = ok[TP] and can_pay(state, seat, upgrade_cost(faction, TP, True))
    moves: list[N.Command] = []
    for i, code in zip(own, have, strict=True):
        for target in _UPGRADES_OF.get(code, ()):
            if ok[target] and (target != TP or tp_lonely or has_opponent_neighbour(state, seat, i)):
                moves.append(_UPGRADE[i][target])
    return moves


def _priest_moves(state: TMState, seat: int, climbable: list[bool]) -> Iterator[N.Command]:
    """Action 5: a priest to a cult track (a free 3- or 2-space, or one step) on which the
    seat's marker can move (``climbable``, by cult)."""
    if state.p[seat] < 1:
        return
    for i in range(len(CULTS)):
        if not climbable[i]:
            continue
        sends = _SEND[i]
        spaces = state.cult_spaces[i]
        if min(spaces) < 0:  # a free priest space
            values = {PRIEST_SPACES[k] for k, s in enumerate(spaces) if s < 0}
            for value in sorted(values, reverse=True):
                yield sends[value]
        yield sends[1]


def _advance_moves(state: TMState, seat: int, faction: Faction) -> Iterator[N.Command]:
    """Actions 2 and 3: shipping and terraforming tracks."""
    ship = faction.shipping
    if (
        ship is not None
        and state.ship[seat] < ship.max_level
        and can_pay(state, seat, ship.advance_cost)
    ):
        yield _ADVANCE_SHIP
    dig = faction.digging
    if (
        dig.advance_cost is not None
        and state.dig[seat] < dig.max_level
        and can_pay(state, seat, dig.advance_cost)
    ):
        yield _ADVANCE_DIG


def _special_actions(
    state: TMState, seat: int, faction: Faction, have: list[int], climb: bool
) -> Iterator[N.Command]:
    """Actions 6 and 7: power actions, faction actions, bonus and favor tile actions (those
    whose effect could not be used are not offered, see docs/rulings.md).  ``have``: the
    codes of the seat's buildings; ``climb``: whether a cult step would move its marker."""
    used = state.used_actions
    for name, power in POWER_ACTIONS.items():
        if name in used or state.bowls[seat][2] < power.cost_pw:
            continue
        if power.bridge and not _bridge_moves(state, seat):
            continue
        yield _ACTION[name]
    for name, action in _actions_of(faction.name):
        if action.once_per_round and f"{name}:{seat}" in used:
            continue
        if action.needs_stronghold and SH not in have:
            continue
        if can_pay(state, seat, action.cost) and _has_effect(state, seat, faction, action):
            yield _ACTION[name]
    bonus = state.bonus[seat]
    if (bonus == "BON1" or (bonus == "BON2" and climb)) and f"{bonus}:{seat}" not in used:
        yield _ACTION[bonus]
    if climb and "FAV6" in state.favors[seat] and f"FAV6:{seat}" not in used:
        yield _ACTION["FAV6"]


@cache
def _actions_of(faction: str) -> tuple[tuple[str, FactionAction], ...]:
    return tuple((name, a) for name, a in FACTION_ACTIONS.items() if a.faction == faction)


def _has_effect(state: TMState, seat: int, faction: Faction, action: FactionAction) -> bool:
    if action.bridge:
        return bool(_bridge_moves(state, seat))
    if action.cult_steps:
        return any(can_climb(state, seat, c) for c in range(len(CULTS)))
    if action.free_dwelling_anywhere_on_home:
        return state.count(seat, 1) < BUILDING_LIMITS[Building.D] and bool(
            _empty_of_terrain(state, faction.home)
        )
    if action.free_trading_house:
        return state.count(seat, TP) < BUILDING_LIMITS[Building.TP] and state.count(seat, 1) > 0
    if action.free_transform_adjacent:
        return bool(_sandstorm_moves(state, seat, faction))
    return True


def _pass_moves(state: TMState) -> Iterator[N.Command]:
    """Action 8: pass, taking a new bonus tile (none in the last round)."""
    if state.round >= 6:
        yield _PASS_LAST
        return
    for number in _numbers(state.bonus_coins, "BON"):
        yield _PASS.get(number) or N.Pass(number)


# -- free actions ------------------------------------------------------------------------


def free_actions(state: TMState, seat: int) -> list[N.Command]:
    """Burning power and the conversions (one unit at a time), allowed during one's turn."""
    bowls = state.bowls[seat]
    most = bowls[1] // 2
    moves: list[N.Command] = (
        list(_BURNS[:most]) if most < len(_BURNS) else [N.Burn(k) for k in range(1, most + 1)]
    )
    have = (bowls[2], state.c[seat], state.w[seat], state.p[seat], state.vp[seat])
    room = None
    for source, to_priest, rate, command in _CONVERSIONS[state.factions[seat]]:
        if have[source] < rate:
            continue
        if to_priest:
            if room is None:
                room = PRIESTS_MAX - state.p[seat] - priests_on_board(state, seat)
            if room < 1:
                continue
        moves.append(command)
    return moves


#: ``burn N``, built once (a bowl holds 12 tokens at most unless tokens are added).
_BURNS: Final = tuple(N.Burn(amount) for amount in range(1, 32))


def _conversions(name: str) -> tuple[tuple[int, bool, int, N.Command], ...]:
    """(what is paid, as an index into :data:`_HELD`; whether a priest is made; units paid;
    the command) of each conversion a faction may make, in listing order: the printed ones
    (rulebook, "Výměna"), then the faction's own."""
    faction = FACTIONS[name]
    pairs = list(PRINTED_CONVERSIONS) + [
        pair for pair in faction.exchange_overrides if pair not in PRINTED_CONVERSIONS
    ]
    found = []
    for source, target in pairs:
        rate = faction.rate(source, target)
        if rate is None:
            continue
        if (source, target) not in EXCHANGE_RATES and (source, target) not in (
            faction.exchange_overrides
        ):
            continue
        made = N.Convert(rate, _RESOURCE[source], 1, _RESOURCE[target])
        command = _CONVERT.setdefault(made, made)  # one object per conversion
        found.append((_HELD.index(source), target == "P", rate, command))
    return tuple(found)


#: The resources a conversion may pay, in the order :func:`free_actions` reads them.
_HELD: Final = ("PW", "C", "W", "P", "VP")
_CONVERT: dict[N.Command, N.Command] = {}
#: Each faction's conversions (see :func:`_conversions`).
_CONVERSIONS: Final = {name: _conversions(name) for name in FACTIONS}


#: Every command built once above, for :mod:`.game` to give each its action first.
PREBUILT: Final[tuple[N.Command, ...]] = (
    DONE,
    _PASS_LAST,
    _ADVANCE_SHIP,
    _ADVANCE_DIG,
    *_BUILD,
    *(command for row in _TRANSFORM for command in row),
    *(command for row in _UPGRADE for command in row.values()),
    *(command for row in _SEND for command in row.values()),
    *_ACTION.values(),
    *_PASS.values(),
    *_TOWN.values(),
    *_FAVOR.values(),
    *_CULT_STEP.values(),
    *_DIG.values(),
    *_BRIDGE.values(),
    *_BURNS,
    *_CONVERT.values(),
    *_SETUP.values(),
)
