"""Card notation and decks (docs/rules/en/conventions.md, "How cards are written")."""

import pytest

from tapete.rules.cards import Card, FrenchSuit, SpanishSuit, french_deck, parse_card, spanish_deck
from tapete.rules.errors import Common, IllegalAction


def test_deck_sizes() -> None:
    assert len(spanish_deck()) == 40
    assert len(french_deck()) == 52
    assert len(french_deck(7)) == 32
    assert len(set(spanish_deck())) == 40


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("1o", Card(1, SpanishSuit.OROS)),
        ("12B", Card(12, SpanishSuit.BASTOS)),
        ("10c", Card(10, SpanishSuit.COPAS)),
        ("as de oros", Card(1, SpanishSuit.OROS)),
        ("Rey de Bastos", Card(12, SpanishSuit.BASTOS)),
        ("caballo de espadas", Card(11, SpanishSuit.ESPADAS)),
    ],
)
def test_parse_spanish(text: str, card: Card) -> None:
    assert parse_card(text, "spanish") == card


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("Js", Card(11, FrenchSuit.SPADES)),
        ("10h", Card(10, FrenchSuit.HEARTS)),
        ("ad", Card(14, FrenchSuit.DIAMONDS)),
        ("jota de picas", Card(11, FrenchSuit.SPADES)),
        ("reina de tréboles", Card(12, FrenchSuit.CLUBS)),
        ("as de corazones", Card(14, FrenchSuit.HEARTS)),
    ],
)
def test_parse_french(text: str, card: Card) -> None:
    assert parse_card(text, "french") == card


def test_notation_round_trip() -> None:
    for card in spanish_deck():
        assert parse_card(str(card), "spanish") == card
    for card in french_deck():
        assert parse_card(str(card), "french") == card


@pytest.mark.parametrize("text", ["8o", "13b", "1x", "", "Ls", "sota"])
def test_unknown_card_is_rejected_with_reason(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        parse_card(text, "spanish" if not text.endswith("s") else "french")
    assert refused.value.code is Common.UNKNOWN_CARD
    assert refused.value.params == {"text": text}


def test_full_names() -> None:
    assert Card(10, SpanishSuit.COPAS).name == "sota de copas"
    assert Card(11, FrenchSuit.SPADES).name == "jota de picas"
