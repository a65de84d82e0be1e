"""The Automa's components (Automa rulebook "Komponenty"): 19 Automa cards and
the four difficulty cards with their star trackers.

Each card has two Programs ("Program I" and "Program II"), each with a row of
movement symbols tried left to right, a row of gains and an optional recruit
bonus; and, independent of the Program, a combat table, a resource box and the
star-tracker advance icon.  Symbols in brackets with a faction icon count only
when the Automa plays that faction (``faction=``).

Transcribed from ``shared/data/scythe/automa_cards.json`` and
``automa_star_trackers.json`` (three digital transcriptions checked against
card scans; high confidence).  Entries for the expansion factions Albion and
Togawa are left out: they are not printed on the base game's cards.  Program
II's symbols are printed mirrored on the card; they are listed here in the
order they are tried (docs/rulings.md).

>>> len(AUTOMA_CARDS), AUTOMA_CARDS[14].programs[1].moves[0]
(19, Move(kind='attack-units', power=7, faction=None))
>>> STAR_TRACKERS["ultimaszyna"].star_cells
(8, 11, 13, 15, 16, 17)
"""

from __future__ import annotations

from typing import Final, NamedTuple

# Movement symbols ("Vysvětlení symbolů pohybu").
WORKER: Final = "worker"
MECH: Final = "mech"
CHARACTER: Final = "character"
ENCOUNTER: Final = "encounter"  # "Setkání/Továrna"
ATTACK_UNITS: Final = "attack-units"  # "Útok na vojenské jednotky", needs X power
ATTACK_WORKERS: Final = "attack-workers"  # "Útok na dělníky"

# Gain symbols ("Zisky Automy"); WORKER and MECH deploy units to the base.
POWER: Final = "power"
COIN: Final = "coin"
CARD: Final = "card"
#: The recruit bonus row names the ongoing bonus it pays: power, coin, popularity, card.
POPULARITY: Final = "popularity"


class Move(NamedTuple):
    """One movement symbol: its kind, the power an attack needs, the faction it is for."""

    kind: str
    power: int = 0
    faction: str | None = None


class Gain(NamedTuple):
    kind: str
    amount: int = 1
    faction: str | None = None


class Program(NamedTuple):
    moves: tuple[Move, ...]
    gains: tuple[Gain, ...]
    recruit: str | None
    """The ongoing recruit bonus a person with that recruit receives (None: no icon)."""


class AutomaCard(NamedTuple):
    number: int
    autometta_skips: bool
    """Autometta skips the rest of its turn on this card."""
    advance: bool
    """The star-tracker icon: advance the difficulty token (False: crossed out)."""
    combat_power: tuple[int, int, int]
    """Power committed when the Automa has 0-7, 8-13, 14+ power."""
    combat_cards: int
    resources: int
    """The resource box: resources a person gains by driving the Automa off a territory."""
    programs: tuple[Program, Program]


def _card(
    number: int,
    *,
    skip: bool,
    star: bool,
    combat: tuple[int, int, int],
    cards: int,
    box: int,
    i: Program,
    ii: Program,
) -> AutomaCard:
    return AutomaCard(number, skip, star, combat, cards, box, (i, ii))


