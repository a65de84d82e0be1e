"""Terra Mystica component data: internal consistency, rulebook spot checks, shared sources."""

from __future__ import annotations

import csv
import json
from collections import Counter, deque
from typing import Any

import pytest

from tabletop.games.terra_mystica.data import board, common, cults, factions, terrain, tiles
from tabletop.games.terra_mystica.data.common import Building, Resources
from tabletop.games.terra_mystica.data.cults import Cult
from tabletop.games.terra_mystica.data.factions import FACTIONS, Faction
from tabletop.games.terra_mystica.data.terrain import Terrain
from tests.shared import SHARED

SHARED_DATA = SHARED / "data" / "terra_mystica"
RULEBOOK = SHARED / "rulebooks" / "001_6c103642595f5909.txt"

needs_shared = pytest.mark.skipif(
    not SHARED_DATA.is_dir(),
    reason=f"shared Terra Mystica data not found at {SHARED_DATA} (only present in the workspace)",
)
needs_rulebook = pytest.mark.skipif(
    not RULEBOOK.is_file(), reason=f"Czech rulebook not found at {RULEBOOK}"
)

# --------------------------------------------------------------------------------------
# Counts
# --------------------------------------------------------------------------------------


def test_hex_counts() -> None:
    assert len(board.HEXES) == 113
    assert len(board.LAND_HEXES) == 77
    assert len(board.RIVER_HEXES) == 36
    assert Counter(board.TERRAIN.values()) == dict.fromkeys(Terrain, 11)
    assert list(board.RIVER_HEXES) == [f"r{n}" for n in range(36)]
    rows = Counter(h.row_letter for h in board.HEXES.values() if not h.is_river)
    assert rows == {"A": 13, "B": 6, "C": 5, "D": 8, "E": 11, "F": 7, "G": 7, "H": 8, "I": 12}


def test_faction_counts() -> None:
    assert len(FACTIONS) == 14
    assert len(set(FACTIONS)) == 14
    assert Counter(f.home for f in FACTIONS.values()) == dict.fromkeys(Terrain, 2)
    assert sorted(f.board_id for f in FACTIONS.values()) == list(range(1, 15))
    for name, (a, b) in factions.FACTIONS_BY_TERRAIN.items():
        assert FACTIONS[a].home == FACTIONS[b].home == name


def test_tile_counts() -> None:
    assert len(tiles.POWER_ACTIONS) == 6
    assert len(tiles.FAVOR_TILES) == 12
    assert len(tiles.BONUS_TILES) == 10
    assert len(tiles.SCORING_TILES) == 9
    assert len(tiles.TOWN_TILES) == 8
    assert sum(tiles.favor_tile_pool().values()) == 28  # 4 x 1 + 8 x 3
    # Base game: 9 bonus tiles, 8 scoring tiles, 5 town tiles x 2.
    assert len(tiles.bonus_tile_ids()) == 9
    assert len(tiles.scoring_tile_ids()) == 8
    assert sum(tiles.town_tile_pool().values()) == 10
    everything = {
        common.OPTION_SHIPPING_BONUS,
        common.OPTION_TEMPLE_SCORING_TILE,
        common.OPTION_MINI_EXPANSION_1,
    }
    assert tiles.bonus_tile_ids(everything)[-1] == "BON10"
    assert tiles.scoring_tile_ids(everything)[-1] == "SCORE9"
    assert tiles.town_tile_pool(everything) == {
        "TW1": 2,
        "TW2": 2,
        "TW3": 2,
        "TW4": 2,
        "TW5": 2,
        "TW6": 1,
        "TW7": 2,
        "TW8": 1,
    }


def test_ids_match_keys() -> None:
    tables: list[dict[str, Any]] = [
        dict(tiles.POWER_ACTIONS),
        dict(tiles.FACTION_ACTIONS),
        dict(tiles.FAVOR_TILES),
        dict(tiles.BONUS_TILES),
        dict(tiles.SCORING_TILES),
        dict(tiles.TOWN_TILES),
    ]
    for table in tables:
        for key, item in table.items():
            assert item.id == key
    for name, faction in FACTIONS.items():
        assert faction.name == name
        action = faction.stronghold.action
        if action is not None:
            assert tiles.FACTION_ACTIONS[action].faction == name
    assert {a.faction for a in tiles.FACTION_ACTIONS.values()} <= set(FACTIONS)
    assert set(tiles.ACTION_IDS) == {
        *(f"ACT{n}" for n in range(1, 7)),
        *("ACTA", "ACTC", "ACTE", "ACTG", "ACTN", "ACTS", "ACTW"),
        *("BON1", "BON2", "FAV6"),
    }


