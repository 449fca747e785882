"""Tute habanero's last eight tricks: the CPU's capote and its play, on positions with a
known answer.

Once the baceta is exhausted both hands are known, so whether capote can be forced has an
exact answer. Here that answer is found independently of the CPU's solver
(:mod:`rules.tute.endgame`): by trying every line of play through the engine itself
(``state.clone()`` and ``apply``, each position remembered), so a solver that drifted from
the engine's rules would be caught. Scripted positions are reached from a full 40-card deck
by playing the twelve draw tricks (:func:`capote_point`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tapete.rules import tute
from tapete.rules.cards import Card, parse_cards, spanish_deck
from tapete.rules.cpu import choose
from tapete.rules.engine import Action
from tapete.rules.errors import IllegalAction
from tapete.rules.tute import cpu
from tapete.rules.tute.bits import mask_of
from tapete.rules.tute.endgame import Endgame
from tapete.rules.tute.events import HandScored
from tapete.rules.tute.options import RANKING, ULTIMAS, card_points
from tapete.rules.tute.state import State
from tests.sizes import size

LEVELS = ("normal", "dificil")
OPTIONS = tute.Options(modalidad="habanero")


# ----------------------------------------------------------------------------- helpers


def sp(text: str) -> list[Card]:
    return parse_cards(text.split(), "spanish")


def interleave(a: list[Card], b: list[Card]) -> list[Card]:
    return [card for pair in zip(a, b, strict=True) for card in pair]


def points(state: State) -> list[int]:
    """Each seat's points so far this hand (cards taken and cantes)."""
    out = [card_points(taken) for taken in state.taken]
    for seat, _, value in state.cantes:
        out[seat] += value
    return out


def two_juegos_anyway(state: State, seat: int) -> bool:
    """Taking every trick left, without capote, would win ``seat`` two juegos."""
    mine = points(state)[seat] + card_points([*state.hands[0], *state.hands[1]]) + ULTIMAS
    return mine >= 101 and mine >= points(state)[1 - seat]


def capote_point(hands: dict[int, str], turned: str, leader: int,
                 accept: Callable[[State], bool] = lambda state: True) -> State:
    """A habanero hand at the capote question where seat ``s`` holds ``hands[s]`` and
    ``leader`` leads (so is asked first); ``turned`` (it sets trumps) must be in the other
    hand: it is the last card drawn, by the loser of the last draw trick.

    Each seat is dealt seven of its final cards and one other; the twelve draw tricks are
    played with the 24 other cards, each seat always playing the one it holds, the leader's
    eighth card being the last drawn before the turned card. Orders of those cards are tried
    (seeded) until one is legal, ends with ``leader`` on lead and satisfies ``accept``."""
    final = {seat: sp(text) for seat, text in hands.items()}
    card = sp(turned)[0]
    other = 1 - leader
    assert card in final[other] and len(final[0]) == len(final[1]) == 8
    junk = [x for x in spanish_deck() if x not in final[0] and x not in final[1]]
    kept = {leader: final[leader][:-1], other: [x for x in final[other] if x != card]}
    rng = random.Random(0)
    for _ in range(5000):
        rng.shuffle(junk)
        deck = [*interleave(kept[1] + junk[:1], kept[0] + junk[1:2]), card, *junk[2:],
                final[leader][-1]]
        state = tute.new_game(OPTIONS, 2, decks=[deck])
        try:
            while state.baceta:
                seat = state.to_act
                assert seat is not None
                spare = next(x for x in state.hands[seat] if x not in final[seat])
                state.apply(seat, Action.play(spare))
        except IllegalAction:  # a trump led, and the other seat's spare card is not one
            continue
        if state.trick.leader == leader and accept(state):
            assert {s: sorted(map(str, state.hands[s])) for s in (0, 1)} == \
                {s: sorted(map(str, final[s])) for s in (0, 1)}
            assert state.capote_pending == [leader, other]
            return state
    raise AssertionError("no order of the other cards reaches that position")


def key(state: State) -> tuple[object, ...]:
    """What decides the rest of the hand: the hands, the trick, who acts, the points taken."""
    return (*(" ".join(map(str, hand)) for hand in state.hands), tuple(state.trick.plays),
            state.to_act, tuple(state.capote_pending), *points(state))


def scored(events: list[object]) -> HandScored | None:
    return next((e for e in events if isinstance(e, HandScored)), None)


def engine_forced(state: State, declarer: int, memo: dict[tuple[object, ...], bool]) -> bool:
    """With capote declared by ``declarer``: every line tried through the engine, whether the
    declarer can make sure of every trick left (``any`` of its moves, ``all`` of the
    defender's)."""
    found = memo.get(key(state))
    if found is None:
        outcomes = []
        for action in state.legal_actions():
            world = state.clone()
            hand = scored(world.apply(world.to_act, action))  # type: ignore[arg-type]
            won = declarer in hand.winners if hand else engine_forced(world, declarer, memo)
            outcomes.append(won)
            if won == (state.to_act == declarer):
                break
        found = memo[key(state)] = any(outcomes) if state.to_act == declarer else all(outcomes)
    return found


