"""Setup by player count (rulebook "Příprava", quick setup 1-18).

>>> from tabletop.games.scythe.game import SCYTHE
>>> state = SCYTHE.new_state(3, {"factions": "nordic,saxony"}, seed=1)
>>> [state.players[s].faction for s in range(3)][:2]
['nordic', 'saxony']
>>> all(len(state.players[s].objectives) == 2 for s in range(3)), len(state.factory_pool)
(True, 4)
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import OptionError, Rng
from tabletop.games.scythe.board import BASE, BASE_EXITS, ENCOUNTER_START, TERRITORY_COUNT
from tabletop.games.scythe.data.cards import COMBAT_DECK, ENCOUNTERS, OBJECTIVES
from tabletop.games.scythe.data.factions import FACTION_IDS, FACTIONS
from tabletop.games.scythe.data.factory_cards import FACTORY_CARDS
from tabletop.games.scythe.data.mats import BANNED_PAIRINGS, MAT_IDS, MATS
from tabletop.games.scythe.data.structure_bonus import STRUCTURE_BONUS_TILES
from tabletop.games.scythe.state import Board, Player


def _fixed(raw: str, known: tuple[str, ...], what: str, players: int) -> list[str]:
    chosen = [x.strip() for x in raw.split(",") if x.strip()] if raw else []
    for x in chosen:
        if x not in known:
            raise OptionError(f"unknown {what} {x!r} (known: {', '.join(known)})")
    if len(set(chosen)) != len(chosen):
        raise OptionError(f"a {what} is chosen twice: {raw}")
    if len(chosen) > players:
        raise OptionError(f"{len(chosen)} {what}s chosen for {players} players")
    return chosen


def deal(players: int, options: dict[str, Any], rng: Rng) -> tuple[list[str], list[str]]:
    """Factions and player mats per seat: fixed by the options for the first
    seats, the rest dealt at random; banned pairings redealt when the option is on."""
    factions = _fixed(options["factions"], FACTION_IDS, "faction", players)
    mats = _fixed(options["mats"], MAT_IDS, "mat", players)
    banned = options["banned-pairings"]
    if banned and any((f, m) in BANNED_PAIRINGS for f, m in zip(factions, mats, strict=False)):
        raise OptionError("the chosen faction and mat form an officially banned pairing")
    pool_f = [f for f in FACTION_IDS if f not in factions]
    rng.shuffle(pool_f)
    factions = factions + pool_f[: players - len(factions)]
    free_m = [m for m in MAT_IDS if m not in mats]
    for _ in range(1000):
        pool_m = free_m[:]
        rng.shuffle(pool_m)
        dealt = mats + pool_m[: players - len(mats)]
        if not banned or not any(
            (f, m) in BANNED_PAIRINGS for f, m in zip(factions, dealt, strict=False)
        ):
            return factions, dealt
    raise OptionError("no deal of mats avoids the banned pairings")  # pragma: no cover


def turn_order(factions: list[str], mats: list[str]) -> list[int]:
    """Seats in playing order: the lowest mat number starts, then clockwise
    around the table, where factions sit in the order Nordic, Rusviet, Crimea,
    Saxony, Polania ("Začínající hráč", "Výběr frakce")."""
    around = sorted(range(len(factions)), key=lambda s: FACTIONS[factions[s]].seating)
    first = min(range(len(factions)), key=lambda s: MATS[mats[s]].number)
    start = around.index(first)
    return around[start:] + around[:start]


def populate(st: Any, players: int, options: dict[str, Any], rng: Rng) -> None:
    """Fill a blank state: players, board, decks, tokens."""
    factions, mats = deal(players, options, rng)
    st.players = [Player(f, m) for f, m in zip(factions, mats, strict=True)]
    st.board = board = Board(players)
    for p in range(TERRITORY_COUNT):
        board.encounter[p] = ENCOUNTER_START[p]
    for seat, player in enumerate(st.players):
        for p in BASE_EXITS[BASE[player.faction]]:
            board.workers[seat][p] = 1
    tile = options["structure-bonus"]
    tiles = list(STRUCTURE_BONUS_TILES)
    st.structure_tile = tiles[rng.randbelow(len(tiles))] if tile == "random" else tile
    deck = [value for value, count in COMBAT_DECK.items() for _ in range(count)]
    rng.shuffle(deck)
    st.combat_deck = deck
    st.combat_discard = []
    for player in st.players:
        for _ in range(FACTIONS[player.faction].combat_cards):
            player.cards.append(deck.pop())
        player.cards.sort()
    objectives = list(OBJECTIVES)
    rng.shuffle(objectives)
    for player in st.players:
        for _ in range(MATS[player.mat].objectives):
            player.objectives.append(objectives.pop())
        player.objectives.sort()
    st.objective_box = sorted(objectives)
    encounters = list(ENCOUNTERS)
    rng.shuffle(encounters)
    st.encounter_deck = encounters
    st.encounters_seen = 0
    factory = list(FACTORY_CARDS)
    rng.shuffle(factory)
    st.factory_pool = sorted(factory[: players + 1])
    st.factory_box = sorted(factory[players + 1 :])
    st.order = turn_order(factions, mats)
