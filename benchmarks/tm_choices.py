"""How Terra Mystica's estimate judges the turns the players of the corpus played.

The estimate (``games/terra_mystica/estimate.py``) is what the bots' search maximises one
turn deep, so it is the main lever on their strength (issue 15: measure its choices).
For every turn a faction played in the rounds (its commands up to its ``done`` or pass),
this script also plays the turn the estimate likes best from the same position: the
greedy bot's, each step the legal action after which the heuristic is highest (the bots'
one-ply prior; others answering power offers meanwhile play greedily too), until the
seat's turn ends.  The *regret* of the player's turn is the seat's heuristic at the end
of that greedy turn less its heuristic at the end of the player's: how many VP the
estimate thinks the player gave away (negative where the player found a turn it likes
better).

Turns are grouped by their main action (``build``, ``upgrade TE``, ``action ACT6``,
``advance``, ``pass``...: the first command that is neither a conversion, a burn nor an
answer to an offer; a transform followed by a build counts as the build) and by the
rounds (1-2, 3-4, 5-6).  Where the players' turns of a kind carry a large regret, the
estimate undervalues what the players do there; ``same`` is the share of turns whose
greedy turn has the same main action.

    python -m benchmarks.tm_choices --corpus ../shared/corpus/terra_mystica/snellman --workers 2
    python -m benchmarks.tm_choices --bots greedy --games 2      # greedy's own turns: regret 0

Only the corpus games the contract replays to their final VP are used.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.tm_vp_sources import add_source_arguments, corpus_game, seated_bots
from tabletop.bots.greedy import GreedyBot
from tabletop.engine import State, new_game
from tabletop.engine.record import RESIGN

GAME = "terra-mystica"
#: Commands that are not a turn's main action.
FREE = ("convert", "burn", "leech", "decline")
PHASES = ("rounds 1-2", "rounds 3-4", "rounds 5-6")


def main_kind(texts: list[str]) -> str:
    """The main action of a turn's commands, as grouped in the report.

    >>> main_kind(["convert 3PW to 1W", "transform E7 to red", "build E7", "done"])
    'build'
    >>> main_kind(["burn 2", "action ACT6", "transform F2 to gray", "done"])
    'action ACT6'
    >>> main_kind(["upgrade E7 to TE", "+FAV11", "done"])
    'upgrade TE'
    >>> main_kind(["pass BON3"])
    'pass'
    """
    words = [text.split() for text in texts]
    kinds = [w[0] for w in words]
    for w in words:
        kind = w[0]
        if kind in FREE:
            continue
        if kind == "transform" and "build" in kinds:
            return "build"
        if kind == "upgrade":
            return f"upgrade {w[-1]}"
        if kind == "action":
            return f"action {w[1]}"
        return kind
    return "done"


def phase(round_: int) -> str:
    return PHASES[min(2, (max(1, round_) - 1) // 2)]


def _value(state: State, seat: int) -> float:
    """The seat's heuristic (of an ended game too: the final margin)."""
    return state.heuristic(seat)


def greedy_turn(state: State, seat: int) -> tuple[State, list[str]]:
    """The turn the estimate likes best from ``state`` (``seat`` to begin it), played by
    the greedy bot (each step the best by the heuristic right after it); returns the
    position where the seat's turn ended and the seat's commands."""
    world = state.copy()
    start = world.turn_number()
    greedy = GreedyBot(start or 0)  # seeded: equal moves are taken in a repeatable order
    texts: list[str] = []
    while not world.is_over() and world.turn_number() == start:
        mover = world.to_move()[0]
        action = greedy.choose(world, mover)
        if mover == seat:
            texts.append(str(action))
        world.apply(mover, action)
    return world, texts


