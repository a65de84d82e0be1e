"""Whole games played in Chromium through the pages, every move made by clicking."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.pages.conftest import (
    click_move,
    new_table,
    person,
    status,
    wait_for_my_move,
)

pytestmark = pytest.mark.slow


def play_to_the_end(
    page: Page, rng: random.Random, *, board_only: bool = False, limit: int = 2000
) -> int:
    """Play this page's seat until the game is over; the number of moves made."""
    made = 0
    while wait_for_my_move(page):
        click_move(page, rng, board_only=board_only)
        made += 1
        assert made < limit, "the game did not end"
    return made


def test_brian_boru_against_bots_every_move_on_the_board_or_hand(
    chromium: Browser, site: str
) -> None:
    page = person(chromium, site, "brianplayer")
    table = new_table(
        page,
        "brian-boru",
        [{"kind": "me"}, {"kind": "bot", "name": "random"}, {"kind": "bot", "name": "greedy"}],
    )
    page.goto(f"/t/{table}")
    made = play_to_the_end(page, random.Random(1), board_only=True)
    assert made > 10
    outcome = page.locator(".outcome")
    expect(outcome.get_by_role("heading", name="Final score")).to_be_visible()
    expect(outcome.locator("tr.total td")).to_have_count(3)
    assert status(page)["over"] == "true"


@pytest.mark.parametrize(
    ("game", "opponent", "user", "seed"),
    [
        ("terra-mystica", "random", "tmplayer", 2),
        # Against random play a Scythe game can run past 2,000 moves (the server deals a
        # new game each run): greedy heads for its sixth star and ends it in about 30 s.
        ("scythe", "greedy", "scytheplayer", 3),
        ("scythe", "automa:autometta", "soloplayer", 4),
    ],
    ids=["terra-mystica", "scythe", "scythe-automa"],
)
def test_a_two_seat_game_against_a_bot_to_the_end(
    chromium: Browser, site: str, game: str, opponent: str, user: str, seed: int
) -> None:
    page = person(chromium, site, user)
    table = new_table(page, game, [{"kind": "me"}, {"kind": "bot", "name": opponent}])
    page.goto(f"/t/{table}")
    assert play_to_the_end(page, random.Random(seed)) > 20
    expect(page.locator(".outcome tr.total td")).to_have_count(2)
