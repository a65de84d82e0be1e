"""Setup ("PŘÍPRAVA HRY") and the preparation phase ("FÁZE PŘÍPRAVY")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import Rng
from tabletop.games.brian_boru import actions as A
from tabletop.games.brian_boru import data
from tabletop.games.brian_boru.board import NUM_REGIONS, NUM_TOWNS, REGION_TOWNS, TOWN_REGION
from tabletop.games.brian_boru.flow import T_DRAFT, T_PREP, T_START, Task

if TYPE_CHECKING:
    from tabletop.games.brian_boru.state import BBState

PRINCESS_CARD = len(data.MARRIAGE_CARDS)  # index 7 stands for the princess
CLAIM_DOWN = -2
CLAIM_ON_BOARD = -1


def populate(s: BBState, players: int, options: dict[str, Any], seed: int) -> None:
    """Set up a game (rulebook, "PŘÍPRAVA HRY").

    Each player gets 3 coins, 1 renown, 10 points and a disc on the first
    marriage space; claim tokens lie face down; the marriage deck is 2 (3
    players) or 3 (4-5 players) random cards on top of the princess, the
    rest removed unseen; the Viking deck is shuffled; a random first player
    takes the active town marker, then each player, clockwise, places a disc
    in a region free of other players' discs.
    """
    s._legal_cache = None
    s.num_players = n = players
    s.options = dict(options)
    s.rng = rng = Rng(seed)
    s.round = 0
    s.rounds = data.MARRIAGE_DECK_SIZE[n] + 1  # one marriage card per round
    s.score = [data.START_SCORE] * n
    s.coins = [data.START_COINS] * n
    s.renown = [data.START_RENOWN] * n
    s.raiders = [0] * n
    s.church = [0] * n
    s.court = [1] * n
    s.marriages = [[] for _ in range(n)]
    s.princess_holder = -1
    s.princess_side = -1
    s.owner = [-1] * NUM_TOWNS
    s.viking = [False] * NUM_TOWNS
    s.monastery = [False] * NUM_TOWNS
    s.claim = [CLAIM_DOWN] * NUM_REGIONS
    s.battle_area = 0

    regular = list(range(len(data.MARRIAGE_CARDS)))
    rng.shuffle(regular)
    size = data.MARRIAGE_DECK_SIZE[n]
    s.marriage_deck = [PRINCESS_CARD, *regular[:size]]  # the top card is the last
    s.marriage_removed = regular[size:]
    s.marriage_card = -1
    s.viking_deck = list(data.VIKING_CARDS)
    rng.shuffle(s.viking_deck)
    s.viking_revealed = []

    s.first_player = rng.randbelow(n)
    s.marker_holder = s.first_player
    s.active_town = -1
    s.packs = [[] for _ in range(n)]
    s.kept = [[] for _ in range(n)]
    s.picked = [False] * n
    s.aside = []
    s.hands = [[] for _ in range(n)]
    s.discards = 0
    s.plays = []
    s.decision = None
    s.log = []
    s.over = False
    tasks: list[Task] = [(T_PREP, 0, 0)]
    for i in range(n - 1, -1, -1):  # clockwise from the first player; a stack
        tasks.append((T_START, (s.first_player + i) % n, 0))
    s.tasks = tasks
    s.say(f"P{s.first_player + 1} is the first player and holds the active town marker")


def task_start(s: BBState, task: Task) -> None:
    s.decision = (A.START, task[1], 0)


def legal_start(s: BBState, d: tuple[int, int, int]) -> list[A.BBAction]:
    """Any town in a region where no other player has a disc."""
    seat = d[1]
    owner = s.owner
    taken = {TOWN_REGION[t] for t in range(NUM_TOWNS) if owner[t] not in (-1, seat)}
    return [
        A.START_AT[t]
        for r in range(NUM_REGIONS)
        if r not in taken
        for t in REGION_TOWNS[r]
        if owner[t] == -1
    ]


def decide_start(s: BBState, seat: int, action: A.BBAction) -> None:
    s.owner[action.a] = seat
    s.decision = None
    s.say(f"P{seat + 1}: {action.text}")


def task_prep(s: BBState, task: Task) -> None:
    """Preparation: reveal a Viking card (raiders to the battle area) and a marriage card."""
    s.round += 1
    strength = s.viking_deck.pop()
    s.viking_revealed.append(strength)
    s.battle_area += strength
    s.marriage_card = s.marriage_deck.pop()
    name = (
        data.PRINCESS
        if s.marriage_card == PRINCESS_CARD
        else (data.MARRIAGE_CARDS[s.marriage_card].name)
    )
    last = " (last round)" if not s.marriage_deck else ""
    s.say(f"Round {s.round}{last}: {strength} Viking raiders invade; marriage card: {name}")
    s.tasks.append((T_DRAFT, 0, 0))
