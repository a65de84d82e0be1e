"""Scythe's evaluation for bots: each seat's coins projected to the game's likely end.

Scythe is scored once, at the end: coins in hand, plus per star, per controlled
territory and per two resource tokens at the rate of the seat's popularity tier, plus
the structure bonus.  The game ends when a seat places its sixth star; against the
Automa that is mostly the Automa's own star tracker, whose pace is public.  So the
evaluation asks:

- **When does the game end?**  Each seat's own turns to its sixth star
  (:func:`turns_to_end`, from how far each star category still is, and a turn more
  where the next bottom action cannot be paid or placed yet, or no worker stands on a
  village) and the Automa's
  from its tracker, less the battles it will win (:func:`automa_turns`); the game ends
  at the soonest.  The *tempo*
  ``w`` is 1 while the end is :data:`HORIZON` turns away or more and falls to 0 at it.
- **What will each seat hold then?**  Its coins and stars at the rates of its
  popularity tier, where popularity a seat can still climb pays part of the next tier
  (on the units it holds and on those still to come); its territories, while the end
  is far partly those held now and partly what its units on the board will hold (they
  reach new ones), at the end exactly those held; its resources, while the end is far
  a share of the bottom actions they pay for, at the end their pairs; and, weighted by
  ``w``, the engine: upgrades, mechs, structures, recruits, workers out, production
  (what one Produce makes, as long as bottom actions still need it, and half of what
  the territories beyond it make), power, combat cards, a Factory card and stars.
  Near the end only the real score counts, so a seat cashes in: it spreads its units,
  crosses a popularity tier, keeps its pairs.
- **What will the Automa take?**  Its next turn may raid the richest lone workers in
  its reach or attack characters and mechs there, at the odds of its deck and of its
  battle table against the seat's power (:func:`_exposure`); its own projection adds
  its tracker's stars and its pace of coins and territories.

A seat's value is its projection minus the best rival's.  A seat that leads near the
end also gains by shortening its own way to the sixth star (:data:`CLOSING`): it ends
a game it wins instead of growing a lead for ever (two searchers used to play on at
five stars when the leader could not reach the last star within one turn).

Everything read is public or the seat's own (the Automa's tracker, stars and deck
contents are public).  One call computes every seat's value at once
(:func:`heuristics`): a search scores every seat of a leaf, so each projection is made
once per position (about 110 microseconds for both seats of a game against the
Automa or three seats without it, benchmarks/RESULTS.md, session 18).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from tabletop.games.scythe.actions import worker_spots
from tabletop.games.scythe.automa import Automa, neighbourhood
from tabletop.games.scythe.board import (
    BASE,
    BASE_EXITS,
    FACTORY,
    IS_LAKE,
    POSITIONS,
    PRODUCTION,
    RESOURCE_INDEX,
    TERRITORY_COUNT,
)
from tabletop.games.scythe.board import WORKER as PRODUCES_WORKER
from tabletop.games.scythe.data.automa import ATTACK_UNITS, ATTACK_WORKERS, AUTOMA_CARDS
from tabletop.games.scythe.data.mats import BOTTOM_ACTIONS, BOTTOM_RESOURCE
from tabletop.games.scythe.data.structure_bonus import bonus_coins
from tabletop.games.scythe.movement import CHARACTER as CHARACTER_UNIT
from tabletop.games.scythe.movement import MECH as MECH_UNIT
from tabletop.games.scythe.movement import WORKER as WORKER_UNIT
from tabletop.games.scythe.movement import Mover
from tabletop.games.scythe.scoring import TIERS, structure_bonus_count, tier
from tabletop.games.scythe.stars import STARS_TO_END
from tabletop.games.scythe.state import MAX_POPULARITY, MAX_POWER, NO_STRUCTURE, Player

if TYPE_CHECKING:
    from tabletop.games.scythe.game import ScytheState

#: Turns before the end from which engine and anticipation stop paying (``w`` = 1
#: beyond, 0 when the seat's next turn is its last).
HORIZON: Final = 8.0

#: Units (stars, territories, resource pairs) a seat still gains per own turn, on
#: which the popularity it holds will be paid.
UNITS_PER_TURN: Final = 0.6

#: Coins a seat gains per own turn on average, beyond what its position shows: what a
#: turn more or less is worth (a combat star of the Automa's shortens the game).
GROWTH: Final = 2.5
#: Turns ahead over which a seat expects to gain units.
TURNS_CAP: Final = 20.0

#: The engine: coins each upgrade, mech, structure, recruit and worker out is worth
#: while the end is far.  An upgrade pays on both rows of the mat (a top action gives
#: more, a bottom action costs less) for the rest of the game: at 4 the bots upgraded
#: about twice a game; at 8 they upgrade 4 to 5 times and end 10 coins nearer the
#: Autometta (benchmarks/RESULTS.md, session 17).
UPGRADE: Final = 8.0
MECH: Final = 8.0
STRUCTURE: Final = 3.0
RECRUIT: Final = 5.0
WORKER: Final = 2.0
POWER: Final = 0.4
#: The first points of power weigh more: Produce costs one with four workers out, and
#: a seat without power loses every battle.
POWER_FIRST: Final = 1.0
POWER_LOW: Final = 3
POWER_CAP: Final = 10
CARD: Final = 0.5
CARD_CAP: Final = 4
#: Share of a bottom action's worth the resources paying for it count before it.
SPEND: Final = 0.5
#: A resource no bottom action still needs (beyond two uses).
RESOURCE_SPARE: Final = 0.3
#: Territories expected at the end while it is far: a share of those held now, and of
#: those the units on the board could hold (one each, as far as they reach new ones).
TERR_KEEP: Final = 0.4
UNIT_TERR: Final = 0.6
FACTORY_CARD: Final = 3.0
#: What a unit sent home costs (the moves to come back), the coins a combat star of the
#: Automa's costs (a turn less, four coins more for it), and per resource a raid takes.
UNIT_HOME: Final = 1.0
STAR_LOST: Final = 6.0
RAID_GOODS: Final = 1.0
#: Production: coins per turn left (at most :data:`CAPACITY_TURNS`) per resource one
#: Produce makes (a share for resources no bottom action needs any more), and coins per
#: worker a village makes.
CAPACITY: Final = 0.3
CAPACITY_TURNS: Final = 12.0
CAPACITY_SPARE: Final = 0.3
CAPACITY_WORKER: Final = 2.0
#: Territories beyond those one Produce takes count at this share of what they make: a
#: later Produce, the Produce's upgrade or a Mill takes them.  At nothing, a worker moved
#: off a stack onto a territory of its own cost all its production, and the bot kept its
#: workers stacked (benchmarks/RESULTS.md, session 55).
CAPACITY_BEYOND: Final = 0.5
STAR: Final = 4.0
#: Share of a star's coins counted for the way towards it (:func:`_progress`).
STAR_PROGRESS: Final = 1.0

#: Coins per own turn of the way to the sixth star, for a seat that leads when its end
#: is within :data:`CLOSING_TURNS`.
CLOSING: Final = 8.0
CLOSING_TURNS: Final = 8.0
#: Coins per own turn of the way to the sixth star, up to :data:`FAR_TURNS` away, for a
#: seat whose lead is beyond :data:`LEAD_CAP` in a game without the Automa: such a seat
#: with few stars played on for ever (its lead could grow no more) against one with five
#: stars that would lose by ending it.
CLOSING_FAR: Final = 1.0
FAR_TURNS: Final = 40.0
#: Coins of lead at which a seat counts as clearly ahead (the closing weight's scale).
LEAD_SCALE: Final = 5.0
#: Coins of lead beyond which more lead is worth less and less (``tanh``), in a game
#: without the Automa.  Against the Automa the lead counts in full: the seat's
#: projection stood 60-80 coins above the Automa's for most of a game it lost, and
#: squashed there `mcts:hard` won 49 of 120 games against the Autometta and 4 of 60
#: against the Automa; counted in full 62 and 11, margin +4.7 ± 1.7 and +3.8 ± 2.2 coins
#: paired (benchmarks/RESULTS.md, session 53).
LEAD_CAP: Final = 30.0
#: What winning adds to the margin of an ended game: more than closing in can.
WON: Final = 30.0 + CLOSING * CLOSING_TURNS + CLOSING_FAR * FAR_TURNS

#: Turns one more of a star category takes, roughly (bottom actions and top actions
#: alternate sections: a section cannot be chosen twice running).
BOTTOM_TURNS: Final = 1.6
#: Turns to fetch the resources a bottom action costs when the seat holds too few.
FETCH_TURNS: Final = 1.0
#: Turns a combat star or an objective takes when still possible.
COMBAT_TURNS: Final = 5.0
OBJECTIVE_TURNS: Final = 6.0
#: Several categories progress in the same turns (a top and a bottom action).
OVERLAP: Final = 0.75

#: The Automa's end comes sooner than its tracker alone says: its battles won place
#: stars too (about one a game against ``mcts:hard``).  Fitted on ten games of hard
#: against the Ultimaszyna: the turns left were 0.92 times the tracker's less 0.6 (20.2
#: foretold, 18.7 played; 11.8, 9.7; 2.6, 2.0).  The margin against the Ultimaszyna
#: rose by 2.1 coins over 400 games, against the Autometta by 0.7 (noise).  Fitted per
#: level on unseen games (``benchmarks/scythe_value_fit.py``'s ``end_fit``), this line is
#: as good as the fit against the Autometta and the Automa, and a turn early against the
#: two hardest levels, which is where the gain comes from: one line for all levels
#: (benchmarks/RESULTS.md, sessions 29-30).
AUTOMA_END_SCALE: Final = 0.92
AUTOMA_END_LESS: Final = 0.6

#: The Automa: coins and territories it gains per turn on average.
AUTOMA_COINS_PER_TURN: Final = 0.6
AUTOMA_TERRITORIES_PER_TURN: Final = 0.25
AUTOMA_MAX_TERRITORIES: Final = 12.0


_BOTTOM_KIND: Final = {b: i for i, b in enumerate(BOTTOM_ACTIONS)}
_BOTTOM_RESOURCE: Final = {b: RESOURCE_INDEX[r] for b, r in BOTTOM_RESOURCE.items()}


def _advance_rates() -> dict[bool, float]:
    """Share of the Automa's cards that advance its tracker (with, without skips)."""
    cards = list(AUTOMA_CARDS.values())
    advance = sum(1 for c in cards if c.advance)
    kept = sum(1 for c in cards if c.advance and not c.autometta_skips)
    return {False: advance / len(cards), True: kept / len(cards)}


