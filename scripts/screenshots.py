"""Screenshots of each game's table for the README (``make screenshots``).

Starts the site on a temporary SQLite database (the benchmark's launcher), signs a person
up, sets a table of each game with bots, plays the person's seat for a number of moves (a
seeded choice among the legal moves, building preferred, so that the board fills up) and
saves the table page at 1366×768, drawn by Debian's Chromium through Playwright, as
``docs/screenshots/<name>.png``.

    python -m scripts.screenshots [--out docs/screenshots] [--only scythe]

The browser is ``TABLETOP_CHROMIUM`` or ``chromium`` on the PATH.  The bots and the
person's choices are seeded, but bots answer within a time budget, so two runs may
differ in detail.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.bench_server import free_port, launch
from playwright.sync_api import Browser, Page, sync_playwright

import tabletop
from scripts.browser import FLAGS, LAPTOP, PHONE, chromium_path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Shot:
    """One screenshot: a table of ``game`` whose seat 0 is the person."""

    name: str
    game: str
    seats: list[dict[str, str]]
    moves: int
    options: dict[str, Any] = field(default_factory=dict)
    #: Verbs the person prefers (the board fills up faster than under random play).
    prefer: tuple[str, ...] = ()
    #: Scroll the page to this element before the shot (the board, by default).
    anchor: str = "#panel"
    phone: bool = False


BOT = {"kind": "bot", "name": "greedy"}
SHOTS = [
    Shot(
        "brian-boru",
        "brian-boru",
        [{"kind": "me"}, BOT, BOT],
        40,
        prefer=("expand", "lead", "play", "pick", "start", "place"),
    ),
    Shot(
        "terra-mystica",
        "terra-mystica",
        [{"kind": "me"}, BOT, BOT],
        30,
        options={"factions": "witches,halflings,engineers"},
        prefer=("build", "upgrade", "transform", "send", "setup"),
    ),
    Shot(
        "scythe",
        "scythe",
        [{"kind": "me"}, BOT, BOT],
        60,
        prefer=("move", "produce", "deploy", "build", "enlist", "upgrade", "section"),
    ),
    Shot(
        "scythe-automa",
        "scythe",
        [{"kind": "me"}, {"kind": "bot", "name": "automa:automa"}],
        25,
        prefer=("move", "produce", "deploy", "build", "enlist", "upgrade", "section", "automa"),
    ),
    Shot(
        "brian-boru-phone",
        "brian-boru",
        [{"kind": "me"}, BOT, BOT],
        12,
        prefer=("start", "pick", "lead", "play"),
        phone=True,
    ),
]


def call(page: Page, method: str, url: str, body: Any = None) -> Any:
    """The JSON API, from the page's browser (its cookies and CSRF token)."""
    token = page.locator('meta[name="csrf"]').get_attribute("content") or ""
    response = page.request.fetch(url, method=method, data=body, headers={"X-CSRF-Token": token})
    if not response.ok:
        raise SystemExit(f"{method} {url}: {response.status} {response.text()}")
    return response.json()


def play(page: Page, table: str, shot: Shot, rng: random.Random) -> None:
    """Make the person's moves (``shot.moves`` of them, or until the game ends)."""
    made = 0
    deadline = time.monotonic() + 600
    while made < shot.moves and time.monotonic() < deadline:
        state = call(page, "GET", f"/api/tables/{table}/state?seat=0")
        if state["over"]:
            return
        legal: list[str] = state["legal"]
        if not legal:
            time.sleep(0.2)  # the bots are thinking
            continue
        liked = [m for m in legal if m.split()[0] in shot.prefer]
        action = rng.choice(liked if liked and rng.random() < 0.85 else legal)
        body = {"seat": 0, "action": action, "seq": state["seq"]}
        token = page.locator('meta[name="csrf"]').get_attribute("content") or ""
        answer = page.request.post(
            f"/api/tables/{table}/moves", data=body, headers={"X-CSRF-Token": token}
        )
        made += answer.ok  # a refusal (a bot moved meanwhile) is tried again


def take(browser: Browser, page: Page, site: str, shot: Shot, out: Path, seed: int) -> Path:
    """Set the shot's table, play it, and save the page as the person sees it."""
    table = call(
        page,
        "POST",
        "/api/tables",
        {"game": shot.game, "seats": shot.seats, "options": shot.options},
    )["id"]
    call(page, "POST", f"/api/tables/{table}/start", {})
    play(page, table, shot, random.Random(seed))
    if shot.phone:  # the same person (cookies) on a phone
        context = browser.new_context(
            viewport=PHONE,
            base_url=site,
            storage_state=page.context.storage_state(),
            has_touch=True,
            is_mobile=True,
        )
        page = context.new_page()
    page.goto(f"/t/{table}")
    page.wait_for_function(
        "() => { const s = document.querySelector('#status');"
        " return s && s.dataset.seq === document.querySelector('#table').dataset.seq; }",
        timeout=60_000,
    )
    page.locator(shot.anchor).scroll_into_view_if_needed()
    path = out / f"{shot.name}.png"
    page.screenshot(path=str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", action="append", help="a shot's name (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    chromium = chromium_path()
    if chromium is None:
        raise SystemExit("no Chromium: install Debian's chromium or set TABLETOP_CHROMIUM")
    shots = [s for s in SHOTS if not args.only or s.name in args.only]
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        port = free_port()
        # The server runs this checkout's package, whatever is installed.
        source = str(Path(tabletop.__file__).resolve().parents[1])
        env = {"TABLETOP_BOT_SECONDS": "0.3", "PYTHONPATH": source}
        server = launch(f"sqlite:///{Path(work) / 'site.db'}", port, Path(work), env)
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=chromium, args=FLAGS)
                site = f"http://127.0.0.1:{port}"
                context = browser.new_context(viewport=LAPTOP, base_url=site)
                page = context.new_page()
                page.set_default_timeout(30_000)
                page.goto("/")
                form = page.locator('form[aria-label="sign up"]')
                form.get_by_label("Name").fill("ada")
                form.get_by_label("Password").fill("screenshot-password")
                form.get_by_role("button", name="Sign up").click()
                page.get_by_role("link", name="ada").wait_for()
                for shot in shots:
                    print(take(browser, page, site, shot, args.out, args.seed), file=sys.stderr)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
