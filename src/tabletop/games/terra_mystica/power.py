"""Power: the three bowls, gaining, spending and burning power, power offered to neighbours.

Power *gained* moves tokens from bowl I to bowl II, and once bowl I is empty from bowl II to
bowl III.  Power *spent* moves tokens from bowl III back to bowl I.  Burning removes one token
from bowl II for every token moved from bowl II to bowl III.
"""

from __future__ import annotations

from typing import Final

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica.data.board import direct_neighbours
from tabletop.games.terra_mystica.state import BUILDING_POWER, HEX_INDEX, TMState

OPTION_ERRATA_CULTIST_POWER: Final = "errata-cultist-power"


def capacity(state: TMState, seat: int) -> int:
    """Power ``seat`` can still gain before every token is in bowl III."""
    b1, b2, _ = state.bowls[seat]
    return 2 * b1 + b2


def gain_power(state: TMState, seat: int, amount: int) -> int:
    """Gain up to ``amount`` power; returns the power actually gained."""
    bowls = state.bowls[seat]
    first = min(amount, bowls[0])
    bowls[0] -= first
    bowls[1] += first
    second = min(amount - first, bowls[1])
    bowls[1] -= second
    bowls[2] += second
    return first + second


def spend_power(state: TMState, seat: int, amount: int) -> None:
    bowls = state.bowls[seat]
    if bowls[2] < amount:
        raise IllegalAction(f"you need {amount} power in bowl III, you have {bowls[2]}")
    bowls[2] -= amount
    bowls[0] += amount


def burn(state: TMState, seat: int, amount: int) -> None:
    bowls = state.bowls[seat]
    if amount < 1 or bowls[1] < 2 * amount:
        raise IllegalAction(f"burning {amount} power needs {2 * amount} tokens in bowl II")
    bowls[1] -= 2 * amount
    bowls[2] += amount


def add_tokens(state: TMState, seat: int, amount: int) -> None:
    """New power tokens enter bowl I (not used by the base game's 14 factions)."""
    state.bowls[seat][0] += amount


# -- power offered to neighbours ------------------------------------------------------


def offer_power(state: TMState, seat: int, hex_id: str) -> list[int]:
    """Offer power to every opponent with buildings next to ``hex_id``; returns the amounts.

    An offer is the sum of the power values of the opponent's buildings directly adjacent
    to the hex (bridges count).  Each offer is ``[from, to, amount, event]``; the event id
    groups the offers of one build for the Cultists' ability.
    """
    bridges = [(b[1], b[2]) for b in state.bridges]
    amounts = [0] * state.num_players
    for other in direct_neighbours(hex_id, bridges):
        index = HEX_INDEX[other]
        owner = state.owner[index]
        if owner >= 0 and owner != seat:
            amounts[owner] += BUILDING_POWER[state.building[index]]
    state.log.append(f"build {seat} {hex_id}")
    event = len(state.log)  # unique for the whole game
    offered: list[int] = []
    n = state.num_players
    for step in range(1, n):
        target = (seat + step) % n
        if amounts[target] and not state.dropped[target]:
            state.leech_offers.append([seat, target, amounts[target], event])
            offered.append(amounts[target])
    return offered


def _offer(state: TMState, seat: int, source: str | None) -> list[int]:
    for offer in state.leech_offers:
        if offer[1] == seat and (source is None or state.factions[offer[0]] == source):
            return offer
    who = f" from {source}" if source else ""
    raise IllegalAction(f"there is no power offer{who} for {state.factions[seat]}")


def accept(state: TMState, seat: int, source: str | None) -> int:
    """Take the oldest offer (from ``source``); pays amount - 1 VP.  Returns power gained."""
    offer = _offer(state, seat, source)
    amount = min(offer[2], capacity(state, seat), state.vp[seat] + 1)
    gained = gain_power(state, seat, amount)
    state.vp[seat] -= max(0, gained - 1)
    _resolve(state, offer, accepted=gained > 0, able=gained > 0)
    return gained


def decline(state: TMState, seat: int, source: str | None) -> None:
    offer = _offer(state, seat, source)
    _resolve(state, offer, accepted=False, able=capacity(state, seat) > 0)


def lapse_offers(state: TMState, seat: int) -> int:
    """``seat`` takes an action with power offers still open to it: they are all declined
    (the Snellman site's reading: an offer must be decided before one's next action).
    Returns the number of offers declined."""
    open_offers = [offer for offer in state.leech_offers if offer[1] == seat]
    for offer in open_offers:
        _resolve(state, offer, accepted=False, able=capacity(state, seat) > 0)
    return len(open_offers)


def _resolve(state: TMState, offer: list[int], *, accepted: bool, able: bool) -> None:
    """Close an offer.  The Cultists' power for an offer everybody declined (errata) is only
    due when some opponent could have taken power when declining."""
    state.leech_offers.remove(offer)
    source = offer[0]
    faction = state.faction(source)
    if not faction.leech_accepted_cult_steps:
        return
    event = offer[3]
    flags = state.flags[source]
    if able and f"leech-able:{event}" not in flags:
        flags.append(f"leech-able:{event}")
    if accepted:
        tag = f"leech-accepted:{event}"
        if tag not in flags:
            flags.append(tag)
            flags.append("cult-step")
            state.log.append(f"leech-outcome {source}")
    if any(o[3] == event and o[0] == source for o in state.leech_offers):
        return
    tag = f"leech-accepted:{event}"
    if tag in flags:
        flags.remove(tag)
        return
    if f"leech-able:{event}" not in flags:
        return  # nobody could take power: no outcome
    flags.remove(f"leech-able:{event}")
    if faction.leech_declined_power and state.has_option(OPTION_ERRATA_CULTIST_POWER):
        # the site notes "[all opponents declined power]" only under the errata
        state.log.append(f"leech-outcome {source}")
        gain_power(state, source, faction.leech_declined_power)
