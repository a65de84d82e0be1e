"""Where Terra Mystica's VP come from: real games of the corpus against bot games.

For each game, every action is applied through the contract and each faction's VP before
and after it are compared.  A VP change is credited to the kind of action that caused it
(its first word; upgrades by the building they make): to the faction's own action, to
another's (``others' pass`` ...) or, when the action ends the game, to ``final`` (the
final scoring: networks, cult tracks, resources).  The figures are per faction and game,
with the moves of each kind, so a bot's choices can be read against the players'
(issue 15: the evaluation is the main lever, so measure its choices).  It also reports what
a faction still holds when it passes in rounds 1-5 (coins, workers, priests, power in bowl
III, read from its own view): what it leaves unused for the round; and what a faction
has at the start of each round after the income and at the end (buildings by kind, the
shipping and terraforming levels, cult steps, VP, power tokens, resources, favor and town
tiles, and the room within its reach as the estimate counts it: free hexes, its home
terrain 1, a spade away less, at most 4; read from a spectator's view): how its economy
grows.  And the beginnings of towns:
at the start of each round, each faction's groups of directly connected buildings (see
:func:`tabletop.games.terra_mystica.towns.components`) not yet in a town with at least
:data:`GROUP_POWER` power, and the share of them that end the game in a town.

``--factions`` counts only the seats of those factions (the corpus's 192 seats play all
fourteen; four ``mcts:hard`` bots choose the same four), and ``--records`` reads bot games
already played instead of playing them (``tabletop simulate terra-mystica ... --records
DIR``, or a run of :mod:`benchmarks.tm_ab`, whose rows keep their games' records).

    python -m benchmarks.tm_vp_sources --corpus ../shared/corpus/terra_mystica/snellman --games 24
    python -m benchmarks.tm_vp_sources --bots mcts:hard --games 2 --seed 1
    python -m benchmarks.tm_vp_sources --bots greedy --games 8 --json
    python -m benchmarks.tm_vp_sources --records DIR --factions darklings,swarmlings

The corpus games are those the contract replays to the ledger's final VP; faction choice
is part of setup there and is not counted (its 20 VP are in ``setup`` for bot games).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.automa_ab import read_games
from tabletop.bots import Bot, derive_seed, make_bot
from tabletop.engine import Action, State, new_game
from tabletop.engine.errors import RecordError, TabletopError
from tabletop.engine.record import RESIGN
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.estimate import room
from tabletop.games.terra_mystica.state import BUILDING_POWER, HEX_INDEX
from tabletop.games.terra_mystica.towns import components

GAME = "terra-mystica"
#: What :meth:`Tally.report` averages over the passes of rounds 1-5 (view keys; ``power``
#: is bowl III).
HELD = ("c", "w", "p", "power")
#: What each faction has at the start of rounds 2-6 (after the income) and at the end: the
#: buildings by kind, the tracks, cult steps, VP, power tokens, resources, tiles.
ECONOMY = (
    "D",
    "TP",
    "TE",
    "SH",
    "SA",
    "ship",
    "dig",
    "cult",
    "vp",
    "tokens",
    "c",
    "w",
    "p",
    "favors",
    "towns",
    "room",
)
#: The least power of a group of buildings counted as the beginning of a town (a trading
#: house and a dwelling; a town needs 7).
GROUP_POWER = 3


def kind(text: str) -> str:
    """An action's kind: its first word, upgrades by the building they make.

    >>> kind("upgrade E7 to TP"), kind("build F3"), kind("pass BON4")
    ('upgrade TP', 'build', 'pass')
    """
    words = text.split()
    return f"upgrade {words[-1]}" if words[0] == "upgrade" else words[0]


class Tally:
    """VP by source and moves by kind, summed over the factions of several games."""

    def __init__(self, factions: frozenset[str] | None = None) -> None:
        #: the factions whose seats are counted (``None``: every seat)
        self.only = factions
        self.vp: Counter[str] = Counter()
        self.moves: Counter[str] = Counter()
        self.factions = 0
        self.final_vp = 0
        # Resources held at passes in rounds 1-5, summed, and the number of such passes.
        self.held: Counter[str] = Counter()
        self.passes = 0
        # ECONOMY summed by round (7: the end), and the factions counted in each.
        self.economy: dict[int, dict[str, float]] = {}
        self.counted: Counter[int] = Counter()
        # Groups of GROUP_POWER or more not yet in a town, by the round whose start saw
        # them (their hexes), until the game's end tells which became towns.
        self.open_groups: list[tuple[int, list[int]]] = []
        self.groups: Counter[int] = Counter()
        self.became_towns: Counter[int] = Counter()

    def counts(self, state: State, seat: int) -> bool:
        """Whether ``seat``'s faction is one of those counted."""
        return self.only is None or state.core.factions[seat] in self.only  # type: ignore[attr-defined]

    def apply(self, state: State, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat`` and credit the VP it changed."""
        before = state.scores()
        text = str(action)
        mine = state.view(seat)
        if kind(text) == "pass" and self.counts(state, seat):
            self._held(mine, seat)
        round_ = mine["round"]
        state.apply(seat, action)
        after = state.view(None)
        if state.is_over() or after["round"] > max(1, round_):
            self._economy(state, after, 7 if state.is_over() else after["round"])
            if not state.is_over():
                self._groups(state, after["round"])
        # after the action: a seat's first one chooses its faction
        counted = [self.counts(state, s) for s in range(state.num_players)]
        if counted[seat]:
            self.moves[kind(text)] += 1
        for s, (old, new) in enumerate(zip(before, state.scores(), strict=True)):
            if new != old and counted[s]:
                source = (
                    "final"
                    if state.is_over()
                    else kind(text)
                    if s == seat
                    else f"others' {kind(text)}"
                )
                self.vp[source] += new - old

    def _held(self, view: dict[str, Any], seat: int) -> None:
        if not 1 <= view["round"] <= 5:  # round 6's leftovers are converted to VP
            return
        self.passes += 1
        for key in HELD:
            self.held[key] += view["bowls"][seat][2] if key == "power" else view[key][seat]

    def _economy(self, state: State, view: dict[str, Any], round_: int) -> None:
        """Count every counted faction's ECONOMY in ``view`` (a spectator's: nothing is
        hidden) of ``state``."""
        totals = self.economy.setdefault(round_, dict.fromkeys(ECONOMY, 0.0))
        for seat in range(view["num_players"]):
            if not self.counts(state, seat):
                continue
            for owner, code in zip(view["owner"], view["building"], strict=True):
                if owner == seat and code:
                    totals[ECONOMY[code - 1]] += 1
            for key in ("ship", "dig", "vp", "c", "w", "p"):
                totals[key] += view[key][seat]
            totals["cult"] += sum(view["cults"][seat])
            totals["tokens"] += sum(view["bowls"][seat])
            totals["favors"] += len(view["favors"][seat])
            totals["towns"] += len(view["towns"][seat])
            totals["room"] += room(state.core, seat)  # type: ignore[attr-defined]
            self.counted[round_] += 1

    def _groups(self, state: State, round_: int) -> None:
        """Note every faction's groups of buildings that may become towns (not yet one)."""
        core = state.core  # type: ignore[attr-defined]
        for seat in range(core.num_players):
            if not self.counts(state, seat):
                continue
            for group in components(core, seat):
                hexes = [HEX_INDEX[h] for h in group]
                if any(core.town[i] for i in hexes):
                    continue
                if sum(BUILDING_POWER[core.building[i]] for i in hexes) >= GROUP_POWER:
                    self.open_groups.append((round_, hexes))
                    self.groups[round_] += 1

    def replay(self, state: State, actions: list[tuple[int, str]]) -> None:
        """Apply a whole game's ``actions`` (seat, text) from ``state`` and count it."""
        for seat, text in actions:
            if text == RESIGN:  # a player who left the game: no VP change to credit
                state.resign(seat)
            else:
                self.apply(state, seat, state.game.parse_action(text))
        self.end(state)

    def end(self, state: State) -> None:
        """Count a finished game's counted factions and their final VP, and which groups
        became towns."""
        scores = [v for s, v in enumerate(state.scores()) if self.counts(state, s)]
        self.factions += len(scores)
        self.final_vp += sum(scores)
        town = state.core.town  # type: ignore[attr-defined]
        for round_, hexes in self.open_groups:
            self.became_towns[round_] += any(town[i] for i in hexes)
        self.open_groups = []

    def report(self) -> dict[str, Any]:
        n = max(1, self.factions)
        return {
            "factions": self.factions,
            "mean_final_vp": round(self.final_vp / n, 1),
            "vp_by_source": {k: round(v / n, 1) for k, v in self.vp.most_common() if v},
            "moves": {k: round(v / n, 1) for k, v in self.moves.most_common()},
            "held_at_pass": {k: round(self.held[k] / max(1, self.passes), 1) for k in HELD},
            "by_round": {
                ("end" if r == 7 else f"start of round {r}"): {
                    k: round(totals[k] / self.counted[r], 1) for k in ECONOMY
                }
                for r, totals in sorted(self.economy.items())
                if self.counted[r]
            },
            "town_groups": {
                f"start of round {r}": {
                    "per_faction": round(n / self.counted[r], 2),
                    "became_towns": round(self.became_towns[r] / n, 2),
                }
                for r, n in sorted(self.groups.items())
            },
        }


