"""Executing Snellman commands (see :mod:`.notation`) on a state: every player action."""

from __future__ import annotations

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.build import (
    build_dwelling,
    place_initial_dwelling,
    take_favor,
    upgrade,
)
from tabletop.games.terra_mystica.cults import advance, gain_priests, send_priest
from tabletop.games.terra_mystica.data.board import RIVER_NEIGHBOURS, direct_neighbours
from tabletop.games.terra_mystica.data.common import Resources
from tabletop.games.terra_mystica.data.cults import CULT_MAX
from tabletop.games.terra_mystica.data.terrain import Terrain
from tabletop.games.terra_mystica.data.tiles import FACTION_ACTIONS, POWER_ACTIONS
from tabletop.games.terra_mystica.flow import Observer
from tabletop.games.terra_mystica.flow import advance as advance_flow
from tabletop.games.terra_mystica.power import accept, burn, decline, gain_power, spend_power
from tabletop.games.terra_mystica.resources import gain, pay
from tabletop.games.terra_mystica.scoring import pass_vp
from tabletop.games.terra_mystica.state import (
    BUILDING_CODES,
    HEX_INDEX,
    OVER,
    PLAY,
    SETUP_BONUS,
    SETUP_DWELLINGS,
    TMState,
)
from tabletop.games.terra_mystica.terraform import (
    bridge_pairs,
    dig,
    gain_spades,
    has_building,
    place_bridge,
    transform,
    transform_target,
)
from tabletop.games.terra_mystica.towns import check_towns, take_town_tile

CULT_INDEX = {c.value: i for i, c in enumerate(N.Cult)}
#: The Darklings' stronghold exchange as the site names it (``-3CONVERT_W_TO_P`` declines it).
DARKLING_EXCHANGE = "CONVERT_W_TO_P"
DARKLING_EXCHANGE_MAX = 3
#: Giving back cult steps (``-AIR``) must leave the marker at this level or above.
CULT_KEEP_WHEN_GIVING_BACK = 7
RESOURCE_KEY = {
    N.Resource.POWER: "PW",
    N.Resource.COIN: "C",
    N.Resource.WORKER: "W",
    N.Resource.PRIEST: "P",
    N.Resource.VP: "VP",
}


def begin_turn(state: TMState, seat: int) -> None:
    """Forget what the previous action of ``seat`` allowed (free spades, bridges...)."""
    state.teleport_to[seat] = ""
    keep = ("darkling-sh", "cult-step", "leech-")
    state.flags[seat] = [f for f in state.flags[seat] if f.startswith(keep)]


def execute(
    state: TMState,
    seat: int,
    command: N.Command,
    observer: Observer | None = None,
    *,
    auto: bool = True,
) -> None:
    """Apply one command of ``seat``, then (``auto``) the automatic steps that follow;
    raise IllegalAction (the state may be partly changed)."""
    if state.phase == OVER:
        raise IllegalAction("the game is over")
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalAction(f"{command.to_text()!r} is not supported yet")
    handler(state, seat, command)
    if auto:
        advance_flow(state, observer)


def _flag(state: TMState, seat: int, flag: str) -> bool:
    if flag in state.flags[seat]:
        state.flags[seat].remove(flag)
        return True
    return False


def _build(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Build)
    if state.phase == SETUP_DWELLINGS:
        place_initial_dwelling(state, seat, cmd.hex)
        return
    if _flag(state, seat, "witches-ride"):
        build_dwelling(state, seat, cmd.hex, free=True, anywhere=True)
        return
    if "sandstorm" in state.flags[seat]:
        _sandstorm(state, seat, cmd.hex)
    build_dwelling(state, seat, cmd.hex)


def _sandstorm(state: TMState, seat: int, hex_id: str) -> None:
    state.flags[seat].remove("sandstorm")
    index = HEX_INDEX[hex_id]
    if state.owner[index] >= 0:
        raise IllegalAction(f"{hex_id} already has a building")
    near = direct_neighbours(hex_id)
    if not any(state.owner[HEX_INDEX[h]] == seat for h in near):
        raise IllegalAction(f"the sandstorm only reaches hexes next to your buildings: {hex_id}")
    if state.terrain[index] == Terrain.DESERT:
        raise IllegalAction(f"{hex_id} is already desert")
    state.terrain[index] = int(Terrain.DESERT)


