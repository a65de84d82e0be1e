"""Where the project's shared material lies: ``../shared`` beside the clone (the rulebooks,
the component data, the Snellman corpus).  A user's fresh clone has none of it, so the tests
that read it skip, naming the path; in CI it is present and they run."""

from __future__ import annotations

from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
#: The 48 finished Terra Mystica games from the Snellman site.
SNELLMAN = SHARED / "corpus" / "terra_mystica" / "snellman"