def corpus_game(path: Path) -> tuple[State, list[tuple[int, str]]] | None:
    """A ledger's game as the contract plays it: the starting position and the actions, or
    ``None`` where the contract does not replay the ledger exactly."""
    from tabletop.games.terra_mystica.contract_replay import replay_through_contract
    from tabletop.games.terra_mystica.ledger import load_ledger

    result = replay_through_contract(load_ledger(path))
    if not result.ok or result.state is None:
        return None
    return new_game(GAME, result.state.num_players, dict(result.options), 0), list(result.actions)


def seated_bots(names: list[str], players: int, seed: int) -> list[Bot]:
    """The bots of a seeded game: ``names`` one per seat, or one name for every seat."""
    lineup = names * players if len(names) == 1 else names
    return [make_bot(name, derive_seed(seed, s)) for s, name in enumerate(lineup)]


def corpus(folder: Path, games: int, factions: frozenset[str] | None = None) -> Tally:
    """The first ``games`` ledgers of ``folder`` that the contract replays exactly (the
    seats of ``factions`` only, if given)."""
    tally = Tally(factions)
    used = 0
    for path in sorted(folder.glob("*.txt")):
        if used == games:
            break
        game = corpus_game(path)
        if game is None:
            continue
        tally.replay(*game)
        used += 1
    return tally