def _upgrade(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Upgrade)
    code = BUILDING_CODES[cmd.building.value]
    free = code == BUILDING_CODES["TP"] and _flag(state, seat, "free-tp")
    upgrade(state, seat, cmd.hex, code, free=free)


def _transform(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Transform)
    target = transform_target(state, seat, cmd)
    if "sandstorm" in state.flags[seat] and target == Terrain.DESERT:
        _sandstorm(state, seat, cmd.hex)
        return
    transform(state, seat, cmd.hex, target)


def _dig(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Dig)
    dig(state, seat, cmd.amount)


def _bridge(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Bridge)
    if not _flag(state, seat, "bridge"):
        raise IllegalAction("you need the bridge action to build a bridge")
    place_bridge(state, seat, cmd.hex1, cmd.hex2)
    check_towns(state, seat)


def _connect(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Connect)
    if not state.faction(seat).river_town_skip:
        raise IllegalAction("only the Mermaids may found a town across the river")
    if len(cmd.hexes) == 1:
        river = cmd.hexes[0]
    else:
        shared = set.intersection(*(set(RIVER_NEIGHBOURS[h]) for h in cmd.hexes[:2]))
        if not shared:
            raise IllegalAction("those hexes do not share a river cell")
        river = sorted(shared)[0]
    state.river_links.append([seat, river])
    check_towns(state, seat)


def _action(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Action)
    name = cmd.action
    key = name if name.startswith("ACT") and name[3:].isdigit() else f"{name}:{seat}"
    if name == "ACTE":
        key = ""
    if key and key in state.used_actions:
        raise IllegalAction(f"action {name} has already been used this round")
    if state.phase != PLAY:
        raise IllegalAction("actions are taken during the action phase")
    if name in POWER_ACTIONS:
        power = POWER_ACTIONS[name]
        spend_power(state, seat, power.cost_pw)
        gain(state, seat, power.gain)
        if power.spades:
            gain_spades(state, seat, power.spades)
        if power.bridge:
            state.flags[seat].append("bridge")
    elif name in FACTION_ACTIONS:
        action = FACTION_ACTIONS[name]
        if action.faction != state.factions[seat]:
            raise IllegalAction(f"{name} is not an action of your faction")
        if action.needs_stronghold and not has_building(state, seat, BUILDING_CODES["SH"]):
            raise IllegalAction(f"{name} needs your stronghold")
        pay(state, seat, action.cost, f"action {name}")
        if action.spades:
            gain_spades(state, seat, action.spades)
        if action.cult_steps:
            state.flags[seat].append(f"cult-step{action.cult_steps}")
        if action.bridge:
            state.flags[seat].append("bridge")
        if action.free_trading_house:
            state.flags[seat].append("free-tp")
        if action.free_dwelling_anywhere_on_home:
            state.flags[seat].append("witches-ride")
        if action.free_transform_adjacent:
            state.flags[seat].append("sandstorm")
    elif name.startswith("BON"):
        if state.bonus[seat] != name:
            raise IllegalAction(f"you do not hold {name}")
        if name == "BON1":
            gain_spades(state, seat, 1)
        else:
            state.flags[seat].append("cult-step")
    elif name == "FAV6":
        if "FAV6" not in state.favors[seat]:
            raise IllegalAction("you do not hold FAV6")
        state.flags[seat].append("cult-step")
    if key:
        state.used_actions.append(key)


def _send(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Send)
    send_priest(state, seat, CULT_INDEX[cmd.cult.value], cmd.amount)