# --------------------------------------------------------------------------------------
# Board geometry
# --------------------------------------------------------------------------------------


def test_adjacency_is_symmetric_and_small() -> None:
    for cell, neighbours in board.NEIGHBOURS.items():
        assert cell not in neighbours
        assert 2 <= len(neighbours) <= 6
        for other in neighbours:
            assert cell in board.NEIGHBOURS[other]
    for cell in board.LAND_HEXES:
        assert board.LAND_NEIGHBOURS[cell] | board.RIVER_NEIGHBOURS[cell] == board.NEIGHBOURS[cell]
        assert not board.LAND_NEIGHBOURS[cell] & board.RIVER_NEIGHBOURS[cell]


def test_neighbours_are_at_distance_one() -> None:
    for cell, neighbours in board.NEIGHBOURS.items():
        for other in board.HEXES:
            assert (board.hex_distance(cell, other) == 1) == (other in neighbours)


def test_hex_distance_matches_grid_search() -> None:
    for source in board.HEXES:
        seen = {source: 0}
        queue = deque([source])
        while queue:
            cell = queue.popleft()
            for other in board.NEIGHBOURS[cell]:
                if other not in seen:
                    seen[other] = seen[cell] + 1
                    queue.append(other)
        assert len(seen) == len(board.HEXES)
        for other, steps in seen.items():
            assert board.hex_distance(source, other) == steps


def test_bridge_spots_cross_the_river() -> None:
    assert len(board.BRIDGE_SPOTS) == 29
    assert len(set(board.BRIDGE_SPOTS)) == 29
    for a, b in board.BRIDGE_SPOTS:
        assert a in board.TERRAIN and b in board.TERRAIN
        assert b not in board.LAND_NEIGHBOURS[a]
        between = board.NEIGHBOURS[a] & board.NEIGHBOURS[b]
        assert len(between) == 2
        assert all(cell in board.RIVER_HEXES for cell in between)
        assert board.shared_river(a, b) == between
        assert board.hex_distance(a, b) == 2
        assert board.ship_distance(a, b) == 1
        assert board.is_bridge_spot(a, b) and board.is_bridge_spot(b, a)
        assert not board.directly_adjacent(a, b)
        assert board.directly_adjacent(a, b, [(b, a)])
        assert b in board.direct_neighbours(a, [(a, b)])


def test_bridge_spots_are_all_pairs_joined_by_two_river_cells() -> None:
    derived = set()
    for i, a in enumerate(board.LAND_HEXES):
        for b in board.LAND_HEXES[i + 1 :]:
            between = board.NEIGHBOURS[a] & board.NEIGHBOURS[b]
            river = all(cell in board.RIVER_HEXES for cell in between)
            if b not in board.NEIGHBOURS[a] and len(between) == 2 and river:
                derived.add(frozenset((a, b)))
    assert derived == {frozenset(pair) for pair in board.BRIDGE_SPOTS}
    partners = sum(len(p) for p in board.BRIDGE_PARTNERS.values())
    assert partners == 2 * len(board.BRIDGE_SPOTS)


def test_shipping_distances() -> None:
    for a in board.LAND_HEXES:
        table = board.SHIP_DISTANCE[a]
        assert a not in table
        assert bool(table) == (a in board.RIVERSIDE_HEXES)
        for b, steps in table.items():
            assert board.SHIP_DISTANCE[b][a] == steps
            assert steps >= 1
            assert (steps == 1) == bool(board.shared_river(a, b))
        # The river is one connected water body: every riverside hex reaches all others.
        if table:
            assert set(table) == board.RIVERSIDE_HEXES - {a}
        previous: frozenset[str] = frozenset()
        for level in range(board.MAX_SHIPPING_RANGE + 1):
            reach = board.ship_reach(a, level)
            assert previous <= reach
            assert reach == {b for b, d in table.items() if d <= level}
            previous = reach
    assert board.ship_reach("D6", 0) == frozenset()
    assert board.ship_reach("D6", 99) == board.ship_reach("D6", board.MAX_SHIPPING_RANGE)