_ADVANCE: Final = _advance_rates()


def automa_turns(automa: Automa, stars: int) -> float:
    """The Automa's turns until it places the star that ends the game (it has ``stars``
    placed): the cells its tracker still has to go, at the share of its cards that
    advance, shortened by the battles it will win on the way (:data:`AUTOMA_END_SCALE`).

    >>> from tabletop.games.scythe.automa import Adjustments
    >>> automa = Automa(1, "ultimaszyna", Adjustments())
    >>> round(automa_turns(automa, 0), 1), round(automa_turns(automa, 2), 1)
    (18.0, 15.8)
    """
    tracker = tracker_turns(automa, stars)
    if tracker <= 0.0:
        return 0.0
    return max(0.0, AUTOMA_END_SCALE * tracker - AUTOMA_END_LESS)


def tracker_turns(automa: Automa, stars: int) -> float:
    """The Automa's turns until its tracker alone places the star that ends the game.

    >>> from tabletop.games.scythe.automa import Adjustments
    >>> round(tracker_turns(Automa(1, "ultimaszyna", Adjustments()), 0), 1)
    20.2
    """
    card = automa.tracker_card
    needed = STARS_TO_END - stars
    if needed <= 0:
        return 0.0
    ahead = [c for c in card.star_cells if c > automa.tracker]
    target = ahead[needed - 1] if needed <= len(ahead) else card.cells - 1 + 2 * needed
    rate = _ADVANCE[card.skips_marked]
    skip = automa.adjust.skip_turns
    if skip:
        rate *= 1 - 1 / skip
    return max(0.0, target - automa.tracker) / rate


