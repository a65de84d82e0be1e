"""How fast the mcts bot thinks: iterations per second, time per search and per decision.

For each game, one seeded game is played with ``mcts:<budget>`` in seat 0 and greedy in
the other seats (through the contract, as the table service plays it).  Every decision of
the mcts seat is timed; a *search* is a decision where the bot ran its budget (the others
followed the plan of its turn, or had a single choice); a *turn* is a run of the bot's
decisions that no other seat interrupts (a whole Scythe turn: section, actions, payments),
and ``s/turn`` is the mean and the slowest time of one.

    python -m benchmarks.bench_mcts                      # the three games, mcts:easy
    python -m benchmarks.bench_mcts --budget 400 --game scythe --json
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from tabletop.bots import MctsBot, derive_seed, make_bot
from tabletop.engine import new_game

#: The games and their player counts measured by default.
GAMES = {"brian-boru": 3, "scythe": 2, "terra-mystica": 4}


def measure(game: str, players: int, budget: str, seed: int, max_actions: int) -> dict[str, Any]:
    state = new_game(game, players, seed=seed)
    bot = make_bot(f"mcts:{budget}", derive_seed(seed, 0))
    assert isinstance(bot, MctsBot)
    others = [make_bot("greedy", derive_seed(seed, s)) for s in range(players)]
    decisions = searches = iterations = actions = 0
    decision_time = search_time = 0.0
    turns: list[float] = []
    last_seat = -1
    while not state.is_over() and actions < max_actions:
        seat = state.to_move()[0]
        if seat == 0:
            start = time.perf_counter()
            action = bot.choose(state, 0)
            spent = time.perf_counter() - start
            decisions += 1
            decision_time += spent
            if last_seat == 0:
                turns[-1] += spent
            else:
                turns.append(spent)
            if bot.last_iterations:
                searches += 1
                search_time += spent
                iterations += bot.last_iterations
        else:
            action = others[seat].choose(state, seat)
        last_seat = seat
        state.apply(seat, action)
        actions += 1
    return {
        "game": game,
        "players": players,
        "budget": budget,
        "finished": state.is_over(),
        "actions": actions,
        "decisions": decisions,
        "searches": searches,
        "seconds_per_decision": round(decision_time / max(1, decisions), 4),
        "seconds_per_search": round(search_time / max(1, searches), 4),
        "turns": len(turns),
        "seconds_per_turn": round(sum(turns) / max(1, len(turns)), 4),
        "slowest_turn": round(max(turns, default=0.0), 3),
        "iterations_per_second": round(iterations / search_time) if search_time else 0,
        "bot_seconds": round(decision_time, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--budget", default="easy", help="mcts parameter (default easy)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-actions", type=int, default=5000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [
        measure(game, GAMES[game], args.budget, args.seed, args.max_actions)
        for game in args.game or sorted(GAMES)
    ]
    if args.json:
        print(json.dumps(rows))
        return
    print(
        "| game | players | budget | decisions | searches | turns | s/decision | s/search"
        " | s/turn (slowest) | iterations/s |"
    )
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(
            f"| {r['game']} | {r['players']} | mcts:{r['budget']} | {r['decisions']} |"
            f" {r['searches']} | {r['turns']} | {r['seconds_per_decision']} |"
            f" {r['seconds_per_search']} | {r['seconds_per_turn']} ({r['slowest_turn']}) |"
            f" {r['iterations_per_second']} |"
        )


if __name__ == "__main__":
    main()
