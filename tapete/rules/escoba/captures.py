"""Which sets of table cards make 15 with a card: the heart of every Escoba move."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tapete.rules.cards import Card
from tapete.rules.escoba.options import FIFTEEN, ORDER, VALUES, value

Sets = tuple[tuple[int, ...], ...]  # sets of positions


class TableSums:
    """The sets of table cards that make each total (up to ``limit``), in canonical order.

    Built once per table, it answers the captures of every card of a hand. Which positions
    of the table (in canonical order) add up to each total depends only on the values there,
    so that search is shared by every table with the same values (:func:`_sets_by_total`).
    ``by_total`` counts positions from the last card: position ``i`` is ``from_last[i]``.
    """

    def __init__(self, table: Sequence[Card], limit: int = FIFTEEN - 1) -> None:
        self.limit = limit
        self.from_last, self.by_total = table_sets(table)

    def sets(self, total: int) -> list[tuple[Card, ...]]:
        """The sets totalling ``total``, in lexicographic canonical order."""
        if total > self.limit:
            return []
        cards = self.from_last
        return [tuple(map(cards.__getitem__, chosen)) for chosen in self.by_total.get(total, ())]

    def captures(self, card: Card) -> list[tuple[Card, ...]]:
        return self.sets(FIFTEEN - VALUES[card])


def table_sets(table: Sequence[Card]) -> tuple[list[Card], dict[int, Sets]]:
    """The table's cards from the last in canonical order, and the sets of their positions
    (counted from the last) by total, each total's sets in lexicographic canonical order."""
    cards = sorted(table, key=ORDER.__getitem__) if len(table) > 1 else list(table)
    cards.reverse()
    return cards, _sets_by_total(tuple(map(VALUES.__getitem__, reversed(cards))))


_NONE: dict[int, Sets] = {}


@lru_cache(maxsize=1 << 15)  # the searches already made, by the values of a table
def _sets_by_total(values: tuple[int, ...]) -> dict[int, Sets]:
    """Every set of positions of ``values`` by its total (up to 14), each total's sets in
    lexicographic order of their positions, a position counted from the last value.

    Counted from the last, the positions of the values after the first are those of
    ``values[1:]``, whose search (usually known already) gives every set without the first
    value, in order; the sets with it come before them: the first alone, then the first
    with each set of the rest that stays under 15. Tuples throughout: once the collector has
    seen them, the cache is no work for it.
    """
    if not values:
        return _NONE
    rest = _sets_by_total(values[1:])
    first, position = values[0], len(values) - 1
    known = dict(rest)
    known[first] = ((position,), *rest.get(first, ()))
    for total, sets in rest.items():
        grown = total + first
        if grown < FIFTEEN:
            known[grown] = (*[(position, *s) for s in sets], *rest.get(grown, ()))
    return known


def capture_sets(card: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of one or more ``table`` cards that totals 15 with ``card``, canonical order."""
    return TableSums(table, FIFTEEN - value(card)).captures(card)


def splits_in_two_fifteens(cards: Sequence[Card]) -> bool:
    """True when ``cards`` total 30 and some of them total exactly 15."""
    if sum(map(value, cards)) != 2 * FIFTEEN:
        return False
    first, rest = cards[0], cards[1:]
    return bool(capture_sets(first, rest))
