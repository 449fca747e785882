"""The tricks: legal plays (and why a card is refused), playing a card, habanero's draws."""

from __future__ import annotations

from tapete.rules.cards import Card
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, IllegalAction
from tapete.rules.tricks import PLAYED_BY, TrickWon, broken_obligation
from tapete.rules.tute.bits import BIT, Why, playable
from tapete.rules.tute.bits import cards as cards_of
from tapete.rules.tute.bits import plays as play_actions
from tapete.rules.tute.bits import winner as trick_winner
from tapete.rules.tute.cantes import CantesMixin
from tapete.rules.tute.events import CardDrawn
from tapete.rules.tute.options import (
    CAPOTE_CHOICES,
    SING,
    SING_TUTE,
    SWAP,
)


class PlayMixin(CantesMixin):
    def _playable_bits(self, seat: int) -> tuple[int, Why]:
        """The cards ``seat`` may play now (a mask) and the obligation that restricts them:
        one check for the legal moves and for a refused card."""
        plays = self.trick.plays
        if not plays:
            return self._masks[seat], None
        open_ = bool(self.baceta) and self.modalidad == "habanero"
        return playable(self._masks[seat], plays, self.trump_index, open_)

    def _playable(self, seat: int) -> tuple[list[Card], Why]:
        mask, why = self._playable_bits(seat)
        return cards_of(mask), why

    def legal_actions(self) -> list[Action]:
        """Plays in hand order; then (habanero) ``sing tute``, ``sing <suit>``; ``swap``. The
        cards among them are kept until the next move (``_playable_mask``), for ``apply`` to
        check a play and for the next call."""
        if self.is_over:
            return []
        if self.capote_pending:
            return list(CAPOTE_CHOICES)
        plays = self.trick.plays
        seat = self.to_act
        assert seat is not None
        mask = self._playable_mask
        modalidad = self.modalidad
        if mask is None:
            mask = self._masks[seat]
            if plays:
                open_ = modalidad == "habanero" and bool(self.baceta)
                mask = playable(mask, plays, self.trump_index, open_)[0]
            self._playable_mask = mask
        actions = play_actions(mask)
        if modalidad == "habanero":
            if self._window():  # the trick's winner may sing and swap before leading
                self._window_actions(seat, actions)
        elif modalidad == "arrastrado" and not self.trick_winners and self._can_swap(seat):
            actions.append(SWAP)  # any time in the first trick
        return actions

    def _window_actions(self, seat: int, actions: list[Action]) -> None:
        """Add habanero's ``sing tute``, ``sing <suit>`` and ``swap`` where the hand allows."""
        if self.tute_enabled and self._tute_rank(seat) is not None:
            actions.append(SING_TUTE)
        if not self.sang:
            actions.extend(SING[s] for s in self._singable(seat))
        if self._can_swap(seat):
            actions.append(SWAP)

    def _play_refusal(self, seat: int, act: Action, card: Card) -> IllegalAction:
        """Why a card may not be played now: not held, or the obligation it breaks."""
        if card not in self.hands[seat]:
            return IllegalAction(Common.NOT_IN_HAND, card=card)
        _, why = self._playable(seat)
        if why is None:
            return IllegalAction(Common.NOT_NOW, text=str(act))
        obligation, suit = why
        return IllegalAction(broken_obligation(card, obligation, suit), suit=suit)

    def _play(self, seat: int, card: Card) -> list[Event]:
        events: list[Event] = [PLAYED_BY[seat][card]]
        self.hands[seat].remove(card)
        self._masks[seat] ^= BIT[card]
        trick = self.trick
        plays = trick.plays
        plays.append((seat, card))
        if len(plays) < self.players:
            return events
        winner = trick_winner(plays, self.trump_index)
        cards = tuple([c for _, c in plays])
        self.taken[winner].extend(cards)
        self.tricks_won[winner] += 1
        trick_winners = self.trick_winners
        trick_winners.append(winner)
        self.last_trick = plays
        trick.leader, trick.plays = winner, []  # the next trick, led by the winner
        self.sang = self.swapped = False
        done = not self._masks[winner]  # every hand empties at the same trick
        events.append(TrickWon(winner, len(trick_winners), cards, done))
        if self.capote is not None and winner != self.capote:
            return events + self._end_hand(capote_winner=winner)
        if done:
            return events + self._end_hand(capote_winner=self.capote)
        if self.modalidad == "habanero":
            baceta = self.baceta
            if baceta:
                masks = self._masks
                for drawer in (winner, 1 - winner):
                    drawn = baceta.pop(0)
                    bit = BIT[drawn]
                    mask = masks[drawer]
                    # its place in hand order: the cards of the hand on lower bits
                    self.hands[drawer].insert((mask & (bit - 1)).bit_count(), drawn)
                    masks[drawer] = mask | bit
                    events.append(CardDrawn(drawer, None if baceta else drawn))
                if not baceta:
                    self.capote_pending = [winner, 1 - winner]
            return events
        return events + self._automatic(winner)
