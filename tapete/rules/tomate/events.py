"""What happens at a Tomate table, and what a seat may see of it.

Every event is public; none names a hidden card (the blind discard is a position, an exchange
a count). ``CardPlayed`` and ``TrickWon`` are the shared events of :mod:`rules.tricks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tapete.rules.cards import Card, Suit
from tapete.rules.engine import Event, fast_init
from tapete.rules.tricks import CardPlayed, TrickWon

__all__ = [
    "BacetaDeclined",
    "BacetaTaken",
    "CardDiscarded",
    "CardPlayed",
    "CardsExchanged",
    "HandDealt",
    "HandScored",
    "HandStarted",
    "HandVoid",
    "MoscaWon",
    "PanfiloDealt",
    "PintaDeclined",
    "PintaTaken",
    "PlayerPassed",
    "PlayerStayed",
    "SessionOver",
    "TantosMoved",
    "Tomate",
    "TomateView",
    "TrickWon",
    "WonUnopposed",
]


@fast_init
@dataclass(frozen=True)
class HandStarted(Event):
    hand: int  # 1-based number of the hand in the session
    dealer: int


@fast_init
@dataclass(frozen=True)
class TantosMoved(Event):
    source: str  # "plato", "reserva" or "seat:<n>"
    target: str
    amount: int
    reason: str  # see the package docstring


@fast_init
@dataclass(frozen=True)
class HandDealt(Event):
    hand: int
    dealer: int
    cards_each: int
    pinta: Card  # turned face up; its suit is trump
    baceta: int  # cards left in the baceta


@fast_init
@dataclass(frozen=True)
class PanfiloDealt(Event):
    seat: int  # holder of Jc, paid 1 tanto by every other seat


@fast_init
@dataclass(frozen=True)
class PintaTaken(Event):
    seat: int
    pinta: Card


@fast_init
@dataclass(frozen=True)
class PintaDeclined(Event):
    seat: int


@fast_init
@dataclass(frozen=True)
class CardDiscarded(Event):
    seat: int
    position: int  # blind: the card itself stays hidden


@fast_init
@dataclass(frozen=True)
class PlayerStayed(Event):
    seat: int


@fast_init
@dataclass(frozen=True)
class PlayerPassed(Event):
    seat: int


@fast_init
@dataclass(frozen=True)
class HandVoid(Event):
    hand: int
    dealer: int


@fast_init
@dataclass(frozen=True)
class BacetaTaken(Event):
    seat: int
    cards: int


@fast_init
@dataclass(frozen=True)
class BacetaDeclined(Event):
    seat: int


@fast_init
@dataclass(frozen=True)
class WonUnopposed(Event):
    seat: int
    amount: int


@fast_init
@dataclass(frozen=True)
class CardsExchanged(Event):
    seat: int
    count: int  # 0: kept every card


@fast_init
@dataclass(frozen=True)
class MoscaWon(Event):
    seat: int
    cards: tuple[Card, ...]
    for_table: bool  # the mesa baceta player's mosca: the plato stays
    amount: int


@fast_init
@dataclass(frozen=True)
class Tomate(Event):
    seat: int
    amount: int
    reason: str = "no_trick"  # or "tomo": the dealer took the pinta and won fewer than 2 tricks


@fast_init
@dataclass(frozen=True)
class HandScored(Event):
    """Summary of one hand; ``nets`` are per seat, ante and pánfilo payments included."""

    ENDS_HAND: ClassVar[bool] = True

    hand: int
    dealer: int
    outcome: str  # "void", "unopposed", "mosca", "mosca_mesa" or "tricks"
    winner: int | None  # the unopposed player or the mosca's owner
    tricks: tuple[int, ...]
    tomates: tuple[int, ...]
    nets: tuple[int, ...]
    plato_delta: int
    reserva_delta: int
    plato: int
    reserva: int


@fast_init
@dataclass(frozen=True)
class SessionOver(Event):
    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class TomateView:
    """What one seat (``None``: a spectator) may see of the table."""

    seat: int | None
    players: int
    variante: str
    baceta_mode: str
    hand: tuple[Card, ...]  # own hand; empty for spectators, the blind dealer, a ciegas
    hand_sizes: tuple[int, ...]
    to_act: int | None
    legal: tuple[str, ...]
    dealer: int
    phase: str
    pinta: Card | None  # face up unless the dealer took it
    trump: Suit | None
    pinta_taken: bool
    taker: int | None  # the dealer, when they took the pinta
    status: tuple[str, ...]  # "pending", "in", "passed" or "baceta"
    baceta_player: int | None
    exchanged: tuple[int | None, ...]  # cards exchanged (mosca); None = not (yet)
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]
    plato: int
    reserva: int
    baceta: int
    hand_number: int
    hands_played: int
    manos: int | None
    nets: tuple[int, ...]  # net tantos per seat over the session
    last_hand: HandScored | None
    is_over: bool
