"""Shared trick logic: who wins a trick and which cards are legal.

A game describes its obligations with a :class:`TrickPolicy` (data, not code) and its card
order with a :class:`Ranking`; the same two functions then serve Tute, Tomate and Belote.
docs/rules/en/conventions.md: asistir = follow suit, montar = beat the highest led-suit card already
in the trick (even when the trick has been trumped), fallar = trump when void, pisar = beat
every trump already in the trick, and contrafallar = any card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache, partial
from typing import TYPE_CHECKING, ClassVar, Self

from tapete.rules.cards import Card, CardFacts, SpanishSuit, Suit, french_deck, spanish_deck
from tapete.rules.engine import Event, fast_init
from tapete.rules.errors import Refusal


class Obligation(Refusal):
    """Why a card may not be played on a trick; the parameter ``suit`` names the suit."""

    MUST_FOLLOW = "must_follow"  # asistir to ``suit``
    MUST_OVERTAKE = "must_overtake"  # montar: a higher card of ``suit``
    MUST_TRUMP = "must_trump"  # fallar with a trump (``suit``)
    MUST_OVERTRUMP = "must_overtrump"  # pisar: a trump (``suit``) above the one in the trick
    MUST_UNDERTRUMP = "must_undertrump"  # unable to pisar, still a trump (``suit``)


def broken_obligation(card: Card, obligation: Obligation, suit: Suit) -> Obligation:
    """The obligation a refused ``card`` breaks when ``obligation`` restricts the play: a card
    of another suit where a higher card of ``suit`` was due breaks asistir first."""
    if obligation is Obligation.MUST_OVERTAKE and card.suit != suit:
        return Obligation.MUST_FOLLOW
    return obligation


@fast_init
@dataclass(frozen=True)
class CardPlayed(Event):
    """A card went to the trick in progress (every trick game)."""

    seat: int
    card: Card


# One ``CardPlayed`` per seat and card, made on first use: an event is immutable, so every
# play of that card by that seat hands out the same one (a look-up instead of a new object
# on the most frequent move of every trick game). ``PLAYED_BY[seat][card]``.
PLAYED_BY: tuple[CardFacts, ...] = tuple(CardFacts(partial(CardPlayed, seat)) for seat in range(20))


@fast_init
@dataclass(frozen=True)
class TrickWon(Event):
    """A trick is complete: ``seat`` takes ``cards`` (in playing order)."""

    seat: int
    number: int  # 1-based within the hand
    cards: tuple[Card, ...]
    last: bool = False  # the last trick of the hand


@dataclass
class Trick:
    """The trick in progress, shared by every trick game: who led and what was played."""

    leader: int
    plays: list[tuple[int, Card]] = field(default_factory=list)

    def next_seat(self, players: int) -> int:
        return (self.leader + len(self.plays)) % players

    def complete(self, players: int) -> bool:
        return len(self.plays) == players

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


@lru_cache(maxsize=64)
def sides(players: int, pairs: bool) -> tuple[tuple[int, ...], ...]:
    """The sides of a table: one per seat, or pairs sitting alternately (0+2, 1+3)."""
    if not pairs:
        return tuple((seat,) for seat in range(players))
    half = players // 2
    return tuple(tuple(range(side, players, half)) for side in range(half))


def side_of(seat: int, players: int, pairs: bool) -> int:
    return seat % (players // 2) if pairs else seat


@lru_cache(maxsize=64)
def seat_sides(players: int, pairs: bool) -> tuple[int, ...]:
    """Each seat's side (:func:`side_of`), for code that asks it thousands of times."""
    return tuple(side_of(seat, players, pairs) for seat in range(players))


class SidesMixin:
    """A trick game's sides, for a state with ``players`` and ``pairs``: one per seat, or
    pairs sitting alternately (0+2 against 1+3)."""

    __slots__ = ()
    players: int

    if TYPE_CHECKING:  # an attribute (Tute) or a property (Belote, from its options)

        @property
        def pairs(self) -> bool: ...

    def _side_count(self) -> int:
        return len(sides(self.players, self.pairs))

    def side(self, seat: int) -> int:
        """The side of a seat: the seat itself, or its pair (0: seats 0+2) in pairs."""
        return side_of(seat, self.players, self.pairs)

    def _side_seats(self, side: int) -> tuple[int, ...]:
        return sides(self.players, self.pairs)[side]


