"""Reference Escoba players: plain rules of thumb, and alpha-beta over sampled deals.

* ``rules``: capture the richest set (an escoba above all, then the siete de oros, sevens,
  oros, cards); with no capture, lay the card that leaves the table hardest to sweep (a
  total the next player cannot make 15 with one card), low, neither a seven nor an oro.
* ``search``: in the spirit of published Scopa bots: deal the hidden cards at random from
  what the seat has seen (its hand, the table, every capture), search ``DEPTH`` plies of
  each sampled deal with alpha-beta (each side maximising its own material), and play the
  move with the best total over the deals sampled within the budget. The material counts
  what decides the hand's points: escobas, the siete de oros, sevens, oros and cards.
"""

from __future__ import annotations

import random
import time

from benchmarks.reference.common import Place, deal_hidden
from tapete.rules.cards import Card, SpanishSuit, spanish_deck
from tapete.rules.engine import Action, DeckSource
from tapete.rules.escoba import State
from tapete.rules.escoba.events import HandScored

DECK = spanish_deck()
BY_TEXT = {str(c): c for c in DECK}
DEPTH = 3
GOLD = Card(7, SpanishSuit.OROS)


def points(card: Card) -> int:
    return card.rank if card.rank <= 7 else card.rank - 2


def card_worth(card: Card) -> float:
    """A captured card's share of the hand's points."""
    worth = 0.06  # most cards: 1 point over about 21 cards
    if card.rank == 7:
        worth += 0.3  # most sevens: 1 point over about 3 sevens
    if card.suit is SpanishSuit.OROS:
        worth += 0.18  # most oros: 1 point over about 6 oros
    if card == GOLD:
        worth += 1.0
    return worth


WORTH = {c: card_worth(c) for c in DECK}


# -- rules of thumb ---------------------------------------------------------------------------


def rules(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    return max(legal, key=lambda a: _rule_score(state, a))


def _rule_score(state: State, action: Action) -> float:
    if action.verb == "pass":
        return -50.0
    cards = [BY_TEXT[t] for t in action.args]
    if action.verb == "claim":
        return 100.0 + sum(WORTH[c] for c in cards)
    if action.verb == "capture":
        left = len(state.table) - (len(cards) - 1)
        return 10.0 + (20.0 if left == 0 else 0.0) + 3 * sum(WORTH[c] for c in cards) \
            + 0.1 * len(cards)
    card = cards[0]
    total = sum(points(c) for c in state.table) + points(card)
    sweepable = 15 - total
    risk = 2.0 if 1 <= sweepable <= 10 else 0.0
    return -risk - 3 * WORTH[card] - 0.02 * points(card)


# -- sampled deals ----------------------------------------------------------------------------


def sample(state: State, seat: int, rng: random.Random) -> State:
    """The hidden cards dealt again from what the seat saw (its hand, table, captures)."""
    seen = set(state.hands[seat]) | set(state.table)
    for pile in state.captured:
        seen.update(pile)
    unseen = [c for c in DECK if c not in seen]
    others = [s for s in range(state.players) if s != seat]
    places = [Place(len(state.hands[s])) for s in others] + [Place(len(state.deck))]
    dealt = deal_hidden(unseen, places, rng)
    world = state.clone()
    for s, cards in zip(others, dealt, strict=False):
        world.hands[s] = cards
    world.deck = dealt[-1]
    world.source = DeckSource(rng.getrandbits(63))
    world._loaded()
    return world


# -- alpha-beta -------------------------------------------------------------------------------


def material(world: State, side: int) -> float:
    """The side's captures and escobas so far, less the best other side's."""
    per_side = [0.0] * world.sides
    for s in range(world.players):
        value = sum(WORTH[c] for c in world.captured[s]) + world.escobas[s]
        per_side[world.side_of(s)] += value
    mine = per_side.pop(side)
    return mine - max(per_side)


def alphabeta(world: State, side: int, depth: int, alpha: float, beta: float,
              hand: int, banked: float) -> float:
    if world.is_over or world.hand_number != hand or depth == 0:
        return banked if world.hand_number != hand or world.is_over else material(world, side)
    mover = world.to_act
    assert mover is not None  # the match is not over
    maximising = world.side_of(mover) == side
    best = -1e9 if maximising else 1e9
    for action in world.legal_actions():
        child = world.clone()
        events = child.apply(mover, action)
        scored = next((e for e in events if isinstance(e, HandScored)), None)
        after = banked
        if scored is not None:
            pts = list(scored.points)
            mine = pts.pop(side)
            after = (mine - max(pts)) * 1.0
        value = alphabeta(child, side, depth - 1, alpha, beta, hand, after)
        if maximising:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if beta <= alpha:
            break
    return best


def search(state: State, seat: int, rng: random.Random, budget_ms: float) -> Action:
    legal = state.legal_actions()
    side = state.side_of(seat)
    totals = [0.0] * len(legal)
    deadline = time.perf_counter() + budget_ms / 1000
    deals = 0
    while deals < 2 or time.perf_counter() < deadline:
        deals += 1
        world = sample(state, seat, rng)
        for i, action in enumerate(legal):
            child = world.clone()
            events = child.apply(seat, action)
            scored = next((e for e in events if isinstance(e, HandScored)), None)
            banked = 0.0
            if scored is not None:
                pts = list(scored.points)
                mine = pts.pop(side)
                banked = float(mine - max(pts))
            totals[i] += alphabeta(child, side, DEPTH - 1, -1e9, 1e9, state.hand_number,
                                   banked)
    return legal[max(range(len(legal)), key=totals.__getitem__)]
