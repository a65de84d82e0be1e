"""Browser tests: the site served by a real server process (SQLite in a temporary
directory), driven by Playwright in Debian's Chromium.

The browser is ``TABLETOP_CHROMIUM`` or ``chromium`` on the PATH (`.ci/chromium.sh`
installs it from Debian; Playwright's own browser download is not used).  Without one the
tests skip with a message, except in CI, where they must run.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from benchmarks.bench_server import free_port, launch
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from scripts.browser import FLAGS, LAPTOP, chromium_path

import tabletop

CHROMIUM = chromium_path()
PASSWORD = "secret-password"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server process on a fresh SQLite database; its base URL."""
    workdir = tmp_path_factory.mktemp("site")
    port = free_port()
    database = f"sqlite:///{Path(workdir) / 'site.db'}"
    # The server imports the package these tests import (a relative PYTHONPATH would
    # resolve in the server's own directory and find the installed copy instead).
    source = str(Path(tabletop.__file__).resolve().parents[1])
    env = {"TABLETOP_BOT_SECONDS": "0.2", "PYTHONPATH": source}
    process = launch(database, port, workdir, env)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=20)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("CI runs the browser tests: install Chromium (.ci/chromium.sh)")
        pytest.skip("no Chromium: install Debian's chromium or set TABLETOP_CHROMIUM")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def person(
    chromium: Browser,
    site: str,
    name: str | None,
    viewport: ViewportSize = LAPTOP,
    *,
    touch: bool = False,
) -> Page:
    """A new browser (its own cookies) on the lobby; signed up as ``name`` unless None;
    with ``touch``, a phone's (a touch screen, a mobile viewport)."""
    context = chromium.new_context(
        viewport=viewport, base_url=site, has_touch=touch, is_mobile=touch
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto("/")
    if name is not None:
        form = page.locator('form[aria-label="sign up"]')
        form.get_by_label("Name").fill(name)
        form.get_by_label("Password").fill(PASSWORD)
        form.get_by_role("button", name="Sign up").click()
        expect(page.get_by_role("link", name=name)).to_be_visible()
    return page


def api(page: Page, method: str, url: str, body: Any = None) -> Any:
    """Call the API from the page's browser (its cookies, its CSRF token)."""
    token = page.locator('meta[name="csrf"]').get_attribute("content") or ""
    response = page.request.fetch(url, method=method, data=body, headers={"X-CSRF-Token": token})
    assert response.ok, f"{method} {url}: {response.status} {response.text()}"
    return response.json()


def new_table(page: Page, game: str, seats: list[dict[str, str]], **extra: Any) -> str:
    """A table created through the API by the page's person, started if nobody is awaited;
    its id."""
    table = api(page, "POST", "/api/tables", {"game": game, "seats": seats, **extra})
    if not any(seat["kind"] == "open" for seat in seats):
        api(page, "POST", f"/api/tables/{table['id']}/start", {})
    return str(table["id"])


def status(page: Page) -> dict[str, str]:
    """The panel's status line: seq, seat shown, whether the game is over."""
    element = page.locator("#status")
    expect(element).to_be_attached(timeout=30_000)
    return {key: element.get_attribute(f"data-{key}") or "" for key in ("seq", "seat", "over")}


def wait_for_change(page: Page, seq: str) -> None:
    """Until the panel shows a position after ``seq`` (or the game's end, or the hot
    seat's screen between two people)."""
    page.wait_for_function(
        "seq => { const s = document.querySelector('#status');"
        " if (document.querySelector('#screen:not([hidden])')) return true;"
        " return s && (s.dataset.seq !== seq || s.dataset.over === 'true'); }",
        arg=seq,
    )


def wait_for_seq(page: Page, seq: str) -> None:
    """Until the panel shows position ``seq`` or a later one (compared as numbers), or the
    game's end: another page's move may reach this one through intermediate positions."""
    page.wait_for_function(
        "seq => { const s = document.querySelector('#status');"
        " return s && (Number(s.dataset.seq) >= Number(seq) || s.dataset.over === 'true'); }",
        arg=seq,
        timeout=30_000,
    )


def wait_for_my_move(page: Page) -> bool:
    """Until this page shows the newest position and is asked for a move in it (True) or
    the game is over (False)."""
    page.wait_for_function(
        "() => { const s = document.querySelector('#status');"
        " const newest = document.querySelector('#table').dataset.seq;"
        " if (!s || s.dataset.seq !== newest) return false;"
        " return s.dataset.over === 'true' || document.querySelector('#legal button'); }",
        timeout=60_000,
    )
    return status(page)["over"] != "true"


def click_move(page: Page, rng: random.Random, *, board_only: bool = False) -> str:
    """Make one of the offered moves by clicking: its targets on the board in order, then
    Send when it is the one move left (or its button in the shortened list); a move with
    no place on the board is clicked in the list (never when ``board_only``).  Returns the
    move's text.

    Where another seat decides at the same time (Scythe's combat dials), the panel may
    show a newer position in the middle of the clicks; the move is then chosen again."""
    for _ in range(5):
        try:
            return _click_move(page, rng, board_only=board_only)
        except PlaywrightTimeout:
            assert wait_for_my_move(page), "the game ended while a move was being made"
    raise AssertionError("the panel kept changing under the clicks")


def _click_move(page: Page, rng: random.Random, *, board_only: bool) -> str:
    buttons = page.locator("#legal button.move")
    moves = [
        (
            buttons.nth(i).get_attribute("data-action") or "",
            buttons.nth(i).get_attribute("data-targets") or "",
        )
        for i in range(buttons.count())
    ]
    placed = [move for move in moves if move[1]]
    if board_only:
        assert placed, f"no move has a place on the board: {[m[0] for m in moves]}"
    action, targets = rng.choice(placed if board_only or (placed and rng.random() < 0.7) else moves)
    before = status(page)["seq"]
    quick = 5_000.0
    if targets:
        for target in targets.split():
            if page.locator("#chooser").is_visible():
                break
            page.locator(f'#panel [data-target="{target}"]').first.click(timeout=quick)
        if page.locator("#chooser").is_visible():
            # Several moves left that clicks on the board cannot tell apart: its button.
            choice = page.locator(f'#choices button[data-action="{css(action)}"]')
            if choice.count():
                choice.click(timeout=quick)
            page.locator("#send").click(timeout=quick)
        else:
            page.locator(f'#legal button.move[data-action="{css(action)}"]').click(timeout=quick)
    else:
        page.locator(f'#legal button.move[data-action="{css(action)}"]').click(timeout=quick)
    wait_for_change(page, before)
    return action


def css(text: str) -> str:
    """``text`` inside a double-quoted CSS attribute selector."""
    return re.sub(r'(["\\])', r"\\\1", text)
