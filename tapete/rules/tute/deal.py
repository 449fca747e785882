"""Dealing a Tute hand: the cards, the turned trump card, and a fresh hand's bookkeeping."""

from __future__ import annotations

from tapete.rules.tricks import Trick
from tapete.rules.tute.base import TuteBase
from tapete.rules.tute.bits import SUIT_INDEX, mask_of
from tapete.rules.tute.bits import cards as cards_of
from tapete.rules.tute.events import HandDealt
from tapete.rules.tute.options import CARDS_EACH, FULL_DECK


class DealMixin(TuteBase):
    def _deal(self) -> HandDealt:
        """Deal one card at a time from mano; turn the trump card as the modality says."""
        deck = self.source.next_deck(FULL_DECK)
        n, mano = self.players, self.mano
        each = CARDS_EACH[self.modalidad]
        # card i goes to seat (mano + i) % n: seat mano + k takes every n-th card from k
        masks = [0] * n
        for k in range(n):
            masks[(mano + k) % n] = mask_of(deck[k : n * each : n])
        self._masks = masks
        self.hands = [cards_of(mask) for mask in masks]  # in hand order, as masks read
        self.out_of_play = []
        if self.modalidad == "habanero":
            # the next card, face up under the baceta: the last card drawn
            self.turned = deck[n * each]
            self.baceta = [*deck[n * each + 1 :], self.turned]
        elif self.modalidad == "arrastrado":
            self.turned = deck[39]  # out of play
            self.baceta = []
            self.out_of_play = [self.turned]
        else:
            self.turned = deck[39]  # the dealer's last card, kept in their hand
            self.baceta = []
        self.trick = Trick(mano)
        self.taken = [[] for _ in range(n)]
        self.tricks_won = [0] * n
        self.trick_winners = []
        self.last_trick = []
        self.cantes = []
        self.sung = []
        self.sang = False
        self.swapped = False
        self.swapped_seats = []
        self.swapped_in = []
        self.capote_pending = []
        self.capote = None
        self.trump_index = SUIT_INDEX[self.trump]
        return HandDealt(
            self.hand_number, self.dealer, mano, self.trump.value, self.turned, len(self.baceta)
        )
