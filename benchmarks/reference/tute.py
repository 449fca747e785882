"""Reference Tute players: plain rules of thumb, and a determinized search.

* ``rules``: sing whenever possible (tute, then the 40), swap the turned card, never declare
  capote. Leading: an ace of a plain suit, else the lowest card of the longest plain suit
  (trumps only when nothing else is left). Following: on the partner's trick, points when
  playing last, else the lowest card; on an opponent's trick, win it with the cheapest
  winning card when it holds 10 points or more or the seat plays last, else the lowest card.
* ``search``: flat Monte Carlo over sampled deals (:func:`benchmarks.reference.common.pimc`)
  with these rules (one move in ten at random) for playouts, rewarded by the hand's result:
  the juegos won or lost and the points margin. Cantes and the swap are never weighed
  against a card (always taken).

The hidden cards are dealt from what the seat saw: its hand, the cards played (the piles
won and the trick), the turned card where it lies (under the baceta, or with the dealer in
individual and parejas), the rey and caballo of every cante until played, and the suits a
player showed they lack where following was compulsory.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from benchmarks.reference.common import Dealer, Game, Place, clamp, pimc
from tapete.rules.cards import Card, Suit, spanish_deck
from tapete.rules.engine import Action, DeckSource, Event
from tapete.rules.tute import State
from tapete.rules.tute.events import HandScored, MatchOver
from tapete.rules.tute.options import SORT_KEY

DECK = spanish_deck()
BY_TEXT = {str(c): c for c in DECK}
ORDER = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)
STRENGTH = {c: len(ORDER) - ORDER.index(c.rank) for c in DECK}
POINTS = {c: {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}.get(c.rank, 0) for c in DECK}
RANDOM_PLAYOUT = 0.1


def beats(card: Card, best: Card, trump: Suit) -> bool:
    if card.suit is best.suit:
        return STRENGTH[card] > STRENGTH[best]
    return card.suit is trump


def winning(plays: Sequence[tuple[int, Card]], trump: Suit) -> tuple[int, Card]:
    seat, best = plays[0]
    for s, c in plays[1:]:
        if beats(c, best, trump):
            seat, best = s, c
    return seat, best


# -- rules of thumb ---------------------------------------------------------------------------


def rules(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    verbs = {a.verb for a in legal}
    if "capote" in verbs:
        return next(a for a in legal if a.verb == "pass")
    sings = [a for a in legal if a.verb == "sing"]
    if sings:
        trump_name = state.trump.value
        return max(sings, key=lambda a: (a.args[0] == "tute", a.args[0] == trump_name))
    if "swap" in verbs:
        return next(a for a in legal if a.verb == "swap")
    cards = [BY_TEXT[a.args[0]] for a in legal if a.verb == "play"]
    trump = state.trump
    plays = state.trick.plays
    if not plays:
        plain = [c for c in cards if c.suit is not trump] or cards
        aces = [c for c in plain if c.rank == 1]
        if aces:
            card = aces[0]
        else:
            length = {s: sum(1 for c in plain if c.suit is s) for s in {c.suit for c in plain}}
            card = min(plain, key=lambda c: (POINTS[c], -length[c.suit], STRENGTH[c]))
    else:
        card = _follow(state, seat, cards, plays)
    return next(a for a in legal if a.verb == "play" and a.args[0] == str(card))


def _follow(state: State, seat: int, cards: list[Card], plays: list[tuple[int, Card]]) -> Card:
    trump = state.trump
    winner, best = winning(plays, trump)
    last = len(plays) == state.players - 1
    lowest = min(cards, key=lambda c: (POINTS[c], c.suit is trump, STRENGTH[c]))
    if state.pairs and (winner - seat) % 2 == 0:
        if last:
            plain = [c for c in cards if c.suit is not trump] or cards
            return max(plain, key=lambda c: (POINTS[c], -STRENGTH[c]))
        return lowest
    wins = [c for c in cards if beats(c, best, trump)]
    at_stake = sum(POINTS[c] for _, c in plays)
    if wins and (last or at_stake >= 10):
        return min(wins, key=lambda c: (c.suit is trump, STRENGTH[c]))
    return lowest


# -- sampled deals ----------------------------------------------------------------------------


def past_tricks(state: State) -> list[list[tuple[int, Card]]]:
    """The hand's tricks in order, from the winners' piles (filled trick by trick)."""
    n = state.players
    used = [0] * n
    leader = (state.dealer + 1) % n
    tricks = []
    for winner in state.trick_winners:
        cards = state.taken[winner][used[winner]:used[winner] + n]
        used[winner] += n
        tricks.append([((leader + i) % n, c) for i, c in enumerate(cards)])
        leader = winner
    return tricks


def prepare(state: State, seat: int) -> Callable[[random.Random], State]:
    """The seat's sampler: what it knows worked out once, a deal per call."""
    n = state.players
    played: set[Card] = set(state.out_of_play)
    for pile in state.taken:
        played.update(pile)
    played.update(c for _, c in state.trick.plays)
    known: dict[int, list[Card]] = {}
    mine = set(state.hands[seat])

    def holds(holder: int, card: Card) -> None:
        if holder != seat and card not in played and card not in mine and not any(
                card in cards for cards in known.values()):
            known.setdefault(holder, []).append(card)

    turned = state.turned
    bottom: list[Card] = []
    if state.modalidad == "habanero" and state.baceta:
        bottom = [state.baceta[-1]]  # the turned card, face up under the baceta
    elif state.modalidad in ("individual", "parejas"):
        holds(state.dealer, turned)
    for singer, letter, _ in state.cantes:
        for card in DECK:
            if card.suit.value == letter and card.rank in (11, 12):
                holds(singer, card)
    seen = played | mine | set(bottom)
    for cards in known.values():
        seen.update(cards)
    unseen = [c for c in DECK if c not in seen]
    banned: list[set[Card]] = [set() for _ in range(n)]
    tricks = past_tricks(state)
    skip = 12 if state.modalidad == "habanero" else 0  # tricks with free play
    if state.trick.plays:
        tricks.append(list(state.trick.plays))
    trump = state.trump
    for index, plays in enumerate(tricks):
        if index < skip:
            continue
        led = plays[0][1].suit
        for k in range(1, len(plays)):
            s, card = plays[k]
            _, best = winning(plays[:k], trump)
            if card.suit is not led:
                banned[s].update(c for c in DECK if c.suit is led)
                if card.suit is not trump and not (best.suit is trump and led is not trump):
                    banned[s].update(c for c in DECK if c.suit is trump)
    others = [s for s in range(n) if s != seat]
    places = [Place(len(state.hands[s]) - len(known.get(s, [])), banned[s]) for s in others]
    places.append(Place(len(state.baceta) - len(bottom)))
    dealer = Dealer(unseen, places)

    def sample(rng: random.Random) -> State:
        dealt = dealer.deal(rng)
        world = state.clone()
        for s, cards in zip(others, dealt, strict=False):
            world.hands[s] = sorted(cards + known.get(s, []), key=SORT_KEY.__getitem__)
        world.baceta = dealt[-1] + bottom
        world.source = DeckSource(rng.getrandbits(63))
        world._loaded()
        return world

    return sample


