"""Terra Mystica games played by bots on the platform, exported as Snellman ledgers.

Each game is seeded: its player count (2-5), its factions (random, or one of three lineups
that together seat all 14), its rule options (each of the site's options on or off at
random) and its bots (random, greedy, or a builder that keeps building until it must pass)
follow from ``--seed`` and the game's number.  Every game is played to the end, exported
with :func:`export_ledger`, read back and replayed row by row; the script prints how many
re-import to the identical final VP and, with ``--out DIR``, writes each ledger
(``gNNN.ledger``) and ``expected.json`` (every faction's final VP per ledger) so that the
same ledgers can be played through another engine (the Snellman site's, run locally beside
the project; see benchmarks/RESULTS.md) and its final VP compared.

Usage::

    python -m benchmarks.bench_tm_export --games 300 --seed 1
    python -m benchmarks.bench_tm_export --games 40 --bots greedy --out /tmp/ledgers
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from tabletop.bots import make_bot
from tabletop.engine import Action, Record
from tabletop.games.terra_mystica.export import export_ledger
from tabletop.games.terra_mystica.game import RULE_OPTIONS, TERRA_MYSTICA, TerraMysticaState
from tabletop.games.terra_mystica.ledger import parse_ledger
from tabletop.games.terra_mystica.replay import replay

LINEUPS = (
    "chaosmagicians,nomads,cultists,darklings,mermaids",
    "giants,fakirs,halflings,witches,engineers",
    "alchemists,swarmlings,auren,dwarves",
)
POLICIES = ("random", "builder", "greedy")


def builder(rng: random.Random, legal: Sequence[Action]) -> Action:
    """Prefers building and upgrading, then other actions, and passes last: long games."""
    texts = [str(a) for a in legal]
    others = [a for a, t in zip(legal, texts, strict=True) if not t.startswith("pass")]
    if not others:
        return rng.choice(list(legal))
    for prefixes in (("build", "upgrade"), ("transform", "action", "send", "advance")):
        moves = [a for a in others if str(a).startswith(prefixes)]
        if moves and rng.random() < 0.8:
            return rng.choice(moves)
    return rng.choice(others)


def setup(seed: int, number: int, policies: Sequence[str]) -> tuple[int, dict[str, object], str]:
    rng = random.Random(seed * 100_003 + number)
    options: dict[str, object] = {name: rng.random() < 0.5 for name in RULE_OPTIONS}
    players = rng.choice((2, 3, 4, 5))
    if number % 3 == 0:
        lineup = LINEUPS[(number // 3) % len(LINEUPS)]
        options["factions"] = lineup
        players = len(lineup.split(","))
    return players, options, policies[number % len(policies)]


def play(players: int, options: dict[str, object], policy: str, seed: int) -> Record:
    seats = [f"{policy}{s + 1}" for s in range(players)]
    record = Record(TERRA_MYSTICA.id, seats, seed, options)
    state = record.new_state()
    assert isinstance(state, TerraMysticaState)
    rng = random.Random(seed)
    bots = [make_bot(policy, seed + s) for s in range(players)] if policy != "builder" else []
    while not state.is_over():
        seat = rng.choice(state.to_move())  # several seats with open-offers
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state, seat) if bots else builder(rng, legal)
        record.add(seat, action)
        state.apply(seat, action)
    return record


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", nargs="+", choices=POLICIES, default=["random", "builder"])
    parser.add_argument("--out", type=Path, help="write the ledgers and expected.json here")
    args = parser.parse_args(argv)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    expected: dict[str, dict[str, int]] = {}
    agree = 0
    start = time.perf_counter()
    for number in range(args.games):
        players, options, policy = setup(args.seed, number, args.bots)
        record = play(players, options, policy, args.seed * 1000 + number)
        state = record.replay()
        assert isinstance(state, TerraMysticaState)
        core = state.core
        final = {faction: core.vp[seat] for seat, faction in enumerate(core.factions)}
        text = export_ledger(record)
        result = replay(parse_ledger(text, name=f"g{number:03d}"))
        agree += result.ok and result.final_vp == final
        if args.out:
            name = f"g{number:03d}.ledger"
            (args.out / name).write_text(text, encoding="utf-8")
            expected[name] = final
    elapsed = time.perf_counter() - start
    if args.out:
        (args.out / "expected.json").write_text(json.dumps(expected, indent=1), encoding="utf-8")
    print(f"{args.games} games ({', '.join(args.bots)}), seed {args.seed}: {elapsed:.1f} s")
    print(f"re-imported to the identical final VP: {agree} of {args.games}")
    return 0 if agree == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
