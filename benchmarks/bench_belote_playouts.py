"""Belote's fast playouts (:class:`rules.belote.cardplay.Tricks`): how long one takes, and
what it plays, at every table size.

Run from the repository root::

    .venv/bin/python benchmarks/bench_belote_playouts.py [--positions N] [--worlds W]

Seeded hands are played by the rules of thumb; at random moments of their card play the seat
to act deals ``W`` worlds from what it knows (difícil's sampler), and each world's tricks are
played out to the hand's end. Printed per table: the median and 95th percentile of a
playout (µs; the copy of the tricks included, the dealing not), playouts a second, and a
digest of every playout's score and outcome: two versions of the code that print the same
digest play the same cards, so a change of speed can be told apart from a change of play.
Difícil's two-player search spends most of a decision here (``arena.py``: more playouts a
decision, more deals for the same thinking time).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.stats import percentile  # noqa: E402
from tapete.rules.belote import GAME, State  # noqa: E402
from tapete.rules.belote.cardplay import Tricks  # noqa: E402
from tapete.rules.belote.cpu import heuristic, sampler, suit_bits  # noqa: E402
from tapete.rules.belote.knowledge import constraints  # noqa: E402

TABLES = (("2 players", 2, False), ("3 players", 3, False), ("pairs", 4, True),
          ("4 players", 4, False))


def positions(players: int, pairs: bool, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` moments of seeded hands' card play where the seat to act chooses a card."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        options = GAME.options(parejas=True) if pairs else GAME.options()
        state = GAME.new_game(options, players, seed=rng.randrange(10**9))
        assert isinstance(state, State)
        while not state.is_over and len(found) < count:
            seat = state.to_act
            assert seat is not None  # the match is not over
            legal = state.legal_actions()
            if state.phase == "play" and all(a.verb == "play" for a in legal) and \
                    rng.random() < 0.3:
                found.append((state.clone(), seat))
            state.apply(seat, heuristic(state, seat, rng))
    return found


def measure(players: int, pairs: bool, count: int, worlds: int) -> tuple[list[float], str]:
    """Each playout's time (µs) and the digest of what they scored."""
    digest = hashlib.sha256()
    times: list[float] = []
    for state, seat in positions(players, pairs, count, seed=7):
        deal = sampler(state, seat)
        rng = random.Random(1)
        for _ in range(worlds):
            world = deal(rng)
            tricks = Tricks(world, suit_bits(constraints(world)[0]))
            start = time.perf_counter()
            played = tricks.copy()
            scored = played.play_out()
            times.append((time.perf_counter() - start) * 1e6)
            digest.update(repr((scored, played.outcome)).encode())
    return times, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=40)
    args = parser.parse_args()
    for label, players, pairs in TABLES:
        times, digest = measure(players, pairs, args.positions, args.worlds)
        p95 = percentile(times, 95)
        median = statistics.median(times)
        print(f"{label:10} median {median:7.1f} µs  p95 {p95:7.1f} µs  "
              f"{1e6 / statistics.fmean(times):8.0f} playouts/s  ({len(times)} playouts, "
              f"digest {digest})")


if __name__ == "__main__":
    main()
