"""Scythe's evaluation for bots (games/scythe/estimate.py): what it says about positions
a player can judge."""

from __future__ import annotations

import pytest

from tabletop.engine import new_game
from tabletop.games.scythe import estimate
from tabletop.games.scythe.game import ScytheState
from tabletop.games.scythe.scoring import tier
from tests.games.scythe.scenes import begin, character, game, mechs, resources, workers


def automa_game(level: str = "ultimaszyna") -> ScytheState:
    """Seat 0 against the Automa in seat 1, as dealt (seed 3: Crimea against Polania)."""
    st = new_game("scythe", 2, {"automa": f"-,{level}"}, seed=3)
    assert isinstance(st, ScytheState)
    return st


def near_the_end(st: ScytheState) -> None:
    """The Automa one tracker cell before its sixth star: the seat's next turn is likely
    its last, so (nearly) only the real score counts."""
    automa = st.automa
    assert automa is not None
    cells = automa.tracker_card.star_cells
    automa.tracker = cells[-1] - 1
    st.players[automa.seat].stars = ["tracker"] * 5


def test_every_seat_is_scored_at_once() -> None:
    st = automa_game()
    assert st.heuristics() == [st.heuristic(s) for s in range(2)]
    assert estimate.heuristics(st) == st.heuristics()


def test_a_star_is_worth_more_than_its_coins_while_the_end_is_far() -> None:
    """Early, a star is coins at the end and a step towards ending the game; one turn
    from the end, just its coins."""
    st = game()
    before = st.heuristic(0)
    st.players[0].stars.append("combat")
    coins = tier(st.players[0].popularity).star
    assert st.heuristic(0) - before > coins + 1

    late = automa_game()
    near_the_end(late)
    before = late.heuristic(0)
    late.players[0].stars.append("combat")
    assert late.heuristic(0) - before == pytest.approx(tier(late.players[0].popularity).star, 0.1)


def test_the_automas_star_track_sets_the_end() -> None:
    st = automa_game()
    automa = st.automa
    assert automa is not None
    ends, soonest = estimate.game_turns(st)
    assert soonest == ends[automa.seat] < ends[0]
    automa.tracker += 3
    later = estimate.game_turns(st)[1]
    assert later < soonest
    # A combat star of the Automa's brings its sixth star one tracker star nearer.
    st.players[automa.seat].stars.append("combat")
    assert estimate.game_turns(st)[1] < later


def test_popularity_pays_at_its_tier_at_the_end_and_in_part_before() -> None:
    """At the end a popularity tier is worth its rates on what the seat holds; while the
    end is far a point below the next tier already counts."""
    early = automa_game()
    me = early.players[0]
    me.popularity = 4
    low = early.heuristic(0)
    me.popularity = 5
    assert early.heuristic(0) > low

    late = automa_game()
    near_the_end(late)
    me = late.players[0]
    me.stars = ["combat", "workers"]
    me.popularity = 6
    low = late.heuristic(0)
    me.popularity = 7
    gain = late.heuristic(0) - low
    counted = estimate.tally(late)[1][0]
    exact = 2 * (tier(7).star - tier(6).star) + counted * (tier(7).territory - tier(6).territory)
    assert gain == pytest.approx(exact, 0.1)


def test_a_leader_near_its_end_is_pushed_towards_the_sixth_star() -> None:
    """Five stars and far ahead: a step towards the sixth (popularity towards 18) is worth
    more to the leader than to a seat that is behind; a won game is worth the most."""
    st = game()
    me, other = st.players
    me.stars = ["upgrades", "mechs", "structures", "recruits", "workers"]
    me.popularity = 16
    me.coins = 80

    def step(seat: int) -> float:
        p = st.players[seat]
        before = st.heuristic(seat)
        p.popularity += 1
        after = st.heuristic(seat)
        p.popularity -= 1
        return after - before

    leader = step(0)
    other.stars = list(me.stars)
    other.popularity = 16
    other.coins = 0
    behind = step(1)
    assert leader > behind + 2
    running = st.heuristic(0)
    st.players[0].stars.append("popularity")
    st.over = True
    assert st.heuristic(0) > running


