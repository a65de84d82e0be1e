"""The text of Scythe actions: one grammar, checked by :func:`canonical`.

Positions are ``q,r`` hexes (``1,4`` is the Factory) or ``base:faction``.

>>> canonical("move  mech 3,4>4,4")
'move mech 3,4>4,4'
>>> canonical("commit 7 with 2+3"), canonical("fly to the moon")
('commit 7 with 2+3', None)
"""

from __future__ import annotations

import re
from typing import Final

from tabletop.games.scythe.data.factions import ENLIST_BONUSES, FACTIONS
from tabletop.games.scythe.data.mats import BOTTOM_ACTIONS, UPGRADE_SPACES
from tabletop.games.scythe.state import STRUCTURES


def _alt(words: object) -> str:
    return "(?:" + "|".join(re.escape(str(w)) for w in words) + ")"  # type: ignore[attr-defined]


_POS: Final = r"(?:-?\d,-?\d|base:[a-z]+)"
_RES: Final = "(?:food|wood|metal|oil)"
_KEY: Final = _alt(UPGRADE_SPACES)
_BOTTOM: Final = _alt(BOTTOM_ACTIONS)
_BONUS: Final = _alt(ENLIST_BONUSES)
_MECH: Final = _alt(sorted({m for f in FACTIONS.values() for m in f.mech_abilities}))
_STRUCT: Final = _alt(STRUCTURES)
_COINS: Final = "(?: without coins)?"
_GAIN: Final = (
    rf"(?:(?:coins|popularity|power|card|worker|{_RES})\d+|any:{_RES}(?:\+{_RES})*"
    rf"|upgrade:{_KEY}>{_BOTTOM}|deploy:{_MECH}|build:{_STRUCT}|enlist:{_BOTTOM}>{_BONUS})"
)

_PATTERNS: Final = (
    r"section (?:[1-4]|factory)",
    r"skip|done|stop|end|artillery|scout|decline|retreat home",
    r"objective \d+|factory \d+|gain \d",
    r"bolster (?:power|cards) \d|trade popularity \d",
    rf"trade {_RES}(?:\+{_RES})? at {_POS}",
    rf"move (?:character|mech|worker) {_POS}>{_POS}",
    r"carry (?:nothing|(?:w\d+ )?(?:food\d+ )?(?:wood\d+ )?(?:metal\d+ )?(?:oil\d+ )?)",
    rf"(?:card )?produce {_POS} \d+",
    rf"pay [1-9] {_RES} from {_POS}|pay card [2-5]",
    rf"(?:upgrade|deploy|build|enlist) nothing{_COINS}",
    rf"(?:card )?upgrade {_KEY} to {_BOTTOM}{_COINS}",
    rf"(?:card )?deploy {_MECH} at {_POS}{_COINS}",
    rf"(?:card )?build {_STRUCT} at {_POS}{_COINS}",
    rf"(?:card )?enlist {_BOTTOM} for {_BONUS}{_COINS}",
    r"card (?:coins|popularity|power) \d",
    rf"card resources {_RES}(?:\+{_RES})* at {_POS}",
    rf"fight {_POS}|retreat to {_POS}",
    r"commit \d(?: with [2-5](?:\+[2-5])*)?",
    rf"encounter (?:popular|commercial|unpopular)(?: {_GAIN})*",
    r"automa (?:draw|move|gains)",
)
_GRAMMAR: Final = re.compile("|".join(f"(?:{p})" for p in _PATTERNS))


def canonical(text: str) -> str | None:
    """The canonical text of an action, or None if it is not Scythe notation."""
    words = text.strip().lower().split()
    if not words:
        return None
    clean = " ".join(words)
    # ``carry`` lists end with a space in the pattern; match with one appended.
    probe = clean + " " if words[0] == "carry" and clean != "carry nothing" else clean
    return clean if _GRAMMAR.fullmatch(probe) else None
