"""The turn, step by step (rulebook "Průběh hry"), as a small state machine.

A turn is a sequence of decisions, each one action of the contract:

``section``  choose a mat section (not last turn's, unless Rusviet's Relentless)
``top``      the section's top action, or ``skip``
``move``     more units to move (``move ...``) or ``done``
``motion``   the unit in motion takes another step (Speed, Factory card) or ``stop``
``carry``    what the moving unit takes along
``produce``  more territories to produce on, or ``done``
``battle``   which battle to fight next; ``ability``, ``commit`` and ``retreat``
             decide one battle (:mod:`.combat`)
``encounter`` the encounter card's option (:mod:`.encounters`); ``factory`` a Factory card
``bottom``   the section's bottom action, or ``skip``
``pay``      which territory a resource is paid from, when that is a real choice
``end``      reveal an objective met at the end of the turn, or ``end``

Objectives may also be revealed before the top action and between the two
actions ("Úkoly").  Steps with a single possible outcome are taken
automatically.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.engine import Action
from tabletop.games.scythe import actions, automa, combat, encounters, stars
from tabletop.games.scythe.board import FACTORY, name
from tabletop.games.scythe.data.cards import OBJECTIVES
from tabletop.games.scythe.hooks import FLOW
from tabletop.games.scythe.objectives import objective_met

if TYPE_CHECKING:
    from tabletop.games.scythe.game import ScytheState

FACTORY_SECTION: Final = 4
_SECTION_TEXTS: Final = tuple(f"section {i + 1}" for i in range(4))


# -- turn bookkeeping -----------------------------------------------------------------------
def clear_turn(st: ScytheState) -> None:
    """Forget everything the previous turn was in the middle of."""
    st.phase = "section"
    st.section = -1
    st.decider = -1
    st.moves_left = 0
    st.moved_w = {}
    st.moved_m = {}
    st.char_moved = False
    st.motion = []
    st.pending_step = []
    st.move_log = []
    st.factory_move = False
    st.forced_retreat = False
    st.battle_pos = -1
    st.battle_def = -1
    st.battle_stage = ""
    st.commits = {}
    st.enc_card = 0
    st.enc_used = []
    st.pay_res = -1
    st.pay_left = 0
    st.pay_card_left = 0
    st.after_pay = ""
    st.produce_left = 0
    st.produce_mill = False
    st.produced = []
    st.after_move = ""
    st.factory_offered = False
    st.fresh = []


def start_turn(st: ScytheState) -> None:
    st.active = st.order[st.turn_index]
    st.players[st.active].coercion_used = False
    st.phase = "automa" if st.is_automa(st.active) else "section"


def next_turn(st: ScytheState) -> None:
    st.turn_index = (st.turn_index + 1) % st.num_players
    st.turns += 1
    clear_turn(st)
    start_turn(st)


def finish_game(st: ScytheState) -> None:
    """The sixth star: the game ends at once; battles not yet fought are called
    off and the attacker's units go back where their move started."""
    combat.call_off_battles(st)
    st.over = True
    st.phase = "over"
    st.motion = []
    st.pending_step = []


# -- who decides ------------------------------------------------------------------------------
def to_move(st: ScytheState) -> list[int]:
    if st.over:
        return []
    phase = st.phase
    if phase == "commit":
        # The Automa's commitment is drawn when its opponent has committed.
        return [
            s for s in (st.active, st.battle_def) if s not in st.commits and not st.is_automa(s)
        ]
    if phase in ("ability", "retreat"):
        return [st.decider]
    return [st.active]


#: Actions by text, shared by all states (an action never changes): listings
#: mostly repeat texts seen before.  Bounded, for the many cargo and card texts.
_ACTIONS: dict[str, Action] = {}
_MAX_ACTIONS: Final = 1 << 16


def _new_action(text: str) -> Action:
    action = Action(text)
    if len(_ACTIONS) < _MAX_ACTIONS:
        _ACTIONS[text] = action
    return action


