"""Hands as bitmasks: Tute's legal plays, trick winners and cantes from a few integer steps.

Bit ``i`` of a mask stands for the ``i``-th card in hand order (suits o c e b, each from its
strongest card down: :data:`~rules.tute.options.SORT_KEY`, the order hands are kept in). So a
suit is a run of 10 bits, a lower bit is a stronger card of its suit, and the set bits of a mask,
lowest first, are its cards in hand order: a mask turns into the legal ``play`` actions, in hand
order, by looking up each suit's 10 bits in a table.

:func:`playable` applies Tute's two trick policies (``FULL`` and, while the habanero baceta
lasts, ``HABANERO_OPEN``) exactly as :func:`rules.tricks.legal_cards_why` does for them (a test
holds the two to the same answers), and serves both the legal moves and the refusals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tapete.rules.cards import Card, SpanishSuit
from tapete.rules.engine import Action
from tapete.rules.tricks import Obligation
from tapete.rules.tute.options import CANTE_CARDS, FULL_DECK, PLAY, SORT_KEY, SUITS, TUTE_CARDS

SUIT_BITS = 10
_RUN = (1 << SUIT_BITS) - 1
ORDERED: tuple[Card, ...] = tuple(sorted(FULL_DECK, key=SORT_KEY.__getitem__))
INDEX: dict[Card, int] = {card: i for i, card in enumerate(ORDERED)}  # the card's bit
BIT: dict[Card, int] = {card: 1 << i for card, i in INDEX.items()}
SUIT_INDEX: dict[SpanishSuit, int] = {suit: i for i, suit in enumerate(SUITS)}
SUIT_MASK: tuple[int, ...] = tuple(_RUN << (SUIT_BITS * s) for s in range(len(SUITS)))


def mask_of(cards: Iterable[Card]) -> int:
    """The bits of ``cards``."""
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


COUPLE_MASK: dict[SpanishSuit, int] = {s: BIT[rey] | BIT[caballo] for s, (rey, caballo)
                                       in CANTE_CARDS.items()}
TUTE_MASKS: tuple[tuple[int, int], ...] = tuple(  # (rank, its four cards' bits), reyes first
    (rank, mask_of(cards)) for rank, cards in TUTE_CARDS
)
# The four reyes' bits: a suit's caballo is the bit after its rey, so ``mask & REYES &
# mask >> 1`` keeps the reyes of the complete pairs (one step for "is there a cante at all").
REYES = sum(BIT[rey] for rey, _ in CANTE_CARDS.values())
assert all(BIT[caballo] == BIT[rey] << 1 for rey, caballo in CANTE_CARDS.values())

# Per suit, the play actions and the cards of each subset of its 10 cards, in hand order.
_PLAYS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(
        tuple(PLAY[ORDERED[SUIT_BITS * s + i]] for i in range(SUIT_BITS) if run >> i & 1)
        for run in range(_RUN + 1)
    )
    for s in range(len(SUITS))
)
_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(
        tuple(ORDERED[SUIT_BITS * s + i] for i in range(SUIT_BITS) if run >> i & 1)
        for run in range(_RUN + 1)
    )
    for s in range(len(SUITS))
)

Why = tuple[Obligation, SpanishSuit] | None


def plays(mask: int) -> list[Action]:
    """The ``play`` actions of the cards of ``mask``, in hand order (suit by suit, 10 bits each)."""
    o, c, e, b = _PLAYS
    return [*o[mask & _RUN], *c[mask >> 10 & _RUN], *e[mask >> 20 & _RUN], *b[mask >> 30]]


def cards(mask: int) -> list[Card]:
    """The cards of ``mask``, in hand order."""
    o, c, e, b = _CARDS
    return [*o[mask & _RUN], *c[mask >> 10 & _RUN], *e[mask >> 20 & _RUN], *b[mask >> 30]]


def playable(hand: int, trick: Sequence[tuple[int, Card]], trump: int, open_: bool) -> tuple[
    int, Why
]:
    """The cards of ``hand`` that may go on ``trick`` (not empty), and the obligation that
    restricts them. ``trump``: the trump suit's index; ``open_``: habanero while the baceta
    lasts (a trump lead is followed with a trump, nothing else binds), else Tute's full rules
    (:func:`binding`)."""
    if open_:
        led = INDEX[trick[0][1]] // SUIT_BITS
        following = open_binding(hand, led, trump)
        if following:
            return following, (Obligation.MUST_FOLLOW, SUITS[led])
        return hand, None
    cards, why, suit = binding(hand, [INDEX[card] for _, card in trick], trump)
    return cards, (why, SUITS[suit]) if why is not None else None


def open_binding(hand: int, led: int, trump: int) -> int:
    """Habanero while the baceta lasts, on suit indices: the cards of ``hand`` a trick led in
    suit ``led`` binds it to (its trumps, on a trump lead), or 0 when nothing binds."""
    return hand & SUIT_MASK[led] if led == trump else 0


def binding(hand: int, plays: Sequence[int], trump: int) -> tuple[int, Obligation | None, int]:
    """Tute's full rules (asistir, montar, fallar, pisar; unable to pisar, any card) on card
    indices: the cards of ``hand`` that may go on a trick of ``plays`` (not empty), the
    obligation that restricts them and its suit's index. :func:`playable` says it in words for
    the engine; the bit-mask playouts (:class:`rules.tute.cardplay.Tricks`) call it as is."""
    led = plays[0] // SUIT_BITS
    following = hand & SUIT_MASK[led]
    suit = led if following else trump
    trumps = hand & SUIT_MASK[trump]
    if not following and not trumps:
        return hand, None, suit
    base = suit * SUIT_BITS
    top = base + SUIT_BITS  # the highest card of that suit in the trick so far, if any
    for i in plays:
        if base <= i < top:
            top = i
    if following:
        higher = following & ((1 << top) - 1)
        if higher:
            return higher, Obligation.MUST_OVERTAKE, led
        return following, Obligation.MUST_FOLLOW, led
    if top == base + SUIT_BITS:
        return trumps, Obligation.MUST_TRUMP, trump
    higher = trumps & ((1 << top) - 1)
    if higher:
        return higher, Obligation.MUST_OVERTRUMP, trump
    return hand, None, trump


def winner(trick: Sequence[tuple[int, Card]], trump: int) -> int:
    """The seat that wins ``trick``: the highest trump, else the highest card of the led suit
    (as :func:`rules.tricks.trick_winner` with Tute's ranking)."""
    seat, top = trick[0][0], INDEX[trick[0][1]]
    base = top - top % SUIT_BITS  # the suit that leads the trick so far
    trumps = trump * SUIT_BITS
    for player, card in trick:
        i = INDEX[card]
        if base <= i < top:
            seat, top = player, i
        elif base != trumps and trumps <= i < trumps + SUIT_BITS:  # the first trump
            seat, top, base = player, i, trumps
    return seat
