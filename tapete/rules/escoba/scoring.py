"""Scoring a hand (escobas, the siete de oros, most sevens, cards and oros) and the match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tapete.rules.cards import Card, SpanishSuit
from tapete.rules.engine import Event
from tapete.rules.escoba.base import EscobaBase
from tapete.rules.escoba.events import HandScored, MatchOver, TableSwept
from tapete.rules.escoba.options import FULL_DECK, SIETE_DE_OROS


@dataclass(frozen=True)
class HandPoints:
    """The points of one hand, one entry per side in every tuple."""

    card_counts: tuple[int, ...]
    seven_counts: tuple[int, ...]
    oro_counts: tuple[int, ...]
    escobas: tuple[int, ...]
    siete_de_oros: tuple[int, ...]
    most_sevens: tuple[int, ...]
    most_cards: tuple[int, ...]
    most_oros: tuple[int, ...]
    points: tuple[int, ...]


def _most(counts: Sequence[int]) -> tuple[int, ...]:
    top = max(counts)
    return tuple(1 if top > 0 and c == top else 0 for c in counts)


def score_hand(piles: Sequence[Sequence[Card]], escobas: Sequence[int]) -> HandPoints:
    """Points of a hand from each side's captured cards and escobas (docs/rules/en/escoba.md)."""
    return points_of(
        card_counts=tuple([len(p) for p in piles]),
        seven_counts=tuple([len(list(filter(_SEVENS.__contains__, p))) for p in piles]),
        oro_counts=tuple([len(list(filter(_OROS.__contains__, p))) for p in piles]),
        escobas=tuple(escobas),
        siete_de_oros=tuple([1 if SIETE_DE_OROS in p else 0 for p in piles]),
    )


# The sevens and the oros of the deck: a pile's are counted by a C-level filter.
_SEVENS = frozenset(c for c in FULL_DECK if c.rank == 7)
_OROS = frozenset(c for c in FULL_DECK if c.suit == SpanishSuit.OROS)


def points_of(
    card_counts: Sequence[int], seven_counts: Sequence[int], oro_counts: Sequence[int],
    escobas: Sequence[int], siete_de_oros: Sequence[int],
) -> HandPoints:
    """The hand's points from what each side captured: the counts decide the rest."""
    sevens, cards, oros = _most(seven_counts), _most(card_counts), _most(oro_counts)
    points = tuple(
        e + s + a + b + c
        for e, s, a, b, c in zip(escobas, siete_de_oros, sevens, cards, oros, strict=True)
    )
    return HandPoints(
        card_counts=tuple(card_counts),
        seven_counts=tuple(seven_counts),
        oro_counts=tuple(oro_counts),
        escobas=tuple(escobas),
        siete_de_oros=tuple(siete_de_oros),
        most_sevens=sevens,
        most_cards=cards,
        most_oros=oros,
        points=points,
    )


# What a hand's history record keeps: the counts; the rest is derived (``points_of``).
COUNTS = ("card_counts", "seven_counts", "oro_counts", "escobas", "siete_de_oros")


def match_winner(scores: Sequence[int], objetivo: int) -> int | None:
    """The winning side: alone with the highest score, at or above the target; else None."""
    top = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == top]
    return leaders[0] if top >= objetivo and len(leaders) == 1 else None


class ScoringMixin(EscobaBase):
    def _piles(self) -> list[list[Card]]:
        piles: list[list[Card]] = [[] for _ in range(self.sides)]
        for seat, pile in enumerate(self.captured):
            piles[self.side_of(seat)] += pile
        return piles

    def _finish_hand(self, events: list[Event]) -> None:
        """The table to the last capturer, the hand's points, then the winner or a new hand."""
        rest, self.table = tuple(self.table), []
        if self.last_capturer is not None:
            self.captured[self.last_capturer] += rest
        events.append(TableSwept(seat=self.last_capturer, cards=rest))
        points = score_hand(self._piles(), self.per_side(self.escobas))
        self.scores = [s + p for s, p in zip(self.scores, points.points, strict=True)]
        scored = HandScored(hand=self.hand_number, **vars(points), scores=tuple(self.scores))
        events.append(scored)
        self.history.append({"dealer": self.dealer, "hand": self.hand_number,
                             **{name: list(getattr(points, name)) for name in COUNTS}})
        winner = match_winner(self.scores, self.options.objetivo)
        if winner is not None:
            self.winners = tuple(s for s in range(self.players) if self.side_of(s) == winner)
            self.is_over = True
            self.turn = None
            events.append(MatchOver(winners=self.winners, scores=tuple(self.scores)))
            return
        self.dealer = (self.dealer + 1) % self.players
        self._start_hand(events)

    def _summary(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "parejas": self.options.parejas,
            "captura": self.options.captura,
            "objetivo": self.options.objetivo,
            "hands": self._hands(),
        }

    def _hands(self) -> list[dict[str, Any]]:
        """Each hand's summary as its HandScored event tells it, rebuilt from the counts."""
        hands: list[dict[str, Any]] = []
        scores = [0] * self.sides
        for record in self.history:
            points = points_of(**{name: record[name] for name in COUNTS})
            scores = [s + p for s, p in zip(scores, points.points, strict=True)]
            scored = HandScored(hand=record["hand"], **vars(points), scores=tuple(scores))
            hands.append({"dealer": record["dealer"], **scored.data()})
        return hands
