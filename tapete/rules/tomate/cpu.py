"""Tomate's CPU players: rules of thumb, sampled deals and the value of a hand's end.

Rules of thumb (the ``normal`` level, and the playouts of ``difícil``), from what the seat
sees. Paso/juego: each card's chance of taking a trick is estimated from the cards still
unseen (higher cards of its suit; for a plain card, the chance that a player void in it
trumps and that the seat gets to lead it; a beaten trump often takes another trick), which
gives the expected tricks and the chance of none; the seat stays when the expected trick
payments (``P // 3`` each, ``P // 5`` with five cards) beat the chance of paying the tomate
(``P``, at most ``tope``: a capped fine makes a rich plato worth playing), counting the
players who stayed and most of those yet to speak (a seat left alone may win the plato
unopposed). A ciegas the same sums are made for an unseen hand, with a margin: a blind hand
is worth playing nearly alone only. The blind tomo is taken with
a high pinta when few play (among the ``8 - players`` top trumps, ``10 - players`` with five
cards); the blind discard is any position. The baceta is always taken in ``mesa`` (it risks
nothing and keeps the plato from the lone player), in ``propia`` when its expected payments
beat the fine. Mosca exchanges: with four cards of a suit the odd card goes (unless it is a
master trump), with three of a suit and two weak cards both go, else the weak plain cards go
(trumps, aces and kings stay). Tricks: lead a sure winner (a master trump first, which also
draws trumps), else the card likeliest to hold; following, the last player wins as cheaply as
it can; earlier, a sure winner is the cheapest one that will hold, and a card that may be
beaten is risked while a master trump is kept for later; a trick that cannot be won gets the
weakest card. A dealer who took needs two tricks, the ``mesa`` baceta player none (it plays
to deny the lone player).

Knowledge for the sampled deals: :mod:`rules.tomate.knowledge`.

The value of a playout's end: the seat's net tantos over the hand plus one seat's share of
what stays in the pot (what a passed seat keeps the lone player from taking is worth
something), in units of the pot the hand started with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter

from tapete.rules.cards import Card, Suit, french_deck
from tapete.rules.cpu import Strategy, register
from tapete.rules.engine import Action, Event
from tapete.rules.tomate.base import IN_PLAY
from tapete.rules.tomate.events import HandScored
from tapete.rules.tomate.knowledge import (
    determinize,
    own_out,
    panfilo_holder,
    pinta_in_piles,
    played_cards,
    sees_own_hand,
    voids,
)
from tapete.rules.tomate.options import ANTE, PANFILO, TOMO_MIN_TRICKS
from tapete.rules.tomate.state import State
from tapete.rules.tricks import CardOrder, seats_from, trick_winner

_DECK = french_deck()
_BY_TEXT = {str(c): c for c in _DECK}
_CANON = sorted(_DECK, key=str)

# The rules of thumb's numbers, tuned by self-play (one seat among fácil or normal seats,
# 3 to 6 players, every variant).
STAY_CHANCE = 0.85  # paso/juego: how likely a seat yet to speak is to stay
STAY_MARGIN = 0.0  # staying must be worth this share of the plato
BLIND_STAY_CHANCE = 0.5  # the same two a ciegas
BLIND_MARGIN = 0.1
STAYER = 1.0  # a player who chose to stay counts as this many random hands
BACETA_TAKEN = 0.7  # how likely a lone player is to be opposed by a baceta player
LATE_LEAD = 0.6  # a plain card's chance when the seat does not lead the first trick
TRUMP_AGAIN = 0.5  # a beaten trump still takes another trick this often
TOMO_RANKS = (8, 10)  # the tomo is taken with a pinta among the (this - players) top trumps
BACETA_ODDS = ((1.2, 0.3), (2.0, 0.12))  # a baceta hand's tricks and chance of none (3, 5)
WEAK_BELOW = 13  # mosca exchanges: a plain card below this rank (the king) goes
MOSCA_DRAW = 1  # with a suit this many cards short of a mosca, the odd cards go
SURE = 0.999  # tricks: a card this likely to hold is a sure trick
KEEP_SURE = 0.4  # a master trump is kept for later when another card wins this often
FOLLOW_TRY = 0.25  # a seat with its trick tries to win one it follows from this chance on
POT_SHARE = 1.0  # value: what stays in the pot counts this many seats' shares for the seat


_SUITS: dict[CardOrder, dict[Suit, list[Card]]] = {}


def suit_cards(order: CardOrder) -> dict[Suit, list[Card]]:
    """The cards of each playing suit under a trump (the pánfilo among the trumps)."""
    found = _SUITS.get(order)
    if found is None:
        found = {}
        for card in sorted(_DECK, key=lambda c: -order.power[c]):
            found.setdefault(order.suit[card], []).append(card)
        _SUITS[order] = found
    return found


def _hold_none(unseen: int, bad: int, drawn: int) -> float:
    """The chance that ``drawn`` cards among ``unseen`` miss ``bad`` given ones."""
    if bad <= 0 or drawn <= 0:
        return 1.0
    if drawn > unseen - bad:
        return 0.0
    p = 1.0
    for i in range(drawn):
        p *= (unseen - bad - i) / (unseen - i)
    return p


# -- rules of thumb ---------------------------------------------------------------------------


class _Sight:
    """What the seat to decide knows, gathered once per decision."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.trump: Suit = state.trump
        self.order: CardOrder = state.ranking.under(self.trump)
        self.mine: list[Card] = list(state.hands[seat]) if sees_own_hand(state, seat) else []
        played = played_cards(state)
        gone = set(played)
        gone.update(self.mine)
        gone.update(c for _, c in own_out(state, seat))
        self.held: dict[Card, int] = {}  # others' cards everybody knows
        if pinta_in_piles(state, played):
            if state.dealer != seat and (state.exchanged[state.dealer] or 0) == 0:
                self.held[state.pinta] = state.dealer
        else:
            gone.add(state.pinta)
        holder = panfilo_holder(state)
        if (holder is not None and holder != seat and PANFILO not in gone
                and state.status[holder] in ("pending", "in")
                and (state.exchanged[holder] or 0) == 0
                and not (holder == state.dealer and state.took)):
            self.held[PANFILO] = holder
        gone.update(self.held)
        self.suits = {suit: [c for c in cards if c not in gone]
                      for suit, cards in suit_cards(self.order).items()}  # strongest first
        self.unseen = [c for cards in self.suits.values() for c in cards]
        self._voids: list[set[Card]] | None = None

    @property
    def voids(self) -> list[set[Card]]:
        if self._voids is None:
            self._voids = voids(self.state)
        return self._voids

    def higher(self, suit: Suit, above: int = -1) -> list[Card]:
        """Unseen cards of a playing suit stronger than ``above``."""
        power = self.order.power
        cards = self.suits.get(suit, [])
        return [c for c in cards if power[c] > above]

    def count(self, suit: Suit, above: int = -1) -> int:
        return len(self.higher(suit, above))

    def hold(self, seat: int) -> int:
        """How many unseen cards ``seat`` holds."""
        return len(self.state.hands[seat]) - sum(1 for s in self.held.values() if s == seat)

    def survives(self, card: Card, later: Sequence[int], led: Suit | None) -> float:
        """The chance that ``card``, winning the trick so far (or led when ``led`` is None),
        is not beaten by the ``later`` seats."""
        suit_of, power = self.order.suit, self.order.power
        suit, strength, trump = suit_of[card], power[card], self.trump
        for c, s in self.held.items():
            if s in later and suit_of[c] is suit and power[c] > strength:
                return 0.0
        unseen = len(self.unseen)
        higher = self.higher(suit, strength)
        if suit is trump and led is not None and led is not trump:
            # only a player void in the suit led can overtrump
            led_left = self.count(led)
            p = 1.0
            for s in later:
                void = 1.0 if self._lacks(s, led) else _hold_none(unseen, led_left, self.hold(s))
                can = [c for c in higher if c not in self.voids[s]]
                p *= 1.0 - void * (1.0 - _hold_none(unseen, len(can), self.hold(s)))
            return p
        suit_left = self.count(suit)
        trumps_left = self.count(trump)
        p = 1.0
        for s in later:
            size = self.hold(s)
            can = [c for c in higher if c not in self.voids[s]]
            beaten = 1.0 - _hold_none(unseen, len(can), size)
            if suit is not trump:
                void = 1.0 if self._lacks(s, suit) else _hold_none(unseen, suit_left, size)
                if any(suit_of[c] is trump for c, h in self.held.items() if h == s):
                    has_trump = 1.0
                elif self._lacks(s, trump):
                    has_trump = 0.0
                else:
                    has_trump = 1.0 - _hold_none(unseen - suit_left, trumps_left, size)
                beaten += void * has_trump
            p *= max(0.0, 1.0 - beaten)
        return p

    def master(self, card: Card) -> bool:
        """A trump nobody else can beat: a trick whenever the seat wants it."""
        suit_of, power = self.order.suit, self.order.power
        if suit_of[card] is not self.trump:
            return False
        strength = power[card]
        return not self.higher(self.trump, strength) and not any(
            suit_of[c] is self.trump and power[c] > strength for c in self.held)

    def _lacks(self, seat: int, suit: Suit) -> bool:
        void = self.voids[seat]
        return all(c in void for c in self.suits.get(suit, ()))

    def keep(self, card: Card) -> tuple[bool, int]:
        """How much a card is worth keeping (compare: higher is better)."""
        return self.order.suit[card] is self.trump, self.order.power[card]


