"""The mat's actions (rulebook "Horní akce", "Spodní akce") and the Factory card's.

Top: Move/Gain, Bolster, Trade, Produce (the Mine, Monument, Armory and Mill
improve them).  Bottom: Upgrade, Deploy, Build, Enlist, paid first in full from
territories the player controls, then the effect, the coins and the ongoing
enlist bonuses of the player and both neighbours.  Rewards may be taken in part.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, compress
from typing import TYPE_CHECKING, Final

from tabletop.games.scythe import stars
from tabletop.games.scythe.board import (
    BASE,
    INDEX,
    IS_LAKE,
    POSITIONS,
    PRODUCTION,
    RESOURCE_INDEX,
    RESOURCES,
    TERRITORY_COUNT,
    name,
)
from tabletop.games.scythe.board import (
    WORKER as PRODUCES_WORKER,
)
from tabletop.games.scythe.data.factions import ENLIST_BONUSES, FACTIONS
from tabletop.games.scythe.data.factory_cards import FACTORY_CARDS
from tabletop.games.scythe.data.mats import (
    BOTTOM_ACTIONS,
    BOTTOM_RESOURCE,
    ONGOING_BONUS,
    PRODUCE_COSTS,
)
from tabletop.games.scythe.hooks import AUTOMA, FLOW
from tabletop.games.scythe.movement import (
    CHARACTER,
    MECH,
    WORKER,
    Mover,
    cargo_at,
    cargo_options,
    cargo_text,
    parse_cargo,
    step_targets,
)
from tabletop.games.scythe.state import (
    MAX_POPULARITY,
    MAX_POWER,
    NO_STRUCTURE,
    STRUCTURES,
    UPGRADE_KEYS,
)

if TYPE_CHECKING:
    from tabletop.games.scythe.game import ScytheState

#: Resource pairs and singles a Trade may take, canonical text.
_TRADE_PICKS: Final = [
    "+".join(RESOURCES[i] for i in combo)
    for k in (2, 1)
    for combo in combinations_with_replacement(range(4), k)
]
#: ``trade PICK at POS`` for every pick, by position.
_TRADE_TEXTS: Final = [
    [f"trade {pick} at {name(p)}" for pick in _TRADE_PICKS] for p in range(POSITIONS)
]


# -- small effects shared with encounters and Factory cards ---------------------------------------
def gain_power(st: ScytheState, seat: int, n: int) -> None:
    player = st.players[seat]
    player.power = min(MAX_POWER, player.power + n)


def gain_popularity(st: ScytheState, seat: int, n: int) -> None:
    player = st.players[seat]
    player.popularity = max(0, min(MAX_POPULARITY, player.popularity + n))


def draw_cards(st: ScytheState, seat: int, n: int) -> None:
    """Draw combat cards; an empty deck is refilled from the shuffled discards, and
    when both are empty no card is drawn ("Bojové karty")."""
    player = st.players[seat]
    for _ in range(n):
        if not st.combat_deck:
            if not st.combat_discard:
                break
            st.combat_deck = st.combat_discard
            st.combat_discard = []
            st.rng.shuffle(st.combat_deck)
        player.cards.append(st.combat_deck.pop())
    player.cards.sort()


def worker_spots(st: ScytheState, seat: int) -> list[int]:
    """Territories with the seat's worker where something may be placed (no lakes)."""
    workers = st.board.workers[seat]
    return [p for p in range(TERRITORY_COUNT) if workers[p] and not IS_LAKE[p]]


def upgrade_choices(st: ScytheState, seat: int) -> list[str]:
    """``KEY to BOTTOM``: a cube from a top space to a bottom cost space ("Vylepšení")."""
    player = st.players[seat]
    keys = [k for i, k in enumerate(UPGRADE_KEYS) if not player.upgraded[i]]
    bottoms = [
        b
        for i, b in enumerate(BOTTOM_ACTIONS)
        if player.cubes[i] < player.columns[i].cost - player.columns[i].min_cost
    ]
    return [f"{k} to {b}" for k in keys for b in bottoms]