def test_a_leader_far_from_its_end_still_heads_for_the_sixth_star() -> None:
    """Without the Automa nobody else ends the game: a seat hundreds of coins ahead with
    two stars used to play on for ever (its lead could grow no more) against one with
    five that would lose by ending it.  A turn nearer its sixth star is still worth
    coins to a leader, however far the end; to a seat behind, nothing more."""
    st = game()
    me, other = st.players
    me.stars = ["upgrades", "mechs"]
    me.coins = 400
    other.stars = ["upgrades", "mechs", "structures", "recruits", "workers"]

    def step(seat: int) -> tuple[float, float]:
        p = st.players[seat]
        turns, before = estimate.turns_to_end(st, seat), st.heuristic(seat)
        p.power += 6
        gained = estimate.turns_to_end(st, seat), st.heuristic(seat)
        p.power -= 6
        return turns - gained[0], gained[1] - before

    nearer, worth = step(0)
    assert estimate.turns_to_end(st, 0) > estimate.CLOSING_TURNS and nearer > 0
    assert worth > 0.5 * nearer  # coins per turn nearer; a lead this size adds no more
    me.coins, other.coins = 0, 400
    me.stars, other.stars = other.stars, me.stars
    assert step(1)[1] < worth


def test_lone_workers_within_the_automas_reach_are_worth_less() -> None:
    """The Automa raids the richest lone workers in its reach and attacks weak fighters:
    the same workers and goods are worth less next to its units than away from them."""
    st = automa_game()
    automa = st.automa
    assert automa is not None
    reach = estimate._automa_reach(st)
    ctrl = st.control_map()
    near = next(p for p in sorted(reach) if ctrl[p] == -1 and p < 47)
    far = next(p for p in range(47) if p not in reach and ctrl[p] == -1)
    from tabletop.games.scythe.board import name

    def value(hex_: str) -> float:
        trial = st.copy()
        assert isinstance(trial, ScytheState)
        workers(trial, 0, hex_, 2)
        resources(trial, hex_, metal=3)
        return trial.heuristic(0)

    assert value(name(near)) < value(name(far))


def test_resources_count_for_the_bottom_actions_they_pay_for() -> None:
    """Metal pays for a mech while mechs are left to deploy; with all four out it is
    worth a little (its pairs at the end)."""
    st = game()
    workers(st, 0, "3,1")
    before = st.heuristic(0)
    resources(st, "3,1", metal=3)
    useful = st.heuristic(0) - before

    done = game()
    workers(done, 0, "3,1")
    mechs(done, 0, "3,1", 4)
    before = done.heuristic(0)
    resources(done, "3,1", metal=3)
    spare = done.heuristic(0) - before
    assert useful > spare > 0


def test_spreading_out_pays_at_the_end() -> None:
    """One turn from the end a worker moved from a shared territory to an empty one is
    worth a territory's coins; early, less (the units will spread out anyway)."""
    late = automa_game()
    near_the_end(late)
    begin(late, 0)
    for s in range(2):
        late.board.workers[s] = [0] * len(late.board.workers[s])
    late.players[0].workers_on_mat = 8
    character(late, 0, "base:crimea")
    workers(late, 0, "-1,7", 2)
    stacked = late.heuristic(0)
    late.board.workers[0][estimate_pos("-1,7")] -= 1
    workers(late, 0, "-1,8", 1)
    late.players[0].workers_on_mat += 1
    territory = tier(late.players[0].popularity).territory
    assert late.heuristic(0) - stacked == pytest.approx(territory, 0.1)


def estimate_pos(hex_: str) -> int:
    from tabletop.games.scythe.board import INDEX

    return INDEX[hex_]


