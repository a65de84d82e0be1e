"""A projection of each faction's final VP, for bots (see ``State.heuristic``).

Terra Mystica hides nothing, so every seat may read the whole state.  The projection adds
to the VP scored so far what the faction can still expect from what it has:

- **resources** at what they can still buy: more than their final conversion (3 of
  anything to 1 VP) while rounds are left to spend them, down to it once the faction has
  passed in the last round;
- **income** (buildings, favor tiles, the bonus tile taken for the next round) for each
  round still to pay it, valued like the resources it brings;
- the **cult bonuses** of the round scoring tiles still to come, at the faction's cult
  positions, and the **VP tiles** (dwellings, strongholds...) of those rounds for what it can
  still build; its bonus tile's and favor tiles' VP on passing;
- the **final scoring**: the largest connected network's place (18/12/6) and each cult
  track's majority (8/4/2), blended from a value of network size and cult steps early in the
  game to the place the faction holds as the game goes on;
- **towns in progress**: groups of directly connected buildings, by how close their power
  and size are to a town's;
- the **stronghold's ability** and the shipping/terraforming levels, for the rounds left;
- what each **faction's abilities** bring beyond all this, as measured in bots' games
  (:data:`FACTION_VP`), fading as the game goes on: it sets which faction a bot chooses.

What comes once a round (income aside: power tokens, building slots, favor tiles' VP, the
stronghold's ability, the tracks) is counted for the rounds in which the faction can still
act: the rounds to come, and this one until it passes.

Everything is computed once per position for every seat (the places need the others'
networks and cults): :func:`estimates`.  Tables are built at import; the networks and town
groups are walked as bit masks of the map.
"""

from __future__ import annotations

from typing import Final

from tabletop.games.terra_mystica.data.board import (
    BIT_INDEX,
    DIRECT_MASK,
    HEX_BIT,
    LAND_HEXES,
    MAX_SHIPPING_RANGE,
    NEIGHBOUR_MASK,
    NETWORK_FINAL_VP,
    RIVER_NEIGHBOURS,
    within_masks,
)
from tabletop.games.terra_mystica.data.common import ROUNDS, Building
from tabletop.games.terra_mystica.data.cults import CULT_FINAL_VP
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.data.tiles import (
    BONUS_TILES,
    FAVOR_TILES,
    SCORING_TILES,
    TOWN_MIN_BUILDINGS,
    TOWN_MIN_POWER,
)
from tabletop.games.terra_mystica.state import (
    BUILDING_POWER,
    HEX_INDEX,
    OVER,
    SA,
    SH,
    TMState,
)

# -- weights (VP) -----------------------------------------------------------------------