def test_shipping_spot_values() -> None:
    # E4 and G1 are bridge-spot partners: one river cell apart.
    assert board.ship_distance("E4", "G1") == 1
    # A1 is inland; I1 too.
    assert board.ship_distance("A1", "I1") is None
    assert board.ship_reach("A1", 3) == frozenset()
    # D6 touches only one land hex but many river cells.
    assert board.LAND_NEIGHBOURS["D6"] == {"C4"}
    assert board.ship_distance("D6", "A10") == 2


def test_land_within() -> None:
    assert board.land_within("A1", 1) == board.LAND_NEIGHBOURS["A1"]
    assert board.land_within("D6", 1) == {"C4"}
    assert "E9" in board.land_within("D6", 2)  # a tunnel / carpet of range 1


def test_edges() -> None:
    edge = {h for h, info in board.HEXES.items() if info.edge}
    assert {"A1", "A13", "I1", "I12", "B1", "B6", "r6", "r13", "r35", "H8"} <= edge
    assert not {"E7", "D6", "r18"} & edge


# --------------------------------------------------------------------------------------
# Terrain wheel
# --------------------------------------------------------------------------------------


def test_spade_distances() -> None:
    for a in Terrain:
        assert terrain.spade_distance(a, a) == 0
        for b in Terrain:
            d = terrain.spade_distance(a, b)
            assert d == terrain.spade_distance(b, a)
            assert 0 <= d <= 3
            assert (d == 0) == (a == b)
            for c in Terrain:
                assert terrain.spade_distance(a, c) <= d + terrain.spade_distance(b, c)
    for i, t in enumerate(terrain.WHEEL):
        assert terrain.spade_distance(t, terrain.WHEEL[(i + 1) % 7]) == 1
    assert sorted(Counter(terrain.SPADE_DISTANCE[0]).values()) == [1, 2, 2, 2]


def test_terrain_names() -> None:
    assert [t.color for t in terrain.WHEEL] == [
        "yellow",
        "brown",
        "black",
        "blue",
        "green",
        "gray",
        "red",
    ]
    assert terrain.terrain_from_color("GREY") is Terrain.MOUNTAINS
    with pytest.raises(ValueError):
        terrain.terrain_from_color("purple")
    for faction in FACTIONS.values():
        assert terrain.terrain_from_color(faction.color) is faction.home


# --------------------------------------------------------------------------------------
# Factions: internal consistency
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("faction", FACTIONS.values(), ids=list(FACTIONS))
def test_faction_consistency(faction: Faction) -> None:
    assert sum(faction.start_power) == common.POWER_TOKENS
    assert faction.start.vp == common.START_VP
    assert all(0 <= level <= 2 for level in faction.start_cults)
    for building, track in faction.buildings.items():
        assert track.count == common.BUILDING_LIMITS[building]
        assert track.income[0] == Resources() or building is Building.D
        for before, after in zip(track.income, track.income[1:], strict=False):
            assert all(x <= y for x, y in zip(_tuple(before), _tuple(after), strict=True))
    assert (faction.shipping is None) == (faction.teleport is not None)
    digging = faction.digging
    assert len(digging.spade_cost) == digging.max_level + 1
    assert len(digging.advance_vp) == digging.max_level
    if faction.shipping is not None:
        ship = faction.shipping
        assert len(ship.advance_vp) == ship.max_level
        assert ship.start <= ship.max_level <= board.MAX_SHIPPING_RANGE - 1
    if faction.teleport is not None:
        assert len(faction.teleport.cost) == faction.teleport.max_level + 1
    assert faction.rate("PW", "P") == 5
    assert faction.rate("W", "P") is None


def _tuple(r: Resources) -> tuple[int, ...]:
    return (r.c, r.w, r.p, r.pw, r.vp)


def test_exchange_rates() -> None:
    alchemists = FACTIONS["alchemists"]
    assert alchemists.rate("VP", "C") == 1
    assert alchemists.rate("C", "VP") == 2
    assert FACTIONS["darklings"].rate("VP", "C") is None


# --------------------------------------------------------------------------------------
# Spot checks against the Czech rulebook
# --------------------------------------------------------------------------------------


