"""Snellman ledger import: the 48 real games of the shared corpus and hand-written snippets."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from tabletop.engine.errors import NotationError
from tabletop.games.terra_mystica.ledger import (
    Deltas,
    FactionState,
    Ledger,
    RowKind,
    load_ledger,
    parse_ledger,
)
from tabletop.games.terra_mystica.notation import (
    Build,
    CommandKind,
    Cult,
    CultStep,
    Leech,
    OtherIncome,
    Pass,
    Setup,
    Terrain,
    Transform,
)
from tests.shared import SNELLMAN as CORPUS


@pytest.fixture(scope="module")
def manifest() -> dict[str, dict[str, Any]]:
    if not CORPUS.is_dir():
        pytest.skip(f"Snellman corpus not found at {CORPUS} (shared data absent)")
    data = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))
    return {game["game_id"]: game for game in data["games"]}


@pytest.fixture(scope="module")
def ledgers(manifest: dict[str, dict[str, Any]]) -> dict[str, Ledger]:
    return {path.stem: load_ledger(path) for path in sorted(CORPUS.glob("*.txt"))}


def test_every_game_is_loaded(ledgers: dict[str, Ledger], manifest: dict[str, Any]) -> None:
    assert len(ledgers) == 48
    assert set(ledgers) == set(manifest)


def test_final_vp_matches_manifest(ledgers: dict[str, Ledger], manifest: dict[str, Any]) -> None:
    for name, ledger in ledgers.items():
        assert ledger.final_vp() == manifest[name]["factions_final_vp"], name


def test_options_and_dropouts_match_manifest(
    ledgers: dict[str, Ledger], manifest: dict[str, Any]
) -> None:
    for name, ledger in ledgers.items():
        assert list(ledger.options) == manifest[name]["options"], name
        assert sorted(ledger.dropped) == sorted(manifest[name]["dropped"]), name


def test_header(ledgers: dict[str, Ledger]) -> None:
    for name, ledger in ledgers.items():
        assert sorted(ledger.round_scoring) == [1, 2, 3, 4, 5, 6], name
        assert all(tile.startswith("SCORE") for tile in ledger.round_scoring.values()), name
        assert len(set(ledger.round_scoring.values())) == 6, name
        assert len(ledger.removed_bonus_tiles) == 3, name  # 10 tiles, players + 3 stay
        assert [player.index for player in ledger.players] == [1, 2, 3, 4], name
        assert len(ledger.factions) == len(set(ledger.factions)) == 4, name
        assert set(ledger.final_vp()) == set(ledger.factions), name


def test_rows_are_classified(ledgers: dict[str, Ledger]) -> None:
    kinds: Counter[RowKind] = Counter()
    for name, ledger in ledgers.items():
        for row in ledger.rows:
            kinds[row.kind] += 1
            if row.is_marker:
                assert row.state is None and not row.commands, (name, row.line)
                continue
            assert row.state is not None and row.deltas is not None, (name, row.line)
            generated = [command for command in row.commands if command.generated]
            if row.kind in (RowKind.PLAYER, RowKind.SETUP):
                assert not generated and row.commands, (name, row.line)
            else:
                assert row.is_generated, (name, row.line)
                # only income rows may carry player commands (spades from cult income)
                if row.player_commands:
                    assert row.kind is RowKind.INCOME, (name, row.line)
                    assert {c.kind for c in row.player_commands} == {CommandKind.TRANSFORM}
            if row.kind is RowKind.SETUP:
                assert row.round == 0 and row.commands == (Setup(),), (name, row.line)
            if row.kind is RowKind.CULT_INCOME:
                assert 2 <= row.round <= 6, (name, row.line)
            if row.kind is RowKind.FINAL_SCORING:
                assert row.round == 6, (name, row.line)
            if row.kind is RowKind.PLAYER and row.round > 0 and row.turn is None:
                # typed during the income phase: spades from the cult bonus of the round tile
                assert {c.kind for c in row.commands} == {CommandKind.TRANSFORM}, (name, row.line)
    assert kinds[RowKind.SETUP] == 4 * 48
    assert kinds[RowKind.DROPOUT] == 6
    assert kinds[RowKind.RESOURCES_PHASE] == 48


def test_deltas_agree_with_states(ledgers: dict[str, Ledger]) -> None:
    """Each delta column is the change of its state column since the faction's previous row
    (power: bowl II + 2 * bowl III). Only the cult column differs per row, for the Cultists: the
    site books the step on ``[opponent accepted power]`` while the track moves on the later
    ``+CULT`` row; over a whole game the two agree."""
    for name, ledger in ledgers.items():
        previous: dict[str, FactionState] = {}
        cult_total: Counter[str] = Counter()
        first: dict[str, FactionState] = {}
        for row in ledger.faction_rows():
            assert row.faction is not None and row.state is not None and row.deltas is not None
            state, deltas = row.state, row.deltas
            cult_total[row.faction] += deltas.cult
            before = previous.get(row.faction)
            previous[row.faction] = state
            if before is None:
                first[row.faction] = state
                continue
            where = (name, row.line)
            assert state.vp - before.vp == deltas.vp, where
            assert state.coins - before.coins == deltas.coins, where
            assert state.workers - before.workers == deltas.workers, where
            assert state.priests - before.priests == deltas.priests, where
            value_now = state.power[1] + 2 * state.power[2]
            value_before = before.power[1] + 2 * before.power[2]
            assert value_now - value_before == deltas.power, where
        for faction, state in previous.items():
            assert sum(state.cults) - sum(first[faction].cults) == cult_total[faction], name


# ---------------------------------------------------------------------------------------------
# Hand-written snippets

SNIPPET = "\n".join(
    [
        " Default game options",
        "option strict-leech",
        "option mini-expansion-1\tshow history",
        "Round 1 scoring: SCORE6, TP >> 3",
        "Removing tile BON1",
        "Player 1: Alice",
        "Player 2: Bob",
        "witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tsetup",
        "cultists\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t1/0/1/0\t\tsetup",
        "witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tbuild F4",
        "witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tPass BON4",
        "Round 1 income",
        "witches\t\t20 VP\t+3\t18 C\t+3\t6 W\t\t0 P\t+3\t2/10/0 PW\t\t0/0/0/2\t\t"
        "transform D4 to yellow. other_income_for_faction",
        "Round 1, turn 1\tshow history",
        "cultists\t-1\t19 VP\t\t15 C\t\t3 W\t\t0 P\t+2\t3/9/0 PW\t+1\t1/0/1/1\t2 1 \t"
        "+AIR. Leech 2 from witches",
        "cultists dropped from the game",
        "Scoring FIRE cult",
        "cultists\t+4\t23 VP\t\t15 C\t\t3 W\t\t0 P\t\t3/9/0 PW\t\t1/0/1/1\t\t",
    ]
)


def test_snippet() -> None:
    ledger = parse_ledger(SNIPPET, name="snippet")
    assert ledger.name == "snippet"
    assert ledger.options == ("strict-leech", "mini-expansion-1")
    assert ledger.round_scoring == {1: "SCORE6"}
    assert ledger.scoring[0].description == "TP >> 3"
    assert ledger.removed_bonus_tiles == ("BON1",)
    assert [(p.index, p.name) for p in ledger.players] == [(1, "Alice"), (2, "Bob")]
    assert ledger.factions == ("witches", "cultists")
    assert ledger.dropped == ("cultists",)
    kinds = [row.kind for row in ledger.rows]
    assert kinds == [
        RowKind.SETUP,
        RowKind.SETUP,
        RowKind.PLAYER,
        RowKind.PLAYER,
        RowKind.INCOME_PHASE,
        RowKind.INCOME,
        RowKind.TURN,
        RowKind.PLAYER,
        RowKind.DROPOUT,
        RowKind.SCORING_PHASE,
        RowKind.FINAL_SCORING,  # a dropped faction's row has no command
    ]
    build, bonus, income, leech = ledger.rows[2], ledger.rows[3], ledger.rows[5], ledger.rows[7]
    assert build.commands == (Build("F4"),) and build.round == 0 and build.turn is None
    assert bonus.commands == (Pass(4),)
    assert income.commands == (Transform("D4", Terrain.YELLOW), OtherIncome())
    assert income.player_commands == (Transform("D4", Terrain.YELLOW),)
    assert income.is_generated and income.round == 1
    assert income.state == FactionState(20, 18, 6, 0, (2, 10, 0), (0, 0, 0, 2))
    assert income.deltas == Deltas(coins=3, workers=3, power=3)
    assert leech.line == 15 and leech.round == 1 and leech.turn == 1
    assert leech.leech == (2, 1)
    assert leech.deltas == Deltas(vp=-1, power=2, cult=1)
    assert leech.commands == (CultStep(Cult.AIR), Leech(2, "witches"))
    assert leech.text == "+AIR. Leech 2 from witches"
    assert ledger.final_vp() == {"witches": 20, "cultists": 23}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tbuild Q4", "'Q4'"),
        ("witches\t\t20 XP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tsetup", "'20 XP'"),
        ("witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7 PW\t\t0/0/0/2\t\tsetup", "'5/7 PW'"),
        ("witches\t++\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tsetup", "'++'"),
        ("witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\tx\tsetup", "'x'"),
        ("wizards\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tsetup", "'wizards'"),
        ("witches\t\t20 VP\t\t15 C\tsetup", "tab-separated fields"),
        ("Round 1, turn 1\t\t\t\t\t\t\t\t\t\t\t\t\t\tpass", "'Round 1, turn 1'"),
        ("Something odd happened", "'Something odd happened'"),
        ("witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\t", "'witches'"),
    ],
)
def test_bad_ledger_lines(line: str, message: str) -> None:
    text = "option strict-leech\nPlayer 1: Alice\n" + line
    with pytest.raises(NotationError, match=r"^line 3: .*" + message.replace("+", r"\+")):
        parse_ledger(text)
