"""The Czech rulebook's worked examples (``shared/rulebooks/000_*.txt``), one test each,
played through the engine."""

from __future__ import annotations

from tabletop.games.scythe.board import BASE
from tabletop.games.scythe.data.factory_cards import FACTORY_CARDS
from tests.games.scythe.scenes import (
    begin,
    build,
    character,
    game,
    hand,
    legal,
    mechs,
    play,
    pos,
    resources,
    top_done,
    workers,
)


def test_honza_and_sandra() -> None:
    """Boj, PŘÍKLAD: Honza attacks Sandra; the tie goes to Honza."""
    st = game(("nordic", "rusviet"))
    honza, sandra = 0, 1
    character(st, honza, "5,1")
    mechs(st, honza, "5,1")
    workers(st, honza, "5,1", 2)
    character(st, sandra, "5,2")
    mechs(st, sandra, "5,2")
    workers(st, sandra, "5,2")
    resources(st, "5,2", food=3)
    st.players[honza].power, st.players[sandra].power = 10, 4
    st.players[honza].popularity = 5
    hand(st, honza, 5)
    hand(st, sandra, 2, 3)
    begin(st, honza, "top", 2)  # Move
    play(st, "move character 5,1>4,2", "move mech 5,1>5,2", "carry w2")
    assert st.phase == "commit" and sorted(st.to_move()) == [honza, sandra]
    assert legal(st, honza)[:2] == ["commit 7", "commit 7 with 5"]  # one mech: one card
    assert "commit 4 with 2+3" in legal(st, sandra)  # character and mech: two cards
    play(st, "commit 7", seat=honza)
    play(st, "commit 4 with 3", seat=sandra)
    assert st.last_battle["winner"] == honza
    assert st.controller(pos("5,2")) == honza
    assert st.controlled_resources(honza)[0] == 3
    base = BASE["rusviet"]
    assert st.players[sandra].char == base
    assert (st.board.mechs[sandra][base], st.board.workers[sandra][base]) == (1, 1)
    h, s = st.players[honza], st.players[sandra]
    assert (h.power, s.power) == (3, 0)
    assert h.popularity == 4
    assert h.stars == ["combat"]
    assert len(s.cards) == 2 and 2 in s.cards  # kept the 2, drew one
    assert st.combat_discard == [3]
    assert h.cards == [5]
    assert top_done(st)


def test_production_example() -> None:
    """Produkce, PŘÍKLAD: a farm with 1 worker and a mountain with 2."""
    st = game()
    workers(st, 0, "1,1")
    workers(st, 0, "0,1", 2)
    begin(st, 0, "top", 1)  # Industrial: Produce
    assert {"produce 1,1 1", "produce 0,1 2", "produce 0,1 1"} <= set(legal(st))
    assert "produce 1,1 2" not in legal(st)
    play(st, "produce 1,1 1", "produce 0,1 1")
    board = st.board
    assert board.res[pos("1,1") * 4] == 1 and board.res[pos("0,1") * 4 + 2] == 1
    assert top_done(st)


def test_production_summary_example() -> None:
    """Důležitá pravidla, Akce produkce: 3 wood on a forest, 2 food on a farm."""
    st = game()
    workers(st, 0, "3,1", 3)
    workers(st, 0, "1,1", 2)
    st.players[0].power = 1  # 5 workers on the board: Produce costs 1 power
    begin(st, 0, "top", 1)
    play(st, "produce 3,1 3", "produce 1,1 2")
    assert st.board.res[pos("3,1") * 4 + 1] == 3 and st.board.res[pos("1,1") * 4] == 2
    assert st.players[0].power == 0


def test_upgrade_example() -> None:
    """Vylepšení, PŘÍKLAD: a cube from Produce to Enlist."""
    st = game()
    workers(st, 0, "4,1")
    resources(st, "4,1", oil=3)
    p = st.players[0]
    begin(st, 0, "bottom", 0)  # Industrial: Upgrade, 3 oil, $3
    play(st, "upgrade produce.territories to enlist")
    assert p.coins == 4 + 3 and st.board.res[pos("4,1") * 4 + 3] == 0
    assert p.upgrade_value("produce.territories") == 3
    assert p.bottom_cost(3) == 3  # Enlist: 4 food before
    for hex_ in ("1,1", "0,1", "3,1"):
        workers(st, 0, hex_)
    begin(st, 0, "top", 1)
    play(st, "produce 1,1 1", "produce 0,1 1", "produce 3,1 1")
    assert top_done(st)


def test_enlist_ongoing_bonus_example() -> None:
    """Verbování, PŘÍKLAD: blue gains popularity when he or a neighbour builds."""
    factions = ("nordic", "rusviet", "crimea", "saxony")
    st = game(factions, ("industrial", "engineering", "patriotic", "mechanical"))
    blue = st.players[0]
    blue.recruits["build"] = "popularity"
    start = {0: "3,1", 1: "4,3", 2: "-1,7", 3: "-3,6"}
    expected = {1: 3, 3: 4, 2: 4, 0: 5}  # left neighbour, right, across, blue himself
    assert st.order == [0, 1, 2, 3]
    for seat in (1, 3, 2, 0):
        workers(st, seat, start[seat])
        resources(st, start[seat], wood=4)
        begin(st, seat, "bottom", 2)  # Build on every mat
        play(st, f"build mill at {start[seat]}")
        assert blue.popularity == expected[seat]


def test_two_players_get_the_ongoing_bonus_only_once() -> None:
    """Verbování, Hra dvou hráčů: the ongoing bonus only once."""
    st = game()
    st.players[0].recruits["build"] = "popularity"
    workers(st, 1, "4,3")
    resources(st, "4,3", wood=3)
    begin(st, 1, "bottom", 2)
    play(st, "build armory at 4,3")
    assert st.players[0].popularity == 3


def test_resource_control_example() -> None:
    """Příklad kontroly nad surovinami: spend only from controlled territories."""
    st = game()
    workers(st, 0, "3,1")
    resources(st, "3,1", metal=1)
    build(st, 0, "3,2", "armory")
    resources(st, "3,2", metal=1)
    resources(st, "4,1", metal=2)  # no Nordic unit or structure here
    begin(st, 0, "bottom", 1)  # Deploy: 3 metal
    assert legal(st) == ["skip"]
    mechs(st, 0, "4,1")
    assert "deploy seaworthy at 3,1" in legal(st)


def test_factory_card_example() -> None:
    """Továrna, PŘÍKLAD: 1 popularity for Enlist or Upgrade, then a 2-step Move."""
    assert FACTORY_CARDS[2].cost == (("popularity", 1),)
    st = game()
    p = st.players[0]
    p.factory = 2
    character(st, 0, "3,1")
    begin(st, 0)
    play(st, "section factory")
    texts = legal(st)
    assert "skip" in texts
    assert any(t.startswith("card enlist ") for t in texts)
    assert any(t.startswith("card upgrade ") for t in texts)
    play(st, "card enlist upgrade for coins", "move character 3,1>3,2", "move character 3,2>4,1")
    assert p.popularity == 1 and p.coins == 6 and p.recruits == {"upgrade": "coins"}
    assert p.char == pos("4,1") and st.active == 1
