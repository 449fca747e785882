"""Reference opponents for the arena, written independently of our CPU players.

Two per game (Escoba, Tute, Belote), named as arena levels:

* ``ref-rules`` — plain rules of thumb a casual player would follow;
* ``ref-search`` — a determinized search of the same thinking time as difícil: alpha-beta
  over sampled deals for Escoba (as published Scopa bots do), flat Monte Carlo over sampled
  deals with rules-of-thumb playouts for Tute and Belote (``ref-ismcts`` and ``ref-pimc``
  name the two searches of Tute and Belote explicitly; at these budgets PIMC is the
  stronger).

They import nothing from ``tapete/rules/cpu.py`` or the games' ``cpu`` modules; they use the engines
only through their protocol and the facts every seat sees. They are benchmark opponents, not
product code.
"""

from __future__ import annotations

import random
from typing import Any

from benchmarks.reference import belote as ref_belote
from benchmarks.reference import escoba as ref_escoba
from benchmarks.reference import tute as ref_tute
from benchmarks.reference.common import ismcts, pimc
from tapete.rules.belote import State as BeloteState
from tapete.rules.engine import Action
from tapete.rules.escoba import State as EscobaState
from tapete.rules.tute import State as TuteState

LEVELS = ("ref-rules", "ref-search", "ref-pimc", "ref-ismcts")
GAMES = {EscobaState: ref_escoba, TuteState: ref_tute, BeloteState: ref_belote}


def supports(state: Any) -> bool:
    return type(state) in GAMES


def choose(state: Any, seat: int, level: str, *, seed: int, budget_ms: float) -> Action:
    """The reference player's move for ``seat`` (which must be the seat to act)."""
    if state.to_act != seat:
        raise ValueError(f"Seat {seat} is not the seat to act.")
    legal: list[Action] = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    module: Any = GAMES[type(state)]
    rng = random.Random(seed)
    if level == "ref-rules":
        action: Action = module.rules(state, seat, rng)
    elif level == "ref-search":
        action = module.search(state, seat, rng, budget_ms)
    elif level in ("ref-pimc", "ref-ismcts") and hasattr(module, "GAME"):
        search = pimc if level == "ref-pimc" else ismcts
        action = search(state, seat, module.GAME, rng, budget_ms)
    else:
        raise ValueError(f"Unknown reference level {level!r}.")
    return action