def do_upgrade(st: ScytheState, seat: int, key: str, bottom: str) -> None:
    player = st.players[seat]
    player.upgraded[UPGRADE_KEYS.index(key)] = True
    player.cubes[BOTTOM_ACTIONS.index(bottom)] += 1


def mech_choices(st: ScytheState, seat: int) -> list[str]:
    player = st.players[seat]
    return [m for m in FACTIONS[player.faction].mech_abilities if m not in player.mechs]


def do_deploy(st: ScytheState, seat: int, ability: str, pos: int) -> None:
    """A mech onto ``pos``; its ability is unlocked for the character and all mechs."""
    st.players[seat].mechs.append(ability)
    st.board.mechs[seat][pos] += 1


def structure_choices(st: ScytheState, seat: int) -> list[str]:
    player = st.players[seat]
    return [s for i, s in enumerate(STRUCTURES) if player.structures[i] == NO_STRUCTURE]


def do_build(st: ScytheState, seat: int, structure: str, pos: int) -> None:
    kind = STRUCTURES.index(structure)
    st.fresh.append(structure)  # its bonus works from the next turn ("Bonus")
    st.players[seat].structures[kind] = pos
    st.board.structure[pos] = seat * 4 + kind


def enlist_choices(st: ScytheState, seat: int) -> list[str]:
    """``BOTTOM for BONUS``: a recruit from under a bottom action onto a one-time bonus."""
    player = st.players[seat]
    used = set(player.recruits.values())
    return [
        f"{b} for {bonus}"
        for b in BOTTOM_ACTIONS
        if b not in player.recruits
        for bonus in ENLIST_BONUSES
        if bonus not in used
    ]


def do_enlist(st: ScytheState, seat: int, bottom: str, bonus: str) -> None:
    """Enlist: the one-time bonus now; the ongoing one from the next turn on."""
    st.fresh.append(bottom)
    st.players[seat].recruits[bottom] = bonus
    if bonus == "power":
        gain_power(st, seat, 2)
    elif bonus == "coins":
        st.players[seat].coins += 2
    elif bonus == "popularity":
        gain_popularity(st, seat, 2)
    else:
        draw_cards(st, seat, 2)


def place_workers(st: ScytheState, seat: int, pos: int, n: int) -> int:
    """Up to ``n`` workers from the mat onto ``pos`` (the leftmost first); how many."""
    player = st.players[seat]
    n = min(n, player.workers_on_mat)
    player.workers_on_mat -= n
    st.board.workers[seat][pos] += n
    return n


# -- top actions ------------------------------------------------------------------------------
def top_texts(st: ScytheState) -> list[str]:
    seat = st.active
    player = st.players[seat]
    if st.section == 4:
        return factory_top_texts(st)
    top = player.columns[st.section].top
    out: list[str] = []
    if top == "move":
        out.extend(unit_starts(st, player.upgrade_value("move.units")))
        out.extend(f"gain {n}" for n in range(player.upgrade_value("move.coins"), 0, -1))
    elif top == "bolster":
        if player.coins >= 1:
            out.extend(
                f"bolster power {n}" for n in range(player.upgrade_value("bolster.power"), 0, -1)
            )
            out.extend(
                f"bolster cards {n}" for n in range(player.upgrade_value("bolster.cards"), 0, -1)
            )
            if player.structures[STRUCTURES.index("monument")] != NO_STRUCTURE:
                out.append("bolster power 0")
    elif top == "trade":
        if player.coins >= 1:
            out.extend(
                f"trade popularity {n}"
                for n in range(player.upgrade_value("trade.popularity"), 0, -1)
            )
            if player.structures[STRUCTURES.index("armory")] != NO_STRUCTURE:
                out.append("trade popularity 0")
            for pos in worker_spots(st, seat):
                if st.controls(seat, pos):
                    out.extend(_TRADE_TEXTS[pos])
    elif top == "produce" and produce_cost_payable(st, seat):
        left = player.upgrade_value("produce.territories")
        out.extend(produce_texts(st, left, _mill(st, seat) >= 0, []))
    return out


