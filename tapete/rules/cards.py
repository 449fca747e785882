"""Cards, suits, decks and the card notation shared by every game.

Two families: the Spanish 40-card deck (ranks 1-7, 10 sota, 11 caballo, 12 rey; suits
o c e b) and the French deck (ranks 2-10, J=11, Q=12, K=13, A=14; suits s h d c), with the
stripped French decks used by Belote (32) and NLK (28-52). Notation is ``<rank><suit>``:
``7o``, ``12b``, ``10h``, ``Js``. Parsing is case-insensitive and also takes the full names
in Spanish and English ("as de oros", "ace of coins", "jota de picas", "jack of spades",
"7 de oros", "seven of coins") and the labels the bot shows ("K♦", "7🪙"): players type in
either language. The English names are parse data only; what the bot *shows* comes from its
catalogs. Because ``10c`` means a different card in each family, a parse always names the
family.
"""

from __future__ import annotations

import operator
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Literal

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from tapete.rules.errors import Common, IllegalAction

Family = Literal["spanish", "french"]


class SpanishSuit(Enum):
    OROS = "o"
    COPAS = "c"
    ESPADAS = "e"
    BASTOS = "b"

    # Members are singletons compared by identity: hash them the same way, in C (Enum's own
    # hash is a Python call on the name, and suits key many look-ups).
    __hash__ = object.__hash__


class FrenchSuit(Enum):
    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    __hash__ = object.__hash__


Suit = SpanishSuit | FrenchSuit

SPANISH_RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
FRENCH_RANKS: tuple[int, ...] = (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)  # A high first
FRENCH_RANK_TEXT = {14: "A", 13: "K", 12: "Q", 11: "J"}

SUIT_NAMES: dict[Suit, str] = {
    SpanishSuit.OROS: "oros",
    SpanishSuit.COPAS: "copas",
    SpanishSuit.ESPADAS: "espadas",
    SpanishSuit.BASTOS: "bastos",
    FrenchSuit.SPADES: "picas",
    FrenchSuit.HEARTS: "corazones",
    FrenchSuit.DIAMONDS: "diamantes",
    FrenchSuit.CLUBS: "tréboles",
}
SUIT_SYMBOLS: dict[Suit, str] = {
    SpanishSuit.OROS: "🪙",
    SpanishSuit.COPAS: "🏆",
    SpanishSuit.ESPADAS: "⚔️",
    SpanishSuit.BASTOS: "🪵",
    FrenchSuit.SPADES: "♠",
    FrenchSuit.HEARTS: "♥",
    FrenchSuit.DIAMONDS: "♦",
    FrenchSuit.CLUBS: "♣",
}
_SPANISH_RANK_NAMES = {
    1: "as",
    2: "dos",
    3: "tres",
    4: "cuatro",
    5: "cinco",
    6: "seis",
    7: "siete",
    10: "sota",
    11: "caballo",
    12: "rey",
}
_FRENCH_RANK_NAMES = {
    14: "as",
    13: "rey",
    12: "reina",
    11: "jota",
    10: "diez",
    9: "nueve",
    8: "ocho",
    7: "siete",
    6: "seis",
    5: "cinco",
    4: "cuatro",
    3: "tres",
    2: "dos",
}
_FRENCH_RANK_ALIASES = {"dama": 12, "j": 11, "q": 12, "k": 13, "a": 14, "1": 14}
_FRENCH_SUIT_ALIASES = {
    "treboles": FrenchSuit.CLUBS,
    "trebol": FrenchSuit.CLUBS,
    "pica": FrenchSuit.SPADES,
    "corazon": FrenchSuit.HEARTS,
    "diamante": FrenchSuit.DIAMONDS,
    "rombos": FrenchSuit.DIAMONDS,
}
# English names, accepted when parsing (never shown: the catalogs say what is shown).
_ENGLISH_NUMBERS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10,
}
_ENGLISH_RANKS: dict[Family, dict[str, int]] = {
    "spanish": {"ace": 1, **{w: n for w, n in _ENGLISH_NUMBERS.items() if n <= 7},
                "jack": 10, "knave": 10, "knight": 11, "horse": 11, "king": 12},
    "french": {"ace": 14, **_ENGLISH_NUMBERS, "jack": 11, "knave": 11, "queen": 12,
               "king": 13},
}
_ENGLISH_RANK_NAMES: dict[Family, dict[int, str]] = {
    "spanish": {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                10: "jack", 11: "knight", 12: "king"},
    "french": {14: "ace", 13: "king", 12: "queen", 11: "jack",
               **{n: w for w, n in _ENGLISH_NUMBERS.items()}},
}
_ENGLISH_SUITS: dict[Family, dict[str, Suit]] = {
    "spanish": {"coins": SpanishSuit.OROS, "coin": SpanishSuit.OROS,
                "golds": SpanishSuit.OROS, "cups": SpanishSuit.COPAS,
                "cup": SpanishSuit.COPAS, "swords": SpanishSuit.ESPADAS,
                "sword": SpanishSuit.ESPADAS, "clubs": SpanishSuit.BASTOS,
                "club": SpanishSuit.BASTOS, "batons": SpanishSuit.BASTOS},
    "french": {"spades": FrenchSuit.SPADES, "spade": FrenchSuit.SPADES,
               "hearts": FrenchSuit.HEARTS, "heart": FrenchSuit.HEARTS,
               "diamonds": FrenchSuit.DIAMONDS, "diamond": FrenchSuit.DIAMONDS,
               "clubs": FrenchSuit.CLUBS, "club": FrenchSuit.CLUBS},
}