def sample(state: State, seat: int, rng: random.Random) -> State:
    """One sampled deal for the seat."""
    return prepare(state, seat)(rng)


# -- search -----------------------------------------------------------------------------------


def policy(state: State, seat: int, rng: random.Random) -> Action:
    if rng.random() < RANDOM_PLAYOUT:
        return rng.choice(state.legal_actions())
    return rules(state, seat, rng)


def reward(events: Sequence[Event], state: State, seat: int) -> float:
    side = state.side(seat)
    value = 0.0
    for event in events:
        if isinstance(event, HandScored):
            pts = list(event.points)
            mine = pts.pop(side)
            won = state.side(event.winners[0]) == side
            value += 0.3 * clamp((mine - max(pts)) / 100) + (0.35 if won else -0.35) \
                * event.juegos
        elif isinstance(event, MatchOver):
            value += 0.3 if seat in event.winners else -0.3
    return clamp(value)


def prune(legal: list[Action]) -> list[Action]:
    """A cante (or tute) is always sung when offered, and the turned card always taken."""
    sings = [a for a in legal if a.verb == "sing"]
    if sings:
        return sings
    swaps = [a for a in legal if a.verb == "swap"]
    return swaps or legal


GAME = Game(prepare, policy, reward, lambda s: s.hand_number, prune)


def search(state: State, seat: int, rng: random.Random, budget_ms: float) -> Action:
    """Flat Monte Carlo over sampled deals (PIMC) with these rules for playouts: at a budget
    of tens of milliseconds it beats the rules alone, where information-set MCTS (the arena's
    ``ref-ismcts``) is still too thinly spread to."""
    return pimc(state, seat, GAME, rng, budget_ms)
