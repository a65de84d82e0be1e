"""Snellman command notation for Terra Mystica: a typed command model, a parser and an emitter.

The notation is the one of the public Snellman Terra Mystica site, as players type it and as
it appears in the command column of the site's ledgers. A row holds one or more commands
separated by ``.``; every command is case-insensitive and whitespace-tolerant::

    burn 3. action ACT1. bridge F4:G3
    upgrade E6 to SA. +FAV5. +2TW5. +TW8
    Leech 2 from witches

Each command kind is a small frozen dataclass with ``to_text()`` giving the canonical text
(lower-case verbs, upper-case hexes, tiles and cults, lower-case terrains and factions), so that
``parse_command(c.to_text()) == c`` for every command.

Besides the player commands, ledgers contain a few commands produced by the site itself
(``cult_income_for_faction``, ``other_income_for_faction``, ``score_resources``,
``+8vp for FIRE``, ``[opponent accepted power]``...). They parse into command classes whose
``generated`` class attribute is true, so a replay can skip them.

This module is notation only: it checks the shape of commands (known verbs, well-formed hexes,
existing tiles, cults, terrains, factions) but none of the rules.

>>> parse_command("Upgrade e7 to tp")
Upgrade(hex='E7', building=<Building.TRADING_POST: 'TP'>)
>>> [c.to_text() for c in parse_row_commands("Convert pw to c. send p to Water for 1")]
['convert 1PW to 1C', 'send p to WATER for 1']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Final

from tabletop.engine.errors import NotationError

__all__ = [
    "ACTIONS",
    "ADJUSTABLE",
    "FACTIONS",
    "Action",
    "Adjust",
    "Advance",
    "Bridge",
    "Build",
    "Building",
    "Burn",
    "Command",
    "CommandKind",
    "Connect",
    "Convert",
    "Cult",
    "CultIncome",
    "CultStep",
    "Decline",
    "Dig",
    "Done",
    "Favor",
    "FinalScore",
    "Income",
    "Leech",
    "LeechOutcome",
    "OtherIncome",
    "Pass",
    "Resign",
    "Resource",
    "ScoreResources",
    "Send",
    "Setup",
    "Terrain",
    "Town",
    "Track",
    "Transform",
    "Upgrade",
    "Wait",
    "is_land_hex",
    "is_river_hex",
    "parse_command",
    "parse_input_line",
    "parse_row_commands",
]


# --------------------------------------------------------------------------------------------
# Vocabulary


class Cult(StrEnum):
    """The four cult tracks, in the order of the ledger's ``f/w/e/a`` column."""

    FIRE = "FIRE"
    WATER = "WATER"
    EARTH = "EARTH"
    AIR = "AIR"


class Building(StrEnum):
    DWELLING = "D"
    TRADING_POST = "TP"
    TEMPLE = "TE"
    STRONGHOLD = "SH"
    SANCTUARY = "SA"


class Terrain(StrEnum):
    """Terrain colours, in the order of the terraforming wheel."""

    YELLOW = "yellow"
    BROWN = "brown"
    BLACK = "black"
    BLUE = "blue"
    GREEN = "green"
    GRAY = "gray"
    RED = "red"


class Resource(StrEnum):
    """Resources that ``convert`` exchanges."""

    POWER = "PW"
    COIN = "C"
    WORKER = "W"
    PRIEST = "P"
    VP = "VP"


class Track(StrEnum):
    """The two advancement tracks."""

    SHIP = "ship"
    DIG = "dig"


FACTIONS: Final[frozenset[str]] = frozenset(
    {
        "alchemists",
        "auren",
        "chaosmagicians",
        "cultists",
        "darklings",
        "dwarves",
        "engineers",
        "fakirs",
        "giants",
        "halflings",
        "mermaids",
        "nomads",
        "swarmlings",
        "witches",
    }
)
"""The 14 base-game factions, by their (lower-case) Snellman names."""

ACTIONS: Final[frozenset[str]] = frozenset(
    {f"ACT{n}" for n in range(1, 7)}
    | {"ACTA", "ACTC", "ACTE", "ACTG", "ACTN", "ACTS", "ACTW", "BON1", "BON2", "FAV6"}
)
"""Everything ``action X`` accepts: power actions ACT1-ACT6, faction actions (Auren, Chaos
Magicians, Engineers, Giants, Nomads, Swarmlings, Witches) and the tile actions BON1, BON2, FAV6."""

