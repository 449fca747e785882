"""Phase II: shedding. Beat the top card of the trick or subir (take its bottom card)."""

from __future__ import annotations

from tapete.rules.cards import Card, parse_card
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, IllegalAction
from tapete.rules.nlk.base import NLKBase
from tapete.rules.nlk.events import CardTaken, PlayerOut, SheddingStarted, TrickTurned
from tapete.rules.nlk.options import FAMILY, HAND_ORDER, PLAY, TAKE
from tapete.rules.nlk.refusals import NLKRefusal
from tapete.rules.tricks import PLAYED_BY, seats_from


class SheddingMixin(NLKBase):
    def _start_shedding(self, events: list[Event]) -> None:
        """The piles become the hands; the holder of the last baceta card leads. A player
        with an empty pile is out at once."""
        card = self.trump_card
        assert card is not None
        self.phase = "shedding"
        self.hands = [sorted(pile, key=HAND_ORDER.__getitem__) for pile in self.piles]
        self.piles = [[] for _ in range(self.players)]
        leader = next(s for s, hand in enumerate(self.hands) if card in hand)
        events.append(SheddingStarted(leader, card.suit, card))
        for seat in seats_from(self.dealer + 1, self.players):
            if not self.hands[seat]:
                self.out.append(seat)
                events.append(PlayerOut(seat, len(self.out)))
        self.turn = leader  # at most one pile can be empty: two seats or more hold cards

    # ------------------------------------------------------------------ legal moves

    def _beats(self, card: Card, top: Card) -> bool:
        """A higher card of the top card's suit, or any trump on a card that is not one."""
        if card.suit is top.suit:
            return card.rank > top.rank
        trump = self.trump
        return card.suit is trump and top.suit is not trump

    def _shedding_actions(self, seat: int) -> list[Action]:
        """The leader of an empty trick plays any card; then every card that beats the top
        card, in hand order, and ``take``."""
        hand = self.hands[seat]
        if not self.trick:
            return [PLAY[c] for c in hand]
        top = self.trick[-1][1]
        beats = self._beats
        return [*(PLAY[c] for c in hand if beats(c, top)), TAKE]

    # ------------------------------------------------------------------ checks

    def _check_shedding_move(self, seat: int, act: Action) -> Action:
        if self.phase != "shedding":
            raise IllegalAction(NLKRefusal.NOT_SHEDDING_YET)
        if act.verb == "take":
            self._no_args(act)
            if not self.trick:
                raise IllegalAction(NLKRefusal.LEADER_MUST_PLAY)
            return TAKE
        if len(act.args) > 1:  # a full name ("play as de picas"), else one card too many
            try:
                card = parse_card(" ".join(act.args), FAMILY)
            except IllegalAction:
                raise IllegalAction(NLKRefusal.PLAY_ONE_CARD) from None
        else:
            card = act.card(FAMILY)
        if card not in self.hands[seat]:
            raise IllegalAction(Common.NOT_IN_HAND, card=card)
        if self.trick:
            top = self.trick[-1][1]
            if not self._beats(card, top):
                code = NLKRefusal.BEAT_TRUMP if top.suit is self.trump else NLKRefusal.BEAT_TOP
                raise IllegalAction(code, top=top)
        return PLAY[card]

    # ------------------------------------------------------------------ moves

    def _on_shedding_move(self, seat: int, act: Action, events: list[Event]) -> None:
        """Carry out a legal Phase II action."""
        if act.verb == "take":
            card = self.trick.pop(0)[1]
            hand = self.hands[seat]
            hand.append(card)
            hand.sort(key=HAND_ORDER.__getitem__)
            events.append(CardTaken(seat, card, len(self.trick)))
            self.turn = self._next_holder(seat)
            return
        card = act.card(FAMILY)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events.append(PLAYED_BY[seat][card])
        if not self.hands[seat]:
            self.out.append(seat)
            events.append(PlayerOut(seat, len(self.out)))
        holders = self._holders()
        if holders == 1:
            self._lose(next(s for s, hand in enumerate(self.hands) if hand), events)
            return
        if len(self.trick) >= holders:  # complete, counted after the play
            self.tricks_turned += 1
            events.append(TrickTurned(seat, self.tricks_turned, tuple(c for _, c in self.trick)))
            self.trick = []
            self.turn = seat if self.hands[seat] else self._next_holder(seat)
            return
        self.turn = self._next_holder(seat)