def apply_top(st: ScytheState, words: list[str]) -> None:

    seat = st.active
    player = st.players[seat]
    verb = words[0]
    if verb == "card":
        apply_card(st, words)
        return
    if verb == "move":
        st.after_move = "bottom"
        apply_move(st, words)
        return
    if verb == "produce":
        _pay_produce_cost(st, seat)
        st.produce_left = player.upgrade_value("produce.territories")
        st.produce_mill = _mill(st, seat) >= 0
        st.produced = []
        apply_produce(st, words)
        return
    if verb == "gain":
        player.coins += int(words[1])
    elif verb == "bolster":
        player.coins -= 1
        n = int(words[2])
        if words[1] == "power":
            gain_power(st, seat, n)
        else:
            draw_cards(st, seat, n)
        if player.structures[STRUCTURES.index("monument")] != NO_STRUCTURE:
            gain_popularity(st, seat, 1)  # the Monument ("Památník")
    elif verb == "trade":
        player.coins -= 1
        if words[1] == "popularity":
            gain_popularity(st, seat, int(words[2]))
        else:
            pos = INDEX[words[3]]
            for r in words[1].split("+"):
                st.board.res[pos * 4 + RESOURCE_INDEX[r]] += 1
        if player.structures[STRUCTURES.index("armory")] != NO_STRUCTURE:
            gain_power(st, seat, 1)  # the Armory ("Zbrojnice")
    stars.check(st, seat)
    FLOW.go_bottom(st)


# -- Move ----------------------------------------------------------------------------------------
def _steps_allowed(st: ScytheState, seat: int, kind: str) -> int:
    speed = kind != WORKER and st.players[seat].has("speed")
    return 1 + speed + st.factory_move


def _can_leave(st: ScytheState, seat: int, kind: str, pos: int) -> bool:
    """Nothing may be left alone on a lake: the character leaves a lake with
    workers on it only if a mech stays with them."""
    if not IS_LAKE[pos] or kind != CHARACTER:
        return True
    return not st.board.workers[seat][pos] or st.board.mechs[seat][pos] > 0


#: ``move KIND FROM>TO`` for every kind and pair of positions: ``_MOVE_TEXT[kind][frm][to]``.
_MOVE_TEXT: Final = {
    kind: [[f"move {kind} {name(a)}>{name(b)}" for b in range(POSITIONS)] for a in range(POSITIONS)]
    for kind in (CHARACTER, MECH, WORKER)
}
_POSITIONS: Final = range(POSITIONS)
_TERRITORIES: Final = range(TERRITORY_COUNT)


def _enemy_positions(st: ScytheState, seat: int) -> tuple[set[int], set[int]]:
    """Where other seats have units (workers never enter those), and where they
    have a character or mech (workers never leave those)."""
    board = st.board
    fighters: set[int] = set()
    enemy: set[int] = set()
    for s in range(st.num_players):
        if s != seat:
            fighters.update(compress(_POSITIONS, board.mechs[s]))
            fighters.add(st.players[s].char)
            enemy.update(compress(_POSITIONS, board.workers[s]))
    enemy |= fighters
    return enemy, fighters


def _unit_steps(st: ScytheState, first_only: bool) -> list[str]:
    """``move KIND FROM>TO`` for every unit that has not moved in this action
    (``first_only``: stop at the first unit that can move, to test for one)."""
    seat = st.active
    player = st.players[seat]
    board = st.board
    # Inactive bases are reached by Wayfare only.
    mover = Mover(st, seat, st.inactive_bases() if player.has("wayfare") else ())
    out: list[str] = []
    char = player.char
    if not st.char_moved and _can_leave(st, seat, CHARACTER, char):
        texts = _MOVE_TEXT[CHARACTER][char]
        out.extend([texts[t] for t in mover.targets(CHARACTER, char)])
        if first_only and out:
            return out
    mechs = board.mechs[seat]
    moved = st.moved_m
    for pos in compress(_POSITIONS, mechs):
        if mechs[pos] > moved.get(pos, 0):
            texts = _MOVE_TEXT[MECH][pos]
            out.extend([texts[t] for t in mover.targets(MECH, pos)])
            if first_only and out:
                return out
    workers = board.workers[seat]
    moved = st.moved_w
    for pos in compress(_POSITIONS, workers):
        if workers[pos] > moved.get(pos, 0):
            if mover.enemy is None:
                mover.enemy, mover.fighters = _enemy_positions(st, seat)
            texts = _MOVE_TEXT[WORKER][pos]
            out.extend([texts[t] for t in mover.targets(WORKER, pos)])
            if first_only and out:
                return out
    return out


