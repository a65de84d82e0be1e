"""The table on a phone and from the keyboard alone, and the chooser's buttons for moves
that clicks on the board cannot tell apart."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from playwright.sync_api import Browser, Page, expect
from scripts.browser import PHONE

from tests.pages.conftest import (
    click_move,
    new_table,
    person,
    status,
    wait_for_change,
    wait_for_my_move,
)

pytestmark = pytest.mark.slow
RANDOM = {"kind": "bot", "name": "random"}


def horizontal_overflow(page: Page) -> int:
    """How many pixels the page itself scrolls sideways (0: none)."""
    return int(
        page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


def test_on_a_phone_the_page_fits_and_a_move_is_made_by_tapping(
    chromium: Browser, site: str
) -> None:
    page = person(chromium, site, "phoneplayer", PHONE, touch=True)
    for game, seats in (
        ("brian-boru", [{"kind": "me"}, RANDOM, RANDOM]),
        ("scythe", [{"kind": "me"}, {"kind": "bot", "name": "automa:autometta"}]),
        ("terra-mystica", [{"kind": "me"}, RANDOM]),
    ):
        page.goto(f"/t/{new_table(page, game, seats)}")
        assert wait_for_my_move(page)
        assert horizontal_overflow(page) == 0, game
        # Every drawing's frame is inside the screen's width; a drawing wider than its
        # frame (kept large enough to read) scrolls inside it.
        for right, wider, scrolls in page.locator("figure.drawing").evaluate_all(
            "fs => fs.map(f => [f.getBoundingClientRect().right, f.scrollWidth > f.clientWidth,"
            " ['auto', 'scroll'].includes(getComputedStyle(f).overflowX)])"
        ):
            assert right <= PHONE["width"] and (scrolls or not wider), game
        # The moves can be reached and are large enough to tap.
        first = page.locator("#legal button.move").first
        first.scroll_into_view_if_needed()
        expect(first).to_be_in_viewport()
        size = first.bounding_box()
        assert size is not None and size["height"] >= 44 and size["width"] <= PHONE["width"]
    # A move by tapping: a target on the board, then Send (or a choice, then Send), which
    # stay in sight at the top of the screen while the board scrolls under them.
    seq = status(page)["seq"]
    target = page.locator("#panel [data-target].playable").first
    target.scroll_into_view_if_needed()
    target.tap()
    expect(page.locator("#chooser")).to_be_visible()
    page.mouse.wheel(0, 400)
    choice = page.locator("#choices button").first
    if choice.is_visible():
        choice.tap()
    send, cancel = page.locator("#send"), page.locator("#cancel")
    for button in (send, cancel, *([choice] if choice.is_visible() else [])):
        expect(button).to_be_in_viewport()
        size = button.bounding_box()
        assert size is not None and size["height"] >= 44
    send.tap()
    wait_for_change(page, seq)
    assert horizontal_overflow(page) == 0


def focused(page: Page) -> dict[str, str]:
    return dict(
        page.evaluate(
            "() => { const e = document.activeElement;"
            " return {target: e?.getAttribute('data-target') ?? '', id: e?.id ?? '',"
            " tag: e?.tagName.toLowerCase() ?? '',"
            " playable: String(e?.classList.contains('playable')),"
            " outline: getComputedStyle(e).outlineStyle,"
            " width: getComputedStyle(e).outlineWidth}; }"
        )
    )


def looks(page: Page, *, with_focus: bool) -> bytes:
    """The focused element and its surroundings as drawn, with or without the focus (the
    focus is left where it was)."""
    box = page.evaluate(
        "() => { const r = document.activeElement.getBoundingClientRect();"
        " return {x: r.x - 8, y: r.y - 8, width: r.width + 16, height: r.height + 16}; }"
    )
    if with_focus:
        return page.screenshot(clip=box)
    page.evaluate(
        "() => { window.focusedBefore = document.activeElement; document.activeElement.blur(); }"
    )
    try:
        return page.screenshot(clip=box)
    finally:
        page.evaluate("() => window.focusedBefore.focus()")


def tab_to_a_target(page: Page, limit: int = 120) -> dict[str, str]:
    """Press Tab until the focus is on a board target; what has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if now["target"]:
            return now
    raise AssertionError("Tab never reached a target on the board")


