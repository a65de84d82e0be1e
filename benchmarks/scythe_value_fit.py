"""How well Scythe's evaluation foretells how a game against the Automa ends.

Issue 15 calls the evaluation the main lever and asks for its choices to be measured.
This plays games of a bot against an Automa level (the bot in each seat, seeds from
``--seed``), replays each record, and at the start of each of the bot's turns reads the
terms of the bot's projection and the Automa's (``estimate.heuristics`` with ``parts``).
It then reports, by the turns the estimate expects until the end:

- ``r2``: the squared correlation of the bot's value (its projection less the
  Automa's) with the final margin in coins (bot less Automa);
- the least-squares weights of each term (and of the Automa's projection, negated) that
  predict the final margin best, with that fit's ``r2``.  A term the evaluation weighs
  right would get 1.  The games are the bot's own, so the weights say where the
  estimate and the outcome part ways, not what a better bot should weigh.

It also reports how well the estimate foretells when the Automa ends the game: per
number of the bot's turns really left, the Automa's turns to its end as foretold and as
its star tracker alone says (the tracker leaves out the battles the Automa wins).

``--learn`` also fits a linear value over the terms and the seats' standing
(:data:`STANDING`, each also times the share of 20 turns still to go) and reports its
r2 on games left out of the fit (five folds by game): how much more of the end a value
learned from such games could foretell.

    python -m benchmarks.scythe_value_fit --bot mcts:hard --games 40 --workers 2
    python -m benchmarks.scythe_value_fit --bot greedy --automa autometta --games 8 --json
    python -m benchmarks.scythe_value_fit --bot mcts:hard --games 200 --seed 5000 --learn

The games are over when they are read: records are replayed here, never shown to a bot.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np

from tabletop.bots import make_bot
from tabletop.engine import get_game
from tabletop.engine.record import Record
from tabletop.games.scythe import estimate
from tabletop.games.scythe.game import ScytheState
from tabletop.games.scythe.scoring import tier
from tabletop.table.batch import Job, run

TERMS = estimate.TERMS
#: Phases by the turns the estimate expects until the end.
PHASES = (("all", 0.0, 99.0), ("more than 12", 12.0, 99.0), ("7-12", 6.0, 12.0), ("1-6", 0.0, 6.0))


def in_phase(turns: float, phase: tuple[str, float, float]) -> bool:
    """Whether a position ``turns`` turns from the end belongs to ``phase`` (of
    :data:`PHASES`).

    >>> in_phase(7, PHASES[2]), in_phase(13, PHASES[2]), in_phase(13, PHASES[0])
    (True, False, True)
    """
    name, low, high = phase
    return name == "all" or low < turns <= high


#: What ``--learn`` reads beyond the terms: the seat's standing and the Automa's.
STANDING = (
    "coins",
    "popularity",
    "star_rate",
    "stars",
    "power",
    "cards",
    "upgrades",
    "mechs",
    "structures",
    "recruits",
    "workers_out",
    "territories",
    "resources",
    "automa_coins",
    "automa_stars",
    "automa_territories",
    "automa_turns",
    "tracker_turns",
)
#: Turns to the end over which ``--learn``'s weights change (the share ``tau``).
LEARN_TURNS = 20.0
#: The ridge penalty of ``--learn``'s fit, on standardised features.
RIDGE = 10.0


def standing(state: ScytheState, seat: int) -> dict[str, float]:
    """The seat's standing and the Automa's (:data:`STANDING`): all public or its own."""
    _, territories, resources, _ = estimate.tally(state)
    p = state.players[seat]
    automa = state.automa
    assert automa is not None
    a = state.players[automa.seat]
    return {
        "coins": p.coins,
        "popularity": p.popularity,
        "star_rate": tier(p.popularity).star,
        "stars": len(p.stars),
        "power": p.power,
        "cards": len(p.cards),
        "upgrades": sum(p.upgraded),
        "mechs": len(p.mechs),
        "structures": state.structures_built(seat),
        "recruits": len(p.recruits),
        "workers_out": 8 - p.workers_on_mat,
        "territories": territories[seat],
        "resources": resources[seat],
        "automa_coins": a.coins,
        "automa_stars": len(a.stars),
        "automa_territories": territories[automa.seat],
        "automa_turns": min(30.0, estimate.automa_turns(automa, len(a.stars))),
        "tracker_turns": min(30.0, estimate.tracker_turns(automa, len(a.stars))),
    }


def samples(record: dict[str, Any], seat: int) -> tuple[list[dict[str, float]], float]:
    """The bot's terms (and the Automa's projection as ``automa``) at the start of each
    of its turns, and the final margin."""
    rec = Record.from_json(record)
    game = get_game(rec.game)
    state = rec.new_state()
    assert isinstance(state, ScytheState)
    rows: list[dict[str, float]] = []
    seen = None
    for who, text in rec.actions:
        if state.to_move() == [seat] and state.turn_number() != seen:
            seen = state.turn_number()
            parts: list[dict[str, float]] = [{} for _ in range(state.num_players)]
            estimate.heuristics(state, parts)
            row = {key: parts[seat][key] for key in (*TERMS, "turns", "worth")}
            row["automa"] = parts[1 - seat]["worth"]
            row.update(standing(state, seat))
            rows.append(row)
        state.apply(who, game.parse_action(text))
    scores = state.scores()
    return rows, float(scores[seat] - scores[1 - seat])


def fit(rows: list[dict[str, float]], margins: list[float]) -> dict[str, Any]:
    """The heuristic's r2 and the least-squares weights of its terms."""
    features = np.array([[row[key] for key in TERMS] + [-row["automa"]] for row in rows])
    target = np.array(margins)
    value = np.array([row["worth"] - row["automa"] for row in rows])
    design = np.c_[features, np.ones(len(rows))]
    weights, *_ = np.linalg.lstsq(design, target, rcond=None)
    residual = target - design @ weights
    variance = float(target.var()) or 1.0
    return {
        "positions": len(rows),
        "r2": float(np.corrcoef(value, target)[0, 1] ** 2) if value.std() and target.std() else 0.0,
        "fit_r2": 1.0 - float((residual**2).mean()) / variance,
        "weights": dict(zip((*TERMS, "automa", "constant"), map(float, weights), strict=True)),
    }


