"""CPU players for every game, at three levels, from one entry point: :func:`choose`.

* **fácil** (``facil``): a random legal move.
* **normal**: the game's rules of thumb (:attr:`Strategy.heuristic`), a few microseconds.
* **difícil** (``dificil``): perfect-information Monte Carlo. The seat's view of the game is
  sampled into complete deals consistent with everything it knows (its own cards, every card
  played or shown, the voids revealed by not following suit: :attr:`Strategy.determinize`);
  in each sampled deal every legal move is tried and the rest of the hand is played out by the
  rules of thumb (or valued by the game's own search, :attr:`Strategy.solve`); the move with
  the best average outcome for the seat's side (:attr:`Strategy.evaluate`) wins. Every move
  is tried in the same sampled deals, so their averages differ by the move rather than by the
  luck of the sampling, and sampling goes on until ``budget_ms`` runs out. Over
  information-set MCTS this keeps each game's knowledge in two small functions (sample,
  evaluate) while the rules of thumb give realistic playouts; its known weakness (it assumes
  it will know the hidden cards later) matters little in trick and fishing games, where a
  hand's cards come to light quickly. What a seat knows and how deals consistent with it are
  drawn is shared by every game: :mod:`rules.infoset`.

Where a game's position is one the seat can know completely and solve at once (Tute
habanero's last eight tricks), the game's :attr:`Strategy.exact` settles the move at
``normal`` and ``difícil`` before the rules of thumb or the search are asked: an exact answer
beats both, and sampling a position with nothing hidden only adds noise.

A CPU never reads what its seat cannot see: the heuristic reads the seat's hand and public
facts only, and the search only ever plays in sampled deals, never in the real one. Each game
registers its :class:`Strategy` with :func:`register` from its own package; this module knows
no game.
"""

from __future__ import annotations

import functools
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from tapete.rules.engine import Action, Event, GameState

V = TypeVar("V", int, float)  # a search's values: Tute's endgame counts in whole units
Level = Literal["facil", "normal", "dificil"]
LEVELS: tuple[Level, ...] = ("facil", "normal", "dificil")
DEFAULT_LEVEL: Level = "normal"
DEFAULT_BUDGET_MS = 700
MIN_ROUNDS = 4  # sampled deals a difícil decision always looks at, whatever the budget
MAX_ROUNDS = 10_000
CLEAR = 1.5  # standard errors by which a move must beat the rules of thumb's (see search)
MAX_STRETCH = 4.0  # the most budgets a contested decision may take (Strategy.stretch)


@dataclass(frozen=True)
class Strategy:
    """What a game gives its CPU players.

    ``heuristic(state, seat, rng)``: a good legal move from the seat's own knowledge.
    ``determinize(state, seat, rng)``: a copy of the state where everything the seat cannot
    see (other hands, the stock, future deals) is dealt at random consistently with what it
    knows.
    ``evaluate(events, state, seat)``: how good, for the seat's side, the end of a playout
    is; ``events`` are those the playout produced (the hand's scoring among them).
    ``hand(state)``: a number that changes when a hand ends (playouts stop there).
    ``exact(state, seat, level)`` (optional): the move exact play settles for ``level``
    (``normal`` or ``dificil``) from what the seat knows, or None where it settles nothing;
    never called in playouts (they stay as cheap as the rules of thumb).
    ``solve(world, seat, legal, rng)`` (optional): the value of each of ``legal`` for the
    seat's side in a sampled deal, by the game's own search (an exact or depth-limited
    search with its evaluation, or a faster playout) instead of one engine playout per move.
    ``clear``: the margin, in standard errors, by which the search must beat the rules of
    thumb's move (:func:`search`); a number, or a function of the state (a game whose
    tables differ).
    ``sampler(state, seat)`` (optional): ``determinize`` prepared once for a decision (what
    the seat knows is worked out once, not for every deal), as a function that deals one
    world per call. Its worlds are for reading and for cloning: :func:`search` hands them to
    ``solve`` or clones them before playing, so a sampler may share their unchanged parts.
    ``shortlist(state, seat, legal)`` (optional): the indices, among ``legal``, of the moves
    worth searching (the rules of thumb's own move among them), or None for all: a move the
    rules of thumb rule out by far costs the search deals and wins it nothing but a fluke.
    ``stretch`` (a number, or a function of the state): above 1, pruning runs down to the
    last two moves, so a decision that is settled (every other move ``PRUNE`` standard
    errors behind the rules of thumb's) stops at the next look (at 1, only one pruned to
    that from three moves or more does), and one still contested at the end of its budget
    (another move ahead of the rules of thumb's, but not yet by the margin ``clear`` asks)
    searches on until it is not, for up to ``stretch`` budgets: the deals go where they can
    change the move.
    ``settle`` (a number, or a function of the state): the part of its budget after which a
    decision that is not contested (the rules of thumb's move leads, or another beats it by
    the margin) stops (1 by default). Below 1, with a ``stretch``, the time those decisions
    save goes to the contested ones: a decision still contested after ``settle`` budgets
    searches on, up to ``stretch`` budgets.
    """

    heuristic: Callable[[Any, int, random.Random], Action]
    determinize: Callable[[Any, int, random.Random], Any]
    evaluate: Callable[[Sequence[Event], Any, int], float]
    hand: Callable[[Any], int]
    exact: Callable[[Any, int, str], Action | None] | None = None
    solve: Callable[[Any, int, list[Action], random.Random], list[float]] | None = None
    clear: float | Callable[[Any], float] = CLEAR
    sampler: Callable[[Any, int], Callable[[random.Random], Any]] | None = None
    shortlist: Callable[[Any, int, list[Action]], list[int] | None] | None = None
    stretch: float | Callable[[Any], float] = 1.0
    settle: float | Callable[[Any], float] = 1.0


