"""What a Tute move produces (events) and what a seat sees (:class:`TuteView`).

``CardPlayed`` and ``TrickWon`` are the shared trick events of :mod:`rules.tricks`
(``TrickWon.last``: the trick that carries the diez de últimas).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tapete.rules.cards import Card
from tapete.rules.engine import Event, fast_init
from tapete.rules.tricks import CardPlayed, TrickWon

__all__ = [
    "CanteSung",
    "CapoteDeclared",
    "CapotePassed",
    "CardDrawn",
    "CardPlayed",
    "HandDealt",
    "HandScored",
    "MatchOver",
    "TrickWon",
    "TrumpSwapped",
    "TuteSung",
    "TuteView",
]


@fast_init
@dataclass(frozen=True)
class HandDealt(Event):
    hand: int
    dealer: int
    mano: int
    trump: str  # suit letter
    turned: Card  # the card that shows the trump suit
    baceta: int  # cards left to draw (habanero)


@fast_init
@dataclass(frozen=True)
class CardDrawn(Event):
    """Habanero: a seat draws from the baceta (not shown in the public log)."""

    seat: int
    card: Card | None = None  # only for the face-up turned card (the last draw)


@fast_init
@dataclass(frozen=True)
class TrumpSwapped(Event):
    seat: int
    given: Card  # the 7 or 2 of trumps, now the turned card
    taken: Card  # the former turned card, now in the seat's hand


@fast_init
@dataclass(frozen=True)
class CanteSung(Event):
    seat: int
    suit: str  # suit letter
    value: int  # 40 in trumps, else 20


@fast_init
@dataclass(frozen=True)
class TuteSung(Event):
    seat: int
    rank: int  # 12: four reyes, 11: four caballos


@fast_init
@dataclass(frozen=True)
class CapoteDeclared(Event):
    seat: int


@fast_init
@dataclass(frozen=True)
class CapotePassed(Event):
    seat: int


@fast_init
@dataclass(frozen=True)
class HandScored(Event):

    ENDS_HAND: ClassVar[bool] = True

    hand: int
    reason: str  # "puntos" or "capote"
    points: tuple[int, ...]  # per side: cards + cantes + diez de últimas
    card_points: tuple[int, ...]
    cante_points: tuple[int, ...]
    ultimas: int | None  # seat that took the diez de últimas (None in a capote hand)
    winners: tuple[int, ...]  # seats
    juegos: int  # juegos won this hand
    totals: tuple[int, ...]  # juegos per side after this hand
    declarer: int | None = None  # who declared capote (a capote hand)
    capote: str = ""  # "made" (every trick), "failed" (the opponent took one), "" no capote


@fast_init
@dataclass(frozen=True)
class MatchOver(Event):
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str  # "juegos" or "tute"


@dataclass(frozen=True)
class TuteView:
    seat: int | None
    hand: tuple[Card, ...]
    to_act: int | None
    legal: tuple[str, ...]
    players: int
    modalidad: str
    dealer: int
    mano: int
    hand_number: int
    trump: str
    turned: Card
    trick: tuple[tuple[int, Card], ...]
    leader: int
    baceta_count: int
    hand_sizes: tuple[int, ...]
    tricks_won: tuple[int, ...]
    cantes: tuple[tuple[int, str, int], ...]  # (seat, suit letter, value)
    last_trick: tuple[tuple[int, Card], ...]
    capote: int | None
    juegos: tuple[int, ...]  # per side (per pair in parejas)
    sides: tuple[tuple[int, ...], ...]
    target: int
    tute: bool
    is_over: bool
