"""CPU players: always a legal move, and never a decision drawn from what the seat cannot see.

For each game with a strategy, random positions are taken from seeded matches; a second
position is made from each by dealing again every card the seat cannot see (other hands, the
stock, future deals) consistently with what it knows. Both must give the same decision at
every level for the same seed (difícil with a fixed number of sampled deals, ``budget_ms=0``,
so that timing plays no part).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import belote, tute
from rules.cpu import LEVELS, choose, strategy_for
from rules.engine import Game
from tests.sizes import size

POSITIONS = size(12, 60)

CASES: list[tuple[Game, dict[str, Any], int]] = [
    (tute.GAME, {"modalidad": "habanero"}, 2),
    (tute.GAME, {"modalidad": "arrastrado"}, 3),
    (tute.GAME, {"modalidad": "individual"}, 4),
    (tute.GAME, {"modalidad": "parejas"}, 4),
    (belote.GAME, {}, 2),
    (belote.GAME, {}, 3),
    (belote.GAME, {}, 4),
    (belote.GAME, {"parejas": True}, 4),
]


def hidden_piles(state: Any) -> list[list[Any]]:
    """Where the cards nobody has played lie: the hands and the stock (Tute: the baceta)."""
    stock = state.baceta if hasattr(state, "baceta") else state.stock
    return [*state.hands, stock]


def positions(game: Game, options: dict[str, Any], players: int, seed: int) -> list[Any]:
    """Positions from seeded matches played by random moves (copies, taken at random)."""
    rng = random.Random(seed)
    found = []
    while len(found) < POSITIONS:
        state = game.new_game(game.options(**options), players, seed=rng.randrange(2**63))
        while not state.is_over and len(found) < POSITIONS:
            if rng.random() < 0.08:
                found.append(state.clone())
            state.apply(state.to_act, rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("game", "options", "players"), CASES,
                         ids=[f"{g.name}-{o}-{p}" for g, o, p in CASES])
def test_the_cpu_decides_only_from_what_its_seat_knows(
    game: Game, options: dict[str, Any], players: int
) -> None:
    for i, state in enumerate(positions(game, options, players, seed=len(options) + players)):
        seat = state.to_act
        strategy = strategy_for(state)
        assert strategy is not None
        other = strategy.determinize(state, seat, random.Random(i))
        assert other.hands[seat] == state.hands[seat]
        for level in LEVELS:
            mine = choose(state, seat, level, seed=i, budget_ms=0)
            assert mine in state.legal_actions()
            assert choose(other, seat, level, seed=i, budget_ms=0) == mine, (i, level)


@pytest.mark.parametrize(("game", "options", "players"), CASES,
                         ids=[f"{g.name}-{o}-{p}" for g, o, p in CASES])
def test_a_sampled_deal_keeps_what_the_seat_knows(
    game: Game, options: dict[str, Any], players: int
) -> None:
    """The same cards in play, the same hand sizes, the seat's hand and every public fact."""
    for i, state in enumerate(positions(game, options, players, seed=7)):
        seat = state.to_act
        strategy = strategy_for(state)
        assert strategy is not None
        world = strategy.determinize(state, seat, random.Random(i))
        assert world.view(seat) == state.view(seat)
        assert sorted(str(c) for h in hidden_piles(world) for c in h) == sorted(
            str(c) for h in hidden_piles(state) for c in h)
        assert world.legal_actions() == state.legal_actions()
