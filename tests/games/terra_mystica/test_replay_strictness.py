"""The ledger replay is as strict, and as lenient, as the Snellman site: rows of a real game
changed one at a time are refused (naming the row and the rule) or accepted exactly where the
site's engine refuses or accepts them (each case was checked against it; see
src/tabletop/games/terra_mystica/ledger_turns.py)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tabletop.games.terra_mystica.ledger import RowKind, parse_ledger
from tabletop.games.terra_mystica.replay import replay
from tests.shared import SNELLMAN as CORPUS

GAME = "4pLeague_S65_D1L1_G4"

Match = Callable[[str], bool]
Change = Callable[[str], str]


def _game() -> list[str]:
    path = CORPUS / f"{GAME}.txt"
    if not path.is_file():
        pytest.skip(f"Snellman corpus not found at {CORPUS} (shared data absent)")
    return path.read_text(encoding="utf-8").splitlines()


def _changed(match: Match, change: Change) -> tuple[int, str]:
    """The game with the command column of the first row that ``match``es changed; returns
    the row's line number and the ledger's text."""
    lines = _game()
    for index, line in enumerate(lines):
        fields = line.split("\t")
        if len(fields) > 2 and match(fields[-1]):
            fields[-1] = change(fields[-1])
            lines[index] = "\t".join(fields)
            return index + 1, "\n".join(lines) + "\n"
    raise AssertionError("no such row")


def _dig_build(command: str) -> bool:
    return re.fullmatch(r"dig 1\. build \w+", command) is not None


def _upgrade(command: str) -> bool:
    return re.fullmatch(r"upgrade \w+ to TP", command) is not None


def _leech(command: str) -> bool:
    return command.startswith("Leech 1 from")


REFUSED = [
    ("build with no dig", _dig_build, lambda c: c.split(". ", 1)[1], "dig 1 first"),
    ("a spade too many", _dig_build, lambda c: c.replace("dig 1", "dig 2"), "other spade"),
    (
        "dug spades thrown away",
        _dig_build,
        lambda c: "dig 2. -SPADE. " + c.split(". ", 1)[1],
        "spades bought with 'dig' must all be used",
    ),
    ("burning out of turn", _leech, lambda c: "burn 1. " + c, "not their turn"),
    ("converting out of turn", _leech, lambda c: c + ". convert 1PW to 1C", "not their turn"),
    ("taking more than offered", _leech, lambda c: c.replace("Leech 1", "Leech 3"), "offer of 3"),
    ("two actions in one row", _upgrade, lambda c: c + ". advance ship", "one action a turn"),
    ("done before the action", _upgrade, lambda c: "done. " + c, "must take an action"),
    ("gaining resources", _upgrade, lambda c: c + ". +2C", "not an action"),
]

ACCEPTED = [
    ("burn 0", _upgrade, lambda c: "burn 0. " + c),
    (
        "convert 0PW to 0C (1 to 1)",
        lambda c: c.startswith("convert 1PW to 1C. "),
        lambda c: c.replace("convert 1PW to 1C", "convert 0PW to 0C", 1),
    ),
    ("coins given back", _upgrade, lambda c: c + ". -2C"),
    ("VP given back", _upgrade, lambda c: c + ". -3VP"),
]


@pytest.mark.parametrize(
    ("match", "change", "reason"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_rows_the_site_refuses_are_refused(match: Match, change: Change, reason: str) -> None:
    line, text = _changed(match, change)
    result = replay(parse_ledger(text, name=GAME))
    assert result.divergence is not None
    assert result.divergence.line == line
    assert result.divergence.reason.startswith("error:")
    assert reason in result.divergence.reason


@pytest.mark.parametrize(
    ("match", "change"), [c[1:] for c in ACCEPTED], ids=[c[0] for c in ACCEPTED]
)
def test_rows_the_site_accepts_are_accepted(match: Match, change: Change) -> None:
    line, text = _changed(match, change)
    result = replay(parse_ledger(text, name=GAME))
    # accepted: the game goes on (its state may then differ from the ledger's)
    if result.divergence is not None:
        assert result.divergence.reason == "state"
        assert result.divergence.line >= line


def test_giving_back_a_cult_step_only_while_staying_at_seven() -> None:
    lines = _game()
    # a faction at 8 or more on a track: find its first row there and give one step back
    ledger = parse_ledger("\n".join(lines) + "\n", name=GAME)
    for row in ledger.faction_rows():
        if row.state is None or not row.player_commands or row.kind is not RowKind.PLAYER:
            continue
        cults = row.state.cults
        high = [k for k, level in enumerate(cults) if 8 <= level < 10]
        low = [k for k, level in enumerate(cults) if 1 <= level < 7]
        if high and low:
            break
    else:
        pytest.skip("no row with a cult track at 8 or 9")
    names = ("FIRE", "WATER", "EARTH", "AIR")
    for track, accepted in ((high[0], True), (low[0], False)):
        fields = lines[row.line - 1].split("\t")
        fields[-1] = f"{fields[-1]}. -{names[track]}"
        text = "\n".join([*lines[: row.line - 1], "\t".join(fields), *lines[row.line :]]) + "\n"
        result = replay(parse_ledger(text, name=GAME))
        assert result.divergence is not None and result.divergence.line == row.line
        if accepted:
            assert result.divergence.reason == "state"
        else:
            assert "given back" in result.divergence.reason