def capote_can_be_forced(state: State, seat: int) -> bool:
    """At the capote question: ``seat`` could declare and take every trick (the engine's
    answer, line by line)."""
    world = state.clone()
    while world.to_act != seat:
        world.apply(world.to_act, "pass")
    world.apply(seat, "capote")
    return engine_forced(world, seat, {})


def cpu_always_wins(state: State, cpu_seat: int, level: str, winner: int,
                    memo: dict[tuple[object, ...], bool] | None = None) -> bool:
    """The CPU plays ``cpu_seat`` at ``level``; against every line of the other seat the hand
    ends with a trick (capote) or the hand won by ``winner``."""
    memo = {} if memo is None else memo
    found = memo.get(key(state))
    if found is not None:
        return found
    seat = state.to_act
    assert seat is not None
    if seat == cpu_seat:
        actions = [choose(state, seat, level, seed=0, budget_ms=0)]
    else:
        actions = state.legal_actions()
    found = True
    for action in actions:
        world = state.clone()
        hand = scored(world.apply(seat, action))  # type: ignore[arg-type]
        if not (winner in hand.winners if hand else cpu_always_wins(world, cpu_seat, level,
                                                                     winner, memo)):
            found = False
            break
    memo[key(state)] = found
    return found


def decide(state: State, level: str) -> str:
    seat = state.to_act
    assert seat is not None
    return choose(state, seat, level, seed=0, budget_ms=0).verb


def masters(state: State, seat: int) -> list[Card]:
    """The seat's cards no unseen card of their suit can beat (the naive count of tricks)."""
    mine = set(state.hands[seat])
    unseen = set(state.hands[1 - seat])
    return [c for c in mine if not any(
        x.suit == c.suit and RANKING.power(x, None) > RANKING.power(c, None) for x in unseen)]


# ----------------------------------------------------------------------------- known answers

# (a) Seat 0 holds the four top trumps and an ace or three in each suit of the defender.
FORCED = {0: "1o 3o 12o 11o 1c 3c 1e 1b", 1: "7o 6o 2c 4c 2e 4e 2b 4b"}


@pytest.mark.parametrize("level", LEVELS)
def test_a_capote_that_can_be_forced_is_declared(level: str) -> None:
    state = capote_point(FORCED, "7o", leader=0,
                         accept=lambda s: not two_juegos_anyway(s, 0))
    assert capote_can_be_forced(state, 0)
    assert decide(state, level) == "capote"
    state.apply(0, "capote")
    assert cpu_always_wins(state, 0, level, winner=0)


@pytest.mark.parametrize("level", LEVELS)
def test_the_second_player_asked_declares_a_capote_it_can_force(level: str) -> None:
    """The defender leads the first trick; every lead is beaten, then seat 0 leads out."""
    state = capote_point(FORCED, "11o", leader=1,
                         accept=lambda s: not two_juegos_anyway(s, 0))
    assert capote_can_be_forced(state, 0) and not capote_can_be_forced(state, 1)
    assert decide(state, level) == "pass"
    state.apply(1, "pass")
    assert decide(state, level) == "capote"
    state.apply(0, "capote")
    assert cpu_always_wins(state, 0, level, winner=0)


@pytest.mark.parametrize("level", LEVELS)
def test_no_capote_where_every_trick_already_wins_two_juegos(level: str) -> None:
    """Capote wins one juego; taking the eight tricks with 101 points or more wins two."""
    state = capote_point(FORCED, "7o", leader=0, accept=lambda s: two_juegos_anyway(s, 0))
    assert capote_can_be_forced(state, 0)
    assert decide(state, level) == "pass"
    state.apply(0, "pass")
    assert decide(state, level) == "pass"  # seat 1 cannot force it either
    state.apply(1, "pass")
    while state.hand_number == 1:
        seat = state.to_act
        assert seat is not None
        events = state.apply(seat, choose(state, seat, level, seed=0, budget_ms=0))
    hand = scored(events)  # type: ignore[arg-type]
    assert hand is not None and hand.reason == "puntos"
    assert hand.winners == (0,) and hand.juegos == 2


@pytest.mark.parametrize("level", LEVELS)
def test_no_capote_when_the_defender_can_always_take_a_trick(level: str) -> None:
    """(b) The defender's as of trumps takes a trump lead, or trumps once it is void."""
    hands = {0: "3o 12o 11o 1c 3c 1e 3e 1b", 1: "1o 7o 2c 4c 2e 4e 2b 4b"}
    state = capote_point(hands, "7o", leader=0)
    assert not capote_can_be_forced(state, 0)
    assert decide(state, level) == "pass"


