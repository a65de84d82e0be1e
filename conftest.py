"""The doctests of ``tabletop.research`` need the optional extra ``research``: without it they
are not collected, except in CI, where they must run (tests/research/conftest.py)."""

import os

collect_ignore_glob: list[str] = []
try:
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
    import pyspiel  # noqa: F401
except ImportError:
    if not os.environ.get("CI"):
        collect_ignore_glob.append("src/tabletop/research/*")
