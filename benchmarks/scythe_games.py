"""Where a Scythe bot's coins go against the Automa: its games read, side by side.

Issue 15 asks that ``mcts:hard`` beat every Automa level.  Sessions 28, 29, 45 and 49 each
read the bot's games with a scratch script to see where the margin is lost; this is that
reading.  For games already played (``tabletop simulate --records`` files, or a
:mod:`benchmarks.automa_ab` run, whose rows keep their records) it reports, for the bot
(every seat that is not the Automa) and the Automa:

- the final score by category (``scoring.final_score``: coins in hand, stars,
  territories, resources, the structure bonus) and the counts behind it, with the
  popularity tier each side ends in;
- who ended the game (the sixth star) and with how many turns of the bot's;
- the bot's turns by whether it could pay a bottom action as they started (the chosen
  section's or another's) and whether it took one;
- the stars by category;
- the Factory: who holds it at the end (it counts three territories), the share of the
  bot's seats that took a Factory card, at which of its turns, and how often it then
  chose the card's section; and the bot's margin by the combat stars the Automa placed;
- the bot's Produce actions: how many a game, at which of its turns, its workers out then,
  those a Produce could use (on its best producing territories, as many as its Produce
  takes: :func:`producible`) and what it made (resource tokens and workers);
- the battles, by the side attacking: how many a game, the share the attacker won and
  both sides' mean dials;
- the bot's economy as the game goes: at its 5th, 10th, 15th... turn and at the end, its
  workers out, stars, bottom actions taken so far, popularity, power, coins,
  territories, its units on territories (workers, mechs, character) and the most of its
  workers on one territory, and the Automa's stars then.

With ``--turns N`` it prints instead the N-th game read (from 1) turn by turn: each of the
bot's turns as its action texts, then what the bot and the Automa hold after it (coins,
popularity, power, workers out, mechs, stars, territories, the resources the bot controls
by kind, its upgrades, recruits and structures).  With ``--estimate`` as well, each turn
adds how the bots' evaluation (``games/scythe/estimate.py``) saw the position as the turn
began: the own turns it foresaw to the end (the bot's way to its sixth star, the
Automa's), the tempo ``w`` (1 while the end is far, 0 at it), the territories held, the
free territories the bot's units reach in a step and its units on territories, and the
value.  Session 52 read a game this way: ten units on four territories for eight turns
with nine free ones in reach (the projection credits them as if claimed), and in another
no free territory in reach from the 12th turn on, the Automa's units all round.

    python -m benchmarks.automa_ab run --bot mcts:hard --level automa --seeds 1-50 --out a.json
    python -m benchmarks.scythe_games --records a.json
    python -m benchmarks.scythe_games --records a.json --turns 1
    python -m benchmarks.scythe_games --records a.json --turns 1 --estimate
    tabletop simulate scythe --bots mcts:hard,automa:automa --games 20 --records DIR
    python -m benchmarks.scythe_games --records DIR
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.automa_ab import read_games
from tabletop.engine import Record
from tabletop.engine.errors import RecordError, TabletopError
from tabletop.games.scythe import estimate
from tabletop.games.scythe.actions import can_pay
from tabletop.games.scythe.board import FACTORY, PRODUCTION, RESOURCE_INDEX, TERRITORY_COUNT
from tabletop.games.scythe.data.mats import BOTTOM_RESOURCE
from tabletop.games.scythe.game import ScytheState
from tabletop.games.scythe.scoring import TIERS, final_score, tier

#: The bot's turns at which its economy is noted.
CHECKPOINTS = (5, 10, 15, 20, 25, 30)
#: What a bottom action's text starts with (a Factory card's with ``card`` before it);
#: ``<action> nothing`` is one declined.
BOTTOM_ACTIONS = ("upgrade", "deploy", "build", "enlist")
#: The final score's categories (``scoring.Score``), in the order they are printed.
SCORE_PARTS = ("coins", "stars", "territories", "resources", "structure_bonus", "total")
COUNTS = ("star_count", "territory_count", "resource_count")


def is_bottom_action(text: str) -> bool:
    """Whether ``text`` takes a bottom action (not one declined with ``nothing``).

    >>> [is_bottom_action(t) for t in ("deploy speed at 0,7", "card build mill at 1,2",
    ...  "enlist nothing", "encounter popular upgrade:move.units>deploy", "bolster power 2")]
    [True, True, False, False, False]
    """
    words = text.split()
    if words and words[0] == "card":
        words = words[1:]
    return len(words) > 1 and words[0] in BOTTOM_ACTIONS and words[1] != "nothing"


def is_produce(text: str) -> bool:
    """Whether ``text`` is one territory of a Produce (a Factory card's too).

    >>> [is_produce(t) for t in ("produce 4,2 7", "card produce 0,3 2", "trade food+oil at 4,4")]
    [True, True, False]
    """
    return text.startswith(("produce ", "card produce "))


#: The bot's turns by what it could pay at the turn's start (before its top action) and
#: what it did: (a section's bottom action payable, the chosen section's, one taken).
TURN_KINDS: dict[tuple[bool, ...], str] = {
    (True, True, True): "the chosen section's bottom action payable at the start, taken",
    (True, True, False): "the chosen section's bottom action payable at the start, skipped",
    (True, False, True): "another section's payable, the chosen one's paid after its top action",
    (True, False, False): "another section's payable, the chosen one's not: none taken",
    (False, False, True): "none payable at the start, the chosen one's after its top action",
    (False, False, False): "none payable at the start, none taken",
}


def payable(state: ScytheState, seat: int, section: str) -> tuple[bool, bool]:
    """Whether ``seat`` could pay, as its turn starts, the bottom action of a section it
    may choose (its legal ``section N``: not last turn's, but for Rusviet), and that of
    ``section`` (a section's number, 1-4; the Factory card's counts as not payable)."""
    player = state.players[seat]
    can = []
    for column, spec in enumerate(player.columns):
        resource = RESOURCE_INDEX[BOTTOM_RESOURCE[spec.bottom]]
        can.append(can_pay(state, seat, resource, player.bottom_cost(column)))
    chosen = int(section) - 1 if section.isdigit() else -1
    words = (str(action).split() for action in state.legal_actions(seat))
    open_ = [can[int(w[1]) - 1] for w in words if w[0] == "section" and w[1].isdigit()]
    return any(open_), chosen >= 0 and can[chosen]


def producible(state: ScytheState, seat: int) -> int:
    """The most workers a Produce of ``seat``'s could use now: those on its producing
    territories (resources or a village), the most-manned first, as many territories as
    its Produce takes (the Mill's territory not counted)."""
    workers = state.board.workers[seat]
    ctrl = state.control_map()
    stacks = sorted(
        (
            workers[pos]
            for pos in range(TERRITORY_COUNT)
            if workers[pos] and ctrl[pos] == seat and PRODUCTION[pos] is not None
        ),
        reverse=True,
    )
    return sum(stacks[: state.players[seat].upgrade_value("produce.territories")])


def start(record: Record) -> tuple[ScytheState, list[int]]:
    """The first position of ``record``'s game and its Automa's seats; a record of
    another game, or of a game without the Automa, is a :class:`RecordError`."""
    state = record.new_state()
    if not isinstance(state, ScytheState):
        raise RecordError(f"seed {record.seed}: a {record.game} record, not Scythe")
    automa = [s for s in range(state.num_players) if state.is_automa(s)]
    if not automa:
        raise RecordError(f"seed {record.seed}: a game without the Automa")
    return state, automa


def apply(record: Record, state: ScytheState, seat: int, text: str) -> None:
    """Play ``record``'s action ``text`` of ``seat``; one that does not read or apply
    here is a :class:`RecordError` naming it."""
    try:
        state.apply(seat, state.game.parse_action(text))
    except TabletopError as exc:
        raise RecordError(
            f"seed {record.seed}: {text!r} of seat {seat} does not apply: {exc}"
        ) from exc


@dataclass
class Side:
    """Sums over games for the bot's seats or the Automa's."""

    seats: int = 0
    score: Counter[str] = field(default_factory=Counter)
    tiers: Counter[int] = field(default_factory=Counter)
    popularity: int = 0
    stars: Counter[str] = field(default_factory=Counter)
    ended: int = 0

    def add(self, state: ScytheState, seat: int) -> None:
        final = final_score(state, seat, state.structure_tile)
        for name in SCORE_PARTS + COUNTS:
            self.score[name] += getattr(final, name)
        player = state.players[seat]
        self.seats += 1
        self.popularity += player.popularity
        self.tiers[TIERS.index(tier(player.popularity)) + 1] += 1
        self.stars.update(player.stars)
        self.ended += len(player.stars) >= 6

    def report(self) -> dict[str, Any]:
        n = max(1, self.seats)
        return {
            "seats": self.seats,
            "score": {k: self.score[k] / n for k in SCORE_PARTS + COUNTS},
            "popularity": self.popularity / n,
            "tier_shares": {t: self.tiers[t] / n for t in sorted(self.tiers)},
            "stars": {k: v / n for k, v in self.stars.most_common()},
            "ended": self.ended / n,
        }


@dataclass
class Tally:
    """What the games read so far add up to."""

    games: int = 0
    #: per bot seat: 1 won, 0 lost (by the rulebook's tie-breaks; 0.5 tied even after them)
    won: list[float] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    bot: Side = field(default_factory=Side)
    automa: Side = field(default_factory=Side)
    turns: list[int] = field(default_factory=list)
    bottoms: list[int] = field(default_factory=list)
    #: the bot's turns by (a section's bottom action payable at the turn's start, the
    #: chosen section's, a bottom action taken)
    turn_kinds: Counter[tuple[bool, ...]] = field(default_factory=Counter)
    #: checkpoint (a turn number, or 0 for the end) -> figure -> sum over seats
    economy: dict[int, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    #: battles by the side attacking ("bot", "automa"): (battles, won by the attacker,
    #: the attacker's dials, the defender's dials), summed
    battles: dict[str, list[int]] = field(
        default_factory=lambda: {"automa": [0, 0, 0, 0], "bot": [0, 0, 0, 0]}
    )
    #: who controls the Factory as each game ends: "bot", "automa" or "nobody"
    factory: Counter[str] = field(default_factory=Counter)
    #: per bot seat: the turn of its own it took a Factory card in (0: none), and the
    #: turns it chose the card's section
    factory_turns: list[int] = field(default_factory=list)
    factory_sections: list[int] = field(default_factory=list)
    #: per bot seat: the combat stars the Automa placed in its game
    automa_combat: list[int] = field(default_factory=list)
    #: per Produce of the bot's (a turn's produce actions together): [its own turn, its
    #: workers out then, the workers a Produce could use then, resource tokens made,
    #: workers made]
    produces: list[list[int]] = field(default_factory=list)

    def read(self, record: Record) -> None:
        """Replay one game against the Automa and count it."""
        state, automa = start(record)
        bots = [s for s in range(state.num_players) if s not in automa]
        turns = dict.fromkeys(bots, 0)
        bottoms = dict.fromkeys(bots, 0)
        #: per bot seat, its turn in progress: (a section payable at its start, the chosen
        #: one payable then, a bottom action taken)
        turn: dict[int, list[bool]] = {}
        card_turn = dict.fromkeys(bots, 0)
        card_sections = dict.fromkeys(bots, 0)
        #: per bot seat, the Produce of its turn in progress (see ``produces``)
        producing: dict[int, list[int]] = {}
        battle = state.last_battle
        for seat, text in record.actions:
            if seat in turns and text.startswith("section"):
                producing.pop(seat, None)
                turns[seat] += 1
                if turns[seat] - 1 in CHECKPOINTS:  # the state as that turn ended
                    self._note(state, seat, automa[0], turns[seat] - 1, bottoms[seat])
                if seat in turn:
                    self.turn_kinds[tuple(turn[seat])] += 1
                turn[seat] = [*payable(state, seat, text.split()[1]), False]
            made = seat in turns and is_produce(text)
            if made:
                player = state.players[seat]
                if seat not in producing:
                    out = 8 - player.workers_on_mat
                    producing[seat] = [turns[seat], out, producible(state, seat), 0, 0]
                    self.produces.append(producing[seat])
                before = (sum(state.board.res), player.workers_on_mat)
            apply(record, state, seat, text)
            if made:
                producing[seat][3] += sum(state.board.res) - before[0]
                producing[seat][4] += before[1] - player.workers_on_mat
            if state.last_battle is not battle:  # a battle was fought (its dials shown)
                battle = state.last_battle
                self._battle(battle, automa)
            if seat in bottoms and is_bottom_action(text):
                bottoms[seat] += 1
                turn[seat][2] = True
            if seat in turns:
                card_sections[seat] += text == "section factory"
                if not card_turn[seat] and state.players[seat].factory:
                    card_turn[seat] = turns[seat]
        if not state.is_over():
            raise RecordError(f"seed {record.seed}: the game did not end")
        for kind in turn.values():
            self.turn_kinds[tuple(kind)] += 1
        scores = state.scores()
        ranks = state.outcome().ranks  # after the rulebook's tie-breaks
        self.games += 1
        for seat in bots:
            best = max(scores[s] for s in automa)
            ahead = min(ranks[s] for s in automa)
            self.won.append(1.0 if ranks[seat] < ahead else 0.5 if ranks[seat] == ahead else 0.0)
            self.margins.append(scores[seat] - best)
            self.bot.add(state, seat)
            self.turns.append(turns[seat])
            self.bottoms.append(bottoms[seat])
            self._note(state, seat, automa[0], 0, bottoms[seat])
            self.factory_turns.append(card_turn[seat])
            self.factory_sections.append(card_sections[seat])
            self.automa_combat.append(max(state.players[s].stars.count("combat") for s in automa))
        for seat in automa:
            self.automa.add(state, seat)
        holder = state.control_map()[FACTORY]
        self.factory["automa" if holder in automa else "bot" if holder >= 0 else "nobody"] += 1

    def _battle(self, battle: dict[str, Any], automa: list[int]) -> None:
        attacker = battle["attacker"]
        row = self.battles["automa" if attacker in automa else "bot"]
        row[0] += 1
        row[1] += battle["winner"] == attacker
        row[2] += battle["power"][0]
        row[3] += battle["power"][1]

    def _note(self, state: ScytheState, seat: int, automa: int, at: int, bottoms: int) -> None:
        player = state.players[seat]
        row = self.economy[at]
        row["seats"] += 1
        row["workers"] += 8 - player.workers_on_mat
        row["stars"] += len(player.stars)
        row["bottom actions"] += bottoms
        row["popularity"] += player.popularity
        row["power"] += player.power
        row["coins"] += player.coins
        row["territories"] += state.territory_count(seat)
        row["units out"] += estimate.units_out(state, seat)
        row["largest stack"] += max(state.board.workers[seat][:TERRITORY_COUNT])
        row["automa stars"] += len(state.players[automa].stars)

    def report(self) -> dict[str, Any]:
        n = max(1, len(self.margins))
        by_stars: dict[int, list[int]] = defaultdict(list)
        for margin, stars in zip(self.margins, self.automa_combat, strict=True):
            by_stars[stars].append(margin)
        economy = {}
        for at in [*CHECKPOINTS, 0]:
            row = self.economy.get(at)
            if row:
                seats = row["seats"]
                label = "end" if at == 0 else f"turn {at}"
                economy[label] = {k: v / seats for k, v in row.items() if k != "seats"}
                economy[label]["seats"] = seats
        return {
            "games": self.games,
            "bot_seats": len(self.margins),
            "wins": sum(self.won),
            "margin": statistics.mean(self.margins) if self.margins else 0.0,
            "margin_error": (
                statistics.stdev(self.margins) / n**0.5 if len(self.margins) > 1 else 0.0
            ),
            "bot": self.bot.report(),
            "automa": self.automa.report(),
            "turns": sum(self.turns) / n,
            "bottom_actions": sum(self.bottoms) / n,
            "turn_kinds": {
                TURN_KINDS[kind]: count / max(1, sum(self.turn_kinds.values()))
                for kind, count in sorted(self.turn_kinds.items(), reverse=True)
            },
            "economy": economy,
            "battles": {
                side: {
                    "a game": fought / max(1, self.games),
                    # (no battle: every sum is 0, and so is each mean)
                    "won": won / max(1, fought),
                    "dial": dial / max(1, fought),
                    "defender dial": against / max(1, fought),
                }
                for side, (fought, won, dial, against) in self.battles.items()
            },
            "factory": self._factory(),
            "produce": self._produce(),
            "margin_by_automa_combat": {
                stars: {"seats": len(margins), "margin": statistics.mean(margins)}
                for stars, margins in sorted(by_stars.items())
            },
        }

    def _produce(self) -> dict[str, Any]:
        rows = self.produces
        mean = {
            key: statistics.mean(row[i] for row in rows) if rows else 0.0
            for i, key in enumerate(("turn", "workers out", "producible", "resources", "workers"))
        }
        return {"a game": len(rows) / max(1, len(self.margins)), **mean}

    def _factory(self) -> dict[str, Any]:
        taken = [t for t in self.factory_turns if t]
        pairs = zip(self.factory_sections, self.factory_turns, strict=True)
        sections = [s for s, t in pairs if t]
        return {
            "held_at_end": {k: v / max(1, self.games) for k, v in self.factory.most_common()},
            "card_taken": len(taken) / max(1, len(self.factory_turns)),
            "card_turn": statistics.mean(taken) if taken else None,
            "card_sections": statistics.mean(sections) if sections else None,
        }


#: What :func:`holdings` reports of a seat, in order.
HOLDINGS = ("coins", "popularity", "power", "workers", "mechs", "stars", "territories",
            "resources", "upgrades", "recruits", "structures")  # fmt: skip


def holdings(state: ScytheState, seat: int) -> dict[str, Any]:
    """What ``seat`` holds: its track positions, units out, stars, territories (as final
    scoring counts them), the resources on territories it controls (food, wood, metal,
    oil) and its bottom actions' progress."""
    player = state.players[seat]
    return {
        "coins": player.coins,
        "popularity": player.popularity,
        "power": player.power,
        "workers": state.workers_on_board(seat),
        "mechs": state.mechs_on_board(seat),
        "stars": len(player.stars),
        "territories": state.territory_count(seat),
        "resources": state.controlled_resources(seat),
        "upgrades": sum(player.upgraded),
        "recruits": len(player.recruits),
        "structures": state.structures_built(seat),
    }


def seen(state: ScytheState, seat: int, automa: int) -> dict[str, Any]:
    """How the bots' evaluation sees ``seat``'s position (see the module): the own turns
    it foresees to the end for the seat and the Automa, its tempo ``w``, the territories
    held (the Factory 3), the free territories in a step, the units out, the value."""
    parts: list[dict[str, float]] = [{} for _ in range(state.num_players)]
    value = estimate.heuristics(state, parts)[seat]
    ends, _ = estimate.game_turns(state)
    mine = parts[seat]
    return {
        "end": round(ends[seat], 1),
        "automa_end": round(ends[automa], 1),
        "w": round(mine["w"], 2),
        "territories": state.territory_count(seat),
        "free_in_reach": int(mine["spread"]),
        "units_out": estimate.units_out(state, seat),
        "value": round(value, 1),
    }


def turn_log(record: Record) -> list[dict[str, Any]]:
    """The bot's turns of one game against the Automa, in order: each turn's ``seat``, its
    ``actions`` (texts: the section first, then its moves, payments and answers within
    the Automa's turn that follows, such as a combat dial), how the evaluation saw the
    position as it began (``estimate``, :func:`seen`) and the ``bot``'s and the
    ``automa``'s :func:`holdings` as the bot's next turn begins (or at the end)."""
    state, automa = start(record)
    turns: list[dict[str, Any]] = []
    current: dict[int, dict[str, Any]] = {}

    def close(seat: int) -> None:
        turn = current.pop(seat)
        turn["bot"], turn["automa"] = holdings(state, seat), holdings(state, automa[0])
        turns.append(turn)

    for seat, text in record.actions:
        if seat not in automa and text.startswith("section"):
            if seat in current:
                close(seat)
            current[seat] = {"seat": seat, "actions": [], "estimate": seen(state, seat, automa[0])}
        apply(record, state, seat, text)
        if seat in current:
            current[seat]["actions"].append(text)
    for seat in sorted(current):
        close(seat)
    return turns


def render_turns(turns: list[dict[str, Any]], estimate: bool = False) -> str:
    """:func:`turn_log` as text: a line of actions per turn, then both sides' holdings
    (and with ``estimate`` how the evaluation saw the turn's start)."""

    def short(held: dict[str, Any]) -> str:
        return " ".join(f"{k} {held[k]}" for k in HOLDINGS).replace("resources ", "res ")

    lines = []
    for number, turn in enumerate(turns, 1):
        lines.append(f"{number:3d}. seat {turn['seat']}: " + " | ".join(turn["actions"]))
        lines.append(f"     bot:    {short(turn['bot'])}")
        lines.append(f"     Automa: {short(turn['automa'])}")
        if estimate:
            e = turn["estimate"]
            lines.append(
                f"     seen:   end in {e['end']} own turns (the Automa's {e['automa_end']}), "
                f"w {e['w']}, territories {e['territories']}, free in reach "
                f"{e['free_in_reach']}, units out {e['units_out']}, value {e['value']}"
            )
    return "\n".join(lines)


def tally(paths: list[Path]) -> Tally:
    """Every game of ``paths`` read into one :class:`Tally`; a game that cannot be read
    names its file (as ``tm_vp_sources --records`` does)."""
    result = Tally()
    for path in paths:
        for record in read_games(path):
            try:
                result.read(record)
            except RecordError as exc:
                raise RecordError(f"{path}: {exc}") from exc
    return result


def render(report: dict[str, Any]) -> str:
    """The report as text."""
    bot, automa = report["bot"], report["automa"]
    seats = report["bot_seats"]
    lines = [
        f"{report['games']} games against the Automa, {seats} seats of the bot: "
        f"{report['wins']:g} won ({100 * report['wins'] / max(1, seats):.1f}%), margin "
        f"{report['margin']:+.1f} ± {report['margin_error']:.1f}",
        f"the bot's turns: {report['turns']:.1f} a game, "
        f"{report['bottom_actions']:.1f} of them with a bottom action",
        "final score, a seat:             the bot   the Automa",
    ]
    for name in SCORE_PARTS + COUNTS:
        mine, theirs = bot["score"][name], automa["score"][name]
        lines.append(f"  {name.replace('_', ' '):28s} {mine:8.1f} {theirs:12.1f}")
    lines.append(f"  {'popularity':28s} {bot['popularity']:8.1f} {automa['popularity']:12.1f}")
    lines.append("the bot's turns by what it could pay as they started:")
    for label, share in report["turn_kinds"].items():
        lines.append(f"  {100 * share:4.0f}%  {label}")
    for label, side in (("the bot", bot), ("the Automa", automa)):
        shares = ", ".join(f"{t}: {100 * v:.0f}%" for t, v in side["tier_shares"].items())
        stars = ", ".join(f"{k} {v:.2f}" for k, v in side["stars"].items())
        lines.append(f"{label}: popularity tier at the end {shares}")
        lines.append(f"  ended the game in {100 * side['ended']:.0f}%; stars: {stars}")
    for side, label in (("automa", "the Automa"), ("bot", "the bot")):
        b = report["battles"][side]
        lines.append(
            f"{label} attacking: {b['a game']:.2f} battles a game, won {100 * b['won']:.0f}%, "
            f"dials {b['dial']:.1f} against the defender's {b['defender dial']:.1f}"
        )
    factory = report["factory"]
    names = {"automa": "the Automa", "bot": "the bot", "nobody": "nobody"}
    held = ", ".join(f"{names[k]} {100 * v:.0f}%" for k, v in factory["held_at_end"].items())
    lines.append(f"the Factory at the end: {held}")
    card = f"the bot's Factory card: in {100 * factory['card_taken']:.0f}% of its seats"
    if factory["card_turn"] is not None:
        card += (
            f", at its turn {factory['card_turn']:.1f}, its section then chosen "
            f"{factory['card_sections']:.1f} times"
        )
    lines.append(card)
    by_stars = ", ".join(
        f"{stars}: {row['margin']:+.1f} ({row['seats']})"
        for stars, row in report["margin_by_automa_combat"].items()
    )
    lines.append(f"the bot's margin by the Automa's combat stars (seats): {by_stars}")
    made = report["produce"]
    lines.append(
        f"the bot's Produce: {made['a game']:.1f} a game, at its turn {made['turn']:.1f}; "
        f"{made['workers out']:.2f} workers out, {made['producible']:.2f} on the territories "
        f"it could produce on; made {made['resources']:.2f} resources and "
        f"{made['workers']:.2f} workers"
    )
    columns = ("workers", "stars", "bottom actions", "popularity", "power", "coins",
               "territories", "units out", "largest stack", "automa stars")  # fmt: skip
    lines.append("the bot as the game goes (its seats still playing):")
    lines.append(f"  {'':8s}" + "".join(f"{c:>15s}" for c in (*columns, "seats")))
    for label, row in report["economy"].items():
        cells = "".join(f"{row[c]:15.1f}" for c in columns)
        lines.append(f"  {label:8s}{cells}{row['seats']:15d}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--records",
        type=Path,
        action="append",
        required=True,
        help="games played: records (.jsonl, or a folder), or an automa_ab run (.json); "
        "may be given more than once",
    )
    parser.add_argument(
        "--turns",
        type=int,
        metavar="N",
        help="print the N-th game read (from 1) turn by turn instead of the summary",
    )
    parser.add_argument(
        "--estimate",
        action="store_true",
        help="with --turns: how the evaluation saw each turn's start, a line more a turn",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.estimate and args.turns is None:
        parser.error("--estimate reads one game turn by turn: give --turns N as well")
    if args.turns is not None:
        games = ((path, record) for path in args.records for record in read_games(path))
        found = next((g for i, g in enumerate(games, 1) if i == args.turns), None)
        if found is None:
            parser.error(f"--turns {args.turns}: no such game in the records")
        path, record = found
        try:
            turns = turn_log(record)
        except RecordError as exc:  # named by its file, as the summary's games are
            raise RecordError(f"{path}: {exc}") from exc
        print(json.dumps(turns, indent=2) if args.json else render_turns(turns, args.estimate))
        return
    report = tally(args.records).report()
    print(json.dumps(report, indent=2) if args.json else render(report))


if __name__ == "__main__":
    main()
