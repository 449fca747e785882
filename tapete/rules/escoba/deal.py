"""Dealing: the first deal of a hand (with the dealer's opening escoba) and the re-deals."""

from __future__ import annotations

from tapete.rules.engine import Event
from tapete.rules.escoba.base import EscobaBase
from tapete.rules.escoba.captures import splits_in_two_fifteens
from tapete.rules.escoba.events import CardsDealt, HandDealt, OpeningEscoba
from tapete.rules.escoba.options import FIFTEEN, FULL_DECK, HAND_SIZE, TABLE_SIZE, value


class DealMixin(EscobaBase):
    def _deal_three(self) -> None:
        """Three cards each, one at a time, mano first: the k-th seat from mano receives every
        n-th card of the top 3n, from the k-th."""
        n, mano, deck = self.players, self.mano, self.deck
        dealt = HAND_SIZE * n
        for k in range(n):
            self.hands[(mano + k) % n].extend(deck[k:dealt:n])
        del deck[:dealt]
        self.unswept = [0] * n  # new cards: what the last ones showed no longer holds

    def _deal_round(self, events: list[Event]) -> None:
        if len(self.deck) < HAND_SIZE * self.players:
            raise AssertionError("the deck does not deal out evenly")
        self.round += 1
        self._deal_three()
        events.append(CardsDealt(hand=self.hand_number, round=self.round,
                                 deck_count=len(self.deck)))

    def _start_hand(self, events: list[Event]) -> None:
        self.hand_number += 1
        self.round = 1
        self.deck = self.source.next_deck(FULL_DECK)
        self.hands = [[] for _ in range(self.players)]
        self.captured = [[] for _ in range(self.players)]
        self.escobas = [0] * self.players
        self.last_capturer = None
        self.pending = None
        self._deal_three()
        self.table = self.deck[:TABLE_SIZE]
        del self.deck[:TABLE_SIZE]
        events.append(HandDealt(hand=self.hand_number, dealer=self.dealer, mano=self.mano,
                                table=tuple(self.table), deck_count=len(self.deck)))
        total = sum(map(value, self.table))
        escobas = 1 if total == FIFTEEN else 2 if splits_in_two_fifteens(self.table) else 0
        if escobas:
            taken, self.table = tuple(self.table), []
            self.captured[self.dealer] += taken
            self.escobas[self.dealer] += escobas
            self.last_capturer = self.dealer
            events.append(OpeningEscoba(seat=self.dealer, cards=taken, escobas=escobas))
        self.turn = self.mano
