"""NLK's CPU players (tapete/rules/nlk/cpu.py): the rules of thumb in set positions, games played by
them all the way (every table size, always legal, always ending), the sampled deals (only
the baceta's order and the decks to come are hidden) and the value of a playout's end.

The common checks (a decision depends only on what the seat knows, a sampled deal keeps the
seat's view) are in tests/test_cpu.py.
"""

from __future__ import annotations

import random

import pytest

from tapete.rules.cards import Card, parse_card
from tapete.rules.cpu import choose, strategy_for
from tapete.rules.engine import DeckSource
from tapete.rules.nlk import GameDealt, GameLost, Options, PlayerOut, State, deck_for, new_game
from tapete.rules.nlk import cpu as nlk_cpu
from tapete.rules.nlk.cpu import determinize, evaluate, heuristic
from tests.sizes import size


def c(text: str) -> Card:
    return parse_card(text, "french")


def cs(text: str) -> list[Card]:
    return [c(t) for t in text.split()]


class Steady(random.Random):
    """A generator whose ``random()`` never falls in the rules of thumb's random share."""

    def random(self) -> float:
        return 0.5


def piles_position(players: int, piles: list[str], seat: int, drawn: str | None = None,
                   baceta: int | None = None) -> State:
    """Phase I with these piles (bottom to top), ``seat`` to act, the rest in the baceta."""
    state = new_game(Options(), players, seed=1)
    state.piles = [cs(p) for p in piles]
    state.drawn = c(drawn) if drawn else None
    placed = {card for p in state.piles for card in p} | ({state.drawn} - {None})
    rest = [card for card in deck_for(players) if card not in placed]
    state.baceta = rest if baceta is None else rest[:baceta]
    state.turn = seat
    state._loaded()
    return state


def shedding_position(players: int, hands: list[str], trick: list[tuple[int, str]],
                      seat: int, trump: str) -> State:
    """Phase II with these hands and trick (bottom to top), trump the suit of ``trump``."""
    state = new_game(Options(), players, seed=1)
    state.phase = "shedding"
    state.piles = [[] for _ in range(players)]
    state.baceta = []
    state.trump_card = c(trump)
    state.hands = [cs(h) for h in hands]
    state.trick = [(s, c(t)) for s, t in trick]
    state.turn = seat
    state._loaded()
    return state


def thumb(state: State) -> str:
    seat = state.to_act
    assert seat is not None
    return str(heuristic(state, seat, Steady()))


# ------------------------------------------------------------------------- rules of thumb


def test_phase_one_sheds_low_cards_before_drawing_and_holds_high_ones() -> None:
    # 4 players: seat 0's 8 goes on seat 2's 7; a queen stays home.
    state = piles_position(4, ["9s 8h", "Js", "7d Kc 7c", "10c"], seat=0)
    assert thumb(state) == "move 2"
    state = piles_position(4, ["9s Qh", "Js", "7d Kc Jc", "10c"], seat=0)
    assert "move 2" in [str(a) for a in state.legal_actions()]
    assert thumb(state) == "draw"


def test_a_drawn_card_goes_on_the_biggest_pile_it_fits() -> None:
    state = piles_position(4, ["Ks", "7h", "7d Kc 7c", "10c"], seat=0, drawn="8s")
    assert thumb(state) == "give 2"  # seats 1 and 2 show a 7: the bigger pile
    state = piles_position(4, ["Ks", "7h 9h 7s", "7d 7c", "10c"], seat=0, drawn="8s")
    assert thumb(state) == "give 1"
    state = piles_position(4, ["Ks", "9h", "7d 7c", "10c"], seat=0, drawn="9s")
    assert thumb(state) == "keep"  # it fits nowhere


