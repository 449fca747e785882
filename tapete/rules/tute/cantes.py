"""Cantes, tute and the exchange of the turned trump card.

Habanero: the winner of a trick may ``sing`` one cante and ``swap`` once, after the draws and
before leading, while the baceta lasts (the *window*). Arrastrado: ``swap`` during the first
trick. Arrastrado, individual and parejas: cantes and tute are automatic after each trick won.
"""

from __future__ import annotations

import bisect

from tapete.rules.cards import Card, SpanishSuit
from tapete.rules.engine import Event
from tapete.rules.errors import IllegalAction
from tapete.rules.tute.base import TuteBase
from tapete.rules.tute.bits import BIT, COUPLE_MASK, REYES, TUTE_MASKS
from tapete.rules.tute.events import CanteSung, TrumpSwapped, TuteSung
from tapete.rules.tute.options import SORT_KEY, SWAP_FOR, TRUMP_FIRST
from tapete.rules.tute.refusals import TuteRefusal


def singers(winner: int, pairs: bool) -> tuple[int, ...]:
    """Who may sing after a trick won (outside habanero), in the order they are asked: the
    winner, then in parejas their partner."""
    return (winner, (winner + 2) % 4) if pairs else (winner,)


class CantesMixin(TuteBase):
    # ------------------------------------------------------------------ what is possible

    def _window(self) -> bool:
        """Habanero: the trick winner may sing and swap (after the draws, before leading)."""
        return (
            self.modalidad == "habanero"
            and not self.trick.plays
            and bool(self.trick_winners)
            and bool(self.baceta)
            and not self.capote_pending
        )

    def _swap_card(self) -> Card | None:
        """The trump that may be exchanged for the turned card (None for a turned 2)."""
        return SWAP_FOR[self.turned]

    def _can_swap(self, seat: int) -> bool:
        card = SWAP_FOR[self.turned]
        if card is None or not self._masks[seat] & BIT[card]:
            return False
        modalidad = self.modalidad
        if modalidad == "habanero":
            return self._window() and not self.swapped
        if modalidad == "arrastrado":
            return not self.trick_winners and seat not in self.swapped_seats
        return False

    def _singable(self, seat: int) -> list[SpanishSuit]:
        mask = self._masks[seat]
        if not mask & REYES & mask >> 1:  # no rey with its caballo: nothing to sing
            return []
        return [s for s, couple in COUPLE_MASK.items() if mask & couple == couple
                and s not in self.sung]

    def _tute_rank(self, seat: int) -> int | None:
        """12 for the four reyes, 11 for the four caballos (reyes checked first)."""
        mask = self._masks[seat]
        for rank, four in TUTE_MASKS:
            if mask & four == four:
                return rank
        return None

    # ------------------------------------------------------------------ moves

    def _sing(self, seat: int, word: str) -> list[Event]:
        if word == "tute":
            rank = self._tute_rank(seat)
            assert rank is not None
            return [TuteSung(seat, rank), *self._tute_match(seat, rank)]
        self.sang = True
        return [self._record_cante(seat, SpanishSuit(word))]

    def _record_cante(self, seat: int, suit: SpanishSuit) -> CanteSung:
        value = 40 if suit == self.trump else 20
        self.sung.append(suit)
        self.cantes.append((seat, suit.value, value))
        return CanteSung(seat, suit.value, value)

    def _swap(self, seat: int) -> TrumpSwapped:
        given = self._swap_card()
        assert given is not None
        taken = self.turned
        hand = self.hands[seat]
        hand.remove(given)
        bisect.insort(hand, taken, key=SORT_KEY.__getitem__)
        self._masks[seat] ^= BIT[given] | BIT[taken]
        self.turned = given
        self.swapped_in = [*self.swapped_in, (seat, taken)]  # new: worlds may share it
        if self.modalidad == "habanero":
            self.baceta[-1] = given
            self.swapped = True
        else:
            self.out_of_play = [given]
            self.swapped_seats.append(seat)
        return TrumpSwapped(seat, given, taken)

    def _automatic(self, winner: int) -> list[Event]:
        """Tute check, then the cantes, after a trick won (not habanero)."""
        asked = singers(winner, self.pairs)
        if self.tute_enabled:
            for seat in asked:
                rank = self._tute_rank(seat)
                if rank is not None:
                    return [TuteSung(seat, rank), *self._tute_match(seat, rank)]
        events: list[Event] = []
        for seat in asked:
            singable = self._singable(seat)
            if singable:  # one cante per trick won, the trump suit's first
                suit = next(s for s in TRUMP_FIRST[self.trump] if s in singable)
                events.append(self._record_cante(seat, suit))
        return events

    # ------------------------------------------------------------------ refusals

    def _sing_refusal(self, word: str) -> IllegalAction:
        """Why a well-formed ``sing`` is not legal now."""
        if self.modalidad != "habanero":
            return IllegalAction(TuteRefusal.CANTES_AUTOMATIC)
        if word == "tute" and not self.tute_enabled:
            return IllegalAction(TuteRefusal.TUTE_OFF)
        if not self.baceta:
            return IllegalAction(TuteRefusal.SING_TOO_LATE)
        if not self._window():
            return IllegalAction(TuteRefusal.SING_AFTER_TRICK)
        if word == "tute":
            return IllegalAction(TuteRefusal.NO_TUTE)
        if self.sang:
            return IllegalAction(TuteRefusal.ALREADY_SANG)
        suit = SpanishSuit(word)
        if suit in self.sung:
            return IllegalAction(TuteRefusal.SUIT_SUNG, suit=suit)
        return IllegalAction(TuteRefusal.NO_CANTE, suit=suit)

    def _swap_refusal(self, seat: int) -> IllegalAction:
        """Why ``swap`` is not legal now."""
        if self.modalidad in ("individual", "parejas"):
            return IllegalAction(TuteRefusal.SWAP_NOT_PLAYED)
        if self.modalidad == "habanero":
            if not self.baceta:
                return IllegalAction(TuteRefusal.SWAP_TOO_LATE)
            if not self._window():
                return IllegalAction(TuteRefusal.SWAP_AFTER_TRICK)
            if self.swapped:
                return IllegalAction(TuteRefusal.SWAPPED_THIS_TRICK)
        else:
            if self.trick_winners:
                return IllegalAction(TuteRefusal.SWAP_FIRST_TRICK)
            if seat in self.swapped_seats:
                return IllegalAction(TuteRefusal.ALREADY_SWAPPED)
        card = self._swap_card()
        if card is None:
            return IllegalAction(TuteRefusal.TWO_NOT_SWAPPED)
        return IllegalAction(TuteRefusal.SWAP_NEEDS, card=card)