def unit_starts(st: ScytheState, moves_left: int = -1) -> list[str]:
    """``move KIND FROM>TO`` for every unit that has not moved in this action."""
    if (st.moves_left if moves_left < 0 else moves_left) <= 0:
        return []
    return _unit_steps(st, first_only=False)


def can_start_unit(st: ScytheState) -> bool:
    """Whether :func:`unit_starts` lists anything (without listing it all)."""
    return st.moves_left > 0 and bool(_unit_steps(st, first_only=True))


def motion_steps(st: ScytheState) -> list[str]:
    kind, pos = st.motion[0], st.motion[1]
    seat = st.active
    if not _can_leave(st, seat, kind, pos):
        return []
    inactive = st.inactive_bases() if st.players[seat].has("wayfare") else ()
    texts = _MOVE_TEXT[kind][pos]
    return [texts[t] for t in step_targets(st, seat, kind, pos, inactive)]


def _must_take_all(st: ScytheState, seat: int, kind: str, pos: int) -> bool:
    if not IS_LAKE[pos]:
        return False
    others = (
        st.board.mechs[seat][pos]
        - (kind == MECH)
        + (st.players[seat].char == pos and kind != CHARACTER)
    )
    return others == 0


#: ``carry ...`` choices by the most that may be carried (bounded).
_CARRY_TEXTS: dict[tuple[int, ...], list[str]] = {}
_MAX_CARRY_TEXTS: Final = 1 << 12


def carry_texts(st: ScytheState) -> list[str]:
    kind, frm = st.pending_step[0], st.pending_step[1]
    seat = st.active
    must = _must_take_all(st, seat, kind, frm)
    if must:
        return [cargo_text(cargo_at(st, seat, kind, frm))]
    # The choices depend only on what lies there: the texts are remembered.
    most = cargo_at(st, seat, kind, frm)
    texts = _CARRY_TEXTS.get(most)
    if texts is None:
        texts = [cargo_text(c) for c in cargo_options(st, seat, kind, frm, False)]
        if len(_CARRY_TEXTS) < _MAX_CARRY_TEXTS:
            _CARRY_TEXTS[most] = texts
    return texts[:]


def apply_move(st: ScytheState, words: list[str]) -> None:
    """``move KIND A>B``, ``carry ...``, ``stop`` and ``done`` of a Move action."""
    seat = st.active
    verb = words[0]
    if verb == "done":
        _end_move(st)
        return
    if verb == "stop":
        _end_motion(st)
        return
    if verb == "carry":
        kind, frm, to = st.pending_step
        st.pending_step = []
        _step(st, str(kind), int(frm), int(to), parse_cargo(words[1:]))
        return
    kind = words[1]
    a, b = words[2].split(">")
    frm, to = INDEX[a], INDEX[b]
    if not st.motion:  # a new unit starts moving
        if st.phase == "top":
            st.moves_left = st.players[seat].upgrade_value("move.units")
            st.phase = "move"
        st.moves_left -= 1
        st.motion = [kind, frm, _steps_allowed(st, seat, kind), frm, 0]
    most = cargo_at(st, seat, kind, frm)
    if not any(most) or _must_take_all(st, seat, kind, frm):  # no choice
        _step(st, kind, frm, to, most)
    else:
        st.pending_step = [kind, frm, to]
        st.phase = "carry"