#: VP per coin, worker, priest, power token in bowl III, II and I while rounds are left to
#: use them (their final conversion is 1/3 VP each, a bowl II token half that).
USE_VP: Final = (0.5, 1.0, 1.8, 1.0, 0.55, 0.0)
#: VP more per priest of *income* to a faction whose spades are paid with priests (the
#: Darklings: each priest a spade and the VP it scores), for each round of income to come.
#: Held priests keep their price (what they buy now the search sees being bought), so the
#: temples and the sanctuary that bring priests are what this raises.  Four hard bots:
#: +0.86 ± 0.63 VP a seat over 48 games, the Darklings +2.9 (benchmarks/RESULTS.md,
#: session 41; 1.5 and 2.0 scored less).
PRIEST_SPADE_INCOME_VP: Final = 1.0
#: VP per building (index: building code) per round the faction may still act: what it
#: may become (a dwelling a trading house, a trading house a temple or the stronghold),
#: the power its neighbours' buildings bring it.
SLOT_ROUND_VP: Final = (0.0, 0.4, 0.3, 0.2, 0.0, 0.0)
#: The share of the stronghold's value per round a faction with a trading house and no
#: stronghold expects (the stronghold is built on a trading house).
STRONGHOLD_OPTION: Final = 0.3
#: VP per power token (in any bowl) and round of action left: the power it will carry
#: round after round (burning one is a loss early in the game, nothing at its end).
TOKEN_ROUND_VP: Final = 0.08
#: VP per unit of power *income* (a token moved on towards bowl III).
POWER_INCOME_VP: Final = 0.5
#: The worth of a bonus tile's income in a round (for the rounds after the next one).
BONUS_ROUND_VP: Final = 2.8
#: VP of a bonus tile's action (a spade, a cult step) or extra shipping, for a round.
BONUS_ACTION_VP: Final = {"spade": 1.2, "cult": 0.7, "shipping": 0.5, "": 0.0}
#: VP of a free hex within reach (see :func:`_room`), early in the game, by the spades it
#: needs; at most ``ROOM_CAP`` hexes' worth counts.
ROOM_VP: Final = 1.0
ROOM_SPADE_WEIGHTS: Final = (1.0, 0.4, 0.1, 0.0)
ROOM_CAP: Final = 4.0
#: VP of a spade held (spades are used in the action that gives them, or at the start of
#: the round for the cult bonuses): a little, or a faction that must use them would not.
HELD_SPADE_VP: Final = 1.0
#: VP of a spade of a round's cult bonus (it turns a hex towards the home terrain).
SPADE_VP: Final = 1.5
#: VP of a building in the largest network, per building, early in the game.
NETWORK_STEP_VP: Final = 1.2
#: VP of a cult step, early in the game (its majorities and power to come).
CULT_STEP_VP: Final = 0.7
#: The value of a town founded (its VP and reward), and how much of it a group half way
#: there is worth (the progress is squared: a group one building short is worth much).
TOWN_VP: Final = 10.0
#: A faction's own reward for each town it founds (``town_gain``: the Swarmlings' 3
#: workers, the Witches' 5 VP), at the resources' prices, is added to the worth of its
#: towns in progress (the search sees the reward once the town is founded, not before).
#: Four hard bots: +0.80 ± 0.80 VP a seat over 48 games (benchmarks/RESULTS.md, session 42).
TOWN_GAIN_SHARE: Final = 1.0
#: VP of a town tile still to be taken, and of a favor tile per round of action left (the
#: tiles' worth: a little less than what the best of them will bring).
PENDING_TOWN_VP: Final = 9.0
PENDING_FAVOR_ROUND_VP: Final = 1.5
#: VP per round left of a terraforming and of a shipping level (cheaper spades, reach).
DIG_ROUND_VP: Final = 0.9
SHIP_ROUND_VP: Final = 0.5
#: VP per round left of each stronghold's ability (its income is counted as income), and of
#: what every stronghold brings (power for towns, reach, the VP of the tiles of some rounds)
STRONGHOLD_BASE_VP: Final = 1.0
STRONGHOLD_ROUND_VP: Final[dict[str, float]] = {
    "alchemists": 1.0,
    "auren": 2.0,
    "chaosmagicians": 2.0,
    "cultists": 0.5,
    "darklings": 0.8,
    "dwarves": 1.0,
    "engineers": 2.0,
    "fakirs": 1.5,
    "giants": 2.5,
    "halflings": 0.5,
    "mermaids": 0.8,
    "nomads": 2.0,
    "swarmlings": 2.5,
    "witches": 2.5,
}
#: VP per round left of the favor tiles that score on building or passing, and of FAV6's
#: cult step (the others give cult steps, counted there, or income).
FAVOR_ROUND_VP: Final[dict[str, float]] = {"FAV6": 0.8, "FAV10": 1.5, "FAV11": 2.0}
#: The share of a round scoring tile's building VP a faction that can still build that
#: building expects in a round to come.
TILE_SHARE: Final = 0.5
#: What each faction's abilities bring over a game beyond what the projection counts,
#: counted in full before the game and less and less as it goes on (like the places'
#: early values): the mean of a faction's final VP less its projection at the start, in
#: bots' games with factions drawn at random, less the mean over the factions
#: (``benchmarks/tm_faction_bias.py``: 240 games of greedy bots, 96 of ``mcts:easy`` and
#: 96 of ``mcts:medium``, the last counted twice).  Without it the bots chose the
#: factions the projection overrates (the Swarmlings in every game), not those they play
#: best.
FACTION_VP: Final[dict[str, float]] = {
    "alchemists": 2.3,
    "auren": -1.3,
    "chaosmagicians": -4.7,
    "cultists": -1.7,
    "darklings": 14.9,
    "dwarves": 15.3,
    "engineers": -1.3,
    "fakirs": -0.6,
    "giants": 1.3,
    "halflings": 1.8,
    "mermaids": -8.5,
    "nomads": -1.4,
    "swarmlings": -11.9,
    "witches": -4.1,
}

