"""The rulebook's worked example of the action phase (PŘÍKLAD AKČNÍ FÁZE).

David, Kamila, Marek and Petr (seats 0-3) have just finished a trick.
David holds the active town marker.
"""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction
from tabletop.games.brian_boru.board import TOWN_INDEX

from .scenes import own, play, trick_scene

DAVID, KAMILA, MAREK, PETR = range(4)


def example(david_spare: int = 5):
    # Each holds the card of the example plus the one left for the discard
    # (David's spare is red too, so that playing 11 is his choice, not forced).
    s = trick_scene(
        [[11, david_spare], [2, 3], [13, 4], [17, 6]],
        leader=DAVID,
        coins=[4, 2, 0, 2],
        # Marek just below Kamila, Petr three spaces below her.
        court=[1, 5, 4, 2],
        battle_area=10,
    )
    own(s, KAMILA, "LEI-2")
    own(s, MAREK, "DUB-2", "NUN-1")  # Marek's town blocks the road LEI-2 -> DUB-2
    own(s, DAVID, "MUN-1")
    own(s, PETR, "ULA-1")
    return s


def test_david_must_lead_red_or_white_at_a_red_town():
    s = example(david_spare=1)
    s.hands[DAVID].append(8)
    play(s, (DAVID, "lead CON-1"))  # an empty red town in Connaught
    before = s.to_json()
    with pytest.raises(IllegalAction, match="red or white"):
        s.apply_text(DAVID, "play 1")  # yellow 1 cannot lead at a red town
    assert s.to_json() == before
    play(s, (DAVID, "play 11"), (KAMILA, "play 2"), (MAREK, "play 13"), (PETR, "play 17"))
    assert s.log[-1][1] == "P3 wins the trick"  # Marek: white 13 is wild


def test_the_example_step_by_step():
    s = example()
    play(s, (DAVID, "lead CON-1"), (DAVID, "play 11"), (KAMILA, "play 2"))
    play(s, (MAREK, "play 13"), (PETR, "play 17"))

    # Kamila (2) acts first: the upper secondary action, 3 coins then expand.
    assert s.to_move() == [KAMILA]
    play(s, (KAMILA, "option 1"))
    assert s.coins[KAMILA] == 5
    # Marek's town blocks one road: a single town to expand to (or decline).
    assert [a.text for a in s.legal_actions(KAMILA)] == ["expand LEI-1", "decline"]
    play(s, (KAMILA, "expand LEI-1"))
    assert s.owner[TOWN_INDEX["LEI-1"]] == KAMILA and s.coins[KAMILA] == 0

    # David (11): the lower secondary action, two raiders, plus two bought for 4 coins.
    play(s, (DAVID, "option 2"), (DAVID, "buy 0"), (DAVID, "buy 2"))
    assert s.raiders[DAVID] == 4 and s.coins[DAVID] == 0 and s.battle_area == 6

    # Marek (13) won: primary action, the active town, the marker and a coin.
    assert s.owner[TOWN_INDEX["CON-1"]] == MAREK
    assert s.marker_holder == MAREK and s.coins[MAREK] == 1

    # Petr (17): three marriage steps land on Kamila's space; he pays 2 coins
    # for one more and ends a space above her.
    play(s, (PETR, "option 2"), (PETR, "buy 0"), (PETR, "buy 0"))
    assert s.court[PETR] == 5 == s.court[KAMILA]
    play(s, (PETR, "buy 1"))

    # Each player holds one card: it is discarded and upkeep begins.  Petr,
    # highest on the track at 6, wins the marriage card and returns to space 1.
    assert all(not h for h in s.hands)
    assert not any("moves down the marriage track" in text for _, text in s.log)
    assert any(text.startswith("P4 marries") for _, text in s.log)
    assert s.court[PETR] == 1 and s.court[KAMILA] == 5 and len(s.marriages[PETR]) == 1


def test_without_buying_petr_drops_below_marek():
    s = example()
    play(s, (DAVID, "lead CON-1"), (DAVID, "play 11"), (KAMILA, "play 2"))
    play(s, (MAREK, "play 13"), (PETR, "play 17"))
    play(s, (KAMILA, "option 1"), (KAMILA, "decline"))
    play(s, (DAVID, "option 2"), (DAVID, "buy 0"), (DAVID, "buy 0"))
    play(s, (PETR, "option 2"), (PETR, "buy 0"), (PETR, "buy 0"), (PETR, "buy 0"))
    # Space 5 is Kamila's, 4 is Marek's: Petr moves down to 3.
    assert any(text == "P4 moves down the marriage track to space 3" for _, text in s.log)
    # Kamila (5) is now highest and wins the marriage card.
    assert any(text.startswith("P2 marries") for _, text in s.log)
