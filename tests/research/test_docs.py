"""Every Python example of docs/research.md runs as it is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.research.conftest import require

require("pettingzoo")
require("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)


def test_the_guide_has_examples() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_example_runs(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(EXAMPLES[number], f"{DOC.name} example {number + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()
