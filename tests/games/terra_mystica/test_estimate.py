"""The bots' projection of the final VP (:mod:`tabletop.games.terra_mystica.estimate`): it
prefers what scores in Terra Mystica, and it agrees with the rules where it can be exact."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tabletop.bots import derive_seed, make_bot
from tabletop.engine import Action
from tabletop.engine import new_game as new_platform_game
from tabletop.games.terra_mystica import estimate as E
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.actions import execute
from tabletop.games.terra_mystica.data.board import (
    HEX_BIT,
    LAND_HEXES,
    LAND_NEIGHBOURS,
    hex_distance,
)
from tabletop.games.terra_mystica.data.factions import FACTIONS
from tabletop.games.terra_mystica.game import IDLE_STEP, IDLE_VP, TerraMysticaState
from tabletop.games.terra_mystica.scoring import network_size
from tabletop.games.terra_mystica.setup import new_game
from tabletop.games.terra_mystica.state import HEX_INDEX, OVER, TE, TP, D, TMState

SCORING = ["SCORE8", "SCORE2", "SCORE1", "SCORE3", "SCORE5", "SCORE4"]


def _game() -> TMState:
    """Round 1 of a 4-player game: the halflings (seat 0) have dwellings on F7 and F5."""
    state = new_game(
        ["halflings", "darklings", "dwarves", "mermaids"], [], SCORING, ["BON6", "BON8", "BON7"]
    )
    rows = [
        (0, "build F7"), (1, "build G5"), (2, "build F6"), (3, "build G6"),
        (3, "build D5"), (2, "build E7"), (1, "build H5"), (0, "build F5"),
        (3, "pass BON1"), (2, "pass BON5"), (1, "pass BON2"), (0, "pass BON3"),
    ]  # fmt: skip
    for seat, text in rows:
        for command in N.parse_row_commands(text):
            execute(state, seat, command)
    return state


def _place(state: TMState, seat: int, hex_id: str, code: int) -> None:
    index = HEX_INDEX[hex_id]
    state.owner[index] = seat
    state.building[index] = code


def _free(state: TMState) -> list[str]:
    return [h for h in LAND_HEXES if state.owner[HEX_INDEX[h]] < 0]


def _isolated(state: TMState, seat: int, far_from: int = 4) -> list[str]:
    """Free hexes far from every building (no neighbour, out of any shipping reach)."""
    built = [h for h in LAND_HEXES if state.owner[HEX_INDEX[h]] >= 0]
    return [h for h in _free(state) if all(hex_distance(h, b) >= far_from for b in built)]


def _value(state: TMState, seat: int = 0) -> float:
    return E.estimate(state, seat)


def test_a_connected_dwelling_is_worth_more_than_an_isolated_one() -> None:
    base = _game()
    near = sorted(h for h in LAND_NEIGHBOURS["F7"] if base.owner[HEX_INDEX[h]] < 0)[0]
    far = _isolated(base, 0)[0]
    connected, alone = base.copy(), base.copy()
    _place(connected, 0, near, D)
    _place(alone, 0, far, D)
    assert network_size(connected, 0) > network_size(alone, 0)
    assert _value(connected) > _value(alone) > _value(base)


def test_progress_towards_a_town_is_valued() -> None:
    """Four connected dwellings and one apart; the same trading house is worth more in
    the group (power 5 of the 7 a town needs) than on the lone dwelling: same buildings,
    same income, same network, only the town is nearer."""
    base = _game()
    group = ["F7"]
    while len(group) < 4:
        group.append(
            next(
                h
                for g in group
                for h in sorted(LAND_NEIGHBOURS[g])
                if base.owner[HEX_INDEX[h]] < 0 and h not in group
            )
        )
    for h in group[1:]:
        _place(base, 0, h, D)
    lone = next(h for h in _isolated(base, 0) if h not in group)
    _place(base, 0, lone, D)
    in_group, apart = base.copy(), base.copy()
    in_group.building[HEX_INDEX[group[1]]] = TP
    apart.building[HEX_INDEX[lone]] = TP
    assert network_size(in_group, 0) == network_size(apart, 0)
    assert _value(in_group) > _value(apart)


def test_a_founded_town_is_not_worth_less_than_the_group_before_it() -> None:
    """Founding the town (the tile still to take) never looks worse than stopping one
    step short, and taking the tile is worth at least what was expected of it."""
    state = _game()
    near = [h for h in sorted(LAND_NEIGHBOURS["F7"]) if state.owner[HEX_INDEX[h]] < 0][:2]
    for h in near:
        _place(state, 0, h, TP)
    _place(state, 0, "F7", TE)  # power 2 + 2 + 2 = 6: one short of a town
    short = _value(state)
    founded = state.copy()
    founded.building[HEX_INDEX[near[0]]] = TE
    for h in (*near, "F7"):
        founded.town[HEX_INDEX[h]] = True
    founded.pending_towns[0] = 1
    assert _value(founded) > short
    taken = founded.copy()
    taken.pending_towns[0] = 0
    taken.vp[0] += 9  # TW3: 9 VP and a priest
    taken.p[0] += 1
    assert _value(taken) > _value(founded)


def test_cult_majorities_count_more_as_the_game_goes_on() -> None:
    """Stepping ahead of the leader on a track gains more late in the game than early."""

    def gain(round_: int) -> float:
        state = _game()
        state.round = round_
        state.cults[1][0] = 6
        behind, ahead = state.copy(), state.copy()
        behind.cults[0][0] = 5
        ahead.cults[0][0] = 7
        return _value(ahead) - _value(behind)

    assert gain(5) > gain(1) > 0


def test_resources_are_worth_more_than_their_conversion_while_they_can_be_used() -> None:
    state = _game()
    state.w[0] = 0
    rich = state.copy()
    rich.w[0] = 9
    assert _value(rich) - _value(state) > 9 / 3  # round 1: workers build
    for s in (state, rich):
        s.round = 6
    unpassed = _value(rich) - _value(state)
    for s in (state, rich):
        s.passed[0] = True
    passed = _value(rich) - _value(state)
    # passed in the last round: only the final conversion is left (3 workers to 1 VP)
    assert abs(passed - 9 / 3) < 1e-9
    assert unpassed > passed


def test_income_is_worth_more_with_more_rounds_to_pay_it() -> None:
    def trading_house(round_: int) -> float:
        state = _game()
        state.round = round_
        upgraded = state.copy()
        upgraded.building[HEX_INDEX["F7"]] = TP
        return _value(upgraded) - _value(state)

    assert trading_house(1) > trading_house(4) > trading_house(6)


def test_a_temple_brings_the_darklings_more_for_their_priests_buy_spades() -> None:
    """The Darklings pay each spade with a priest (and score 2 VP for it): the priests a
    temple brings round after round are worth more to them than to the Halflings, whose
    spades cost workers; a priest in hand is worth the same to both."""

    def gain(seat: int, hex_id: str, change: str) -> float:
        state = _game()
        changed = state.copy()
        if change == "temple":
            changed.building[HEX_INDEX[hex_id]] = TE
        else:
            changed.p[seat] += 1
        return _value(changed, seat) - _value(state, seat)

    halflings, darklings = (0, "F7"), (1, "G5")
    premium = E.PRIEST_SPADE_INCOME_VP
    assert gain(*darklings, "temple") > gain(*halflings, "temple") + premium
    assert gain(*darklings, "priest") == pytest.approx(gain(*halflings, "priest"))


def test_a_towns_worth_includes_the_factions_own_reward_for_founding_it() -> None:
    """The Swarmlings take 3 workers for each town they found: the same group of
    buildings on its way to a town is worth that much more to them (at a worker's price)
    than to the Halflings, who take nothing more."""
    state = _game()
    _place(state, 0, "F7", TP)
    mask = 0
    for index in state.indices_of(0):
        mask |= HEX_BIT[index]
    halflings = E._towns_in_progress(state, 0, mask)
    state.factions[0] = "swarmlings"
    swarmlings = E._towns_in_progress(state, 0, mask)
    assert FACTIONS["swarmlings"].town_gain.w == 3
    assert halflings > 0
    worth = E.TOWN_VP + E.TOWN_GAIN_SHARE * 3 * E.USE_VP[1]
    assert swarmlings == pytest.approx(halflings * worth / E.TOWN_VP)


def test_networks_are_counted_as_the_final_scoring_counts_them() -> None:
    """Random games (bridges, shipping, tunnels and carpets, any faction): the mask walk
    of the estimate finds the same largest network as the final scoring."""
    for seed in range(4):
        state = new_platform_game("terra-mystica", 4, seed=seed)
        bots = [make_bot("random", derive_seed(seed, seat)) for seat in range(4)]
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat))
            assert isinstance(state, TerraMysticaState)
            core = state.core
            for s in range(4):
                if core.factions[s]:
                    mask = 0
                    for i in core.indices_of(s):
                        mask |= HEX_BIT[i]
                    assert E._network(core, s, mask)[0] == network_size(core, s)


def _greedy_decisions(players: int, seed: int) -> Iterator[tuple[TerraMysticaState, int]]:
    """Each decision of a seeded game of greedy bots, as the state and the seat to move,
    before the seat's move is played (the state is one object, played on in place)."""
    state = new_platform_game("terra-mystica", players, seed=seed)
    bots = [make_bot("greedy", derive_seed(seed, seat)) for seat in range(players)]
    while not state.is_over():
        assert isinstance(state, TerraMysticaState)
        seat = state.to_move()[0]
        yield state, seat
        state.apply(seat, bots[seat].choose(state, seat))


def test_an_ended_game_is_worth_its_final_vp_and_the_heuristic_is_the_seats_own() -> None:
    """With three players a seat's heuristic is its own projection (its VP are what it
    plays for); the ended game's projections are the final VP."""
    checked = False
    for state, seat in _greedy_decisions(3, seed=5):  # played on in place to the end
        if (
            not checked
            and state.core.round == 3
            and "acted" not in state.core.flags[seat]  # its turn begins: nothing idle
        ):
            values = E.estimates(state.core)
            assert state.heuristic(seat) == values[seat]
            checked = True
    assert checked and isinstance(state, TerraMysticaState)
    assert state.core.phase == OVER
    assert E.estimates(state.core) == [float(v) for v in state.scores()]


def test_with_two_players_the_heuristic_is_the_difference() -> None:
    """Two players win by the difference: each seat's heuristic is its projection less
    the other's, so the two are opposite."""
    compared = 0
    for state, seat in _greedy_decisions(2, seed=7):
        if state.core.round >= 2 and "acted" not in state.core.flags[seat]:
            values = E.estimates(state.core)
            assert state.heuristic(seat) == values[seat] - values[1 - seat]
            assert state.heuristic(1 - seat) == -state.heuristic(seat)
            compared += 1
            if compared == 3:
                break
    assert compared == 3


def test_a_free_move_after_the_action_is_not_preferred_to_ending_the_turn() -> None:
    """After its action a seat may burn and convert, or end its turn: a search that stops
    after such a free move has not seen the others answer (as it has after ``done``), so
    the heuristic counts the free move against it and the turn is ended instead."""
    compared = 0
    for state, seat in _greedy_decisions(4, seed=3):
        if compared == 5:
            break
        legal = [str(a) for a in state.legal_actions(seat)]
        free = [a for a in legal if a.startswith(("convert", "burn"))]
        if "done" in legal and free and "acted" in state.core.flags[seat]:
            after_done = state.copy()
            after_done.apply(seat, state.game.parse_action("done"))
            for text in free:
                after_free = state.copy()
                after_free.apply(seat, state.game.parse_action(text))
                assert after_free.heuristic(seat) < after_done.heuristic(seat), text
            compared += 1
    assert compared == 5


def test_passing_gives_up_the_rest_of_the_round_and_costs_the_others_nothing() -> None:
    # A seat still in the round has the round's actions ahead; passing gives them up.  The
    # others' projections hardly move (only through how far the round has gone): when they
    # fell as much, a seat behind gained on the leader by passing early (bots passed in
    # round 1 with 20 coins).
    state = _game()
    assert state.round == 1 and not any(state.passed)
    before = E.estimates(state)
    state.passed[0] = True
    after = E.estimates(state)
    loss = before[0] - after[0]
    assert loss > 1.0
    assert all(abs(a - b) < loss / 10 for a, b in zip(after[1:], before[1:], strict=True))


def test_a_seat_left_with_nothing_but_free_moves_counts_as_passed() -> None:
    """The projection credits a seat still in the round with the rest of it; a seat that
    can only burn, convert or pass cannot reach that credit, so after a free move it counts
    as if it had passed, and each free move more in a row costs ``IDLE_STEP`` on top of
    ``IDLE_VP``: a search's Alchemists used to convert VP to coins and back for ever rather
    than pass."""
    state = new_platform_game("terra-mystica", 4, seed=3)
    bots = [make_bot("greedy", derive_seed(3, seat)) for seat in range(4)]
    while True:
        assert isinstance(state, TerraMysticaState)
        seat = state.to_move()[0]
        core = state.core
        if core.round == 2 and seat == core.active and "acted" not in core.flags[seat]:
            break
        state.apply(seat, bots[seat].choose(state, seat))
    core = state.core.copy()
    core.w[seat] = core.p[seat] = core.c[seat] = core.spades[seat] = 0
    core.bowls[seat] = [6, 0, 2]  # two power in bowl III: too little for a power action
    for text in map(str, TerraMysticaState(core.copy()).legal_actions(seat)):
        if text.startswith("action "):  # a bonus, favor or faction tile's action: used
            core.used_actions.append(f"{text.split()[1]}:{seat}")
    stuck = TerraMysticaState(core)
    legal = [str(a) for a in stuck.legal_actions(seat)]
    assert "convert 1PW to 1C" in legal
    assert all(text.startswith(("convert", "burn", "pass")) for text in legal), legal
    convert = stuck.game.parse_action("convert 1PW to 1C")
    once = stuck.copy()
    once.apply(seat, convert)
    twice = once.copy()
    twice.apply(seat, convert)
    for after, moves in ((once, 1), (twice, 2)):
        assert isinstance(after, TerraMysticaState)
        values = E.estimates(after.core)
        own = E.estimates(after.core, stuck=seat)[seat]
        assert own < values[seat] - 1.0  # the rest of the round is out of its reach
        penalty = IDLE_VP + IDLE_STEP * (moves - 1)
        assert after.heuristic(seat) == pytest.approx(own - penalty)
    passes = [a for a in once.legal_actions(seat) if str(a).startswith("pass")]
    best_pass = max(_after(once, seat, a).heuristic(seat) for a in passes)
    assert best_pass > twice.heuristic(seat)


def _after(state: TerraMysticaState, seat: int, action: Action) -> TerraMysticaState:
    after = state.copy()
    after.apply(seat, action)
    return after


def test_what_a_faction_brings_counts_in_full_before_the_game_and_fades_to_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``FACTION_VP`` (each faction's abilities beyond the projection, measured by
    ``benchmarks/tm_faction_bias.py``) covers every faction, is centred, and weighs as the
    places' early values do: fully before round 1, not at all once the last round is over."""
    assert set(E.FACTION_VP) == set(FACTIONS)
    assert abs(sum(E.FACTION_VP.values()) / len(E.FACTION_VP)) < 0.1  # centred, as rounded
    zero = dict.fromkeys(E.FACTION_VP, 0.0)

    def added(state: TMState) -> list[float]:
        with_table = E.estimates(state)
        with monkeypatch.context() as patch:
            patch.setattr(E, "FACTION_VP", zero)
            without = E.estimates(state)
        return [a - b for a, b in zip(with_table, without, strict=True)]

    state = _game()
    factions = state.factions
    start = state.copy()
    start.round, start.passed = 0, [False] * 4
    assert added(start) == pytest.approx([E.FACTION_VP[f] for f in factions])
    late = state.copy()
    late.round, late.passed = 5, [True] * 4
    fading = zip(added(late), factions, strict=True)
    assert all(0 < abs(x) < abs(E.FACTION_VP[f]) for x, f in fading)
    last = state.copy()
    last.round, last.passed = 6, [True] * 4
    assert added(last) == pytest.approx([0.0] * 4)


def test_the_room_within_reach_is_what_the_projection_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``room`` (read by ``benchmarks/tm_vp_sources.py``) is the room the projection values
    at ``ROOM_VP`` a hex, and taking a free hex within reach leaves less of it."""
    state = _game()
    state.round, state.passed = 1, [False] * 4  # rounds enough left: the room counts in full
    rooms = [E.room(state, seat) for seat in range(4)]
    assert all(0.0 < r <= E.ROOM_CAP for r in rooms)
    with monkeypatch.context() as patch:
        patch.setattr(E, "ROOM_VP", E.ROOM_VP + 1.0)
        more = E.estimates(state)
    assert [a - b for a, b in zip(more, E.estimates(state), strict=True)] == pytest.approx(rooms)
    near = [h for h in _free(state) if any(hex_distance(h, b) == 1 for b in ("F7", "F5"))]
    after = []
    for hex_id in near:  # another seat builds beside the halflings
        taken = state.copy()
        _place(taken, 1, hex_id, D)
        after.append(E.room(taken, 0))
    assert max(after) <= rooms[0] and min(after) < rooms[0]