def _repeats(count: float, per_turn: int) -> float:
    """Turns to gain ``count`` by a top action giving ``per_turn`` (every other turn)."""
    if count <= 0:
        return 0.0
    times = math.ceil(count / per_turn)
    return 2.0 * times - 1.0


def turns_to_end(st: ScytheState, seat: int, held: list[int] | None = None) -> float:
    """The seat's own turns to its sixth star, roughly: the quickest categories left.
    A bottom action whose resources the seat does not hold (``held``, by kind: read
    from the board when not given) takes a turn more to fetch them."""
    p = st.players[seat]
    needed = STARS_TO_END - len(p.stars)
    if needed <= 0:
        return 0.0
    if held is None:
        held = tally(st)[3][seat]
    stars = p.stars
    ways: list[float] = []
    spots = worker_spots(st, seat)
    short = _short(st, seat, held, spots)
    if "upgrades" not in stars:
        ways.append(BOTTOM_TURNS * sum(1 for u in p.upgraded if not u) + short[0])
    if "mechs" not in stars:
        ways.append(BOTTOM_TURNS * (4 - len(p.mechs)) + short[1])
    if "structures" not in stars:
        built = sum(1 for x in p.structures if x != NO_STRUCTURE)
        ways.append(BOTTOM_TURNS * (4 - built) + short[2])
    if "recruits" not in stars:
        ways.append(BOTTOM_TURNS * (4 - len(p.recruits)) + short[3])
    if "workers" not in stars:
        # Produce makes workers only on a village where one of them stands.
        on_village = any(PRODUCTION[pos] == PRODUCES_WORKER for pos in spots)
        ways.append(_repeats(p.workers_on_mat, 2) + (0.0 if on_village else FETCH_TURNS))
    if "popularity" not in stars:
        ways.append(_repeats(MAX_POPULARITY - p.popularity, p.upgrade_value("trade.popularity")))
    if "power" not in stars:
        ways.append(_repeats(MAX_POWER - p.power, p.upgrade_value("bolster.power")))
    saxony = p.faction == "saxony"
    if p.objectives and ("objective" not in stars or saxony):
        ways.append(OBJECTIVE_TURNS)
    combats = stars.count("combat")
    for _ in range(10 - combats if saxony else 2 - combats):
        ways.append(COMBAT_TURNS)
    ways.sort()
    if len(ways) < needed:
        return 99.0
    return OVERLAP * sum(ways[:needed])


