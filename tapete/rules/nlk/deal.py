"""The start of a game: the deck for the table's size, one card face up to each seat."""

from __future__ import annotations

from tapete.rules.engine import Event
from tapete.rules.nlk.base import NLKBase
from tapete.rules.nlk.events import GameDealt
from tapete.rules.nlk.options import deck_for


class DealMixin(NLKBase):
    def _start_game(self, events: list[Event]) -> None:
        """Deal the next game of the session: ``dealer`` is already set (the last loser)."""
        n = self.players
        self.game_no += 1
        deck = self.source.next_deck(deck_for(n))
        # one card to each seat, from mano: card i starts the pile of seat dealer + 1 + i
        self.piles = [[] for _ in range(n)]
        for i in range(n):
            self.piles[(self.dealer + 1 + i) % n].append(deck[i])
        self.baceta = deck[n:]
        self.drawn = None
        self.trump_card = None
        self.hands = [[] for _ in range(n)]
        self.trick = []
        self.out = []
        self.tricks_turned = 0
        self.phase = "piles"
        self.turn = (self.dealer + 1) % n
        events.append(GameDealt(self.game_no, self.dealer, tuple(p[0] for p in self.piles),
                                len(self.baceta)))
