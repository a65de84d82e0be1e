"""Build Brian Boru positions for rule tests without playing up to them."""

from __future__ import annotations

from tabletop.engine import new_game
from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru import turn
from tabletop.games.brian_boru.board import NUM_TOWNS, TOWN_INDEX
from tabletop.games.brian_boru.flow import Task
from tabletop.games.brian_boru.game import BrianBoruState


def fresh(players: int = 4, seed: int = 3) -> BrianBoruState:
    s = new_game("brian-boru", players, seed=seed)
    assert isinstance(s, BrianBoruState)
    return s


def at_first_trick(players: int = 4, seed: int = 3) -> BrianBoruState:
    """A real game advanced (first legal actions) to the first trick's lead."""
    s = fresh(players, seed)
    while s.decision is not None and s.decision[0] != A.LEAD:
        for seat in s.to_move():
            s.apply(seat, s.legal_actions(seat)[0])
    return s


def clear_board(s: BrianBoruState) -> None:
    s.owner = [-1] * NUM_TOWNS
    s.viking = [False] * NUM_TOWNS
    s.monastery = [False] * NUM_TOWNS


def own(s: BrianBoruState, seat: int, *towns: str, viking: bool = False) -> None:
    for t in towns:
        s.owner[TOWN_INDEX[t]] = seat
        s.viking[TOWN_INDEX[t]] = viking
    s._legal_cache = None  # the position changed behind the engine's back


def trick_scene(
    hands: list[list[int]],
    *,
    leader: int = 0,
    coins: list[int] | None = None,
    court: list[int] | None = None,
    battle_area: int = 10,
) -> BrianBoruState:
    """Players hold ``hands``; ``leader`` must put the marker down (empty board)."""
    s = at_first_trick(len(hands))
    clear_board(s)
    n = len(hands)
    s.hands = [sorted(h) for h in hands]
    s.coins = list(coins) if coins else [0] * n
    s.court = list(court) if court else [1] * n
    s.raiders = [0] * n
    s.church = [0] * n
    s.battle_area = battle_area
    s.marker_holder = leader
    s.decision = (A.LEAD, leader, 0)
    s._legal_cache = None
    return s


def run_tasks(s: BrianBoruState, *tasks: Task) -> None:
    """Run upkeep-style tasks (given in execution order) on a quiet state."""
    s.tasks = list(reversed(tasks))
    s.decision = None
    s._legal_cache = None
    turn.advance(s)


def play(s: BrianBoruState, *moves: tuple[int, str]) -> None:
    for seat, text in moves:
        s.apply_text(seat, text)


def kind(s: BrianBoruState) -> int | None:
    """The kind of the pending decision (an ``actions`` constant), if any."""
    return s.decision[0] if s.decision is not None else None
