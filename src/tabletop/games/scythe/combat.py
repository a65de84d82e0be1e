"""Combat (rulebook "Boj").

After all moves, a battle is fought on every territory where the active player's
character or mechs meet another player's, in the order the attacker chooses.
Before it, the attacker's then the defender's combat ability (Artillery, Scout;
Disarm acts by itself).  Then both choose in secret and at once a power (at most
7 and at most their power) and combat cards (one per character or mech there;
People's Army one more).  The higher total wins, ties go to the attacker; both
pay the power they dialled and discard their cards.  The loser's units go home
(Seaworthy: or to an adjacent lake), its resources stay; a loser who committed
anything draws a card; the winner places a combat star (two at most, Saxony
unlimited).  An attacker who wins loses 1 popularity per worker sent home
(not with Camaraderie).
"""

from __future__ import annotations

from itertools import combinations_with_replacement, compress
from typing import TYPE_CHECKING

from tabletop.games.scythe import encounters, stars
from tabletop.games.scythe.actions import draw_cards, gain_popularity
from tabletop.games.scythe.board import ADJACENT, BASE, INDEX, IS_LAKE, IS_TUNNEL, POSITIONS, name
from tabletop.games.scythe.hooks import AUTOMA, FLOW
from tabletop.games.scythe.movement import CHARACTER, MECH
from tabletop.games.scythe.state import OFF_BOARD, STRUCTURES

if TYPE_CHECKING:
    from tabletop.games.scythe.game import ScytheState

MAX_DIAL = 7
_MINE = STRUCTURES.index("mine")


def battles(st: ScytheState) -> list[int]:
    """Territories where the active seat's character or mechs meet another seat's."""
    seat = st.active
    mine = {st.players[seat].char, *compress(range(POSITIONS), st.board.mechs[seat])}
    mine.discard(OFF_BOARD)  # the Automa's character waiting on its mat
    return sorted(
        p for p in mine if st.has_combat_units(seat, p) and st.enemy_combat_units(seat, p)
    )


def start(st: ScytheState, pos: int) -> None:
    seat = st.active
    st.battle_pos = pos
    st.battle_def = next(
        s for s in range(st.num_players) if s != seat and st.has_combat_units(s, pos)
    )
    st.commits = {}
    _abilities(st, "attacker")


def _opponent(st: ScytheState, seat: int) -> int:
    return st.battle_def if seat == st.active else st.active


def _abilities(st: ScytheState, role: str) -> None:
    """The attacker's combat ability first, then the defender's ("Výhoda útočníka")."""
    roles = ["attacker", "defender"] if role == "attacker" else ["defender"]
    for r in roles:
        seat = st.active if r == "attacker" else st.battle_def
        opponent = _opponent(st, seat)
        player = st.players[seat]
        pos = st.battle_pos
        if player.has("disarm") and (IS_TUNNEL[pos] or pos == player.structures[_MINE]):
            other = st.players[opponent]
            other.power = max(0, other.power - 2)  # Disarm ("Odzbrojení")
        if ability_texts_for(st, seat):
            st.battle_stage = r
            st.decider = seat
            st.phase = "ability"
            return
    st.battle_stage = "commit"
    st.phase = "commit"


def ability_texts_for(st: ScytheState, seat: int) -> list[str]:
    player = st.players[seat]
    opponent = st.players[_opponent(st, seat)]
    if player.has("artillery") and player.power >= 1:
        return ["artillery", "decline"]
    if player.has("scout") and opponent.cards:
        return ["scout", "decline"]
    return []


def ability_texts(st: ScytheState, seat: int) -> list[str]:
    return ability_texts_for(st, seat)


def card_limit(st: ScytheState, seat: int) -> int:
    """One card per character or mech in the battle; People's Army one more when a
    worker of the seat is there."""
    pos = st.battle_pos
    limit = st.combat_units(seat, pos)
    if st.players[seat].has("peoples-army") and st.board.workers[seat][pos]:
        limit += 1
    return limit


def commit_texts(st: ScytheState, seat: int) -> list[str]:
    """``commit POWER`` or ``commit POWER with 2+3``: every dial and card choice."""
    player = st.players[seat]
    dial_max = min(MAX_DIAL, player.power)
    hand = player.cards
    limit = min(card_limit(st, seat), len(hand))
    picks: list[str] = [""]
    seen: set[tuple[int, ...]] = set()
    for k in range(1, limit + 1):
        for combo in combinations_with_replacement(sorted(set(hand)), k):
            if combo in seen or any(combo.count(v) > hand.count(v) for v in set(combo)):
                continue
            seen.add(combo)
            picks.append(" with " + "+".join(map(str, combo)))
    return [f"commit {d}{pick}" for d in range(dial_max, -1, -1) for pick in picks]


def retreat_texts(st: ScytheState, seat: int) -> list[str]:
    return ["retreat home", *(f"retreat to {name(p)}" for p in _retreat_lakes(st, seat))]


def _retreat_lakes(st: ScytheState, seat: int) -> list[int]:
    """Seaworthy: adjacent lakes without enemy units ("Plavba")."""
    if not st.players[seat].has("seaworthy"):
        return []
    return sorted(p for p in ADJACENT[st.battle_pos] if IS_LAKE[p] and not st.enemy_units(seat, p))


