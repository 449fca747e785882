"""Tute's CPU players: how difícil values a hand's end against the match."""

from __future__ import annotations

import pytest

from tapete.rules import tute
from tapete.rules.tute import cpu

# -- the value of a hand's end -----------------------------------------------------------------


def test_the_chance_of_the_match_is_even_and_complementary() -> None:
    for need in range(1, 6):
        for other in range(1, 6):
            both = cpu.match_chance(need, other, 0.36) + cpu.match_chance(other, need, 0.36)
            assert both == pytest.approx(1.0)
        assert cpu.match_chance(need, need, 0.36) == pytest.approx(0.5)
        assert cpu.match_chance(need, 3, 0.36) >= cpu.match_chance(need + 1, 3, 0.36)
    assert cpu.match_chance(0, 1, 0.36) == 1.0 and cpu.match_chance(1, 0, 0.36) == 0.0


def _parejas(juegos: tuple[int, int]) -> tute.State:
    state = tute.new_game(tute.Options(modalidad="parejas"), 4, seed=1)
    state.juegos = list(juegos)
    return state


def _hand(state: tute.State, mine: int, points: tuple[int, int], juegos: int) -> float:
    """Side 0's value of a hand won by the side with more points, with ``juegos``."""
    winner = 0 if points[0] > points[1] else 1
    totals = list(state.juegos)
    totals[winner] += juegos
    return cpu._scored(points, mine, winner, juegos, totals, state)


def test_two_juegos_count_only_where_they_help_the_match() -> None:
    points = (60 - 40) / cpu.MARGIN  # what the wider margin alone is worth
    start = _parejas((0, 0))
    assert _hand(start, 0, (105, 45), 2) - _hand(start, 0, (95, 55), 1) > points + 0.3
    decider = _parejas((2, 1))  # one juego wins the match: two are worth no more
    gap = _hand(decider, 0, (105, 45), 2) - _hand(decider, 0, (95, 55), 1)
    assert gap == pytest.approx(points)


def test_in_the_deciding_hand_the_hand_counts_more_than_the_points() -> None:
    """At two juegos each (of three), winning by a point is worth far more than losing by one,
    and more than the same narrow win at the start of the match."""
    decider, start = _parejas((2, 2)), _parejas((0, 0))
    decisive = _hand(decider, 0, (76, 75), 1) - _hand(decider, 0, (75, 76), 1)
    assert decisive == pytest.approx(cpu.MATCH + 2 / cpu.MARGIN)
    assert decisive > _hand(start, 0, (76, 75), 1) - _hand(start, 0, (75, 76), 1)
