"""Replaying the 48 real Snellman games through the engine contract (turn order and legal
moves enforced), see :mod:`tabletop.games.terra_mystica.contract_replay`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.engine import RecordError
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.contract_replay import (
    ContractReplayResult,
    contract_options,
    replay_through_contract,
    summary,
)
from tabletop.games.terra_mystica.contract_replay import _candidates as candidates
from tabletop.games.terra_mystica.contract_replay import _split as split
from tabletop.games.terra_mystica.export import export_ledger
from tabletop.games.terra_mystica.ledger import load_ledger, parse_ledger
from tabletop.games.terra_mystica.replay import replay
from tests.shared import SNELLMAN as CORPUS

#: Why the contract still refuses two real games (docs/rulings.md, platform games 15): the
#: site let the next player start a turn (burn) before answering a power offer (S69 G7 line
#: 376, "Burn 2. Leech 6 from nomads"), and let the Alchemists buy a build's spades in two
#: steps, converting the power their stronghold gives for the first spades to pay for the
#: last (S68 G4 line 206, "dig 2. convert 3PW to 1W. dig 1. ... build F1"); the platform
#: answers offers between turns and buys a build's spades at once.
SITE_LENIENCY = frozenset({"convert refused", "burn refused"})


def _paths() -> list[Path]:
    if not CORPUS.is_dir():
        pytest.skip(f"Snellman corpus not found at {CORPUS} (shared data absent)")
    return sorted(CORPUS.glob("*.txt"))


@pytest.fixture(scope="module")
def strict() -> list[ContractReplayResult]:
    return [replay_through_contract(load_ledger(path)) for path in _paths()]


@pytest.fixture(scope="module")
def tolerant() -> list[ContractReplayResult]:
    return [replay_through_contract(load_ledger(path), tolerate=True) for path in _paths()]


def test_games_agreeing(strict: list[ContractReplayResult]) -> None:
    assert len(strict) == 48
    agreeing = sum(1 for r in strict if r.ok)
    # a floor: raise it as the contract's rules gaps are closed (goal: all 48)
    assert agreeing >= FLOOR_GAMES, summary(strict)


def test_refused_games_are_refused_for_site_leniency(strict: list[ContractReplayResult]) -> None:
    first = {r.name: r.mismatch.category for r in strict if r.mismatch is not None}
    unknown = {name: c for name, c in first.items() if c not in SITE_LENIENCY}
    assert not unknown, summary(strict)


def test_agreeing_games_reach_manifest_final_vp(strict: list[ContractReplayResult]) -> None:
    manifest = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))
    expected = {game["game_id"]: game["factions_final_vp"] for game in manifest["games"]}
    assert {r.name for r in strict} == set(expected)
    for result in strict:
        if result.ok:
            assert result.final_vp == expected[result.name], result.name


#: Games round-tripped ledger -> platform record -> exported ledger -> replay (the games the
#: contract plays, drop-outs written as the seat resigning; the Snellman site itself accepts
#: every one of them with the same final VP, see benchmarks/RESULTS.md).
FLOOR_ROUND_TRIPS = 48


def test_corpus_round_trips_to_the_manifest_final_vp(strict: list[ContractReplayResult]) -> None:
    manifest = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))
    expected = {game["game_id"]: game["factions_final_vp"] for game in manifest["games"]}
    trips = 0
    for result in strict:
        if not result.ok:
            with pytest.raises(RecordError):
                result.record([])
            continue
        ledger = load_ledger(CORPUS / f"{result.name}.txt")
        record = result.record([player.name for player in ledger.players])
        exported = parse_ledger(export_ledger(record), name=result.name)
        replayed = replay(exported)
        assert replayed.ok, replayed.divergence.describe() if replayed.divergence else ""
        assert replayed.final_vp == expected[result.name]
        assert exported.final_vp() == expected[result.name]
        trips += 1
        dropped = {row.faction for row in ledger.rows if row.kind.value == "dropout"}
        assert sum(1 for _, text in record.actions if text == "resign") == len(dropped)
    assert trips >= FLOOR_ROUND_TRIPS


def test_tolerant_replay_reaches_final_vp(tolerant: list[ContractReplayResult]) -> None:
    """Executing the refused commands with the rules core and going on."""
    assert sum(1 for r in tolerant if r.vp_agree) >= FLOOR_TOLERANT_VP, summary(tolerant)


def test_refusals_do_not_grow(tolerant: list[ContractReplayResult]) -> None:
    assert sum(len(r.mismatches) for r in tolerant) <= CEILING_REFUSALS, summary(tolerant)


def test_options_follow_the_ledger() -> None:
    ledger = load_ledger(_paths()[0])
    options = contract_options(ledger)
    assert options["factions"] == ",".join(ledger.factions)
    bonus = str(options["bonus-tiles"]).split(",")
    assert len(bonus) == len(ledger.factions) + 3
    assert not set(bonus) & set(ledger.removed_bonus_tiles)
    assert options["strict-leech"] is True and "email-notify" not in options


def test_translations() -> None:
    pw_to_c = N.Convert(1, N.Resource.POWER, 1, N.Resource.COIN)
    assert split(N.Convert(3, N.Resource.POWER, 3, N.Resource.COIN)) == [pw_to_c] * 3
    darklings = N.Convert(3, N.Resource.WORKER, 3, N.Resource.PRIEST)
    assert split(darklings) == [darklings]
    assert split(N.Convert(1, N.Resource.PRIEST, 1, N.Resource.COIN)) == [
        N.Convert(1, N.Resource.PRIEST, 1, N.Resource.WORKER),
        N.Convert(1, N.Resource.WORKER, 1, N.Resource.COIN),
    ]
    assert split(N.Town(5, 2)) == [N.Town(5), N.Town(5)]
    assert split(N.Dig(2)) == [N.Dig(2)]  # skipped where the contract does not offer it
    assert candidates(N.Send(N.Cult.FIRE), "witches") == [
        N.Send(N.Cult.FIRE, 3),
        N.Send(N.Cult.FIRE, 2),
        N.Send(N.Cult.FIRE, 1),
    ]
    assert candidates(N.Transform("E6"), "nomads") == [N.Transform("E6", N.Terrain.YELLOW)]
    assert candidates(N.Bridge("F4", "G3"), "witches")[1] == N.Bridge("G3", "F4")


FLOOR_GAMES = 45  # the other 4: SITE_LENIENCY
FLOOR_TOLERANT_VP = 44
CEILING_REFUSALS = 8
