"""The 12 Factory cards of the base box -- LOW CONFIDENCE data, kept here alone.

The Factory cards are printed as icons only and no official text lists them;
``shared/data/scythe/factory_cards.json`` reconstructs them from one numbered
digital transcription and weaker unnumbered sources.  Card 2 is confirmed
(high), card 3 is disputed (2 popularity here; another source says 2 power),
the rest are medium or medium-low.  ``docs/rulings.md`` lists every card with
its confidence; correct them here (and only here) against the physical cards.

Every card's bottom action is the Factory move: one unit up to two territories
(three for the character or a mech with Speed).  Factory actions give no coins,
no structure bonus and no ongoing enlist bonus (rulebook "Továrna").
"""

from __future__ import annotations

from typing import Final, NamedTuple


class FactoryCard(NamedTuple):
    number: int
    cost: tuple[tuple[str, int], ...]
    """Paid in full first: ``card`` (a combat card), ``coins``, ``power``, ``popularity``."""
    gains: tuple[tuple[str, int], ...]
    """Rewards: coins, popularity, power, resource (any, placed as by Trade), produce
    (that many territories, no Mill), upgrade, deploy, build, enlist (free of the
    mat's resource cost)."""
    choose_one: bool
    """True when the gains are alternatives ("Enlist OR Upgrade")."""
    confidence: str


FACTORY_CARDS: Final[dict[int, FactoryCard]] = {
    1: FactoryCard(1, (("card", 1), ("coins", 1)), (("produce", 2),), False, "medium"),
    2: FactoryCard(2, (("popularity", 1),), (("upgrade", 1), ("enlist", 1)), True, "high"),
    3: FactoryCard(3, (("card", 1),), (("popularity", 2),), False, "low"),
    4: FactoryCard(4, (("card", 1),), (("coins", 3),), False, "medium-low"),
    5: FactoryCard(5, (("power", 1),), (("popularity", 2),), False, "medium-low"),
    6: FactoryCard(6, (("power", 1),), (("coins", 3),), False, "medium-low"),
    7: FactoryCard(7, (("popularity", 1),), (("deploy", 1), ("build", 1)), True, "medium"),
    8: FactoryCard(8, (("card", 1),), (("resource", 3),), False, "medium-low"),
    9: FactoryCard(9, (("coins", 2),), (("upgrade", 1), ("popularity", 1)), False, "medium-low"),
    10: FactoryCard(10, (("coins", 2),), (("deploy", 1), ("power", 1)), False, "medium-low"),
    11: FactoryCard(11, (("coins", 2),), (("build", 1), ("popularity", 1)), False, "medium-low"),
    12: FactoryCard(12, (("coins", 2),), (("enlist", 1), ("power", 1)), False, "medium-low"),
}