def _short(st: ScytheState, seat: int, held: list[int], spots: list[int]) -> list[float]:
    """Per bottom action (in :data:`BOTTOM_ACTIONS` order), the turns to make its next
    use possible: :data:`FETCH_TURNS` when the seat holds less than it costs (a Trade or
    a Produce first) or has no worker where it must place (a Move first: Deploy on a
    worker's territory, Build on one without a structure), else none.  Without it a seat
    one structure short of its sixth star, without wood or a free worker, saw that star
    one Build away, and two searchers played on for ever.  ``spots``: the territories
    where the seat's workers stand (:func:`~tabletop.games.scythe.actions.worker_spots`)."""
    p = st.players[seat]
    short = [0.0] * 4
    for column in range(4):
        bottom = p.columns[column].bottom
        if held[_BOTTOM_RESOURCE[bottom]] < p.bottom_cost(column):
            short[_BOTTOM_KIND[bottom]] = FETCH_TURNS
    structure = st.board.structure
    if not spots:
        short[_BOTTOM_KIND["deploy"]] = short[_BOTTOM_KIND["build"]] = FETCH_TURNS
    elif all(structure[pos] != NO_STRUCTURE for pos in spots):
        short[_BOTTOM_KIND["build"]] = FETCH_TURNS
    return short


def _smooth(pop: int, field: int) -> float:
    """A tier rate interpolated between tiers (popularity still to climb pays part)."""
    low, mid, high = (t[field] for t in TIERS)
    if pop >= TIERS[2].low:
        return float(high)
    if pop >= TIERS[1].low:
        return mid + (high - mid) * (pop - TIERS[1].low) / (TIERS[2].low - TIERS[1].low)
    return low + (mid - low) * pop / TIERS[1].low


def _progress(p: Player) -> float:
    """How far the seat is towards the stars of its bottom actions and workers still to
    place: the square of each category's share done (the last steps weigh most)."""
    stars = p.stars
    total = 0.0
    if "upgrades" not in stars:
        total += (sum(p.upgraded) / 6) ** 2
    if "mechs" not in stars:
        total += (len(p.mechs) / 4) ** 2
    if "structures" not in stars:
        total += (sum(1 for x in p.structures if x != NO_STRUCTURE) / 4) ** 2
    if "recruits" not in stars:
        total += (len(p.recruits) / 4) ** 2
    if "workers" not in stars:
        total += ((8 - p.workers_on_mat) / 8) ** 2
    return total


