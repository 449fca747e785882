"""NLK's CPU players: rules of thumb, sampled deals and the value of a game's end.

(Draft: docstring completed below once the rules of thumb settle.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.cards import Card, Suit
from rules.cpu import Slot, Strategy, deal_unseen, register
from rules.engine import Action, DeckSource, Event
from rules.nlk.events import GameLost
from rules.nlk.options import ACE, DRAW, GIVE, KEEP, MOVE, PLAY, TAKE, deck_for, lowest_rank
from rules.nlk.state import State

# -- what the seat knows ----------------------------------------------------------------------


def unseen_baceta(state: State) -> list[Card]:
    """Phase I: the cards still in the baceta, known as a set (the table's deck less every card
    on a pile and the drawn card, all of them shown face up), not in order."""
    placed = {c for pile in state.piles for c in pile}
    if state.drawn is not None:
        placed.add(state.drawn)
    return [c for c in deck_for(state.players) if c not in placed]


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy where what the seat cannot know is dealt again at random: the baceta's order
    (Phase I) and every later game's deck. Everything else in NLK is public (see the module
    docstring), so the copy keeps it."""
    world = state.clone()
    if state.phase == "piles" and state.baceta:
        unseen = unseen_baceta(state)
        world.baceta = deal_unseen(unseen, [Slot(len(unseen))], rng)[0]
    world.source = DeckSource(rng.getrandbits(63))
    world._loaded()  # whatever the engine derives from the cards is derived again
    return world


# -- rules of thumb ---------------------------------------------------------------------------

WANDER = 0.02


def heuristic(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.phase == "piles":
        return _piles(state, seat, legal)
    return _shedding(state, seat, legal, rng)


def _below(state: State, rank: int) -> int:
    return ACE if rank == lowest_rank(state.players) else rank - 1


def _piles(state: State, seat: int, legal: list[Action]) -> Action:
    """Phase I: put every card possible on other piles (the own top before drawing, then the
    drawn card), on the pile that hurts most."""
    drawn = state.drawn
    if drawn is None:
        targets = [int(a.args[0]) for a in legal if a.verb == "move"]
        if not targets:
            return DRAW
        card = state.piles[seat][-1]
        return MOVE[_target(state, seat, card, targets, moving=True)]
    targets = [int(a.args[0]) for a in legal if a.verb == "give"]
    if not targets:
        return KEEP
    return GIVE[_target(state, seat, drawn, targets, moving=False)]


def _target(state: State, seat: int, card: Card, targets: list[int], *, moving: bool) -> int:
    piles = state.piles
    own = piles[seat]
    left = own[:-1] if moving else own  # the own pile once the card is put
    own_top = left[-1] if left else None
    below = _below(state, card.rank)

    def score(t: int) -> tuple[int, int]:
        back = own_top is not None and own_top.rank == below  # it could come back to me
        return (0 if back else 1, len(piles[t]))

    return max(targets, key=score)


def _shedding(state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    hand = state.hands[seat]
    trump = state.trump
    if rng.random() < WANDER:
        return rng.choice(legal)
    if not state.trick:
        return PLAY[_lead(hand, trump)]
    top = state.trick[-1][1]
    beaters = [c for c in hand if _beats(c, top, trump)]
    if not beaters:
        return TAKE
    same = [c for c in beaters if c.suit is top.suit]
    if same:
        return PLAY[min(same, key=_rank)]
    return PLAY[min(beaters, key=_rank)]


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


def evaluate(events: Sequence[Event], state: State, seat: int) -> float:
    """-1 when the seat lost the game, +1/(players-1) when another seat did; a playout cut
    short is judged on the seat's cards against the others'."""
    for event in events:
        if isinstance(event, GameLost):
            return -1.0 if event.loser == seat else 1.0 / (state.players - 1)
    sizes = [len(h) for h in state.hands] if state.phase == "shedding" else \
        [len(p) for p in state.piles]
    others = [n for s, n in enumerate(sizes) if s != seat]
    mean = sum(others) / len(others)
    return max(-1.0, min(1.0, (mean - sizes[seat]) / (mean + sizes[seat] + 1)))


def game_number(state: Any) -> int:
    return int(state.game_no)


register(State, Strategy(heuristic, determinize, evaluate, game_number))
