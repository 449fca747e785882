"""Paso / juego, the baceta offer and the mosca exchanges."""

from __future__ import annotations

import itertools

from tapete.rules.cards import parse_card
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, IllegalAction
from tapete.rules.tomate.base import TomateBase
from tapete.rules.tomate.events import (
    BacetaDeclined,
    BacetaTaken,
    CardsExchanged,
    HandVoid,
    PlayerPassed,
    PlayerStayed,
    WonUnopposed,
)
from tapete.rules.tomate.options import FAMILY, PASS, SEAT_ACCOUNTS, STAY, TAKE_BACETA
from tapete.rules.tomate.refusals import TomateRefusal


class BiddingMixin(TomateBase):
    # ------------------------------------------------------------------ paso / juego

    def _begin_speak(self, events: list[Event]) -> None:
        order = self._after  # from the first after the dealer: the dealer speaks last
        self.queue = list(order[:-1]) if self.took else list(order)  # a taker has spoken
        self.phase = "speak"
        self.turn = self.queue[0]

    def _on_speak(self, seat: int, act: Action, events: list[Event]) -> None:
        if act is not STAY and act is not PASS:  # not one handed out by ``legal_actions``
            if act.verb not in ("stay", "pass"):
                raise self._wrong(seat, act)
            self._no_args(act)
        if act.verb == "stay":
            self.status[seat] = "in"
            events.append(PlayerStayed(seat))
        else:
            self.status[seat] = "passed"
            self.out.extend(self.hands[seat])
            self.hands[seat] = []
            events.append(PlayerPassed(seat))
        self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
            return
        status = self.status
        staying = [s for s in self._after if status[s] == "in"]
        if not staying:
            events.append(HandVoid(self.hand_no, self.dealer))
            self._end_hand("void", None, (), events)
        elif len(staying) == 1:
            offer = [s for s in self._after if status[s] == "passed"]
            if len(self.baceta) < self.cards_each or not offer:
                self._unopposed(staying[0], events)
            else:
                self.queue = offer
                self.phase = "baceta"
                self.turn = offer[0]
        else:
            self._begin_exchanges(events)

    # ------------------------------------------------------------------ baceta

    def _on_baceta(self, seat: int, act: Action, events: list[Event]) -> None:
        if act is not TAKE_BACETA and act is not PASS:
            if act.verb not in ("baceta", "pass"):
                raise self._wrong(seat, act)
            self._no_args(act)
        if act.verb == "baceta":
            k = self.cards_each
            self.hands[seat] = self.baceta[:k]
            del self.baceta[:k]
            self.status[seat] = "baceta"
            self.baceta_player = seat
            events.append(BacetaTaken(seat, k))
            self._begin_exchanges(events)
            return
        events.append(BacetaDeclined(seat))
        self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
            return
        lone = next(s for s in self._after if self.status[s] == "in")
        self._unopposed(lone, events)

    def _unopposed(self, seat: int, events: list[Event]) -> None:
        amount = self._fit("plato", SEAT_ACCOUNTS[seat], self.plato, peek=True)
        events.append(WonUnopposed(seat, amount))
        self._pay_seat(seat, amount, "unopposed", events)
        self._end_hand("unopposed", seat, (), events)

    # ------------------------------------------------------------------ mosca exchanges

    def _begin_exchanges(self, events: list[Event]) -> None:
        if self.cards_each == 3:
            self._begin_play(events)
            return
        self.queue = self._participants()
        self.phase = "exchange"
        self._next_exchange(events)

    def _next_exchange(self, events: list[Event]) -> None:
        if self.queue and self.baceta:
            self.turn = self.queue[0]
            return
        self.queue = []  # an empty baceta skips everybody left
        self._begin_play(events)

    def _exchanges(self, seat: int) -> list[Action]:
        """By number of cards, then hand order; ``pass`` last."""
        texts = [str(c) for c in self.hands[seat]]
        top = min(len(texts), len(self.baceta))
        swaps = [
            Action("exchange", combo)
            for size in range(1, top + 1)
            for combo in itertools.combinations(texts, size)
        ]
        return [*swaps, Action("pass")]

    def _on_exchange(self, seat: int, act: Action, events: list[Event]) -> None:
        if act.verb == "pass":
            self._no_args(act)
            self.exchanged[seat] = 0
            events.append(CardsExchanged(seat, 0))
        elif act.verb == "exchange":
            if not act.args:
                raise IllegalAction(TomateRefusal.EXCHANGE_NEEDS_CARDS)
            cards = [parse_card(text, FAMILY) for text in act.args]
            hand = self.hands[seat]
            for card in cards:
                if card not in hand:
                    raise IllegalAction(Common.NOT_IN_HAND, card=card)
            twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
            if twice is not None:
                raise IllegalAction(TomateRefusal.CARD_TWICE, card=twice)
            if len(cards) > len(self.baceta):
                raise IllegalAction(TomateRefusal.BACETA_SHORT, left=len(self.baceta))
            drawn = self.baceta[: len(cards)]
            del self.baceta[: len(cards)]
            self.hands[seat] = [c for c in hand if c not in cards] + drawn
            self.out.extend(cards)
            self.exchanged[seat] = len(cards)
            events.append(CardsExchanged(seat, len(cards)))
        else:
            raise self._wrong(seat, act)
        self.queue.pop(0)
        self._next_exchange(events)