def _step(st: ScytheState, kind: str, frm: int, to: int, cargo: tuple[int, ...]) -> None:
    seat = st.active
    player = st.players[seat]
    board = st.board
    if kind == CHARACTER:
        player.char = to
    elif kind == MECH:
        board.mechs[seat][frm] -= 1
        board.mechs[seat][to] += 1
    else:
        board.workers[seat][frm] -= 1
        board.workers[seat][to] += 1
    carried = cargo[0]
    if carried:
        board.workers[seat][frm] -= carried
        board.workers[seat][to] += carried
        # Carried workers that already moved go first: the unmoved keep their move.
        moved = min(carried, st.moved_w.get(frm, 0))
        if moved:
            st.moved_w[frm] -= moved
            st.moved_w[to] = st.moved_w.get(to, 0) + moved
    res = board.res
    for k in range(4):
        n = cargo[k + 1]
        if n:
            res[frm * 4 + k] -= n
            res[to * 4 + k] += n
    motion = st.motion
    motion[1] = to
    motion[2] -= 1
    motion[4] = carried
    stop = False
    if kind != WORKER and st.enemy_units(seat, to):
        stop = True
        if not st.enemy_combat_units(seat, to):
            _drive_off_workers(st, seat, to)
    if kind == CHARACTER and board.encounter[to]:
        stop = True
    if stop or motion[2] <= 0 or not motion_steps(st):
        _end_motion(st)
    else:
        st.phase = "motion"


def _drive_off_workers(st: ScytheState, seat: int, pos: int) -> None:
    """A character or mech entering a territory held only by workers sends them
    home; the mover loses 1 popularity per worker ("Pohyb na soupeřem kontrolované území")."""
    board = st.board
    for other in range(st.num_players):
        n = board.workers[other][pos] if other != seat else 0
        if n:
            board.workers[other][pos] = 0
            board.workers[other][BASE[st.players[other].faction]] += n
            gain_popularity(st, seat, -n)
            st.forced_retreat = True
            if st.is_automa(other):
                AUTOMA.resource_box(st, pos)


def _end_motion(st: ScytheState) -> None:
    kind, pos, _, origin, carried = st.motion
    st.motion = []
    if kind == MECH:
        st.moved_m[pos] = st.moved_m.get(pos, 0) + 1
    elif kind == WORKER:
        st.moved_w[pos] = st.moved_w.get(pos, 0) + 1
    else:
        st.char_moved = True
    st.move_log.append([kind, origin, pos, carried])
    if can_start_unit(st):
        st.phase = "move"
    else:
        _end_move(st)


def _end_move(st: ScytheState) -> None:

    st.moves_left = 0
    if not st.after_move:
        st.after_move = "bottom"
    FLOW.after_move(st)


# -- Produce -------------------------------------------------------------------------------------
def _produce_cost(st: ScytheState, seat: int) -> list[str]:
    workers = st.workers_on_board(seat)
    return [what for threshold, what in PRODUCE_COSTS if workers >= threshold]


def produce_cost_payable(st: ScytheState, seat: int) -> bool:
    """The Produce cost by workers on the board must be paid in full ("Platba je povinná")."""
    player = st.players[seat]
    have = {"power": player.power, "popularity": player.popularity, "coins": player.coins}
    return all(have[what] >= 1 for what in _produce_cost(st, seat))


def _pay_produce_cost(st: ScytheState, seat: int) -> None:
    player = st.players[seat]
    for what in _produce_cost(st, seat):
        if what == "power":
            player.power -= 1
        elif what == "popularity":
            player.popularity -= 1
        else:
            player.coins -= 1


def _mill(st: ScytheState, seat: int) -> int:
    """The Mill's territory if the seat controls it (the Mill works only then), else -1."""
    pos = st.players[seat].structures[STRUCTURES.index("mill")]
    return pos if pos != NO_STRUCTURE and st.controls(seat, pos) else -1


def produce_texts(
    st: ScytheState, left: int = -1, mill_ok: bool | None = None, produced: list[int] | None = None
) -> list[str]:
    """``produce POS N``: each worker there makes one resource (or worker), the
    Mill one more; fewer may be taken ("Produkce").  The arguments give the
    production's progress (default: the state's own)."""
    seat = st.active
    if left < 0:
        left, mill_ok, produced = st.produce_left, st.produce_mill, st.produced
    assert produced is not None
    workers = st.board.workers[seat]
    on_mat = st.players[seat].workers_on_mat
    mill = _mill(st, seat) if mill_ok else -1
    out: list[str] = []
    # Only territories with the seat's workers, and the Mill's, may produce.
    where = list(compress(_TERRITORIES, workers))
    if mill >= 0 and not workers[mill]:
        where = sorted([*where, mill])
    for pos in where:
        kind = PRODUCTION[pos]
        if kind is None or pos in produced:
            continue
        most = workers[pos]
        if pos == mill:
            most += 1
        elif left <= 0 or not most or not st.controls(seat, pos):
            continue
        if kind == PRODUCES_WORKER:
            most = min(most, on_mat)
        out.extend(f"produce {name(pos)} {n}" for n in range(most, 0, -1))
    return out


