"""Brian Boru actions and their text notation.

Every action that can ever be legal is built once here, so legal-move
generation only picks prebuilt objects.  The notation is one keyword and
its arguments:

============================  ================================================
``start NUN-3``               setup: place your first disc
``pick 3 17``                 draft: keep these two cards (lower value first)
``lead CON-4``                trick: put the active town marker on a town
``play 11``                   trick: play a card
``option 1`` / ``option 2``   choose the upper or lower secondary action
``buy 2``                     extra church discs / raiders / marriage steps
``expand BRE-1`` / ``decline``   pay 5 coins for a town one road away, or not
``free CON-3``                remove the Viking control token from a town
``place LEI-3``               a disc on an empty town (marriage rewards)
``princess military``         ``military``, ``trade`` or ``spurn``
``raze CON-3``                choose the town that falls to the Vikings
``monastery CON-3``           place a monastery on your town
============================  ================================================

>>> parse("Play 11") is PLAY_CARD[11]
True
>>> str(PICK_PAIR[3, 17])
'pick 3 17'
>>> parse("lead con-4").text
'lead CON-4'
"""

from __future__ import annotations

import re
from typing import Final

from tabletop.engine import Action, NotationError
from tabletop.games.brian_boru.board import ALL_CARDS, NUM_TOWNS, TOWN_IDS, TOWN_INDEX

# Action kinds (also the kinds of pending decisions).
START: Final = 0
PICK: Final = 1
LEAD: Final = 2
PLAY: Final = 3
OPTION: Final = 4
BUY: Final = 5
EXPAND: Final = 6  # includes "decline" (arg -1)
FREE: Final = 7
PLACE: Final = 8
PRINCESS: Final = 9
RAZE: Final = 10
MONASTERY: Final = 11

KIND_WORDS: Final = (
    "start",
    "pick",
    "lead",
    "play",
    "option",
    "buy",
    "expand",
    "free",
    "place",
    "princess",
    "raze",
    "monastery",
)

PRINCESS_SIDES: Final = ("military", "trade", "spurn")
MILITARY: Final = 0
TRADE: Final = 1
SPURN: Final = 2
MAX_BUY: Final = 60  # more than any player can afford in practice


class BBAction(Action):
    """A Brian Boru action: a kind and up to two integer arguments."""

    __slots__ = ("a", "b", "kind")

    def __init__(self, text: str, kind: int, a: int = -1, b: int = -1) -> None:
        super().__init__(text)
        self.kind = kind
        self.a = a
        self.b = b


def _town_actions(kind: int) -> tuple[BBAction, ...]:
    word = KIND_WORDS[kind]
    return tuple(BBAction(f"{word} {TOWN_IDS[t]}", kind, t) for t in range(NUM_TOWNS))


START_AT: Final = _town_actions(START)
LEAD_AT: Final = _town_actions(LEAD)
EXPAND_TO: Final = _town_actions(EXPAND)
FREE_AT: Final = _town_actions(FREE)
PLACE_AT: Final = _town_actions(PLACE)
RAZE_AT: Final = _town_actions(RAZE)
MONASTERY_AT: Final = _town_actions(MONASTERY)
DECLINE: Final = BBAction("decline", EXPAND, -1)
PLAY_CARD: Final = {v: BBAction(f"play {v}", PLAY, v) for v in ALL_CARDS}
PICK_PAIR: Final = {
    (x, y): BBAction(f"pick {x} {y}", PICK, x, y) for x in ALL_CARDS for y in ALL_CARDS if x < y
}
OPTIONS: Final = (BBAction("option 1", OPTION, 0), BBAction("option 2", OPTION, 1))
BUYS: Final = tuple(BBAction(f"buy {n}", BUY, n) for n in range(MAX_BUY + 1))
PRINCESS_CHOICES: Final = tuple(
    BBAction(f"princess {side}", PRINCESS, i) for i, side in enumerate(PRINCESS_SIDES)
)

_BY_TEXT: Final[dict[str, BBAction]] = {
    a.text: a
    for group in (
        START_AT,
        LEAD_AT,
        EXPAND_TO,
        FREE_AT,
        PLACE_AT,
        RAZE_AT,
        MONASTERY_AT,
        (DECLINE,),
        tuple(PLAY_CARD.values()),
        tuple(PICK_PAIR.values()),
        OPTIONS,
        BUYS,
        PRINCESS_CHOICES,
    )
    for a in group
}


_CARD_NUMBER: Final = re.compile(r"[0-9]{1,3}")


def parse(text: str) -> BBAction:
    """Parse an action, forgiving case and spacing; raise NotationError naming the bad token."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    word = words[0].lower()
    args = words[1:]
    # ASCII digits only, and short ("²".isdigit() is true; int() of 5,000 digits fails)
    if word == "pick" and len(args) == 2 and all(_CARD_NUMBER.fullmatch(a) for a in args):
        args = [str(v) for v in sorted(int(a) for a in args)]
    elif word == "princess":
        args = [a.lower() for a in args]  # the princess's sides are words
    else:
        args = [a.upper() for a in args]  # town ids
    found = _BY_TEXT.get(" ".join([word, *args]))
    if found is not None:
        return found
    if word not in KIND_WORDS and word != "decline":
        raise NotationError(
            f"unknown action {words[0]!r} (actions: {', '.join(KIND_WORDS)}, decline)"
        )
    for arg in args:
        if "-" in arg and arg not in TOWN_INDEX:
            raise NotationError(f"no town {arg!r} on the map (towns are like CON-4)")
    raise NotationError(_usage(word))


def _usage(word: str) -> str:
    return {
        "start": "expected 'start TOWN'",
        "pick": "expected 'pick CARD CARD' with two different card values 1-25",
        "lead": "expected 'lead TOWN'",
        "play": "expected 'play CARD' with a card value 1-25",
        "option": "expected 'option 1' or 'option 2'",
        "buy": f"expected 'buy N' with N from 0 to {MAX_BUY}",
        "expand": "expected 'expand TOWN' (or 'decline')",
        "free": "expected 'free TOWN'",
        "place": "expected 'place TOWN'",
        "princess": "expected 'princess military', 'princess trade' or 'princess spurn'",
        "raze": "expected 'raze TOWN'",
        "monastery": "expected 'monastery TOWN'",
        "decline": "'decline' takes no argument",
    }[word]
