"""What each seat may know: views, reasons for illegal actions, resampling.

Hidden: the cards in other players' hands and draft piles, the card set
aside, the order of the Viking deck and of the face-down marriage cards
(and which were removed unseen).  Everything else is on the table.
"""

from __future__ import annotations

from itertools import compress
from operator import not_
from typing import TYPE_CHECKING, Any

from tabletop.engine import JSON, Action, Rng
from tabletop.engine.parts import ViewPart, assemble, changed_columns, columns_part, kept
from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru import data, seatlog, turn
from tabletop.games.brian_boru.actions import BBAction
from tabletop.games.brian_boru.board import (
    CARD_COLOUR,
    COLOUR_NAMES,
    NUM_REGIONS,
    NUM_TOWNS,
    REGION_CODES,
    REGION_NAMES,
    REGION_POINTS,
    REGION_THRESHOLD,
    TOWN_COLOUR,
    TOWN_IDS,
    TOWN_REGION,
)
from tabletop.games.brian_boru.setup import CLAIM_DOWN, CLAIM_ON_BOARD, PRINCESS_CARD

if TYPE_CHECKING:
    from tabletop.games.brian_boru.state import BBState

_PROMPTS = {
    A.START: "place your first disc in a region without other players' discs",
    A.PICK: "keep two cards from your draft pile",
    A.LEAD: "put the active town marker on a town without a disc",
    A.PLAY: "play a card",
    A.OPTION: "choose a secondary action of your card",
    A.BUY: "buy extras at 2 coins each",
    A.EXPAND: "expand to a town one road away for 5 coins, or decline",
    A.FREE: "remove a Viking control token",
    A.PLACE: "place a disc on a town without a disc",
    A.PRINCESS: "choose the princess's side: military, trade, or spurn for 4 points",
    A.RAZE: "choose the town that falls to the Vikings",
    A.MONASTERY: "place a monastery on one of your towns",
}


def card_name(value: int) -> str:
    return f"{COLOUR_NAMES[CARD_COLOUR[value]]} {value}"


def marriage_name(card: int) -> str:
    return data.PRINCESS if card == PRINCESS_CARD else data.MARRIAGE_CARDS[card].name


def _phase(s: BBState) -> str:
    if s.over:
        return "over"
    d = s.decision
    if d is None:
        return "upkeep"
    kind = d[0]
    if kind == A.START:
        return "setup"
    if kind == A.PICK:
        return "draft"
    if kind in (A.LEAD, A.PLAY, A.OPTION, A.BUY, A.EXPAND, A.FREE):
        return "tricks"
    return "upkeep"


def _card_json(value: int) -> dict[str, Any]:
    c = data.ACTION_CARDS[value - 1]
    return {
        "value": value,
        "colour": c.colour,
        "primary": list(c.primary),
        "secondary": [list(o) for o in c.secondary],
    }


def _seat(s: BBState, seat: int | None) -> dict[str, Any]:
    return {"game": "brian-boru", "seat": seat}


def _seat_inputs(s: BBState, seat: int | None) -> object:
    return seat


def _table(s: BBState, seat: int | None) -> dict[str, Any]:
    d = s.decision
    decision: dict[str, Any] | None = None
    if d is not None:
        decision = {"kind": A.KIND_WORDS[d[0]], "prompt": _PROMPTS[d[0]]}
        if d[0] != A.PICK:
            decision["seat"] = d[1]
        if d[0] == A.OPTION:
            decision["card"] = _card_json(d[2])
        if d[0] == A.BUY:
            decision["symbol"] = data.SYMBOLS[d[2]]
        if d[0] == A.RAZE:
            decision["victim"] = d[2]
        if d[0] == A.PLACE and d[2] >= 0:
            decision["region"] = REGION_CODES[d[2]]
    return {
        "players_count": s.num_players,
        "round": s.round,
        "rounds": s.rounds,
        "phase": _phase(s),
        "to_move": turn.to_move(s),
        "decision": decision,
        "first_player": s.first_player,
        "marker": {"holder": s.marker_holder, "town": _town(s.active_town)},
    }


def _table_inputs(s: BBState, seat: int | None) -> tuple[Any, ...]:
    # to_move reads the draft's picks; the decision is a tuple of ints.
    return (
        s.num_players,
        s.round,
        s.rounds,
        s.over,
        s.decision,
        tuple(s.picked),
        s.first_player,
        s.marker_holder,
        s.active_town,
    )