#: The terms of a seat's projection that ``parts`` receives (they add up to it).
TERMS: Final = ("score", "growth", "keep", "spend", "anticipation", "exposure", "engine")


def _climbable(p: Player, turns: float) -> float:
    """How surely the seat can still reach its next popularity tier: 1 if Trade
    (every other turn) gets it there in the turns left, less and less beyond."""
    pop = p.popularity
    if pop >= TIERS[2].low:
        return 0.0
    need = (TIERS[1].low if pop < TIERS[1].low else TIERS[2].low) - pop
    takes = 2.0 * need / p.upgrade_value("trade.popularity")
    return max(0.0, min(1.0, (turns - 1.0) / takes))


def _seat_worth(
    st: ScytheState,
    seat: int,
    territories: int,
    resources: int,
    held: list[int],
    spread: int,
    capacity: float,
    exposure: float,
    turns: float,
    w: float,
    parts: dict[str, float] | None = None,
) -> float:
    """The seat's coins projected to the end, ``turns`` own turns away (tempo ``w``)."""
    p: Player = st.players[seat]
    pop = p.popularity
    exact = tier(pop)
    stars = len(p.stars)
    pairs = resources // 2
    bonus = bonus_coins(st.structure_tile, structure_bonus_count(st, seat, st.structure_tile))
    if w <= 0.0:
        final = (
            p.coins
            + stars * exact.star
            + territories * exact.territory
            + pairs * exact.resources
            + bonus
        )
        if parts is not None:
            parts.update(dict.fromkeys(TERMS, 0.0), score=final, spread=0.0, w=w, turns=turns)
        return final
    # Rates at the end: popularity still to climb pays part of the next tier.
    climb = _climbable(p, turns)
    star_rate = exact.star + climb * (_smooth(pop, 1) - exact.star)
    terr_rate = exact.territory + climb * (_smooth(pop, 2) - exact.territory)
    # Territories at the end: those held now, or while the end is far what the units
    # on the board will hold (territories change hands; units stay).
    reachable = min(units_out(st, seat), territories + spread)
    held_then = TERR_KEEP * territories + UNIT_TERR * reachable
    terr_then = (1.0 - w) * territories + w * held_then
    # Units still to come, on which the popularity held will be paid.
    future = UNITS_PER_TURN * min(turns, TURNS_CAP) * (star_rate + terr_rate) / 2.0
    engine = (
        sum(p.upgraded) * UPGRADE
        + len(p.mechs) * MECH
        + sum(1 for x in p.structures if x != NO_STRUCTURE) * STRUCTURE
        + len(p.recruits) * RECRUIT
        + capacity
        + (8 - p.workers_on_mat) * WORKER
        + min(p.power, POWER_LOW) * POWER_FIRST
        + min(p.power, POWER_CAP) * POWER
        + min(len(p.cards), CARD_CAP) * CARD
        + (FACTORY_CARD if p.factory else 0.0)
        + stars * STAR
        + _progress(p) * STAR_PROGRESS * star_rate
    )
    # Resources are spent while the game goes on, and score by pairs at its end.
    spend = _spending(p, held)
    keep = pairs * exact.resources
    score = p.coins + stars * star_rate + terr_then * terr_rate + bonus
    if parts is not None:
        parts.update(
            score=score,
            growth=GROWTH * turns,
            keep=(1.0 - w) * keep,
            spend=w * spend,
            anticipation=w * future,
            exposure=-exposure,
            engine=w * engine,
            spread=spread,
            w=w,
            turns=turns,
        )
    return score + GROWTH * turns + (1.0 - w) * keep + w * (spend + future + engine) - exposure


def _capacity(st: ScytheState, seat: int, ctrl: list[int], turns: float) -> float:
    """What the seat's production is worth: one Produce on its best territories (as
    many as its Produce takes) makes a resource per worker there, worth something every
    time it produces until the end while a bottom action still needs that resource; a
    village makes workers while some are left on the mat.  The territories beyond count
    in part (:data:`CAPACITY_BEYOND`)."""
    workers = st.board.workers[seat]
    p = st.players[seat]
    built = sum(1 for x in p.structures if x != NO_STRUCTURE)
    left = (6 - sum(p.upgraded), 4 - len(p.mechs), 4 - built, 4 - len(p.recruits))
    useful = [CAPACITY_SPARE] * 4
    for column in range(4):
        bottom = p.columns[column].bottom
        if left[_BOTTOM_KIND[bottom]] > 0:
            useful[_BOTTOM_RESOURCE[bottom]] = 1.0
    span = min(turns, CAPACITY_TURNS)
    yields = []
    for pos in range(TERRITORY_COUNT):
        n = workers[pos]
        if n and ctrl[pos] == seat:
            kind = PRODUCTION[pos]
            if kind is None:
                continue
            if kind == PRODUCES_WORKER:
                yields.append(min(n, p.workers_on_mat) * CAPACITY_WORKER)
            else:
                yields.append(n * useful[kind] * CAPACITY * span)
    yields.sort(reverse=True)
    slots = p.upgrade_value("produce.territories")
    return sum(yields[:slots]) + CAPACITY_BEYOND * sum(yields[slots:])


