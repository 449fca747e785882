"""Belote's second-round bids: what searching only the shortlisted moves saves.

A second-round bid offers four moves (pass, or name one of three suits), and difícil gets
about fifteen sampled deals for it at the arena's 25 ms: spread over four moves, a suit the
hand cannot carry sometimes wins on a lucky few deals. This benchmark measures that loss
directly, without playing matches:

1. it collects second-round bid positions from seeded matches of the rules of thumb;
2. for each, it values every move over ``--reference`` sampled deals (difícil's own deals
   and playouts: the values the search would converge to);
3. it replays the decision many times as difícil makes it at its budget, choosing among every
   move with ``--deals`` deals each, and among the shortlisted moves only
   (:func:`rules.belote.cpu.shortlist`, for several margins ``near``) with the deals the
   dropped moves no longer cost;
4. it prints each way's mean loss: the reference value of the best move less that of the
   move chosen, in the units of :func:`rules.belote.cpu.evaluate` (a hand's margin over
   162, with the contract's bonus), and the paired difference from searching every move.

Run from the repository root::

    .venv/bin/python benchmarks/bid_shortlist.py [--players N] [--matches M] [--workers W]
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

from tapete.rules.belote import cpu as belote_cpu
from tapete.rules.belote.options import Options
from tapete.rules.belote.state import State, new_game
from tapete.rules.cpu import choose, strategy_for

REPEATS = 8  # decisions replayed per position and way
MARGINS = (0, 3, 6, 12)  # the margins ``near`` compared (difícil's: ``NEAR``)
Position = tuple[State, int]


def collect(args: tuple[int, int]) -> list[Position]:
    """The second-round bids of one seeded match of the rules of thumb (six at most)."""
    players, seed = args
    state = new_game(Options(), players, seed=seed)
    rng = random.Random(seed)
    kept: list[Position] = []
    while not state.is_over and len(kept) < 6:
        seat = state.to_act
        assert seat is not None
        if state.phase == "bid2":
            kept.append((state.clone(), seat))
        state.apply(seat, choose(state, seat, "normal", seed=rng.randrange(2**31)))
    return kept


def losses(args: tuple[int, Position, int, int]) -> dict[int | None, float]:
    """One position's mean loss for every way of choosing (None: every move searched)."""
    index, (state, seat), reference, deals = args
    legal = state.legal_actions()
    strategy = strategy_for(state)
    assert strategy is not None and strategy.solve is not None and strategy.sampler is not None
    rng = random.Random(index)
    deal = strategy.sampler(state, seat)
    rows = [strategy.solve(deal(rng), seat, legal, rng)
            for _ in range(reference + REPEATS * len(legal) * deals)]
    truth = [statistics.fmean(row[i] for row in rows[:reference]) for i in range(len(legal))]
    spare = rows[reference:]
    out: dict[int | None, float] = {}
    for near in (None, *MARGINS):
        listed = list(range(len(legal)))
        if near is not None:
            listed = belote_cpu.shortlist(state, seat, legal, near) or listed
        count = deals * len(legal) // len(listed)  # the deals the dropped moves leave
        loss = 0.0
        for r in range(REPEATS):
            chunk = spare[r * len(legal) * deals:][:count]
            chosen = max(listed, key=lambda i: sum(row[i] for row in chunk))
            loss += max(truth) - truth[chosen]
        out[near] = loss / REPEATS
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--matches", type=int, default=40, help="matches played for positions")
    parser.add_argument("--reference", type=int, default=300, help="deals of the reference")
    parser.add_argument("--deals", type=int, default=15,
                        help="deals per move searching every move (difícil's median at 25 ms)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    start = time.perf_counter()
    with Pool(args.workers) as pool:
        seeds = [(args.players, 80_000 + i) for i in range(args.matches)]
        positions = [p for match in pool.map(collect, seeds) for p in match]
        jobs = [(i, p, args.reference, args.deals) for i, p in enumerate(positions)]
        results = pool.map(losses, jobs, chunksize=2)
    print(f"{len(results)} second-round bids of {args.players} players, {args.deals} deals a"
          f" move, judged on {args.reference} deals, in {time.perf_counter() - start:.0f} s")
    for near in (None, *MARGINS):
        mean = statistics.fmean(r[near] for r in results)
        line = f"every move searched   loss {mean:.4f}" if near is None else \
            f"shortlist NEAR={near:<3}   loss {mean:.4f}"
        if near is not None:
            diff = [r[near] - r[None] for r in results]
            line += (f"   less every move: {statistics.fmean(diff):+.4f}"
                     f" ± {statistics.pstdev(diff) / len(diff) ** 0.5:.4f}")
        print(line)


if __name__ == "__main__":
    main()
