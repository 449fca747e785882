"""Tute's CPU players: rules of thumb, sampled deals and the value of a hand's end.

Rules of thumb (the ``normal`` level, and the playouts of ``difícil``), from what the seat
sees: sing whenever a cante is there (tute first, the 40 first), take the turned card by the
swap, never declare capote. Leading: a card that is master of its suit (every higher one
already out) of a plain suit, else drag trumps when holding the master trump late in the
hand, else the cheapest card of the longest plain suit, keeping cante pairs. Following: when
the partner is winning and nobody can beat them, load points; when the trick can be won, win
it with the cheapest winning card (a plain card before a trump) if it carries points or the
seat is last, otherwise let it go; when it cannot be won, give the card worth least. Trumps
are kept for tricks worth taking.

Knowledge for the sampled deals: the seat's hand, every card played this hand, the turned
card (held by the dealer in individual and parejas, at the bottom of the baceta in habanero
until drawn, then by whoever drew it), the rey and caballo of every cante until played, and
the suits a player showed they lack by not following (only where following was compulsory).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter

from rules.cards import Card, Suit, spanish_deck
from rules.cpu import Slot, Strategy, deal_unseen, register
from rules.engine import Action, DeckSource, Event
from rules.tricks import seats_from, trick_winner
from rules.tute.events import HandScored, MatchOver
from rules.tute.options import POINTS, RANKING, SORT_KEY, SWAP_FOR
from rules.tute.state import State

_DECK = spanish_deck()
_POWER = {card: RANKING.power(card, None) for card in _DECK}
_VALUE = {card: POINTS.get(card.rank, 0) for card in _DECK}
_SUIT_CARDS: dict[Suit, list[Card]] = {}  # strongest first
for _one in sorted(_DECK, key=lambda c: -_POWER[c]):
    _SUIT_CARDS.setdefault(_one.suit, []).append(_one)


# -- what the seat knows ----------------------------------------------------------------------


def played_cards(state: State) -> set[Card]:
    out: set[Card] = set(state.out_of_play)
    for pile in state.taken:
        out.update(pile)
    out.update(c for _, c in state.trick.plays)
    return out


def past_tricks(state: State) -> list[list[tuple[int, Card]]]:
    """This hand's completed tricks as (seat, card) in playing order, rebuilt from each
    winner's pile (cards go there trick by trick, in playing order)."""
    taken_at = [0] * state.players
    leader = state.mano
    tricks = []
    for winner in state.trick_winners:
        start = taken_at[winner]
        cards = state.taken[winner][start:start + state.players]
        taken_at[winner] += state.players
        tricks.append(list(zip(seats_from(leader, state.players), cards, strict=False)))
        leader = winner
    return tricks


def draw_tricks(state: State) -> int:
    """How many tricks of a habanero hand are followed by draws (12); 0 elsewhere."""
    if state.modalidad != "habanero":
        return 0
    return (40 - 2 * 8) // 2


def voids(state: State) -> list[set[Suit]]:
    """Suits each seat showed it lacks, where following (and then trumping) was compulsory:
    tricks after the last habanero draw, every trick elsewhere."""
    trump = state.trump
    found: list[set[Suit]] = [set() for _ in range(state.players)]
    tricks = past_tricks(state)
    if state.trick.plays:
        tricks.append(list(state.trick.plays))
    for index, plays in enumerate(tricks):
        if index < draw_tricks(state):
            continue
        led = plays[0][1].suit
        trumped = led is trump
        for seat, card in plays[1:]:
            if card.suit is not led:
                found[seat].add(led)
                if card.suit is not trump and not trumped:
                    found[seat].add(trump)
            if card.suit is trump:
                trumped = True
    return found


