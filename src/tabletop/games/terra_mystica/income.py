"""Income (phase I) and the round's cult bonus (phase III)."""

from __future__ import annotations

from tabletop.games.terra_mystica.cults import priests_on_board
from tabletop.games.terra_mystica.data.common import NOTHING, Building, Resources
from tabletop.games.terra_mystica.data.tiles import BONUS_TILES, FAVOR_TILES, SCORING_TILES
from tabletop.games.terra_mystica.resources import gain
from tabletop.games.terra_mystica.state import BUILDING_CODES, TMState
from tabletop.games.terra_mystica.terraform import gain_spades


def income_of(state: TMState, seat: int) -> Resources:
    faction = state.faction(seat)
    total = NOTHING
    for name, code in BUILDING_CODES.items():
        track = faction.buildings[Building(name)]
        total = total + track.income[state.count(seat, code)]
    for fav in state.favors[seat]:
        total = total + FAVOR_TILES[fav].income
    if state.bonus[seat]:
        total = total + BONUS_TILES[state.bonus[seat]].income
    return total


def pay_income(state: TMState, seat: int) -> None:
    gain(state, seat, income_of(state, seat))


def cult_bonus(state: TMState, seat: int, round_: int) -> None:
    """The cult bonus of round ``round_``'s scoring tile (rounds 1-5)."""
    tile = SCORING_TILES[state.scoring[round_ - 1]]
    if tile.cult is None:
        level = priests_on_board(state, seat)
    else:
        level = state.cults[seat][int(tile.cult)]
    times = level // tile.cult_steps
    if times <= 0:
        return
    gain(state, seat, tile.reward.scaled(times))
    if tile.reward_spades:
        gain_spades(state, seat, tile.reward_spades * times)
