"""Setup: factions, starting resources, tile pools; initial dwellings and bonus tiles."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.terra_mystica.data.tiles import (
    bonus_tile_ids,
    favor_tile_pool,
    town_tile_pool,
)
from tabletop.games.terra_mystica.state import TMState


def new_game(
    factions: Sequence[str],
    options: Sequence[str],
    scoring: Sequence[str],
    removed_bonus: Sequence[str],
) -> TMState:
    """A game whose factions are chosen (seat order = order of choice), ready for the
    initial dwellings."""
    state = TMState(list(factions), list(options), list(scoring))
    for seat in range(state.num_players):
        faction = state.faction(seat)
        state.vp[seat] = faction.start.vp
        state.c[seat] = faction.start.c
        state.w[seat] = faction.start.w
        state.p[seat] = faction.start.p
        state.bowls[seat] = list(faction.start_power)
        state.cults[seat] = list(faction.start_cults)
        state.ship[seat] = faction.shipping.start if faction.shipping else 0
    state.bonus_coins = {b: 0 for b in bonus_tile_ids(options) if b not in removed_bonus}
    state.favor_pool = favor_tile_pool()
    state.town_pool = town_tile_pool(options)
    return state


def dwellings_done(state: TMState) -> bool:
    return all(
        len(state.hexes_of(seat)) >= state.faction(seat).dwellings_at_setup
        for seat in range(state.num_players)
    )