def apply(st: ScytheState, seat: int, words: list[str]) -> None:
    verb = words[0]
    if verb == "fight":
        start(st, INDEX[words[1]])
    elif verb in ("artillery", "scout", "decline"):
        opponent = st.players[_opponent(st, seat)]
        player = st.players[seat]
        if verb == "artillery":
            player.power -= 1
            opponent.power = max(0, opponent.power - 2)
        elif verb == "scout":
            card = opponent.cards.pop(st.rng.randbelow(len(opponent.cards)))
            player.cards.append(card)
            player.cards.sort()
        if st.battle_stage == "attacker":
            _abilities(st, "defender")
        else:
            _to_commit(st)
    elif verb == "commit":
        player = st.players[seat]
        cards = [int(v) for v in words[3].split("+")] if len(words) > 2 else []
        for v in cards:
            player.cards.remove(v)
        st.commits[seat] = [int(words[1]), *cards]
        other = _opponent(st, seat)
        if st.is_automa(other):
            st.commits[other] = AUTOMA.commit(st, other)
        if len(st.commits) == 2:
            _reveal(st)
    elif verb == "retreat":
        dest = -1 if words[1] == "home" else INDEX[words[2]]
        _finish(st, st.decider, dest)


def _to_commit(st: ScytheState) -> None:
    st.battle_stage = "commit"
    st.phase = "commit"


def _reveal(st: ScytheState) -> None:
    """Both dials and cards are shown; the higher total wins, ties the attacker."""
    attacker, defender = st.active, st.battle_def
    totals = {s: sum(st.commits[s]) for s in (attacker, defender)}
    winner = attacker if totals[attacker] >= totals[defender] else defender
    loser = defender if winner == attacker else attacker
    for s in (attacker, defender):
        dial, *cards = st.commits[s]
        player = st.players[s]
        player.power = max(0, player.power - dial)
        st.combat_discard.extend(cards)
    st.last_battle = {
        "territory": name(st.battle_pos),
        "attacker": attacker,
        "defender": defender,
        "power": [st.commits[attacker][0], st.commits[defender][0]],
        "cards": [st.commits[attacker][1:], st.commits[defender][1:]],
        "winner": winner,
    }
    if _retreat_lakes(st, loser):
        st.decider = loser
        st.battle_stage = "retreat"
        st.phase = "retreat"
    else:
        _finish(st, loser, -1)


def _finish(st: ScytheState, loser: int, dest: int) -> None:

    pos = st.battle_pos
    attacker = st.active
    winner = st.battle_def if loser == attacker else attacker
    board = st.board
    home = BASE[st.players[loser].faction]
    if dest < 0:
        # The Automa's character and mechs go back to its faction mat (Automa "Boj").
        dest = AUTOMA.retreat_to(st, loser) if st.is_automa(loser) else home
    workers = board.workers[loser][pos]
    board.workers[loser][pos] = 0
    board.workers[loser][home] += workers
    if dest != OFF_BOARD:
        board.mechs[loser][dest] += board.mechs[loser][pos]
    board.mechs[loser][pos] = 0
    if st.players[loser].char == pos:
        st.players[loser].char = dest
    if sum(st.commits[loser]) >= 1:
        draw_cards(st, loser, 1)
    if stars.may_place(st, winner, "combat"):
        stars.place(st, winner, "combat")
    if winner == attacker and st.is_automa(attacker):
        AUTOMA.clear_resources(st, pos)  # its popularity never changes
    elif winner == attacker:
        if st.is_automa(loser):
            AUTOMA.resource_box(st, pos)
        if workers:
            st.forced_retreat = True
            if not st.players[attacker].has("camaraderie"):
                gain_popularity(st, attacker, -workers)
    st.battle_pos = -1
    st.battle_def = -1
    st.battle_stage = ""
    st.commits = {}
    st.decider = -1
    if (
        not st.ending
        and winner == attacker
        and not st.is_automa(attacker)
        and st.players[attacker].char == pos
        and st.board.encounter[pos]
    ):
        # "Pokud je na území žeton Setkání a vítěz má na území svou postavu, musí
        # Setkání ihned vyřešit": before the next battle.
        encounters.start(st)
        return
    FLOW.after_move(st)


def call_off_battles(st: ScytheState) -> None:
    """When the sixth star ends the game, battles not yet fought do not happen: the
    attacker's units go back where their move started ("Speciální případy")."""
    if st.over:
        return
    for pos in battles(st):
        for kind, origin, dest, carried in reversed(st.move_log):
            if dest != pos:
                continue
            board = st.board
            seat = st.active
            if kind == CHARACTER:
                st.players[seat].char = origin
            elif kind == MECH:
                board.mechs[seat][pos] -= 1
                board.mechs[seat][origin] += 1
            else:
                board.workers[seat][pos] -= 1
                board.workers[seat][origin] += 1
            if carried:
                board.workers[seat][pos] -= carried
                board.workers[seat][origin] += carried
