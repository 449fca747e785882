"""The two bidding rounds, the redeal when everybody passes twice, and the exchange of the 7
of trumps for the turned card (2-3 players)."""

from __future__ import annotations

import bisect

from tapete.rules.belote.deal import DealMixin
from tapete.rules.belote.events import Passed, Redeal, SwapDeclined, Took, TrumpSwapped
from tapete.rules.belote.options import SEVEN, SORT_KEY
from tapete.rules.cards import FrenchSuit
from tapete.rules.engine import Event


class BiddingMixin(DealMixin):
    def _take(self, seat: int, trump: FrenchSuit) -> list[Event]:
        """``take`` (round 1, the turned suit) or ``name <suit>`` (round 2)."""
        self.trump = trump
        self.taker = seat
        events: list[Event] = [Took(seat, trump.value, 1 if self.phase == "bid1" else 2)]
        return events + self._complete()

    def _pass(self, seat: int) -> list[Event]:
        """A pass while bidding; after the last pass of a round, the next round or a redeal
        by the same dealer."""
        first = self.phase == "bid1"
        events: list[Event] = [Passed(seat, 1 if first else 2)]
        self.passes += 1
        if self.passes < self.players:
            self.speaker = (seat + 1) % self.players
            return events
        self.passes = 0
        if first:
            self.phase = "bid2"
            self.speaker = self.mano
            return events
        self.hand_number += 1
        events.append(Redeal(self.dealer))
        events.append(self._deal())
        return events

    def _swap(self, seat: int, swap: bool) -> list[Event]:
        """The holder of the 7 of trumps exchanges it for the turned card, or keeps it."""
        if not swap:
            return [SwapDeclined(seat), *self._start_play()]
        assert self.trump is not None
        seven, taken = SEVEN[self.trump], self.turned
        hand = self.hands[seat]
        hand.remove(seven)
        bisect.insort(hand, taken, key=SORT_KEY.__getitem__)
        self.turned = seven
        self.swap = (seat, taken)
        return [TrumpSwapped(seat, seven, taken), *self._start_play()]