def heuristic(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == "tomo":
        return Action("take") if _takes_tomo(state) else Action("pass")
    if phase == "discard":
        return legal[0]  # blind: every position is alike
    sight = _Sight(state, seat)
    if phase == "speak":
        return Action("stay") if _stays(sight) else Action("pass")
    if phase == "baceta":
        return Action("baceta") if _takes_baceta(state) else Action("pass")
    if phase == "exchange":
        return _exchange(sight, legal)
    cards = [_BY_TEXT[a.args[0]] for a in legal]
    card = _lead(sight, cards) if not state.trick.plays else _follow(sight, cards)
    return legal[cards.index(card)]


def _others_staying(state: State, seat: int) -> tuple[int, int]:
    """Opponents known to play, and seats still to speak after this one."""
    known = sum(1 for s in range(state.players) if s != seat and state.status[s] == "in")
    pending = sum(1 for s in state.queue if s != seat)
    return known, pending


def _binomial(n: int, p: float) -> list[float]:
    probs = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(probs) + 1)
        for i, q in enumerate(probs):
            nxt[i] += q * (1 - p)
            nxt[i + 1] += q * p
        probs = nxt
    return probs


def _hand_chances(sight: _Sight, opponents: float) -> tuple[float, float]:
    """Expected tricks and the chance of none for the seat's hand against ``opponents``
    players of ``cards_each`` cards each (a ciegas: for a hand it has not seen)."""
    state = sight.state
    k = state.cards_each
    if not sight.mine:
        return k / (opponents + 1), (opponents / (opponents + 1)) ** k
    unseen = len(sight.unseen)
    drawn = round(opponents * k)
    suit_of, power = sight.order.suit, sight.order.power
    trump = sight.trump
    trumps_left = sight.count(trump)
    first = next((s for s in seats_from(state.dealer + 1, state.players)
                  if state.status[s] != "passed"), sight.seat) == sight.seat
    tricks = 0.0
    none = 1.0
    for card in sight.mine:
        suit, strength = suit_of[card], power[card]
        higher = sight.count(suit, strength)
        held_higher = any(suit_of[c] is suit and power[c] > strength for c in sight.held)
        q = 0.0 if held_higher else _hold_none(unseen, higher, drawn)
        if suit is not trump:
            suit_left = sight.count(suit)
            void = _hold_none(unseen, suit_left, k)
            has_trump = 1.0 - _hold_none(unseen - suit_left, trumps_left, k)
            q *= (1.0 - void * has_trump) ** opponents
            q *= 1.0 if first else LATE_LEAD
        else:
            q = q + (1.0 - q) * TRUMP_AGAIN  # a beaten trump may still take another trick
        tricks += q
        none *= 1.0 - q
    return min(tricks, k), none