ADJUSTABLE: Final[tuple[str, ...]] = ("VP", "C", "W", "P", "PW", "SPADE", "CONVERT_W_TO_P")
"""What a bare ``+N X`` / ``-N X`` adjustment may name (besides cults, favours and towns);
``-3CONVERT_W_TO_P`` declines the Darklings' stronghold exchange."""

NUM_BONUS_TILES: Final = 10
NUM_FAVOR_TILES: Final = 12
NUM_TOWN_TILES: Final = 8

_CULT_ALIASES: Final[dict[str, Cult]] = {c.value.lower(): c for c in Cult}
_BUILDING_ALIASES: Final[dict[str, Building]] = {
    **{b.value.lower(): b for b in Building},
    "dwelling": Building.DWELLING,
    "trading post": Building.TRADING_POST,
    "tradingpost": Building.TRADING_POST,
    "temple": Building.TEMPLE,
    "stronghold": Building.STRONGHOLD,
    "sanctuary": Building.SANCTUARY,
}
#: The terrains' names (rulebook, "Krajiny"), by colour: typing either works.
TERRAIN_NAMES: Final[dict[Terrain, str]] = {
    Terrain.YELLOW: "desert",
    Terrain.BROWN: "plains",
    Terrain.BLACK: "swamp",
    Terrain.BLUE: "lakes",
    Terrain.GREEN: "forest",
    Terrain.GRAY: "mountains",
    Terrain.RED: "wasteland",
}
_TERRAIN_ALIASES: Final[dict[str, Terrain]] = {
    **{t.value: t for t in Terrain},
    **{name: t for t, name in TERRAIN_NAMES.items()},
    "grey": Terrain.GRAY,
}
_RESOURCE_ALIASES: Final[dict[str, Resource]] = {
    "pw": Resource.POWER,
    "power": Resource.POWER,
    "c": Resource.COIN,
    "coin": Resource.COIN,
    "coins": Resource.COIN,
    "w": Resource.WORKER,
    "worker": Resource.WORKER,
    "workers": Resource.WORKER,
    "p": Resource.PRIEST,
    "priest": Resource.PRIEST,
    "priests": Resource.PRIEST,
    "vp": Resource.VP,
}
_TRACK_ALIASES: Final[dict[str, Track]] = {
    "ship": Track.SHIP,
    "shipping": Track.SHIP,
    "dig": Track.DIG,
    "digging": Track.DIG,
}
_FINAL_SCORE_SOURCES: Final[dict[str, str]] = {
    **{c.value.lower(): c.value for c in Cult},
    "network": "network",
}

_LAND_HEX_RE: Final = re.compile(r"([A-I])(1[0-3]|[1-9])", re.IGNORECASE)
_RIVER_HEX_RE: Final = re.compile(r"r(3[0-5]|[12][0-9]|[0-9])", re.IGNORECASE)
_INT_RE: Final = re.compile(r"[0-9]{1,4}")
_AMOUNT_RESOURCE_RE: Final = re.compile(r"([0-9]{0,4})([a-z]+)", re.IGNORECASE)
_TILE_RE: Final = re.compile(r"(BON|FAV|TW|ACT)([0-9]{1,2})", re.IGNORECASE)
_SIGNED_RE: Final = re.compile(r"([+-])([0-9]{0,4})([a-z_]+?)([0-9]{0,2})", re.IGNORECASE)
_PREFIX_RE: Final = re.compile(r"\s*([a-z]+)\s*:\s*(.*)", re.IGNORECASE | re.DOTALL)


def is_land_hex(text: str) -> bool:
    """True for a land hex name of the base map shape (row A-I, column 1-13), any case."""
    return _LAND_HEX_RE.fullmatch(text) is not None


def is_river_hex(text: str) -> bool:
    """True for a river hex name ``r0`` ... ``r35``, any case."""
    return _RIVER_HEX_RE.fullmatch(text) is not None


# --------------------------------------------------------------------------------------------
# The command model