def test_rulebook_spot_values() -> None:
    witches = FACTIONS["witches"]
    # Setup: Witches get 3 workers and 15 coins, 5 + 7 power, air 2.
    assert (witches.start.c, witches.start.w, witches.start.p) == (15, 3, 0)
    assert witches.start_power == (5, 7, 0)
    assert witches.start_cults[Cult.AIR] == 2
    assert FACTIONS["nomads"].start_cults == (1, 0, 1, 0)
    assert FACTIONS["halflings"].start_cults == (0, 0, 1, 1)
    assert FACTIONS["mermaids"].start_cults == (0, 2, 0, 0)
    assert FACTIONS["mermaids"].shipping is not None and FACTIONS["mermaids"].shipping.start == 1
    # Dwelling 1 W + 2 C (Engineers 1 W + 1 C, Swarmlings 2 W + 3 C).
    assert witches.buildings[Building.D].cost == Resources(c=2, w=1)
    assert FACTIONS["engineers"].buildings[Building.D].cost == Resources(c=1, w=1)
    assert FACTIONS["swarmlings"].buildings[Building.D].cost == Resources(c=3, w=2)
    # Trading house 2 W + 3 C (6 C with no neighbour), temple 2 W + 5 C.
    assert witches.buildings[Building.TP].cost == Resources(c=3, w=2)
    assert witches.buildings[Building.TP].cost.c * common.TP_ISOLATED_COIN_FACTOR == 6
    assert witches.buildings[Building.TE].cost == Resources(c=5, w=2)
    # Shipping 1 P + 4 C; digging 2 W + 5 C + 1 P for 6 VP (Halflings cheaper).
    assert witches.shipping is not None
    assert witches.shipping.advance_cost == Resources(c=4, p=1)
    assert witches.digging.advance_cost == Resources(c=5, w=2, p=1)
    assert witches.digging.advance_vp == (6, 6)
    halflings_advance = FACTIONS["halflings"].digging.advance_cost
    assert halflings_advance is not None and halflings_advance.c < 5
    # Stronghold income: Alchemists 6 C, Chaos Magicians 2 W, Fakirs 1 P.
    assert FACTIONS["alchemists"].buildings[Building.SH].income[1] == Resources(c=6)
    assert FACTIONS["chaosmagicians"].buildings[Building.SH].income[1] == Resources(w=2)
    assert FACTIONS["fakirs"].buildings[Building.SH].income[1] == Resources(p=1)
    # Power actions: bridge 3, priest 3, 2 workers 4, 7 coins 4, 1 spade 4, 2 spades 6.
    costs = [a.cost_pw for a in tiles.POWER_ACTIONS.values()]
    assert costs == [3, 3, 4, 4, 4, 6]
    assert tiles.POWER_ACTIONS["ACT4"].gain == Resources(c=7)
    # Cult: 1/2/2/3 power at 3/5/7/10; priest spaces 3 and 2; final 8/4/2 and 18/12/6.
    assert cults.CULT_POWER_BONUSES == ((3, 1), (5, 2), (7, 2), (10, 3))
    assert cults.power_for_advance(0, 10) == 8
    assert cults.power_for_advance(3, 4) == 0
    assert sorted(cults.PRIEST_SPACES) == [2, 2, 2, 3]
    assert cults.CULT_FINAL_VP == (8, 4, 2)
    assert board.NETWORK_FINAL_VP == (18, 12, 6)
    # Town tiles: 9 VP + 1 P, 8 VP + each cult, 7 VP + 2 W, 6 VP + 8 PW, 5 VP + 6 C.
    assert tiles.TOWN_TILES["TW3"].reward == Resources(vp=9, p=1)
    assert tiles.TOWN_TILES["TW5"].cult_steps == 1 and tiles.TOWN_TILES["TW5"].vp == 8
    assert tiles.TOWN_TILES["TW4"].reward == Resources(vp=6, pw=8)
    # Favors: +3 tiles once, others three times; FAV12 2/3/3/4 on passing.
    assert tiles.FAVOR_TILES["FAV12"].pass_vp[Building.TP][1:] == (2, 3, 3, 4)
    assert tiles.FAVOR_TILES["FAV11"].vp_on_build == {Building.D: 2}
    # Scoring tile: 2 air -> 1 worker; 4 earth -> 1 spade.
    assert tiles.SCORING_TILES["SCORE7"].cult_steps == 2
    assert tiles.SCORING_TILES["SCORE2"].reward_spades == 1
    # Bonus tiles: players + 3 in play (5/6/7/8 for 2/3/4/5 players).
    assert [n + tiles.BONUS_TILES_EXTRA for n in (2, 3, 4, 5)] == [5, 6, 7, 8]


