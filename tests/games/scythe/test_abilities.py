"""Faction abilities (rulebook "Dovednosti frakcí") and how mech abilities are gained
("Nasazení"), played through the engine.  The movement and combat abilities have their
own tests in ``test_movement`` and ``test_combat``.
"""

from __future__ import annotations

from tabletop.games.scythe.game import ScytheState
from tests.games.scythe.scenes import (
    begin,
    character,
    game,
    hand,
    legal,
    mechs,
    play,
    pos,
    resources,
    workers,
)

MOVE = 2


# -- Crimea: Coercion --------------------------------------------------------------------------


def crimea_upgrading(oil: int, *cards: int) -> ScytheState:
    """Crimea (Industrial: Upgrade costs 3 oil) before its bottom action."""
    st = game(("crimea", "nordic"))
    workers(st, 0, "-1,7")
    resources(st, "-1,7", oil=oil)
    hand(st, 0, *cards)
    begin(st, 0, "bottom", 0)
    return st


def test_coercion_pays_one_resource_with_a_combat_card() -> None:
    """Dovednosti frakcí, Nátlak: a combat card of any value pays one resource."""
    st = crimea_upgrading(2, 5)
    play(st, "upgrade nothing")
    assert st.phase == "pay"
    assert legal(st) == ["pay 2 oil from -1,7", "pay card 5"]  # 3 oil: 2 here and a card
    play(st, "pay card 5")
    assert st.players[0].cards == [] and st.combat_discard == [5]
    assert st.board.res[pos("-1,7") * 4 + 3] == 0
    assert st.players[0].coins == 4 + 3


def test_coercion_at_most_one_card_per_turn() -> None:
    """Nátlak: one card each turn: two missing resources cannot be paid with two cards."""
    st = crimea_upgrading(1, 2, 3)
    assert legal(st) == ["skip"]
    st = crimea_upgrading(2, 2, 3)
    play(st, "upgrade nothing", "pay card 2")
    assert st.players[0].coercion_used
    assert st.players[0].cards == [3]
    play(st, "section 1", "skip", "skip", seat=1)  # Nordic's turn
    assert not st.players[0].coercion_used  # a new turn of Crimea


def test_coercion_is_only_crimeas() -> None:
    """Nátlak is Crimea's faction ability: others pay resources only."""
    st = game(("nordic", "crimea"))
    workers(st, 0, "3,1")
    resources(st, "3,1", oil=2)
    hand(st, 0, 2)
    begin(st, 0, "bottom", 0)
    assert legal(st) == ["skip"]


# -- mech abilities --------------------------------------------------------------------------


def test_any_mech_of_the_faction_mat_may_be_deployed() -> None:
    """Nasazení: "zvolit si libovolného mecha z desky své frakce"."""
    st = game(("saxony", "nordic"))
    workers(st, 0, "-3,6")
    resources(st, "-3,6", metal=3)
    begin(st, 0, "bottom", 1)
    deploys = {t.split()[1] for t in legal(st) if t.startswith("deploy ") and " at " in t}
    assert deploys == {"riverwalk", "underpass", "disarm", "speed"}
    play(st, "deploy speed at -3,6")
    assert st.players[0].mechs == ["speed"]


def test_a_deployed_ability_serves_the_character_at_once() -> None:
    """Nasazení: a deployed ability serves the character at once (Speed)."""
    st = game(("saxony", "nordic"))
    character(st, 0, "-3,7")
    workers(st, 0, "0,1")
    resources(st, "0,1", metal=3)
    begin(st, 0, "bottom", 1)
    play(st, "deploy speed at 0,1")
    begin(st, 0, "top", MOVE)
    play(st, "move character -3,7>-3,6")
    assert st.phase == "motion"


def test_abilities_do_not_serve_workers() -> None:
    """Nasazení: "(nikoliv vaši dělníci)": a worker keeps its single step and its river."""
    st = game(("saxony", "nordic"))
    mechs(st, 0, "-3,6", 4)
    workers(st, 0, "-3,6")
    begin(st, 0, "top", MOVE)
    assert "move mech -3,6>-3,5" in legal(st)  # Riverwalk onto a forest
    assert "move worker -3,6>-3,5" not in legal(st)
    play(st, "move worker -3,6>-3,7")
    assert st.phase == "move"  # no second step: the next unit


def test_artillery_and_scout_only_when_they_do_something() -> None:
    """Dělostřelectvo costs 1 power (not offered at 0); Průzkumník needs a card to take."""
    st = game(("crimea", "nordic"))
    mechs(st, 0, "0,1", 2)
    mechs(st, 0, "-1,8")  # Scout
    mechs(st, 1, "-1,7")
    begin(st, 0, "top", MOVE)
    play(st, "move mech -1,8>-1,7", "done")
    assert st.phase == "commit"  # Nordic holds no card: nothing to scout
    st = game()
    mechs(st, 0, "0,1", 2)
    mechs(st, 0, "3,1")  # Artillery
    mechs(st, 1, "3,2")
    st.players[0].power = 0
    begin(st, 0, "top", MOVE)
    play(st, "move mech 3,1>3,2", "done")
    assert st.phase == "commit"


# -- Saxony: Dominate ---------------------------------------------------------------------


def test_dominate_reveals_both_objectives() -> None:
    """Dovednosti frakcí, Dominance: Saxony reveals both objectives, others one."""
    st = game(("saxony", "nordic"))
    st.players[0].objectives = [12, 23]
    st.players[0].coins = 20
    st.players[0].cards = [2] * 8
    st.players[0].stars = ["combat"]
    begin(st, 0)
    assert "objective 23" in legal(st)
    assert "objective 12" not in legal(st)  # "at the end of your turn" only
    play(st, "objective 23")
    assert st.players[0].objectives == [12]
    play(st, "section 1", "skip", "skip")
    assert st.phase == "end" and legal(st) == ["objective 12", "end"]
    play(st, "objective 12")
    assert st.players[0].stars == ["combat", "objective", "objective"]
    st = game()
    st.players[0].objectives = [12, 23]
    st.players[0].cards = [2] * 8
    st.players[0].stars = ["combat"]
    begin(st, 0)
    play(st, "objective 23")
    assert st.players[0].objectives == []