def _stays(sight: _Sight) -> bool:
    state = sight.state
    plato = state.plato
    share = plato // state.cards_each
    fine = min(plato, state.options.tope)
    known, pending = _others_staying(state, sight.seat)
    value = 0.0
    chance = STAY_CHANCE if sight.mine else BLIND_STAY_CHANCE
    for extra, p in enumerate(_binomial(pending, chance)):
        m = known * STAYER + extra
        if m == 0:
            tricks, none = _hand_chances(sight, 1)
            duel = tricks * share - none * fine
            value += p * (BACETA_TAKEN * duel + (1 - BACETA_TAKEN) * plato)
        else:
            tricks, none = _hand_chances(sight, m)
            value += p * (tricks * share - none * fine)
    return value > (STAY_MARGIN if sight.mine else BLIND_MARGIN) * plato


def _takes_tomo(state: State) -> bool:
    """Only with the top trump as pinta, and few players to beat for a second trick."""
    order = state.ranking.under(state.trump)
    above = sum(1 for c in _DECK if order.suit[c] is state.trump
                and order.power[c] > order.power[state.pinta])
    return above < TOMO_RANKS[state.cards_each == 5] - state.players


def _takes_baceta(state: State) -> bool:
    if state.options.baceta == "mesa":
        return True  # nothing to lose, and the plato is not handed to the lone player
    k = state.cards_each
    tricks, none = BACETA_ODDS[k == 5]
    return tricks * (state.plato // k) > none * min(state.plato, state.options.tope)


def _exchange(sight: _Sight, legal: list[Action]) -> Action:
    hand = sight.mine
    trump = sight.trump
    suit_of, power = sight.order.suit, sight.order.power
    by_suit: dict[Suit, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)  # a mosca counts printed suits
    best = max(by_suit, key=lambda s: (len(by_suit[s]), s is trump))
    size = len(by_suit[best])
    if size == len(hand):
        return Action("pass")

    def weak(card: Card) -> bool:
        return suit_of[card] is not trump and card.rank < WEAK_BELOW

    odd = [c for c in hand if c.suit is not best]
    near = size >= len(hand) - MOSCA_DRAW and not any(sight.master(c) for c in odd)
    if near or (size == len(hand) - 2 and all(weak(c) for c in odd)):
        give = odd
    else:
        give = [c for c in hand if weak(c)]
    if not give:
        return Action("pass")
    give.sort(key=lambda c: (suit_of[c] is trump, power[c]))
    wanted = {str(c) for c in give}
    texts = tuple(str(c) for c in hand if str(c) in wanted)
    choice = Action("exchange", texts)
    if choice in legal:
        return choice
    for length in range(len(give) - 1, 0, -1):  # the baceta is short: the weakest ones
        wanted = {str(c) for c in give[:length]}
        choice = Action("exchange", tuple(str(c) for c in hand if str(c) in wanted))
        if choice in legal:
            return choice
    return Action("pass")


def _needs(sight: _Sight) -> int:
    """Tricks the seat still needs to escape the tomate (0 for the mesa baceta player)."""
    state, seat = sight.state, sight.seat
    if state.options.baceta == "mesa" and seat == state.baceta_player:
        return 0
    need = TOMO_MIN_TRICKS if seat == state.dealer and state.took else 1
    return max(0, need - state.tricks_won[seat])


def _trick_order(state: State, seat: int) -> list[int]:
    """The seats that play in this trick after ``seat``."""
    status = state.status
    played = len(state.trick.plays)
    players = [s for s in seats_from(state.trick.leader, state.players) if status[s] in IN_PLAY]
    return players[played + 1:]


def _lead(sight: _Sight, cards: list[Card]) -> Card:
    later = _trick_order(sight.state, sight.seat)
    trump = sight.trump
    suit_of = sight.order.suit
    odds = {c: sight.survives(c, later, None) for c in cards}
    sure = [c for c in cards if odds[c] >= SURE]
    if sure:  # a sure trick: a trump first, which draws the others' trumps
        return max(sure, key=lambda c: (suit_of[c] is trump, sight.order.power[c]))
    return max(cards, key=lambda c: (odds[c], -sight.order.power[c]))


def _follow(sight: _Sight, cards: list[Card]) -> Card:
    state = sight.state
    plays = state.trick.plays
    trump = sight.trump
    order = sight.order
    ranking = state.ranking
    later = _trick_order(state, sight.seat)
    led = order.suit[plays[0][1]]
    wins = [c for c in cards
            if trick_winner([*plays, (sight.seat, c)], trump, ranking) == sight.seat]
    if not wins:
        return min(cards, key=sight.keep)
    if not later:
        return min(wins, key=lambda c: (order.suit[c] is trump, order.power[c]))
    odds = {c: sight.survives(c, later, led) for c in wins}
    safe = [c for c in sight.mine if sight.master(c)]  # sure now and later
    sure = [c for c in wins if odds[c] >= SURE]
    cheap = [c for c in sure if c not in safe]
    if cheap:
        return min(cheap, key=lambda c: (order.suit[c] is trump, order.power[c]))
    risky = [c for c in wins if c not in sure]
    best = max(risky, key=lambda c: (odds[c], -order.power[c])) if risky else None
    if sure:  # only cards that are sure any time: keep one for later if another may do
        if best is not None and odds[best] >= KEEP_SURE:
            return best
        return min(sure, key=lambda c: order.power[c])
    assert best is not None
    losers = [c for c in cards if c not in wins]
    if odds[best] < FOLLOW_TRY and not _needs(sight) and losers:
        return min(losers, key=sight.keep)
    return best


# -- the end of a playout ---------------------------------------------------------------------


def evaluate(events: Sequence[Event], state: State, seat: int) -> float:
    """The seat's tantos over the hand plus its share (one seat's) of what stays in the pot,
    in units of the pot the hand started with."""
    for event in events:
        if isinstance(event, HandScored):
            nets = event.nets
            pot = (event.plato - event.plato_delta) + (event.reserva - event.reserva_delta)
            scale = max(ANTE, pot + ANTE)
            return (nets[seat] - POT_SHARE * sum(nets) / len(nets)) / scale
    return 0.0


register(State, Strategy(heuristic, determinize, evaluate, attrgetter("hand_no")))

