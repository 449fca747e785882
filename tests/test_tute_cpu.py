"""Tute's CPU players in set positions: the rules of thumb outside habanero (parejas, and
arrastrado and individual where each plays for themselves), and how difícil values a hand's
end against the match.

The rules of thumb are :class:`rules.tute.cardplay.Sight` on card indices; the positions are
written with the cards' names.
"""

from __future__ import annotations

import itertools

import pytest

from tapete.rules import tute
from tapete.rules.tute import cpu
from tapete.rules.tute.bits import INDEX, ORDERED
from tapete.rules.tute.cardplay import Sight
from tapete.rules.tute.options import SUITS

BY_TEXT = {str(card): card for card in ORDERED}
BASTOS = SUITS.index(BY_TEXT["1b"].suit)
OROS = SUITS.index(BY_TEXT["1o"].suit)


def _mask(*texts: str) -> int:
    return sum(1 << INDEX[BY_TEXT[t]] for t in texts)


def _sight(seat: int, hand: tuple[str, ...], plays: list[tuple[int, str]], *, pairs: bool,
           voids: tuple[int, ...] = (0, 0, 0, 0)) -> Sight:
    """Seat ``seat`` of four, bastos trumps, every card but its own and those played unseen."""
    played = [INDEX[BY_TEXT[t]] for _, t in plays]
    everything = (1 << len(ORDERED)) - 1
    unseen = everything & ~_mask(*hand) & ~sum(1 << i for i in played)
    return Sight(seat, _mask(*hand), unseen, BASTOS, 4, pairs, False, False,
                 [(s, INDEX[BY_TEXT[t]]) for s, t in plays], voids, 0)


def _text(index: int) -> str:
    return str(ORDERED[index])


@pytest.mark.parametrize("pairs", [False, True])
@pytest.mark.parametrize("led", ["4c", "1c"])
def test_a_trick_is_taken_with_the_cheapest_trump_not_the_master(led: str, pairs: bool) -> None:
    """Void in copas, holding the master trump and a small one: the small trump takes the
    trick, whether it carries points or not; the master is kept for the last tricks and the
    diez de últimas."""
    sight = _sight(1, ("1b", "4b", "5o"), [(0, led)], pairs=pairs)
    assert _text(sight.choose(_mask("1b", "4b"))) == "4b"


@pytest.mark.parametrize("pairs", [False, True])
def test_raising_a_trick_without_points_spends_the_card_worth_least(pairs: bool) -> None:
    """Made to raise a 4 de copas with the as, the rey or the 7 (all legal, all winning): the 7,
    not the as that would be sure to hold the trick."""
    sight = _sight(1, ("1c", "12c", "7c", "5o"), [(0, "4c")], pairs=pairs)
    assert _text(sight.choose(_mask("1c", "12c", "7c"))) == "7c"


def test_alone_a_trick_without_ten_points_is_let_go() -> None:
    """Each for themselves, second to play on a trick without points, with a free choice
    between a trump that would take it and a card worth nothing: the trick is let go."""
    sight = _sight(2, ("1b", "5o"), [(0, "4c"), (1, "5c")], pairs=False)
    assert _text(sight.choose(_mask("1b", "5o"))) == "5o"
    with_points = _sight(2, ("1b", "5o"), [(0, "4c"), (1, "1c")], pairs=False)
    assert _text(with_points.choose(_mask("1b", "5o"))) == "1b"


@pytest.mark.parametrize(("pairs", "lead"), [(False, "1o"), (True, "6c")])
def test_a_master_someone_may_trump_is_led_only_alone(pairs: bool, lead: str) -> None:
    """Leading with the as de oros (master) while an opponent showed no oros and may trump:
    each for themselves the as is led (the others trump one another's tricks too); in parejas
    a small card of another suit. Trumps are not drawn in either."""
    hand = ("1o", "1b", "3b", "6c")
    sight = _sight(0, hand, [], pairs=pairs, voids=(0, 1 << OROS, 0, 0))
    assert _text(sight.choose(_mask(*hand))) == lead


