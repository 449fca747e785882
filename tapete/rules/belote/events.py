"""What a Belote move produces (events) and what a seat sees (:class:`BeloteView`).

``CardPlayed`` and ``TrickWon`` are the shared trick events of :mod:`rules.tricks`
(``TrickWon.last``: the trick that carries the dix de der). Per-side tuples have one entry per
side: a seat, or a pair with ``parejas`` (side 0 = seats 0+2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tapete.rules.cards import Card
from tapete.rules.engine import Event, fast_init
from tapete.rules.tricks import CardPlayed, TrickWon

__all__ = [
    "Announced",
    "BeloteDeclared",
    "BeloteView",
    "BottomShown",
    "CardPlayed",
    "CombinationShown",
    "HandDealt",
    "HandScored",
    "MatchOver",
    "Passed",
    "RebeloteDeclared",
    "Redeal",
    "ShownCombination",
    "SwapDeclined",
    "Took",
    "TrickWon",
    "TrumpSwapped",
    "TurnedCardTaken",
]

# An announced combination as shown when the first trick ends, and in the hand summary:
# (seat, its cards, the points it scored, why: a reason code, see ``combos.judge``).
ShownCombination = tuple[int, tuple[Card, ...], int, str]


@fast_init
@dataclass(frozen=True)
class HandDealt(Event):
    """The first cards are dealt and the next card is turned up: its suit is proposed."""

    hand: int
    dealer: int
    mano: int
    turned: Card


@fast_init
@dataclass(frozen=True)
class Passed(Event):
    """A seat passes in a bidding round (1: the turned suit, 2: naming another suit)."""

    seat: int
    round: int


@fast_init
@dataclass(frozen=True)
class Took(Event):
    """A seat takes: the turned suit (round 1) or the suit it names (round 2)."""

    seat: int
    suit: str  # suit letter: the trump of the hand
    round: int


@fast_init
@dataclass(frozen=True)
class TurnedCardTaken(Event):
    """Four players: the taker takes the turned card as their third complementary card."""

    seat: int
    card: Card


@fast_init
@dataclass(frozen=True)
class Redeal(Event):
    """Everybody passed twice: the same dealer deals again."""

    dealer: int


@fast_init
@dataclass(frozen=True)
class BottomShown(Event):
    """Two or three players: the dealer shows the bottom card of the stock (out of play)."""

    dealer: int
    card: Card


@fast_init
@dataclass(frozen=True)
class TrumpSwapped(Event):
    """The holder of the 7 of trumps exchanged it for the turned card."""

    seat: int
    given: Card  # the 7 of trumps, now the turned card (out of play)
    taken: Card  # the former turned card, now in the seat's hand


@fast_init
@dataclass(frozen=True)
class SwapDeclined(Event):
    """The holder of the 7 of trumps keeps it (the turned card stays out of play)."""

    seat: int


@fast_init
@dataclass(frozen=True)
class Announced(Event):
    """A seat announces one combination, by its name only (which cards stays hidden):
    ``combo`` is ``brelan`` or ``sequence`` (then ``length`` says tercia, cuarta...)."""

    seat: int
    combo: str
    length: int


@fast_init
@dataclass(frozen=True)
class CombinationShown(Event):
    """The first trick is over: an announced combination is shown, and scored or not."""

    seat: int
    cards: tuple[Card, ...]
    points: int
    reason: str  # see ``combos.judge``


@fast_init
@dataclass(frozen=True)
class BeloteDeclared(Event):
    """The first of the K and Q of trumps is played by the seat holding both."""

    seat: int
    card: Card


@fast_init
@dataclass(frozen=True)
class RebeloteDeclared(Event):
    """The second of them: belote's 20 points go to the seat's side."""

    seat: int
    card: Card
    points: int


@fast_init
@dataclass(frozen=True)
class HandScored(Event):
    """The summary of a played hand. Per-side tuples; see the package docstring."""

    ENDS_HAND: ClassVar[bool] = True

    hand: int
    taker: int
    trump: str  # suit letter
    outcome: str  # "hecho", "dedans" or "litige"
    card_points: tuple[int, ...]  # points of the cards of the tricks each side took
    der: int  # the seat that took the last trick (dix de der)
    combinations: tuple[int, ...]  # combination points scored
    belote: int | None  # the seat that had belote
    points: tuple[int, ...]  # cards + dix de der + combinations + belote (the comparison)
    capote: tuple[int, ...]  # capote bonus
    scored: tuple[int, ...]  # what each side adds to its match total for this hand
    released: int  # points held by earlier litiges, paid out in ``scored`` this hand
    held: int  # points held (litige) after this hand
    totals: tuple[int, ...]  # match totals after this hand
    combos: tuple[ShownCombination, ...]  # every announced combination and why it scored


@fast_init
@dataclass(frozen=True)
class MatchOver(Event):
    winners: tuple[int, ...]  # seats
    scores: tuple[int, ...]  # per side
    lost: int  # points still held by a litige, lost with the end of the match


@dataclass(frozen=True)
class BeloteView:
    seat: int | None
    hand: tuple[Card, ...]
    to_act: int | None
    legal: tuple[str, ...]
    players: int
    pairs: bool
    sides: tuple[tuple[int, ...], ...]
    dealer: int
    mano: int
    hand_number: int
    phase: str  # "bid1", "bid2", "swap", "play" or "over"
    turned: Card  # the card turned up (after a swap: the 7 given for it)
    trump: str | None  # suit letter, once taken
    taker: int | None
    bottom: Card | None  # the bottom card of the stock (2-3 players, once taken)
    swapped: int | None  # the seat that exchanged the 7 of trumps for the turned card
    swapped_card: Card | None  # the turned card it took (public: it was face up)
    stock_count: int
    trick: tuple[tuple[int, Card], ...]
    leader: int
    last_trick: tuple[tuple[int, Card], ...]
    hand_sizes: tuple[int, ...]
    tricks_won: tuple[int, ...]  # per seat
    announced: tuple[tuple[int, str, int], ...]  # (seat, combo, length), as announced
    shown: tuple[ShownCombination, ...]  # once the first trick is over
    belote: int | None  # the seat that said "belote"
    rebelote: bool
    points: tuple[int, ...]  # per side, this hand so far (public: tricks, shown, belote)
    scores: tuple[int, ...]  # match totals per side
    held: int  # litige points held for the next played hand
    target: int
    announce: tuple[tuple[Card, ...], ...]  # what ``announce`` would declare (own seat only)
    last_hand: HandScored | None
    is_over: bool
