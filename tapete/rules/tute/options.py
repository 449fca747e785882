"""Tute's house rules (:class:`Options`) and the fixed facts of the game: card order and
points, how many cards each modality deals, the trick policies, the words for suits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from tapete.rules.cards import (
    SUIT_NAMES,
    Card,
    CardFacts,
    Family,
    SpanishSuit,
    parse_card,
    spanish_deck,
)
from tapete.rules.engine import Action
from tapete.rules.tricks import Ranking, TrickPolicy, When

FAMILY: Family = "spanish"

Modalidad = Literal["habanero", "arrastrado", "individual", "parejas"]

RANKING = Ranking(order=(1, 3, 12, 11, 10, 7, 6, 5, 4, 2))
POINTS: dict[int, int] = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
ULTIMAS = 10  # diez de últimas
SUITS: tuple[SpanishSuit, ...] = tuple(SpanishSuit)
# Habanero while the baceta lasts: a trump lead is followed with a trump; otherwise free.
HABANERO_OPEN = TrickPolicy(follow=When.TRUMP_LEAD, overtake=When.NEVER, trump_when_void=False)
# Everywhere else: asistir, montar, fallar, pisar; unable to pisar, any card.
FULL = TrickPolicy()
CARDS_EACH: dict[str, int] = {"habanero": 8, "arrastrado": 13, "individual": 10, "parejas": 10}
HIGH_TURNED = frozenset({1, 3, 10, 11, 12})  # swapped for the 7 of trumps; 4-7 for the 2
# ``sing`` accepts a suit letter or its Spanish name (the notation of the game).
SUIT_WORDS: dict[str, SpanishSuit] = {
    **{s.value: s for s in SUITS},
    **{SUIT_NAMES[s]: s for s in SUITS},
}

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_RANK_INDEX = {r: i for i, r in enumerate(RANKING.order)}
# Fast paths (the random-playout test applies about a million actions): the facts of each
# card, computed once for the 40 interned cards.
_DECK = spanish_deck()
FULL_DECK: tuple[Card, ...] = tuple(_DECK)
_CARDS: dict[str, Card] = {str(card): card for card in _DECK}
PLAY: dict[Card, Action] = {card: Action.play(card) for card in _DECK}
PLAYED: dict[int, Card] = {id(action): card for card, action in PLAY.items()}  # by identity
SING: dict[SpanishSuit, Action] = {s: Action("sing", (s.value,)) for s in SUITS}
SING_TUTE = Action("sing", ("tute",))
SWAP = Action("swap")
CAPOTE_CHOICES = (Action("capote"), Action("pass"))
SORT_KEY: dict[Card, tuple[int, int]] = {
    card: (_SUIT_INDEX[card.suit], _RANK_INDEX[card.rank])  # type: ignore[index]
    for card in _DECK
}
# A cante's cards per suit (rey, caballo), and tute's four reyes then four caballos.
CANTE_CARDS: dict[SpanishSuit, tuple[Card, Card]] = {s: (Card(12, s), Card(11, s)) for s in SUITS}
# The suits in the order cantes are looked for: the trump suit first.
TRUMP_FIRST: dict[SpanishSuit, tuple[SpanishSuit, ...]] = {
    trump: (trump, *(s for s in SUITS if s != trump)) for trump in SUITS
}
TUTE_CARDS: tuple[tuple[int, tuple[Card, ...]], ...] = tuple(
    (rank, tuple(Card(rank, s) for s in SUITS)) for rank in (12, 11)
)
# The trump given for each turned card: the 7 for A, 3 or a figure, else the 2; a 2 is kept.
SWAP_FOR: dict[Card, Card | None] = {
    c: Card(7, c.suit) if c.rank in HIGH_TURNED else None if c.rank == 2 else Card(2, c.suit)
    for c in _DECK
}


def card_of(text: str) -> Card:
    """A card from its canonical notation, or any text ``parse_card`` accepts."""
    card = _CARDS.get(text)
    return card if card is not None else parse_card(text, FAMILY)


def sort_key(card: Card) -> tuple[int, int]:
    """Hands are kept by suit (o c e b), strongest first within a suit."""
    return SORT_KEY[card]


def card_points(cards: Iterable[Card]) -> int:
    return sum(map(_POINTS_OF.__getitem__, cards))


_POINTS_OF: dict[Card, int] = CardFacts(lambda card: POINTS.get(card.rank, 0))


class Options(BaseModel, frozen=True):
    """House rules chosen when the table is created."""

    modalidad: Modalidad = "individual"
    juegos: int = Field(default=3, ge=1, le=20)
    tute: bool | None = None  # None: docs/rules/en/tute.md default (on except in habanero)

    @property
    def tute_enabled(self) -> bool:
        return self.tute if self.tute is not None else self.modalidad != "habanero"

    def player_counts(self) -> tuple[int, ...]:
        return {"habanero": (2,), "arrastrado": (3,)}.get(self.modalidad, (4,))
