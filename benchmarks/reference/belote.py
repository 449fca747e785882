"""Reference Belote players: plain rules of thumb, and a determinized search.

* ``rules``: bidding counts the hand with a suit as trump (J 3, 9 2, A 1, other trumps
  1/2, outside aces 1; with 4 players the turned card the taker would receive) and takes at
  5 (names a suit at 5.5 in the second round); swap the 7 of trumps, announce always.
  Leading: the taking side draws trumps with the jack; else an ace; else the cheapest plain
  card. Following: on the partner's trick the richest plain card when playing last, else the
  cheapest card; on an opponent's trick the cheapest winning card when the trick holds 10
  points or the seat plays last, else the cheapest card.
* ``search``: flat Monte Carlo over sampled deals (:func:`benchmarks.reference.common.pimc`)
  with these rules (one move in ten at random) for playouts, rewarded by the hand's score
  margin.

The hidden cards are dealt from what the seat saw: its hand, the cards played, the cards out
of play (2-3 players: the turned card and the bottom of the stock), the turned card in the
taker's hand (4 players), the card taken for the 7 of trumps, the 7 while its holder is
asked, the other card of belote, the combinations shown, and the suits a player showed they
lack in the tricks of the hand so far.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from benchmarks.reference.common import Dealer, Game, Place, clamp, pimc
from tapete.rules.belote import State
from tapete.rules.belote.events import HandScored, MatchOver
from tapete.rules.belote.options import DECK, SORT_KEY
from tapete.rules.cards import Card, Suit
from tapete.rules.engine import Action, DeckSource, Event

BY_TEXT = {str(c): c for c in DECK}
PLAIN = (14, 10, 13, 12, 11, 9, 8, 7)
TRUMP = (11, 9, 14, 10, 13, 12, 8, 7)
PLAIN_PTS = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}
TRUMP_PTS = {11: 20, 9: 14, 14: 11, 10: 10, 13: 4, 12: 3}
RANDOM_PLAYOUT = 0.1


def strength(card: Card, trump: Suit) -> int:
    order = TRUMP if card.suit is trump else PLAIN
    return len(order) - order.index(card.rank)


def pts(card: Card, trump: Suit) -> int:
    return (TRUMP_PTS if card.suit is trump else PLAIN_PTS).get(card.rank, 0)


def beats(card: Card, best: Card, trump: Suit) -> bool:
    if card.suit is best.suit:
        return strength(card, trump) > strength(best, trump)
    return card.suit is trump


def winning(plays: Sequence[tuple[int, Card]], trump: Suit) -> tuple[int, Card]:
    seat, best = plays[0]
    for s, c in plays[1:]:
        if beats(c, best, trump):
            seat, best = s, c
    return seat, best


# -- rules of thumb ---------------------------------------------------------------------------


def hand_count(cards: Sequence[Card], trump: Suit) -> float:
    count = 0.0
    for c in cards:
        if c.suit is trump:
            count += {11: 3.0, 9: 2.0, 14: 1.0}.get(c.rank, 0.5)
        elif c.rank == 14:
            count += 1.0
    return count


def rules(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    verbs = {a.verb: a for a in legal}
    hand = list(state.hands[seat])
    if state.phase in ("bid1", "bid2"):
        if state.players == 4:
            hand.append(state.turned)
        if "take" in verbs:
            take = hand_count(hand, state.turned.suit) >= 5
            return verbs["take"] if take else verbs["pass"]
        names = [a for a in legal if a.verb == "name"]
        best = max(names, key=lambda a: hand_count(hand, BY_TEXT["A" + a.args[0]].suit))
        good = hand_count(hand, BY_TEXT["A" + best.args[0]].suit) >= 5.5
        return best if good else verbs["pass"]
    if "swap" in verbs:
        return verbs["swap"]
    if "announce" in verbs:
        return verbs["announce"]
    trump = state.trump
    assert trump is not None
    cards = [BY_TEXT[a.args[0]] for a in legal]
    plays = state.trick.plays
    card = _lead(state, seat, cards, trump) if not plays else _follow(state, seat, cards,
                                                                     plays, trump)
    return next(a for a in legal if a.args and a.args[0] == str(card))


def _cheapest(cards: list[Card], trump: Suit) -> Card:
    return min(cards, key=lambda c: (c.suit is trump, pts(c, trump), strength(c, trump)))


def _lead(state: State, seat: int, cards: list[Card], trump: Suit) -> Card:
    assert state.taker is not None
    ours = state.side(state.taker) == state.side(seat)
    trumps = [c for c in cards if c.suit is trump]
    if ours and any(c.rank == 11 for c in trumps):
        return max(trumps, key=lambda c: strength(c, trump))
    plain = [c for c in cards if c.suit is not trump]
    aces = [c for c in plain if c.rank == 14]
    if aces:
        return aces[0]
    return _cheapest(plain or cards, trump)


def _follow(state: State, seat: int, cards: list[Card], plays: list[tuple[int, Card]],
            trump: Suit) -> Card:
    winner, best = winning(plays, trump)
    last = len(plays) == state.players - 1
    if state.pairs and (winner - seat) % 2 == 0:
        if last:
            plain = [c for c in cards if c.suit is not trump] or cards
            return max(plain, key=lambda c: (pts(c, trump), -strength(c, trump)))
        return _cheapest(cards, trump)
    wins = [c for c in cards if beats(c, best, trump)]
    at_stake = sum(pts(c, trump) for _, c in plays)
    if wins and (last or at_stake >= 10):
        return min(wins, key=lambda c: (c.suit is trump, strength(c, trump)))
    return _cheapest([c for c in cards if c not in wins] or cards, trump)


# -- sampled deals ----------------------------------------------------------------------------


def prepare(state: State, seat: int) -> Callable[[random.Random], State]:
    """The seat's sampler: what it knows worked out once, a deal per call."""
    n = state.players
    bidding = state.phase in ("bid1", "bid2")
    live = set(state.stock)
    for h in state.hands:
        live.update(h)
    out: list[Card] = []
    if bidding or n < 4:
        out.append(state.turned)  # face up, or out of play
    played = {c for c in DECK if c not in live and c not in out}
    known: dict[int, list[Card]] = {}

    def holds(holder: int | None, card: Card) -> None:
        if holder is not None and holder != seat and card not in played:
            known.setdefault(holder, [])
            if card not in known[holder]:
                known[holder].append(card)

    trump = state.trump
    if state.phase == "swap" and trump is not None:
        holds(state.speaker, Card(7, trump))
    if state.phase == "play" and trump is not None:
        if n == 4:
            holds(state.taker, state.turned)
        if state.swap is not None:
            holds(*state.swap)
        if state.belote is not None and not state.rebelote:
            holds(state.belote, Card(13, trump))
            holds(state.belote, Card(12, trump))
        if state.judged:
            for holder, combo in state.announcements:
                for card in combo:
                    holds(holder, card)
    bottom = [state.bottom] if state.bottom is not None and not bidding else []
    seen = played | set(out) | set(state.hands[seat]) | set(bottom)
    for cards in known.values():
        seen.update(cards)
    unseen = [c for c in DECK if c not in seen]
    banned: list[set[Card]] = [set() for _ in range(n)]
    if trump is not None:
        for plays in (*state.tricks, state.trick.plays):
            if not plays:
                continue
            led = plays[0][1].suit
            for k in range(1, len(plays)):
                s, card = plays[k]
                if card.suit is not led:
                    banned[s].update(c for c in DECK if c.suit is led)
    others = [s for s in range(n) if s != seat]
    places = [Place(len(state.hands[s]) - len(known.get(s, [])), banned[s]) for s in others]
    places.append(Place(len(state.stock) - len(bottom)))
    dealer = Dealer(unseen, places)

    def sample(rng: random.Random) -> State:
        dealt = dealer.deal(rng)
        world = state.clone()
        for s, cards in zip(others, dealt, strict=False):
            world.hands[s] = sorted(cards + known.get(s, []), key=SORT_KEY.__getitem__)
        world.stock = dealt[-1] + bottom
        world.source = DeckSource(rng.getrandbits(63))
        world.last_record = world._pack_last_hand()
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
            scored = list(event.scored)
            mine = scored.pop(side)
            value += clamp((mine - max(scored)) / 200)
        elif isinstance(event, MatchOver):
            value += 0.5 if seat in event.winners else -0.5
    return clamp(value)


GAME = Game(prepare, policy, reward, lambda s: s.hand_number)


def search(state: State, seat: int, rng: random.Random, budget_ms: float) -> Action:
    """Flat Monte Carlo over sampled deals (PIMC) with these rules for playouts: at a budget
    of tens of milliseconds it beats the rules alone, where information-set MCTS (the arena's
    ``ref-ismcts``) is still too thinly spread to."""
    return pimc(state, seat, GAME, rng, budget_ms)
