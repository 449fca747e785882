"""Tute's bitmask trick logic gives the shared trick logic's answers (rules.tricks)."""

from __future__ import annotations

import random

from tapete.rules.tricks import legal_cards_why, trick_winner
from tapete.rules.tute.bits import SUIT_INDEX, cards, mask_of, playable, winner
from tapete.rules.tute.options import FULL, FULL_DECK, HABANERO_OPEN, RANKING, SORT_KEY, SUITS
from tests.sizes import size


def test_legal_cards_and_winners_match_the_shared_trick_logic() -> None:
    rng = random.Random(2024)
    for _ in range(size(3000, 30000)):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand = sorted(deck[: rng.randint(1, 13)], key=SORT_KEY.__getitem__)
        trick = list(enumerate(deck[13 : 13 + rng.randint(1, 3)]))
        trump = rng.choice(SUITS)
        for policy, open_ in ((FULL, False), (HABANERO_OPEN, True)):
            expected = legal_cards_why(hand, trick, trump, RANKING, policy)
            mask, why = playable(mask_of(hand), trick, SUIT_INDEX[trump], open_)
            assert (cards(mask), why) == expected
        assert winner(trick, SUIT_INDEX[trump]) == trick_winner(trick, trump, RANKING)
