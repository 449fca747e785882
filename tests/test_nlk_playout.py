"""NLK: seeded random playouts, a session of games for every table size from 3 to 9.

Every step plays a uniformly random legal action (as the CPU does) and checks that the
table's cards are all somewhere (piles, baceta, the drawn card, hands, the trick, the tricks
turned out of play), that the seat to act can act (holds cards in Phase II), that a trick
never holds as many cards as the seats holding cards, and that ``view().legal`` is the legal
actions' notation. At random points it checks that every action that is not legal (every
verb with every seat and card) is refused with a code and leaves the state unchanged, that a
wrong seat is refused, and that a JSON round trip continues identically. Every game ends,
well within a generous bound of moves (docs/rules/en/nlk.md sets no limit on take-backs); the losses
add up to the games played and the loser deals the next game.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tapete.rules.cards import Card
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, IllegalAction, NotYourTurn
from tapete.rules.nlk import (
    GameDealt,
    GameLost,
    NLKRefusal,
    Options,
    PlayerOut,
    SessionOver,
    State,
    TrickTurned,
    deck_for,
    new_game,
)
from tests.sizes import size

GAMES = size(60, 1000)  # per table size
MOVES_PER_GAME = 100_000  # far above what random play needs (a few thousand at most)
CODES = {*NLKRefusal, Common.NOT_IN_HAND, Common.NO_ARGUMENTS}


def _candidates(state: State) -> list[str]:
    """Every verb with every argument a player could try."""
    seats = [str(s) for s in range(state.players)] + ["9", "x"]
    return (["draw", "keep", "take"] + [f"move {s}" for s in seats]
            + [f"give {s}" for s in seats] + [f"play {card}" for card in deck_for(9)])


def _check_refusals(state: State, seat: int) -> None:
    legal = {str(a) for a in state.legal_actions()}
    before = state.to_json()
    for text in _candidates(state):
        if text in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, text)
        assert refused.value.code in CODES, text
        assert state.to_json() == before
    other = (seat + 1) % state.players
    with pytest.raises(NotYourTurn):
        state.apply(other, state.legal_actions()[0])
    assert state.to_json() == before


def _check(state: State, turned: list[Card], thorough: bool) -> None:
    deck = deck_for(state.players)
    held = sum(map(len, state.piles)) + sum(map(len, state.hands)) + len(state.baceta)
    assert held + len(state.trick) + len(turned) + (state.drawn is not None) == len(deck)
    seat = state.to_act
    assert seat is not None
    if state.phase == "shedding":
        holders = sum(1 for h in state.hands if h)
        assert holders >= 2 and state.hands[seat]
        assert len(state.trick) < holders
    else:
        assert (state.baceta or state.drawn) and not any(state.hands) and not state.trick
    if not thorough:
        return
    cards = [c for p in state.piles for c in p] + [c for h in state.hands for c in h]
    cards += state.baceta + [c for _, c in state.trick] + turned
    if state.drawn is not None:
        cards.append(state.drawn)
    assert set(cards) == set(deck)
    assert all(not state.hands[s] for s in state.out)
    trumps = [i for i, (_, c) in enumerate(state.trick) if c.suit is state.trump]
    assert not trumps or trumps == list(range(trumps[0], len(state.trick)))
    assert state.view(seat).legal == tuple(str(a) for a in state.legal_actions())


def _session(players: int, rng: random.Random) -> Counter[str]:
    state = new_game(Options(partidas=GAMES), players, seed=rng.randrange(2**63))
    seen: Counter[str] = Counter()
    turned: list[Card] = []
    copy: tuple[State, int] | None = None
    moves = 0
    while not state.is_over:
        _check(state, turned, rng.random() < 0.1)
        seat = state.to_act
        assert seat is not None
        if rng.random() < 0.004:
            _check_refusals(state, seat)
        if copy is None and rng.random() < 0.002:
            copy = (State.from_json(state.to_json()), 12)
            assert copy[0].to_json() == state.to_json()
        action: Action = rng.choice(state.legal_actions())
        seen[f"{state.phase}:{action.verb}"] += 1
        events = state.apply(seat, str(action) if rng.random() < 0.3 else action)
        moves += 1
        assert moves < MOVES_PER_GAME, "a game did not end"
        if copy is not None:
            restored, left = copy
            assert restored.apply(seat, action) == events
            assert restored.to_json() == state.to_json()
            copy = (restored, left - 1) if left > 1 else None
        _follow(state, events, turned, seen)
        if any(isinstance(e, GameLost) for e in events):
            moves = 0
    result = state.result
    assert result is not None and sum(result.scores) == GAMES == state.games_played
    fewest = min(result.scores)
    assert result.winners == tuple(s for s, n in enumerate(result.scores) if n == fewest)
    return seen


def _follow(state: State, events: list[Event], turned: list[Card], seen: Counter[str]) -> None:
    for event in events:
        if isinstance(event, TrickTurned):
            turned.extend(event.cards)
            seen["tricks"] += 1
        elif isinstance(event, PlayerOut):
            seen["outs"] += 1
        elif isinstance(event, GameLost):
            seen["games"] += 1
            turned.clear()
        elif isinstance(event, GameDealt):
            assert event.dealer == state.last_loser
            assert state.to_act == (event.dealer + 1) % state.players
        elif isinstance(event, SessionOver):
            seen["over"] += 1


@pytest.mark.parametrize("players", range(3, 10))
def test_random_sessions(players: int) -> None:
    seen = _session(players, random.Random(f"nlk-{players}"))
    assert seen["games"] == GAMES and seen["over"] == 1
    for kind in ("piles:move", "piles:draw", "piles:give", "piles:keep", "shedding:play",
                 "shedding:take", "tricks", "outs"):
        assert seen[kind] > 0, kind