def bots(
    names: list[str], players: int, games: int, seed: int, factions: frozenset[str] | None = None
) -> Tally:
    """``games`` seeded games of the bots ``names`` (one per seat, or one for all)."""
    tally = Tally(factions)
    for game_seed in range(seed, seed + games):
        state = new_game(GAME, players, seed=game_seed)
        seated = seated_bots(names, players, game_seed)
        while not state.is_over():
            seat = state.to_move()[0]
            tally.apply(state, seat, seated[seat].choose(state, seat))
        tally.end(state)
    return tally


def records(path: Path, games: int, factions: frozenset[str] | None = None) -> Tally:
    """The first ``games`` Terra Mystica games of the records at ``path`` (see
    :func:`benchmarks.automa_ab.read_games`)."""
    tally = Tally(factions)
    used = 0
    for record in read_games(path):
        if used == games:
            break
        if record.game != GAME:
            continue
        try:
            tally.replay(record.new_state(), record.actions)
        except TabletopError as exc:  # an action that does not read or apply here
            raise RecordError(f"{path}: the game of seed {record.seed}: {exc}") from exc
        used += 1
    return tally


def add_source_arguments(parser: argparse.ArgumentParser, games: int) -> Any:
    """The arguments of a Terra Mystica diagnostic that reads either the corpus or bot
    games: ``--corpus DIR`` or ``--bots NAMES``, ``--games``, and for bot games
    ``--players`` and ``--seed``.  Returns the group of the sources, for one more."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--corpus", type=Path, help="a folder of Snellman ledgers (*.txt)")
    source.add_argument("--bots", help="bots, comma-separated: one for every seat, or one per seat")
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--players", type=int, default=4, help="bot games only")
    parser.add_argument("--seed", type=int, default=1, help="bot games only: the first seed")
    return source


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = add_source_arguments(parser, games=4)
    source.add_argument(
        "--records",
        type=Path,
        help="bot games played: records (.jsonl, or a folder), or a tm_ab run (.json)",
    )
    parser.add_argument("--factions", help="count only these factions' seats, comma-separated")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    factions = None
    if args.factions:
        factions = frozenset(name.strip() for name in args.factions.split(","))
        unknown = sorted(factions - set(FACTIONS))
        if unknown:
            known = ", ".join(FACTIONS)
            parser.error(f"--factions: no faction {', '.join(unknown)} (the factions: {known})")
    if args.corpus is not None:
        if not args.corpus.is_dir():
            parser.error(f"--corpus: no folder {args.corpus}")
        tally = corpus(args.corpus, args.games, factions)
    elif args.records is not None:
        if not args.records.exists():
            parser.error(f"--records: no file or folder {args.records}")
        try:
            tally = records(args.records, args.games, factions)
        except RecordError as exc:  # a bad line or row
            parser.error(f"--records: {exc}")
    else:
        tally = bots(args.bots.split(","), args.players, args.games, args.seed, factions)
    report = tally.report()
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{report['factions']} factions, mean final VP {report['mean_final_vp']}")
    print("VP per faction and game, by source:")
    for name, value in report["vp_by_source"].items():
        print(f"  {name:24s} {value:6.1f}")
    print("moves per faction and game:")
    for name, value in report["moves"].items():
        print(f"  {name:24s} {value:6.1f}")
    held = ", ".join(f"{value} {name}" for name, value in report["held_at_pass"].items())
    print(f"held at a pass in rounds 1-5: {held}")
    print("per faction, at the start of each round (after the income) and at the end:")
    print(" " * 19 + "".join(f"{k:>7}" for k in ECONOMY))
    for when, row in report["by_round"].items():
        print(f"  {when:17s}" + "".join(f"{row[k]:7.1f}" for k in ECONOMY))
    print(
        f"groups of buildings with {GROUP_POWER}+ power not yet in a town, per faction,"
        " and the share that end in a town:"
    )
    for when, row in report["town_groups"].items():
        print(f"  {when:17s} {row['per_faction']:5.2f} {row['became_towns']:6.0%}")


if __name__ == "__main__":
    main()