def apply_produce(st: ScytheState, words: list[str]) -> None:

    seat = st.active
    if words[0] == "done":
        FLOW.go_bottom(st)
        return
    pos, n = INDEX[words[1]], int(words[2])
    if st.produce_mill and pos == _mill(st, seat):
        st.produce_mill = False
    else:
        st.produce_left -= 1
    st.produced.append(pos)
    kind = PRODUCTION[pos]
    if kind == PRODUCES_WORKER:
        place_workers(st, seat, pos, n)
    else:
        assert kind is not None
        st.board.res[pos * 4 + kind] += n
    stars.check(st, seat)
    if st.ending or not produce_texts(st):
        FLOW.go_bottom(st)
    else:
        st.phase = "produce"


# -- paying resources -------------------------------------------------------------------------
def can_pay(st: ScytheState, seat: int, resource: int, n: int) -> bool:
    """Resources are spent only from controlled territories; Crimea's Coercion
    may spend one combat card per turn as any resource."""
    need = n - _coercion(st, seat)
    if need <= 0:
        return True
    # Counting stops as soon as it is enough; not enough on the whole board is quick.
    piles = st.board.res[resource::4]
    if sum(piles) < need:
        return False
    have = 0
    for p in compress(_TERRITORIES, piles):
        if st.controls(seat, p):
            have += piles[p]
            if have >= need:
                return True
    return False


def _coercion(st: ScytheState, seat: int) -> int:
    player = st.players[seat]
    return int(player.faction == "crimea" and not player.coercion_used and bool(player.cards))


def pay_texts(st: ScytheState) -> list[str]:
    seat = st.active
    player = st.players[seat]
    out: list[str] = []
    if st.pay_left > 0:
        # Tokens of one kind on one territory are alike: one decision says how many of
        # them pay ("zaplatit 3 železa z jednoho nebo více území"), not one per token.
        # Only amounts after which the rest can still be paid (elsewhere, or by Coercion).
        r, left = st.pay_res, st.pay_left
        piles = st.board.res
        spare = st.controlled_amount(seat, r) + _coercion(st, seat)
        for p in st.controlled_piles(seat, r):
            here = piles[p * 4 + r]
            least = max(1, left - (spare - here))
            most = min(here, left)
            out.extend(f"pay {k} {RESOURCES[r]} from {name(p)}" for k in range(most, least - 1, -1))
        if _coercion(st, seat):
            out.extend(f"pay card {v}" for v in sorted(set(player.cards)))
    elif st.pay_card_left > 0:
        out.extend(f"pay card {v}" for v in sorted(set(player.cards)))
    return out


def _start_payment(st: ScytheState, text: str, resource: int, n: int, cards: int) -> None:
    st.after_pay = text
    st.pay_res = resource
    st.pay_left = n
    st.pay_card_left = cards
    _continue_payment(st)


def _continue_payment(st: ScytheState) -> None:
    """Pay automatically while there is no real choice; then carry out the action."""
    seat = st.active
    while st.pay_left > 0 or st.pay_card_left > 0:
        options = pay_texts(st)
        if st.pay_left > 0 and not _coercion(st, seat):
            total = st.controlled_amount(seat, st.pay_res)
            if total == st.pay_left:  # everything must go: no choice
                for p in st.controlled_piles(seat, st.pay_res):
                    st.board.res[p * 4 + st.pay_res] = 0
                st.pay_left = 0
                continue
        if len(options) != 1:
            st.phase = "pay"
            return
        _pay_one(st, options[0].split())
    text = st.after_pay
    st.after_pay = ""
    st.pay_res = -1
    if text.startswith("card"):
        _do_card(st, text.split())
    else:
        _do_bottom(st, text)


