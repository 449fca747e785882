"""What an Escoba match tells the table: its events and the view of one seat.

Events carry data only (the catalogs word them); none shows a hidden card: deals report the
public table and counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tapete.rules.cards import Card
from tapete.rules.engine import Event, fast_init


@fast_init
@dataclass(frozen=True)
class HandDealt(Event):
    """A hand began: 3 cards to each seat (hidden) and ``table`` face up."""

    hand: int
    dealer: int
    mano: int
    table: tuple[Card, ...]
    deck_count: int


@fast_init
@dataclass(frozen=True)
class OpeningEscoba(Event):
    """The dealer's four table cards made 15 (1 escoba) or two 15s (2): the dealer takes them."""

    seat: int
    cards: tuple[Card, ...]
    escobas: int


@fast_init
@dataclass(frozen=True)
class CardsDealt(Event):
    """All hands were empty: 3 more cards to each seat (``round`` 2, 3... of the hand)."""

    hand: int
    round: int
    deck_count: int


@fast_init
@dataclass(frozen=True)
class CardCaptured(Event):
    """``seat`` played ``card`` and took ``captured`` from the table."""

    seat: int
    card: Card
    captured: tuple[Card, ...]
    escoba: bool


@fast_init
@dataclass(frozen=True)
class CardLaid(Event):
    """``seat`` laid ``card`` on the table; ``could_capture``: it could have made 15."""

    seat: int
    card: Card
    could_capture: bool


@fast_init
@dataclass(frozen=True)
class RenuncioOffered(Event):
    """Castigo: ``seat`` may claim the renuncio of ``offender``, who laid ``card``."""

    seat: int
    offender: int
    card: Card


@fast_init
@dataclass(frozen=True)
class RenuncioClaimed(Event):
    """``seat`` took ``offender``'s laid ``card`` plus ``captured`` (not an escoba)."""

    seat: int
    offender: int
    card: Card
    captured: tuple[Card, ...]


@fast_init
@dataclass(frozen=True)
class RenuncioDeclined(Event):
    """``seat`` let the renuncio of ``offender`` (``card``) lapse."""

    seat: int
    offender: int
    card: Card


@fast_init
@dataclass(frozen=True)
class TableSwept(Event):
    """End of hand: ``cards`` left on the table go to ``seat`` (None: nobody captured)."""

    seat: int | None
    cards: tuple[Card, ...]


@fast_init
@dataclass(frozen=True)
class HandScored(Event):
    """Points of hand ``hand``; every tuple has one entry per side; ``scores`` = match totals."""

    ENDS_HAND: ClassVar[bool] = True

    hand: int
    card_counts: tuple[int, ...]
    seven_counts: tuple[int, ...]
    oro_counts: tuple[int, ...]
    escobas: tuple[int, ...]
    siete_de_oros: tuple[int, ...]
    most_sevens: tuple[int, ...]
    most_cards: tuple[int, ...]
    most_oros: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]


@fast_init
@dataclass(frozen=True)
class MatchOver(Event):
    """The match ended: ``winners`` are seats, ``scores`` one entry per side."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


# ----------------------------------------------------------------------------- views


@dataclass(frozen=True)
class PendingRenuncio:
    """A renuncio that ``claimant`` may claim now: ``offender`` laid ``card``."""

    offender: int
    claimant: int
    card: Card
    sets: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class EscobaView:
    """What ``seat`` (None: a spectator) may see. Per-side tuples: one entry per side."""

    seat: int | None
    hand: tuple[Card, ...]
    to_act: int | None
    legal: tuple[str, ...]
    dealer: int
    mano: int
    hand_number: int
    table: tuple[Card, ...]
    deck_count: int
    hand_sizes: tuple[int, ...]
    captured_counts: tuple[int, ...]
    escobas: tuple[int, ...]
    scores: tuple[int, ...]
    last_capturer: int | None
    renuncio: PendingRenuncio | None
    players: int
    parejas: bool
    captura: str
    objetivo: int
    is_over: bool
    winners: tuple[int, ...]