# -- tables built at import ----------------------------------------------------------------

_FACTION_NAMES: Final = tuple(FACTIONS)
#: The building rows in the order of their codes (1-5).
_BUILDINGS: Final = (Building.D, Building.TP, Building.TE, Building.SH, Building.SA)
#: Per faction: the income (c, w, p, pw) of each building row by count, rows D..SA (codes 1-5).
_INCOME: Final[dict[str, tuple[tuple[tuple[int, int, int, int], ...], ...]]] = {
    name: tuple(
        tuple((r.c, r.w, r.p, r.pw) for r in faction.buildings[building].income)
        for building in _BUILDINGS
    )
    for name, faction in FACTIONS.items()
}
_FAVOR_INCOME: Final = {
    tile.id: (tile.income.c, tile.income.w, tile.income.p, tile.income.pw)
    for tile in FAVOR_TILES.values()
}
_BONUS_INCOME: Final = {
    tile.id: (tile.income.c, tile.income.w, tile.income.p, tile.income.pw)
    for tile in BONUS_TILES.values()
}
_BONUS_KIND: Final = {
    tile.id: tile.action or ("shipping" if tile.shipping_bonus else "")
    for tile in BONUS_TILES.values()
}
_CODE: Final = {"D": 1, "TP": 2, "TE": 3, "SH": 4, "SA": 5}
#: Per bonus/favor tile: (building code, VP by count) of its VP on passing.
_BONUS_PASS: Final = {
    tile.id: tuple((_CODE[str(b)], table) for b, table in tile.pass_vp.items())
    for tile in BONUS_TILES.values()
}
_FAV12: Final = FAVOR_TILES["FAV12"].pass_vp[Building.TP]
_PIECES: Final = (0, 8, 4, 3, 1, 1)
#: Per round scoring tile: (cult index or -1 for priests, steps, reward value without
#: spades as (c, w, p, pw), spades, VP by building code, VP per town, VP per spade).
_SCORING: Final = {
    tile.id: (
        -1 if tile.cult is None else int(tile.cult),
        tile.cult_steps,
        (tile.reward.c, tile.reward.w, tile.reward.p, tile.reward.pw),
        tile.reward_spades,
        (0, *(tile.vp_per_building.get(b, 0) for b in _BUILDINGS)),
        tile.vp_per_town,
        tile.vp_per_spade,
    )
    for tile in SCORING_TILES.values()
}
_RATE: Final = {name: f.rate("C", "VP") or 3 for name, f in FACTIONS.items()}
#: Network reach by bit number (:data:`BIT_INDEX`): DIRECT_BY_BIT[ship][k].
_DIRECT_BY_BIT: Final = tuple(
    tuple(DIRECT_MASK[level][BIT_INDEX[k]] for k in range(len(LAND_HEXES)))
    for level in range(MAX_SHIPPING_RANGE + 1)
)
_NEIGHBOURS_BY_BIT: Final = tuple(NEIGHBOUR_MASK[BIT_INDEX[k]] for k in range(len(LAND_HEXES)))
#: Land hexes (as a mask) along each river hex, for the Mermaids' river links.
_RIVER_MASK: dict[str, int] = {}
for _i, _hex in enumerate(LAND_HEXES):
    for _river in RIVER_NEIGHBOURS[_hex]:
        _RIVER_MASK[_river] = _RIVER_MASK.get(_river, 0) | HEX_BIT[_i]