def _advance(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Advance)
    faction = state.faction(seat)
    if cmd.track is N.Track.SHIP:
        ship = faction.shipping
        if ship is None or state.ship[seat] >= ship.max_level:
            raise IllegalAction("you cannot advance on the shipping track")
        pay(state, seat, ship.advance_cost, "advancing shipping")
        state.vp[seat] += ship.advance_vp[state.ship[seat]]
        state.ship[seat] += 1
    else:
        digging = faction.digging
        if digging.advance_cost is None or state.dig[seat] >= digging.max_level:
            raise IllegalAction("you cannot advance on the terraforming track")
        pay(state, seat, digging.advance_cost, "advancing terraforming")
        state.vp[seat] += digging.advance_vp[state.dig[seat]]
        state.dig[seat] += 1


def _burn(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Burn)
    if cmd.amount:  # the site accepts "burn 0", which does nothing
        burn(state, seat, cmd.amount)


def _convert(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Convert)
    source = RESOURCE_KEY[cmd.from_resource]
    target = RESOURCE_KEY[cmd.to_resource]
    if not cmd.from_amount or not cmd.to_amount:
        # the site reads a count of 0 as 1 ("convert 0PW to 0C" converts 1 PW to 1 C)
        cmd = N.Convert(
            cmd.from_amount or 1, cmd.from_resource, cmd.to_amount or 1, cmd.to_resource
        )
    if "darkling-sh" in state.flags[seat]:
        # the exchange is the first conversion after the stronghold, or never (as the site
        # counts it: any conversion uses up the one-time offer)
        if (source, target) == ("W", "P"):
            if cmd.from_amount != cmd.to_amount or cmd.from_amount > DARKLING_EXCHANGE_MAX:
                raise IllegalAction("the Darklings' stronghold exchanges up to 3 W for P, 1:1")
            pay(state, seat, Resources(w=cmd.from_amount), "the exchange")
            state.flags[seat].remove("darkling-sh")
            gain_priests(state, seat, cmd.to_amount)
            return
        state.flags[seat].remove("darkling-sh")
    rate = state.faction(seat).rate(source, target)
    if rate is None or cmd.from_amount != rate * cmd.to_amount:
        raise IllegalAction(f"you cannot convert {cmd.from_amount} {source} to {cmd.to_amount}")
    cost = Resources(**{source.lower(): cmd.from_amount})
    pay(state, seat, cost, "that conversion")
    if target == "P":
        gain_priests(state, seat, cmd.to_amount)
    else:
        gain(state, seat, Resources(**{target.lower(): cmd.to_amount}))


def _pass(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Pass)
    tile = None if cmd.bonus is None else f"BON{cmd.bonus}"
    if state.phase == SETUP_BONUS:
        if tile is None or state.bonus[seat]:
            raise IllegalAction("pick one bonus tile")
        _take_bonus(state, seat, tile)
        return
    if state.phase != PLAY or state.passed[seat]:
        raise IllegalAction("you cannot pass now")
    if state.round < 6 and tile is None:
        raise IllegalAction("pass with a bonus tile for the next round")
    if state.round >= 6 and tile is not None:
        raise IllegalAction("there is no bonus tile to take in the last round")
    state.vp[seat] += pass_vp(state, seat)
    old = state.bonus[seat]
    if tile is not None:
        _take_bonus(state, seat, tile)
    if old:
        state.bonus_coins[old] = 0
    state.passed[seat] = True
    state.pass_order.append(seat)


def _take_bonus(state: TMState, seat: int, tile: str) -> None:
    if tile not in state.bonus_coins:
        raise IllegalAction(f"{tile} is not available")
    state.c[seat] += state.bonus_coins.pop(tile)
    state.bonus[seat] = tile


def _leech(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Leech)
    accept(state, seat, cmd.faction)


def _decline(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Decline)
    decline(state, seat, cmd.faction)


def _favor(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Favor)
    take_favor(state, seat, f"FAV{cmd.number}")
    if cmd.number == 5:
        check_towns(state, seat)


def _town(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Town)
    for _ in range(cmd.count):
        take_town_tile(state, seat, f"TW{cmd.number}")


