"""NLK's CPU players: rules of thumb, sampled deals and the value of a game's end.

Rules of thumb (the ``normal`` level, and the playouts of ``difícil``). Phase I: before
drawing, move the own top card onto another pile whenever it fits; give each drawn card that
fits; but hold high cards (:data:`HIGH` ranks above the deck's lowest, or more: they beat
in Phase II) and keep the last card of the baceta (a trump, and whoever holds it leads
Phase II). A card goes on the biggest pile it fits (the likeliest loser).
Phase II: lead the lowest plain card (of the longest suit on ties); beat the top card with
the cheapest card that beats it, a card of its suit before a trump; take (subir) when unable,
or rather than spend a trump when the bottom card of the trick is a trump or a high card
(worth having) and the play would not complete the trick. One Phase II decision in fifty
(:data:`WANDER`) is a random legal move: the rule book sets no limit on take-backs and the rules
of thumb alone can make a trick go round for ever (cards passing from hand to hand);
a little chance ends every game, as random play does.

Knowledge for the sampled deals: NLK is played face up until Phase II, and then every card
that moves is named (played, taken back), so a seat that remembers what it saw knows where
every card is; the state holds exactly that. Hidden are only the order of the baceta (its
cards are known: the deck less every pile and the drawn card) and the decks of the games to
come. A sampled deal deals the baceta's cards again in a random order and reseeds the deck
source; in Phase II it is the position itself, and difícil's search there is a Monte Carlo
lookahead over playouts by the rules of thumb. A playout ends with the game: losing it is
-1, escaping it +1/(players-1) and a little more the earlier the seat went out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter

from tapete.rules.cards import Card, Suit
from tapete.rules.cpu import Strategy, register
from tapete.rules.engine import Action, Event
from tapete.rules.infoset import Dealt, Hidden, worlds
from tapete.rules.nlk.events import GameLost, PlayerOut
from tapete.rules.nlk.options import DRAW, GIVE, KEEP, MOVE, PLAY, TAKE, deck_for, lowest_rank
from tapete.rules.nlk.state import State

# -- what the seat knows ----------------------------------------------------------------------


def unseen_baceta(state: State) -> list[Card]:
    """Phase I: the cards still in the baceta, known as a set (the table's deck less every card
    on a pile and the drawn card, all of them shown face up), not in order."""
    placed = {c for pile in state.piles for c in pile}
    if state.drawn is not None:
        placed.add(state.drawn)
    return [c for c in deck_for(state.players) if c not in placed]


def knowledge(state: State, seat: int) -> Hidden:
    """One place, the baceta ("baceta"), whose cards are known as a set but not in order."""
    deck = deck_for(state.players)
    unseen = set(unseen_baceta(state)) if state.phase == "piles" else set()
    hidden = Hidden(deck, [c for c in deck if c not in unseen])
    hidden.place("baceta", len(unseen))
    return hidden


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy where what the seat cannot know is dealt again at random: the baceta's order
    (Phase I) and every later game's deck (:func:`rules.infoset.worlds`). Everything else in
    NLK is public (see the module docstring), so the copy keeps it."""
    shuffled = state.phase == "piles" and bool(state.baceta)

    def fill(world: State, dealt: Dealt) -> None:
        if shuffled:
            world.baceta = dealt["baceta"]

    return worlds(state, knowledge(state, seat), fill)(rng)


# -- rules of thumb ---------------------------------------------------------------------------

WANDER = 0.02  # the share of random moves in Phase II (see the module docstring)
HIGH = 5  # a card this many ranks above the deck's lowest, or more, is worth holding


def heuristic(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.phase == "piles":
        return _piles(state, seat, legal)
    if rng.random() < WANDER:
        return rng.choice(legal)
    return _shedding(state, seat)


def _high(state: State, card: Card) -> bool:
    return card.rank >= lowest_rank(state.players) + HIGH


def _piles(state: State, seat: int, legal: list[Action]) -> Action:
    """Phase I: put the own top card (before drawing) and the drawn card on other piles
    whenever they fit, unless they are high cards; keep the last card of the baceta (trump,
    and the lead)."""
    drawn = state.drawn
    if drawn is None:
        targets = [int(a.args[0]) for a in legal if a.verb == "move"]
        card = state.piles[seat][-1] if state.piles[seat] else None
        if not targets or card is None or _high(state, card):
            return DRAW
        return MOVE[_target(state, targets)]
    targets = [int(a.args[0]) for a in legal if a.verb == "give"]
    if not targets or not state.baceta or _high(state, drawn):
        return KEEP
    return GIVE[_target(state, targets)]


def _target(state: State, targets: list[int]) -> int:
    """The pile to load: the biggest (the likeliest loser), the first in order of play on a
    tie."""
    piles = state.piles
    return max(targets, key=lambda t: len(piles[t]))


def _shedding(state: State, seat: int) -> Action:
    """Phase II: lead the lowest plain card (of the longest suit); beat with the cheapest
    card (its suit before a trump); take rather than spend a trump when the bottom card of
    the trick is a trump or a high card worth having, unless the play would complete the
    trick."""
    hand = state.hands[seat]
    trump = state.trump
    trick = state.trick
    if not trick:
        return PLAY[_lead(hand, trump)]
    top = trick[-1][1]
    beaters = [c for c in hand if _beats(c, top, trump)]
    if not beaters:
        return TAKE
    same = [c for c in beaters if c.suit is top.suit]
    pick = min(same or beaters, key=_rank)
    if pick.suit is trump and len(hand) > 2:
        holders = sum(1 for h in state.hands if h)
        bottom = trick[0][1]
        if len(trick) + 1 < holders and (bottom.suit is trump or _high(state, bottom)):
            return TAKE
    return PLAY[pick]


def _rank(card: Card) -> int:
    return card.rank


def _beats(card: Card, top: Card, trump: Suit | None) -> bool:
    if card.suit is top.suit:
        return card.rank > top.rank
    return card.suit is trump and top.suit is not trump


def _lead(hand: list[Card], trump: Suit | None) -> Card:
    counts: dict[Suit, int] = {}
    for c in hand:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    plain = [c for c in hand if c.suit is not trump] or hand
    return min(plain, key=lambda c: (c.rank, -counts[c.suit]))


# -- the end of a playout ---------------------------------------------------------------------

EARLY = 0.1  # the most going out first adds to a game not lost


def evaluate(events: Sequence[Event], state: State, seat: int) -> float:
    """-1 when the seat lost the game; when another seat did, +1/(players-1) and a little
    more the earlier the seat went out (:data:`EARLY`: that breaks ties between moves that
    all escape in the sampled deals, towards the safer ones). A playout cut short (it never
    is: playouts end with the game) is judged on the seat's cards against the others'."""
    players = state.players
    place = None
    for event in events:
        if isinstance(event, PlayerOut) and event.seat == seat:
            place = event.place
        elif isinstance(event, GameLost):
            if event.loser == seat:
                return -1.0
            early = 0.0 if place is None else EARLY * (players - 1 - place) / (players - 1)
            return 1.0 / (players - 1) + early
    sizes = [len(h) for h in state.hands] if state.phase == "shedding" else \
        [len(p) for p in state.piles]
    others = [n for s, n in enumerate(sizes) if s != seat]
    mean = sum(others) / len(others)
    return max(-1.0, min(1.0, (mean - sizes[seat]) / (mean + sizes[seat] + 1)))


register(State, Strategy(heuristic, determinize, evaluate, attrgetter("game_no")))
