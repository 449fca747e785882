"""Escoba 2 decisions judged one by one: each level's regret against the seer.

Run from the repository root::

    .venv/bin/python benchmarks/escoba_regret.py [--matches N] [--workers W]
                                                 [--levels LEVEL ...]

(or ``python3 run.py bench escoba_regret``: about five minutes on two cores, each further
level about a minute and a half).

An arena match says who won; it takes hundreds of matches (20 minutes a pairing) to see a
change of a few points in a hundred. This judges single decisions instead, which needs far
fewer of them:

1. **Positions.** ``N`` seeded matches of difícil (10 ms) against the reference search
   (``benchmarks/reference``), sides swapped every other match; every position of a round
   before the last where the seat to play has more than one legal move is kept, whoever plays
   it.
2. **The judge.** In each position difícil's own round search (:func:`rules.escoba.search.solve`)
   is run once on the true deal, the other hand known: it searches to the end of the round
   and values what is left of the hand by the chances of the cards still out, never by the
   order of the stock, so one run gives the exact value of every legal move to a player who
   sees the other hand (the arena's ``seer``). The last round is left out: every card is known
   there and difícil's search of it is exact, so its regret is zero.
3. **Regret.** For each level (``dificil``, ``dificil@100`` for another thinking time,
   ``normal``, ``ref-search``...), the move it chooses in each position; its regret there is
   the judge's value of the best move less that of the chosen one (in points of the hand).

Printed per level: the mean regret with its standard error, how often it chose the judge's
best move, and the regret split by how many of the other seat's cards of the round were
already played (0: the seat leads against three fresh cards and no reading of plays can help;
1 or 2: what was played can be read). Each further level is then compared with the first on
the same positions (the difference of regrets, paired, with its standard error): a change
to difícil shows up here in a minute or two, where an arena needs hundreds of matches.
The judge knows the other hand, so no player reaches a regret of zero; and it values the end
of a round as difícil does, so it judges how well a player searches and reads the hidden
cards, not difícil's valuation itself (a change to that still needs the arena).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

if not os.environ.get("PYTHONPATH"):  # measure this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.arena import decide
from tapete.rules import escoba
from tapete.rules.escoba.search import solve
from tapete.rules.escoba.state import new_game

COLLECT_MS = 10.0  # difícil's time while the positions are collected
JUDGED_MS = 25.0  # each level's time per decision judged (the arena's default)
Position = tuple[escoba.State, int]


def collect(seed: int) -> list[Position]:
    """The positions of one seeded match, each a copy of the state and the seat to play."""
    state = new_game(escoba.Options(), 2, seed=seed)
    rng = random.Random(seed)
    levels = ["dificil", "ref-search"] if seed % 2 == 0 else ["ref-search", "dificil"]
    kept: list[Position] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        action = decide(state, seat, levels[seat], rng.randrange(2**31), COLLECT_MS)
        if state.deck and len(state.legal_actions()) > 1:
            kept.append((state.clone(), seat))
        state.apply(seat, action)
    return kept


def judge(position: Position) -> list[float]:
    """Each legal move's value to a player who sees the other hand."""
    state, seat = position
    return solve(state, seat, state.legal_actions(), random.Random(0))


def pick(args: tuple[int, Position, str]) -> int:
    """The index, among the legal moves, of the move ``level`` chooses."""
    index, (state, seat), level = args
    return state.legal_actions().index(decide(state, seat, level, 1000 + index, JUDGED_MS))


def played(position: Position) -> int:
    """How many of the other seat's cards of this round are already on the table."""
    state, seat = position
    return 3 - len(state.hands[1 - seat])


def mean_se(values: list[float]) -> tuple[float, float]:
    return statistics.fmean(values), statistics.pstdev(values) / len(values) ** 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=60, help="matches played for positions")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--offset", type=int, default=0, help="first seed (50000 + offset)")
    parser.add_argument("--levels", nargs="+", default=["dificil", "ref-search"],
                        help="levels to judge, the first the base of the comparisons")
    args = parser.parse_args()

    start = time.perf_counter()
    with Pool(args.workers) as pool:
        seeds = range(50_000 + args.offset, 50_000 + args.offset + args.matches)
        positions = [p for match in pool.map(collect, seeds) for p in match]
        values = pool.map(judge, positions, chunksize=20)
        print(f"{len(positions)} positions from {args.matches} matches, collected and judged"
              f" in {time.perf_counter() - start:.0f} s")
        best = [max(v) for v in values]
        down = [played(p) for p in positions]
        regrets: dict[str, list[float]] = {}
        for level in args.levels:
            start = time.perf_counter()
            work = [(i, p, level) for i, p in enumerate(positions)]
            picks = pool.map(pick, work, chunksize=20)
            regrets[level] = [b - v[k] for b, v, k in zip(best, values, picks, strict=True)]
            mean, se = mean_se(regrets[level])
            hits = sum(r == 0 for r in regrets[level]) / len(positions)
            pairs = list(zip(regrets[level], down, strict=True))
            split = {n: [r for r, d in pairs if d == n] for n in range(4)}
            parts = "  ".join(f"{n} played {statistics.fmean(rs):.3f} ({len(rs)})"
                              for n, rs in split.items() if rs)
            print(f"{level:<14} regret {mean:.4f} ± {se:.4f}, judge's move {hits:.1%}; "
                  f"{parts}  [{time.perf_counter() - start:.0f} s]")
    base = args.levels[0]
    for level in args.levels[1:]:
        mean, se = mean_se([b - a for a, b in zip(regrets[base], regrets[level], strict=True)])
        print(f"{level} less {base}: {mean:+.4f} ± {se:.4f} points a decision (paired)")


if __name__ == "__main__":
    main()