# -- the projection ------------------------------------------------------------------------


def estimate(state: TMState, seat: int) -> float:
    """The projected final VP of ``seat`` (0 for a seat without a faction yet)."""
    return estimates(state)[seat]


def estimates(state: TMState, stuck: int = -1) -> list[float]:
    """The projected final VP of every seat (see the module).  Seat ``stuck`` has nothing
    left to do in this round but pass: the rest of the round is worth nothing to it."""
    n = state.num_players
    if state.phase == OVER:
        return [float(v) for v in state.vp]
    round_ = state.round if state.round > 0 else 0
    rounds = _rounds(tuple(state.scoring), round_)
    # how far the game has gone, 0 before round 1 to 1 at its end (how much places count):
    # the rounds to come and the share of this one still to be played, the seats not passed
    acting = rounds.acting + (state.passed.count(False) / n if round_ >= 1 else 1.0)
    x = (ROUNDS - acting) / ROUNDS
    progress = x * x * (3 - 2 * x)  # slowly, then fast
    early = 1.0 - progress
    factions = state.factions
    networks = [0] * n
    owns: list[list[int]] = []
    masks = [0] * n
    reached = [0] * n
    for seat in range(n):
        own = state.indices_of(seat)
        owns.append(own)
        if own and factions[seat]:
            mask = 0
            for i in own:
                mask |= HEX_BIT[i]
            masks[seat] = mask
            networks[seat], reached[seat] = _network(state, seat, mask)
    occupied = 0
    for mask in masks:
        occupied |= mask
    passed = state.passed
    net_places = _places(networks, _NETWORK_SUMS)
    cults = state.cults
    cult_places = [0.0] * n
    for cult in range(4):
        for s, vp in enumerate(_places([row[cult] for row in cults], _CULT_SUMS)):
            cult_places[s] += vp
    best_bonus = 0.0
    for tile, coins in state.bonus_coins.items():
        worth = _bonus_value(tile, coins)
        if worth > best_bonus:
            best_bonus = worth
    values = [0.0] * n
    network_step, cult_step = NETWORK_STEP_VP * early, CULT_STEP_VP * early
    for seat in range(n):
        if not factions[seat]:
            continue
        # a seat still in the round has its actions ahead (a whole round's worth: what it
        # holds can still turn into buildings before the income); passing gives them up and
        # costs only the passer.  (Shared with all, a pass cut the leader's projection as
        # much as the passer's, and a seat behind passed early to gain on it.)
        own_acting = rounds.acting + (
            0.0 if round_ >= 1 and (passed[seat] or seat == stuck) else 1.0
        )
        values[seat] = (
            _own(state, seat, owns[seat], masks[seat], rounds, own_acting, best_bonus)
            + ROOM_VP * min(1.0, own_acting / 2.0) * _room(state, seat, reached[seat] & ~occupied)
            + progress * (net_places[seat] + cult_places[seat])
            + network_step * networks[seat]
            + cult_step * sum(cults[seat])
            + FACTION_VP[factions[seat]] * early
        )
    return values


def room(state: TMState, seat: int) -> float:
    """The free hexes within ``seat``'s reach as the projection counts them: its home
    terrain 1, a spade away less (:data:`ROOM_SPADE_WEIGHTS`), at most :data:`ROOM_CAP`
    (0 for a seat without a faction or buildings yet)."""
    if not state.factions[seat]:
        return 0.0
    occupied = own = 0
    for other in range(state.num_players):
        for i in state.indices_of(other):
            occupied |= HEX_BIT[i]
            if other == seat:
                own |= HEX_BIT[i]
    if not own:
        return 0.0
    return _room(state, seat, _network(state, seat, own)[1] & ~occupied)