def _cult_step(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.CultStep)
    if cmd.amount < 0:
        _give_back_cult_steps(state, seat, CULT_INDEX[cmd.cult.value], -cmd.amount)
        return
    flags = state.flags[seat]
    allowed = f"cult-step{cmd.amount}" if cmd.amount > 1 else "cult-step"
    if allowed not in flags:
        raise IllegalAction(f"nothing lets you move {cmd.amount} on a cult track now")
    flags.remove(allowed)
    advance(state, seat, CULT_INDEX[cmd.cult.value], cmd.amount)


def _give_back_cult_steps(state: TMState, seat: int, cult: int, steps: int) -> None:
    """``-AIR``: the site lets a player step back on a cult track while staying at 7 or above
    and not from the top (its workaround for choosing the track of TW5's steps)."""
    level = state.cults[seat][cult]
    if level >= CULT_MAX or level - steps < CULT_KEEP_WHEN_GIVING_BACK:
        raise IllegalAction("cult steps cannot be given back (only while staying at 7 or above)")
    state.cults[seat][cult] = level - steps


def _discard(state: TMState, seat: int, what: str, amount: int) -> None:
    """``-2C``, ``-3VP``, ``-PW``: resources given back (the site allows it; power comes from
    bowl III back to bowl I)."""
    if what == "PW":
        spend_power(state, seat, amount)
        return
    have = {"VP": state.vp, "C": state.c, "W": state.w, "P": state.p}[what]
    if have[seat] < amount:
        raise IllegalAction(f"you have only {have[seat]} {what} to give back")
    have[seat] -= amount


def _adjust(state: TMState, seat: int, cmd: N.Command) -> None:
    assert isinstance(cmd, N.Adjust)
    if cmd.what == "SPADE" and cmd.amount < 0:
        if state.spades[seat] < -cmd.amount:
            raise IllegalAction("you have no spade to throw away")
        state.spades[seat] += cmd.amount
        return
    if cmd.what == DARKLING_EXCHANGE and cmd.amount == -DARKLING_EXCHANGE_MAX:
        if not _flag(state, seat, "darkling-sh"):
            raise IllegalAction("you have no stronghold exchange to decline")
        return
    if cmd.amount < 0 and cmd.what in ("VP", "C", "W", "P", "PW"):
        _discard(state, seat, cmd.what, -cmd.amount)
        return
    raise IllegalAction(f"{cmd.to_text()!r} is not an action")


def _nothing(state: TMState, seat: int, cmd: N.Command) -> None:
    return


def _resign(state: TMState, seat: int, cmd: N.Command) -> None:
    drop(state, seat)


def drop(state: TMState, seat: int) -> None:
    """The faction leaves the game: it counts as passed (without pass VP, and not in the pass
    order) now and in every later round; its bonus tile goes back to the pool and its open
    decisions (power offers, cult steps, spades) lapse.  It keeps its buildings, still gets
    income and cult bonuses and is scored at the end (see docs/rulings.md)."""
    state.dropped[seat] = True
    state.leech_offers = [o for o in state.leech_offers if o[1] != seat]
    state.flags[seat] = [f for f in state.flags[seat] if not f.startswith("cult-step")]
    state.spades[seat] = 0
    tile = state.bonus[seat]
    if tile:
        state.bonus[seat] = ""
        state.bonus_coins[tile] = 0
    if state.phase == PLAY:
        state.passed[seat] = True  # not in pass_order: it never becomes start player


_HANDLERS = {
    N.Build: _build,
    N.Upgrade: _upgrade,
    N.Transform: _transform,
    N.Dig: _dig,
    N.Bridge: _bridge,
    N.Connect: _connect,
    N.Action: _action,
    N.Send: _send,
    N.Advance: _advance,
    N.Burn: _burn,
    N.Convert: _convert,
    N.Pass: _pass,
    N.Leech: _leech,
    N.Decline: _decline,
    N.Favor: _favor,
    N.Town: _town,
    N.CultStep: _cult_step,
    N.Adjust: _adjust,
    N.Wait: _nothing,
    N.Done: _nothing,
    N.Setup: _nothing,
    N.Resign: _resign,
}

__all__ = ["begin_turn", "bridge_pairs", "drop", "execute", "gain_power"]