def units_out(st: ScytheState, seat: int) -> int:
    """The seat's workers, mechs and character on territories."""
    board = st.board
    count = 0
    workers, mechs = board.workers[seat], board.mechs[seat]
    for pos in range(TERRITORY_COUNT):
        count += workers[pos] + mechs[pos]
    char = st.players[seat].char
    return count + (1 if 0 <= char < TERRITORY_COUNT else 0)


def _spending(p: Player, held: list[int]) -> float:
    """What the resources held are worth to spend: a share of the bottom actions they
    pay for (the next one in full, a second at half), a little beyond that."""
    assets = (UPGRADE, MECH, STRUCTURE, RECRUIT)
    value = 0.0
    built = sum(1 for x in p.structures if x != NO_STRUCTURE)
    left = (6 - sum(p.upgraded), 4 - len(p.mechs), 4 - built, 4 - len(p.recruits))
    for column in range(4):
        bottom = p.columns[column].bottom
        kind = _BOTTOM_KIND[bottom]
        amount = held[_BOTTOM_RESOURCE[bottom]]
        uses = left[kind]
        cost = p.bottom_cost(column)
        worth = assets[kind] + p.columns[column].coins
        if uses <= 0 or cost <= 0:
            value += amount * RESOURCE_SPARE
            continue
        first = min(amount, cost)
        second = min(amount - first, cost) if uses > 1 else 0
        spare = amount - first - second
        value += (first + 0.5 * second) * SPEND * worth / cost + spare * RESOURCE_SPARE
    return value


def _spread(st: ScytheState, seat: int, ctrl: list[int]) -> int:
    """Territories nobody holds that the seat's units reach in a step (lakes not
    counted; who stands in the way is not asked: a cheap count)."""
    board = st.board
    workers, mechs = board.workers[seat], board.mechs[seat]
    player = st.players[seat]
    mover = Mover(st, seat, st.inactive_bases(), _NOBODY, _NOBODY)
    reach: set[int] = set()
    for pos in range(POSITIONS):
        if mechs[pos]:
            reach.update(mover.targets(MECH_UNIT, pos))
        elif workers[pos]:
            reach.update(mover.targets(WORKER_UNIT, pos))
    char = player.char
    if char >= 0:
        reach.update(mover.targets(CHARACTER_UNIT, char))
    return sum(1 for p in reach if p < TERRITORY_COUNT and ctrl[p] < 0 and not IS_LAKE[p])


_NOBODY: Final[set[int]] = set()


def _automa_reach(st: ScytheState) -> set[int]:
    """Where the Automa's units may go on its next move (its teleport): territories in
    the neighbourhood of one of its units or of its base."""
    automa = st.automa
    if automa is None:
        return set()
    seat = automa.seat
    board = st.board
    found: set[int] = set(BASE_EXITS[BASE[st.players[seat].faction]])
    workers, mechs = board.workers[seat], board.mechs[seat]
    for pos in range(TERRITORY_COUNT):
        if workers[pos] or mechs[pos]:
            found |= neighbourhood(st, pos)
    found |= neighbourhood(st, st.players[seat].char)
    return found


def _attack_odds() -> dict[tuple[int, str], tuple[float, tuple[int, ...]]]:
    """Per (program, faction): the share of the Automa's cards that may raid lone
    workers, and the power each card's unit attack needs (99: none)."""
    odds = {}
    for program in (0, 1):
        for faction in ("nordic", "polania", "rusviet", "crimea", "saxony", "albion", "togawa"):
            raids = 0
            needs = []
            for card in AUTOMA_CARDS.values():
                need = 99
                for move in card.programs[program].moves:
                    if move.faction is not None and move.faction != faction:
                        continue
                    if move.kind == ATTACK_UNITS:
                        need = min(need, move.power)
                    elif move.kind == ATTACK_WORKERS:
                        raids += 1
                needs.append(need)
            odds[program, faction] = (raids / len(AUTOMA_CARDS), tuple(needs))
    return odds