class CommandKind(StrEnum):
    BUILD = "build"
    UPGRADE = "upgrade"
    TRANSFORM = "transform"
    DIG = "dig"
    BRIDGE = "bridge"
    CONNECT = "connect"
    ACTION = "action"
    SEND = "send"
    ADVANCE = "advance"
    BURN = "burn"
    CONVERT = "convert"
    PASS = "pass"
    LEECH = "leech"
    DECLINE = "decline"
    FAVOR = "favor"
    TOWN = "town"
    CULT_STEP = "cult_step"
    ADJUST = "adjust"
    WAIT = "wait"
    DONE = "done"
    SETUP = "setup"
    RESIGN = "resign"
    # produced by the site, never typed by players
    CULT_INCOME = "cult_income"
    OTHER_INCOME = "other_income"
    INCOME = "income"
    SCORE_RESOURCES = "score_resources"
    FINAL_SCORE = "final_score"
    LEECH_OUTCOME = "leech_outcome"


@dataclass(frozen=True, slots=True)
class Command:
    """Base class of all commands. ``generated`` is true for commands the site itself writes."""

    kind: ClassVar[CommandKind]
    generated: ClassVar[bool] = False

    def to_text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True, slots=True)
class Build(Command):
    """``build E7``: a dwelling (in play: after terraforming the hex to the home terrain)."""

    kind: ClassVar[CommandKind] = CommandKind.BUILD
    hex: str

    def to_text(self) -> str:
        return f"build {self.hex}"


@dataclass(frozen=True, slots=True)
class Upgrade(Command):
    """``upgrade F4 to TP``."""

    kind: ClassVar[CommandKind] = CommandKind.UPGRADE
    hex: str
    building: Building

    def to_text(self) -> str:
        return f"upgrade {self.hex} to {self.building.value}"


@dataclass(frozen=True, slots=True)
class Transform(Command):
    """``transform E6 to yellow``; without a terrain: to the faction's home terrain."""

    kind: ClassVar[CommandKind] = CommandKind.TRANSFORM
    hex: str
    terrain: Terrain | None = None

    def to_text(self) -> str:
        if self.terrain is None:
            return f"transform {self.hex}"
        return f"transform {self.hex} to {self.terrain.value}"


@dataclass(frozen=True, slots=True)
class Dig(Command):
    """``dig 2``: buy spades at the current terraforming rate."""

    kind: ClassVar[CommandKind] = CommandKind.DIG
    amount: int

    def to_text(self) -> str:
        return f"dig {self.amount}"


@dataclass(frozen=True, slots=True)
class Bridge(Command):
    """``bridge F4:G3``."""

    kind: ClassVar[CommandKind] = CommandKind.BRIDGE
    hex1: str
    hex2: str

    def to_text(self) -> str:
        return f"bridge {self.hex1}:{self.hex2}"


@dataclass(frozen=True, slots=True)
class Connect(Command):
    """Mermaids: ``connect r16`` (a river hex) or ``connect A1:B2[:C3]`` (land hexes)."""

    kind: ClassVar[CommandKind] = CommandKind.CONNECT
    hexes: tuple[str, ...]

    def to_text(self) -> str:
        return f"connect {':'.join(self.hexes)}"


@dataclass(frozen=True, slots=True)
class Action(Command):
    """``action ACT6``, ``action ACTW``, ``action BON1``, ``action FAV6`` (see ``ACTIONS``)."""

    kind: ClassVar[CommandKind] = CommandKind.ACTION
    action: str

    def to_text(self) -> str:
        return f"action {self.action}"


@dataclass(frozen=True, slots=True)
class Send(Command):
    """``send p to WATER``; ``for N``: only N steps, the priest goes back to the supply."""

    kind: ClassVar[CommandKind] = CommandKind.SEND
    cult: Cult
    amount: int | None = None

    def to_text(self) -> str:
        text = f"send p to {self.cult.value}"
        return text if self.amount is None else f"{text} for {self.amount}"


@dataclass(frozen=True, slots=True)
class Advance(Command):
    """``advance ship`` / ``advance dig``."""

    kind: ClassVar[CommandKind] = CommandKind.ADVANCE
    track: Track

    def to_text(self) -> str:
        return f"advance {self.track.value}"


