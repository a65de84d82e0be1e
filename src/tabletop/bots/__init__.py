"""Game-agnostic bots and their registry.

A bot is named by a string.  A plain name (``random``, ``greedy``) selects a
factory; a name with a parameter, ``prefix:argument`` (e.g.
``automa:automaszyna``), selects the factory registered for ``prefix`` and
hands it ``argument``.  :func:`register_bot` adds factories, so new bots
plug in without touching the command line.

>>> make_bot("random", seed=3).name
'random'
>>> make_bot("greedy:fast")
Traceback (most recent call last):
...
ValueError: bot 'greedy' takes no parameter (got 'greedy:fast')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop.bots.automa import LEVELS, AutomaBot
from tabletop.bots.base import Bot, derive_seed, seat_options
from tabletop.bots.greedy import GreedyBot
from tabletop.bots.mcts import MctsBot, parse_budget
from tabletop.bots.random_bot import RandomBot

#: Builds a bot from its parameter (``None`` when the name has no ``:``) and a seed.
BotFactory = Callable[[str | None, int], Bot]


@dataclass(frozen=True)
class BotInfo:
    """A registered bot family."""

    name: str
    factory: BotFactory
    help: str
    #: Describes the parameter after ``:`` (``None``: the bot takes none).
    parameter: str | None = None


_BOTS: dict[str, BotInfo] = {}


def register_bot(
    name: str, factory: BotFactory, help: str, *, parameter: str | None = None
) -> None:
    """Register a bot family under ``name`` (which must not contain ``:``)."""
    if ":" in name or not name or name == "me":
        raise ValueError(f"invalid bot name {name!r}")
    _BOTS[name] = BotInfo(name, factory, help, parameter)


def _plain(cls: type[Bot]) -> BotFactory:
    """A factory for a bot class that takes no parameter."""

    def build(argument: str | None, seed: int) -> Bot:
        if argument is not None:
            raise ValueError(f"bot {cls.name!r} takes no parameter (got '{cls.name}:{argument}')")
        return cls(seed)

    return build


def bot_names() -> list[str]:
    """Names of the registered bot families (parametrised ones without their ``:arg``)."""
    return sorted(_BOTS)


def bot_infos() -> list[BotInfo]:
    """Every registered bot family, sorted by name (for help texts)."""
    return [_BOTS[name] for name in bot_names()]


def make_bot(name: str, seed: int = 0) -> Bot:
    """Build the bot called ``name``; ValueError listing the known bots if there is none."""
    prefix, colon, argument = name.partition(":")
    info = _BOTS.get(prefix)
    if info is None:
        raise ValueError(f"unknown bot {name!r} (known bots: {', '.join(bot_names())})")
    if info.parameter is not None and not argument:
        choices = info.parameter.split("|")
        named = ", ".join(f"{prefix}:{choice}" for choice in choices) if len(choices) > 1 else ""
        raise ValueError(
            f"bot {prefix!r} needs a parameter: "
            + (f"one of {named}" if named else f"{prefix}:<{info.parameter}>")
        )
    return info.factory(argument if colon else None, seed)


register_bot("random", _plain(RandomBot), "uniformly random legal action")
register_bot("greedy", _plain(GreedyBot), "best one-ply heuristic value on a determinized copy")
register_bot(
    "automa",
    lambda level, seed: AutomaBot(level or "", seed),
    "Scythe's solo opponent, driven by its cards (sets the game's automa option)",
    parameter="|".join(LEVELS),
)


def _mcts(argument: str | None, seed: int) -> Bot:
    text = argument or ""
    return MctsBot(parse_budget(text), seed, name=f"mcts:{text}")


register_bot(
    "mcts",
    _mcts,
    "Monte Carlo tree search over the bot's information set (levels, iterations or seconds)",
    parameter="easy|medium|hard|<N>|<N>s",
)

__all__ = [
    "AutomaBot",
    "Bot",
    "BotFactory",
    "BotInfo",
    "GreedyBot",
    "MctsBot",
    "RandomBot",
    "bot_infos",
    "bot_names",
    "derive_seed",
    "make_bot",
    "register_bot",
    "seat_options",
]
