"""CPU players. They only use the engine protocol, so they serve every game."""

from __future__ import annotations

import random

from rules.engine import Action, GameState


def random_action(state: GameState, rng: random.Random) -> Action:
    """A uniformly random legal action for the seat to act."""
    actions = state.legal_actions()
    if not actions:
        raise ValueError("No legal action: the game is over or waits for nobody.")
    return rng.choice(actions)