def _pay_one(st: ScytheState, words: list[str]) -> None:
    player = st.players[st.active]
    if words[1] == "card":
        player.cards.remove(int(words[2]))
        st.combat_discard.append(int(words[2]))
        if st.pay_left > 0:
            player.coercion_used = True
            st.pay_left -= 1
        else:
            st.pay_card_left -= 1
    else:  # pay N RESOURCE from POS
        count, pos = int(words[1]), INDEX[words[4]]
        st.board.res[pos * 4 + RESOURCE_INDEX[words[2]]] -= count
        st.pay_left -= count


def apply_pay(st: ScytheState, words: list[str]) -> None:
    _pay_one(st, words)
    _continue_payment(st)


# -- bottom actions --------------------------------------------------------------------------
def bottom_texts(st: ScytheState) -> list[str]:
    """The section's bottom action, if its cost can be paid in full."""
    seat = st.active
    player = st.players[seat]
    column = player.columns[st.section]
    bottom = column.bottom
    cost = player.bottom_cost(st.section)
    if not can_pay(st, seat, RESOURCE_INDEX[BOTTOM_RESOURCE[bottom]], cost):
        return []
    if bottom == "upgrade":
        effects = [f"upgrade {c}" for c in upgrade_choices(st, seat)]
    elif bottom == "deploy":
        spots = worker_spots(st, seat)
        effects = [f"deploy {m} at {name(p)}" for m in mech_choices(st, seat) for p in spots]
    elif bottom == "build":
        spots = [p for p in worker_spots(st, seat) if st.board.structure[p] == NO_STRUCTURE]
        effects = [f"build {s} at {name(p)}" for s in structure_choices(st, seat) for p in spots]
    else:
        effects = [f"enlist {c}" for c in enlist_choices(st, seat)]
    # Partial rewards: the main effect or the coins may be declined ("Dokončení akce").
    # Declining both would pay the cost for nothing at all: not offered.
    if column.coins:
        effects += [f"{e} without coins" for e in effects]
    effects.append(f"{bottom} nothing")
    return effects


def apply_bottom(st: ScytheState, text: str) -> None:
    seat = st.active
    player = st.players[seat]
    bottom = text.split()[0]
    resource = RESOURCE_INDEX[BOTTOM_RESOURCE[bottom]]
    _start_payment(st, text, resource, player.bottom_cost(st.section), 0)


def _do_bottom(st: ScytheState, text: str) -> None:

    seat = st.active
    player = st.players[seat]
    words = text.split()
    bottom = words[0]
    # Ongoing bonuses of recruits enlisted before this action ("Průběžný bonus"):
    # the active player, then the left neighbour, then the right one.
    receivers = [
        s
        for s in [seat, *st.neighbours_of(seat)]
        if bottom in st.players[s].recruits and not (s == seat and bottom in st.fresh)
    ]
    if words[1] != "nothing":
        if bottom == "upgrade":
            do_upgrade(st, seat, words[1], words[3])
        elif bottom == "deploy":
            do_deploy(st, seat, words[1], INDEX[words[3]])
        elif bottom == "build":
            do_build(st, seat, words[1], INDEX[words[3]])
        else:
            do_enlist(st, seat, words[1], words[3])
    stars.check(st, seat)
    if words[-1] != "coins" or words[-2] != "without":
        player.coins += player.columns[st.section].coins
    bonus = ONGOING_BONUS[bottom]
    for s in receivers:
        if bonus == "power":
            gain_power(st, s, 1)
        elif bonus == "coins":
            st.players[s].coins += 1
        elif bonus == "popularity":
            gain_popularity(st, s, 1)
        else:
            draw_cards(st, s, 1)
        stars.check(st, s)
    FLOW.end_of_actions(st)


# -- the Factory card's top action -------------------------------------------------------------
def _card_cost_payable(st: ScytheState, seat: int, cost: tuple[tuple[str, int], ...]) -> bool:
    player = st.players[seat]
    have = {
        "card": len(player.cards),
        "coins": player.coins,
        "power": player.power,
        "popularity": player.popularity,
    }
    return all(have[what] >= n for what, n in cost)


