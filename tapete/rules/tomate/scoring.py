"""The end of a hand: the mosca, the settlement of the tricks, and the next deal."""

from __future__ import annotations

from tapete.rules.engine import Event, Result
from tapete.rules.errors import GameOver
from tapete.rules.tomate.base import TomateBase
from tapete.rules.tomate.events import HandScored, MoscaWon, SessionOver, TantosMoved, Tomate
from tapete.rules.tomate.options import SEAT_ACCOUNTS, TOMO_MIN_TRICKS, Outcome


class ScoringMixin(TomateBase):
    # ------------------------------------------------------------------ mosca

    def _mosca(self) -> int | None:
        """The seat that wins with a mosca, if any (tie order: docs/rules/en/tomate.md)."""
        best: tuple[bool, list[int]] | None = None
        winner: int | None = None
        for seat in self._participants():
            hand = self.hands[seat]
            suits = {c.suit for c in hand}
            if len(hand) != self.cards_each or len(suits) != 1:
                continue
            key = (hand[0].suit == self.trump, sorted((c.rank for c in hand), reverse=True))
            if best is None or key > best:
                best, winner = key, seat
        return winner

    def _win_mosca(self, seat: int, events: list[Event]) -> None:
        for_table = self.mesa and seat == self.baceta_player
        amount = 0
        if not for_table:
            amount = self._fit("plato", SEAT_ACCOUNTS[seat], self.plato, peek=True)
        events.append(MoscaWon(seat, tuple(self.hands[seat]), for_table, amount))
        self._pay_seat(seat, amount, "mosca", events)
        self._end_hand("mosca_mesa" if for_table else "mosca", seat, (), events)

    # ------------------------------------------------------------------ settlement

    def _settle(self, events: list[Event]) -> None:
        """Trick payments in trick order, then the tomates in order of play. Each is a
        ``_move`` spelled out, the plato's running totals updated once at the end."""
        pot = self.plato
        share = pot // self.cards_each
        fine = min(pot, self.tope)
        unpaid = self.baceta_player if self.mesa else None  # mesa: its tricks
        hand_net, nets = self.hand_net, self.nets
        paid = 0
        if share > 0:
            for winner, _ in self.tricks:
                if winner != unpaid:
                    amount = self._fit("plato", SEAT_ACCOUNTS[winner], share)
                    if amount <= 0:
                        continue
                    hand_net[winner] += amount
                    nets[winner] += amount
                    paid += amount
                    events.append(TantosMoved("plato", SEAT_ACCOUNTS[winner], amount, "trick"))
        self.plato -= paid
        self.hand_plato_delta -= paid
        tomates: list[int] = []
        taker = self.dealer if self.took else None
        tricks_won = self.tricks_won
        for seat in self._next_seats():  # the players, in order of play from after the dealer
            if seat == unpaid:
                continue
            won = tricks_won[seat]
            if won == 0 or (seat == taker and won < TOMO_MIN_TRICKS):
                tomates.append(seat)
                amount = self._fit(SEAT_ACCOUNTS[seat], "reserva", fine)
                events.append(Tomate(seat, amount, "tomo" if won else "no_trick"))
                if amount > 0:
                    hand_net[seat] -= amount
                    nets[seat] -= amount
                    self.reserva += amount
                    self.hand_reserva_delta += amount
                    events.append(TantosMoved(SEAT_ACCOUNTS[seat], "reserva", amount, "tomate"))
        self._end_hand("tricks", None, tuple(tomates), events)

    # ------------------------------------------------------------------ hand end

    def _end_hand(
        self, outcome: Outcome, winner: int | None, tomates: tuple[int, ...], events: list[Event]
    ) -> None:
        """Sum the hand up, then end the session or deal the next hand at once."""
        summary = HandScored(  # hand, dealer, outcome, winner, tricks, tomates, nets, deltas, pot
            self.hand_no, self.dealer, outcome, winner, tuple(self.tricks_won), tomates,
            tuple(self.hand_net), self.hand_plato_delta, self.hand_reserva_delta, self.plato,
            self.reserva,
        )
        events.append(summary)
        self.last_hand = summary
        self.hands_played += 1
        manos = self.manos
        if manos is not None and self.hands_played >= manos:
            events.append(self._finish())
            return
        self.dealer = (self.dealer + 1) % self.players
        self._start_hand(events)

    # ------------------------------------------------------------------ session

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        best = max(self.nets)
        return Result(
            winners=tuple(s for s, v in enumerate(self.nets) if v == best),
            scores=tuple(self.nets),
            summary={
                "hands": self.hands_played,
                "nets": list(self.nets),
                "plato": self.plato,
                "reserva": self.reserva,
                "last_hand": self.last_hand.data() if self.last_hand else None,
            },
        )

    def _finish(self) -> SessionOver:
        self.phase = "over"
        self.is_over = True
        self.turn = None
        self._legal = None
        best = max(self.nets)
        winners = tuple(s for s, v in enumerate(self.nets) if v == best)
        return SessionOver(winners, tuple(self.nets))

    def close(self) -> list[Event]:
        """End the session now (the table is closed); a hand in progress is abandoned.

        Tantos already moved (the ante, the reserva, pánfilo payments) stay where they are.
        """
        if self.is_over:
            raise GameOver()
        return [self._finish()]
