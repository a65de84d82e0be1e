"""What one more coin, worker, priest, charged power token or upgrade is worth to a Terra
Mystica seat.

Issue 15 calls the evaluation the main lever: ``games/terra_mystica/estimate.py`` prices
what a seat holds (``USE_VP``: a coin 0.5 VP while rounds are left, a worker 1.0, a priest
1.8, a token in bowl III 1.0) and what it has built (income, slots, the stronghold's
ability).  This measures what those are worth in play.  Bots play a game; at the start of
each of rounds 1-5 (after the income) each seat in turn is given a little more, a *gift*
(:data:`GIFT_SETS`: resources, or an upgrade of one building), and the game is played on
to its end twice from there, with and without the gift, by fresh bots with the same
seeds: the difference of the seat's final VP is what the gift was worth to it in that
game.  Nothing else differs between the two continuations, so the pair needs no model of
the game (a paired continuation); one pair is noisy (a gift changes the bots' later
choices, and the game diverges), their mean over many positions is the figure.  Each is
reported per unit, beside the change of the seat's projection, the price the estimate
gives the gift.

    python -m benchmarks.tm_marginal --games 60 --seed 1000 --workers 2
    python -m benchmarks.tm_marginal --bots greedy --games 2 --json
    python -m benchmarks.tm_marginal --gifts buildings --games 60 --seed 1000

The values are those of the bots that play on (greedy by default: about 40 s of CPU a
game for every round, seat and gift), and they are *marginal*: a resource's worth to a
seat that holds what it holds then, as those bots would use it.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
from collections.abc import Callable
from typing import Any

from tabletop.bots import Bot, derive_seed, make_bot
from tabletop.engine import OptionError, get_game, new_game
from tabletop.games.terra_mystica import estimate
from tabletop.games.terra_mystica.data.common import BUILDING_LIMITS, Building
from tabletop.games.terra_mystica.game import TerraMysticaState
from tabletop.games.terra_mystica.state import BUILDING_NAMES, TMState

GAME = "terra-mystica"
#: The rounds whose start is measured (a gift at the start of round 6 is worth its final
#: conversion or a last build: too little to tell apart from the noise).
ROUNDS = (1, 2, 3, 4, 5)


def _resource(field: str) -> Callable[[TMState, int, int], bool]:
    """A gift of the resource a seat holds in ``TMState.<field>`` (``c``, ``w``, ``p``)."""

    def give(core: TMState, seat: int, units: int) -> bool:
        getattr(core, field)[seat] += units
        return True

    return give


def _charge(core: TMState, seat: int, units: int) -> bool:
    """``units`` tokens moved on to bowl III, from bowl I while it has any, else from bowl
    II (the seat's tokens stay as many); ``False`` where the seat has not as many to move."""
    bowls = core.bowls[seat]
    if bowls[0] + bowls[1] < units:
        return False
    for _ in range(units):
        bowls[0 if bowls[0] else 1] -= 1
        bowls[2] += 1
    return True


def _upgrade(old: int, new: int) -> Callable[[TMState, int, int], bool]:
    """A gift of an upgrade: the seat's first building of code ``old`` (in map order)
    becomes ``new``, free; ``False`` where it has none, or no piece of ``new`` left.
    Only the building changes: what building it would trigger once (a favor tile for a
    temple, a town founded, a stronghold's one-off reward) is not given."""

    def give(core: TMState, seat: int, units: int) -> bool:
        if core.count(seat, new) + units > BUILDING_LIMITS[Building(BUILDING_NAMES[new])]:
            return False
        for _ in range(units):
            hexes = [i for i in core.indices_of(seat) if core.building[i] == old]
            if not hexes:
                return False
            core.building[hexes[0]] = new
        return True

    return give


#: name -> (units in the gift, how they are given: ``False`` where they cannot be).
Gift = tuple[int, Callable[[TMState, int, int], bool]]
#: What a seat holds (``--gifts resources``, the default).
RESOURCE_GIFTS: dict[str, Gift] = {
    "coin": (3, _resource("c")),
    "worker": (1, _resource("w")),
    "priest": (1, _resource("p")),
    "power III": (2, _charge),
}
#: What it has built (``--gifts buildings``): a dwelling made a trading house, a trading
#: house a temple or the stronghold.
BUILDING_GIFTS: dict[str, Gift] = {
    "D to TP": (1, _upgrade(1, 2)),
    "TP to TE": (1, _upgrade(2, 3)),
    "TP to SH": (1, _upgrade(2, 4)),
}
GIFT_SETS: dict[str, dict[str, Gift]] = {
    "resources": RESOURCE_GIFTS,
    "buildings": BUILDING_GIFTS,
}


def _players(bots: list[str], seed: int) -> list[Bot]:
    """Fresh bots named ``bots``, one a seat, seeded from ``seed`` as a table seeds them."""
    return [make_bot(name, derive_seed(seed, seat)) for seat, name in enumerate(bots)]


def play_on(state: TerraMysticaState, bots: list[str], seed: int) -> list[int]:
    """Final VP of every seat after ``state`` is played to its end (in place) by fresh
    bots named ``bots``, seeded from ``seed``: the same arguments give the same game."""
    players = _players(bots, seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, players[seat].choose(state, seat))
    return state.scores()


def given(
    state: TerraMysticaState, seat: int, gift: str | None, gifts: dict[str, Gift] = RESOURCE_GIFTS
) -> TerraMysticaState | None:
    """A copy of ``state`` with ``gift`` (a name in ``gifts``) given to ``seat`` (``None``:
    no gift; ``None`` is also returned where the gift cannot be given)."""
    core = state.core.copy()
    if gift is not None:
        units, give = gifts[gift]
        if not give(core, seat, units):
            return None
    return TerraMysticaState(core, list(state.moves), state.turn_number())


def round_starts(seed: int, bots: list[str]) -> dict[int, TerraMysticaState]:
    """The positions at the start of each of :data:`ROUNDS` in the game of ``bots`` with
    ``seed`` (every seat to play, the income paid)."""
    state = new_game(GAME, players=len(bots), seed=seed)
    assert isinstance(state, TerraMysticaState)
    players = _players(bots, seed)
    starts: dict[int, TerraMysticaState] = {}
    while not state.is_over():
        round_ = state.core.round
        if round_ in ROUNDS and round_ not in starts:
            starts[round_] = state.copy()
        seat = state.to_move()[0]
        state.apply(seat, players[seat].choose(state, seat))
    return starts


def measure(job: tuple[int, tuple[str, ...], str]) -> list[dict[str, Any]]:
    """One game's rows: per round start and seat, each gift's (of the set named in the
    job) change of the seat's final VP and of its projection (per unit)."""
    seed, bots, gift_set = job
    gifts = GIFT_SETS[gift_set]
    rows: list[dict[str, Any]] = []
    for round_, start in sorted(round_starts(seed, list(bots)).items()):
        continuation_seed = seed * 1000 + round_
        for seat in range(len(bots)):
            base = given(start, seat, None)
            assert base is not None
            projected = estimate.estimate(base.core, seat)  # before play_on moves it on
            final = play_on(base, list(bots), continuation_seed)[seat]
            row: dict[str, Any] = {
                "seed": seed,
                "round": round_,
                "seat": seat,
                "faction": start.core.factions[seat],
            }
            for name, (units, _) in gifts.items():
                changed = given(start, seat, name, gifts)
                if changed is None:
                    continue
                price = (estimate.estimate(changed.core, seat) - projected) / units
                worth = (play_on(changed, list(bots), continuation_seed)[seat] - final) / units
                row[name] = {"worth": worth, "price": price}
            rows.append(row)
    return rows


def summary(rows: list[dict[str, Any]], key: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    """Per group (``key`` of a row) and gift: positions, mean worth, its standard error,
    mean price."""
    names = _gift_names(rows)
    groups: dict[str, dict[str, list[tuple[float, float]]]] = {}
    for row in rows:
        group = groups.setdefault(str(key(row)), {})
        for name in names:
            if name in row:
                group.setdefault(name, []).append((row[name]["worth"], row[name]["price"]))
    result: dict[str, Any] = {}
    for group_name in sorted(groups):
        result[group_name] = {}
        for name, pairs in groups[group_name].items():
            worths = [w for w, _ in pairs]
            error = statistics.stdev(worths) / len(worths) ** 0.5 if len(worths) > 1 else 0.0
            result[group_name][name] = {
                "positions": len(pairs),
                "worth": statistics.fmean(worths),
                "error": error,
                "price": statistics.fmean(p for _, p in pairs),
            }
    return result


def _gift_names(rows: list[dict[str, Any]]) -> list[str]:
    """The gifts the rows measure, in the order of their sets."""
    present = {name for row in rows for name in row if isinstance(row[name], dict)}
    return [name for gifts in GIFT_SETS.values() for name in gifts if name in present]


def report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "all": summary(rows, lambda row: "all"),
        "by round": summary(rows, lambda row: row["round"]),
        "by faction": summary(rows, lambda row: row["faction"]),
    }


def print_report(result: dict[str, Any]) -> None:
    print("VP a unit in play (± standard error) [the estimate's price]; positions")
    for title, groups in result.items():
        names = [name for gifts in GIFT_SETS.values() for name in gifts]
        names = [name for name in names if any(name in row for row in groups.values())]
        print(f"\n{title}:")
        print(f"{'':12s}" + "".join(f"{name:>28s}" for name in names))
        for group, gifts in groups.items():
            cells = []
            for name in names:
                g = gifts.get(name)
                cells.append(
                    f"{g['worth']:6.2f} ± {g['error']:4.2f} [{g['price']:4.2f}] {g['positions']:4d}"
                    if g
                    else ""
                )
            print(f"{group:12s}" + "".join(f"{cell:>28s}" for cell in cells))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bots", default="greedy", help="bots, comma-separated (one for four seats, or one a seat)"
    )
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--gifts",
        choices=sorted(GIFT_SETS),
        default="resources",
        help="what is given: resources (coins, a worker, a priest, charged power) or an "
        "upgrade (a dwelling made a trading house, a trading house a temple or the stronghold)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    names = args.bots.split(",")
    bots = tuple(names * 4 if len(names) == 1 else names)
    try:
        get_game(GAME).check_setup(len(bots), None)
    except OptionError as error:
        parser.error(f"--bots: {error}")
    for name in set(bots):
        try:
            make_bot(name)
        except ValueError as error:
            parser.error(f"--bots: {error}")
    jobs = [(args.seed + i, bots, args.gifts) for i in range(args.games)]
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            parts = pool.map(measure, jobs, chunksize=1)
    else:
        parts = [measure(job) for job in jobs]
    result = report([row for part in parts for row in part])
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print_report(result)


if __name__ == "__main__":
    main()