_STRATEGIES: dict[type, Strategy] = {}


def register(state_class: type, strategy: Strategy) -> None:
    """Called by a game's package: its CPU players' knowledge."""
    _STRATEGIES[state_class] = strategy


def strategy_for(state: GameState) -> Strategy | None:
    for cls in type(state).__mro__:
        found = _STRATEGIES.get(cls)
        if found is not None:
            return found
    return None


def longest(state: GameState) -> float:
    """The most budgets a difícil decision at ``state`` may take: its game's
    :attr:`Strategy.stretch` there (1 for a game without one), so that a caller waiting on a
    search knows when it is late."""
    strategy = strategy_for(state)
    return 1.0 if strategy is None else _stretch(strategy, state)


def _stretch(strategy: Strategy, state: GameState) -> float:
    return max(1.0, min(_setting(strategy.stretch, state), MAX_STRETCH))


def random_action(state: GameState, rng: random.Random) -> Action:
    """A uniformly random legal action for the seat to act."""
    actions = state.legal_actions()
    if not actions:
        raise ValueError("No legal action: the game is over or waits for nobody.")
    return rng.choice(actions)


def choose(state: GameState, seat: int, level: str = DEFAULT_LEVEL, *, seed: int = 0,
           budget_ms: float = DEFAULT_BUDGET_MS) -> Action:
    """The move of a CPU at ``level`` for ``seat`` (which must be the seat to act)."""
    if state.to_act != seat:
        raise ValueError(f"Seat {seat} is not the seat to act.")
    legal = state.legal_actions()
    if not legal:
        raise ValueError("No legal action: the game is over or waits for nobody.")
    rng = random.Random(seed)
    strategy = strategy_for(state)
    if level == "facil" or strategy is None or len(legal) == 1:
        return legal[0] if len(legal) == 1 else rng.choice(legal)
    if strategy.exact is not None:
        settled = strategy.exact(state, seat, level)
        if settled is not None:
            return settled
    if level == "normal":
        return strategy.heuristic(state, seat, rng)
    return search(state, seat, strategy, rng, budget_ms)


def search(state: GameState, seat: int, strategy: Strategy, rng: random.Random,
           budget_ms: float) -> Action:
    """Perfect-information Monte Carlo over sampled deals (see the module docstring).

    The rules of thumb's own move is kept unless another move beats it, deal by deal, by a
    clear margin (``strategy.clear`` standard errors of the paired differences, ``CLEAR`` by
    default): with the few deals a move's budget allows, a small lead is as likely luck as
    skill. A game whose solver values moves with little noise may ask for no margin. Every
    ``PRUNE_EVERY`` deals the moves far behind the best are no longer tried (:func:`prune`),
    so the deals left go to the moves still in contention (two-player Belote against the
    reference search, the same 300 deals and mean thinking time: 60.0% of matches from
    53.7%). Moves off the game's shortlist (:attr:`Strategy.shortlist`) are never tried;
    a shortlist of one is played at once, and a decision stops once pruning leaves only the
    rules of thumb's move. A game may let a contested decision run past its budget and a
    settled one stop sooner (:attr:`Strategy.stretch`, :attr:`Strategy.settle`).
    """
    legal = state.legal_actions()
    usual = legal.index(strategy.heuristic(state, seat, random.Random(rng.random())))
    active = list(range(len(legal)))  # the moves still tried (see prune)
    if strategy.shortlist is not None:
        listed = strategy.shortlist(state, seat, legal)
        if listed is not None:
            active = sorted({*listed, usual})
            if len(active) == 1:
                return legal[usual]
    values: list[list[float]] = [[] for _ in legal]
    clear = _setting(strategy.clear, state)
    stretch = _stretch(strategy, state)
    settle = min(_setting(strategy.settle, state), stretch)
    start = time.perf_counter()
    deadline, limit = start + settle * budget_ms / 1000, start + stretch * budget_ms / 1000
    rounds = 0
    solve = strategy.solve
    deal = dealer(strategy, state, seat)
    while rounds < MAX_ROUNDS:
        if rounds >= MIN_ROUNDS:
            now = time.perf_counter()
            if now >= limit or (now >= deadline
                                and not _contested(values, active, usual, clear)):
                break
        world = deal(rng)
        if solve is not None:
            tried = legal if len(active) == len(legal) else [legal[i] for i in active]
            for i, value in zip(active, solve(world, seat, tried, rng), strict=True):
                values[i].append(value)
        else:
            for i in active:
                sim = world.clone()
                events = list(sim.apply(seat, legal[i]))
                events += playout(sim, strategy, rng)
                values[i].append(strategy.evaluate(events, sim, seat))
        rounds += 1
        if rounds % PRUNE_EVERY == 0 and len(active) > (1 if stretch > 1 else 2):
            active = prune(values, active, usual)
            if len(active) == 1:
                break  # settled: every other move far behind the rules of thumb's
    best = _leader(values, active)
    return legal[best if best == usual or _beats(values, best, usual, clear) else usual]


