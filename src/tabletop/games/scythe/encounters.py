"""Encounters (rulebook "Setkání").

When the character ends its move on an encounter token (and wins any battle
there), the token is removed and the top encounter card drawn.  One option is
chosen and paid in full; its gains may be taken in part and appear on the
character's territory.  Gains that copy a mat action are free and trigger no
ongoing enlist bonus.  Polania's Meander takes up to two options, in any order,
the first one's gains paying the second.  The card then goes under the deck.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING

from tabletop.games.scythe import stars
from tabletop.games.scythe.actions import (
    do_build,
    do_deploy,
    do_enlist,
    do_upgrade,
    draw_cards,
    enlist_choices,
    gain_popularity,
    gain_power,
    mech_choices,
    place_workers,
    structure_choices,
    upgrade_choices,
)
from tabletop.games.scythe.board import RESOURCE_INDEX, RESOURCES
from tabletop.games.scythe.data.cards import ENCOUNTER_OPTIONS, ENCOUNTERS, EncounterOption
from tabletop.games.scythe.hooks import FLOW
from tabletop.games.scythe.state import NO_STRUCTURE

if TYPE_CHECKING:
    from tabletop.games.scythe.game import ScytheState


def start(st: ScytheState) -> None:
    pos = st.players[st.active].char
    st.board.encounter[pos] = False
    st.enc_card = st.encounter_deck.pop(0)
    st.enc_used = []
    st.phase = "encounter"


def _affordable(st: ScytheState, option: EncounterOption) -> bool:
    player = st.players[st.active]
    have = {"coins": player.coins, "popularity": player.popularity}
    return all(have[what] >= n for what, n in option.cost)


def _gain_choices(st: ScytheState, kind: str, n: int) -> list[str]:
    """Token choices for one gain, the full gain first, ``""`` for none."""
    seat = st.active
    player = st.players[seat]
    if kind in ("coins", "popularity", "power", "card", *RESOURCES):
        return [f"{kind}{k}" for k in range(n, 0, -1)] + [""]
    if kind == "resource":
        return [
            "any:" + "+".join(RESOURCES[i] for i in combo)
            for k in range(n, 0, -1)
            for combo in combinations_with_replacement(range(4), k)
        ] + [""]
    if kind == "worker":
        return [f"worker{k}" for k in range(min(n, player.workers_on_mat), 0, -1)] + [""]
    if kind == "upgrade":
        return [f"upgrade:{c.replace(' to ', '>')}" for c in upgrade_choices(st, seat)] + [""]
    if kind == "deploy":
        return [f"deploy:{m}" for m in mech_choices(st, seat)] + [""]
    if kind == "build":
        if st.board.structure[player.char] != NO_STRUCTURE:
            return [""]  # one structure per territory
        return [f"build:{s}" for s in structure_choices(st, seat)] + [""]
    if kind == "enlist":
        return [f"enlist:{c.replace(' for ', '>')}" for c in enlist_choices(st, seat)] + [""]
    raise AssertionError(kind)  # pragma: no cover


def encounter_texts(st: ScytheState) -> list[str]:
    """``encounter OPTION [gains]`` for each option that can be paid; after Meander's
    first option also ``done``."""
    out: list[str] = ["done"] if st.enc_used else []
    for option_name, option in zip(ENCOUNTER_OPTIONS, ENCOUNTERS[st.enc_card], strict=True):
        if option_name in st.enc_used or not _affordable(st, option):
            continue
        parts = [_gain_choices(st, kind, n) for kind, n in option.gains]
        for combo in product(*parts):
            out.append(" ".join(["encounter", option_name, *(t for t in combo if t)]))
    return out


def apply(st: ScytheState, words: list[str]) -> None:

    if words[0] == "done":
        _finish(st)
        FLOW.after_move(st)
        return
    seat = st.active
    player = st.players[seat]
    pos = player.char
    option_name = words[1]
    option = ENCOUNTERS[st.enc_card][ENCOUNTER_OPTIONS.index(option_name)]
    for what, n in option.cost:
        if what == "coins":
            player.coins -= n
        else:
            player.popularity -= n
    for token in words[2:]:
        _gain(st, seat, pos, token)
    stars.check(st, seat)
    st.enc_used.append(option_name)
    if st.ending:
        _finish(st)
        FLOW.finish_game(st)
        return
    if player.faction == "polania" and len(st.enc_used) < 2:
        return  # Meander: a second option, or done
    _finish(st)
    FLOW.after_move(st)


def _gain(st: ScytheState, seat: int, pos: int, token: str) -> None:
    player = st.players[seat]
    if ":" in token:
        kind, what = token.split(":")
        if kind == "any":
            for r in what.split("+"):
                st.board.res[pos * 4 + RESOURCE_INDEX[r]] += 1
        elif kind == "upgrade":
            key, bottom = what.split(">")
            do_upgrade(st, seat, key, bottom)
        elif kind == "deploy":
            do_deploy(st, seat, what, pos)
        elif kind == "build":
            do_build(st, seat, what, pos)
        else:
            bottom, bonus = what.split(">")
            do_enlist(st, seat, bottom, bonus)
        return
    kind = token.rstrip("0123456789")
    n = int(token[len(kind) :])
    if kind == "coins":
        player.coins += n
    elif kind == "popularity":
        gain_popularity(st, seat, n)
    elif kind == "power":
        gain_power(st, seat, n)
    elif kind == "card":
        draw_cards(st, seat, n)
    elif kind == "worker":
        place_workers(st, seat, pos, n)
    else:
        st.board.res[pos * 4 + RESOURCE_INDEX[kind]] += n


def _finish(st: ScytheState) -> None:
    """The card goes under the deck, face known to all."""
    st.encounter_deck.append(st.enc_card)
    st.encounters_seen += 1
    st.enc_card = 0
    st.enc_used = []