@dataclass(frozen=True, slots=True)
class Burn(Command):
    """``burn 3``: remove 3 power from bowl II and move 3 from bowl II to bowl III."""

    kind: ClassVar[CommandKind] = CommandKind.BURN
    amount: int

    def to_text(self) -> str:
        return f"burn {self.amount}"


@dataclass(frozen=True, slots=True)
class Convert(Command):
    """``convert 3PW to 1W``; an omitted amount is 1 (``convert pw to c``)."""

    kind: ClassVar[CommandKind] = CommandKind.CONVERT
    from_amount: int
    from_resource: Resource
    to_amount: int
    to_resource: Resource

    def to_text(self) -> str:
        return (
            f"convert {self.from_amount}{self.from_resource.value}"
            f" to {self.to_amount}{self.to_resource.value}"
        )


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """``pass BON7``; ``pass`` alone in the last round. In setup it is the initial bonus pick."""

    kind: ClassVar[CommandKind] = CommandKind.PASS
    bonus: int | None = None

    def to_text(self) -> str:
        return "pass" if self.bonus is None else f"pass BON{self.bonus}"


@dataclass(frozen=True, slots=True)
class Leech(Command):
    """``leech 2 from witches``: accept power offered by a neighbour's building."""

    kind: ClassVar[CommandKind] = CommandKind.LEECH
    amount: int
    faction: str | None = None

    def to_text(self) -> str:
        text = f"leech {self.amount}"
        return text if self.faction is None else f"{text} from {self.faction}"


@dataclass(frozen=True, slots=True)
class Decline(Command):
    """``decline 3 from cultists`` (or just ``decline``)."""

    kind: ClassVar[CommandKind] = CommandKind.DECLINE
    amount: int | None = None
    faction: str | None = None

    def to_text(self) -> str:
        text = "decline"
        if self.amount is not None:
            text += f" {self.amount}"
        if self.faction is not None:
            text += f" from {self.faction}"
        return text


@dataclass(frozen=True, slots=True)
class Favor(Command):
    """``+FAV11``: take a favour tile."""

    kind: ClassVar[CommandKind] = CommandKind.FAVOR
    number: int

    def to_text(self) -> str:
        return f"+FAV{self.number}"


@dataclass(frozen=True, slots=True)
class Town(Command):
    """``+TW5``: take a town tile; ``+2TW5``: take two of them (two towns formed at once)."""

    kind: ClassVar[CommandKind] = CommandKind.TOWN
    number: int
    count: int = 1

    def to_text(self) -> str:
        return f"+TW{self.number}" if self.count == 1 else f"+{self.count}TW{self.number}"


@dataclass(frozen=True, slots=True)
class CultStep(Command):
    """``+FIRE``, ``+2AIR``, ``-WATER``: cult steps granted (or lost) by an effect
    (Cultists' leech bonus, Auren ACTA, BON2, FAV6, ...). ``amount`` is signed, never 0."""

    kind: ClassVar[CommandKind] = CommandKind.CULT_STEP
    cult: Cult
    amount: int = 1

    def to_text(self) -> str:
        sign = "+" if self.amount > 0 else "-"
        size = abs(self.amount)
        return f"{sign}{'' if size == 1 else size}{self.cult.value}"


@dataclass(frozen=True, slots=True)
class Adjust(Command):
    """``+3VP``, ``-SPADE`` (throw away a spade), ...: a direct resource adjustment.
    ``what`` is one of ``ADJUSTABLE``; ``amount`` is signed, never 0."""

    kind: ClassVar[CommandKind] = CommandKind.ADJUST
    what: str
    amount: int

    def to_text(self) -> str:
        sign = "+" if self.amount > 0 else "-"
        size = abs(self.amount)
        return f"{sign}{'' if size == 1 else size}{self.what}"


@dataclass(frozen=True, slots=True)
class Wait(Command):
    """``wait``: let the others decide first (e.g. on a power offer)."""

    kind: ClassVar[CommandKind] = CommandKind.WAIT

    def to_text(self) -> str:
        return "wait"


