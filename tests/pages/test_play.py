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


def test_terra_mystica_against_a_bot_to_the_end(chromium: Browser, site: str) -> None:
    page = person(chromium, site, "tmplayer")
    table = new_table(page, "terra-mystica", [{"kind": "me"}, {"kind": "bot", "name": "random"}])
    page.goto(f"/t/{table}")
    assert play_to_the_end(page, random.Random(2)) > 20
    expect(page.locator(".outcome tr.total td")).to_have_count(2)


def test_scythe_against_a_bot_to_the_end(chromium: Browser, site: str) -> None:
    page = person(chromium, site, "scytheplayer")
    table = new_table(page, "scythe", [{"kind": "me"}, {"kind": "bot", "name": "random"}])
    page.goto(f"/t/{table}")
    assert play_to_the_end(page, random.Random(3)) > 20
    expect(page.locator(".outcome tr.total td")).to_have_count(2)


def test_scythe_against_the_automa_to_the_end(chromium: Browser, site: str) -> None:
    page = person(chromium, site, "soloplayer")
    table = new_table(page, "scythe", [{"kind": "me"}, {"kind": "bot", "name": "automa:autometta"}])
    page.goto(f"/t/{table}")
    assert play_to_the_end(page, random.Random(4)) > 20
    expect(page.locator(".outcome tr.total td")).to_have_count(2)
