"""Scythe's actions as numbers (:class:`~tabletop.engine.encoding.ActionCodec`), for
learning code that needs a fixed action space.

Version 2 numbers every text of the grammar of :mod:`.notation` that the rules can list,
the same for every player count; the families, in order (``POS`` is a position in map order,
the hexes then the bases; ``R`` a resource, food, wood, metal, oil)::

    words        section 1-4, section factory, skip, done, stop, end, artillery, scout,
                 decline, retreat home, automa draw, automa move, automa gains
    objective N, factory N            the cards' numbers
    gain N, bolster power N, bolster cards N, trade popularity N    (N 0-9)
    trade R[+R] at POS                the trade picks of the rules, then POS
    move KIND A>B                     KIND character, mech, worker
    carry +worker, carry +R, carry done    a cargo chosen in steps (below)
    produce POS N, card produce POS N (N 1-9)
    pay N R from POS (N 1-9), pay card 2-5
    X nothing [without coins]         X upgrade, deploy, build, enlist
    [card ]upgrade KEY to BOTTOM [without coins], [card ]deploy MECH at POS ...,
    [card ]build STRUCTURE at POS ..., [card ]enlist BOTTOM for BONUS ...
    card coins|popularity|power N (N 0-9), card resources R[+R...] at POS
    fight POS, retreat to POS
    commit D [with C+C...]            dial 0-9, then up to 6 combat cards (2-5, ascending)
    encounter OPTION GAINS...         every text the encounter cards allow, sorted

A cargo (``carry w2 food1 oil3``: what a moving unit takes along) is a
:class:`~tabletop.engine.encoding.Stepwise` family: resources pile up without limit on a
territory, so no fixed numbering of single actions holds every cargo.  It has six numbers,
``carry +worker``, ``carry +food``, ``carry +wood``, ``carry +metal``, ``carry +oil`` and
``carry done``: an environment asks a cargo one worker or resource at a time, in any order,
and plays the engine's ``carry ...`` action on ``carry done`` (``encode_steps`` gives a
cargo's numbers, ``decode_steps`` the cargo back).  A step is legal iff some legal cargo
holds at least what is chosen with it, ``carry done`` iff what is chosen is a legal cargo
(a unit leaving a lake takes everything along: then only the full cargo).  Version 1
numbered whole cargos of up to 7 of each resource, reading a bigger one as 7.

>>> ACTIONS.decode(ACTIONS.encode("move mech 3,4>4,4"))
'move mech 3,4>4,4'
>>> ACTIONS.decode_steps(ACTIONS.encode_steps("carry w2 food1 oil3"))
'carry w2 food1 oil3'
>>> [ACTIONS.decode(n) for n in ACTIONS.encode_steps("carry w1 metal2")]
['carry +worker', 'carry +metal', 'carry +metal', 'carry done']
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from typing import Final

from tabletop.engine.encoding import ActionCodec, Family, Product, Stepwise, Table
from tabletop.games.scythe.board import HEXES, RESOURCES
from tabletop.games.scythe.data.cards import ENCOUNTER_OPTIONS, ENCOUNTERS, OBJECTIVES
from tabletop.games.scythe.data.factions import ENLIST_BONUSES, FACTIONS
from tabletop.games.scythe.data.factory_cards import FACTORY_CARDS
from tabletop.games.scythe.data.mats import BOTTOM_ACTIONS
from tabletop.games.scythe.movement import cargo_text
from tabletop.games.scythe.state import STRUCTURES, UPGRADE_KEYS

#: The encoding's version: a change of numbering is a new version.
VERSION: Final = 2

_DIGITS: Final = tuple(range(10))
_KINDS: Final = ("character", "mech", "worker")
_MECHS: Final = tuple(sorted({m for f in FACTIONS.values() for m in f.mech_abilities}))
_PREFIX: Final = ("", "card ")
_COINS: Final = ("", " without coins")
#: The most combat cards one seat may commit: the character, four mechs, People's Army.
_MOST_COMBAT_CARDS: Final = 6


def _picks(most: int, least: int = 1) -> list[str]:
    """Resource picks as the rules write them, the biggest first (``food+wood``)."""
    return [
        "+".join(RESOURCES[i] for i in combo)
        for k in range(most, least - 1, -1)
        for combo in combinations_with_replacement(range(4), k)
    ]


def _parse_carry(text: str) -> tuple[int, ...] | None:
    words = text.split()
    if not words or words[0] != "carry":
        return None
    cargo = [0, 0, 0, 0, 0]
    for word in words[1:]:
        if word == "nothing":
            continue
        for k, prefix in enumerate(("w", *RESOURCES)):
            digits = word[len(prefix) :]
            if word.startswith(prefix) and digits.isascii() and digits.isdigit():
                cargo[k] = int(digits)
                break
        else:
            return None
    return tuple(cargo)


def _encounter_texts() -> list[str]:
    """Every ``encounter OPTION GAINS`` text any encounter card allows (each gain in full,
    in part or not at all, every choice the rules may offer)."""
    upgrades = [f"upgrade:{k}>{b}" for k in UPGRADE_KEYS for b in BOTTOM_ACTIONS]
    enlists = [f"enlist:{b}>{bonus}" for b in BOTTOM_ACTIONS for bonus in ENLIST_BONUSES]

    def choices(kind: str, n: int) -> list[str]:
        if kind == "resource":
            return ["any:" + p for p in _picks(n)] + [""]
        if kind == "upgrade":
            return [*upgrades, ""]
        if kind == "deploy":
            return [f"deploy:{m}" for m in _MECHS] + [""]
        if kind == "build":
            return [f"build:{s}" for s in STRUCTURES] + [""]
        if kind == "enlist":
            return [*enlists, ""]
        return [f"{kind}{k}" for k in range(n, 0, -1)] + [""]

    out: set[str] = set()
    for card in ENCOUNTERS.values():
        for option_name, option in zip(ENCOUNTER_OPTIONS, card, strict=True):
            parts = [choices(kind, n) for kind, n in option.gains]
            for combo in product(*parts):
                out.add(" ".join(["encounter", option_name, *(t for t in combo if t)]))
    return sorted(out)


def _commit_texts() -> list[str]:
    picks = [""] + [
        " with " + "+".join(map(str, combo))
        for k in range(1, _MOST_COMBAT_CARDS + 1)
        for combo in combinations_with_replacement(range(2, 6), k)
    ]
    return [f"commit {d}{pick}" for d in _DIGITS for pick in picks]


_FACTORY_RESOURCES: Final = max(
    n for c in FACTORY_CARDS.values() for k, n in c.gains if k == "resource"
)

_FAMILIES: Final[list[Family]] = [
    Table(
        "words",
        [
            *(f"section {s}" for s in ("1", "2", "3", "4", "factory")),
            *("skip", "done", "stop", "end", "artillery", "scout", "decline", "retreat home"),
            *(f"automa {step}" for step in ("draw", "move", "gains")),
        ],
    ),
    Table("objective", [f"objective {n}" for n in sorted(OBJECTIVES)]),
    Table("factory", [f"factory {n}" for n in sorted(FACTORY_CARDS)]),
    Table(
        "numbers",
        [
            f"{verb} {n}"
            for verb in ("gain", "bolster power", "bolster cards", "trade popularity")
            for n in _DIGITS
        ],
    ),
    Product("trade", (_picks(2), HEXES), lambda a: f"trade {a[0]} at {a[1]}"),
    Product("move", (_KINDS, HEXES, HEXES), lambda a: f"move {a[0]} {a[1]}>{a[2]}"),
    Stepwise("carry", ("worker", *RESOURCES), cargo_text, _parse_carry),
    Product("produce", (_PREFIX, HEXES, range(1, 10)), lambda a: f"{a[0]}produce {a[1]} {a[2]}"),
    Product("pay", (range(1, 10), RESOURCES, HEXES), lambda a: f"pay {a[0]} {a[1]} from {a[2]}"),
    Table("pay card", [f"pay card {v}" for v in range(2, 6)]),
    Product("nothing", (BOTTOM_ACTIONS, _COINS), lambda a: f"{a[0]} nothing{a[1]}"),
    Product(
        "upgrade",
        (_PREFIX, UPGRADE_KEYS, BOTTOM_ACTIONS, _COINS),
        lambda a: f"{a[0]}upgrade {a[1]} to {a[2]}{a[3]}",
    ),
    Product(
        "deploy", (_PREFIX, _MECHS, HEXES, _COINS), lambda a: f"{a[0]}deploy {a[1]} at {a[2]}{a[3]}"
    ),
    Product(
        "build",
        (_PREFIX, STRUCTURES, HEXES, _COINS),
        lambda a: f"{a[0]}build {a[1]} at {a[2]}{a[3]}",
    ),
    Product(
        "enlist",
        (_PREFIX, BOTTOM_ACTIONS, ENLIST_BONUSES, _COINS),
        lambda a: f"{a[0]}enlist {a[1]} for {a[2]}{a[3]}",
    ),
    Product(
        "card gain", (("coins", "popularity", "power"), _DIGITS), lambda a: f"card {a[0]} {a[1]}"
    ),
    Product(
        "card resources",
        (_picks(_FACTORY_RESOURCES), HEXES),
        lambda a: f"card resources {a[0]} at {a[1]}",
    ),
    Product("fight", (HEXES,), lambda a: f"fight {a[0]}"),
    Product("retreat", (HEXES,), lambda a: f"retreat to {a[0]}"),
    Table("commit", _commit_texts()),
    Table("encounter", _encounter_texts()),
]


ACTIONS: Final = ActionCodec("scythe", VERSION, _FAMILIES)
