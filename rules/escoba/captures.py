"""Which sets of table cards make 15 with a card: the heart of every Escoba move."""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.escoba.options import FIFTEEN, ORDER, value


class TableSums:
    """Every set of table cards by its total (up to ``limit``), each set in canonical order.

    Built once per table and turn, it answers the captures of every card of a hand.
    """

    def __init__(self, table: Sequence[Card], limit: int = FIFTEEN - 1) -> None:
        items = sorted((value(c), ORDER[c], c) for c in table)
        self._groups: dict[int, list[tuple[tuple[int, Card], ...]]] = {}

        def walk(start: int, total: int, chosen: tuple[tuple[int, Card], ...]) -> None:
            for i in range(start, len(items)):
                v, index, card = items[i]
                if total + v > limit:
                    break
                grown = (*chosen, (index, card))
                self._groups.setdefault(total + v, []).append(grown)
                walk(i + 1, total + v, grown)

        walk(0, 0, ())

    def sets(self, total: int) -> list[tuple[Card, ...]]:
        """The sets totalling ``total``, in lexicographic canonical order."""
        ordered = sorted(sorted(chosen) for chosen in self._groups.get(total, []))
        return [tuple(card for _, card in chosen) for chosen in ordered]

    def captures(self, card: Card) -> list[tuple[Card, ...]]:
        return self.sets(FIFTEEN - value(card))


def capture_sets(card: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of one or more ``table`` cards that totals 15 with ``card``, canonical order."""
    return TableSums(table, FIFTEEN - value(card)).captures(card)


def splits_in_two_fifteens(cards: Sequence[Card]) -> bool:
    """True when ``cards`` total 30 and some of them total exactly 15."""
    if sum(map(value, cards)) != 2 * FIFTEEN:
        return False
    first, rest = cards[0], cards[1:]
    return bool(capture_sets(first, rest))