@dataclass(frozen=True, slots=True)
class Done(Command):
    """``done``: end the turn explicitly."""

    kind: ClassVar[CommandKind] = CommandKind.DONE

    def to_text(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Setup(Command):
    """``setup``: the ledger row of a faction being chosen (``setup witches`` in a game log)."""

    kind: ClassVar[CommandKind] = CommandKind.SETUP
    faction: str | None = None

    def to_text(self) -> str:
        return "setup" if self.faction is None else f"setup {self.faction}"


@dataclass(frozen=True, slots=True)
class Resign(Command):
    """``resign``: the faction leaves the game."""

    kind: ClassVar[CommandKind] = CommandKind.RESIGN

    def to_text(self) -> str:
        return "resign"


@dataclass(frozen=True, slots=True)
class CultIncome(Command):
    """Site-generated: the cult bonus of the last round's scoring tile
    (``cult_income_for_faction``)."""

    kind: ClassVar[CommandKind] = CommandKind.CULT_INCOME
    generated: ClassVar[bool] = True

    def to_text(self) -> str:
        return "cult_income_for_faction"


@dataclass(frozen=True, slots=True)
class OtherIncome(Command):
    """Site-generated: building, favour and bonus-tile income (``other_income_for_faction``)."""

    kind: ClassVar[CommandKind] = CommandKind.OTHER_INCOME
    generated: ClassVar[bool] = True

    def to_text(self) -> str:
        return "other_income_for_faction"


@dataclass(frozen=True, slots=True)
class Income(Command):
    """Site-generated: the whole income at once (``income_for_faction``, older ledgers)."""

    kind: ClassVar[CommandKind] = CommandKind.INCOME
    generated: ClassVar[bool] = True

    def to_text(self) -> str:
        return "income_for_faction"


@dataclass(frozen=True, slots=True)
class ScoreResources(Command):
    """Site-generated: final conversion of resources to VP (``score_resources``)."""

    kind: ClassVar[CommandKind] = CommandKind.SCORE_RESOURCES
    generated: ClassVar[bool] = True

    def to_text(self) -> str:
        return "score_resources"


@dataclass(frozen=True, slots=True)
class FinalScore(Command):
    """Site-generated: ``+8vp for FIRE`` / ``+18vp for network`` (final scoring)."""

    kind: ClassVar[CommandKind] = CommandKind.FINAL_SCORE
    generated: ClassVar[bool] = True
    amount: int
    source: str  # FIRE, WATER, EARTH, AIR or network

    def to_text(self) -> str:
        return f"+{self.amount}vp for {self.source}"


@dataclass(frozen=True, slots=True)
class LeechOutcome(Command):
    """Site-generated, Cultists only: ``[opponent accepted power]`` (a cult step is due) or
    ``[all opponents declined power]`` (+1 power)."""

    kind: ClassVar[CommandKind] = CommandKind.LEECH_OUTCOME
    generated: ClassVar[bool] = True
    accepted: bool

    def to_text(self) -> str:
        return "[opponent accepted power]" if self.accepted else "[all opponents declined power]"


# --------------------------------------------------------------------------------------------
# Parsing


class _Fail(Exception):
    """Internal: a parse failure naming the offending token."""

    def __init__(self, token: str, reason: str) -> None:
        super().__init__(reason)
        self.token = token
        self.reason = reason


def _error(text: str, token: str, reason: str, line: int | None) -> NotationError:
    where = f"line {line}: " if line is not None else ""
    return NotationError(f"{where}{reason} {token!r} in command {text!r}")


def _need(tokens: list[str], index: int, what: str) -> str:
    if index >= len(tokens):
        raise _Fail(" ".join(tokens), f"missing {what} after")
    return tokens[index]


def _no_more(tokens: list[str], index: int) -> None:
    if index < len(tokens):
        raise _Fail(tokens[index], "unexpected")


def _expect_word(tokens: list[str], index: int, word: str) -> None:
    token = _need(tokens, index, repr(word))
    if token.lower() != word:
        raise _Fail(token, f"expected {word!r}, got")


def _land_hex(token: str) -> str:
    match = _LAND_HEX_RE.fullmatch(token)
    if match is None:
        raise _Fail(token, "bad hex")
    return match[1].upper() + match[2]


def _any_hex(token: str) -> str:
    match = _RIVER_HEX_RE.fullmatch(token)
    if match is not None:
        return "r" + match[1]
    return _land_hex(token)


def _int(token: str, what: str, minimum: int = 1) -> int:
    if _INT_RE.fullmatch(token) is None or int(token) < minimum:
        raise _Fail(token, f"bad {what}")
    return int(token)


def _faction(token: str) -> str:
    name = token.lower()
    if name not in FACTIONS:
        raise _Fail(token, "unknown faction")
    return name


def _numbered(token: str, prefix: str, highest: int) -> int:
    match = _TILE_RE.fullmatch(token)
    if match is None or match[1].upper() != prefix:
        raise _Fail(token, f"expected a {prefix} tile, got")
    number = int(match[2])
    if not 1 <= number <= highest:
        raise _Fail(token, f"no such {prefix} tile")
    return number


def _parse_build(tokens: list[str]) -> Command:
    hex_ = _land_hex(_need(tokens, 1, "a hex"))
    _no_more(tokens, 2)
    return Build(hex_)


def _parse_upgrade(tokens: list[str]) -> Command:
    hex_ = _land_hex(_need(tokens, 1, "a hex"))
    _expect_word(tokens, 2, "to")
    target = " ".join(tokens[3:])
    if not target:
        raise _Fail(" ".join(tokens), "missing building after")
    building = _BUILDING_ALIASES.get(target.lower())
    if building is None:
        raise _Fail(target, "unknown building")
    return Upgrade(hex_, building)


def _parse_transform(tokens: list[str]) -> Command:
    hex_ = _land_hex(_need(tokens, 1, "a hex"))
    if len(tokens) == 2:
        return Transform(hex_)
    _expect_word(tokens, 2, "to")
    token = _need(tokens, 3, "a terrain")
    terrain = _TERRAIN_ALIASES.get(token.lower())
    if terrain is None:
        raise _Fail(token, "unknown terrain")
    _no_more(tokens, 4)
    return Transform(hex_, terrain)


def _parse_dig(tokens: list[str]) -> Command:
    amount = _int(_need(tokens, 1, "a number"), "number of spades")
    _no_more(tokens, 2)
    return Dig(amount)


def _parse_bridge(tokens: list[str]) -> Command:
    token = _need(tokens, 1, "two hexes")
    parts = tuple(token.split(":"))
    if len(parts) != 2:
        raise _Fail(token, "expected HEX:HEX, got")
    _no_more(tokens, 2)
    return Bridge(_land_hex(parts[0]), _land_hex(parts[1]))


def _parse_connect(tokens: list[str]) -> Command:
    token = _need(tokens, 1, "a river hex or hexes")
    parts = tuple(token.split(":"))
    _no_more(tokens, 2)
    if len(parts) == 1:
        match = _RIVER_HEX_RE.fullmatch(parts[0])
        if match is None:
            raise _Fail(token, "expected a river hex or HEX:HEX, got")
        return Connect(("r" + match[1],))
    if len(parts) > 3:
        raise _Fail(token, "too many hexes in")
    return Connect(tuple(_land_hex(part) for part in parts))


def _parse_action(tokens: list[str]) -> Command:
    token = _need(tokens, 1, "an action")
    name = token.upper()
    if name not in ACTIONS:
        raise _Fail(token, "unknown action")
    _no_more(tokens, 2)
    return Action(name)


def _cult(token: str) -> Cult:
    cult = _CULT_ALIASES.get(token.lower())
    if cult is None:
        raise _Fail(token, "unknown cult")
    return cult


def _parse_send(tokens: list[str]) -> Command:
    token = _need(tokens, 1, "'p'")
    if token.lower() not in ("p", "priest"):
        raise _Fail(token, "expected 'p', got")
    _expect_word(tokens, 2, "to")
    cult = _cult(_need(tokens, 3, "a cult"))
    if len(tokens) == 4:
        return Send(cult)
    _expect_word(tokens, 4, "for")
    amount = _int(_need(tokens, 5, "a number"), "number of steps")
    _no_more(tokens, 6)
    return Send(cult, amount)


def _parse_advance(tokens: list[str]) -> Command:
    token = _need(tokens, 1, "'ship' or 'dig'")
    track = _TRACK_ALIASES.get(token.lower())
    if track is None:
        raise _Fail(token, "unknown track")
    _no_more(tokens, 2)
    return Advance(track)


def _parse_burn(tokens: list[str]) -> Command:
    amount = _int(_need(tokens, 1, "a number"), "amount of power", minimum=0)  # site: burn 0
    _no_more(tokens, 2)
    return Burn(amount)


def _amount_resource(token: str) -> tuple[int, Resource]:
    match = _AMOUNT_RESOURCE_RE.fullmatch(token)
    if match is None:
        raise _Fail(token, "bad amount")
    resource = _RESOURCE_ALIASES.get(match[2].lower())
    if resource is None:
        raise _Fail(token, "unknown resource")
    amount = int(match[1]) if match[1] else 1  # 0 is the site's 1 (see actions._convert)
    return amount, resource


def _convert_side(tokens: list[str], start: int) -> tuple[int, Resource, int]:
    """One side of a conversion, written ``3PW`` or ``3 PW``; returns the next index."""
    token = _need(tokens, start, "an amount")
    if _INT_RE.fullmatch(token) and start + 1 < len(tokens) and tokens[start + 1].lower() != "to":
        amount, resource = _amount_resource(token + tokens[start + 1])
        return amount, resource, start + 2
    amount, resource = _amount_resource(token)
    return amount, resource, start + 1


def _parse_convert(tokens: list[str]) -> Command:
    from_amount, from_resource, index = _convert_side(tokens, 1)
    _expect_word(tokens, index, "to")
    to_amount, to_resource, index = _convert_side(tokens, index + 1)
    _no_more(tokens, index)
    return Convert(from_amount, from_resource, to_amount, to_resource)


def _parse_pass(tokens: list[str]) -> Command:
    if len(tokens) == 1:
        return Pass()
    bonus = _numbered(tokens[1], "BON", NUM_BONUS_TILES)
    _no_more(tokens, 2)
    return Pass(bonus)


def _parse_leech(tokens: list[str]) -> Command:
    amount = _int(_need(tokens, 1, "a number"), "amount of power", minimum=0)
    if len(tokens) == 2:
        return Leech(amount)
    _expect_word(tokens, 2, "from")
    faction = _faction(_need(tokens, 3, "a faction"))
    _no_more(tokens, 4)
    return Leech(amount, faction)


def _parse_decline(tokens: list[str]) -> Command:
    index = 1
    amount: int | None = None
    if index < len(tokens) and tokens[index].lower() != "from":
        amount = _int(tokens[index], "amount of power", minimum=0)
        index += 1
    faction: str | None = None
    if index < len(tokens):
        _expect_word(tokens, index, "from")
        faction = _faction(_need(tokens, index + 1, "a faction"))
        index += 2
    _no_more(tokens, index)
    return Decline(amount, faction)


def _single(command: Command) -> Callable[[list[str]], Command]:
    def parse(tokens: list[str]) -> Command:
        _no_more(tokens, 1)
        return command

    return parse


def _parse_setup(tokens: list[str]) -> Command:
    if len(tokens) == 1:
        return Setup()
    faction = _faction(tokens[1])
    _no_more(tokens, 2)
    return Setup(faction)


def _parse_signed(tokens: list[str]) -> Command:
    """``+FAV5``, ``+2TW5``, ``+FIRE``, ``-2WATER``, ``+3VP``, ``-SPADE``, ``+8vp for FIRE``."""
    token = tokens[0]
    match = _SIGNED_RE.fullmatch(token)
    if match is None:
        raise _Fail(token, "bad gain")
    sign, digits, word, number = match[1], match[2], match[3].upper(), match[4]
    count = int(digits) if digits else 1
    if count < 1:
        raise _Fail(token, "bad amount in")
    signed = count if sign == "+" else -count
    if len(tokens) > 1:  # only the site's final scoring rows: +8vp for FIRE
        if sign != "+" or word != "VP" or number:
            raise _Fail(tokens[1], "unexpected")
        _expect_word(tokens, 1, "for")
        source_token = _need(tokens, 2, "a cult or 'network'")
        source = _FINAL_SCORE_SOURCES.get(source_token.lower())
        if source is None:
            raise _Fail(source_token, "unknown scoring")
        _no_more(tokens, 3)
        return FinalScore(count, source)
    if word in ("FAV", "TW"):
        if not number:
            raise _Fail(token, "missing tile number in")
        if sign != "+":
            raise _Fail(token, "cannot give back a tile:")
        if word == "FAV":
            if digits:
                raise _Fail(token, "one favour tile at a time:")
            return Favor(_numbered(token[1:], "FAV", NUM_FAVOR_TILES))
        return Town(_numbered(f"TW{number}", "TW", NUM_TOWN_TILES), count)
    if number:
        raise _Fail(token, "unknown gain")
    cult = _CULT_ALIASES.get(word.lower())
    if cult is not None:
        return CultStep(cult, signed)
    if word in ADJUSTABLE:
        return Adjust(word, signed)
    raise _Fail(token, "unknown gain")


def _parse_bracket(tokens: list[str]) -> Command:
    text = " ".join(tokens).lower()
    if text == "[opponent accepted power]":
        return LeechOutcome(accepted=True)
    if text == "[all opponents declined power]":
        return LeechOutcome(accepted=False)
    raise _Fail(" ".join(tokens), "unknown site note")


_VERBS: Final[dict[str, Callable[[list[str]], Command]]] = {
    "build": _parse_build,
    "upgrade": _parse_upgrade,
    "transform": _parse_transform,
    "dig": _parse_dig,
    "bridge": _parse_bridge,
    "connect": _parse_connect,
    "action": _parse_action,
    "send": _parse_send,
    "advance": _parse_advance,
    "burn": _parse_burn,
    "convert": _parse_convert,
    "pass": _parse_pass,
    "leech": _parse_leech,
    "decline": _parse_decline,
    "wait": _single(Wait()),
    "done": _single(Done()),
    "resign": _single(Resign()),
    "setup": _parse_setup,
    "cult_income_for_faction": _single(CultIncome()),
    "other_income_for_faction": _single(OtherIncome()),
    "income_for_faction": _single(Income()),
    "score_resources": _single(ScoreResources()),
}


def parse_command(text: str, *, line: int | None = None) -> Command:
    """Parse one command (no ``.`` separators); raise ``NotationError`` naming the bad token.

    >>> parse_command("send p to Water for 1")
    Send(cult=<Cult.WATER: 'WATER'>, amount=1)
    >>> parse_command("+2TW5")
    Town(number=5, count=2)
    >>> parse_command("upgrade E7 to XX")
    Traceback (most recent call last):
        ...
    tabletop.engine.errors.NotationError: unknown building 'XX' in command 'upgrade E7 to XX'
    """
    tokens = text.split()
    if not tokens:
        raise NotationError(f"line {line}: empty command" if line is not None else "empty command")
    first = tokens[0]
    try:
        if first[0] in "+-":
            return _parse_signed(tokens)
        if first[0] == "[":
            return _parse_bracket(tokens)
        parser = _VERBS.get(first.lower())
        if parser is None:
            raise _Fail(first, "unknown command")
        return parser(tokens)
    except _Fail as failure:
        raise _error(" ".join(tokens), failure.token, failure.reason, line) from None


def parse_row_commands(text: str, *, line: int | None = None) -> list[Command]:
    """Parse a row of commands separated by ``.``; empty pieces (``a. . b``, a final ``.``)
    are skipped, so an empty row gives ``[]``. The order is kept as written.

    >>> parse_row_commands("burn 3. action ACT1. Bridge f4:g3")
    [Burn(amount=3), Action(action='ACT1'), Bridge(hex1='F4', hex2='G3')]
    """
    return [
        parse_command(part, line=line) for part in text.split(".") if not part.isspace() and part
    ]


def parse_input_line(text: str, *, line: int | None = None) -> tuple[str | None, list[Command]]:
    """Parse a game-log line as a player types it: ``faction: cmd. cmd`` or a bare row.

    >>> parse_input_line("Witches: burn 3. action ACT1")
    ('witches', [Burn(amount=3), Action(action='ACT1')])
    """
    match = _PREFIX_RE.fullmatch(text)
    if match is None:
        return None, parse_row_commands(text, line=line)
    try:
        faction = _faction(match[1])
    except _Fail as failure:
        where = f"line {line}: " if line is not None else ""
        raise NotationError(f"{where}unknown faction {failure.token!r} in {text!r}") from None
    return faction, parse_row_commands(match[2], line=line)
