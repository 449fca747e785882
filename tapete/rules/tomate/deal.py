"""The start of a hand: ante, reserva, the deal, the pánfilo, and the dealer's tomo."""

from __future__ import annotations

from tapete.rules.cards import Card
from tapete.rules.engine import Action, Event
from tapete.rules.errors import IllegalAction
from tapete.rules.tomate.base import TomateBase, seat_account
from tapete.rules.tomate.events import (
    CardDiscarded,
    HandDealt,
    HandStarted,
    PanfiloDealt,
    PintaDeclined,
    PintaTaken,
    TantosMoved,
)
from tapete.rules.tomate.options import (
    ANTE,
    FULL_DECK,
    PANFILO,
    PASS,
    POSITIONS,
    SEAT_ACCOUNTS,
    TAKE,
)
from tapete.rules.tomate.refusals import TomateRefusal
from tapete.rules.tricks import seats_from


class DealMixin(TomateBase):
    def _start_hand(self, events: list[Event]) -> None:
        n, k, dealer = self.players, self.cards_each, self.dealer
        self._after = seats_from(dealer + 1, n)
        self.hand_no += 1
        events.append(HandStarted(self.hand_no, dealer))
        # the dealer's ante into the plato: a fresh hand's tallies start from it
        self.hand_net = [0] * n
        ante = self._fit(SEAT_ACCOUNTS[dealer], "plato", ANTE)
        if ante > 0:
            self.hand_net[dealer] = -ante
            self.nets[dealer] -= ante
            events.append(TantosMoved(SEAT_ACCOUNTS[dealer], "plato", ante, "dealer_ante"))
        limit = self.reserva_por_mano
        amount = self.reserva if limit is None else min(limit, self.reserva)
        amount = self._fit("reserva", "plato", amount)
        if amount > 0:  # the reserva (or its share per hand) into the plato
            self.reserva -= amount
            events.append(TantosMoved("reserva", "plato", amount, "reserva_to_plato"))
        else:
            amount = 0
        self.plato += ante + amount
        self.hand_plato_delta = ante + amount
        self.hand_reserva_delta = -amount
        deck = self.source.next_deck(FULL_DECK)
        # one at a time, from mano: card i goes to seat (dealer + 1 + i) % n
        hands: list[list[Card]] = [[]] * n
        for j in range(n):
            hands[(dealer + 1 + j) % n] = deck[j : k * n : n]
        self.hands = hands
        self.pinta = deck[k * n]
        self.baceta = deck[k * n + 1 :]
        self.took = False
        self.out = []
        self.status = ["pending"] * n
        self.queue = []
        self.baceta_player = None
        self.exchanged = [None] * n
        self.trick.leader = dealer  # the last trick was left empty (or none was played)
        self.trick.plays = []
        self.tricks = []
        self.tricks_won = [0] * n
        events.append(HandDealt(self.hand_no, dealer, k, self.pinta, len(self.baceta)))
        if self.panfilo:
            self._pay_panfilo(events)
        self.phase = "tomo"
        self.turn = dealer

    def _pay_panfilo(self, events: list[Event]) -> None:
        """Every other seat pays the holder of the pánfilo 1 tanto (not when it is the pinta)."""
        holder = next((s for s in range(self.players) if PANFILO in self.hands[s]), None)
        if holder is None:
            return
        events.append(PanfiloDealt(holder))
        for s in self._after:
            if s != holder:
                self._move(seat_account(s), seat_account(holder), 1, "panfilo", events)

    def _on_tomo(self, seat: int, act: Action, events: list[Event]) -> None:
        if act is TAKE or act.verb == "take":
            if act is not TAKE:
                self._no_args(act)
            self.took = True
            self.status[seat] = "in"
            events.append(PintaTaken(seat, self.pinta))
            self.phase = "discard"
            return
        if act is PASS or act.verb == "pass":
            if act is not PASS:
                self._no_args(act)
            events.append(PintaDeclined(seat))
            self._begin_speak(events)
            return
        raise self._wrong(seat, act)

    def _on_discard(self, seat: int, act: Action, events: list[Event]) -> None:
        """The blind discard: a position in the order received; the pinta becomes the last."""
        size = len(self.hands[seat])
        position = POSITIONS.get(id(act), 0)  # one handed out by ``legal_actions``
        if not 1 <= position <= size:
            if act.verb != "discard":
                raise self._wrong(seat, act)
            text = act.args[0] if len(act.args) == 1 else ""
            if not text.isdigit() or not 1 <= int(text) <= size:
                raise IllegalAction(TomateRefusal.BAD_POSITION, size=size)
            position = int(text)
        card = self.hands[seat].pop(position - 1)
        self.hands[seat].append(self.pinta)
        self.baceta.append(card)
        events.append(CardDiscarded(seat, position))
        self._begin_speak(events)