def _sums(table: tuple[int, ...]) -> tuple[int, ...]:
    """Prefix sums of ``table`` padded with zeros: the VP of places ``a`` to ``b`` is
    ``sums[b] - sums[a]``."""
    padded = list(table) + [0] * 8
    return tuple(sum(padded[:k]) for k in range(len(padded) + 1))


_NETWORK_SUMS: Final = _sums(NETWORK_FINAL_VP)
_CULT_SUMS: Final = _sums(CULT_FINAL_VP)


def _places(values: list[int], sums: tuple[int, ...]) -> list[float]:
    """The place VP (prefix sums ``sums``) by rank of ``values``: 0 scores nothing, tied
    seats share the places they take (unrounded, as an expectation)."""
    result = []
    for v in values:
        if v <= 0:
            result.append(0.0)
            continue
        above = tied = 0
        for other in values:
            if other > v:
                above += 1
            elif other == v:
                tied += 1
        result.append((sums[above + tied] - sums[above]) / tied)
    return result


class _Rounds:
    """What a game's round scoring tiles and the round are worth, for every seat."""

    __slots__ = (
        "acting",
        "bonus_rounds",
        "cult_bonuses",
        "incomes",
        "last",
        "tile_vp",
        "town_vp",
        "weight",
    )

    def __init__(self, scoring: tuple[str, ...], round_: int) -> None:
        self.last = round_ >= ROUNDS
        #: rounds after this one (see ``estimates`` for the part of this one counted)
        self.acting = ROUNDS - max(1, round_)
        #: incomes still to be paid (rounds round_ + 1 .. 6), and their worth in rounds of
        #: full value: the last income (round 6) is only half used before the end
        self.incomes = ROUNDS - round_
        self.weight = sum(
            min(1.0, (ROUNDS - later + 1) / 2.0) for later in range(round_ + 1, ROUNDS + 1)
        )
        #: bonus tiles' incomes after the next round's
        self.bonus_rounds = max(0, ROUNDS - max(1, round_) - 1 + (round_ < 1))
        #: (cult or -1 for priests sent, steps, value of the reward) of each cult bonus to
        #: come (rounds 1-5, this one included)
        bonuses = []
        tile_vp = [0.0] * 6
        town_vp = 0.0
        for later in range(max(1, round_), ROUNDS + 1):
            cult, steps, reward, spades, per_building, per_town, _ = _SCORING[scoring[later - 1]]
            if later < ROUNDS:
                c, w, p, pw = reward
                worth = (
                    c * USE_VP[0]
                    + w * USE_VP[1]
                    + p * USE_VP[2]
                    + pw * POWER_INCOME_VP
                    + spades * SPADE_VP
                )
                bonuses.append((cult, steps, worth))
            if later > round_:
                for code in range(1, 6):
                    tile_vp[code] += TILE_SHARE * per_building[code]
                town_vp += TILE_SHARE * per_town
        self.cult_bonuses = tuple(bonuses)
        self.tile_vp = tuple(tile_vp)
        self.town_vp = town_vp


_ROUNDS_CACHE: dict[tuple[tuple[str, ...], int], _Rounds] = {}


def _rounds(scoring: tuple[str, ...], round_: int) -> _Rounds:
    key = (scoring, round_)
    found = _ROUNDS_CACHE.get(key)
    if found is None:
        if len(_ROUNDS_CACHE) > 4096:
            _ROUNDS_CACHE.clear()
        found = _ROUNDS_CACHE[key] = _Rounds(scoring, round_)
    return found


