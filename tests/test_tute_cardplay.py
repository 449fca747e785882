"""Tute's card play on bit masks (rules.tute.cardplay): the fast tricks of difícil's playouts
follow the engine — legal cards, cantes, tute and the hand's result — on random hands."""

from __future__ import annotations

import random

import pytest

from tapete.rules import tute
from tapete.rules.tute import cardplay, cpu
from tapete.rules.tute.bits import INDEX
from tapete.rules.tute.events import HandScored, MatchOver
from tapete.rules.tute.options import SUITS, card_of
from tests.sizes import size

MODES = ["arrastrado", "individual", "parejas"]


@pytest.mark.parametrize("modalidad", MODES)
def test_the_fast_tricks_follow_the_engine(modalidad: str) -> None:
    rng = random.Random(modalidad)
    players = 3 if modalidad == "arrastrado" else 4
    checked = from_trick_one = 0
    first = modalidad != "arrastrado"  # no swap: the fast tricks may start at the first card
    for _ in range(size(30, 200)):
        state = tute.new_game(tute.Options(modalidad=modalidad), players,
                              seed=rng.randrange(2**40))
        while (not first and not state.trick_winners) or rng.random() < 0.6:
            state.apply(state.to_act, rng.choice(state.legal_actions()))
            if state.is_over or state.hand_number > 1:
                break
        if state.is_over or state.hand_number > 1 or not (first or state.trick_winners):
            continue
        from_trick_one += not state.trick_winners
        tricks = cardplay.Tricks(state, cpu.voids(state))
        hand = state.hand_number
        while True:
            seat = state.to_act
            assert seat is not None and tricks.to_act() == seat
            legal = [a for a in state.legal_actions() if a.verb == "play"]
            assert sorted(INDEX[card_of(a.args[0])] for a in legal) == \
                cardplay.indices(tricks.legal(seat))
            action = rng.choice(legal)
            tricks.play(seat, INDEX[card_of(action.args[0])])
            events = state.apply(seat, action)
            over = any(isinstance(e, MatchOver) for e in events)
            scored = next((e for e in events if isinstance(e, HandScored)), None)
            if scored is not None or over:
                side, won, points, ends = tricks.result()
                assert ends == over
                if scored is not None:
                    assert (side, won, points) == (state.side(scored.winners[0]),
                                                   scored.juegos, list(scored.points))
                else:  # a tute
                    assert tricks.tute is not None and won == 0
                checked += 1
                break
            assert state.hand_number == hand
            assert tricks.sung == sum(1 << SUITS.index(s) for s in state.sung)
    assert checked > 10
    assert from_trick_one > 0 or not first