def _setting(value: float | Callable[[Any], float], state: GameState) -> float:
    """A :class:`Strategy` number that may depend on the table."""
    return value(state) if callable(value) else value


def _leader(values: list[list[float]], active: list[int]) -> int:
    """The move of ``active`` with the best total so far (every move has as many deals)."""
    return max(active, key=lambda i: sum(values[i]))


def _beats(values: list[list[float]], best: int, usual: int, clear: float) -> bool:
    """Whether move ``best`` beats ``usual`` deal by deal by more than ``clear`` standard
    errors of their paired differences."""
    gains = [a - b for a, b in zip(values[best], values[usual], strict=True)]
    rounds = len(gains)
    spread = statistics.pstdev(gains) / math.sqrt(rounds) if rounds > 1 else math.inf
    return sum(gains) / rounds > clear * spread


def _contested(values: list[list[float]], active: list[int], usual: int, clear: float) -> bool:
    """Another move leads the rules of thumb's, but not yet by the margin to overrule it."""
    best = _leader(values, active)
    return best != usual and not _beats(values, best, usual, clear)


def dealer(strategy: Strategy, state: GameState, seat: int) -> Callable[[random.Random], Any]:
    """The seat's sampled worlds for one decision, one a call: the game's sampler, prepared
    once, or else its ``determinize``."""
    if strategy.sampler is not None:
        return strategy.sampler(state, seat)
    return functools.partial(strategy.determinize, state, seat)


PRUNE_EVERY = 16  # sampled deals between two looks for moves clearly worse than the best
PRUNE = 3.0  # standard errors of the paired differences by which such a move is behind


def prune(values: list[list[float]], active: list[int], usual: int) -> list[int]:
    """The moves of ``active`` still worth trying: those the best so far does not beat, deal
    by deal, by ``PRUNE`` standard errors (and the rules of thumb's move, which the search
    must beat clearly to overrule). A move that far behind will not come back, and the
    deals it no longer costs go to the moves that may still win."""
    rounds = len(values[active[0]])
    best = _leader(values, active)
    kept = []
    for i in active:
        if i in (best, usual):
            kept.append(i)
            continue
        gains = [a - b for a, b in zip(values[best], values[i], strict=True)]
        spread = statistics.pstdev(gains) / math.sqrt(rounds)
        if sum(gains) / rounds <= PRUNE * spread:
            kept.append(i)
    return kept


def bounds_after(low: V, high: V, best: V, floor: V, ceiling: V) -> tuple[V, V]:
    """A position's value bounds (``low``, ``high``) once a fail-soft alpha-beta search of it
    within (``floor``, ``ceiling``) returned ``best``: at most ``best`` if every move failed
    low, at least ``best`` on a cut-off, else exactly ``best``. Every game search that keeps
    its positions' bounds shares it."""
    if best <= floor:
        return low, min(high, best)
    if best >= ceiling:
        return max(low, best), high
    return best, best


def playout(state: Any, strategy: Strategy, rng: random.Random) -> list[Event]:
    """Play the hand in progress to its end with the rules of thumb for every seat."""
    hand = strategy.hand(state)
    events: list[Event] = []
    while not state.is_over and strategy.hand(state) == hand:
        seat = state.to_act
        events += state.apply(seat, strategy.heuristic(state, seat, rng))
    return events