def learn(rows: list[dict[str, float]], margins: list[float], folds: int = 5) -> dict[str, float]:
    """A ridge fit of the final margin on the terms and the standing (each also times
    the share of :data:`LEARN_TURNS` still to go), cross-validated by game: the r2 of its
    predictions for the games left out, overall and by phase (rows carry their game's
    number as ``game``)."""
    keys = (*TERMS, "automa", *STANDING)
    raw = np.array([[row[key] for key in keys] for row in rows])
    tau = np.minimum(np.array([row["turns"] for row in rows]), LEARN_TURNS)[:, None] / LEARN_TURNS
    design = np.c_[raw, raw * tau]
    target = np.array(margins)
    game = np.array([row["game"] for row in rows])
    order = np.random.default_rng(0).permutation(int(game.max()) + 1)
    predicted = np.zeros(len(rows))
    for fold in np.array_split(order, folds):
        test = np.isin(game, fold)
        train = ~test
        mean, scale = design[train].mean(0), design[train].std(0)
        scale[scale == 0] = 1.0
        z = (design[train] - mean) / scale
        weights = np.linalg.solve(
            z.T @ z + RIDGE * np.eye(z.shape[1]), z.T @ (target[train] - target[train].mean())
        )
        predicted[test] = (design[test] - mean) / scale @ weights + target[train].mean()
    report = {}
    for phase in PHASES:
        name = phase[0]
        chosen = np.array([in_phase(row["turns"], phase) for row in rows])
        if chosen.sum() > 1 and target[chosen].var() > 0:
            error = ((target[chosen] - predicted[chosen]) ** 2).mean()
            report[name] = 1.0 - float(error / target[chosen].var())
    return report


def _turns_left(rows: list[dict[str, float]]) -> list[tuple[dict[str, float], int]]:
    """Each position with the bot's turns its game really had left (the turn included)."""
    games: dict[float, list[dict[str, float]]] = {}
    for row in rows:
        games.setdefault(row["game"], []).append(row)
    return [(row, len(found) - i) for found in games.values() for i, row in enumerate(found)]


def end_foresight(rows: list[dict[str, float]]) -> dict[int, tuple[float, float, int]]:
    """How well the estimate foretells when the Automa ends the game: per number of the
    bot's turns the game really had left (the turn read included), the mean of the
    Automa's turns to its end as foretold (``automa_turns``) and as its tracker alone
    says (``tracker_turns``), and the positions read.

    >>> rows = [{"game": 0, "automa_turns": t, "tracker_turns": t + 1} for t in (3.0, 1.0)]
    >>> end_foresight(rows)
    {1: (1.0, 2.0, 1), 2: (3.0, 4.0, 1)}
    """
    by_left: dict[int, list[tuple[float, float]]] = {}
    for row, left in _turns_left(rows):
        by_left.setdefault(left, []).append((row["automa_turns"], row["tracker_turns"]))
    return {
        left: (
            sum(f for f, _ in pairs) / len(pairs),
            sum(t for _, t in pairs) / len(pairs),
            len(pairs),
        )
        for left, pairs in sorted(by_left.items())
    }


