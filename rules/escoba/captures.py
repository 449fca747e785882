"""Which sets of table cards make 15 with a card: the heart of every Escoba move."""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.escoba.options import FIFTEEN, ORDER, VALUES, value


class TableSums:
    """The sets of table cards that make each total (up to ``limit``), in canonical order.

    Built once per table, it answers the captures of every card of a hand. Which positions
    of the table (in canonical order) add up to each total depends only on the values there,
    so that search is shared by every table with the same values (:func:`_positions`).
    """

    def __init__(self, table: Sequence[Card], limit: int = FIFTEEN - 1) -> None:
        self.limit = limit
        self.cards = cards = sorted(table, key=ORDER.__getitem__)  # canonical order
        values = tuple(map(VALUES.__getitem__, cards))
        by_total = _KNOWN.get(values)
        if by_total is None:
            if len(_KNOWN) >= _KNOWN_LIMIT:
                _KNOWN.clear()
            by_total = _KNOWN[values] = _positions(values)
        self.by_total = by_total  # total -> the sets of positions of ``cards`` making it

    def sets(self, total: int) -> list[tuple[Card, ...]]:
        """The sets totalling ``total``, in lexicographic canonical order."""
        if total > self.limit:
            return []
        cards = self.cards
        return [tuple([cards[i] for i in chosen]) for chosen in self.by_total.get(total, ())]

    def captures(self, card: Card) -> list[tuple[Card, ...]]:
        return self.sets(FIFTEEN - VALUES[card])


# The searches already made, by the values of a table (cleared when it grows too large).
_KNOWN: dict[tuple[int, ...], dict[int, list[tuple[int, ...]]]] = {}
_KNOWN_LIMIT = 1 << 15


def _positions(values: tuple[int, ...]) -> dict[int, list[tuple[int, ...]]]:
    """Every set of positions of ``values`` by its total (up to 14), in lexicographic order.

    The sets are grown position by position (each set so far, with and without the next
    position, while under 15), then each total's sets are sorted.
    """
    grown: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    for i, v in enumerate(values):
        grown += [(total + v, (*chosen, i)) for total, chosen in grown if total + v < FIFTEEN]
    found: dict[int, list[tuple[int, ...]]] = {}
    for total, chosen in grown[1:]:
        found.setdefault(total, []).append(chosen)
    for sets in found.values():
        sets.sort()
    return found


def capture_sets(card: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of one or more ``table`` cards that totals 15 with ``card``, canonical order."""
    return TableSums(table, FIFTEEN - value(card)).captures(card)


def splits_in_two_fifteens(cards: Sequence[Card]) -> bool:
    """True when ``cards`` total 30 and some of them total exactly 15."""
    if sum(map(value, cards)) != 2 * FIFTEEN:
        return False
    first, rest = cards[0], cards[1:]
    return bool(capture_sets(first, rest))