def test_high_drawn_cards_and_the_last_card_are_kept() -> None:
    state = piles_position(4, ["9s", "Jh", "7d Kc 10c", "8c"], seat=0, drawn="Qs")
    assert "give 1" in [str(a) for a in state.legal_actions()]
    assert thumb(state) == "keep"
    state = piles_position(4, ["9s", "7h", "7d Kc 10c", "Ks"], seat=0, drawn="8c", baceta=0)
    state.trump_card = c("8c")
    assert "give 1" in [str(a) for a in state.legal_actions()]
    assert thumb(state) == "keep"  # the last card: a trump and the lead


def test_phase_two_leads_the_lowest_plain_card() -> None:
    state = shedding_position(4, ["As 8s 7d 9c", "Kh", "Qh", "Jh"], [], seat=0, trump="7d")
    assert thumb(state) == "play 8s"


def test_phase_two_beats_with_the_cheapest_card_of_the_suit_before_a_trump() -> None:
    state = shedding_position(4, ["As 10s 9s 7d 9c", "Kh", "Qh", "Jh"], [(3, "8s")], seat=0,
                              trump="7d")
    assert thumb(state) == "play 9s"
    state = shedding_position(4, ["9h 8d 7d 9c", "Kh", "Qh", "Jh"], [(3, "8s")], seat=0,
                              trump="7d")
    assert thumb(state) == "play 7d"
    state = shedding_position(4, ["9h 9c", "Kh", "Qh", "Jh"], [(3, "8s")], seat=0, trump="7d")
    assert thumb(state) == "take"  # nothing beats it


def test_phase_two_takes_a_good_card_rather_than_spend_a_trump() -> None:
    # the bottom card is a king: take it and keep the trump (the play would not end the trick)
    state = shedding_position(4, ["9h 8d 9c", "Kh", "Qh", "Jh"], [(2, "Ks"), (3, "As")],
                              seat=0, trump="7d")
    assert thumb(state) == "take"
    # the bottom card is a trump: the same
    state = shedding_position(4, ["Jd 9h 9c", "Kh", "Qh", "Jh"], [(2, "9d"), (3, "10d")],
                              seat=0, trump="7d")
    assert thumb(state) == "take"
    # a low bottom card: the trump is spent
    state = shedding_position(4, ["9h 8d 9c", "Kh", "Qh", "Jh"], [(2, "7s"), (3, "As")],
                              seat=0, trump="7d")
    assert thumb(state) == "play 8d"
    # the play completes the trick (four cards, four seats holding cards): the trump is spent
    state = shedding_position(4, ["9h 8d 9c", "Kh", "Qh", "Jh"],
                              [(1, "Qs"), (2, "Ks"), (3, "As")], seat=0, trump="7d")
    assert thumb(state) == "play 8d"
    # with two cards or fewer, never take by choice
    state = shedding_position(4, ["8d 9c", "Kh", "Qh", "Jh"], [(2, "Ks"), (3, "As")],
                              seat=0, trump="7d")
    assert thumb(state) == "play 8d"


# ------------------------------------------------------------------------- whole games

GAMES = size(6, 40)  # per table size


@pytest.mark.parametrize("players", range(3, 10))
def test_games_played_by_the_rules_of_thumb_are_legal_and_end(players: int) -> None:
    """Every seat normal: every move legal (``apply`` would refuse it), every game over in a
    bounded number of moves, for sessions of two games."""
    for game in range(GAMES):
        state = new_game(Options(partidas=2), players, seed=1000 * players + game)
        rng = random.Random(game)
        moves = 0
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            action = heuristic(state, seat, rng)
            assert action in state.legal_actions()
            state.apply(seat, action)
            moves += 1
            assert moves < 50_000, "a game that does not end"


def test_a_hard_decision_is_legal_in_both_phases() -> None:
    state = new_game(Options(partidas=1), 5, seed=3)
    rng = random.Random(3)
    seen = set()
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if len(state.legal_actions()) > 1 and state.phase not in seen:
            seen.add(state.phase)
            assert choose(state, seat, "dificil", seed=1, budget_ms=0) in state.legal_actions()
        state.apply(seat, heuristic(state, seat, rng))
    assert seen == {"piles", "shedding"}


