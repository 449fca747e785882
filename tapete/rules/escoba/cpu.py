"""Escoba's CPU players: rules of thumb, what a seat knows, and the value of a hand's end.

Rules of thumb (the ``normal`` level), from what the seat sees: every move is scored by what
it takes — each card, more for a seven, an oro and above all the siete de oros, much more for
an escoba — less the danger it leaves: a table that adds up to 14 or less lets the next
player sweep it with the one value that completes 15, weighed by the chance that they hold a
card of that value (from the cards not yet seen; none if they let a sweep of that value
pass this round), and a seven or an oro laid is a card
offered to the others. A renuncio is always claimed, the richest claim first.

Knowledge (:func:`knowledge`): the seat's hand, the table and every card captured this hand
are public; the other hands and the deck are dealt at random from the rest, except that a
player who let a sweep pass this round (played something else when a card of value v would
have cleared the table: ``State.unswept``) is dealt no card of value v, as a player sweeps
whenever they can. Against the reference search, on the same 300 deals of two-player
matches: +0.17 points a hand and 57.0% of matches, from +0.12 and 53.0% (the reference
declined a sweep it held in 6 of 1,117 such readings); the other hands known outright
(the arena's ``seer``) would give 91%.

Difícil: each sampled deal's round searched to its end (:mod:`rules.escoba.search`), playing
for the match in a hand that can end it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import comb
from operator import attrgetter

from tapete.rules.cards import Card, SpanishSuit, spanish_deck
from tapete.rules.cpu import Strategy, register
from tapete.rules.engine import Action, Event
from tapete.rules.escoba.events import HandScored, MatchOver
from tapete.rules.escoba.options import FIFTEEN, SIETE_DE_OROS, VALUES
from tapete.rules.escoba.search import solve
from tapete.rules.escoba.state import State
from tapete.rules.infoset import Dealt, Hidden, worlds

_DECK = spanish_deck()
_BY_TEXT = {str(c): c for c in _DECK}
ESCOBA = 6.0  # an escoba is a point, and a table the others cannot sweep next


def worth(card: Card) -> float:
    """What taking a card is worth towards the hand's points (rules of thumb)."""
    extra = 2.5 if card is SIETE_DE_OROS else 0.0
    if card.rank == 7:
        extra += 1.0
    if card.suit is SpanishSuit.OROS:
        extra += 0.4
    return 1.0 + extra


_WORTH = {card: worth(card) for card in _DECK}


# -- what the seat knows ----------------------------------------------------------------------


def unseen_cards(state: State, seat: int) -> list[Card]:
    seen = set(state.hands[seat]) | set(state.table)
    for pile in state.captured:
        seen.update(pile)
    return [c for c in _DECK if c not in seen]


def knowledge(state: State, seat: int) -> Hidden:
    """Places: every other seat's hand, then the deck ("deck")."""
    seen = set(state.hands[seat]) | set(state.table)
    for pile in state.captured:
        seen.update(pile)
    hidden = Hidden(_DECK, seen)
    for s in range(state.players):
        if s != seat:
            hidden.place(s, len(state.hands[s]))
            if state.unswept[s]:  # it let a sweep pass: it holds no card that would make it
                hidden.ban(s, [c for c in _DECK if state.unswept[s] >> VALUES[c] & 1])
    hidden.place("deck", len(state.deck))
    return hidden


def sampler(state: State, seat: int) -> Callable[[random.Random], State]:
    """Deals of the other hands and the deck at random from the unseen cards, what the seat
    knows worked out once (:func:`rules.infoset.worlds`: each world shares the table and
    the piles with one copy of the state)."""

    def fill(world: State, dealt: Dealt) -> None:
        world.hands = [h if s == seat else dealt[s] for s, h in enumerate(world.hands)]
        world.deck = dealt["deck"]

    return worlds(state, knowledge(state, seat), fill)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy where the other hands and the deck are dealt at random from the unseen cards."""
    return sampler(state, seat)(rng)


# -- rules of thumb ---------------------------------------------------------------------------


def sweep_risk(state: State, seat: int, left: Sequence[Card], unseen: Sequence[Card]) -> float:
    """The chance the next player can sweep ``left`` (an escoba) with one card."""
    if not left:
        return 0.0
    need = FIFTEEN - sum(VALUES[c] for c in left)
    if not 1 <= need <= 10:
        return 0.0
    nxt = (seat + 1) % state.players  # always an opponent, pairs sitting alternately
    size = len(state.hands[nxt])
    if size == 0 or state.unswept[nxt] >> need & 1:  # none left, or none of that value
        return 0.0
    holding = sum(1 for c in unseen if VALUES[c] == need)
    pool = len(unseen)
    if holding == 0 or pool < size:
        return 0.0
    return 1.0 - comb(pool - holding, size) / comb(pool, size)


def score(state: State, seat: int, action: Action, unseen: Sequence[Card]) -> float:
    table = state.table
    if action.verb == "pass":
        return -100.0
    cards = [_BY_TEXT[a] for a in action.args]
    if action.verb == "claim":
        return 50.0 + sum(_WORTH[c] for c in cards)
    if action.verb == "capture":
        taken = set(cards[1:])
        left = [c for c in table if c not in taken]
        gain = sum(_WORTH[c] for c in cards) + (ESCOBA if not left else 0.0)
        return gain - 4.0 * sweep_risk(state, seat, left, unseen)
    card = cards[0]  # play: lay it on the table
    left = [*table, card]
    return -(_WORTH[card] - 1.0) * 1.5 - 4.0 * sweep_risk(state, seat, left, unseen) \
        - 0.05 * VALUES[card]


def heuristic(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    unseen = unseen_cards(state, seat)
    return max(legal, key=lambda a: score(state, seat, a, unseen))


def evaluate(events: Sequence[Event], state: State, seat: int) -> float:
    """The seat's side's points in the hand against the best other side's."""
    side = state.side_of(seat)
    value = 0.0
    for event in events:
        if isinstance(event, HandScored):
            points = list(event.points)
            mine = points.pop(side)
            value += (mine - max(points)) / 5
        elif isinstance(event, MatchOver):
            value += 5.0 if seat in event.winners else -5.0
    return value


register(State, Strategy(heuristic, determinize, evaluate, attrgetter("hand_number"),
                         solve=solve, clear=0.0, sampler=sampler))