@needs_rulebook
def test_rulebook_text_mentions_the_numbers() -> None:
    text = " ".join(RULEBOOK.read_text(encoding="utf-8").split())
    for phrase in (
        "Každá usedlost stojí 1 dělníka a 2 peníze",
        "Vždy, když na některé stupnici dosáhnete stupně 3/5/7/10, získáte 1/2/2/3",
        "je to vždy 1 šaman a 4 peníze",
        "činí 2 dělníky, 5 peněz a 1 šamana",
        "Za každý postup na liště teraformace získáte 6 vítězných bodů",
        "obdrží 2/3/3/4 vítězné body za své 1/2/3/4 obchodní stanice",
        "získáte 9 vítězných bodů a 1 šamana",
        "počet svitků | 5 | 6 | 7 | 8",
        "Alchymisté dostávají 6 peněz, Mágové 2 dělníky a Fakiři 1 šamana",
        "Okamžitě získáváte jednorázový bonus 7 vítězných bodů",
        "Okamžitě získáváte jednorázový bonus 12 krystalů energie",
    ):
        assert phrase in text, phrase


# --------------------------------------------------------------------------------------
# Full comparison with the shared research data
# --------------------------------------------------------------------------------------


def _load_json(name: str) -> Any:
    return json.loads((SHARED_DATA / name).read_text(encoding="utf-8"))