def _bridge_links(state: TMState) -> dict[int, int]:
    """Hex bit -> the bits it is joined to by bridges."""
    extra: dict[int, int] = {}
    for bridge in state.bridges:
        a, b = HEX_BIT[HEX_INDEX[bridge[1]]], HEX_BIT[HEX_INDEX[bridge[2]]]
        extra[a] = extra.get(a, 0) | b
        extra[b] = extra.get(b, 0) | a
    return extra


def _network(state: TMState, seat: int, own_mask: int) -> tuple[int, int]:
    """Buildings in the largest network (as :func:`.scoring.network_size` counts them), and
    the mask of the hexes the seat's buildings reach (adjacent, by shipping, bridges,
    tunnels or carpets)."""
    reach = _DIRECT_BY_BIT[min(state.ship[seat], MAX_SHIPPING_RANGE)]
    tele = FACTIONS[state.factions[seat]].teleport
    far: tuple[int, ...] | None = None
    if tele is not None:
        distance = tele.range + 1
        if tele.kind == "carpet":
            distance += (SH in state.building and state.count(seat, SH) > 0) + state.towns[
                seat
            ].count("TW7")
        if distance > 1:
            far = _within_by_bit(distance)
    extra = _bridge_links(state) if state.bridges else None
    best = 0
    reached = 0
    left = own_mask
    while left:
        group = frontier = left & -left
        while frontier:
            near = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                k = low.bit_length() - 1
                near |= reach[k]
                if far is not None:
                    near |= far[k]
                if extra:
                    near |= extra.get(low, 0)
            reached |= near
            frontier = near & left & ~group
            group |= frontier
        left &= ~group
        size = group.bit_count()
        if size > best:
            best = size
    return best, reached


def _room(state: TMState, seat: int, free: int) -> float:
    """Free hexes within reach, counted by how cheaply the seat builds there (its home
    terrain: 1, one spade away: less), up to :data:`ROOM_CAP`."""
    weights = _ROOM_WEIGHTS[state.factions[seat]]
    terrain = state.terrain
    room = 0.0
    while free:
        low = free & -free
        free ^= low
        room += weights[terrain[BIT_INDEX[low.bit_length() - 1]]]
    return room if room < ROOM_CAP else ROOM_CAP


def _room_weights(home: int, fixed: int | None) -> tuple[float, ...]:
    weights = []
    for terrain in range(7):
        distance = abs(terrain - home)
        spades = min(distance, 7 - distance) if fixed is None or not distance else fixed
        weights.append(ROOM_SPADE_WEIGHTS[min(spades, len(ROOM_SPADE_WEIGHTS) - 1)])
    return tuple(weights)


_WITHIN_BY_BIT: dict[int, tuple[int, ...]] = {}


def _within_by_bit(distance: int) -> tuple[int, ...]:
    found = _WITHIN_BY_BIT.get(distance)
    if found is None:
        masks = within_masks(distance)
        found = _WITHIN_BY_BIT[distance] = tuple(masks[i] for i in BIT_INDEX)
    return found


def _towns_in_progress(state: TMState, seat: int, own_mask: int) -> float:
    """What the seat's groups of directly connected buildings not yet in a town are worth
    as towns to be: by how much of the power and size of a town each has (squared)."""
    extra = _bridge_links(state) if state.bridges else {}
    for link in state.river_links:
        if link[0] == seat:
            along = _RIVER_MASK.get(link[1], 0) & own_mask
            rest = along
            while rest:
                low = rest & -rest
                rest ^= low
                extra[low] = extra.get(low, 0) | along
    need = TOWN_MIN_POWER
    for fav in state.favors[seat]:
        need -= _TOWN_REDUCTION[fav]
    building, town = state.building, state.town
    total = 0.0
    left = own_mask
    while left:
        group = frontier = left & -left
        while frontier:
            near = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                near |= _NEIGHBOURS_BY_BIT[low.bit_length() - 1]
                if extra:
                    near |= extra.get(low, 0)
            frontier = near & left & ~group
            group |= frontier
        left &= ~group
        power = size = 0
        rest = group
        while rest:
            low = rest & -rest
            rest ^= low
            i = BIT_INDEX[low.bit_length() - 1]
            if town[i]:
                power = -99
                break
            code = building[i]
            power += BUILDING_POWER[code]
            size += 2 if code == SA else 1
        if power < 2:
            continue
        share = (power / need if power < need else 1.0) * (
            size / TOWN_MIN_BUILDINGS if size < TOWN_MIN_BUILDINGS else 1.0
        )
        total += share * share
    return _TOWN_WORTH[state.factions[seat]] * total


