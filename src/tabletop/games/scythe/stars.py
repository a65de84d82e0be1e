"""Stars on the triumph track and the end of the game (rulebook "Hvězdy",
"Konec hry a bodování").

A star is placed the moment its achievement is reached.  A seat that reaches 18
popularity or 16 power during another player's turn places its star after
that player's action, in turn order from the active player.  The sixth star
ends the game at once; a bottom action in progress still gives its coins and
ongoing enlist bonuses (:attr:`ScytheState.ending` marks that moment).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.scythe.state import MAX_POPULARITY, MAX_POWER, NO_STRUCTURE

if TYPE_CHECKING:
    from tabletop.games.scythe.game import ScytheState

STARS_TO_END = 6


def place(st: ScytheState, seat: int, category: str) -> None:
    """Place a star now (the active seat, or a combat victory on any seat)."""
    player = st.players[seat]
    if len(player.stars) >= STARS_TO_END:
        return
    player.stars.append(category)
    if len(player.stars) >= STARS_TO_END:
        st.ending = True


def may_place(st: ScytheState, seat: int, category: str) -> bool:
    """Whether ``category`` still has room for ``seat`` (combat: two, objective: one;
    Saxony's Dominate lifts both limits)."""
    player = st.players[seat]
    count = player.stars.count(category)
    if category in ("combat", "objective"):
        if player.faction == "saxony" and not st.is_automa(seat):  # not the Automa's
            return True
        return count < (2 if category == "combat" else 1)
    return count == 0


def check(st: ScytheState, seat: int) -> None:
    """Place every star ``seat`` has just earned by its mats and tracks."""
    player = st.players[seat]
    if len(player.stars) >= STARS_TO_END or st.is_automa(seat):
        return  # the Automa's stars: its tracker, combat and 16 power (automa._gains)
    earned = []
    stars = player.stars
    if "upgrades" not in stars and all(player.upgraded):
        earned.append("upgrades")
    if "mechs" not in stars and len(player.mechs) == 4:
        earned.append("mechs")
    if "structures" not in stars and NO_STRUCTURE not in player.structures:
        earned.append("structures")
    if "recruits" not in stars and len(player.recruits) == 4:
        earned.append("recruits")
    if "workers" not in stars and player.workers_on_mat == 0:
        earned.append("workers")
    if "popularity" not in stars and player.popularity >= MAX_POPULARITY:
        earned.append("popularity")
    if "power" not in stars and player.power >= MAX_POWER:
        earned.append("power")
    for category in earned:
        if seat == st.active:
            place(st, seat, category)
        elif [seat, category] not in st.star_queue:
            st.star_queue.append([seat, category])


def place_queued(st: ScytheState) -> None:
    """After the active player's action: stars others earned meanwhile, in turn order."""
    if not st.star_queue:
        return
    order = st.order
    start = order.index(st.active)
    rank = {seat: (order.index(seat) - start) % len(order) for seat in order}
    queue = sorted(st.star_queue, key=lambda e: rank[e[0]])
    st.star_queue = []
    for seat, category in queue:
        if st.ending:
            return
        place(st, seat, category)
