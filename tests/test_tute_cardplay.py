"""Tute's card play on bit masks (rules.tute.cardplay): the fast tricks of difícil's playouts
follow the engine — legal cards, cantes, tute and the hand's result — on random hands."""

from __future__ import annotations

import random

import pytest

from tapete.rules import tute
from tapete.rules.cpu import Strategy, playout, strategy_for
from tapete.rules.tute import cardplay, cpu, habanero
from tapete.rules.tute.bits import INDEX
from tapete.rules.tute.events import HandScored, MatchOver
from tapete.rules.tute.options import SUITS, card_of
from tests.sizes import size

MODES = ["arrastrado", "individual", "parejas"]


@pytest.mark.parametrize("modalidad", MODES)
def test_the_fast_tricks_follow_the_engine(modalidad: str) -> None:
    rng = random.Random(modalidad)
    players = 3 if modalidad == "arrastrado" else 4
    checked = from_trick_one = 0
    first = modalidad != "arrastrado"  # no swap: the fast tricks may start at the first card
    for _ in range(size(30, 200)):
        state = tute.new_game(tute.Options(modalidad=modalidad), players,
                              seed=rng.randrange(2**40))
        while (not first and not state.trick_winners) or rng.random() < 0.6:
            state.apply(state.to_act, rng.choice(state.legal_actions()))
            if state.is_over or state.hand_number > 1:
                break
        if state.is_over or state.hand_number > 1 or not (first or state.trick_winners):
            continue
        from_trick_one += not state.trick_winners
        tricks = cardplay.Tricks(state, cpu.voids(state))
        hand = state.hand_number
        while True:
            seat = state.to_act
            assert seat is not None and tricks.to_act() == seat
            legal = [a for a in state.legal_actions() if a.verb == "play"]
            assert sorted(INDEX[card_of(a.args[0])] for a in legal) == \
                cardplay.indices(tricks.legal(seat))
            action = rng.choice(legal)
            tricks.play(seat, INDEX[card_of(action.args[0])])
            events = state.apply(seat, action)
            over = any(isinstance(e, MatchOver) for e in events)
            scored = next((e for e in events if isinstance(e, HandScored)), None)
            if scored is not None or over:
                side, won, points, ends = tricks.result()
                assert ends == over
                if scored is not None:
                    assert (side, won, points) == (state.side(scored.winners[0]),
                                                   scored.juegos, list(scored.points))
                else:  # a tute
                    assert tricks.tute is not None and won == 0
                checked += 1
                break
            assert state.hand_number == hand
            assert tricks.sung == sum(1 << SUITS.index(s) for s in state.sung)
    assert checked > 10
    assert from_trick_one > 0 or not first


def _engine_play_out(state: tute.State, rng: random.Random) -> tuple[int, int, list[int], bool]:
    """The hand played to its end by the engine under the rules of thumb (every seat), as
    :meth:`cardplay.Tricks.result` says it."""
    events = playout(state, STRATEGY, rng)
    scored = next((e for e in events if isinstance(e, HandScored)), None)
    if scored is None:  # a tute in the window
        over = next(e for e in events if isinstance(e, MatchOver))
        return state.side(over.winners[0]), 0, [], True
    return (state.side(scored.winners[0]), scored.juegos, list(scored.points),
            state.result is not None)


_FOUND = strategy_for(tute.new_game(tute.Options(modalidad="habanero"), 2, seed=0))
assert _FOUND is not None
STRATEGY: Strategy = _FOUND  # Tute's CPU players, for the engine's playouts


@pytest.mark.parametrize("tute_enabled", [False, True])
def test_habanero_played_out_fast_ends_as_the_engine_does(tute_enabled: bool) -> None:
    """From random habanero positions (the baceta open or exhausted, the window open or
    not), the fast playout — draws, sings, swaps, capote passed, the full rules once the
    baceta is out — ends the hand with the engine's result, and each legal move of difícil's
    search gets the engine's value."""
    rng = random.Random(f"habanero{tute_enabled}")
    windows = closed = swaps = sings = 0
    for _ in range(size(60, 400)):
        state = tute.new_game(tute.Options(modalidad="habanero", tute=tute_enabled), 2,
                              seed=rng.randrange(2**40))
        stop = rng.randrange(40)
        while len(state.trick_winners) * 2 + len(state.trick.plays) < stop:
            seat = state.to_act
            assert seat is not None
            state.apply(seat, cpu.heuristic(state, seat, rng) if rng.random() < 0.5
                        else rng.choice(state.legal_actions()))
            if state.is_over or state.hand_number > 1:
                break
        if state.is_over or state.hand_number > 1 or state.capote is not None \
                or state.capote_pending:
            continue
        seat = state.to_act
        assert seat is not None
        windows += state._window()
        closed += not state.baceta
        tricks = habanero.Habanero(state, cpu.voids(state))
        fast = tricks.play_out()
        sings += tricks.sung.bit_count() > len(state.sung)
        swaps += tricks.turned != INDEX[state.turned]
        slow = _engine_play_out(state.clone(), random.Random(0))
        if fast[1] == 0 and fast[3]:  # a tute: the match won at once, points not scored
            assert slow[:2] == fast[:2] and slow[3]
        else:
            assert slow == fast
        legal = state.legal_actions()
        values = cpu.solve(state, seat, legal, random.Random(1))
        for action, value in zip(legal, values, strict=True):
            sim = state.clone()
            events = list(sim.apply(seat, action))
            if sim.hand_number == state.hand_number:  # the move did not end the hand
                events += playout(sim, STRATEGY, random.Random(0))
            assert value == pytest.approx(cpu.evaluate(events, sim, seat), abs=1e-12)
    assert windows > 3 and closed > 3 and swaps > 3 and sings > 3