def known_holdings(state: State, seat: int, played: set[Card]) -> dict[int, list[Card]]:
    """Cards of other seats' hands that are public: the turned card, sung pairs."""
    held: dict[int, list[Card]] = {}
    turned = state.turned
    holder: int | None = None
    if state.modalidad in ("individual", "parejas"):
        holder = state.dealer
    elif state.modalidad == "habanero" and not (state.baceta and state.baceta[-1] is turned):
        draws = draw_tricks(state)
        if len(state.trick_winners) >= draws:  # the loser of the last draw trick took it
            holder = 1 - state.trick_winners[draws - 1]
    if holder is not None and holder != seat and turned not in played \
            and turned in state.hands[holder]:
        held.setdefault(holder, []).append(turned)
    for singer, letter, _ in state.cantes:
        if singer == seat:
            continue
        for card in (c for c in _DECK if c.suit.value == letter and c.rank in (11, 12)):
            if card not in played and card in state.hands[singer] \
                    and card not in held.get(singer, []):
                held.setdefault(singer, []).append(card)
    return held


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy where the cards the seat cannot see are dealt at random, consistently."""
    world = state.clone()
    played = played_cards(state)
    held = known_holdings(state, seat, played)
    bottom = state.baceta[-1:] if state.baceta and state.baceta[-1] is state.turned else []
    known = set(state.hands[seat]) | played | set(bottom)
    for cards in held.values():
        known.update(cards)
    unseen = [c for c in _DECK if c not in known]
    lacking = voids(state)
    others = [s for s in range(state.players) if s != seat]
    slots = [Slot(len(state.hands[s]) - len(held.get(s, [])), frozenset(lacking[s]))
             for s in others]
    slots.append(Slot(len(state.baceta) - len(bottom)))
    dealt = deal_unseen(unseen, slots, rng)
    for s, cards in zip(others, dealt, strict=False):
        world.hands[s] = sorted(cards + held.get(s, []), key=SORT_KEY.__getitem__)
    world.baceta = dealt[-1] + bottom
    world.source = DeckSource(rng.getrandbits(63))
    world._loaded()  # whatever the engine derives from the hands is derived again
    return world


# -- rules of thumb ---------------------------------------------------------------------------


def heuristic(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    verbs = {a.verb: a for a in legal}
    if "capote" in verbs:
        return verbs["pass"]
    sings = [a for a in legal if a.verb == "sing"]
    if sings:
        tute = next((a for a in sings if a.args[0] == "tute"), None)
        trump = next((a for a in sings if a.args[0] == state.trump.value), None)
        return tute or trump or sings[0]
    if "swap" in verbs and SWAP_FOR.get(state.turned) is not None:
        return verbs["swap"]
    cards = [_card(a) for a in legal if a.verb == "play"]
    if not cards:
        return legal[0]
    card = _lead(state, seat, cards) if not state.trick.plays else _follow(state, seat, cards)
    return next(a for a in legal if a.verb == "play" and a.args[0] == str(card))


def _card(action: Action) -> Card:
    return _BY_TEXT[action.args[0]]


_BY_TEXT = {str(c): c for c in _DECK}


def _masters(state: State, seat: int, played: set[Card]) -> set[Card]:
    """Cards of the seat that no unseen card of their suit can beat."""
    mine = set(state.hands[seat])
    out = set()
    for card in mine:
        higher = (c for c in _SUIT_CARDS[card.suit] if _POWER[c] > _POWER[card])
        if all(c in played or c in mine for c in higher):
            out.add(card)
    return out


def _pairs(state: State, hand: Sequence[Card]) -> set[Card]:
    """Rey and caballo kept together for a cante still to sing."""
    sung = {letter for _, letter, _ in state.cantes}
    keep = set()
    for suit in {c.suit for c in hand}:
        if suit.value in sung:
            continue
        pair = [c for c in hand if c.suit is suit and c.rank in (11, 12)]
        if len(pair) == 2:
            keep.update(pair)
    return keep


def _lead(state: State, seat: int, cards: list[Card]) -> Card:
    trump = state.trump
    played = played_cards(state)
    masters = _masters(state, seat, played)
    plain = [c for c in cards if c.suit is not trump]
    open_phase = state.modalidad == "habanero" and bool(state.baceta)
    if not open_phase:
        plain_masters = [c for c in plain if c in masters]
        if plain_masters:
            return max(plain_masters, key=lambda c: (_VALUE[c], _POWER[c]))
        trumps = [c for c in cards if c.suit is trump]
        if trumps and any(c in masters for c in trumps) and len(trumps) >= 2:
            return max(trumps, key=lambda c: _POWER[c])
    keep = _pairs(state, cards)
    pool = [c for c in plain if c not in keep and (open_phase or c not in masters)] \
        or plain or cards
    counts = {s: sum(1 for c in cards if c.suit is s) for s in {c.suit for c in pool}}
    return min(pool, key=lambda c: (_VALUE[c], -counts[c.suit], _POWER[c]))


def _follow(state: State, seat: int, cards: list[Card]) -> Card:
    trump = state.trump
    plays = state.trick.plays
    winner = trick_winner(plays, trump, RANKING)
    last = len(plays) == state.players - 1
    partner = state.pairs and state.side(winner) == state.side(seat)
    points = sum(_VALUE[c] for _, c in plays)
    keep = _pairs(state, cards)
    wins = [c for c in cards if trick_winner([*plays, (seat, c)], trump, RANKING) == seat]
    if partner:
        best = dict(plays)[winner]
        safe = last or best in _masters_public(state, best)
        if safe:  # load points on the partner's trick, but never a trump
            plain = [c for c in cards if c.suit is not trump and c not in keep] or cards
            return max(plain, key=lambda c: (_VALUE[c], -_POWER[c]))
        return min(cards, key=lambda c: (_VALUE[c], c.suit is trump, _POWER[c]))
    if wins and (last or points >= 10 or any(_VALUE[c] >= 10 for c in cards)):
        plain_wins = [c for c in wins if c.suit is not trump]
        pool = plain_wins or wins
        if last:
            return min(pool, key=lambda c: (c.suit is trump, _POWER[c]))
        return max(pool, key=lambda c: (c.suit is not trump, _POWER[c]))
    losers = [c for c in cards if c not in wins] or cards
    pool = [c for c in losers if c not in keep] or losers
    return min(pool, key=lambda c: (_VALUE[c], c.suit is trump, _POWER[c]))


def _masters_public(state: State, card: Card) -> set[Card]:
    """``{card}`` if every higher card of its suit has been played (else empty)."""
    played = played_cards(state)
    higher = (c for c in _SUIT_CARDS[card.suit] if _POWER[c] > _POWER[card])
    return {card} if all(c in played for c in higher) else set()


# -- the end of a playout ---------------------------------------------------------------------


def evaluate(events: Sequence[Event], state: State, seat: int) -> float:
    """Points margin of the seat's side in the hand, plus the juegos it won or gave away."""
    side = state.side(seat)
    value = 0.0
    for event in events:
        if isinstance(event, HandScored):
            points = list(event.points)
            mine = points.pop(side)
            value += (mine - max(points)) / 130
            won = state.side(event.winners[0]) == side
            value += (0.5 if won else -0.5) * event.juegos
        elif isinstance(event, MatchOver):
            value += 5.0 if seat in event.winners else -5.0
    return value


register(State, Strategy(heuristic, determinize, evaluate, attrgetter("hand_number")))
