"""Escoba difícil's search plays for the match in a hand that can end it: its value of a
position counts a match won or lost on top of the points margin, exactly at the hand's end
and as the chance the open "most" points bring earlier; between two sides those points are
drawn with the spread their counts really have. Its sampled deals read a sweep let
pass as cards not held. Its pruning and the positions it keeps change no value: every move
is worth what a plain minimax of the round gives."""

from __future__ import annotations

import random

import pytest

from tapete.rules import escoba
from tapete.rules.cpu import choose
from tapete.rules.escoba.cpu import sampler, sweep_risk, unseen_cards
from tapete.rules.escoba.search import (
    COIN,
    MATCH,
    TWO_SIDES,
    Position,
    _Round,
    match_odds,
    most,
    odds,
    rooted,
    solve,
)
from tapete.rules.escoba.state import State
from tests.sizes import size
from tests.test_escoba_rules import build_deck, cards, game


def _round(scores: list[int], objetivo: int = 21) -> _Round:
    world = escoba.new_game(escoba.Options(objetivo=objetivo), 2, seed=1)
    world.scores = list(scores)
    return _Round(world, side=0)


# Hauls: (cards, sevens, oros, siete de oros, escobas).
FOUR_TO_NONE = ((21, 3, 6, 1, 0), (19, 1, 4, 0, 0))  # 4 points to 0
SIX_TO_ONE = ((21, 3, 6, 1, 2), (19, 1, 4, 0, 1))  # 6 points to 1


def test_at_the_hands_end_a_bigger_margin_that_hands_over_the_match_is_worse() -> None:
    """10 to 20 of 21: winning the hand 6-1 lets the other side reach 21 and win; 4-0
    keeps the match alive. Without the match at stake the bigger margin is better."""
    at_stake = _round([10, 20])
    assert at_stake.end_of_hand(FOUR_TO_NONE, (), None) == 4.0
    assert at_stake.end_of_hand(SIX_TO_ONE, (), None) == 5.0 - MATCH
    early = _round([0, 0])
    assert early.end_of_hand(SIX_TO_ONE, (), None) > early.end_of_hand(FOUR_TO_NONE, (), None)


def test_a_tie_at_the_top_plays_on_and_reaching_the_target_alone_wins() -> None:
    level = _round([17, 21])  # 4-0 makes 21 all: nobody has won
    assert level.end_of_hand(FOUR_TO_NONE, (), None) == 4.0
    ahead = _round([18, 20])  # 4-0 makes 22 to 20
    assert ahead.end_of_hand(FOUR_TO_NONE, (), None) == 4.0 + MATCH


@pytest.mark.parametrize("lead,left", [(0, 0), (0, 4), (2, 4), (-3, 6), (5, 2), (1, 9)])
def test_the_odds_of_a_most_point_add_up_and_give_its_margin(lead: int, left: int) -> None:
    won, tied, lost = odds(lead, left)
    assert won + tied + lost == pytest.approx(1.0)
    assert (won, tied, lost) == odds(-lead, left)[::-1]
    if lead > left:
        assert won == 1.0


@pytest.mark.parametrize("lead,left", [(0, 4), (2, 4), (-3, 6), (1, 9), (4, 20), (3, 0)])
def test_with_the_spread_of_two_sides_the_odds_still_add_up_and_a_lead_is_worth_less(
        lead: int, left: int) -> None:
    spread = TWO_SIDES[0]  # the cards: captures take them in bunches
    won, tied, lost = odds(lead, left, spread)
    assert won + tied + lost == pytest.approx(1.0)
    assert (won, tied, lost) == pytest.approx(odds(-lead, left, spread)[::-1])
    if lead and left:  # a lead is less safe when the cards left go in bunches
        assert abs(most(lead, left, spread)) < abs(most(lead, left))
    else:
        assert most(lead, left, spread) == pytest.approx(most(lead, left))


@pytest.mark.parametrize("players,parejas,spread", [(2, False, TWO_SIDES), (4, True, TWO_SIDES),
                                                    (3, False, COIN), (4, False, COIN)])
def test_the_spread_is_that_of_two_sides_only_where_two_sides_play(
        players: int, parejas: bool, spread: tuple[float | None, ...]) -> None:
    world = escoba.new_game(escoba.Options(parejas=parejas), players, seed=1)
    assert _Round(world, side=0).spread == spread