def test_moves_made_from_the_keyboard_alone_with_the_focus_in_sight(
    chromium: Browser, site: str
) -> None:
    page = person(chromium, site, "keyboardist")
    seats = [{"kind": "me"}, {"kind": "bot", "name": "random"}, {"kind": "bot", "name": "random"}]
    page.goto(f"/t/{new_table(page, 'brian-boru', seats)}")
    assert wait_for_my_move(page)
    page.locator("body").focus()
    made = 0
    for _ in range(4):
        if not wait_for_my_move(page):
            break
        now = focused(page) if made else tab_to_a_target(page)
        if not now["target"]:
            now = tab_to_a_target(page)
        # Only targets some move is on are in the tab order, and the focus shows.
        assert now["playable"] == "true", now
        assert now["outline"] != "none" and now["width"] not in ("0px", ""), now
        if not made:  # and the outline is drawn: the focused target looks different
            assert looks(page, with_focus=True) != looks(page, with_focus=False)
        seq = status(page)["seq"]
        page.keyboard.press("Enter" if made % 2 else " ")
        # Narrow on with more targets until one move or the chooser's buttons are left
        # (the server deals a new game each run: some moves take more targets).
        for _ in range(8):
            if page.locator("#chooser").is_visible():
                break
            tab_to_a_target(page)
            page.keyboard.press("Enter")
        expect(page.locator("#chooser")).to_be_visible()
        if focused(page)["id"] != "send":
            assert focused(page)["tag"] == "button"  # the first of the moves left
            page.keyboard.press("Enter")
        assert focused(page)["id"] == "send"
        page.keyboard.press("Enter")
        wait_for_change(page, seq)
        made += 1
    assert made >= 2


def test_moves_that_differ_only_in_an_amount_are_offered_as_buttons(
    chromium: Browser, site: str
) -> None:
    page = person(chromium, site, "amounts")
    table = new_table(page, "scythe", [{"kind": "me"}, {"kind": "bot", "name": "random"}])
    page.goto(f"/t/{table}")
    rng = random.Random(6)
    for _ in range(300):
        assert wait_for_my_move(page), "the game ended before moves alike on the board"
        buttons = page.locator("#legal button.move")
        moves = buttons.evaluate_all(
            "bs => bs.map(b => [b.dataset.action, b.dataset.targets, b.textContent])"
        )
        alike = Counter(targets for _, targets, _ in moves if targets)
        twins = [t for t, n in alike.items() if n > 1]
        if not twins:
            click_move(page, rng)
            continue
        clicked: list[str] = []
        for target in twins[0].split():
            if page.locator("#choices button").count():
                break
            page.locator(f'#panel [data-target="{target}"]').first.click()
            clicked.append(target)
        # Every move on what was clicked is offered, those alike on the board among them.
        same = [(action, label) for action, t, label in moves if t == twins[0]]
        offered = page.locator("#choices button")
        expect(offered).to_have_count(sum(1 for _, t, _ in moves if set(clicked) <= set(t.split())))
        labels = offered.all_text_contents()
        assert all(label in labels for _, label in same)
        action, label = same[-1]
        seq = status(page)["seq"]
        offered.filter(has_text=label).first.click()
        expect(page.locator("#chooser-text")).to_have_text(f"Play: {label}")
        page.locator("#send").click()
        wait_for_change(page, seq)
        assert action in page.locator(".log").inner_text() or status(page)["seq"] != seq
        return
    raise AssertionError("no two moves alike on the board came up")