_ATTACKS: Final = _attack_odds()
#: The Automa's battle commitments (dial by power column, combat cards) per card.
_AUTOMA_COMMITS: Final = tuple((c.combat_power, c.combat_cards) for c in AUTOMA_CARDS.values())
#: The mean value of a combat card.
CARD_VALUE: Final = 3.2


def _exposure(
    st: ScytheState, seat: int, ctrl: list[int], reach: set[int], terr_rate: float
) -> float:
    """The coins the seat expects to lose in the Automa's next turn: a raid on its
    richest lone workers within the Automa's reach, or an attack on its characters and
    mechs there that its power and cards would not hold off (the units go home, the
    Automa takes a combat star)."""
    automa = st.automa
    if automa is None or not reach:
        return 0.0
    machine = st.players[automa.seat]
    raid_odds, needs = _ATTACKS[automa.program, machine.faction]
    board = st.board
    workers, mechs = board.workers[seat], board.mechs[seat]
    p = st.players[seat]
    res = board.res
    raid = 0.0
    fight = 0.0
    for pos in reach:
        if pos >= TERRITORY_COUNT or ctrl[pos] != seat:
            continue
        fighters = mechs[pos] + (p.char == pos)
        b = pos * 4
        goods = res[b] + res[b + 1] + res[b + 2] + res[b + 3]
        if fighters:
            loss = terr_rate + (fighters + workers[pos]) * UNIT_HOME + goods * 0.5 + STAR_LOST
            fight = max(fight, loss)
        elif workers[pos]:
            loss = terr_rate + workers[pos] * UNIT_HOME + goods * RAID_GOODS
            raid = max(raid, loss)
    expected = raid_odds * raid
    if fight > 0.0:
        power = machine.power
        column = (power >= 8) + (power >= 14)
        cards = len(machine.cards)
        # One fighter's card at least, at the mean value: the cards' values are the
        # seat's secret (the evaluation of other seats may only count them).
        mine = min(p.power, 7) + min(len(p.cards), 1) * CARD_VALUE
        lost = 0
        for (dials, count), need in zip(_AUTOMA_COMMITS, needs, strict=True):
            if need > power:
                continue
            total = min(dials[column], power) + min(count, cards) * CARD_VALUE
            if total >= mine:  # the attacker wins ties
                lost += 1
        expected += lost / len(_AUTOMA_COMMITS) * fight
    return expected


def _automa_worth(st: ScytheState, seat: int, territories: int, turns: float) -> float:
    """The Automa's coins projected ``turns`` turns on: its stars come from its tracker
    (public), coins and territories at their average pace; popularity stays 10."""
    automa = st.automa
    assert automa is not None
    p = st.players[seat]
    rate = tier(p.popularity)
    stars = len(p.stars)
    own = automa_turns(automa, stars)
    # Tracker stars it places within ``turns``: as many as its pace allows.
    if own > 0:
        to_place = STARS_TO_END - stars
        stars_then = stars + to_place * min(1.0, turns / own) if turns < own else STARS_TO_END
    else:
        stars_then = stars
    terr_then = max(
        territories, min(AUTOMA_MAX_TERRITORIES, territories + AUTOMA_TERRITORIES_PER_TURN * turns)
    )
    return (
        p.coins
        + AUTOMA_COINS_PER_TURN * turns
        + stars_then * rate.star
        + terr_then * rate.territory
    )


def tally(st: ScytheState) -> tuple[list[int], list[int], list[int], list[list[int]]]:
    """The control map and, per seat, territories for scoring (the Factory counts
    three), resource tokens that score, and resource tokens held by kind."""
    n = st.num_players
    ctrl = st.control_map()
    solo = st.automa is not None
    territories = [0] * n
    resources = [0] * n
    held = [[0, 0, 0, 0] for _ in range(n)]
    res = st.board.res
    for pos in range(TERRITORY_COUNT):
        owner = ctrl[pos]
        if owner < 0:
            continue
        territories[owner] += 3 if pos == FACTORY else 1
        b = pos * 4
        pile = res[b] + res[b + 1] + res[b + 2] + res[b + 3]
        if pile:
            mine = held[owner]
            mine[0] += res[b]
            mine[1] += res[b + 1]
            mine[2] += res[b + 2]
            mine[3] += res[b + 3]
            resources[owner] += min(6, pile) if solo else pile
    return ctrl, territories, resources, held