class Tally:
    """Turns, regrets and agreements by (main action, phase)."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, str], list[float]] = defaultdict(list)
        self.same: dict[tuple[str, str], int] = defaultdict(int)

    def add(self, kind: str, when: str, regret: float, same: bool) -> None:
        self.rows[kind, when].append(regret)
        self.same[kind, when] += same

    def merge(self, other: Tally) -> None:
        for key, values in other.rows.items():
            self.rows[key].extend(values)
            self.same[key] += other.same[key]

    def report(self, least: int = 1) -> dict[str, Any]:
        turns = [r for values in self.rows.values() for r in values]
        rows = []
        for (kind, when), values in sorted(self.rows.items(), key=lambda kv: -sum(kv[1])):
            if len(values) < least:
                continue
            rows.append(
                {
                    "kind": kind,
                    "phase": when,
                    "turns": len(values),
                    "regret": round(sum(values) / len(values), 2),
                    "total": round(sum(values), 1),
                    "worse_by_1": round(sum(1 for r in values if r > 1.0) / len(values), 2),
                    "same": round(self.same[kind, when] / len(values), 2),
                }
            )
        same = sum(self.same.values())
        return {
            "turns": len(turns),
            "mean_regret": round(sum(turns) / max(1, len(turns)), 2),
            "same": round(same / max(1, len(turns)), 3),
            "by_kind": rows,
        }


def tally_game(state: State, actions: list[tuple[int, str]]) -> Tally:
    """Play ``actions`` from ``state``; judge each turn of the rounds against the greedy one."""
    tally = Tally()
    turn_start: State | None = None
    turn_seat = -1
    texts: list[str] = []
    for seat, text in actions:
        if text == RESIGN:
            state.resign(seat)
            turn_start = None
            continue
        core = state.core  # type: ignore[attr-defined]
        in_rounds = core.round >= 1 and text.split()[0] not in ("leech", "decline")
        if in_rounds and (turn_start is None or seat != turn_seat):
            # a turn begins (a seat's moves outside a turn, such as the spades of a
            # round's cult bonus, are dropped when another seat's turn begins)
            turn_start, turn_seat, texts = state.copy(), seat, []
        before = state.turn_number()
        state.apply(seat, state.game.parse_action(text))
        if seat == turn_seat:
            texts.append(text)
        if turn_start is not None and state.turn_number() != before:
            greedy, greedy_texts = greedy_turn(turn_start, turn_seat)
            regret = _value(greedy, turn_seat) - _value(state, turn_seat)
            kind = main_kind(texts)
            tally.add(kind, phase(turn_start.core.round), regret, main_kind(greedy_texts) == kind)  # type: ignore[attr-defined]
            turn_start = None
    return tally


def _corpus_game(path: str) -> Tally | None:
    game = corpus_game(Path(path))
    return None if game is None else tally_game(*game)


def corpus(folder: Path, games: int, workers: int = 1) -> tuple[Tally, int]:
    """The first ``games`` ledgers of ``folder`` the contract replays exactly."""
    paths = [str(p) for p in sorted(folder.glob("*.txt"))[:games]]
    total, used = Tally(), 0
    with ProcessPoolExecutor(workers) as pool:
        for tally in pool.map(_corpus_game, paths):
            if tally is not None:
                total.merge(tally)
                used += 1
    return total, used


def bot_game(names: list[str], players: int, seed: int) -> Tally:
    """One seeded game of the bots ``names`` (one per seat, or one for all), judged."""
    state = new_game(GAME, players, seed=seed)
    seated = seated_bots(names, players, seed)
    actions: list[tuple[int, str]] = []
    while not state.is_over():
        seat = state.to_move()[0]
        action = seated[seat].choose(state, seat)
        actions.append((seat, str(action)))
        state.apply(seat, action)
    return tally_game(new_game(GAME, players, seed=seed), actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_source_arguments(parser, games=48)
    parser.add_argument("--workers", type=int, default=1, help="corpus games only: processes")
    parser.add_argument("--least", type=int, default=20, help="rows with at least these turns")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.corpus is not None:
        if not args.corpus.is_dir():
            parser.error(f"--corpus: no folder {args.corpus}")
        tally, used = corpus(args.corpus, args.games, args.workers)
    else:
        tally, used = Tally(), args.games
        for seed in range(args.seed, args.seed + args.games):
            tally.merge(bot_game(args.bots.split(","), args.players, seed))
    report = {"games": used, **tally.report(args.least)}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{report['games']} games, {report['turns']} turns: mean regret {report['mean_regret']} VP,"
        f" same main action {report['same']:.1%}"
    )
    heads = ("turns", "regret", "total", ">1 VP", "same")
    print(f"{'main action':14s} {'rounds':11s}" + "".join(f"{h:>8s}" for h in heads))
    for row in report["by_kind"]:
        print(
            f"{row['kind']:14s} {row['phase']:11s}{row['turns']:8d}{row['regret']:8.2f}"
            f"{row['total']:8.1f}{row['worse_by_1']:8.0%}{row['same']:8.0%}"
        )


if __name__ == "__main__":
    main()
