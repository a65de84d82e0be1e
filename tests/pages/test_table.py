"""A table in Chromium: live play between two browsers, a spectator, a choice that
survives another seat's move, the hot seat, a reload, an illegal click, and text people
type shown as text."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from tests.pages.conftest import (
    api,
    click_move,
    new_table,
    person,
    status,
    wait_for_change,
    wait_for_my_move,
    wait_for_seq,
)

pytestmark = pytest.mark.slow


def two_people_and_a_bot(
    chromium: Browser, site: str, first: str, second: str
) -> tuple[Page, Page, str]:
    """A Brian Boru table of ``first``, ``second`` (who takes the open seat) and a random
    bot, started by ``first``: both people's pages and the table's id, both pages on it."""
    ada = person(chromium, site, first)
    bob = person(chromium, site, second)
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "name": "random"}]
    tid = str(api(ada, "POST", "/api/tables", {"game": "brian-boru", "seats": seats})["id"])
    bob.goto(f"/t/{tid}")
    bob.get_by_role("button", name="Take this seat").click()
    expect(bob.locator("li[data-seat='1']")).to_contain_text(second)
    ada.goto(f"/t/{tid}")
    ada.get_by_role("button", name="Start the game").click()
    # The start is posted, then ada's page reloads as the table: only then has it begun.
    expect(ada.locator("#status")).to_be_attached(timeout=30_000)
    bob.goto(f"/t/{tid}")
    return ada, bob, tid


def test_two_people_live_and_a_spectator_who_sees_no_hand(chromium: Browser, site: str) -> None:
    ada, bob, tid = two_people_and_a_bot(chromium, site, "ada_live", "bob_live")
    watcher = person(chromium, site, None)
    watcher.goto(f"/t/{tid}")
    rng = random.Random(3)
    for _ in range(12):  # the draft and the first tricks: each sees the other's moves live
        for me, other in ((ada, bob), (bob, ada)):
            if status(me)["over"] == "true":
                break
            if me.locator("#legal button").count():
                seq = status(other)["seq"]
                click_move(me, rng)
                # The move may reach the other page after a bot's, one position at a time.
                wait_for_seq(other, status(me)["seq"])
                assert status(other)["seq"] != seq or status(other)["over"] == "true"
        # The spectator follows the game but never sees a hand or a move to make.
        expect(watcher.locator("#status")).to_contain_text("")
        assert watcher.locator("#legal").count() == 0
        assert watcher.locator('[data-target^="card:"]').count() == 0
        assert "You are watching" in (watcher.locator("#panel").text_content() or "")


def asked(page: Page, *, moves: str = "") -> bool:
    """Whether the page shows the newest position and asks for a move (one whose text
    has ``moves`` in it), without waiting."""
    return bool(
        page.evaluate(
            "text => { const s = document.querySelector('#status');"
            " if (!s || s.dataset.seq !== document.querySelector('#table').dataset.seq)"
            "   return false;"
            " return [...document.querySelectorAll('#legal button')]"
            "   .some(b => b.textContent.includes(text)); }",
            moves,
        )
    )


def test_a_choice_in_progress_survives_another_seats_move(chromium: Browser, site: str) -> None:
    # Brian Boru's draft: every seat keeps two cards at once, so another seat's move
    # arrives while this one is choosing; the new panel keeps the clicks made so far.
    ada, bob, _ = two_people_and_a_bot(chromium, site, "ada_draft", "bob_draft")
    rng = random.Random(5)
    for _ in range(60):  # the starting towns, one seat after the other, then the draft
        if asked(ada, moves="pick") and asked(bob, moves="pick"):
            break
        for page in (ada, bob):
            if asked(page) and not asked(page, moves="pick"):
                click_move(page, rng)
        ada.wait_for_timeout(250)
    assert asked(ada, moves="pick") and asked(bob, moves="pick")
    first = ada.locator("#panel [data-target].playable").first
    target = first.get_attribute("data-target")
    first.click()
    expect(ada.locator("#chooser")).to_be_visible()
    offered = ada.locator("#choices button").all_text_contents()
    seq = status(ada)["seq"]
    click_move(bob, rng)
    wait_for_change(ada, seq)
    expect(ada.locator("#status")).not_to_have_attribute("data-seq", seq)
    expect(ada.locator("#chooser")).to_be_visible()
    assert ada.locator("#choices button").all_text_contents() == offered
    expect(ada.locator(f'#panel [data-target="{target}"]')).to_have_class(re.compile("picked"))
    ada.locator("#choices button").first.click()
    seq = status(ada)["seq"]
    ada.locator("#send").click()
    wait_for_change(ada, seq)
    assert ada.locator("#notice").text_content() == ""


def test_hot_seat_hides_the_previous_seat_and_a_reload_restores_the_table(
    chromium: Browser, site: str
) -> None:
    page = person(chromium, site, "hotseat")
    tid = new_table(page, "terra-mystica", [{"kind": "me"}, {"kind": "me"}])
    page.goto(f"/t/{tid}")
    rng = random.Random(4)
    handovers = 0
    for _ in range(30):
        screen = page.locator("#screen")
        if screen.is_visible():
            # Nothing of the previous seat is on the page behind the screen.
            assert page.locator("#panel").inner_html().strip() == ""
            expect(page.locator("#screen-who")).to_contain_text("plays next")
            page.locator("#screen-go").click()
            handovers += 1
        assert wait_for_my_move(page)
        click_move(page, rng)
    assert handovers >= 2
    # A reload shows the table as it stands.
    page.locator("#screen-go").click() if page.locator("#screen").is_visible() else None
    seen = status(page)
    page.reload()
    expect(page.locator("#status")).to_have_attribute("data-seq", seen["seq"])


def test_an_illegal_click_says_why_and_changes_nothing(chromium: Browser, site: str) -> None:
    page = person(chromium, site, "clicker")
    tid = new_table(page, "terra-mystica", [{"kind": "me"}, {"kind": "bot", "name": "random"}])
    page.goto(f"/t/{tid}")
    assert wait_for_my_move(page)
    rng = random.Random(5)
    while not page.locator("#panel [data-target^='hex:']:not(.playable)").count():
        click_move(page, rng)
        assert wait_for_my_move(page)
    seq = status(page)["seq"]
    page.locator("#panel [data-target^='hex:']:not(.playable)").first.click()
    expect(page.locator("#notice")).to_contain_text("No move of yours")
    expect(page.locator("#chooser")).to_be_hidden()
    assert status(page)["seq"] == seq
    # A move typed that the rules refuse: the reason, and nothing changes.
    page.locator("#typed input").fill("build Z99")
    page.locator("#typed button").click()
    expect(page.locator("#notice")).not_to_be_empty()
    assert status(page)["seq"] == seq


def test_names_and_chat_are_shown_as_text(chromium: Browser, site: str) -> None:
    page = person(chromium, site, "writer")
    alerts: list[str] = []

    def refuse(dialog: Dialog) -> None:
        alerts.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    tid = new_table(page, "terra-mystica", [{"kind": "me"}, {"kind": "bot", "name": "random"}])
    page.goto(f"/t/{tid}")
    hostile = ["<script>alert(1)</script>", '<img src=x onerror="alert(2)">']
    lines = page.locator("#chat-lines li")
    for count, text in enumerate(hostile, start=1):
        page.locator("#chat-form input").fill(text)
        page.locator("#chat-form button").click()
        expect(lines).to_have_count(count)
    for index, text in enumerate(hostile):
        expect(lines.nth(index)).to_have_text(f"writer: {text}")
    assert page.locator("#chat-lines img, #chat-lines script").count() == 0
    # A guest's name is checked by the API: markup cannot be a name at all.
    invite = api(
        page,
        "POST",
        "/api/tables",
        {"game": "brian-boru", "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]},
    )
    guest = person(chromium, site, None)
    guest.goto(f"/t/{invite['id']}?invite={invite['invite']}")
    guest.get_by_label("Your name").fill("<b>x</b>")
    guest.get_by_role("button", name="Join as a guest").click()
    assert guest.locator("b").count() == 0
    assert alerts == []