def _load_csv(name: str) -> list[dict[str, str]]:
    with (SHARED_DATA / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@needs_shared
def test_map_matches_shared_json() -> None:
    data = _load_json("map_base.json")
    assert data["counts"] == {"land": 77, "river": 36, "total": 113}
    assert list(board.MAP_ROWS) == data["rows_letters"]
    assert [
        {"color": t.color, "terrain": t.name.lower(), "letter": t.letter} for t in terrain.WHEEL
    ] == data["terrain_wheel"]
    ours = []
    for info in board.HEXES.values():
        river = info.terrain is None
        ours.append(
            {
                "id": info.id,
                "row": info.row,
                "col": info.col,
                "row_letter": info.row_letter,
                "color": "river" if info.terrain is None else info.terrain.color,
                "terrain": "river" if info.terrain is None else info.terrain.name.lower(),
                "letter": "~" if info.terrain is None else info.terrain.letter,
                "river": river,
                "edge": info.edge,
            }
        )
    assert ours == data["hexes"]
    assert {k: sorted(v) for k, v in board.NEIGHBOURS.items()} == {
        k: sorted(v) for k, v in data["adjacency"].items()
    }
    assert [list(pair) for pair in board.BRIDGE_SPOTS] == data["bridge_spots"]


@needs_shared
def test_map_matches_shared_csv() -> None:
    rows = _load_csv("map_base.csv")
    assert [row["id"] for row in rows] == list(board.HEXES)
    for row in rows:
        info = board.HEXES[row["id"]]
        assert (int(row["row"]), int(row["col"]), row["row_letter"]) == (
            info.row,
            info.col,
            info.row_letter,
        )
        assert row["river"] == str(int(info.is_river))
        assert row["edge"] == str(int(info.edge))
        if info.terrain is None:
            assert (row["color"], row["terrain"], row["letter"]) == ("river", "river", "~")
        else:
            assert row["color"] == info.terrain.color
            assert row["terrain"] == info.terrain.name.lower()
            assert row["letter"] == info.terrain.letter
    bridges = _load_csv("map_base_bridges.csv")
    assert [(r["hex_a"], r["hex_b"]) for r in bridges] == list(board.BRIDGE_SPOTS)


# -- factions ---------------------------------------------------------------------------


def _res(r: Resources) -> dict[str, int]:
    return r.as_dict()


def _income_table(income: tuple[Resources, ...]) -> dict[str, list[int]]:
    columns = {
        "C": [r.c for r in income],
        "W": [r.w for r in income],
        "P": [r.p for r in income],
        "PW": [r.pw for r in income],
    }
    return {key: values for key, values in columns.items() if any(values)}


def _stronghold_on_build(f: Faction) -> list[dict[str, int]] | None:
    sh = f.stronghold
    effect: dict[str, int] = dict(_res(sh.gain))
    if sh.action is not None and tiles.FACTION_ACTIONS[sh.action].needs_stronghold:
        effect[sh.action] = 1
    for key, value in (
        ("GAIN_FAVOR", sh.favor_tiles),
        ("SPADE", sh.spades),
        ("GAIN_SHIP", sh.shipping),
        ("GAIN_TELEPORT", sh.teleport_levels),
        ("CONVERT_W_TO_P", sh.workers_to_priests),
    ):
        if value:
            effect[key] = value
    return [effect] if effect else None


def _engine_fields(f: Faction) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    special: dict[str, Any] = {}
    if f.spade_gain:
        special = {"SPADE": _res(f.spade_gain), "mode": "gain"}
    if f.spade_gain_with_stronghold:
        special = {
            "SPADE": _res(f.spade_gain_with_stronghold),
            "mode": "gain",
            "enable_if": {"SH": 1},
        }
    if f.town_gain:
        special = {tile: _res(f.town_gain) for tile in tiles.TOWN_TILES} | {"mode": "gain"}
    if special:
        fields["special"] = special
    if f.exchange_overrides:
        rates: dict[str, dict[str, int]] = {}
        for (source, target), amount in f.exchange_overrides.items():
            rates.setdefault(source, {})[target] = amount
        fields["exchange_rates"] = rates
    if f.leech_accepted_cult_steps or f.leech_declined_power:
        fields["leech_effect"] = {
            "taken": {"CULT": f.leech_accepted_cult_steps},
            "not_taken": {"PW": f.leech_declined_power},
        }
    if f.teleport is not None:
        fields[f"{f.teleport.kind}_range"] = f.teleport.range
        fields[f"{f.teleport.kind}_max_range"] = f.teleport.max_range
    for action in tiles.FACTION_ACTIONS.values():
        if action.faction == f.name and not action.needs_stronghold:
            fields[action.id] = 1
    return fields


def _faction_as_shared(f: Faction) -> dict[str, Any]:
    """Our faction rebuilt in the shared factions.json schema (without prose)."""
    ship = f.shipping
    dig = f.digging
    tele = f.teleport
    buildings: dict[str, Any] = {}
    for building, track in f.buildings.items():
        entry: dict[str, Any] = {
            "cost": _res(track.cost),
            "max_count": track.count,
            "income_cumulative_by_count": _income_table(track.income),
            "on_build": None,
        }
        if building in (Building.TE, Building.SA) and track.favor_tiles != 1:
            entry["on_build"] = [{"GAIN_FAVOR": track.favor_tiles}] * track.count
        if building is Building.SH:
            entry["on_build"] = _stronghold_on_build(f)
        buildings[building.value] = entry
    result: dict[str, Any] = {
        "display_name": f.display_name,
        "faction_board_id": f.board_id,
        "color": f.color,
        "home_terrain": f.home.name.lower(),
        "start": {
            "VP": f.start.vp,
            "C": f.start.c,
            "W": f.start.w,
            "P": f.start.p,
            "power_bowls": list(f.start_power),
            "cults": {c.name: f.start_cults[c] for c in Cult},
            "initial_dwellings": f.dwellings_at_setup,
            "keys": 0,
            "bridges_available": common.BRIDGES_MAX,
            "priests_max": common.PRIESTS_MAX,
        },
        "shipping": None
        if ship is None
        else {
            "start_level": ship.start,
            "max_level": ship.max_level,
            "advance_cost": _res(ship.advance_cost),
            "advance_vp_by_current_level": list(ship.advance_vp),
        },
        "terraforming": {
            "start_level": 0,
            "max_level": dig.max_level,
            "cost_per_spade_by_level": [_res(c) for c in dig.spade_cost],
            "advance_cost": None if dig.advance_cost is None else _res(dig.advance_cost),
            "advance_vp": list(dig.advance_vp),
            "gain_per_spade": [{"VP": dig.vp_per_bought_spade, "SPADE": 1}]
            if dig.vp_per_bought_spade
            else None,
        },
        "teleport": None,
        "buildings": buildings,
    }
    if tele is not None:
        result["teleport"] = {
            "type": tele.kind,
            "level": 0,
            "max_level": tele.max_level,
            "cost": [_res(c) for c in tele.cost],
            "gain": [{"VP": vp} for vp in tele.vp],
        }
        if tele.range_per_level:
            result["teleport"]["advance_gain"] = [{f"{tele.kind}_range": tele.range_per_level}]
    fields = _engine_fields(f)
    if fields:
        result["engine_fields"] = fields
    return result


def _without_prose(faction: dict[str, Any]) -> dict[str, Any]:
    result = {k: v for k, v in faction.items() if k != "abilities"}
    result["buildings"] = {
        name: {k: v for k, v in entry.items() if k != "on_build_default"}
        for name, entry in faction["buildings"].items()
    }
    return result


@needs_shared
def test_factions_match_shared_json() -> None:
    data = _load_json("factions.json")
    assert set(data["factions"]) == set(FACTIONS)
    for name, shared in data["factions"].items():
        assert _faction_as_shared(FACTIONS[name]) == _without_prose(shared), name
    assert data["conventions"]["building_power_value"] == {
        b.value: v for b, v in common.BUILDING_POWER.items()
    }


def _cost_text(r: Resources) -> str:
    return f"{r.c}C+{r.w}W"


def _income_text(r: Resources) -> str:
    return "+".join(f"{v}{k}" for k, v in r.as_dict().items())


@needs_shared
def test_factions_match_shared_summary_csv() -> None:
    rows = _load_csv("factions_summary.csv")
    assert [row["faction"] for row in rows] == sorted(FACTIONS)
    for row in rows:
        f = FACTIONS[row["faction"]]
        b = f.buildings
        ours = {
            "display": f.display_name,
            "color": f.color,
            "home_terrain": f.home.name.lower(),
            "C": str(f.start.c),
            "W": str(f.start.w),
            "P": str(f.start.p),
            "bowl1": str(f.start_power[0]),
            "bowl2": str(f.start_power[1]),
            "bowl3": str(f.start_power[2]),
            **{c.name: str(f.start_cults[c]) for c in Cult},
            "initial_dwellings": str(f.dwellings_at_setup),
            "ship_start": "" if f.shipping is None else str(f.shipping.start),
            "ship_max": "0" if f.shipping is None else str(f.shipping.max_level),
            "dig_max": str(f.digging.max_level),
            **{f"{k.value}_cost": _cost_text(b[k].cost) for k in Building},
            "SH_income": _income_text(b[Building.SH].income[1]),
            "SA_income": _income_text(b[Building.SA].income[1]),
        }
        assert {k: row[k] for k in ours} == ours, row["faction"]


# -- tiles ------------------------------------------------------------------------------


def _power_action_gain(a: tiles.PowerAction) -> dict[str, int]:
    gain = _res(a.gain)
    if a.spades:
        gain["SPADE"] = a.spades
    if a.bridge:
        gain["BRIDGE"] = 1
    return gain


def _faction_action_gain(a: tiles.FactionAction) -> dict[str, int]:
    gain: dict[str, int] = {}
    if a.cult_steps:
        gain |= {"CULT": a.cult_steps, "CULTS_ON_SAME_TRACK": 1}
    if a.extra_actions:
        gain["GAIN_ACTION"] = a.extra_actions
    if a.bridge:
        gain["BRIDGE"] = 1
    if a.spades:
        gain["SPADE"] = a.spades
    if a.free_transform_adjacent:
        gain |= {"FREE_TF": 1, "TF_NEED_HEX_ADJACENCY": 1}
    if a.free_trading_house:
        gain["FREE_TP"] = 1
    if a.free_dwelling_anywhere_on_home:
        gain |= {"FREE_D": 1, "TELEPORT_NO_TF": 1}
    return gain


def _table(table: Any) -> dict[str, list[int]]:
    return {str(k): list(v) for k, v in table.items()}


@needs_shared
def test_actions_match_shared_json() -> None:
    data = _load_json("tiles.json")
    assert {
        k: {"cost": {"PW": a.cost_pw}, "gain": _power_action_gain(a)}
        for k, a in tiles.POWER_ACTIONS.items()
    } == {k: {"cost": v["cost"], "gain": v["gain"]} for k, v in data["power_actions"].items()}
    assert {
        k: {"cost": _res(a.cost), "gain": _faction_action_gain(a)}
        for k, a in tiles.FACTION_ACTIONS.items()
    } == data["faction_actions"]
    tile_actions = {k for k, kind in tiles.ACTION_IDS.items() if kind in ("bonus", "favor")}
    assert tile_actions == set(data["tile_actions"])


@needs_shared
def test_bonus_tiles_match_shared_json() -> None:
    data = _load_json("tiles.json")["bonus_tiles"]
    assert list(data) == list(tiles.BONUS_TILES)
    for key, shared in data.items():
        tile = tiles.BONUS_TILES[key]
        ours: dict[str, Any] = {"income": _res(tile.income)}
        pass_vp = _table(tile.pass_vp)
        if tile.pass_vp_by_shipping:
            pass_vp["ship"] = list(tile.pass_vp_by_shipping)
        if pass_vp:
            ours["pass_vp"] = pass_vp
        if tile.shipping_bonus:
            ours["special"] = {"ship": tile.shipping_bonus}
        if tile.option:
            ours["expansion_option"] = tile.option
        assert ours == {k: v for k, v in shared.items() if k != "summary"}, key
        assert ("action" in shared["summary"]) == (tile.action is not None)


@needs_shared
def test_favor_tiles_match_shared_json() -> None:
    data = _load_json("tiles.json")["favor_tiles"]
    assert list(data) == list(tiles.FAVOR_TILES)
    for key, shared in data.items():
        tile = tiles.FAVOR_TILES[key]
        gain = {tile.cult.name: tile.steps}
        if tile.town_power_reduction:
            gain["TOWN_SIZE"] = -tile.town_power_reduction
        ours: dict[str, Any] = {"gain": gain, "income": _res(tile.income), "copies": tile.copies}
        if tile.vp_on_build:
            ours["vp"] = {str(b): v for b, v in tile.vp_on_build.items()}
        if tile.pass_vp:
            ours["pass_vp"] = _table(tile.pass_vp)
        assert ours == {k: v for k, v in shared.items() if k != "summary"}, key


@needs_shared
def test_town_tiles_match_shared_json() -> None:
    data = _load_json("tiles.json")["town_tiles"]
    assert list(data) == list(tiles.TOWN_TILES)
    for key, shared in data.items():
        tile = tiles.TOWN_TILES[key]
        gain = _res(tile.reward) | {"KEY": tile.keys}
        if tile.cult_steps:
            gain |= {c.name: tile.cult_steps for c in Cult}
        if tile.shipping:
            gain["GAIN_SHIP"] = tile.shipping
        if tile.carpet_range:
            gain["carpet_range"] = tile.carpet_range
        ours: dict[str, Any] = {"gain": gain, "copies": tile.copies}
        if tile.option:
            ours["expansion_option"] = tile.option
        assert ours == {k: v for k, v in shared.items() if k != "summary"}, key


@needs_shared
def test_scoring_tiles_match_shared_json() -> None:
    data = _load_json("tiles.json")["scoring_tiles"]
    assert list(data) == list(tiles.SCORING_TILES)
    for key, shared in data.items():
        tile = tiles.SCORING_TILES[key]
        income = _res(tile.reward)
        if tile.reward_spades:
            income["SPADE"] = tile.reward_spades
        vp: dict[str, int] = {str(b): v for b, v in tile.vp_per_building.items()}
        if tile.vp_per_spade:
            vp["SPADE"] = tile.vp_per_spade
        if tile.vp_per_town:
            vp |= dict.fromkeys(tiles.TOWN_TILES, tile.vp_per_town)
        ours: dict[str, Any] = {
            "cult": "CULT_P" if tile.cult is None else tile.cult.name,
            "req": tile.cult_steps,
            "income": income,
            "vp": vp,
            "vp_mode": "gain" if tile.vp_per_spade or tile.vp_per_town else "build",
        }
        if tile.option:
            ours["expansion_option"] = tile.option
        keep = set(ours) | {"expansion_option"}
        assert ours == {k: v for k, v in shared.items() if k in keep}, key


@needs_shared
def test_cult_board_and_final_scoring_match_shared_json() -> None:
    data = _load_json("tiles.json")
    board_data = data["cult_board"]
    assert board_data["tracks"] == [c.name for c in Cult]
    assert board_data["max_level"] == cults.CULT_MAX
    assert board_data["priest_spaces_per_track"] == list(cults.PRIEST_SPACES)
    assert board_data["power_on_reaching"] == {str(k): v for k, v in cults.CULT_POWER_BONUSES}
    final = data["final_scoring"]
    assert final["network"]["points"] == list(board.NETWORK_FINAL_VP)
    assert final["cults"]["points"] == list(cults.CULT_FINAL_VP)
    assert data["pool_limits"]["carpet_range_increases_total"] == (
        FACTIONS["fakirs"].teleport.max_range - FACTIONS["fakirs"].teleport.range
        if FACTIONS["fakirs"].teleport is not None
        else None
    )