def _effect_texts(st: ScytheState, seat: int, effect: str, n: int) -> list[str]:
    if effect in ("coins", "popularity", "power"):
        return [f"card {effect} {k}" for k in range(n, 0, -1)]
    if effect == "upgrade":
        return [f"card upgrade {c}" for c in upgrade_choices(st, seat)]
    if effect == "enlist":
        return [f"card enlist {c}" for c in enlist_choices(st, seat)]
    if effect == "deploy":
        spots = worker_spots(st, seat)
        return [f"card deploy {m} at {name(p)}" for m in mech_choices(st, seat) for p in spots]
    if effect == "build":
        spots = [p for p in worker_spots(st, seat) if st.board.structure[p] == NO_STRUCTURE]
        return [f"card build {s} at {name(p)}" for s in structure_choices(st, seat) for p in spots]
    if effect == "resource":
        spots = [p for p in worker_spots(st, seat) if st.controls(seat, p)]
        picks = [
            "+".join(RESOURCES[i] for i in combo)
            for k in range(n, 0, -1)
            for combo in combinations_with_replacement(range(4), k)
        ]
        return [f"card resources {pick} at {name(p)}" for p in spots for pick in picks]
    if effect == "produce":
        # Factory actions get no structure bonus: no Mill.
        return ["card " + t for t in produce_texts(st, n, False, [])]
    raise AssertionError(effect)  # pragma: no cover


def factory_top_texts(st: ScytheState) -> list[str]:
    """The Factory card's top action: its cost in full, then its effect (one of
    two when the card says OR); its fixed extra gain comes with the effect."""
    seat = st.active
    card = FACTORY_CARDS[st.players[seat].factory]
    if not _card_cost_payable(st, seat, card.cost):
        return []
    effects = card.gains if card.choose_one else card.gains[:1]
    out: list[str] = []
    for effect, n in effects:
        out.extend(_effect_texts(st, seat, effect, n))
    if not card.choose_one:
        # Partial reward: the main effect declined, the extra gain taken alone.
        out.extend(f"card {extra} {n}" for extra, n in card.gains[1:])
    return out


def apply_card(st: ScytheState, words: list[str]) -> None:
    seat = st.active
    player = st.players[seat]
    card = FACTORY_CARDS[player.factory]
    cards_to_pay = 0
    for what, n in card.cost:
        if what == "coins":
            player.coins -= n
        elif what == "power":
            player.power -= n
        elif what == "popularity":
            player.popularity -= n
        else:
            cards_to_pay += n
    _start_payment(st, " ".join(words), -1, 0, cards_to_pay)


def _do_card(st: ScytheState, words: list[str]) -> None:

    seat = st.active
    player = st.players[seat]
    card = FACTORY_CARDS[player.factory]
    effect = words[1]
    if effect == "produce":
        st.produce_left = card.gains[0][1]
        st.produce_mill = False
        st.produced = []
        apply_produce(st, words[1:])
        return
    if effect == "coins":
        player.coins += int(words[2])
    elif effect == "popularity":
        gain_popularity(st, seat, int(words[2]))
    elif effect == "power":
        gain_power(st, seat, int(words[2]))
    elif effect == "upgrade":
        do_upgrade(st, seat, words[2], words[4])
    elif effect == "enlist":
        do_enlist(st, seat, words[2], words[4])
    elif effect == "deploy":
        do_deploy(st, seat, words[2], INDEX[words[4]])
    elif effect == "build":
        do_build(st, seat, words[2], INDEX[words[4]])
    elif effect == "resources":
        pos = INDEX[words[4]]
        for r in words[2].split("+"):
            st.board.res[pos * 4 + RESOURCE_INDEX[r]] += 1
    if not card.choose_one and effect == card.gains[0][0]:
        for extra, n in card.gains[1:]:
            if extra == "popularity":
                gain_popularity(st, seat, n)
            elif extra == "power":
                gain_power(st, seat, n)
    stars.check(st, seat)
    FLOW.go_bottom(st)