# ------------------------------------------------------------------------- sampled deals


def phase_one(players: int, seed: int) -> State:
    state = new_game(Options(), players, seed=seed)
    rng = random.Random(seed)
    for _ in range(8):
        state.apply(state.turn, heuristic(state, state.turn, rng))
    assert state.phase == "piles" and len(state.baceta) > 4
    return state


def phase_two(players: int, seed: int) -> State:
    state = new_game(Options(), players, seed=seed)
    rng = random.Random(seed)
    while state.phase == "piles":
        state.apply(state.turn, heuristic(state, state.turn, rng))
    for _ in range(5):
        state.apply(state.turn, heuristic(state, state.turn, rng))
    assert state.phase == "shedding" and state.game_no == 1
    return state


def test_phase_one_samples_only_the_order_of_the_baceta() -> None:
    state = phase_one(4, seed=2)
    seat = state.turn
    orders = set()
    for i in range(10):
        world = determinize(state, seat, random.Random(i))
        assert world.piles == state.piles and world.drawn == state.drawn
        assert sorted(map(str, world.baceta)) == sorted(map(str, state.baceta))
        orders.add(tuple(world.baceta))
    assert len(orders) > 1


def test_a_sample_depends_on_what_the_seat_knows_only() -> None:
    """The same position with another baceta order and another deck source: the same
    samples (so neither the real order nor the real decks to come leak into them)."""
    for state in (phase_one(5, seed=4), phase_two(5, seed=4)):
        seat = state.turn
        other = state.clone()
        random.Random(9).shuffle(other.baceta)
        other.source = DeckSource(12345)
        other._loaded()
        for i in range(3):
            mine = determinize(state, seat, random.Random(i))
            theirs = determinize(other, seat, random.Random(i))
            assert mine.to_json() == theirs.to_json()


def test_phase_two_knows_every_hand_and_samples_the_decks_to_come() -> None:
    """Every card moved face up or was named: the hands are the position's own."""
    state = phase_two(4, seed=6)
    seat = state.turn
    world = determinize(state, seat, random.Random(1))
    assert world.hands == state.hands and world.trick == state.trick
    assert world.source.seed != state.source.seed
    # the sample plays on into another deal of the next game
    strategy = strategy_for(world)
    assert strategy is not None
    before = strategy.hand(world)
    rng = random.Random(2)
    while strategy.hand(world) == before:
        world.apply(world.turn, heuristic(world, world.turn, rng))
    assert world.game_no == state.game_no + 1


# ------------------------------------------------------------------------- evaluation


def test_the_end_of_a_game_is_worth_minus_one_to_its_loser_only() -> None:
    state = new_game(Options(), 4, seed=1)
    lost = [PlayerOut(0, 1), PlayerOut(3, 2), PlayerOut(1, 3), GameLost(1, 2, (0, 0, 1, 0)),
            GameDealt(2, 2, (), 28)]
    assert evaluate(lost, state, 2) == -1.0
    first, second, third = (evaluate(lost, state, seat) for seat in (0, 3, 1))
    assert first > second > third == pytest.approx(1 / 3)  # going out early is a little better
    assert first < 1 / 3 + 0.2
    # a seat out before the playout began (no PlayerOut of its own in it)
    assert evaluate(lost[1:], state, 0) == pytest.approx(1 / 3)


def test_a_playout_cut_short_is_judged_on_cards_held() -> None:
    state = shedding_position(4, ["9h 8d 9c", "Kh Ks", "Qh", "Jh 10h 9s 8s"], [], seat=0,
                              trump="7d")
    values = [evaluate([], state, seat) for seat in range(4)]
    assert values[2] > values[1] > values[0] > values[3]
    assert all(-1 <= v <= 1 for v in values)


def test_the_strategy_is_registered() -> None:
    strategy = strategy_for(new_game(Options(), 3, seed=1))
    assert strategy is not None and strategy.heuristic is nlk_cpu.heuristic