def game_turns(st: ScytheState) -> tuple[list[float], float]:
    """Each seat's own turns to the end of the game and the soonest of them."""
    automa_seat = st.automa.seat if st.automa is not None else -1
    held = tally(st)[3]
    ends = [
        automa_turns(st.automa, len(st.players[s].stars))  # type: ignore[arg-type]
        if s == automa_seat
        else turns_to_end(st, s, held[s])
        for s in range(st.num_players)
    ]
    return ends, min(ends)


def heuristics(st: ScytheState, parts: list[dict[str, float]] | None = None) -> list[float]:
    """Every seat's value: its projected coins minus the best rival's (see the module).
    ``parts``, if given, receives each seat's terms and its projection (``worth``; for
    reading, not for bots: ``benchmarks/scythe_value_fit.py``)."""
    n = st.num_players
    if st.over:
        outcome = st.outcome()
        values = []
        for s in range(n):
            best = max(v for r, v in enumerate(outcome.scores) if r != s)
            values.append(outcome.scores[s] - best + (WON if outcome.ranks[s] == 1 else 0.0))
        return values
    ctrl, territories, resources, held = tally(st)
    reach = _automa_reach(st)
    automa_seat = st.automa.seat if st.automa is not None else -1
    ends = [
        automa_turns(st.automa, len(st.players[s].stars))  # type: ignore[arg-type]
        if s == automa_seat
        else turns_to_end(st, s, held[s])
        for s in range(n)
    ]
    turns = min(ends)
    # The turn after this one is the last but ``turns - 1``: at most one more, and only
    # the real score counts.
    w = min(1.0, max(0.0, turns - 1.0) / (HORIZON - 1.0))
    worths = [
        _automa_worth(st, s, territories[s], turns)
        if s == automa_seat
        else _seat_worth(
            st,
            s,
            territories[s],
            resources[s],
            held[s],
            _spread(st, s, ctrl) if w > 0.0 else 0,
            _capacity(st, s, ctrl, turns) if w > 0.0 else 0,
            _exposure(st, s, ctrl, reach, tier(st.players[s].popularity).territory),
            turns,
            w,
            None if parts is None else parts[s],
        )
        for s in range(n)
    ]
    if parts is not None:
        for s in range(n):
            parts[s]["worth"] = worths[s]
    values = []
    for s in range(n):
        lead = worths[s] - max(v for r, v in enumerate(worths) if r != s)
        # Without the Automa, a lead far beyond what the rest of the game can undo is not
        # worth growing: a seat that far ahead ends the game instead (seats hoarding
        # resources used to play on for ever).  Against the Automa the lead is a seat's
        # projection (its engine and what it anticipates, at their worth in play) less
        # the Automa's pace, "far ahead" for most of a game the seat loses: squashed, a
        # coin of its worth moved its value by a thirtieth and its turns all looked alike.
        squash = lead > 0.0 and automa_seat < 0
        value = LEAD_CAP * math.tanh(lead / LEAD_CAP) if squash else lead
        if s != automa_seat and ends[s] < CLOSING_TURNS:
            # A leader near its end: every turn nearer the sixth star is worth coins.
            ahead = 1.0 / (1.0 + math.exp(-lead / LEAD_SCALE))
            value += CLOSING * ahead * (CLOSING_TURNS - ends[s])
        if automa_seat < 0 and ends[s] < FAR_TURNS:
            # Nobody else will end the game: a lead beyond what can still grow is worth
            # ending it, however far the sixth star.
            beyond = 1.0 / (1.0 + math.exp((LEAD_CAP - lead) / LEAD_SCALE))
            value += CLOSING_FAR * beyond * (FAR_TURNS - ends[s])
        values.append(value)
    return values


def heuristic(st: ScytheState, seat: int) -> float:
    """One seat's value (:func:`heuristics`)."""
    return heuristics(st)[seat]
