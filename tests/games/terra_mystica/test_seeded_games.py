"""Seeded games move for move: the legal-move lists and final states of a set of seeded bot
games must stay exactly as recorded (like python-chess's perft counts, a check that a faster
move generator generates the same moves, in the same order: seeded bots pick by index).

Each case plays one seeded game with bots from :mod:`tabletop.bots` and hashes, at every
step, every awaited seat's legal actions (their texts, in order), and at the end the complete
state.  ``seeded_games.json`` holds the sha256 digests.  A change of the rules that is meant
to change games (not a speed-up) regenerates it::

    PYTHONPATH=src python -m tests.games.terra_mystica.test_seeded_games > \\
        tests/games/terra_mystica/seeded_games.json

and the commit says why the games changed.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.bots import make_bot
from tabletop.bots.base import Bot, derive_seed
from tabletop.engine import Action, Rng, Seat, State, get_game

GOLDEN = Path(__file__).with_name("seeded_games.json")

Case = tuple[str, int, dict[str, Any], int, tuple[str, ...]]


def case(name: str, seed: int, bots: str, factions: str = "", *rules: str) -> Case:
    """``bots``: one bot name per seat, comma-separated; ``rules``: rule options set on."""
    seats = tuple(bots.split(","))
    options: dict[str, Any] = {rule: True for rule in rules}
    if factions:
        options["factions"] = factions
    return name, len(seats), options, seed, seats


R2, R3, R4, R5 = (",".join(["random"] * n) for n in (2, 3, 4, 5))
B2, B3, B4, B5 = (",".join(["builder"] * n) for n in (2, 3, 4, 5))

#: Random bots at every player count; factions fixed in some cases so that every faction's
#: moves are generated, with the rule options in turn; builders (long games: full maps, towns,
#: strongholds); two cases with the greedy bot (whose candidates are tried on copies).
CASES: tuple[Case, ...] = (
    *(
        case(f"random-{n}p-{seed}", seed, ",".join(["random"] * n))
        for n in (2, 3, 4, 5)
        for seed in range(1, 7)
    ),
    case("chaos-nomads", 11, R2, "chaosmagicians,nomads"),
    case("fakirs-giants", 12, R2, "fakirs,giants", "mini-expansion-1"),
    case("mermaids-dwarves", 13, R2, "mermaids,dwarves", "shipping-bonus"),
    case("cultists-swarmlings", 14, R3, "cultists,swarmlings", "errata-cultist-power"),
    case("witches-engineers", 15, R2, "witches,engineers", "temple-scoring-tile"),
    case("darklings-auren", 16, R2, "darklings,auren", "strict-darkling-sh"),
    case("halflings-alchemists", 17, R2, "halflings,alchemists", "strict-leech"),
    case("chaos-strict", 18, R3, "chaosmagicians,fakirs,dwarves", "strict-chaosmagician-sh"),
    case("open-offers", 19, R4, "", "open-offers", "variable-turn-order"),
    case("open-offers-strict", 20, R5, "", "open-offers", "strict-leech"),
    case("builders-2p", 23, B2, "witches,dwarves"),
    case("builders-3p", 24, B3, "fakirs,mermaids,halflings", "shipping-bonus"),
    case("builders-4p", 25, B4, "giants,alchemists,auren,engineers", "open-offers"),
    case(
        "builders-5p",
        26,
        B5,
        "chaosmagicians,nomads,darklings,cultists,swarmlings",
        "mini-expansion-1",
    ),
    case("builders-random-3p", 27, B3, "", "variable-turn-order", "temple-scoring-tile"),
    case("builders-random-4p", 28, B4, "", "strict-leech", "errata-cultist-power"),
    case("greedy-2p", 21, "greedy,random"),
    case("greedy-4p", 22, "random,greedy,random,random", "mermaids,dwarves,alchemists,halflings"),
)


class Builder(Bot):
    """Builds and upgrades when it can, passes last: long games with full maps, towns and
    strongholds (random bots soon pass)."""

    name = "builder"

    def choose(self, state: State, seat: Seat) -> Action:
        legal = state.legal_actions(seat)
        others = [a for a in legal if not str(a).startswith("pass")]
        if not others:
            return self.rng.choice(legal)
        for prefixes in (("build", "upgrade"), ("transform", "action", "send", "advance")):
            moves = [a for a in others if str(a).startswith(prefixes)]
            if moves and self.rng.randbelow(10) < 8:
                return self.rng.choice(moves)
        return self.rng.choice(others)


def bot(name: str, seed: int) -> Bot:
    return Builder(seed) if name == "builder" else make_bot(name, seed=seed)


def play(players: int, options: dict[str, Any], seed: int, bots: tuple[str, ...]) -> dict[str, Any]:
    """Play one seeded game; the digests of its legal-move lists and of its final state."""
    state = get_game("terra-mystica").new_state(players, options, seed)
    seats = [bot(name, derive_seed(seed, i)) for i, name in enumerate(bots)]
    pick = Rng(seed)  # which of several awaited seats moves first
    legal = hashlib.sha256()
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        for seat in movers:
            texts = [str(a) for a in state.legal_actions(seat)]
            legal.update(f"{steps} {seat}: {'|'.join(texts)}\n".encode())
        seat = movers[0] if len(movers) == 1 else pick.choice(movers)
        state.apply(seat, seats[seat].choose(state, seat))
        steps += 1
    return {
        "steps": steps,
        "legal": legal.hexdigest(),
        "final": hashlib.sha256(state.to_json_text().encode()).hexdigest(),
        "scores": state.scores(),
    }


def golden() -> dict[str, Any]:
    return {name: play(n, options, seed, bots) for name, n, options, seed, bots in CASES}


@pytest.mark.parametrize("game", CASES, ids=[c[0] for c in CASES])
def test_seeded_game_unchanged(game: Case) -> None:
    name, players, options, seed, bots = game
    expected = json.loads(GOLDEN.read_text())[name]
    assert play(players, options, seed, bots) == expected


if __name__ == "__main__":
    print(json.dumps(golden(), indent=1))
