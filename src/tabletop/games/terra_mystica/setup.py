"""Setup (rulebook "Příprava hry"): tiles drawn, factions chosen, initial dwellings, bonus tiles.

A ledger replay knows every choice in advance (:func:`new_game`); a game played on the
platform draws the tiles from its seeded RNG (:func:`draw_scoring_tiles`,
:func:`draw_bonus_tiles`) and lets the seats choose their factions in turn
(:func:`choose_faction`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tabletop.engine import Rng
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.data.tiles import (
    BONUS_TILES_EXTRA,
    SCORING_TILE_FORBIDDEN_ROUNDS,
    SCORING_TILES_PER_GAME,
    bonus_tile_ids,
    favor_tile_pool,
    scoring_tile_ids,
    town_tile_pool,
)
from tabletop.games.terra_mystica.state import SETUP_FACTIONS, TMState


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
        _faction_setup(state, seat)
    state.bonus_coins = {b: 0 for b in bonus_tile_ids(options) if b not in removed_bonus}
    state.favor_pool = favor_tile_pool()
    state.town_pool = town_tile_pool(options)
    return state


def new_unchosen_game(
    players: int, options: Sequence[str], scoring: Sequence[str], bonus: Collection[str]
) -> TMState:
    """A game whose seats still have to choose their factions (see :func:`choose_faction`);
    ``bonus`` are the bonus tiles in play."""
    state = new_game([""] * players, options, scoring, [])
    state.bonus_coins = {b: 0 for b in bonus}
    state.phase = SETUP_FACTIONS
    return state


def _faction_setup(state: TMState, seat: int) -> None:
    """The faction board's starting resources, power, cults and shipping."""
    if not state.factions[seat]:
        return
    faction = state.faction(seat)
    state.vp[seat] = faction.start.vp
    state.c[seat] = faction.start.c
    state.w[seat] = faction.start.w
    state.p[seat] = faction.start.p
    state.bowls[seat] = list(faction.start_power)
    state.cults[seat] = list(faction.start_cults)
    state.ship[seat] = faction.shipping.start if faction.shipping else 0


def faction_choices(state: TMState) -> list[str]:
    """Factions still open: one per colour (rulebook: each player takes one faction board
    and chooses its side)."""
    taken = {FACTIONS[f].home for f in state.factions if f}
    return [name for name, f in FACTIONS.items() if f.home not in taken]


def choose_faction(state: TMState, seat: int, name: str) -> None:
    state.factions[seat] = name
    _faction_setup(state, seat)


def chooser(state: TMState) -> int:
    """The seat choosing its faction now: the start player first, then clockwise."""
    return state.factions.index("")


def draw_scoring_tiles(rng: Rng, options: Collection[str]) -> list[str]:
    """Six round scoring tiles, placed from round 6 down to round 1; a tile forbidden in a
    round (the spade tile in rounds 5 and 6) is put back and another drawn."""
    pool = list(scoring_tile_ids(options))
    rounds: list[str] = [""] * SCORING_TILES_PER_GAME
    for round_ in range(SCORING_TILES_PER_GAME, 0, -1):
        while True:
            tile = pool[rng.randbelow(len(pool))]
            if round_ not in SCORING_TILE_FORBIDDEN_ROUNDS.get(tile, ()):
                break
        pool.remove(tile)
        rounds[round_ - 1] = tile
    return rounds


def draw_bonus_tiles(rng: Rng, players: int, options: Collection[str]) -> list[str]:
    """The bonus tiles in play: players + 3 of them, drawn at random."""
    pool = list(bonus_tile_ids(options))
    rng.shuffle(pool)
    keep = set(pool[: players + BONUS_TILES_EXTRA])
    return [t for t in bonus_tile_ids(options) if t in keep]


def dwelling_order(state: TMState) -> list[int]:
    """Who places the initial dwellings, in order (rulebook, initial dwellings): clockwise
    from the start player, then back; the Nomads' third dwelling after everybody's second;
    the Chaos Magicians' only dwelling last of all."""
    seats = range(state.num_players)
    normal = [s for s in seats if state.faction(s).dwellings_at_setup >= 2]
    order = normal + normal[::-1]
    order += [s for s in normal for _ in range(state.faction(s).dwellings_at_setup - 2)]
    order += [s for s in seats if state.faction(s).dwellings_at_setup == 1]
    return order


def dwellings_done(state: TMState) -> bool:
    return all(
        len(state.hexes_of(seat)) >= state.faction(seat).dwellings_at_setup
        for seat in range(state.num_players)
    )
