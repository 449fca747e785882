"""Belote's house rules (:class:`Options`) and the fixed facts of the game: the 32-card deck,
the two card orders and their points, the deal sizes, the trick policies, the actions and the
words accepted for suits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from tapete.rules.cards import SUIT_NAMES, Card, Family, FrenchSuit, french_deck, parse_card
from tapete.rules.engine import Action
from tapete.rules.tricks import Ranking, TrickPolicy, When

FAMILY: Family = "french"

Empate = Literal["first", "none_or_split"]
Phase = Literal["bid1", "bid2", "swap", "play"]
Outcome = Literal["hecho", "dedans", "litige"]

SUITS: tuple[FrenchSuit, ...] = tuple(FrenchSuit)  # s h d c: the order of hands and actions
NATURAL: tuple[int, ...] = (14, 13, 12, 11, 10, 9, 8, 7)  # A K Q J 10 9 8 7 (sequences, hands)
DECK: tuple[Card, ...] = tuple(french_deck(7))  # 32 cards, by suit then natural order

# Plain suits A 10 K Q J 9 8 7; trumps J 9 A 10 K Q 8 7.
RANKING = Ranking(order=(14, 10, 13, 12, 11, 9, 8, 7), trump_order=(11, 9, 14, 10, 13, 12, 8, 7))
PLAIN_POINTS: dict[int, int] = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}
TRUMP_POINTS: dict[int, int] = {11: 20, 9: 14, 14: 11, 10: 10, 13: 4, 12: 3}
DER = 10  # dix de der: the last trick
BELOTE = 20  # K and Q of trumps in one hand
CAPOTE = 100  # shared by the sides that took a trick when a side took none
CARD_TOTAL = 162  # every card's points (152) + dix de der, when all 32 are played (4 players)

FIRST_PACKETS: dict[int, tuple[int, ...]] = {2: (3, 3), 3: (3, 3), 4: (3, 2)}
COMPLEMENT = 3  # complementary cards each (the taker gets 2 and the turned card with 4 players)

# Asistir; on a trump lead montar; void: fallar, pisar, else still a trump (under-trumping is
# obligatory); only without trumps any card. In pairs a partner winning frees a void player.
POLICY = TrickPolicy(
    follow=When.ALWAYS, overtake=When.TRUMP_LEAD, trump_when_void=True, overtrump=True,
    undertrump=True, partner_frees=False,
)
PAIRS_POLICY = TrickPolicy(
    follow=When.ALWAYS, overtake=When.TRUMP_LEAD, trump_when_void=True, overtrump=True,
    undertrump=True, partner_frees=True,
)

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_NATURAL_INDEX = {r: i for i, r in enumerate(NATURAL)}
SORT_KEY: dict[Card, int] = {
    card: _SUIT_INDEX[card.suit] * 8 + _NATURAL_INDEX[card.rank]  # type: ignore[index]
    for card in DECK
}
# Card points under each trump suit (None: no trump yet).
POINTS: dict[FrenchSuit, dict[Card, int]] = {
    trump: {
        card: (TRUMP_POINTS if card.suit is trump else PLAIN_POINTS).get(card.rank, 0)
        for card in DECK
    }
    for trump in SUITS
}

_CARDS: dict[str, Card] = {str(card): card for card in DECK}
PLAY: dict[Card, Action] = {card: Action.play(card) for card in DECK}
TAKE = Action("take")
PASS = Action("pass")
SWAP = Action("swap")
ANNOUNCE = Action("announce")
NAME: dict[FrenchSuit, Action] = {s: Action("name", (s.value,)) for s in SUITS}
TAKE_CHOICES: tuple[Action, ...] = (TAKE, PASS)
SWAP_CHOICES: tuple[Action, ...] = (SWAP, PASS)
# The second round: every suit but the turned one, in suit order, then pass.
NAME_CHOICES: dict[FrenchSuit, tuple[Action, ...]] = {
    turned: (*(NAME[s] for s in SUITS if s is not turned), PASS) for turned in SUITS
}
# The trump cards of belote (K, Q) and the 7 of trumps, per trump suit.
BELOTE_CARDS: dict[FrenchSuit, tuple[Card, Card]] = {
    s: (Card(13, s), Card(12, s)) for s in SUITS
}
SEVEN: dict[FrenchSuit, Card] = {s: Card(7, s) for s in SUITS}

# ``name`` accepts a suit letter, its Spanish name or its English name.
SUIT_WORDS: dict[str, FrenchSuit] = {
    **{s.value: s for s in SUITS},
    **{SUIT_NAMES[s]: s for s in SUITS},
    "treboles": FrenchSuit.CLUBS,
    "spades": FrenchSuit.SPADES,
    "hearts": FrenchSuit.HEARTS,
    "diamonds": FrenchSuit.DIAMONDS,
    "clubs": FrenchSuit.CLUBS,
}


def card_of(text: str) -> Card:
    """A card from its canonical notation, or any text ``parse_card`` accepts (a card outside
    the 32-card deck, such as ``2h``, parses and is then simply not in any hand)."""
    card = _CARDS.get(text)
    return card if card is not None else parse_card(text, FAMILY)


def card_points(cards: Iterable[Card], trump: FrenchSuit) -> int:
    points = POINTS[trump]
    return sum(points.get(card, 0) for card in cards)


class Options(BaseModel, frozen=True):
    """House rules chosen when the table is created (defaults: docs/rules/en/belote.md)."""

    parejas: bool = False
    objetivo: int = Field(default=1000, ge=1, le=10000)
    litigio: bool = True
    empate_escalera: Empate = "first"

    def player_counts(self) -> tuple[int, ...]:
        return (4,) if self.parejas else (2, 3, 4)
