"""The end of a hand (points, juegos) and of the match (juegos reached, or tute)."""

from __future__ import annotations

from typing import Any

from tapete.rules.engine import Event, Result
from tapete.rules.tute.base import TuteBase
from tapete.rules.tute.events import HandScored, MatchOver
from tapete.rules.tute.options import ULTIMAS, card_points

# The keys of a scored hand's record kept as they are in the summary.
EXPANDED = ("card_points", "cante_points", "ultimas", "capote", "winners", "juegos")


class ScoringMixin(TuteBase):
    def _tute_match(self, seat: int, rank: int) -> list[Event]:
        """Tute wins the match at once: the hand is not scored."""
        entry = {"hand": self.hand_number, "dealer": self.dealer, "reason": "tute"}
        self.history.append({**entry, "seat": seat, "rank": rank})
        return [self._finish(self.side(seat), "tute")]

    def _finish(self, side: int, reason: str) -> MatchOver:
        winners = self._side_seats(side)
        scores = tuple(self.juegos)
        self.result = Result(
            winners=winners,
            scores=scores,
            summary={
                "modalidad": self.modalidad,
                "target": self.options.juegos,
                "reason": reason,
                "juegos": list(scores),
                "hands": self._summary_hands(),
            },
        )
        self.is_over = True
        self._playable_mask = None
        return MatchOver(winners, scores, reason)

    def _summary_hands(self) -> list[dict[str, Any]]:
        """The match's hands as the summary shows them: each history record (which keeps
        only what cannot be worked out) with its points and the juegos totals after it."""
        totals = [0] * self._side_count()
        hands: list[dict[str, Any]] = []
        for record in self.history:
            if record["reason"] == "tute":
                hands.append(dict(record))
                continue
            points = [c + k for c, k in zip(record["card_points"], record["cante_points"],
                                            strict=True)]
            if record["ultimas"] is not None:
                points[self.side(record["ultimas"])] += ULTIMAS
            totals[self.side(record["winners"][0])] += record["juegos"]
            hands.append({
                "hand": record["hand"], "dealer": record["dealer"], "reason": record["reason"],
                "points": points, **{k: record[k] for k in EXPANDED}, "totals": list(totals),
            })
        return hands

    def _hand_winner(self, points: list[int], ultimas: int) -> int:
        """The side with most points; a tie goes to the diez de últimas, else to the tied
        side that won the latest trick."""
        best = max(points)
        tied = [s for s in range(len(points)) if points[s] == best]
        if len(tied) > 1:
            for seat in (ultimas, *reversed(self.trick_winners)):
                if self.side(seat) in tied:
                    return self.side(seat)
        return tied[0]

    def _end_hand(self, capote_winner: int | None) -> list[Event]:
        """Score the hand; then end the match or deal the next hand."""
        count = self._side_count()
        cards = [0] * count
        cantes = [0] * count
        for seat, taken in enumerate(self.taken):
            cards[self.side(seat)] += card_points(taken)
        for seat, _, value in self.cantes:
            cantes[self.side(seat)] += value
        points = [c + k for c, k in zip(cards, cantes, strict=True)]
        ultimas: int | None = None
        if self.capote is not None:
            assert capote_winner is not None
            reason, winner_side, won = "capote", self.side(capote_winner), 1
        else:
            reason = "puntos"
            ultimas = self.trick_winners[-1]
            points[self.side(ultimas)] += ULTIMAS
            winner_side = self._hand_winner(points, ultimas)
            won = 2 if max(points) >= 101 else 1
        self.juegos[winner_side] += won
        winners = self._side_seats(winner_side)
        self.history.append(
            {
                "hand": self.hand_number,
                "dealer": self.dealer,
                "reason": reason,
                "card_points": list(cards),
                "cante_points": list(cantes),
                "ultimas": ultimas,
                "capote": self.capote,
                "winners": list(winners),
                "juegos": won,
            }
        )
        capote = ""
        if self.capote is not None:
            capote = "made" if self.side(self.capote) == winner_side else "failed"
        events: list[Event] = [
            HandScored(
                self.hand_number,
                reason,
                tuple(points),
                tuple(cards),
                tuple(cantes),
                ultimas,
                winners,
                won,
                tuple(self.juegos),
                self.capote,
                capote,
            )
        ]
        if self.juegos[winner_side] >= self.options.juegos:
            events.append(self._finish(winner_side, "juegos"))
            return events
        self.dealer = (self.dealer + 1) % self.players
        self.hand_number += 1
        events.append(self._deal())
        return events