def _towns_held(s: BBState) -> list[int]:
    held = [0] * s.num_players
    for owner in compress(s.owner, map(not_, s.viking)):
        if owner >= 0:
            held[owner] += 1
    return held


_NAMES = [f"P{p + 1}" for p in range(8)]


def _players(s: BBState, seat: int | None) -> dict[str, list[Any]]:
    """The players' records by fields (:func:`tabletop.engine.parts.columns_part`)."""
    seats = range(s.num_players)
    holder = s.princess_holder
    princess = "military" if s.princess_side == A.MILITARY else "trade"
    claims: list[list[str]] = [[] for _ in seats]
    for r, claimant in enumerate(s.claim):
        if claimant >= 0:
            claims[claimant].append(REGION_CODES[r])
    return {
        "seat": list(seats),
        "name": _NAMES[: s.num_players],
        "score": s.score[:],
        "coins": s.coins[:],
        "renown": s.renown[:],
        "raiders": s.raiders[:],
        "church_discs": s.church[:],
        "marriage_space": s.court[:],
        "marriages": [[marriage_name(c) for c in m] for m in s.marriages],
        "princess": [princess if holder == p else None for p in seats],
        "claims": claims,
        "towns": _towns_held(s),
        "hand_size": [len(s.hands[p]) + len(s.kept[p]) + len(s.packs[p]) for p in seats],
    }


def _town_json(s: BBState, t: int) -> dict[str, Any]:
    return {
        "region": REGION_CODES[TOWN_REGION[t]],
        "colour": COLOUR_NAMES[TOWN_COLOUR[t]],
        "disc": s.owner[t] if s.owner[t] >= 0 else None,
        "viking": s.viking[t],
        "monastery": s.monastery[t],
    }


def _towns(s: BBState, seat: int | None) -> dict[str, Any]:
    return {"towns": {TOWN_IDS[t]: _town_json(s, t) for t in range(NUM_TOWNS)}}


def _towns_inputs(s: BBState, seat: int | None) -> tuple[Any, ...]:
    return (None, s.owner, s.viking, s.monastery)


def _town_entry(s: BBState, seat: int | None, t: int) -> tuple[str, Any]:
    return TOWN_IDS[t], _town_json(s, t)


def _regions(s: BBState, seat: int | None) -> dict[str, Any]:
    return {
        "regions": [
            {
                "code": REGION_CODES[r],
                "name": REGION_NAMES[r],
                "threshold": REGION_THRESHOLD[r],
                "points": REGION_POINTS[r],
                "claim": (
                    "face down"
                    if s.claim[r] == CLAIM_DOWN
                    else "on board"
                    if s.claim[r] == CLAIM_ON_BOARD
                    else s.claim[r]
                ),
            }
            for r in range(NUM_REGIONS)
        ]
    }


def _regions_inputs(s: BBState, seat: int | None) -> tuple[Any, ...]:
    return (s.claim,)


def _vikings(s: BBState, seat: int | None) -> dict[str, Any]:
    return {
        "battle_area": s.battle_area,
        "vikings_revealed": list(s.viking_revealed),
        "viking_deck": len(s.viking_deck),
    }


def _vikings_inputs(s: BBState, seat: int | None) -> tuple[Any, ...]:
    return (s.battle_area, s.viking_revealed, len(s.viking_deck))


def _marriage(s: BBState, seat: int | None) -> dict[str, Any]:
    return {
        "marriage": {
            "card": marriage_name(s.marriage_card) if s.marriage_card >= 0 else None,
            "deck": len(s.marriage_deck),
        }
    }


def _marriage_inputs(s: BBState, seat: int | None) -> object:
    return (s.marriage_card, len(s.marriage_deck))


def _trick(s: BBState, seat: int | None) -> dict[str, Any]:
    return {"trick": {"plays": [{"seat": p, "card": _card_json(c)} for p, c in s.plays]}}


def _trick_inputs(s: BBState, seat: int | None) -> tuple[Any, ...]:
    return (s.plays,)


def _discards(s: BBState, seat: int | None) -> dict[str, Any]:
    return {"discards": s.discards}


def _discards_inputs(s: BBState, seat: int | None) -> object:
    return s.discards


def _log(s: BBState, seat: int | None) -> dict[str, Any]:
    return {"log": seatlog.lines(s.log, seat)}


