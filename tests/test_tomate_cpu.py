"""Tomate's CPU players: what the sampled deals keep, the rules of thumb in set positions, the
value of a hand's end, and the rules of thumb against random play.

The generic checks (a legal move at every level, the same decision from a sampled deal as
from the real one) are in ``tests/test_cpu.py``.
"""

from __future__ import annotations

import random
import statistics

import pytest

from tapete.rules.cpu import choose, strategy_for
from tapete.rules.engine import Action
from tapete.rules.tomate import HandScored, Options, State, new_game
from tapete.rules.tomate import cpu as tomate_cpu
from tapete.rules.tomate import knowledge as tomate_knowledge
from tapete.rules.tomate.options import PANFILO
from tests.sizes import size
from tests.test_tomate_rules import MOSCA, c, cs, deck, game, go


def positions(variante: str, players: int, seed: int, count: int) -> list[State]:
    """Positions of seeded sessions, played half by the rules of thumb, half at random."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = new_game(Options(variante=variante, manos=3), players,
                         seed=rng.randrange(2**63), plato=rng.choice([0, 30]))
        while not state.is_over and len(found) < count:
            if rng.random() < 0.2:
                found.append(state.clone())
            seat = state.to_act
            level = "normal" if rng.random() < 0.5 else "facil"
            state.apply(seat, choose(state, seat, level, seed=rng.randrange(2**31)))
    return found


@pytest.mark.parametrize(("variante", "players"),
                         [("normal", 2), ("normal", 5), ("mosca", 4), ("panfilo", 6)])
def test_sampled_deals_keep_every_void_the_pinta_and_the_panfilo(
    variante: str, players: int
) -> None:
    for i, state in enumerate(positions(variante, players, seed=players, count=size(40, 200))):
        seat = state.to_act
        assert seat is not None
        lacking = tomate_knowledge.voids(state)
        for o in range(players):  # what the plays showed is true of the real deal
            assert not set(state.hands[o]) & lacking[o]
        holder = tomate_knowledge.panfilo_holder(state)
        for k in range(3):
            world = tomate_knowledge.determinize(state, seat, random.Random(100 * i + k))
            assert world.view(seat) == state.view(seat)
            for o in range(players):
                if o != seat:
                    assert not set(world.hands[o]) & lacking[o], (i, o)
            dealer = state.dealer
            if state.took and state.pinta in state.hands[dealer] \
                    and not state.exchanged[dealer]:
                assert world.hands[dealer][-1] is state.pinta
            if holder is not None and PANFILO in state.hands[holder] \
                    and state.status[holder] in ("pending", "in") \
                    and not state.exchanged[holder] and not (holder == dealer and state.took):
                assert PANFILO in world.hands[holder]
            for place, card in tomate_knowledge.own_out(state, seat):
                assert world.out[place] is card


def test_what_a_seat_showed_by_not_following_killing_or_trumping() -> None:
    # trump clubs; seat 1 leads; seat 0 (dealer) holds hearts it cannot kill with, no spades
    state = game(2, deck(2, {1: "Kh As Ad", 0: "5h 9h 4d"}, "7c"), plato=30)
    go(state, "0: pass")  # the tomo
    go(state, "1: stay", "0: stay")
    go(state, "1: play Kh", "0: play 5h")  # could not kill the king: no ace of hearts
    assert tomate_knowledge.voids(state)[0] == {c("Ah")}
    go(state, "1: play As", "0: play 9h")  # no spade, and no trump either
    lacking = tomate_knowledge.voids(state)[0]
    assert {card for card in lacking if card.suit is c("2s").suit} == set(cs(
        "2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As"))
    assert c("2c") in lacking and c("Ac") in lacking and c("Ah") in lacking
    assert c("2h") not in lacking


def test_a_blind_seat_samples_its_own_cards_too() -> None:
    state = new_game(Options(variante="a_ciegas"), 3, seed=11, plato=9)
    seat = state.to_act
    assert seat is not None and not state.view(seat).hand
    worlds = [tomate_knowledge.determinize(state, seat, random.Random(k)) for k in range(20)]
    assert len({tuple(w.hands[seat]) for w in worlds}) > 1  # never read, so dealt again
    assert all(w.view(seat) == state.view(seat) for w in worlds)


def test_the_last_player_wins_as_cheaply_as_it_can() -> None:
    state = game(3, deck(3, {1: "9h 2s 3s", 2: "Jh 4s 5s", 0: "Qh Kh 2d"}, "7c"), plato=30)
    go(state, "0: pass", "1: stay", "2: stay", "0: stay")
    go(state, "1: play 9h", "2: play Jh")
    assert choose(state, 0, "normal") == Action.play(c("Qh"))


def test_a_trick_that_cannot_be_won_gets_the_weakest_card() -> None:
    state = game(2, deck(2, {1: "Ah Ks Kd", 0: "9h 3h 5d"}, "7c"), plato=30)
    go(state, "0: pass", "1: stay", "0: stay")
    go(state, "1: play Ah")  # seat 0 must follow and cannot kill
    assert choose(state, 0, "normal") == Action.play(c("3h"))


def test_the_top_trump_is_led_first() -> None:
    state = game(3, deck(3, {1: "Ac Ah 4d", 2: "5s 6s 7s", 0: "8s 9s 10s"}, "7c"), plato=30)
    go(state, "0: pass", "1: stay", "2: stay", "0: stay")
    assert choose(state, 1, "normal") == Action.play(c("Ac"))


def test_the_mesa_baceta_is_taken_and_a_near_mosca_is_tried() -> None:
    state = game(3, deck(3, {1: "Ac Kc Qc", 2: "2d 3h 4s", 0: "5d 6h 7s"}, "9c"), plato=30)
    go(state, "0: pass", "1: stay", "2: pass", "0: pass")
    assert state.phase == "baceta"
    assert choose(state, 2, "normal") == Action("baceta")
    state = game(2, deck(2, {1: "Ah Kh Qh Jh 2s", 0: "3d 4d 5d 6d 8c"}, "9c", each=5),
                 options=MOSCA, plato=30)
    go(state, "0: pass", "1: stay", "0: stay")
    assert state.phase == "exchange" and state.to_act == 1
    assert choose(state, 1, "normal") == Action("exchange", ("2s",))


def test_the_value_of_a_hand_is_the_seats_tantos_in_units_of_the_pot() -> None:
    state = new_game(Options(manos=1), 4, seed=3, plato=60)
    events = []
    while not state.is_over:
        seat = state.to_act
        events += state.apply(seat, choose(state, seat, "normal", seed=1))
    scored = next(e for e in events if isinstance(e, HandScored))
    pot = 60 + 3
    for seat in range(4):
        value = tomate_cpu.evaluate(events, state, seat)
        expected = (scored.nets[seat] - sum(scored.nets) / 4) / pot
        assert value == pytest.approx(expected)
    strategy = strategy_for(state)
    assert strategy is not None and strategy.hand(state) == 1


def test_the_rules_of_thumb_win_tantos_against_random_play() -> None:
    """One seat by the rules of thumb among random players, in every place over the same
    seeded sessions of ten hands: its mean tantos per hand is above 0 in every variant where
    the players choose their cards (a ciegas is mostly luck: too few sessions to tell)."""
    for variante in ("normal", "mosca", "panfilo"):
        values = []
        for session in range(size(12, 60)):
            for place in range(4):
                state = new_game(Options(variante=variante, manos=10), 4, seed=session)
                rng = random.Random(session)
                while not state.is_over:
                    seat = state.to_act
                    level = "normal" if seat == place else "facil"
                    state.apply(seat, choose(state, seat, level, seed=rng.randrange(2**31)))
                values.append(state.nets[place] / state.hands_played)
        assert statistics.fmean(values) > 0, variante