def test_made_to_trump_the_partners_trick_the_lowest_trump_goes() -> None:
    """Last to play in parejas, the partner holding the trick with the as de copas, and no
    copas: a trump must go on it. The 4 de bastos, not the as de bastos: the trick is the
    side's whichever trump goes, and the as would win a trick of its own later."""
    sight = _sight(3, ("1b", "4b", "5o"), [(0, "4c"), (1, "1c"), (2, "5c")], pairs=True)
    assert _text(sight.choose(_mask("1b", "4b"))) == "4b"


@pytest.mark.parametrize(("pairs", "hand", "lead"), [
    (True, ("2b", "4b", "5b", "7b", "6c", "5o"), "2b"),
    (True, ("4b", "5b", "7b", "6c", "5o"), "5o"),
    (False, ("2b", "4b", "5b", "7b", "6c", "5o"), "5o"),
    (True, ("2b", "4b", "5b", "7b", "1c", "5o"), "1c"),
])
def test_in_parejas_four_trumps_draw_trumps_with_the_lowest(
        pairs: bool, hand: tuple[str, ...], lead: str) -> None:
    """Leading in parejas with four trumps or more and no master to lead: the lowest trump
    (arrastrar), so that the opponents' trumps fall before the partner's long suits and the
    masters to come. Three trumps, or each for themselves: a small plain card. A master (the
    as de copas) is still led first."""
    sight = _sight(0, hand, [], pairs=pairs)
    assert _text(sight.choose(_mask(*hand))) == lead


# -- the value of a hand's end -----------------------------------------------------------------


def test_the_chance_of_the_match_is_even_and_complementary() -> None:
    chance = cpu.match_chance
    for need in range(1, 6):
        for other in range(1, 6):
            both = chance((need, other), 0, 0.36) + chance((need, other), 1, 0.36)
            assert both == pytest.approx(1.0)
        assert chance((need, need), 0, 0.36) == pytest.approx(0.5)
        assert chance((need, 3), 0, 0.36) >= chance((need + 1, 3), 0, 0.36)
    assert chance((0, 1), 0, 0.36) == 1.0 and chance((1, 0), 0, 0.36) == 0.0
    for needs in itertools.product(range(1, 4), repeat=3):  # three sides: shares add up
        assert sum(chance(needs, s, 0.16) for s in range(3)) == pytest.approx(1.0)
    assert chance((2, 2, 2), 1, 0.16) == pytest.approx(1 / 3)


def _parejas(juegos: tuple[int, int]) -> tute.State:
    state = tute.new_game(tute.Options(modalidad="parejas"), 4, seed=1)
    state.juegos = list(juegos)
    return state


def _hand(state: tute.State, mine: int, points: tuple[int, ...], juegos: int) -> float:
    """The side ``mine``'s value of a hand won by the side with most points, with
    ``juegos``."""
    winner = points.index(max(points))
    totals = list(state.juegos)
    totals[winner] += juegos
    return cpu._scored(points, mine, totals, state)


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


def _arrastrado(juegos: tuple[int, int, int]) -> tute.State:
    state = tute.new_game(tute.Options(modalidad="arrastrado"), 3, seed=1)
    state.juegos = list(juegos)
    return state


def test_each_for_themselves_a_juego_counts_by_what_it_does_to_the_match() -> None:
    """Among three, a juego another player wins costs the seat less than one it wins gives
    (the loss is shared with the third player), the same whichever of the two wins it, and
    more when the winner is one juego from the match."""
    start = _arrastrado((0, 0, 0))
    before = cpu.MATCH / 3  # an even start
    mine = _hand(start, 0, (61, 60, 0), 1) - before  # the seat wins by a point
    theirs = before - _hand(start, 0, (60, 61, 0), 1)  # seat 1 wins by a point
    assert mine > theirs > 0
    assert _hand(start, 0, (60, 0, 61), 1) == pytest.approx(_hand(start, 0, (60, 61, 0), 1))
    near = _arrastrado((0, 2, 0))  # seat 1 needs one juego
    before_near = cpu.MATCH * cpu.match_chance((3, 1, 3), 0, cpu.DOUBLE["arrastrado"])
    assert before_near - _hand(near, 0, (60, 61, 0), 1) > theirs