@pytest.mark.parametrize("level", LEVELS)
def test_every_card_a_master_and_still_no_capote(level: str) -> None:
    """(c) Each of seat 0's cards is the best left in its suit, but its one trump draws only
    one of the defender's two, and the defender ruffs the second basto."""
    hands = {0: "1o 1c 3c 12c 1e 3e 1b 3b", 1: "3o 12o 2c 4c 5c 2e 4e 2b"}
    state = capote_point(hands, "12o", leader=0)
    assert set(masters(state, 0)) == set(state.hands[0])
    assert not capote_can_be_forced(state, 0)
    assert decide(state, level) == "pass"


@pytest.mark.parametrize("level", LEVELS)
def test_a_capote_forced_through_a_card_that_is_not_a_master(level: str) -> None:
    """(c) The 7 of copas is not a master (the defender holds the 3), but the as of copas
    led first makes the defender follow with its only copa; led first, the 7 would lose."""
    hands = {0: "1o 3o 12o 1c 7c 1e 3e 1b", 1: "11o 10o 3c 2e 4e 2b 4b 5b"}
    state = capote_point(hands, "10o", leader=0, accept=lambda s: not two_juegos_anyway(s, 0))
    assert sp("7c")[0] not in masters(state, 0)
    assert capote_can_be_forced(state, 0)
    assert decide(state, level) == "capote"
    state.apply(0, "capote")
    assert cpu_always_wins(state, 0, level, winner=0)


@pytest.mark.parametrize("level", LEVELS)
def test_the_defender_of_a_capote_keeps_the_card_that_takes_a_trick(level: str) -> None:
    """(d) Seat 0 declares with seven trumps and the 4 of bastos. The defender's 2 of trumps
    falls to the first trump led; then it must keep a basto through six discards, to beat
    the 4 of bastos at the end (throwing the cheapest cards first throws both)."""
    hands = {0: "1e 3e 12e 11e 10e 6e 5e 4b", 1: "1o 12o 11o 3c 6c 2e 12b 6b"}
    state = capote_point(hands, "2e", leader=0)
    assert not capote_can_be_forced(state, 0)
    state.apply(0, "capote")
    assert cpu_always_wins(state, 1, level, winner=1)


# ----------------------------------------------------------------------------- properties


def capote_questions(count: int, forced: int, seed: int) -> list[State]:
    """Habanero hands played by the rules of thumb (one move in five at random) to the capote
    question: ``count`` of them, at least ``forced`` where a seat should declare: it can force
    capote and taking every trick would not win two juegos anyway (the CPU's solver picks
    those, most forced capotes being worth two juegos without it; the checks use the engine's
    answer)."""
    rng = random.Random(seed)
    plain: list[State] = []
    sure: list[State] = []
    while len(plain) + len(sure) < count or len(sure) < forced:
        state = tute.new_game(OPTIONS, 2, seed=rng.randrange(2**63))
        while not state.capote_pending:
            seat = state.to_act
            assert seat is not None
            if rng.random() < 0.2:
                action = rng.choice(state.legal_actions())
            else:
                action = cpu.heuristic(state, seat, rng)
            state.apply(seat, action)
        solver = Endgame(state.trump_index)
        leader = state.trick.leader
        other = 1 - leader
        hands = [mask_of(hand) for hand in state.hands]
        declares = [
            solver.forced(hands[leader], hands[other]) and not two_juegos_anyway(state, leader),
            solver.forced_against(hands[other], hands[leader])
            and not two_juegos_anyway(state, other),
        ]
        if any(declares):
            sure.append(state)
        elif len(plain) < count - forced:
            plain.append(state)
    return sure + plain


@pytest.mark.parametrize("level", LEVELS)
def test_capote_is_declared_exactly_when_it_can_be_forced(level: str) -> None:
    """At every capote question the CPU declares exactly when the engine, trying every line,
    says the capote can be forced (but for the two-juego case), and when it declares, it
    takes all eight tricks against every defence."""
    declared = 0
    for state in capote_questions(size(30, 200), size(8, 60), seed=3):
        for seat in list(state.capote_pending):
            answer = decide(state, level)
            expected = capote_can_be_forced(state, seat) and not two_juegos_anyway(state, seat)
            assert (answer == "capote") == expected, (seat, state.hands)
            state.apply(seat, answer)
            if answer == "capote":
                declared += 1
                assert cpu_always_wins(state, seat, level, winner=seat)
                break
    assert declared >= size(4, 30)  # the check did look at declared capotes