_TOWN_REDUCTION: Final = {tile.id: tile.town_power_reduction for tile in FAVOR_TILES.values()}
#: Per favor tile and per faction, VP a round of the tile and of the stronghold's ability.
_FAVOR_VP: Final[dict[str, float]] = {}
_STRONGHOLD_VP: Final[dict[str, float]] = {}
#: Per faction, VP of a priest of income for a round (:data:`PRIEST_SPADE_INCOME_VP`).
_PRIEST_INCOME_VP: Final[dict[str, float]] = {}
#: Per faction, the worth of a town founded (:data:`TOWN_VP`, :data:`TOWN_GAIN_SHARE`).
_TOWN_WORTH: Final[dict[str, float]] = {}


def rebuild_tables() -> None:
    """Build the tables made of the weights: at import, and again after a tool changes
    the module's weights (``benchmarks/tm_weights_spsa.py`` tunes them)."""
    _ROUNDS_CACHE.clear()
    for tile in FAVOR_TILES.values():
        _FAVOR_VP[tile.id] = FAVOR_ROUND_VP.get(tile.id, 0.0)
    for name, faction in FACTIONS.items():
        _STRONGHOLD_VP[name] = STRONGHOLD_BASE_VP + STRONGHOLD_ROUND_VP.get(name, 1.0)
        spade_in_priests = faction.digging.spade_cost[0].p > 0
        _PRIEST_INCOME_VP[name] = USE_VP[2] + PRIEST_SPADE_INCOME_VP * spade_in_priests
        gain = faction.town_gain
        reward = gain.vp + gain.c * USE_VP[0] + gain.w * USE_VP[1] + gain.p * USE_VP[2]
        _TOWN_WORTH[name] = TOWN_VP + TOWN_GAIN_SHARE * reward


rebuild_tables()


