"""The doctests of ``tabletop.research`` need the optional extra ``research``: without it they
are not collected, except in CI, where they must run (tests/research/conftest.py)."""

import importlib.util
import os

collect_ignore_glob: list[str] = []
if importlib.util.find_spec("pettingzoo") is None and not os.environ.get("CI"):
    collect_ignore_glob.append("src/tabletop/research/*")
