"""The end of a hand (points, hecho/dedans/litige, capote) and of the match."""

from __future__ import annotations

from typing import Any

from tapete.rules.belote.events import HandScored, MatchOver
from tapete.rules.belote.options import BELOTE, CAPOTE, DER, Outcome
from tapete.rules.belote.play import PlayMixin
from tapete.rules.engine import Event, Result


class ScoringMixin(PlayMixin):
    def _end_hand(self) -> list[Event]:
        """Score the hand; then end the match or deal the next hand."""
        trump, taker = self.trump, self.taker
        assert trump is not None and taker is not None
        count = self._side_count()
        side = self.side
        cards = [0] * count
        for seat in range(self.players):
            cards[side(seat)] += self.won[seat]
        der = self.trick.leader  # the winner of the last trick leads the (empty) next one
        combos = [0] * count
        for (seat, _), (value, _) in zip(self.announcements, self.judged, strict=True):
            combos[side(seat)] += value
        belote = [0] * count
        if self.belote is not None and self.rebelote:
            belote[side(self.belote)] = BELOTE
        points = [c + k + b for c, k, b in zip(cards, combos, belote, strict=True)]
        points[side(der)] += DER

        taking = side(taker)
        opponents = [s for s in range(count) if s != taking]
        best = max(points[s] for s in opponents)
        outcome: Outcome
        if points[taking] > best:
            outcome = "hecho"
        elif points[taking] == best and self.options.litigio:
            outcome = "litige"
        else:
            outcome = "dedans"

        took = [False] * count
        for seat in range(self.players):
            if self.tricks_won[seat]:
                took[side(seat)] = True
        capote = [0] * count
        if not all(took):
            with_tricks = [s for s in range(count) if took[s]]
            share = CAPOTE // len(with_tricks)
            for s in with_tricks:
                if not (s == taking and outcome == "dedans"):
                    capote[s] = share

        scored = [0] * count
        released, held = self.held, 0
        if outcome == "hecho":
            scored = [p + b for p, b in zip(points, capote, strict=True)]
            scored[taking] += released
        elif outcome == "litige":
            for s in opponents:
                scored[s] = points[s] + capote[s]
            scored[taking] = belote[taking]
            held = released + points[taking] - belote[taking] + capote[taking]
            released = 0
        else:
            pot = sum(cards) + DER + sum(combos)
            for s in opponents:
                scored[s] = (pot // len(opponents) + released // len(opponents) + belote[s]
                             + capote[s])
            scored[taking] = belote[taking]
        self.held = held
        for s in range(count):
            self.scores[s] += scored[s]

        self.history.append({
            "hand": self.hand_number, "dealer": self.dealer, "taker": taker,
            "trump": trump.value, "outcome": outcome, "scored": scored,
        })
        summary = HandScored(
            hand=self.hand_number, taker=taker, trump=trump.value, outcome=outcome,
            card_points=tuple(cards), der=der, combinations=tuple(combos),
            belote=self.belote if self.rebelote else None, points=tuple(points),
            capote=tuple(capote), scored=tuple(scored), released=released, held=held,
            totals=tuple(self.scores),
            combos=tuple((seat, combo, p, reason) for (seat, combo), (p, reason)
                         in zip(self.announcements, self.judged, strict=True)),
        )
        self.last_hand = summary
        events: list[Event] = [summary]
        top = max(self.scores)
        if top >= self.options.objetivo and self.scores.count(top) == 1:
            events.append(self._finish(self.scores.index(top)))
            return events
        if self.players == 2 and scored[0] != scored[1]:
            self.dealer = 0 if scored[0] > scored[1] else 1
        else:
            self.dealer = (self.dealer + 1) % self.players
        self.hand_number += 1
        events.append(self._deal())
        return events

    def _finish(self, side: int) -> MatchOver:
        winners = self._side_seats(side)
        scores = tuple(self.scores)
        lost = self.held
        self.result = Result(
            winners=winners,
            scores=scores,
            summary={
                "objetivo": self.options.objetivo,
                "parejas": self.options.parejas,
                "lost": lost,
                "hands": self._summary_hands(),
            },
        )
        self._legal = None
        return MatchOver(winners, scores, lost)

    def _summary_hands(self) -> list[dict[str, Any]]:
        """The match's played hands, each with the match totals after it."""
        totals = [0] * self._side_count()
        hands: list[dict[str, Any]] = []
        for record in self.history:
            for s, points in enumerate(record["scored"]):
                totals[s] += points
            hands.append({**record, "totals": list(totals)})
        return hands