def _own(
    state: TMState,
    seat: int,
    own: list[int],
    own_mask: int,
    rounds: _Rounds,
    acting: float,
    best_bonus: float,
) -> float:
    """VP so far and what the seat's own holdings are worth (everything but the places);
    ``acting``: rounds of action left; ``best_bonus``: the worth of the best bonus tile
    left to take."""
    name = state.factions[seat]
    end = 1.0 / _RATE[name]  # VP per unit at the final conversion
    round_ = state.round
    passed = round_ >= 1 and state.passed[seat]
    # resources are worth what they buy until the last round, where they are soon
    # converted (exactly so once the faction has passed)
    use = 1.0 if not rounds.last else (0.0 if passed else min(1.0, acting))
    c_vp, w_vp, p_vp, pw_vp, pw2_vp, pw1_vp = USE_VP
    if c_vp < end:  # the Alchemists turn 2 coins into 1 VP at any time
        c_vp = end
    bowls = state.bowls[seat]
    value = (
        state.vp[seat]
        + state.c[seat] * (end + (c_vp - end) * use)
        + state.w[seat] * (end + (w_vp - end) * use)
        + state.p[seat] * (end + (p_vp - end) * use)
        + bowls[2] * (end + (pw_vp - end) * use)
        + bowls[1] * (end / 2 + (pw2_vp - end / 2) * use)
        + bowls[0] * pw1_vp * use
        + (bowls[0] + bowls[1] + bowls[2]) * TOKEN_ROUND_VP * acting
        + state.spades[seat] * HELD_SPADE_VP
        + state.pending_favors[seat] * PENDING_FAVOR_ROUND_VP * acting
        + state.pending_towns[seat] * PENDING_TOWN_VP
    )

    # buildings: counts, income
    building = state.building
    counts = [0, 0, 0, 0, 0, 0]
    for i in own:
        counts[building[i]] += 1
    rows = _INCOME[name]
    ic = iw = ip = ipw = 0
    for code in range(1, 6):
        c, w, p, pw = rows[code - 1][counts[code]]
        ic += c
        iw += w
        ip += p
        ipw += pw
    favors = state.favors[seat]
    for fav in favors:
        c, w, p, pw = _FAVOR_INCOME[fav]
        ic += c
        iw += w
        ip += p
        ipw += pw
        value += _FAVOR_VP[fav] * acting
    per_round = ic * c_vp + iw * w_vp + ip * _PRIEST_INCOME_VP[name] + ipw * POWER_INCOME_VP
    per_round_end = (ic + iw + ip) * end + ipw * end / 2
    value += per_round_end * rounds.incomes + (per_round - per_round_end) * rounds.weight
    value += (
        counts[1] * SLOT_ROUND_VP[1] + counts[2] * SLOT_ROUND_VP[2] + counts[3] * SLOT_ROUND_VP[3]
    ) * acting

    # bonus tiles: the next round's (the one taken, else the best one left to take), one of
    # average worth for each round after it; VP on passing (the tile held, while it is still
    # to be returned) and FAV12's
    bonus = state.bonus[seat]
    if not rounds.last:
        if bonus and (passed or round_ < 1):
            value += _bonus_value(bonus, 0)
        else:
            value += best_bonus
        value += BONUS_ROUND_VP * rounds.bonus_rounds
    if bonus and not (passed and rounds.last):
        for code, table in _BONUS_PASS[bonus]:
            value += table[min(counts[code], len(table) - 1)]
    if "FAV12" in favors:
        value += _FAV12[min(counts[2], 4)] * (rounds.acting + (not passed))

    # round scoring tiles to come: the cult bonuses at the present positions, the building
    # VP for what the faction may still build
    cults = state.cults[seat]
    for cult, steps, worth in rounds.cult_bonuses:
        level = cults[cult] if cult >= 0 else _priests_sent(state, seat)
        if level >= steps:
            value += (level // steps) * worth
    tile_vp = rounds.tile_vp
    for code in range(1, 6):
        if tile_vp[code] and counts[code] < _PIECES[code]:
            value += tile_vp[code]
    value += rounds.town_vp

    # the stronghold's ability, the tracks, towns to be
    if counts[4]:
        value += _STRONGHOLD_VP[name] * acting
    elif counts[2]:
        value += STRONGHOLD_OPTION * _STRONGHOLD_VP[name] * acting
    value += (state.dig[seat] * DIG_ROUND_VP + state.ship[seat] * SHIP_ROUND_VP) * acting
    if own_mask:
        value += _towns_in_progress(state, seat, own_mask) * min(1.0, acting)
    return value


def _bonus_value(tile: str, coins: int) -> float:
    """The income of a bonus tile for one round, with the coins lying on it, and its
    action or extra shipping."""
    c, w, p, pw = _BONUS_INCOME[tile]
    return (
        (c + coins) * USE_VP[0]
        + w * USE_VP[1]
        + p * USE_VP[2]
        + pw * POWER_INCOME_VP
        + BONUS_ACTION_VP[_BONUS_KIND[tile]]
    )


def _priests_sent(state: TMState, seat: int) -> int:
    return sum(row.count(seat) for row in state.cult_spaces)


_ROOM_WEIGHTS: Final = {
    name: _room_weights(int(f.home), f.fixed_home_spades) for name, f in FACTIONS.items()
}