class Copyable:
    """A hand played out fast on bit masks (Tute's and Belote's ``cardplay.Tricks``), copied
    for each move a search tries: the lists named in ``LISTS`` are copied, every other field
    is a number or never changed, and is shared."""

    LISTS: ClassVar[tuple[str, ...]] = ()

    def copy(self) -> Self:
        """An independent copy (each move of a sampled deal is tried on its own)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        for name in self.LISTS:
            setattr(other, name, list(getattr(self, name)))
        return other


@lru_cache(maxsize=1 << 10)
def seats_from(start: int, players: int) -> tuple[int, ...]:
    """Every seat once, in order of play from ``start`` (any integer, taken modulo)."""
    return tuple((start + i) % players for i in range(players))


class When(StrEnum):
    """When an obligation applies, relative to the suit led."""

    NEVER = "never"
    TRUMP_LEAD = "trump_lead"  # only when a trump was led
    ALWAYS = "always"


@dataclass(frozen=True)
class TrickPolicy:
    """The obligations of a game's trick play."""

    follow: When = When.ALWAYS  # asistir
    overtake: When = When.ALWAYS  # montar (beat the highest led-suit card, if able)
    trump_when_void: bool = True  # fallar
    overtrump: bool = True  # pisar: beat every trump already in the trick, if able
    undertrump: bool = False  # void and unable to pisar: still play a trump if holding one
    partner_frees: bool = False  # void while the partner wins the trick: any card


FREE_PLAY = TrickPolicy(
    follow=When.NEVER, overtake=When.NEVER, trump_when_void=False, overtrump=False
)


class CardOrder:
    """A :class:`Ranking` under one trump: each card's playing suit and power, looked up.

    Legal moves and trick winners ask these facts many times per trick; computed once per
    card (cards are interned, so the look-ups hash by identity). ``members`` (the cards that
    play as a suit) and ``above`` (the cards of a card's playing suit that beat it) let legal
    moves pick cards out of a hand with ``filter`` and a set's ``__contains__``, in C.
    """

    def __init__(self, ranking: Ranking, trump: Suit | None) -> None:
        self.trump = trump
        self.suit: dict[Card, Suit] = CardFacts(lambda card: ranking._suit(card, trump))
        self.power: dict[Card, int] = CardFacts(lambda card: ranking._power(card, trump))
        self.members: dict[Suit, frozenset[Card]] = _SuitMembers(self.suit)
        self.above: dict[Card, frozenset[Card]] = CardFacts(
            lambda card: frozenset(
                other for other in _family_deck(card.suit)
                if self.suit[other] is self.suit[card] and ranking._ranks(other, trump)
                and self.power[other] > self.power[card]
            )
        )


class _SuitMembers(dict[Suit, frozenset[Card]]):
    """Suit -> the cards of its family's deck that play as that suit, made on first use."""

    def __init__(self, suit_of: dict[Card, Suit]) -> None:
        super().__init__()
        self._suit_of = suit_of

    def __missing__(self, suit: Suit) -> frozenset[Card]:
        cards = self[suit] = frozenset(c for c in _family_deck(suit) if self._suit_of[c] is suit)
        return cards


def _family_deck(suit: Suit) -> tuple[Card, ...]:
    """Every card of the family a suit belongs to (the full French deck for French suits)."""
    return _SPANISH if isinstance(suit, SpanishSuit) else _FRENCH


_SPANISH, _FRENCH = tuple(spanish_deck()), tuple(french_deck())


@dataclass(frozen=True)
class Ranking:
    """How a game orders cards: ``order`` lists ranks strongest first.

    ``trump_extra`` lets a game promote specific cards to the top of the trump suit (the
    pánfilo in Tomate): those cards count as trumps of any trump suit and beat all others.
    """

    order: tuple[int, ...]
    trump_order: tuple[int, ...] | None = None
    trump_extra: tuple[Card, ...] = field(default=())
    _orders: dict[Suit | None, CardOrder] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def under(self, trump: Suit | None) -> CardOrder:
        """The suits and powers of the cards with ``trump`` as trump suit (kept per trump)."""
        order = self._orders.get(trump)
        if order is None:
            order = self._orders[trump] = CardOrder(self, trump)
        return order

    def suit(self, card: Card, trump: Suit | None) -> Suit:
        """The suit a card plays as (a promoted card plays as trump)."""
        return self.under(trump).suit[card]

    def power(self, card: Card, trump: Suit | None) -> int:
        """Higher is stronger, comparable within one playing suit."""
        return self.under(trump).power[card]

    def _suit(self, card: Card, trump: Suit | None) -> Suit:
        if trump is not None and card in self.trump_extra:
            return trump
        return card.suit

    def _ranks(self, card: Card, trump: Suit | None) -> bool:
        """Whether this ranking orders ``card`` at all (a stripped deck leaves ranks out)."""
        if trump is not None and card in self.trump_extra:
            return True
        order = self.trump_order if (self.trump_order and card.suit == trump) else self.order
        return card.rank in order

    def _power(self, card: Card, trump: Suit | None) -> int:
        if trump is not None and card in self.trump_extra:
            return 1000 - self.trump_extra.index(card)
        order = self.trump_order if (self.trump_order and card.suit == trump) else self.order
        return len(order) - order.index(card.rank)