def legal(st: ScytheState, seat: int) -> list[Action]:
    if seat not in to_move(st):
        return []
    st._ctrl_memo = []
    try:
        known = _ACTIONS.get
        return [known(text) or _new_action(text) for text in _texts(st, seat)]
    finally:
        st._ctrl_memo = None


def _texts(st: ScytheState, seat: int) -> list[str]:
    phase = st.phase
    if phase == "section":
        return _sections(st) + _objective_texts(st, end_of_turn=False)
    if phase == "top":
        return [*actions.top_texts(st), "skip"]
    if phase == "move":
        out = [*actions.unit_starts(st), "done"]
        if st.factory_move and not st.move_log:
            # The Factory card's Move is its bottom action: objectives may be
            # revealed before it as before any bottom action ("Úkoly").
            out.extend(_objective_texts(st, end_of_turn=False))
        return out
    if phase == "motion":
        return [*actions.motion_steps(st), "stop"]
    if phase == "carry":
        return actions.carry_texts(st)
    if phase == "produce":
        return [*actions.produce_texts(st), "done"]
    if phase == "pay":
        return actions.pay_texts(st)
    if phase == "bottom":
        return [*actions.bottom_texts(st), "skip", *_objective_texts(st, end_of_turn=False)]
    if phase == "end":
        return [*_objective_texts(st, end_of_turn=True), "end"]
    if phase == "battle":
        return [f"fight {name(p)}" for p in combat.battles(st)]
    if phase == "ability":
        return combat.ability_texts(st, seat)
    if phase == "commit":
        return combat.commit_texts(st, seat)
    if phase == "retreat":
        return combat.retreat_texts(st, seat)
    if phase == "encounter":
        return encounters.encounter_texts(st)
    if phase == "factory":
        return [f"factory {n}" for n in st.factory_pool]
    if phase == "automa":
        return automa.texts(st)
    raise AssertionError(phase)  # pragma: no cover


def _sections(st: ScytheState) -> list[str]:
    """A section other than last turn's; Relentless (Rusviet) may repeat it, the
    Factory card included ("Dovednosti frakcí")."""
    player = st.players[st.active]
    relentless = player.faction == "rusviet"
    out = [_SECTION_TEXTS[i] for i in range(4) if relentless or i != player.last_section]
    if player.factory and (relentless or player.last_section != FACTORY_SECTION):
        out.append("section factory")
    return out


def _objective_texts(st: ScytheState, end_of_turn: bool) -> list[str]:
    """Objectives the active seat may reveal now ("Úkoly"): between actions, and
    those checked "at the end of your turn" only at its end."""
    seat = st.active
    player = st.players[seat]
    if not player.objectives or not stars.may_place(st, seat, "objective"):
        return []
    return [
        f"objective {n}"
        for n in player.objectives
        if (end_of_turn or not OBJECTIVES[n].end_of_turn)
        and objective_met(st, seat, n, forced_retreat=st.forced_retreat)
    ]


# -- applying ------------------------------------------------------------------------------
def apply(st: ScytheState, seat: int, text: str) -> None:
    words = text.split()
    verb = words[0]
    phase = st.phase
    if verb == "objective":
        _reveal(st, seat, int(words[1]))
    elif phase == "section":
        section = FACTORY_SECTION if words[1] == "factory" else int(words[1]) - 1
        st.players[seat].last_section = section
        st.section = section
        st.phase = "top"
    elif phase == "end":
        next_turn(st)
    elif phase == "top":
        if verb == "skip":
            go_bottom(st)
        else:
            actions.apply_top(st, words)
    elif phase in ("move", "motion", "carry"):
        actions.apply_move(st, words)
    elif phase == "produce":
        actions.apply_produce(st, words)
    elif phase == "pay":
        actions.apply_pay(st, words)
    elif phase == "bottom":
        if verb == "skip":
            end_of_actions(st)
        else:
            actions.apply_bottom(st, text)
    elif phase in ("battle", "ability", "commit", "retreat"):
        combat.apply(st, seat, words)
    elif phase == "encounter":
        encounters.apply(st, words)
    elif phase == "automa":
        automa.apply(st, words[1])
    elif phase == "factory":
        player = st.players[seat]
        player.factory = int(words[1])
        st.factory_pool.remove(player.factory)
        st.factory_offered = True
        after_move(st)
    else:  # pragma: no cover
        raise AssertionError(phase)