def _log_inputs(s: BBState, seat: int | None) -> object:
    # The log only grows: its length and last line tell it (read by the view, not encoded).
    return (seat, len(s.log), s.log[-1] if s.log else None)


def _hand(s: BBState, seat: int | None) -> dict[str, Any]:
    if seat is None:
        return {}
    return {"hand": [_card_json(c) for c in s.hands[seat]]}


def _hand_inputs(s: BBState, seat: int | None) -> tuple[Any, ...]:
    return () if seat is None else (s.hands[seat],)


def _draft(s: BBState, seat: int | None) -> dict[str, Any]:
    if seat is None:
        return {}
    return {
        "draft": {
            "pile": [_card_json(c) for c in s.packs[seat]],
            "kept": [_card_json(c) for c in s.kept[seat]],
            "picked": s.picked[seat],
        },
    }


def _draft_inputs(s: BBState, seat: int | None) -> tuple[Any, ...]:
    return () if seat is None else (s.packs[seat], s.kept[seat], s.picked[seat])


def _final(s: BBState, seat: int | None) -> dict[str, Any]:
    if not s.over:
        return {}
    from tabletop.games.brian_boru.scoring import final_breakdown

    return {"final": final_breakdown(s)}


#: The view's parts, in its keys' order (:mod:`tabletop.engine.parts`); all but the seat's
#: own (its number, log, hand and draft) are public.
PARTS: tuple[ViewPart, ...] = (
    ViewPart("seat", ("game", "seat"), _seat, _seat_inputs),
    ViewPart(
        "table",
        (
            "players_count",
            "round",
            "rounds",
            "phase",
            "to_move",
            "decision",
            "first_player",
            "marker",
        ),
        _table,
        _table_inputs,
        public=True,
    ),
    columns_part("players", "players", _players, public=True),
    ViewPart(
        "towns",
        ("towns",),
        _towns,
        _towns_inputs,
        keep=kept,
        changed=changed_columns,
        entry=_town_entry,
        public=True,
    ),
    ViewPart("regions", ("regions",), _regions, _regions_inputs, keep=kept, public=True),
    ViewPart(
        "vikings",
        ("battle_area", "vikings_revealed", "viking_deck"),
        _vikings,
        _vikings_inputs,
        keep=kept,
        public=True,
    ),
    ViewPart("marriage", ("marriage",), _marriage, _marriage_inputs, public=True),
    ViewPart("trick", ("trick",), _trick, _trick_inputs, keep=kept, public=True),
    ViewPart("discards", ("discards",), _discards, _discards_inputs, public=True),
    ViewPart("log", ("log",), _log, _log_inputs),
    ViewPart("hand", ("hand",), _hand, _hand_inputs, keep=kept),
    ViewPart("draft", ("draft",), _draft, _draft_inputs, keep=kept),
    # The breakdown reads most of the state, but only once the game is over: it is its
    # own snapshot.
    ViewPart("final", ("final",), _final, None, public=True),
)


def view(s: BBState, seat: int | None) -> JSON:
    """Everything ``seat`` may know (``None``: a spectator), assembled from :data:`PARTS`."""
    return assemble(PARTS, s, seat)


def _town(t: int) -> str | None:
    return TOWN_IDS[t] if t >= 0 else None


def why_illegal(s: BBState, seat: int, action: Action) -> str:
    """Explain, in a player's words, why ``action`` is not allowed now."""
    d = s.decision
    if d is None or not isinstance(action, BBAction):
        return f"{action} is not possible now"
    if d[0] == A.PICK and s.picked[seat]:
        return "you have already kept two cards; waiting for the other players"
    want = _PROMPTS[d[0]]
    if action.kind != d[0] and not (d[0] == A.EXPAND and action is A.DECLINE):
        return f"now you must {want} (try 'help' for the legal actions)"
    kind = action.kind
    if kind == A.PICK:
        pile = s.packs[seat]
        missing = [c for c in (action.a, action.b) if c not in pile]
        return f"card {missing[0] if missing else action.a} is not in your draft pile"
    if kind == A.PLAY:
        hand = s.hands[seat]
        if action.a not in hand:
            return f"you do not hold card {action.a}"
        colour = COLOUR_NAMES[TOWN_COLOUR[s.active_town]]
        return f"you lead this trick: play a {colour} or white card (the active town is {colour})"
    if kind in (A.START, A.LEAD, A.EXPAND, A.PLACE) and action.a >= 0:
        t = action.a
        if s.owner[t] >= 0:
            return f"{TOWN_IDS[t]} already has a disc"
        if kind == A.START:
            return f"another player already has a disc in {REGION_CODES[TOWN_REGION[t]]}"
        if kind == A.LEAD:
            colour = COLOUR_NAMES[TOWN_COLOUR[t]]
            return f"you hold no {colour} or white card to lead at {TOWN_IDS[t]}"
        if kind == A.EXPAND:
            if t == s.active_town:
                return f"{TOWN_IDS[t]} is this trick's active town"
            return f"{TOWN_IDS[t]} is not one road away from a town you control"
        return f"{TOWN_IDS[t]} is not in {REGION_CODES[d[2]]}"
    if kind == A.BUY:
        from tabletop.games.brian_boru.tricks import max_buy

        return f"you can buy at most {max_buy(s, seat, d[2])} (2 coins each)"
    if kind == A.FREE:
        return f"{TOWN_IDS[action.a]} has no Viking control token"
    if kind == A.RAZE:
        return f"{TOWN_IDS[action.a]} is not a town of P{d[2] + 1} that the Vikings can take"
    if kind == A.MONASTERY:
        return f"{TOWN_IDS[action.a]} is not a town of yours without a monastery"
    return f"{action} is not possible now"


