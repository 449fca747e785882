"""What happens at an NLK table, and what a seat may see of it.

Every event is public. Phase I is played face up (the dealt cards, every draw, every move),
so its events name cards; in Phase II only the cards played and taken back are named.
``CardPlayed`` is the shared event of :mod:`rules.tricks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tapete.rules.cards import Card, Suit
from tapete.rules.engine import Event, fast_init
from tapete.rules.tricks import CardPlayed

__all__ = [
    "CardDrawn",
    "CardGiven",
    "CardKept",
    "CardMoved",
    "CardPlayed",
    "CardTaken",
    "GameDealt",
    "GameLost",
    "NLKView",
    "PlayerOut",
    "SessionOver",
    "SheddingStarted",
    "TrickTurned",
    "TrumpFixed",
]


@fast_init
@dataclass(frozen=True)
class GameDealt(Event):
    """A game of the session is dealt: one card face up to each seat, starting with mano."""

    game: int  # 1-based number of the game in the session
    dealer: int
    cards: tuple[Card, ...]  # the card that starts each seat's pile, by seat
    baceta: int  # cards left in the baceta


@fast_init
@dataclass(frozen=True)
class CardMoved(Event):
    """Phase I, before drawing: the top card of ``seat``'s pile onto ``to``'s pile."""

    seat: int
    to: int
    card: Card


@fast_init
@dataclass(frozen=True)
class CardDrawn(Event):
    seat: int
    card: Card  # drawn from the baceta and shown
    left: int  # cards left in the baceta


@fast_init
@dataclass(frozen=True)
class TrumpFixed(Event):
    """The last card of the baceta was drawn: its suit is trump."""

    seat: int  # who drew it
    card: Card
    suit: Suit


@fast_init
@dataclass(frozen=True)
class CardGiven(Event):
    """The drawn card put on another player's pile (one rank above its top)."""

    seat: int
    to: int
    card: Card


@fast_init
@dataclass(frozen=True)
class CardKept(Event):
    """The drawn card put on the player's own pile: their turn ends."""

    seat: int
    card: Card


@fast_init
@dataclass(frozen=True)
class SheddingStarted(Event):
    """Phase II: the piles become hands; ``leader`` holds the last card of the baceta."""

    leader: int
    trump: Suit
    card: Card  # the last card of the baceta


@fast_init
@dataclass(frozen=True)
class CardTaken(Event):
    """Subir: ``seat`` takes the bottom card of the trick into their hand."""

    seat: int
    card: Card
    left: int  # cards left in the trick


@fast_init
@dataclass(frozen=True)
class TrickTurned(Event):
    """A complete trick is turned face down out of play; ``seat`` completed it."""

    seat: int
    number: int  # 1-based within the game
    cards: tuple[Card, ...]  # bottom to top


@fast_init
@dataclass(frozen=True)
class PlayerOut(Event):
    """``seat`` holds no more cards: they are out of the game (``place`` 1 = first out)."""

    seat: int
    place: int


@fast_init
@dataclass(frozen=True)
class GameLost(Event):
    """Only ``loser`` holds cards: they lose this game (and deal the next one)."""

    ENDS_HAND: ClassVar[bool] = True  # a game of the session is a hand

    game: int
    loser: int
    losses: tuple[int, ...]  # games lost per seat so far in the session


@fast_init
@dataclass(frozen=True)
class SessionOver(Event):
    winners: tuple[int, ...]  # the seats with the fewest games lost
    scores: tuple[int, ...]  # games lost per seat
    games: int


@dataclass(frozen=True)
class NLKView:
    """What one seat (``None``: a spectator) may see of the table."""

    seat: int | None
    players: int
    phase: str  # "piles" (Phase I), "shedding" (Phase II) or "over"
    hand: tuple[Card, ...]  # own hand in Phase II; empty in Phase I and for spectators
    hand_sizes: tuple[int, ...]  # cards each seat holds (its pile in Phase I)
    to_act: int | None
    legal: tuple[str, ...]
    dealer: int
    tops: tuple[Card | None, ...]  # Phase I: the top card of each pile (None: empty)
    baceta: int  # cards left in the baceta
    drawn: Card | None  # Phase I: the card the player to act drew and has not placed yet
    trump: Suit | None  # fixed once the last card of the baceta is drawn
    trump_card: Card | None  # that last card
    trick: tuple[tuple[int, Card], ...]  # Phase II: bottom to top, (seat who played, card)
    out: tuple[int, ...]  # Phase II: the seats out of cards, in the order they went out
    tricks_turned: int
    game_number: int
    games_played: int
    partidas: int | None
    losses: tuple[int, ...]  # games lost per seat in the session
    last_loser: int | None
    is_over: bool
