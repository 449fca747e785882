"""The tricks: who may play what (one check gives the legal cards and the reason)."""

from __future__ import annotations

from functools import lru_cache

from tapete.rules.cards import Card, Suit
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, IllegalAction
from tapete.rules.tomate.events import TrickWon
from tapete.rules.tomate.options import FAMILY, PLAYED, POLICY
from tapete.rules.tomate.refusals import TomateRefusal
from tapete.rules.tomate.scoring import ScoringMixin
from tapete.rules.tricks import PLAYED_BY, Obligation, legal_cards_why, trick_winner


class PlayMixin(ScoringMixin):
    def _begin_play(self, events: list[Event]) -> None:
        if self.cards_each == 5:
            seat = self._mosca()
            if seat is not None:
                self._win_mosca(seat, events)
                return
        self.phase = "play"
        self._next = None
        playing = self._next_seats()
        self.turn = next(iter(playing))  # the first player after the dealer leads
        self.trick.leader = self.turn  # the trick is empty since the deal

    def _playable(self, seat: int) -> tuple[list[Card], tuple[Obligation, Suit] | None]:
        """The cards ``seat`` may play now, and the obligation that restricts them (kept for
        the seat to act until the next move). A lead, or a last card, is free: no obligation
        can refuse the one card held (any other is refused as not held)."""
        found = self._cards
        if found is not None and seat == self.turn:
            return found
        hand = self.hands[seat]
        plays = self.trick.plays
        if self.blind:
            found = (hand[:1], None)
        elif not plays or len(hand) == 1:
            found = (list(hand), None)
        else:
            found = legal_cards_why(hand, plays, self.pinta.suit, self.ranking, POLICY)
        if seat == self.turn:
            self._cards = found
        return found

    def _next_seats(self) -> dict[int, int]:
        """Each seat playing the tricks (in order of play from the first after the dealer, as
        ``_participants``) and the one that plays after it. Kept through the tricks: who plays
        them is settled before they begin."""
        following = self._next
        if following is None:
            following = self._next = _following(tuple(self._participants()))
        return following

    def _on_play(self, seat: int, act: Action, events: list[Event]) -> None:
        card = PLAYED.get(id(act))  # an action handed out by ``legal_actions``: its card
        if card is None:
            if act.verb != "play":
                raise self._wrong(seat, act)
            if len(act.args) != 1:
                raise IllegalAction(TomateRefusal.PLAY_ONE_CARD)
            card = act.card(FAMILY)
        legal, why = self._cards or self._playable(seat)
        if card not in legal:
            if self.blind:  # never says which card is next
                raise IllegalAction(TomateRefusal.BLIND_NEXT_CARD)
            if card not in self.hands[seat] or why is None:
                raise IllegalAction(Common.NOT_IN_HAND, card=card)
            code, suit = why
            raise IllegalAction(code, suit=suit)
        self.hands[seat].remove(card)
        trick = self.trick
        plays = trick.plays
        plays.append((seat, card))
        events.append(PLAYED_BY[seat][card])
        following = self._next or self._next_seats()
        if len(plays) < len(following):
            self.turn = following[seat]
            return
        winner = trick_winner(plays, self.pinta.suit, self.ranking)
        self.tricks.append((winner, tuple(plays)))
        self.tricks_won[winner] += 1
        number = len(self.tricks)
        last = number == self.cards_each
        events.append(TrickWon(winner, number, tuple([c for _, c in plays]), last))
        trick.leader, trick.plays = winner, []  # the next trick, led by the winner
        if not last:
            self.turn = winner
            return
        self._settle(events)


@lru_cache(maxsize=1 << 12)
def _following(playing: tuple[int, ...]) -> dict[int, int]:
    """Each seat of ``playing`` and the one after it (shared: callers only read it)."""
    return {seat: playing[(i + 1) % len(playing)] for i, seat in enumerate(playing)}