def trick_winner(plays: Sequence[tuple[int, Card]], trump: Suit | None, ranking: Ranking) -> int:
    """Seat that wins: the highest trump, else the highest card of the led suit."""
    order = ranking._orders.get(trump) or ranking.under(trump)
    suit_of, power = order.suit, order.power
    best_seat, best = plays[0]
    best_suit, best_power = suit_of[best], power[best]
    for seat, card in plays:  # the first card ties with itself: no change
        suit = suit_of[card]
        if suit is best_suit:
            if power[card] > best_power:
                best_seat, best_power = seat, power[card]
        elif suit is trump:  # the first trump on a trick led in another suit
            best_seat, best_suit, best_power = seat, suit, power[card]
    return best_seat


def legal_cards(
    hand: Sequence[Card],
    plays: Sequence[tuple[int, Card]],
    trump: Suit | None,
    ranking: Ranking,
    policy: TrickPolicy,
    partner_winning: bool = False,
) -> list[Card]:
    """The cards of ``hand`` that may be played on ``plays``, in hand order."""
    return legal_cards_why(hand, plays, trump, ranking, policy, partner_winning)[0]


_ALWAYS, _TRUMP_LEAD = When.ALWAYS, When.TRUMP_LEAD
_FOLLOW, _OVERTAKE = Obligation.MUST_FOLLOW, Obligation.MUST_OVERTAKE
_TRUMP, _OVERTRUMP, _UNDERTRUMP = (
    Obligation.MUST_TRUMP, Obligation.MUST_OVERTRUMP, Obligation.MUST_UNDERTRUMP,
)


def legal_cards_why(
    hand: Sequence[Card],
    plays: Sequence[tuple[int, Card]],
    trump: Suit | None,
    ranking: Ranking,
    policy: TrickPolicy,
    partner_winning: bool = False,
) -> tuple[list[Card], tuple[Obligation, Suit] | None]:
    """The legal cards and the obligation that restricted them (None: any card).

    One check serves both the legal moves and the reason a card is refused: a card of the
    hand outside the first list breaks the obligation returned. (Whether an obligation
    applies to this trick is tested inline: ``when`` may be a :class:`When` or its text.)
    """
    if not plays:
        return list(hand), None
    order = ranking._orders.get(trump) or ranking.under(trump)
    suit_of = order.suit
    top = plays[0][1]
    led = suit_of[top]
    trump_led = trump is not None and led is trump
    when = policy.follow
    follow = when == _ALWAYS or (trump_led and when == _TRUMP_LEAD)
    if not follow and (not policy.trump_when_void or trump is None):
        return list(hand), None  # no obligation can apply: the led suit need not be sought

    following = list(filter(order.members[led].__contains__, hand))
    if following and follow:
        when = policy.overtake
        if when == _ALWAYS or (trump_led and when == _TRUMP_LEAD):
            power = order.power
            for _, card in plays:  # the highest card of the led suit so far
                if suit_of[card] is led and power[card] > power[top]:
                    top = card
            higher = list(filter(order.above[top].__contains__, following))
            if higher:
                return higher, (_OVERTAKE, led)
        return following, (_FOLLOW, led)
    if following or not policy.trump_when_void or trump is None:
        return list(hand), None
    if policy.partner_frees and partner_winning:
        return list(hand), None
    trumps = list(filter(order.members[trump].__contains__, hand))
    if not trumps:
        return list(hand), None
    power = order.power
    top_trump = None  # the highest trump in the trick so far
    for _, card in plays:
        if suit_of[card] is trump and (top_trump is None or power[card] > power[top_trump]):
            top_trump = card
    if policy.overtrump and top_trump is not None:
        higher = list(filter(order.above[top_trump].__contains__, trumps))
        if higher:
            return higher, (_OVERTRUMP, trump)
        if policy.undertrump:
            return trumps, (_UNDERTRUMP, trump)
        return list(hand), None
    return trumps, (_TRUMP, trump)
