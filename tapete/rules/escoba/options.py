"""The house rules of an Escoba table, the card values and the canonical card order."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, Field

from tapete.rules.cards import Card, CardFacts, Family, SpanishSuit, spanish_deck
from tapete.rules.engine import Action

Captura = Literal["obligatoria", "libre", "castigo"]

FAMILY: Family = "spanish"
FULL_DECK: tuple[Card, ...] = tuple(spanish_deck())
SIETE_DE_OROS = Card(7, SpanishSuit.OROS)
FIFTEEN = 15
HAND_SIZE = 3
TABLE_SIZE = 4
MAX_OBJETIVO = 100
ORDER: dict[Card, int] = {card: i for i, card in enumerate(FULL_DECK)}
PLAY: dict[Card, Action] = {card: Action.play(card) for card in FULL_DECK}
PASS = Action(Action.PASS)


@lru_cache(maxsize=1 << 16)
def capture_action(cards: tuple[Card, ...]) -> Action:
    """``capture <card> <taken...>`` for ``cards`` = (card, *taken), made once: legal moves
    hand out the same object for the same capture."""
    return Action("capture", tuple(map(str, cards)))


class Options(BaseModel, frozen=True):
    """House rules of an Escoba table (defaults: docs/rules/en/escoba.md)."""

    parejas: bool = False
    captura: Captura = "obligatoria"
    objetivo: int = Field(default=21, ge=1, le=MAX_OBJETIVO)

    def player_counts(self) -> tuple[int, ...]:
        return (4,) if self.parejas else (2, 3, 4)


def value(card: Card) -> int:
    """Escoba value: 1-7 as numbered, sota 8, caballo 9, rey 10."""
    return card.rank if card.rank <= 7 else card.rank - 2


VALUES: dict[Card, int] = CardFacts(value)  # ``value`` of each card, looked up


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the canonical order (that of ``spanish_deck()``)."""
    return tuple(sorted(cards, key=ORDER.__getitem__))