def end_fit(rows: list[dict[str, float]]) -> dict[str, float]:
    """The least-squares line ``left = a * tracker - b`` from the Automa's tracker alone
    to the bot's turns really left, and each foretelling's mean squared error (turns²):
    the line's (``fit``), the tracker's alone and the estimate's (``automa_turns``).

    >>> rows = [{"game": 0, "automa_turns": t, "tracker_turns": 2 * t} for t in (2.0, 1.0)]
    >>> {k: round(v, 2) + 0.0 for k, v in end_fit(rows).items()}
    {'a': 0.5, 'b': 0.0, 'fit': 0.0, 'tracker': 2.5, 'estimate': 0.0}
    """
    pairs = [(row["tracker_turns"], row["automa_turns"], left) for row, left in _turns_left(rows)]
    tracker = np.array([t for t, _, _ in pairs])
    foretold = np.array([f for _, f, _ in pairs])
    left = np.array([n for _, _, n in pairs])
    a, intercept = np.polyfit(tracker, left, 1) if np.ptp(tracker) > 0 else (1.0, 0.0)
    return {
        "a": float(a),
        "b": float(-intercept),
        "fit": float(np.mean((left - (a * tracker + intercept)) ** 2)),
        "tracker": float(np.mean((left - tracker) ** 2)),
        "estimate": float(np.mean((left - foretold) ** 2)),
    }


def collect(
    bot: str, automa: str, games: int, seed: int = 1, workers: int = 1
) -> tuple[list[dict[str, float]], list[float], list[float]]:
    """Play ``games`` games (seed ``seed`` on, the bot in each seat in turn); the
    positions' terms, each position's final margin, and each game's margin."""
    jobs = []
    for index in range(games):
        bots = [f"automa:{automa}"] * 2
        bots[index % 2] = bot
        jobs.append(Job(index, "scythe", seed + index // 2, tuple(bots), keep_record=True))
    rows: list[dict[str, float]] = []
    margins: list[float] = []
    finals: list[float] = []
    for job, played in zip(jobs, run(jobs, workers=workers), strict=True):
        assert played.record is not None
        found, margin = samples(played.record, job.bots.index(bot))
        for row in found:
            row["game"] = len(finals)
        rows += found
        margins += [margin] * len(found)
        finals.append(margin)
    return rows, margins, finals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="mcts:hard")
    parser.add_argument("--automa", default="ultimaszyna")
    parser.add_argument("--games", type=int, default=40, help="games (each seed twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--learn", action="store_true", help="also a learned value's r2")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if args.learn and args.games < 5:
        parser.error("--learn needs at least 5 games (it leaves a fifth of them out)")
    try:
        make_bot(args.bot)
        make_bot(f"automa:{args.automa}")
    except ValueError as exc:
        parser.error(str(exc))
    rows, margins, finals = collect(args.bot, args.automa, args.games, args.seed, args.workers)
    report: dict[str, Any] = {
        "bot": args.bot,
        "automa": args.automa,
        "games": len(finals),
        "mean_margin": sum(finals) / len(finals),
        "phases": {},
    }
    for phase in PHASES:
        chosen = [i for i, row in enumerate(rows) if in_phase(row["turns"], phase)]
        if len(chosen) > len(TERMS) + 2:
            report["phases"][phase[0]] = fit(
                [rows[i] for i in chosen], [margins[i] for i in chosen]
            )
    if args.learn:
        report["learned_r2"] = learn(rows, margins)
    report["automa_end"] = {
        str(left): {"foretold": f, "tracker": t, "positions": n}
        for left, (f, t, n) in end_foresight(rows).items()
    }
    report["automa_end_fit"] = end_fit(rows)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    margin = report["mean_margin"]
    print(f"{args.bot} against the {args.automa}: {len(finals)} games, margin {margin:+.1f}")
    print(f"{'turns to the end':<16} {'positions':>9} {'r2':>5} {'fit r2':>6}  weights")
    for name, phase in report["phases"].items():
        weights = "  ".join(f"{k} {v:.2f}" for k, v in phase["weights"].items() if k != "constant")
        fitted = f"{phase['positions']:>9} {phase['r2']:>5.2f} {phase['fit_r2']:>6.2f}"
        print(f"{name:<16} {fitted}  {weights}")
    if "learned_r2" in report:
        learned = "  ".join(f"{k} {v:.2f}" for k, v in report["learned_r2"].items())
        print(f"learned value, r2 on games left out: {learned}")
    ends = "  ".join(
        f"{left}: {e['foretold']:.1f} ({e['tracker']:.1f})"
        for left, e in report["automa_end"].items()
        if e["positions"] * 4 >= len(finals)
    )
    print(f"the Automa's end, the bot's turns left: foretold (its tracker alone)  {ends}")
    line = report["automa_end_fit"]
    print(
        f"turns left = {line['a']:.2f} x tracker {-line['b']:+.2f}; mean squared error: "
        f"that line {line['fit']:.1f}, tracker alone {line['tracker']:.1f}, "
        f"estimate {line['estimate']:.1f}"
    )


if __name__ == "__main__":
    main()
