"""Names for the sides of a game: a seat, or a pair of seats sitting alternately (0+2, 1+3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.tables import Table


def side_names(table: Table, pairs: bool) -> list[str]:
    """One display name per side, in side order."""
    if not pairs:
        return [s.name for s in table.seats]
    half = len(table.seats) // 2
    return [
        " y ".join(table.seats[i].name for i in range(side, len(table.seats), half))
        for side in range(half)
    ]


def score_line(names: list[str], scores: tuple[int, ...] | list[int]) -> str:
    return " · ".join(f"{name}: **{score}**" for name, score in zip(names, scores, strict=False))
