"""Dealing a Belote hand: the first packets and the turned card, a fresh hand's bookkeeping,
and the complementary cards once somebody has taken."""

from __future__ import annotations

from tapete.rules.belote.base import BeloteBase
from tapete.rules.belote.events import BottomShown, HandDealt, TurnedCardTaken
from tapete.rules.belote.options import COMPLEMENT, DECK, FIRST_PACKETS, SEVEN, SORT_KEY
from tapete.rules.engine import Event
from tapete.rules.tricks import Trick

_SORT_KEY = SORT_KEY.__getitem__


class DealMixin(BeloteBase):
    def _deal(self) -> HandDealt:
        """Packets of 3 and 3 (2-3 players) or 3 and 2 (4 players), each round from mano;
        then the next card is turned up."""
        deck = self.source.next_deck(DECK)
        n, mano = self.players, self.mano
        self.hands = [[] for _ in range(n)]
        position = 0
        for packet in FIRST_PACKETS[n]:
            for k in range(n):
                self.hands[(mano + k) % n].extend(deck[position:position + packet])
                position += packet
        for hand in self.hands:
            hand.sort(key=_SORT_KEY)
        self.turned = deck[position]
        self.stock = deck[position + 1:]
        self.bottom = None
        self.trump = None
        self.taker = None
        self.phase = "bid1"
        self.speaker = mano
        self.passes = 0
        self.swap = None
        self.trick = Trick(mano)
        self.tricks_won = [0] * n
        self.won = [0] * n
        self.tricks = []
        self.announcements = []
        self.judged = []
        self.belote = None
        self.rebelote = False
        return HandDealt(self.hand_number, self.dealer, mano, self.turned)

    def _complete(self) -> list[Event]:
        """The complementary cards, 3 at once to each seat from mano (with 4 players the taker
        gets 2 and the turned card); with 2-3 players the bottom card of the stock is shown
        and the holder of the 7 of trumps is asked about the swap when trump is the turned
        suit. Then play starts."""
        n, taker, stock = self.players, self.taker, self.stock
        assert taker is not None and self.trump is not None
        events: list[Event] = []
        position = 0
        for k in range(n):
            seat = (self.mano + k) % n
            count = COMPLEMENT - (n == 4 and seat == taker)
            hand = self.hands[seat]
            hand.extend(stock[position:position + count])
            position += count
            if n == 4 and seat == taker:
                hand.append(self.turned)
            hand.sort(key=_SORT_KEY)
        self.stock = stock[position:]
        if n == 4:
            events.append(TurnedCardTaken(taker, self.turned))
            return events + self._start_play()
        self.bottom = self.stock[-1]
        events.append(BottomShown(self.dealer, self.bottom))
        if self.trump is self.turned.suit:
            seven = SEVEN[self.trump]
            holder = next((s for s in range(n) if seven in self.hands[s]), None)
            if holder is not None:
                self.phase = "swap"
                self.speaker = holder
                return events
        return events + self._start_play()

    def _start_play(self) -> list[Event]:
        self.phase = "play"
        self.trick = Trick(self.mano)
        return []
