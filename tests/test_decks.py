"""Seeded decks: each one a function of the match's seed and its number, and well shuffled."""

from __future__ import annotations

from tapete.rules.belote.options import DECK as BELOTE_DECK
from tapete.rules.engine import DeckSource
from tapete.rules.tute.options import FULL_DECK


def test_a_deck_is_derived_from_the_seed_and_its_number_alone() -> None:
    source = DeckSource(2024)
    first, second = source.next_deck(FULL_DECK), source.next_deck(FULL_DECK)
    assert sorted(map(str, first)) == sorted(map(str, FULL_DECK)) and first != second
    restored = DeckSource.from_data(source.to_data(), "spanish")
    assert restored.next_deck(FULL_DECK) == source.next_deck(FULL_DECK)
    again = DeckSource(2024)
    assert [again.next_deck(FULL_DECK), again.next_deck(FULL_DECK)] == [first, second]
    assert DeckSource(2025).next_deck(FULL_DECK) != first
    assert DeckSource(-7).next_deck(BELOTE_DECK) == DeckSource(-7).next_deck(BELOTE_DECK)


def test_every_card_lands_in_every_place_equally_often() -> None:
    """A chi-square test of the card-by-place table over 20,000 decks of 40 (1,521 degrees
    of freedom): a biased shuffle lands far above the bound, about 4.5 standard deviations
    over the mean of a fair one."""
    decks, size = 20_000, len(FULL_DECK)
    index = {card: i for i, card in enumerate(FULL_DECK)}
    counts = [[0] * size for _ in range(size)]
    source = DeckSource(7)
    for _ in range(decks):
        for place, card in enumerate(source.next_deck(FULL_DECK)):
            counts[index[card]][place] += 1
    expected = decks / size
    chi2 = sum((n - expected) ** 2 / expected for row in counts for n in row)
    freedom = (size - 1) ** 2
    assert chi2 < freedom + 4.5 * (2 * freedom) ** 0.5, chi2