def test_the_match_odds_before_the_hands_end() -> None:
    nothing = (0, 0, 0, 0, 0)
    siete = (0, 0, 0, 1, 0)
    # 20 of 21 holding the siete de oros: the match is won whatever the rest brings
    assert match_odds(siete, nothing, (20, 0), 21) == pytest.approx(1.0)
    # far from the target: nothing at stake
    assert match_odds(siete, nothing, (5, 3), 21) == 0.0
    # both at 20 with nothing taken yet: even, the three open points shared at random
    assert match_odds(nothing, nothing, (20, 20), 21) == pytest.approx(0.0)
    # 20 to 19: ahead, not sure
    assert 0.0 < match_odds(nothing, nothing, (20, 19), 21) < 1.0
    # and the value of a position counts it only where the match is at stake
    assert _round([20, 0]).value((nothing, nothing), (), 1, ((), ())) \
        > _round([0, 0]).value((nothing, nothing), (), 1, ((), ())) + MATCH / 2


def test_a_sweep_let_pass_deals_that_hand_no_card_that_makes_it() -> None:
    """Table 1-2-3-4 (10): a 5 would sweep it. Mano lays the 1 of espadas instead, so difícil
    deals mano no 5 for the rest of the round (a player sweeps when they can) and normal no
    longer fears mano sweeping a table of 10; the next deal forgets it."""
    deck = build_deck(2, {1: "1e 7e 12e", 0: "6o 6c 6e"}, table="1c 2c 3c 4c")
    state = game(2, [deck])
    fives = set(cards("5o 5c 5e 5b"))

    def fives_dealt_to_mano(rng_seed: int) -> int:
        deal = sampler(state, 0)
        rng = random.Random(rng_seed)
        return sum(1 for _ in range(200) if fives & set(deal(rng).hands[1]))

    assert state.to_act == 1 and state.unswept == [0, 0]
    assert fives_dealt_to_mano(1) > 50  # nothing known: about a third of the deals
    ten = cards("1c 2c 3c 4c")  # a table of 10 left to mano, who sweeps it with a 5
    assert sweep_risk(state, 0, ten, unseen_cards(state, 0)) > 0.3
    state.apply(1, "play 1e")
    assert state.unswept == [0, 1 << 5]
    assert fives_dealt_to_mano(2) == 0
    assert sweep_risk(state, 0, ten, unseen_cards(state, 0)) == 0.0  # normal reads it too
    while state.round == 1:  # the round played out: new cards, nothing known of them
        assert state.to_act is not None
        state.apply(state.to_act, state.legal_actions()[0])
    assert state.unswept == [0, 0]


def _minimax(search: _Round, position: Position, depth: int) -> float:
    """The round's value by plain minimax: every move of every node, nothing kept."""
    stop = search.stop(*position, depth)
    if stop is not None:
        return stop
    hauls, table, hands, mover, last, pending = position
    values = [_minimax(search, child, depth + 1)
              for child in search.moves(hauls, table, hands, mover, last, pending)]
    return max(values) if search.sides[mover] == search.side else min(values)


def _worlds(players: int, parejas: bool, captura: str, matches: int) -> list[tuple[State, int]]:
    """Sampled deals of positions of seeded matches played by the rules of thumb."""
    options = escoba.Options(parejas=parejas, captura=captura)  # type: ignore[arg-type]
    rng = random.Random(players * 10 + len(captura))
    found = []
    for seed in range(matches):
        state = escoba.new_game(options, players, seed=seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            if len(state.legal_actions()) > 1 and rng.random() < 0.2:
                found.append((sampler(state, seat)(rng), seat))
            state.apply(seat, choose(state, seat, "normal", seed=seed))
    return found


@pytest.mark.parametrize(("players", "parejas", "captura"), [
    (2, False, "obligatoria"), (2, False, "castigo"), (2, False, "libre"),
    (3, False, "obligatoria"), (4, True, "obligatoria"),
])
def test_the_pruned_search_values_every_move_as_plain_minimax(
        players: int, parejas: bool, captura: str) -> None:
    """Alpha-beta and the positions kept across move orders (``_Round.known``) give each
    legal move exactly the value a plain minimax of the round gives it."""
    checked = 0
    for world, seat in _worlds(players, parejas, captura, size(3, 12)):
        legal = world.legal_actions()
        values = solve(world, seat, legal, random.Random(0))
        search, root = rooted(world, seat)
        plain = [_minimax(search, search.after(root, action), 1) for action in legal]
        assert values == plain
        checked += 1
    assert checked > 20