@pytest.mark.parametrize("level", LEVELS)
def test_the_defender_takes_a_trick_whenever_it_can(level: str) -> None:
    """Whoever is asked declares capote against the CPU; wherever the engine says it cannot
    be forced, the CPU defender takes a trick against every line of the declarer."""
    defended = 0
    for state in capote_questions(size(16, 120), 0, seed=4):
        for declarer in state.capote_pending:
            if capote_can_be_forced(state, declarer):
                continue
            world = state.clone()
            while world.to_act != declarer:
                world.apply(world.to_act, "pass")
            world.apply(declarer, "capote")
            assert cpu_always_wins(world, 1 - declarer, level, winner=1 - declarer)
            defended += 1
    assert defended >= size(16, 120)


def best_margin(state: State, seat: int, memo: dict[tuple[object, ...], int]) -> int:
    """The points margin (seat minus the other, as the engine scores the hand) that ``seat``
    can make sure of from here, every line tried through the engine."""
    found = memo.get(key(state))
    if found is None:
        values = []
        for action in state.legal_actions():
            world = state.clone()
            hand = scored(world.apply(world.to_act, action))  # type: ignore[arg-type]
            values.append(hand.points[seat] - hand.points[1 - seat] if hand
                          else best_margin(world, seat, memo))
        found = memo[key(state)] = max(values) if state.to_act == seat else min(values)
    return found


def test_dificil_makes_sure_of_the_best_points_margin_in_the_last_tricks() -> None:
    """In the last tricks without capote, difícil's card makes sure of the best margin that
    any card could (checked where at most six tricks are left, every line through the
    engine); normal plays the rules of thumb there."""
    rng = random.Random(9)
    checked = 0
    while checked < size(20, 200):
        state = tute.new_game(OPTIONS, 2, seed=rng.randrange(2**63))
        left = rng.randint(3, 6)  # cards in the hand of the seat to play when checked
        while state.hand_number == 1 and (state.baceta or state.capote_pending
                                          or len(state.hands[state.to_act or 0]) > left):
            seat = state.to_act
            assert seat is not None
            action = "pass" if state.capote_pending else rng.choice(state.legal_actions())
            state.apply(seat, action)
        if state.hand_number != 1:
            continue
        seat = state.to_act
        assert seat is not None
        action = choose(state, seat, "dificil", seed=0, budget_ms=0)
        world = state.clone()
        hand = scored(world.apply(seat, action))  # type: ignore[arg-type]
        got = hand.points[seat] - hand.points[1 - seat] if hand else best_margin(world, seat, {})
        assert got == best_margin(state, seat, {})
        checked += 1


def plain_margin(solver: Endgame, leader: int, follower: int,
                 memo: dict[tuple[int, int], int]) -> int:
    """The best margin the leader can make sure of, every reply to every lead tried (no
    window, no cut-off): what the solver's alpha-beta must agree with."""
    if not leader:
        return 0
    found = memo.get((leader, follower))
    if found is None:
        found = -(1 << 30)
        for lead in range(40):
            if not leader >> lead & 1:
                continue
            worst = 1 << 30
            replies = solver.replies(follower, 1 << lead)
            for reply in range(40):
                if not replies >> reply & 1:
                    continue
                lb, rb = 1 << lead, 1 << reply
                worth = solver.trick(lb, rb, leader == lb)
                if solver.follower_wins(lb, rb):
                    value = -worth - plain_margin(solver, follower ^ rb, leader ^ lb, memo)
                else:
                    value = worth + plain_margin(solver, leader ^ lb, follower ^ rb, memo)
                worst = min(worst, value)
            found = max(found, worst)
        memo[(leader, follower)] = found
    return found


def test_the_margin_search_agrees_with_every_line_tried() -> None:
    """With three to eight cards each, the alpha-beta margin equals the plain search's; asked
    within a window it is exact inside it and a bound on the side it fell outside
    (fail-soft), and a position's bounds kept from one window never spoil another."""
    rng = random.Random(21)
    for _ in range(size(100, 600)):
        each = rng.randint(3, 8)
        cards = rng.sample(range(40), 2 * each)
        mine = sum(1 << c for c in cards[:each])
        theirs = sum(1 << c for c in cards[each:])
        solver = Endgame(rng.randrange(4))
        true = plain_margin(solver, mine, theirs, {})
        for _ in range(8):
            alpha = true + rng.choice((rng.randint(-2, 1), rng.randint(-60, 60)))
            beta = alpha + rng.choice((1, 2, rng.randint(1, 60)))
            got = solver.margin(mine, theirs, alpha, beta)
            if true <= alpha:
                assert true <= got <= alpha
            elif true >= beta:
                assert beta <= got <= true
            else:
                assert got == true
        assert solver.margin(mine, theirs) == true
        leads = [1 << c for c in cards[:each]]
        best = [lead for lead in leads
                if Endgame(solver.trump).lead_value(lead, mine, theirs) == true]
        assert sorted(solver.best_cards(mine, theirs, 0, leads)) == sorted(best)
