"""Debian's Chromium as Playwright drives it, for the browser tests and the screenshots.

The browser is ``TABLETOP_CHROMIUM`` or ``chromium`` on the PATH (`.ci/chromium.sh`
installs it from Debian; Playwright's own browser download is not used).
"""

from __future__ import annotations

import os
import shutil

from playwright.sync_api import ViewportSize


def chromium_path() -> str | None:
    """The Chromium to drive, or None if this machine has none."""
    return os.environ.get("TABLETOP_CHROMIUM") or shutil.which("chromium")


#: What the probe of this machine found necessary for a headless Chromium as root on a
#: closed network.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
