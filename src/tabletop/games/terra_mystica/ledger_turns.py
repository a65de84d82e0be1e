"""Who may act, and how much, in a Snellman ledger: the site's accounting of actions.

The platform's own turns (:mod:`.turn`, :mod:`.legal`) only ever produce games the site
accepts; a ledger replay (:mod:`.replay`) must also refuse what the site refuses in real
ledgers and accept what it accepts.  The site (the engine of record) reads a ledger as a
stream of commands and decides:

* a faction's turn ends at the first command of another faction, once nothing is owed
  (spades, a favor or town tile, cult steps, a bridge, a special action's effect) and its
  actions are used; the next faction in turn order that has not passed is then active;
* an active faction has one *action* (the Chaos Magicians' double turn adds two); each kind
  of command uses either a *sub-action* the previous command allowed (a dwelling after a
  transform, the spades of a spade action, the bridge of the bridge action) or a new action;
  a faction alone in the round starts a new turn when its action is used up;
* taking an action declines the power offers still open to the faction; with
  ``strict-leech`` a conversion before answering an offer makes the answer illegal;
* spades bought with ``dig`` cannot be thrown away; after a hex is turned into a terrain
  other than the home terrain, the action's other spades only make home terrain;
* ``done`` ends a turn whose actions are all used (it separates two turns of a faction
  alone in the round).

:class:`SiteTurns` checks each command before the rules core executes it and keeps the
accounting up to date after it; refusals are :class:`IllegalAction` with the rule.
"""

from __future__ import annotations

from typing import Final

from tabletop.engine import IllegalAction
from tabletop.games.terra_mystica import notation as N
from tabletop.games.terra_mystica.actions import begin_turn
from tabletop.games.terra_mystica.data.common import (
    OPTION_STRICT_CHAOSMAGICIAN_SH,
    OPTION_STRICT_DARKLING_SH,
    OPTION_STRICT_LEECH,
)
from tabletop.games.terra_mystica.data.terrain import Terrain
from tabletop.games.terra_mystica.power import capacity, lapse_offers
from tabletop.games.terra_mystica.state import HEX_INDEX, PLAY, SH, TMState
from tabletop.games.terra_mystica.terraform import transform_target

#: Commands only the active faction may give.
ACTIVE_ONLY: Final = (
    N.Build,
    N.Upgrade,
    N.Send,
    N.Convert,
    N.Burn,
    N.Dig,
    N.Bridge,
    N.Connect,
    N.Pass,
    N.Action,
)
_SPADE_SUBS: Final = {"dig": 1, "transform": 1, "build": 1}
#: What each action allows to follow it (the site's sub-actions).
ACTION_SUBS: Final[dict[str, dict[str, int]]] = {
    "ACT1": {"bridge": 1},
    "ACT5": _SPADE_SUBS,
    "ACT6": {"dig": 1, "transform": 2, "build": 1},
    "ACTE": {"bridge": 1},
    "ACTG": _SPADE_SUBS,
    "ACTN": _SPADE_SUBS,
    "ACTS": {"upgrade": 1},
    "ACTW": {"build": 1},
    "BON1": _SPADE_SUBS,
}
#: The Chaos Magicians' double turn: actions added by their stronghold's action.
EXTRA_ACTIONS: Final = {"ACTC": 2}
#: Flags of effects a faction must use (or decline) before its turn can end.
_OWED_FLAGS: Final = ("bridge", "sandstorm", "witches-ride", "free-tp")


