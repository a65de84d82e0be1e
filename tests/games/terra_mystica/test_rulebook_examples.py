"""The Terra Mystica rulebook's worked examples (Czech rulebook, 001_*.txt), one test each."""

from __future__ import annotations

from tabletop.games.terra_mystica.cults import advance
from tabletop.games.terra_mystica.data.board import NETWORK_FINAL_VP
from tabletop.games.terra_mystica.data.cults import CULT_FINAL_VP
from tabletop.games.terra_mystica.power import accept, gain_power, offer_power
from tabletop.games.terra_mystica.scoring import share
from tabletop.games.terra_mystica.setup import new_game
from tabletop.games.terra_mystica.state import HEX_INDEX, TE, TP, D, TMState

SCORING = ["SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6", "SCORE7"]


def game(*factions: str) -> TMState:
    return new_game(list(factions), [], SCORING, [])


def place(state: TMState, seat: int, hex_id: str, code: int) -> None:
    state.owner[HEX_INDEX[hex_id]] = seat
    state.building[HEX_INDEX[hex_id]] = code


def test_gaining_power_fills_bowl_two_before_bowl_three() -> None:
    """ "Získáte-li 3 krystaly energie a ve vaší sféře I právě leží 2 krystaly, přesunete je
    nejprve do sféry II. Poté je sféra I prázdná a vy přesunete zbývající 1 krystal ze sféry
    II do sféry III." """
    state = game("witches", "nomads")
    state.bowls[0] = [2, 10, 0]
    assert gain_power(state, 0, 3) == 3
    assert state.bowls[0] == [0, 11, 1]


def test_mermaids_dwelling_offers_the_nomads_exactly_three_power() -> None:
    """ "Hráč hrající za Mořské panny ... musí upozornit hráče hrajícího za Nomády, že díky
    stavbě modré usedlosti může získat právě 3 krystaly energie: 1 za žlutou usedlost a 2 za
    žlutou svatyni. Za žlutou obchodní stanici Nomádi žádné krystaly nezískají, protože
    stanice není v přímém sousedství" ... "mohli ... získat 3 krystaly energie, ale museli by
    za to obětovat 2 vítězné body." The building worth 2 is a temple: this edition's
    "svatyně" sometimes names the temple (docs/rulings.md, component data 5); a sanctuary
    is worth 3."""
    state = game("mermaids", "nomads")
    mermaids, nomads = 0, 1
    place(state, nomads, "A2", D)  # next to A1
    place(state, nomads, "B1", TE)  # next to A1
    place(state, nomads, "A3", TP)  # next to A2, not to A1
    place(state, mermaids, "A1", D)
    assert offer_power(state, mermaids, "A1") == [3]
    vp, bowls = state.vp[nomads], list(state.bowls[nomads])
    assert accept(state, nomads, "mermaids") == 3
    assert state.vp[nomads] == vp - 2
    assert sum(state.bowls[nomads][1:]) == sum(bowls[1:]) + 3


def test_power_costs_one_vp_less_than_taken_and_never_below_zero() -> None:
    """ "Za každé získané 1/2/3/4 (atd.) krystaly energie je potřeba obětovat 0/1/2/3 (atd.)
    vítězné body" and "Není možné se s počtem vítězných bodů dostat do záporných hodnot." """
    for amount, cost in ((1, 0), (2, 1), (3, 2), (4, 3)):
        state = game("mermaids", "nomads")
        state.bowls[1] = [12, 0, 0]
        state.leech_offers.append([0, 1, amount, 1])
        vp = state.vp[1]
        assert accept(state, 1, "mermaids") == amount
        assert state.vp[1] == vp - cost
    state = game("mermaids", "nomads")
    state.bowls[1] = [12, 0, 0]
    state.vp[1] = 1
    state.leech_offers.append([0, 1, 4, 1])
    assert accept(state, 1, "mermaids") == 2  # only what one VP pays for
    assert state.vp[1] == 0


def test_three_steps_on_a_cult_pass_two_power_spaces() -> None:
    """ "Nomádi získají za uvedený posun o 3 stupně na stupnici kultu vzduchu 4 krystaly
    energie." The picture is lost; 4 power for 3 steps is the move from 4 to 7 (the 5 and 7
    spaces, 2 power each)."""
    state = game("witches", "nomads")
    air = 3
    state.cults[1][air] = 4
    state.bowls[1] = [12, 0, 0]
    assert advance(state, 1, air, 3) == 3
    assert state.bowls[1] == [8, 4, 0]


def test_tied_cult_leaders_share_first_and_second_place() -> None:
    """ "Dva hráči dosáhli stupně 9 kultu ohně. Oba hráči si rozdělí body za první a druhé
    místo – 8+4=12. Každý z nich získá 6 vítězných bodů." """
    assert share([0, 1, 2], CULT_FINAL_VP, [9, 9, 4]) == [6, 6, 2]


def test_tied_networks_share_second_and_third_place() -> None:
    """ "Jeden hráč má svou největší souvislou oblast tvořenou 20 sousedícími budovami, další
    tři hráči mají ... po 19 budovách. První hráč získává 18 bodů, ostatní 12 + 6 = 18 / 3 =
    6" """
    assert share([0, 1, 2, 3], NETWORK_FINAL_VP, [20, 19, 19, 19]) == [18, 6, 6, 6]