AUTOMA_CARDS: Final[dict[int, AutomaCard]] = {
    card.number: card
    for card in (
        _card(
            1,
            skip=False,
            star=True,
            combat=(6, 7, 7),
            cards=1,
            box=1,
            i=Program(
                (Move(WORKER, faction="nordic"), Move(ENCOUNTER), Move(CHARACTER)),
                (Gain(POWER), Gain(WORKER)),
                POWER,
            ),
            ii=Program((Move(WORKER),), (Gain(POWER, 4),), POWER),
        ),
        _card(
            2,
            skip=False,
            star=True,
            combat=(5, 6, 7),
            cards=2,
            box=2,
            i=Program(
                (Move(ENCOUNTER, faction="polania"), Move(WORKER)),
                (Gain(COIN, faction="crimea"), Gain(COIN)),
                None,
            ),
            ii=Program(
                (Move(ENCOUNTER, faction="polania"), Move(WORKER)),
                (Gain(COIN, faction="crimea"), Gain(CARD), Gain(MECH)),
                COIN,
            ),
        ),
        _card(
            3,
            skip=False,
            star=True,
            combat=(3, 7, 7),
            cards=0,
            box=0,
            i=Program((Move(WORKER),), (Gain(POWER, 3),), None),
            ii=Program((Move(WORKER),), (Gain(POWER, 2), Gain(WORKER)), POPULARITY),
        ),
        _card(
            4,
            skip=True,
            star=False,
            combat=(0, 1, 2),
            cards=1,
            box=0,
            i=Program((Move(WORKER),), (Gain(COIN, faction="crimea"), Gain(CARD)), CARD),
            ii=Program((Move(WORKER),), (Gain(COIN, faction="crimea"), Gain(COIN, 2)), POWER),
        ),
        _card(
            5,
            skip=False,
            star=True,
            combat=(2, 4, 7),
            cards=1,
            box=4,
            i=Program((Move(WORKER),), (Gain(WORKER), Gain(COIN)), COIN),
            ii=Program((Move(MECH),), (Gain(POWER, 4), Gain(WORKER)), CARD),
        ),
        _card(
            6,
            skip=False,
            star=True,
            combat=(7, 7, 7),
            cards=1,
            box=0,
            i=Program((Move(WORKER),), (Gain(POWER, 2),), None),
            ii=Program(
                (Move(MECH),), (Gain(COIN, faction="crimea"), Gain(POWER, 2), Gain(MECH)), POWER
            ),
        ),
        _card(
            7,
            skip=True,
            star=True,
            combat=(5, 7, 7),
            cards=0,
            box=2,
            i=Program(
                (Move(ATTACK_UNITS, power=5, faction="saxony"), Move(WORKER)),
                (Gain(WORKER), Gain(COIN)),
                POPULARITY,
            ),
            ii=Program(
                (Move(ATTACK_UNITS, power=5, faction="saxony"), Move(MECH)),
                (Gain(MECH, faction="rusviet"), Gain(MECH), Gain(CARD)),
                COIN,
            ),
        ),
        _card(
            8,
            skip=True,
            star=True,
            combat=(0, 5, 7),
            cards=2,
            box=1,
            i=Program(
                (Move(MECH), Move(WORKER)), (Gain(MECH, faction="rusviet"), Gain(MECH)), None
            ),
            ii=Program(
                (Move(MECH),), (Gain(POWER, faction="saxony"), Gain(COIN), Gain(MECH)), COIN
            ),
        ),
        _card(
            9,
            skip=False,
            star=True,
            combat=(4, 7, 7),
            cards=1,
            box=3,
            i=Program(
                (Move(ENCOUNTER, faction="polania"), Move(MECH), Move(WORKER)),
                (Gain(WORKER), Gain(MECH)),
                POPULARITY,
            ),
            ii=Program(
                (Move(ENCOUNTER, faction="polania"), Move(MECH)),
                (Gain(POWER, 3), Gain(WORKER)),
                POPULARITY,
            ),
        ),
        _card(
            10,
            skip=False,
            star=True,
            combat=(0, 0, 0),
            cards=1,
            box=1,
            i=Program((Move(MECH), Move(WORKER)), (Gain(MECH), Gain(POWER, 2)), None),
            ii=Program((Move(MECH),), (Gain(COIN, 2), Gain(MECH)), None),
        ),
        _card(
            11,
            skip=False,
            star=True,
            combat=(6, 7, 7),
            cards=2,
            box=0,
            i=Program(
                (Move(MECH), Move(ENCOUNTER), Move(CHARACTER)),
                (Gain(WORKER, faction="rusviet"), Gain(WORKER), Gain(COIN)),
                None,
            ),
            ii=Program(
                (Move(WORKER, faction="nordic"), Move(ENCOUNTER), Move(CHARACTER)),
                (Gain(POWER, 3), Gain(WORKER)),
                CARD,
            ),
        ),
        _card(
            12,
            skip=False,
            star=True,
            combat=(4, 5, 7),
            cards=2,
            box=1,
            i=Program((Move(WORKER, faction="nordic"), Move(MECH)), (Gain(POWER, 4),), None),
            ii=Program(
                (Move(WORKER, faction="nordic"), Move(MECH)),
                (Gain(CARD), Gain(COIN), Gain(MECH)),
                POWER,
            ),
        ),
        _card(
            13,
            skip=False,
            star=True,
            combat=(3, 5, 7),
            cards=3,
            box=0,
            i=Program(
                (Move(ATTACK_UNITS, power=4, faction="saxony"), Move(ENCOUNTER), Move(CHARACTER)),
                (Gain(COIN),),
                None,
            ),
            ii=Program(
                (Move(ATTACK_UNITS, power=5, faction="saxony"), Move(ENCOUNTER), Move(CHARACTER)),
                (Gain(CARD), Gain(COIN, 2)),
                COIN,
            ),
        ),
        _card(
            14,
            skip=False,
            star=True,
            combat=(1, 1, 1),
            cards=1,
            box=0,
            i=Program((Move(ENCOUNTER), Move(CHARACTER)), (Gain(WORKER), Gain(CARD)), CARD),
            ii=Program(
                (Move(ATTACK_UNITS, power=7), Move(ATTACK_WORKERS), Move(MECH)),
                (Gain(POWER, 3),),
                POPULARITY,
            ),
        ),
        _card(
            15,
            skip=False,
            star=False,
            combat=(7, 7, 7),
            cards=0,
            box=2,
            i=Program((Move(ENCOUNTER), Move(CHARACTER)), (Gain(POWER, 3), Gain(COIN)), COIN),
            ii=Program(
                (
                    Move(ATTACK_UNITS, power=1),
                    Move(ATTACK_WORKERS),
                    Move(ENCOUNTER),
                    Move(CHARACTER),
                ),
                (Gain(COIN, faction="crimea"), Gain(COIN)),
                CARD,
            ),
        ),
        _card(
            16,
            skip=False,
            star=True,
            combat=(5, 7, 7),
            cards=1,
            box=4,
            i=Program((Move(ENCOUNTER), Move(CHARACTER)), (Gain(MECH),), None),
            ii=Program(
                (Move(ATTACK_UNITS, power=5), Move(ATTACK_WORKERS), Move(MECH)),
                (Gain(POWER, faction="saxony"), Gain(MECH), Gain(COIN)),
                None,
            ),
        ),
        _card(
            17,
            skip=True,
            star=False,
            combat=(7, 7, 7),
            cards=2,
            box=2,
            i=Program(
                (Move(ATTACK_UNITS, power=6), Move(ATTACK_WORKERS), Move(WORKER)),
                (Gain(COIN, 2),),
                POWER,
            ),
            ii=Program(
                (Move(ATTACK_UNITS, power=8), Move(WORKER)),
                (Gain(COIN, faction="crimea"), Gain(COIN), Gain(WORKER)),
                POPULARITY,
            ),
        ),
        _card(
            18,
            skip=False,
            star=True,
            combat=(1, 1, 7),
            cards=0,
            box=1,
            i=Program((Move(ENCOUNTER), Move(CHARACTER)), (Gain(WORKER), Gain(COIN)), None),
            ii=Program((Move(ENCOUNTER), Move(CHARACTER)), (Gain(WORKER), Gain(COIN, 2)), None),
        ),
        _card(
            19,
            skip=False,
            star=True,
            combat=(7, 7, 7),
            cards=1,
            box=1,
            i=Program((Move(ATTACK_WORKERS), Move(WORKER)), (Gain(WORKER),), None),
            ii=Program((Move(ATTACK_WORKERS), Move(WORKER)), (Gain(POWER, 3), Gain(COIN)), CARD),
        ),
    )
}


class StarTracker(NamedTuple):
    """A difficulty card ("karta obtížnosti"): cells 0 (start) to ``cells - 1``."""

    id: str
    name: str
    cells: int
    rivers_from: int
    """The first cell without the river icon: from here on lakes and rivers are open."""
    program_ii_at: int
    """The first star cell: its star switches the deck to Program II."""
    star_cells: tuple[int, ...]
    skips_marked: bool
    """Whether cards with the skip symbol end the turn (Autometta)."""


STAR_TRACKERS: Final[dict[str, StarTracker]] = {
    t.id: t
    for t in (
        StarTracker("autometta", "Autometta", 24, 5, 10, (10, 15, 18, 20, 22, 23), True),
        StarTracker("automa", "Automa", 22, 4, 9, (9, 14, 17, 19, 20, 21), False),
        StarTracker("automaszyna", "Automaszyna", 19, 3, 9, (9, 12, 14, 16, 17, 18), False),
        StarTracker("ultimaszyna", "Ultimaszyna", 18, 0, 8, (8, 11, 13, 15, 16, 17), False),
    )
}

#: Difficulty levels, easiest first.
DIFFICULTIES: Final = tuple(STAR_TRACKERS)