@dataclass(frozen=True, eq=False, init=False, repr=False)
class Card:
    """One card. ``rank`` uses the family's numbers; equality includes the suit's family.

    Cards are interned: ``Card(rank, suit)`` returns the one object of that card, so equality
    and hashing are by identity (a C call) and dict and set look-ups on cards stay cheap.
    """

    __slots__ = ("_label", "_text", "rank", "suit")

    rank: int
    suit: Suit
    if TYPE_CHECKING:  # slots, not fields: the notation and the label, computed once
        _text: str
        _label: str

    def __new__(cls, rank: int, suit: Suit) -> Card:
        card = _INTERNED.get((rank, suit))
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            text = (
                f"{FRENCH_RANK_TEXT.get(rank, str(rank))}{suit.value}"
                if isinstance(suit, FrenchSuit)
                else f"{rank}{suit.value}"
            )
            object.__setattr__(card, "_text", text)
            label = f"{text.removesuffix(suit.value)}{SUIT_SYMBOLS[suit]}"
            object.__setattr__(card, "_label", label)
            _INTERNED[(rank, suit)] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit]]:
        return Card, (self.rank, self.suit)  # unpickling goes through the table too

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    @property
    def family(self) -> Family:
        return "spanish" if isinstance(self.suit, SpanishSuit) else "french"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def name(self) -> str:
        """Full Spanish name, e.g. "as de oros", "jota de picas"."""
        names = _SPANISH_RANK_NAMES if self.family == "spanish" else _FRENCH_RANK_NAMES
        return f"{names[self.rank]} de {SUIT_NAMES[self.suit]}"

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Snapshots hold a card as its notation; the family comes from the context."""

        def validate(value: Any, info: core_schema.ValidationInfo) -> Card:
            if isinstance(value, Card):
                return value
            family = (info.context or {}).get("family", "spanish")
            return parse_card(str(value), family)

        return core_schema.with_info_plain_validator_function(
            validate,
            serialization=core_schema.plain_serializer_function_ser_schema(_NOTATION_OF),
        )

    @property
    def label(self) -> str:
        """Short label for buttons: notation plus suit symbol (a hand is relabelled at every
        move, so it is made once, with the card)."""
        return self._label


# A card's notation, read straight from its slot: how snapshots write a card (a C-level
# getter, so serialising a snapshot's forty cards calls no Python function).
_NOTATION_OF = operator.attrgetter("_text")


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """Lower case without accents, trimmed: how typed words are compared."""
    return _fold(text)


_NOTATION = re.compile(r"^(10|11|12|[1-9]|[ajqk])([a-z])$")


def parse_card(text: str, family: Family) -> Card:
    """Parse notation ("7o", "Js"), a label ("K♦") or a full name in Spanish or English
    ("as de oros", "ace of coins"); raise IllegalAction if unknown."""
    canonical = _CANONICAL[family].get(text)
    if canonical is not None:  # the common case (snapshots, buttons): one dict lookup
        return canonical
    card = _LABELS[family].get(text.strip().replace(" ", "").upper())
    if card is not None:
        return card
    folded = _fold(text).replace(" ", "")
    match = _NOTATION.match(folded)
    if match:
        rank_text, suit_text = match.groups()
        card = _build(rank_text, suit_text, family)
        if card is not None:
            return card
    card = _parse_name(" ".join(_fold(text).split()), family)
    if card is None:
        raise IllegalAction(Common.UNKNOWN_CARD, text=text)
    return card


def _build(rank_text: str, suit_text: str, family: Family) -> Card | None:
    if family == "spanish":
        if not rank_text.isdigit() or int(rank_text) not in SPANISH_RANKS:
            return None
        try:
            return Card(int(rank_text), SpanishSuit(suit_text))
        except ValueError:
            return None
    rank = _FRENCH_RANK_ALIASES.get(rank_text) or (int(rank_text) if rank_text.isdigit() else 0)
    if rank not in FRENCH_RANKS:
        return None
    try:
        return Card(rank, FrenchSuit(suit_text))
    except ValueError:
        return None


def _parse_name(folded: str, family: Family) -> Card | None:
    parts = folded.split(" de ", 1)
    if len(parts) != 2:
        parts = folded.split(" of ", 1)
    if len(parts) != 2:
        return None
    rank_word, suit_word = parts[0].strip(), parts[1].strip()
    for article in ("the ", "el ", "la "):
        rank_word = rank_word.removeprefix(article)
    suits: Iterable[Suit] = SpanishSuit if family == "spanish" else FrenchSuit
    suit = next((s for s in suits if _fold(SUIT_NAMES[s]) == suit_word), None)
    if suit is None and family == "french":
        suit = _FRENCH_SUIT_ALIASES.get(suit_word)
    if suit is None:
        suit = _ENGLISH_SUITS[family].get(suit_word)
    if suit is None:
        return None
    names = _SPANISH_RANK_NAMES if family == "spanish" else _FRENCH_RANK_NAMES
    rank = next((r for r, n in names.items() if n == rank_word), None)
    if rank is None and family == "french":
        rank = _FRENCH_RANK_ALIASES.get(rank_word)
    if rank is None:
        rank = _ENGLISH_RANKS[family].get(rank_word)
    if rank is None and rank_word.isdigit():
        rank = int(rank_word) if family == "spanish" or int(rank_word) != 1 else 14
    if rank is None:
        return None
    return _build(str(rank), suit.value, family) if family == "spanish" else Card(rank, suit)


def parse_suit(text: str, family: Family) -> Suit | None:
    """A suit from its letter ("o", "h") or its name in Spanish or English ("oros",
    "coins", "picas", "spades"), or None."""
    folded = _fold(text)
    suits: Iterable[Suit] = SpanishSuit if family == "spanish" else FrenchSuit
    for suit in suits:
        if folded in (suit.value, _fold(SUIT_NAMES[suit])):
            return suit
    if family == "french" and folded in _FRENCH_SUIT_ALIASES:
        return _FRENCH_SUIT_ALIASES[folded]
    return _ENGLISH_SUITS[family].get(folded)


def card_names(card: Card) -> tuple[str, str]:
    """The full names ``parse_card`` accepts for a card, Spanish then English ("as de
    oros", "ace of coins"): search data for what a player may type, never shown."""
    english_rank = _ENGLISH_RANK_NAMES[card.family][card.rank]
    english_suit = next(w for w, s in _ENGLISH_SUITS[card.family].items() if s is card.suit)
    return card.name, f"{english_rank} of {english_suit}"


def parse_cards(texts: Iterable[str], family: Family) -> list[Card]:
    return [parse_card(t, family) for t in texts]


def spanish_deck() -> list[Card]:
    """The Spanish 40-card deck in a fixed order (suit o c e b, rank 1..12)."""
    return list(_SPANISH_DECK)


def french_deck(lowest: int = 2) -> list[Card]:
    """A French deck from the ace down to ``lowest`` (2: 52 cards, 7: 32, 8: 28...)."""
    if lowest <= 2:
        return list(_FRENCH_DECK)
    return [c for c in _FRENCH_DECK if c.rank >= lowest]


# The one object of each card (``Card.__new__`` adds any other (rank, suit) asked for).
_INTERNED: dict[tuple[int, Suit], Card] = {}
_SPANISH_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SpanishSuit for r in SPANISH_RANKS)
_FRENCH_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in FrenchSuit for r in FRENCH_RANKS)


# Every card by its own notation, per family: ``str(card)`` parses back without any folding.
_CANONICAL: dict[Family, dict[str, Card]] = {
    "spanish": {str(c): c for c in spanish_deck()},
    "french": {str(c): c for c in french_deck()},
}


def _labels(cards: Iterable[Card]) -> dict[str, Card]:
    """Every card by its label (``Card.label``, upper-cased): "K♦", "7🪙"; a suit emoji
    without its variation selector too ("10⚔")."""
    labels: dict[str, Card] = {}
    for card in cards:
        labels[card.label.upper()] = card
        labels.setdefault(card.label.upper().replace("\ufe0f", ""), card)
    return labels


_LABELS: dict[Family, dict[str, Card]] = {
    "spanish": _labels(spanish_deck()),
    "french": _labels(french_deck()),
}


def cards_to_text(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


class CardFacts(dict[Card, Any]):
    """A card -> fact table (a game's value, power, sort key...) that computes a card's fact
    the first time it is asked for and keeps it: look-ups cost one identity-hashed dict hit.
    """

    def __init__(self, compute: Callable[[Card], Any]) -> None:
        super().__init__()
        self._compute = compute

    def __missing__(self, card: Card) -> Any:
        fact = self[card] = self._compute(card)
        return fact
