"""Snellman command notation: hand-written cases, property round trips and the real corpus."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine.errors import NotationError
from tabletop.games.terra_mystica.notation import (
    ACTIONS,
    ADJUSTABLE,
    FACTIONS,
    Action,
    Adjust,
    Advance,
    Bridge,
    Build,
    Building,
    Burn,
    Command,
    CommandKind,
    Connect,
    Convert,
    Cult,
    CultIncome,
    CultStep,
    Decline,
    Dig,
    Done,
    Favor,
    FinalScore,
    Income,
    Leech,
    LeechOutcome,
    OtherIncome,
    Pass,
    Resign,
    Resource,
    ScoreResources,
    Send,
    Setup,
    Terrain,
    Town,
    Track,
    Transform,
    Upgrade,
    Wait,
    is_land_hex,
    is_river_hex,
    parse_command,
    parse_input_line,
    parse_row_commands,
)
from tests.shared import SNELLMAN as CORPUS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("build E7", Build("E7")),
        ("Build i10", Build("I10")),
        ("upgrade F4 to TP", Upgrade("F4", Building.TRADING_POST)),
        ("Upgrade e7 to te", Upgrade("E7", Building.TEMPLE)),
        ("upgrade E7 to trading post", Upgrade("E7", Building.TRADING_POST)),
        ("upgrade E7 to Stronghold", Upgrade("E7", Building.STRONGHOLD)),
        ("upgrade H13 to SA", Upgrade("H13", Building.SANCTUARY)),
        ("transform E6 to yellow", Transform("E6", Terrain.YELLOW)),
        ("Transform f6 to Gray", Transform("F6", Terrain.GRAY)),
        ("transform F6 to grey", Transform("F6", Terrain.GRAY)),
        ("transform g5", Transform("G5")),
        ("dig 2", Dig(2)),
        ("Bridge f4:g3", Bridge("F4", "G3")),
        ("connect r16", Connect(("r16",))),
        ("connect R0", Connect(("r0",))),
        ("connect A1:B2:C3", Connect(("A1", "B2", "C3"))),
        ("action ACT6", Action("ACT6")),
        ("Action actw", Action("ACTW")),
        ("action bon1", Action("BON1")),
        ("action FAV6", Action("FAV6")),
        ("action ACTC", Action("ACTC")),
        ("send p to FIRE", Send(Cult.FIRE)),
        ("Send p to water for 1", Send(Cult.WATER, 1)),
        ("SEND P TO EARTH", Send(Cult.EARTH)),
        ("send priest to air", Send(Cult.AIR)),
        ("advance ship", Advance(Track.SHIP)),
        ("Advance shipping", Advance(Track.SHIP)),
        ("advance digging", Advance(Track.DIG)),
        ("burn 5", Burn(5)),
        ("convert 3PW to 3C", Convert(3, Resource.POWER, 3, Resource.COIN)),
        ("Convert pw to c", Convert(1, Resource.POWER, 1, Resource.COIN)),
        ("convert 3pw to w", Convert(3, Resource.POWER, 1, Resource.WORKER)),
        ("CONVERT 1P TO 1W", Convert(1, Resource.PRIEST, 1, Resource.WORKER)),
        ("convert 3W to 3P", Convert(3, Resource.WORKER, 3, Resource.PRIEST)),
        ("convert 1VP to 1C", Convert(1, Resource.VP, 1, Resource.COIN)),
        ("convert 5 power to 1 priest", Convert(5, Resource.POWER, 1, Resource.PRIEST)),
        ("pass BON7", Pass(7)),
        ("Pass bon10", Pass(10)),
        ("pass", Pass()),
        ("Leech 2 from witches", Leech(2, "witches")),
        ("leech 1", Leech(1)),
        ("Decline 3 from cultists", Decline(3, "cultists")),
        ("decline", Decline()),
        ("+FAV11", Favor(11)),
        ("+fav5", Favor(5)),
        ("+TW5", Town(5)),
        ("+2TW5", Town(5, 2)),
        ("+tw8", Town(8)),
        ("+FIRE", CultStep(Cult.FIRE, 1)),
        ("+2air", CultStep(Cult.AIR, 2)),
        ("-WATER", CultStep(Cult.WATER, -1)),
        ("+3vp", Adjust("VP", 3)),
        ("-SPADE", Adjust("SPADE", -1)),
        ("wait", Wait()),
        ("Done", Done()),
        ("resign", Resign()),
        ("setup", Setup()),
        ("setup Chaosmagicians", Setup("chaosmagicians")),
        ("cult_income_for_faction", CultIncome()),
        ("other_income_for_faction", OtherIncome()),
        ("income_for_faction", Income()),
        ("score_resources", ScoreResources()),
        ("+8vp for FIRE", FinalScore(8, "FIRE")),
        ("+18vp for network", FinalScore(18, "network")),
        ("[opponent accepted power]", LeechOutcome(accepted=True)),
        ("[all opponents declined power]", LeechOutcome(accepted=False)),
        ("  build   E7 ", Build("E7")),
    ],
)
def test_parse(text: str, expected: Command) -> None:
    command = parse_command(text)
    assert command == expected
    assert parse_command(command.to_text()) == command


@pytest.mark.parametrize(
    ("command", "text"),
    [
        (Build("E7"), "build E7"),
        (Upgrade("E7", Building.SANCTUARY), "upgrade E7 to SA"),
        (Transform("E6", Terrain.GRAY), "transform E6 to gray"),
        (Transform("E6"), "transform E6"),
        (Bridge("F4", "G3"), "bridge F4:G3"),
        (Connect(("r16",)), "connect r16"),
        (Send(Cult.WATER, 1), "send p to WATER for 1"),
        (Convert(1, Resource.POWER, 1, Resource.COIN), "convert 1PW to 1C"),
        (Pass(), "pass"),
        (Pass(3), "pass BON3"),
        (Leech(2, "witches"), "leech 2 from witches"),
        (Decline(3, "cultists"), "decline 3 from cultists"),
        (Decline(), "decline"),
        (Town(5, 2), "+2TW5"),
        (CultStep(Cult.WATER, -1), "-WATER"),
        (CultStep(Cult.AIR, 2), "+2AIR"),
        (Adjust("VP", 3), "+3VP"),
        (FinalScore(4, "AIR"), "+4vp for AIR"),
    ],
)
def test_emit(command: Command, text: str) -> None:
    assert command.to_text() == text
    assert str(command) == text


def test_generated_flags() -> None:
    generated = {CultIncome(), OtherIncome(), Income(), ScoreResources(), FinalScore(1, "FIRE")}
    assert all(command.generated for command in generated)
    assert LeechOutcome(accepted=True).generated
    assert not any(command.generated for command in (Build("E7"), Pass(), Leech(1), Setup()))


def test_row_commands() -> None:
    assert parse_row_commands("burn 3. action ACT1. Bridge F4:G3") == [
        Burn(3),
        Action("ACT1"),
        Bridge("F4", "G3"),
    ]
    assert parse_row_commands("upgrade E6 to SA. +FAV5. +2TW5. +TW8") == [
        Upgrade("E6", Building.SANCTUARY),
        Favor(5),
        Town(5, 2),
        Town(8),
    ]
    assert parse_row_commands("") == []
    assert parse_row_commands("  ") == []
    assert parse_row_commands("wait. . pass.") == [Wait(), Pass()]
    assert parse_row_commands("transform D4 to yellow. other_income_for_faction") == [
        Transform("D4", Terrain.YELLOW),
        OtherIncome(),
    ]


def test_input_line() -> None:
    assert parse_input_line("Witches: burn 3. action ACT1") == (
        "witches",
        [Burn(3), Action("ACT1")],
    )
    assert parse_input_line("bridge F4:G3") == (None, [Bridge("F4", "G3")])
    with pytest.raises(NotationError, match="'wizards'"):
        parse_input_line("wizards: build E7")


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("fly E7", "fly"),
        ("build Z7", "Z7"),
        ("build E14", "E14"),
        ("build E7 now", "now"),
        ("build r3", "r3"),
        ("upgrade E7 to XX", "XX"),
        ("upgrade E7 into TP", "into"),
        ("transform E6 to purple", "purple"),
        ("dig two", "two"),
        ("dig 0", "0"),
        ("bridge F4", "F4"),
        ("bridge F4:Q3", "Q3"),
        ("connect r99", "r99"),
        ("action ACT7", "ACT7"),
        ("action BON3", "BON3"),
        ("send q to FIRE", "q"),
        ("send p to SPACE", "SPACE"),
        ("send p to FIRE for x", "x"),
        ("advance boat", "boat"),
        ("burn -1", "-1"),
        ("convert 3XY to 1C", "3XY"),
        ("convert 3PW for 1C", "for"),
        ("convert -1PW to 1C", "-1PW"),
        ("pass BON11", "BON11"),
        ("pass FAV3", "FAV3"),
        ("leech 2 from wizards", "wizards"),
        ("leech 2 of witches", "of"),
        ("decline x", "x"),
        ("+FAV13", "+FAV13"),
        ("+FAV", "+FAV"),
        ("-FAV5", "-FAV5"),
        ("+2FAV5", "+2FAV5"),
        ("+TW9", "+TW9"),
        ("+MAGIC", "+MAGIC"),
        ("+0FIRE", "+0FIRE"),
        ("+8vp for MOON", "MOON"),
        ("[opponent maybe accepted]", "[opponent maybe accepted]"),
        ("wait now", "now"),
    ],
)
def test_bad_notation_names_the_token(text: str, token: str) -> None:
    with pytest.raises(NotationError, match=re.escape(repr(token))):
        parse_command(text)


def test_errors_name_the_line() -> None:
    with pytest.raises(NotationError, match=r"^line 12: .*'Q9'"):
        parse_row_commands("burn 1. build Q9", line=12)
    with pytest.raises(NotationError, match="empty command"):
        parse_command("  ")


def test_hex_helpers() -> None:
    assert is_land_hex("a1") and is_land_hex("I13") and not is_land_hex("J1")
    assert is_river_hex("r0") and is_river_hex("R35") and not is_river_hex("r36")


# ---------------------------------------------------------------------------------------------
# Property: every command of the model survives emit -> parse.

_LAND = st.builds(lambda row, col: f"{row}{col}", st.sampled_from("ABCDEFGHI"), st.integers(1, 13))
_RIVER = st.integers(0, 35).map(lambda n: f"r{n}")
_FACTION = st.sampled_from(sorted(FACTIONS))
_AMOUNT = st.integers(1, 99)
_SIGNED = st.integers(-9, 9).filter(bool)

COMMANDS = st.one_of(
    st.builds(Build, _LAND),
    st.builds(Upgrade, _LAND, st.sampled_from(Building)),
    st.builds(Transform, _LAND, st.none() | st.sampled_from(Terrain)),
    st.builds(Dig, _AMOUNT),
    st.builds(Bridge, _LAND, _LAND),
    st.builds(Connect, st.tuples(_RIVER) | st.lists(_LAND, min_size=2, max_size=3).map(tuple)),
    st.builds(Action, st.sampled_from(sorted(ACTIONS))),
    st.builds(Send, st.sampled_from(Cult), st.none() | _AMOUNT),
    st.builds(Advance, st.sampled_from(Track)),
    st.builds(Burn, _AMOUNT),
    st.builds(Convert, _AMOUNT, st.sampled_from(Resource), _AMOUNT, st.sampled_from(Resource)),
    st.builds(Pass, st.none() | st.integers(1, 10)),
    st.builds(Leech, st.integers(0, 99), st.none() | _FACTION),
    st.builds(Decline, st.none() | st.integers(0, 99), st.none() | _FACTION),
    st.builds(Favor, st.integers(1, 12)),
    st.builds(Town, st.integers(1, 8), st.integers(1, 3)),
    st.builds(CultStep, st.sampled_from(Cult), _SIGNED),
    st.builds(Adjust, st.sampled_from(ADJUSTABLE), _SIGNED),
    st.builds(Setup, st.none() | _FACTION),
    st.builds(FinalScore, _AMOUNT, st.sampled_from(["FIRE", "WATER", "EARTH", "AIR", "network"])),
    st.builds(LeechOutcome, st.booleans()),
    st.sampled_from([Wait(), Done(), Resign(), CultIncome(), OtherIncome(), Income()]),
    st.just(ScoreResources()),
)


@given(COMMANDS)
def test_round_trip(command: Command) -> None:
    assert parse_command(command.to_text()) == command
    assert parse_command(command.to_text().upper()) == command
    assert parse_command(command.to_text().lower()) == command


@given(st.lists(COMMANDS, max_size=6))
def test_row_round_trip(commands: list[Command]) -> None:
    row = ". ".join(command.to_text() for command in commands)
    assert parse_row_commands(row) == commands


# ---------------------------------------------------------------------------------------------
# The real corpus: every command column parses and round-trips.


def _command_columns() -> list[tuple[str, int, str]]:
    if not CORPUS.is_dir():
        pytest.skip(f"Snellman corpus not found at {CORPUS} (shared data absent)")
    columns = []
    for path in sorted(CORPUS.glob("*.txt")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            fields = line.split("\t")
            if len(fields) == 15:
                columns.append((path.name, number, fields[14]))
    return columns


def test_corpus_commands_parse_and_round_trip() -> None:
    columns = _command_columns()
    kinds: Counter[CommandKind] = Counter()
    for name, number, text in columns:
        try:
            commands = parse_row_commands(text, line=number)
        except NotationError as error:  # pragma: no cover - reported as a failure
            pytest.fail(f"{name}: {error}")
        for command in commands:
            kinds[command.kind] += 1
            assert parse_command(command.to_text()) == command, (name, number, command)
        assert parse_row_commands(". ".join(c.to_text() for c in commands)) == commands
    assert len(columns) > 15000
    # every part of the vocabulary the corpus is known to use is seen
    expected = set(CommandKind) - {
        CommandKind.ADJUST,
        CommandKind.DONE,
        CommandKind.RESIGN,
        CommandKind.INCOME,
    }
    assert set(kinds) == expected