def _reveal(st: ScytheState, seat: int, number: int) -> None:
    player = st.players[seat]
    if player.faction == "saxony":
        player.objectives.remove(number)  # Dominate: the other card stays in hand
    else:
        player.objectives = []
    stars.place(st, seat, "objective")
    if st.ending:
        finish_game(st)
    elif st.phase == "end" and not _objective_texts(st, end_of_turn=True):
        next_turn(st)


def go_bottom(st: ScytheState) -> None:
    """After the top action: the bottom action (the Factory card's is its move)."""
    if st.ending:
        finish_game(st)
        return
    if st.section == FACTORY_SECTION:
        st.factory_move = True
        st.moves_left = 1
        st.after_move = "end"
        st.phase = "move"
        if not actions.can_start_unit(st):
            end_of_actions(st)
    else:
        st.phase = "bottom"


def after_move(st: ScytheState) -> None:
    """After all units moved: battles in the attacker's order (an encounter on a
    won battlefield right after its battle, :func:`combat._finish`), then the
    encounter, then a Factory card ("Boj", "Setkání": "Jakmile dokončíte všechny
    své pohyby a vyřešíte všechny případné boje"; "Továrna"); then the rest of
    the turn."""
    if st.ending:
        finish_game(st)
        return
    seat = st.active
    player = st.players[seat]
    char = player.char
    pending = combat.battles(st)
    if pending:
        if len(pending) == 1:
            combat.start(st, pending[0])
        else:
            st.phase = "battle"
        return
    if st.after_move == "automa":
        automa.after_battle(st)
        return
    if st.board.encounter[char]:
        encounters.start(st)
        return
    if (
        char == FACTORY
        and st.char_moved
        and not player.factory
        and st.factory_pool
        and not st.factory_offered
    ):
        st.phase = "factory"
        return
    if st.after_move == "bottom":
        go_bottom(st)
    else:
        end_of_actions(st)


def end_of_actions(st: ScytheState) -> None:
    """After the bottom action: stars earned on this turn by others, then
    objectives met at the end of the turn."""
    stars.place_queued(st)
    if st.ending:
        finish_game(st)
        return
    if _objective_texts(st, end_of_turn=True):
        st.phase = "end"
    else:
        next_turn(st)


def why_illegal(st: ScytheState, seat: int, text: str) -> str:
    """A reason a player understands."""
    if seat not in to_move(st):
        return f"it is not seat {seat}'s decision now"
    verb = text.split()[0]
    what = {
        "section": "choose a mat section",
        "top": "play the top action or skip",
        "move": "move another unit or say done",
        "motion": "move the same unit on or stop",
        "carry": "say what the unit carries",
        "produce": "choose where to produce or say done",
        "pay": "choose where to pay from",
        "bottom": "play the bottom action or skip",
        "end": "reveal an objective or end the turn",
        "battle": "choose the next battle",
        "ability": "use or decline your combat ability",
        "commit": "set your power dial and combat cards",
        "retreat": "choose where your units retreat",
        "encounter": "choose an encounter option",
        "factory": "choose a Factory card",
        "automa": "carry out the Automa's next step",
    }[st.phase]
    legal_now = _texts(st, seat)
    if verb == "section" and st.phase == "section":
        return "you may not choose the same section as last turn"
    if any(t.split()[0] == verb for t in legal_now):
        return f"{text!r} is not possible here; now {what} (e.g. {legal_now[0]!r})"
    return f"now {what}, not {verb!r} (e.g. {legal_now[0]!r})"


# The continuations the rule modules hand the turn back to (see :mod:`.hooks`).
FLOW.go_bottom = go_bottom
FLOW.after_move = after_move
FLOW.end_of_actions = end_of_actions
FLOW.next_turn = next_turn
FLOW.finish_game = finish_game
