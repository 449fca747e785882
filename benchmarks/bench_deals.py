"""Difícil's sampled deals a decision, and the time it takes, in any arena mode.

Run from the repository root::

    .venv/bin/python benchmarks/bench_deals.py [--mode "tute habanero"] [--budget-ms 25]
                                               [--matches 30] [--share 0.3]
                                               [--fixed] [--no-settle]

Seeded matches of the mode are played by ``normal`` (the rules of thumb); about ``share`` of
the decisions with more than one legal move are kept. Each that exact play does not settle
is searched as difícil searches it (:func:`rules.cpu.search`, ``budget-ms`` of thinking
time), counting the deals it samples, and the heap is settled after it as the bot's workers
settle it (:func:`bot.cpu.settle_heap`; ``--no-settle`` leaves the collector as it is).
Printed: the positions, the median and mean deals a decision, and the median, 95th
percentile and slowest of its time. The search always looks at a few deals (``MIN_ROUNDS``)
whatever the budget: where those take longer than the budget, the slowest time shows it.
Run it on two versions of the code (a worktree of the older one) to see what a faster
playout buys.

With ``--fixed``, the work is the same whatever the speed: three worlds of each position are
dealt with a seeded generator and each is valued by the game's ``Strategy.solve`` (every legal
move in that world), three times; printed are the best of the three times per world and a
digest of the values, so that two versions of the code that print the same digest value every
move alike, and their times compare like for like.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

if not os.environ.get("PYTHONPATH"):  # measure this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.arena import MODES, games
from benchmarks.stats import percentile
from tapete.bot.cpu import settle_heap
from tapete.rules.cpu import Strategy, choose, dealer, search, strategy_for


def positions(label: str, matches: int, share: float) -> list[Any]:
    """Copies of the states of ``matches`` seeded matches where the seat to act has a choice
    (about ``share`` of them), each match played by the rules of thumb."""
    mode = next((m for m in MODES if m.label == label), None)
    if mode is None:
        raise SystemExit(f"unknown mode {label!r}: modes are "
                         + ", ".join(m.label for m in MODES))
    game = games()[mode.game]
    rng = random.Random(7)
    kept = []
    for seed in range(matches):
        state: Any = game.new_game(game.options(**mode.options), mode.players, seed=seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None  # the match is not over
            if len(state.legal_actions()) > 1 and rng.random() < share:
                kept.append(state.clone())
            state.apply(seat, choose(state, seat, "normal", seed=seed))
    return kept


def counted(strategy: Strategy, count: list[int]) -> Strategy:
    """``strategy`` with a sampler that counts the deals it deals into ``count[0]`` (made of
    its ``determinize`` where it has no sampler, as the search does: :func:`dealer`)."""

    def counting(state: Any, seat: int) -> Callable[[random.Random], Any]:
        deal = dealer(strategy, state, seat)

        def one(rng: random.Random) -> Any:
            count[0] += 1
            return deal(rng)

        return one

    return replace(strategy, sampler=counting)


def fixed(found: list[Any]) -> None:
    """The ``--fixed`` measure (see the module docstring)."""
    worlds = []
    for state in found:
        strategy = strategy_for(state)
        assert strategy is not None and strategy.solve is not None
        deal = dealer(strategy, state, state.to_act)
        rng = random.Random(3)
        legal = state.legal_actions()
        worlds += [(strategy.solve, deal(rng), state.to_act, legal) for _ in range(3)]
    digest = hashlib.sha256()
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        for solve, world, seat, legal in worlds:
            values = solve(world, seat, legal, random.Random(1))
            digest.update(repr([round(v, 9) for v in values]).encode())
        best = min(best, time.perf_counter() - start)
    print(f"{len(worlds)} worlds solved: {best / len(worlds) * 1000:.3f} ms a world (best of "
          f"3), values digest {digest.hexdigest()[:16]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mode", default="tute habanero", help="an arena mode's label")
    parser.add_argument("--budget-ms", type=float, default=25.0)
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--share", type=float, default=0.3)
    parser.add_argument("--fixed", action="store_true",
                        help="time solving the same sampled worlds instead (see above)")
    parser.add_argument("--no-settle", action="store_true",
                        help="no settle_heap after each decision (see above)")
    args = parser.parse_args()
    found = positions(args.mode, args.matches, args.share)
    if args.fixed:
        fixed(found)
        return
    deals: list[int] = []
    times: list[float] = []
    if not args.no_settle:
        settle_heap()  # the positions kept for the run, as a worker's modules: out of the way
    for state in found:
        strategy = strategy_for(state)
        assert strategy is not None
        if strategy.exact is not None and strategy.exact(state, state.to_act, "dificil"):
            continue  # settled by exact play: no search
        count = [0]
        start = time.perf_counter()
        search(state, state.to_act, counted(strategy, count), random.Random(1), args.budget_ms)
        if not args.no_settle:
            settle_heap()
        times.append((time.perf_counter() - start) * 1000)
        deals.append(count[0])
    print(f"{args.mode}: {len(deals)} decisions at {args.budget_ms:g} ms — deals median "
          f"{statistics.median(deals):g}, mean {statistics.fmean(deals):.1f}; time p50 "
          f"{percentile(times, 50):.1f} ms, p95 {percentile(times, 95):.1f} ms, slowest "
          f"{max(times):.1f} ms")


if __name__ == "__main__":
    main()
