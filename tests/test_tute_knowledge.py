"""Tute: what a silent trick winner tells difícil (rules.tute.knowledge.silent), and where
the card a swap took lies (State.swapped_in).

Outside habanero the cantes are sung for both seats of the side that wins a trick; a seat
that once sang nothing there held no rey and caballo of a suit still unsung. Over seeded
matches of the rules of thumb: the inference always holds of the real hands, and the deals
difícil samples keep it (a uniform deal of the unseen cards breaks it about one time in
eight).
"""

from __future__ import annotations

import random

import pytest

from tapete.rules import tute
from tapete.rules.cards import Card
from tapete.rules.cpu import choose
from tapete.rules.tute import Modalidad, knowledge
from tapete.rules.tute.bits import COUPLE_MASK, mask_of
from tapete.rules.tute.options import SUITS
from tests.sizes import size


def _holds_couple(cards: list[Card], unsung: list[int]) -> bool:
    hand = mask_of(cards)
    return any(hand & couple == couple for couple in unsung)


@pytest.mark.parametrize(("modalidad", "players"), [("parejas", 4), ("individual", 4)])
def test_a_silent_winner_holds_no_couple_left_to_sing(modalidad: Modalidad, players: int) -> None:
    rng = random.Random(modalidad)
    checked = broken = 0
    for match in range(size(4, 12)):
        state = tute.new_game(tute.Options(modalidad=modalidad), players, seed=700 + match)
        while not state.is_over and state.hand_number < 3:
            seat = state.to_act
            assert seat is not None
            seats = knowledge.silent(state, seat)
            unsung = [COUPLE_MASK[s] for s in SUITS if s not in state.sung]
            for s in seats:  # what the silence says is true of the real hands
                assert not _holds_couple(state.hands[s], unsung)
            if seats and unsung:
                for _ in range(3):
                    world = knowledge.determinize(state, seat, rng)
                    checked += 1
                    broken += any(_holds_couple(world.hands[s], unsung) for s in seats)
            state.apply(seat, choose(state, seat, "normal", seed=match))
    assert checked > 50
    assert broken * 50 <= checked  # at most 2% of the deals (uniform deals: about 12%)


def test_habanero_sings_by_choice_so_silence_says_nothing() -> None:
    state = tute.new_game(tute.Options(modalidad="habanero"), 2, seed=3)
    while len(state.trick_winners) < 3:
        seat = state.to_act
        assert seat is not None
        state.apply(seat, choose(state, seat, "normal"))
    assert knowledge.silent(state, 0) == [] and knowledge.silent(state, 1) == []


@pytest.mark.parametrize(("modalidad", "players"), [("arrastrado", 3), ("habanero", 2)])
def test_the_card_a_swap_took_stays_with_the_swapper_in_every_sampled_deal(
        modalidad: Modalidad, players: int) -> None:
    """The turned card a swap takes is public: the state notes it with the swapper
    (``swapped_in``, from the swap's own event), and every deal another seat samples leaves
    it in the swapper's hand until it is played (a uniform deal would scatter it)."""
    rng = random.Random(modalidad)
    checked = 0
    for match in range(size(6, 16)):
        state = tute.new_game(tute.Options(modalidad=modalidad), players, seed=900 + match)
        while not state.is_over and state.hand_number < 3:
            seat = state.to_act
            assert seat is not None
            played = knowledge.played_cards(state)
            for taker, card in state.swapped_in:
                if card in played:
                    continue
                assert card in state.hands[taker]
                for viewer in range(players):
                    if viewer != taker:
                        world = knowledge.determinize(state, viewer, rng)
                        assert card in world.hands[taker]
                        checked += 1
            hand = state.hand_number
            for event in state.apply(seat, choose(state, seat, "normal", seed=match)):
                if event.kind == "TrumpSwapped":
                    assert state.hand_number == hand
                    assert state.swapped_in[-1] == (event.seat, event.taken)
    assert checked > 100
