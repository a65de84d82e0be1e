"""The research tests need the optional extra ``research`` (PettingZoo, Gymnasium, NumPy,
OpenSpiel): without it they skip with a message, except in CI, where they must run."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def require(module: str) -> ModuleType:
    """The module, or skip the test module (fail it in CI) when the extra is missing."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the research tests: install tabletop[research] ({module})")
        pytest.skip(
            f"{module} is missing: pip install tabletop[research] to run the research tests",
            allow_module_level=True,
        )