class SiteTurns:
    """The site's turn accounting for one ledger replay."""

    def __init__(self, state: TMState) -> None:
        n = state.num_players
        self.state = state
        self.round = 0
        self.active = -1
        self.actions = [0] * n  # full actions left
        self.subs: list[dict[str, int]] = [{} for _ in range(n)]  # sub-actions allowed
        self.spots: list[set[str]] = [set() for _ in range(n)]  # hexes made home terrain
        self.home_only = [False] * n  # the action's other spades only make home terrain
        self.dug = [False] * n  # spades were bought this turn (they cannot be thrown away)
        #: power offers: (event, target) -> the power the target could take when offered
        self.actual: dict[tuple[int, int], int] = {}
        self.tainted: set[tuple[int, int]] = set()  # offers answered after a conversion
        self.building_on_new_terrain = False  # the build being played transforms its hex

    # -- turns ----------------------------------------------------------------------------

    def start(self, seat: int) -> None:
        """``seat`` becomes active with one action (the site's start of a full move)."""
        self.active = seat
        self.actions[seat] = 1
        self.subs[seat] = {}
        self.spots[seat] = set()
        self.home_only[seat] = False
        self.dug[seat] = False
        begin_turn(self.state, seat)

    def owes(self, seat: int) -> bool:
        """Something the seat must still do before its turn can end."""
        state = self.state
        flags = state.flags[seat]
        if state.spades[seat] or state.pending_favors[seat] or state.pending_towns[seat]:
            return True
        if any(f.startswith("cult-step") or f in _OWED_FLAGS for f in flags):
            return True
        return "darkling-sh" in flags and state.has_option(OPTION_STRICT_DARKLING_SH)

    def finish(self, seat: int) -> None:
        """The ledger goes on with another faction: the turn of ``seat`` ends if it can."""
        state = self.state
        if state.phase != PLAY or state.dropped[seat]:
            return
        if seat != self.active or self.actions[seat] or self.owes(seat):
            return
        self._next_after(seat)

    def dropped(self, seat: int) -> None:
        """``seat`` left the game: if it was active, the next faction's turn starts."""
        self.actions[seat] = 0
        self.subs[seat] = {}
        if seat == self.active and self.state.phase == PLAY:
            self._next_after(seat)

    def _next_after(self, seat: int) -> None:
        state = self.state
        order = state.order
        at = order.index(seat)
        for k in range(1, len(order) + 1):
            other = order[(at + k) % len(order)]
            if not state.passed[other] and not state.dropped[other]:
                self.start(other)
                return

    def _sync_round(self) -> None:
        state = self.state
        if state.phase == PLAY and state.round != self.round:
            self.round = state.round
            first = next((s for s in state.order if not state.dropped[s]), -1)
            if first >= 0:
                self.start(first)

    def _require(self, seat: int, kind: str, follow: dict[str, int]) -> None:
        """Use a sub-action of ``kind`` or else a new action (declining open offers)."""
        subs = self.subs[seat]
        if subs.get(kind, 0) > 0:
            self.subs[seat] = dict(follow)
            return
        if self.actions[seat] > 0:
            self.actions[seat] -= 1
            self.subs[seat] = dict(follow)
            lapse_offers(self.state, seat)  # taking an action declines open offers
            return
        state = self.state
        playing = [s for s in range(state.num_players) if not (state.passed[s] or state.dropped[s])]
        if len(playing) == 1:
            self.start(seat)  # a faction alone in the round: its next turn
            self._require(seat, kind, follow)
            return
        raise IllegalAction(f"no action left for '{kind}' this turn (one action a turn)")

    # -- commands -------------------------------------------------------------------------

    def before(self, seat: int, command: N.Command) -> None:
        """Check ``command`` of ``seat`` against the accounting (and use what it takes)."""
        state = self.state
        if state.round == 0:
            return  # the setup's order is the ledger's own
        self._sync_round()
        if isinstance(command, ACTIVE_ONLY) and seat != self.active:
            raise IllegalAction(
                f"{state.factions[seat]} may not '{command.to_text()}' now: it is not their turn"
            )
        handler = _BEFORE.get(type(command))
        if handler is not None:
            handler(self, seat, command)

    def after(self, seat: int, command: N.Command) -> None:
        """Bring the accounting up to date once the rules core has executed ``command``."""
        if self.state.round == 0:
            return
        if isinstance(command, N.Transform):
            self._transformed(seat, command.hex, self._target(seat, command))
        elif isinstance(command, N.Build) and self.building_on_new_terrain:
            self._transformed(seat, command.hex, self.state.faction(seat).home)
        elif isinstance(command, N.Upgrade) and self.state.building[HEX_INDEX[command.hex]] == SH:
            if self.state.spades[seat]:  # the Halflings' stronghold: three spades, a dwelling
                self.subs[seat] = {"transform": 3, "build": 1}
        elif isinstance(command, N.Action) and command.action in EXTRA_ACTIONS:
            self.actions[seat] += EXTRA_ACTIONS[command.action]
        elif isinstance(command, N.Leech):
            room = capacity(self.state, seat)
            for key, actual in self.actual.items():
                if key[1] == seat:
                    self.actual[key] = min(actual, room)
        if isinstance(command, (N.Build, N.Upgrade)):
            self._note_offers()  # only buildings make offers

    def _note_offers(self) -> None:
        """Remember what each new offer's target could take when it was made."""
        for _source, target, amount, event in self.state.leech_offers:
            key = (event, target)
            if key not in self.actual:
                self.actual[key] = min(amount, capacity(self.state, target))

    # -- the site's rules, command by command -----------------------------------------------

    def _build(self, seat: int, command: N.Command) -> None:
        assert isinstance(command, N.Build)
        state = self.state
        home = state.faction(seat).home
        tf_needed = state.terrain[HEX_INDEX[command.hex]] != home
        subs = self.subs[seat]
        spots = self.spots[seat]
        if (not tf_needed or not subs.get("transform")) and spots and command.hex not in spots:
            subs.pop("build", None)  # the action's dwelling goes on a hex it transformed
        self._require(seat, "build", {"transform": int(tf_needed)})
        self.building_on_new_terrain = tf_needed
        if tf_needed:
            self._transform(seat, command.hex, home)

    def _transform_command(self, seat: int, command: N.Command) -> None:
        assert isinstance(command, N.Transform)
        self._transform(seat, command.hex, self._target(seat, command))

    def _transform(self, seat: int, hex_id: str, target: Terrain) -> None:
        state = self.state
        subs = self.subs[seat]
        if not state.passed[seat]:
            follow = {"transform": subs.get("transform", 1) - 1, "build": subs.get("build", 0)}
            self._require(seat, "transform", follow)
        if self.home_only[seat] and target != state.faction(seat).home:
            raise IllegalAction("the action's other spades may only make home terrain")

    def _transformed(self, seat: int, hex_id: str, target: Terrain) -> None:
        state = self.state
        home = state.faction(seat).home
        self.home_only[seat] = False
        if not state.spades[seat]:
            self.subs[seat].pop("transform", None)
        elif target != home and not state.passed[seat]:
            self.home_only[seat] = True
            if not self.subs[seat].get("transform"):
                raise IllegalAction(
                    f"all {state.spades[seat]} spade(s) left must be used on this hex"
                )
        if target == home:
            self.spots[seat].add(hex_id)

    def _target(self, seat: int, command: N.Transform) -> Terrain:
        return transform_target(self.state, seat, command)

    def _upgrade(self, seat: int, command: N.Command) -> None:
        self._require(seat, "upgrade", {})

    def _send(self, seat: int, command: N.Command) -> None:
        self._require(seat, "send", {})

    def _advance(self, seat: int, command: N.Command) -> None:
        self._require(seat, "advance", {})

    def _dig(self, seat: int, command: N.Command) -> None:
        self._require(seat, "dig", {"transform": 1, "build": 1, "dig": 1})
        self.dug[seat] = True

    def _bridge(self, seat: int, command: N.Command) -> None:
        self._require(seat, "bridge", {})

    def _action(self, seat: int, command: N.Command) -> None:
        assert isinstance(command, N.Action)
        self._require(seat, "action", ACTION_SUBS.get(command.action, {}))

    def _pass(self, seat: int, command: N.Command) -> None:
        strict = self.state.has_option(OPTION_STRICT_CHAOSMAGICIAN_SH)
        if strict and self.actions[seat] > 1:
            self.actions[seat] = 1  # passing ends the double turn
        self._require(seat, "pass", {})
        if strict and self.state.passed[seat]:
            raise IllegalAction("a faction passes once a round")

    def _convert(self, seat: int, command: N.Command) -> None:
        if self.state.phase != PLAY:
            raise IllegalAction("resources are converted during the actions, not now")
        for _source, target, _amount, event in self.state.leech_offers:
            if target == seat:
                self.tainted.add((event, seat))

    def _leech(self, seat: int, command: N.Command) -> None:
        assert isinstance(command, N.Leech)
        state = self.state
        for source, target, amount, event in state.leech_offers:
            if target != seat:
                continue
            if command.faction is not None and state.factions[source] != command.faction:
                continue
            actual = self.actual.get((event, seat), amount)
            if command.amount not in (amount, actual):
                raise IllegalAction(
                    f"no offer of {command.amount} power to take: {amount} offered"
                    + (f" ({actual} can be taken)" if actual != amount else "")
                )
            if (event, seat) in self.tainted and state.has_option(OPTION_STRICT_LEECH):
                raise IllegalAction("a power offer is answered before converting resources")
            return

    def _adjust(self, seat: int, command: N.Command) -> None:
        assert isinstance(command, N.Adjust)
        bought = self.dug[seat] and not self.state.passed[seat]
        if command.what == "SPADE" and command.amount < 0 and bought:
            raise IllegalAction("spades bought with 'dig' must all be used")

    def _done(self, seat: int, command: N.Command) -> None:
        if self.actions[seat]:
            raise IllegalAction(f"{self.state.factions[seat]} must take an action first")
        self.subs[seat] = {}


_BEFORE = {
    N.Build: SiteTurns._build,
    N.Transform: SiteTurns._transform_command,
    N.Upgrade: SiteTurns._upgrade,
    N.Send: SiteTurns._send,
    N.Advance: SiteTurns._advance,
    N.Dig: SiteTurns._dig,
    N.Bridge: SiteTurns._bridge,
    N.Action: SiteTurns._action,
    N.Pass: SiteTurns._pass,
    N.Convert: SiteTurns._convert,
    N.Leech: SiteTurns._leech,
    N.Adjust: SiteTurns._adjust,
    N.Done: SiteTurns._done,
}

__all__ = ["ACTION_SUBS", "ACTIVE_ONLY", "SiteTurns"]