def test_territories_beyond_a_produce_count_in_part() -> None:
    """A Produce takes two territories (until upgraded); a third with workers on it is
    worth half of what it makes: a later Produce, the upgrade or a Mill takes it, and a
    worker moved off a stack onto it keeps part of its worth."""
    st = game()
    me = st.players[0]
    assert me.upgrade_value("produce.territories") == 2
    workers(st, 0, "3,1", 3)  # a forest: wood, which Build needs
    workers(st, 0, "4,1", 2)  # a tundra: oil, for Upgrade
    ctrl = st.control_map()
    turns = estimate.CAPACITY_TURNS
    per_worker = estimate.CAPACITY * turns
    two = estimate._capacity(st, 0, ctrl, turns)
    assert two == pytest.approx(5 * per_worker)
    workers(st, 0, "3,2")  # a mountain: metal, for Deploy
    ctrl = st.control_map()
    three = estimate._capacity(st, 0, ctrl, turns)
    assert three == pytest.approx((5 + estimate.CAPACITY_BEYOND) * per_worker)
    # Moved off the stack onto the third territory instead, a worker keeps half its worth
    # (nothing before: the bot kept its workers stacked).
    st.board.workers[0][estimate_pos("3,1")] -= 1
    workers(st, 0, "3,2")
    ctrl = st.control_map()
    assert estimate._capacity(st, 0, ctrl, turns) == pytest.approx(
        (4 + 2 * estimate.CAPACITY_BEYOND) * per_worker
    )


def test_a_bottom_action_it_cannot_pay_or_place_is_a_turn_further() -> None:
    """A seat one structure short of its sixth star is one Build away only with the wood
    and a worker on a territory without a structure; without either it must Trade,
    Produce or Move first.  (Two searchers used to play on for ever: the leader saw its
    last star one Build away and had no wood, so fetching wood brought it no nearer.)"""
    from tests.games.scythe.scenes import build

    st = game()
    me = st.players[0]
    me.stars = ["upgrades", "mechs", "recruits", "workers", "power"]
    for hex_ in ("3,1", "4,1", "3,2"):
        workers(st, 0, hex_)
        build(st, 0, hex_)
    ready = estimate.OVERLAP * estimate.BOTTOM_TURNS
    column = next(c for c, col in enumerate(me.columns) if col.bottom == "build")
    resources(st, "3,1", wood=me.bottom_cost(column))
    away = estimate.OVERLAP * (estimate.BOTTOM_TURNS + estimate.FETCH_TURNS)
    assert estimate.turns_to_end(st, 0) == pytest.approx(away)  # no free territory
    workers(st, 0, "4,2")
    assert estimate.turns_to_end(st, 0) == pytest.approx(ready)
    st.board.res[:] = [0] * len(st.board.res)
    assert estimate.turns_to_end(st, 0) == pytest.approx(away)  # no wood
    resources(st, "4,2", wood=me.bottom_cost(column))
    assert estimate.turns_to_end(st, 0) == pytest.approx(ready)
    assert estimate.game_turns(st)[0][0] == estimate.turns_to_end(st, 0)


def test_workers_come_only_from_a_village_with_a_worker_on_it() -> None:
    st = game()
    me = st.players[0]
    me.stars = ["upgrades", "mechs", "recruits", "structures", "power"]
    workers(st, 0, "3,1", me.workers_on_mat - 2)  # two left on the mat: one Produce
    assert estimate.turns_to_end(st, 0) == pytest.approx(
        estimate.OVERLAP * (1 + estimate.FETCH_TURNS)  # a Move to a village first
    )
    workers(st, 0, "2,1")  # a village
    assert estimate.turns_to_end(st, 0) == pytest.approx(estimate.OVERLAP * 1)


def test_a_lead_is_squashed_only_without_the_automa() -> None:
    """Without the Automa a lead far beyond what the game can undo is worth little more
    as it grows; against the Automa the seat's projection stands far above the Automa's
    for most of a game it loses, and a coin counts in full there."""
    st = automa_game("automa")
    st.players[0].coins += 100  # far ahead by the projection
    before = st.heuristic(0)
    st.players[0].coins += 1
    assert st.heuristic(0) - before == pytest.approx(1.0)

    st = game()
    st.players[0].coins += 200
    before = st.heuristic(0)
    st.players[0].coins += 1
    assert 0.0 < st.heuristic(0) - before < 0.1