def resample_hidden(s: BBState, observer: int | None, rng: Rng) -> None:
    """Redeal what ``observer`` cannot see, keeping every pile's size.

    Other seats' hands, draft piles and kept cards and the card set aside
    are pooled and redealt; the Viking deck is reshuffled; the face-down
    marriage cards are redrawn from those not yet seen (the princess stays
    last); the random stream for future deals is reseeded.  Every pool is
    sorted before it is shuffled, so the result depends only on what the
    observer sees and on ``rng``, not on the hidden arrangement it replaces
    (a search then chooses alike in every world it cannot tell apart).
    """
    n = s.num_players
    others = [p for p in range(n) if p != observer]
    pool: list[int] = list(s.aside)
    for p in others:
        pool += s.hands[p] + s.packs[p] + s.kept[p]
    pool.sort()
    rng.shuffle(pool)
    i = 0

    def take(k: int) -> list[int]:
        nonlocal i
        i += k
        return pool[i - k : i]

    s.aside = take(len(s.aside))
    for p in others:
        s.hands[p] = sorted(take(len(s.hands[p])))
        s.packs[p] = sorted(take(len(s.packs[p])))
        s.kept[p] = take(len(s.kept[p]))
    s.viking_deck.sort()
    rng.shuffle(s.viking_deck)
    unseen = sorted([c for c in s.marriage_deck if c != PRINCESS_CARD] + s.marriage_removed)
    rng.shuffle(unseen)
    face_down = len(s.marriage_deck) - (1 if PRINCESS_CARD in s.marriage_deck else 0)
    s.marriage_deck = ([PRINCESS_CARD] if PRINCESS_CARD in s.marriage_deck else []) + unseen[
        :face_down
    ]
    s.marriage_removed = unseen[face_down:]
    s.rng = rng.spawn()
    s._legal_cache = None


#: Card symbols as a player reads them (rulebook, "AKCE").
SYMBOL_WORDS: dict[str, str] = {
    data.TOWN: "take the active town",
    data.COIN: "gain a coin",
    data.PAY: "pay a coin",
    data.CHURCH: "a disc to the church",
    data.RAIDER: "take a raider",
    data.COURT: "a step up the marriage track",
    data.EXPAND: "expand (pay 5 coins)",
    data.FREE_VIKING_TOWN: "free a Viking town",
}


def describe(s: BBState, seat: int, action: Action) -> str:
    """An action's text with what it means now: the symbols of a card's option, the
    colour of a town (so that colour is never the only carrier of it)."""
    text = str(action)
    if not isinstance(action, BBAction):
        return text
    if action.kind == A.OPTION and s.decision is not None and s.decision[0] == A.OPTION:
        card = data.ACTION_CARDS[s.decision[2] - 1]
        symbols = card.secondary[action.a] if action.a < len(card.secondary) else ()
        return f"{text}: " + ", ".join(SYMBOL_WORDS.get(x, x.lower()) for x in symbols)
    if action.kind in (A.LEAD, A.EXPAND, A.FREE, A.PLACE, A.START) and action.a >= 0:
        return f"{text} ({COLOUR_NAMES[TOWN_COLOUR[action.a]]} town)"
    return text
