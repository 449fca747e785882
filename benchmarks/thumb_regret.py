"""The rules of thumb judged decision by decision: where they lose most, by kind of decision.

Run from the repository root::

    .venv/bin/python benchmarks/thumb_regret.py [--mode "tute parejas"] [--matches N]
                                                [--deals D] [--show K] [--workers W]

(about four minutes for 60 Tute parejas matches or 30 Belote 2 matches on two cores).

1. **Positions.** ``N`` seeded matches of ``normal`` against the reference rules of thumb
   (``benchmarks/reference``), sides swapped every other match; about one decision in four
   with more than one legal move is kept, whoever plays it.
2. **The judge.** Each position is searched as difícil searches it, from what the seat knows
   (the game's sampler, its playouts by the rules of thumb), over ``D`` sampled deals instead
   of the few of a move in play: every legal move is valued on the same deals.
3. **Regret.** The judge's value of its best move less that of the move the rules of thumb
   choose (``normal``), and of the reference rules of thumb's, in the units of the game's
   ``evaluate``. Printed per kind of decision (a bid, the swap, or a card by its place in the
   trick and whether the seat's side holds the trick), with the share of all the rules of
   thumb's regret, and then the ``K`` positions where they lose most.

The judge plays the rest of each deal by the same rules of thumb and sees a sampled deal
whole, so its best move is not always a better one; a kind of decision where the rules of
thumb lose much and often is where to look, and a change found there is measured in the
arena (``benchmarks/arena.py``, ``normal-ref-rules``: thousands of matches a minute). This
is how the Tute parejas player came to draw trumps from four and to trump its partner's
trick with the lowest trump, and the Belote taker to stop drawing trumps nobody held.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

if not os.environ.get("PYTHONPATH"):  # measure this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.arena import MODES, Mode, decide, games
from tapete.rules import belote, tute
from tapete.rules.cpu import strategy_for
from tapete.rules.tricks import Ranking, trick_winner

JUDGED_MS = 25.0  # the reference player's time (its rules of thumb take none of it)
RANKINGS: dict[type, Ranking] = {tute.State: tute.RANKING, belote.State: belote.RANKING}


@dataclass(frozen=True)
class Judged:
    """One position: its kind, the judge's value of each legal move, the moves chosen."""

    kind: str
    moves: list[str]
    values: list[float]
    thumb: int  # the index of the rules of thumb's move
    reference: int  # and of the reference rules of thumb's


def mode_of(label: str) -> Mode:
    found = [m for m in MODES if m.label == label and m.kind == "duel"]
    if not found:
        duels = ", ".join(m.label for m in MODES if m.kind == "duel")
        raise SystemExit(f"unknown mode {label!r}: two-sided modes are {duels}")
    return found[0]


def collect(args: tuple[str, int]) -> list[tuple[Any, int]]:
    """About one decision in four of a seeded match, as a copy of the state and the seat."""
    label, seed = args
    mode = mode_of(label)
    game = games()[mode.game]
    state: Any = game.new_game(game.options(**mode.options), mode.players, seed=seed)
    rng = random.Random(seed)
    levels = ["normal", "ref-rules"] if seed % 2 else ["ref-rules", "normal"]
    kept: list[tuple[Any, int]] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None  # the match is not over
        if len(state.legal_actions()) > 1 and rng.random() < 0.25:
            kept.append((state.clone(), seat))
        state.apply(seat, decide(state, seat, levels[seat % 2], rng.randrange(2**31),
                                 JUDGED_MS))
    return kept


def kind_of(state: Any, seat: int) -> str:
    """A bid, the swap... by the game's phase; a card by its place in the trick and, from
    the second card on, whether the seat's side holds the trick."""
    phase = getattr(state, "phase", "play")
    trick = getattr(state, "trick", None)
    if phase != "play" or trick is None:
        return str(phase)
    plays = trick.plays
    if not plays:
        return "card 1 (lead)"
    holder = trick_winner(plays, state.trump, RANKINGS[type(state)])
    ours = "side holds it" if state.side(holder) == state.side(seat) else "other side holds it"
    return f"card {len(plays) + 1}, {ours}"


def judge(args: tuple[Any, int, int]) -> Judged:
    state, seat, deals = args
    strategy = strategy_for(state)
    assert strategy is not None and strategy.sampler is not None and strategy.solve is not None
    legal = state.legal_actions()
    deal = strategy.sampler(state, seat)
    rng = random.Random(5)
    totals = [0.0] * len(legal)
    for _ in range(deals):
        for i, value in enumerate(strategy.solve(deal(rng), seat, legal, rng)):
            totals[i] += value
    thumb = legal.index(strategy.heuristic(state, seat, random.Random(0)))
    reference = legal.index(decide(state, seat, "ref-rules", 1, JUDGED_MS))
    return Judged(kind_of(state, seat), [str(a) for a in legal], [t / deals for t in totals],
                  thumb, reference)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mode", default="tute parejas", help="a two-sided arena mode")
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--deals", type=int, default=200, help="the judge's deals a position")
    parser.add_argument("--show", type=int, default=5, help="the costliest positions shown")
    parser.add_argument("--offset", type=int, default=0, help="first seed (60000 + offset)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    seeds = range(60_000 + args.offset, 60_000 + args.offset + args.matches)
    with Pool(args.workers) as pool:
        found = pool.map(collect, [(args.mode, s) for s in seeds])
        positions = [(state, seat, args.deals) for match in found for state, seat in match]
        judged = pool.map(judge, positions, chunksize=4)
    by_kind: dict[str, list[Judged]] = {}
    for j in judged:
        by_kind.setdefault(j.kind, []).append(j)
    total = sum(max(j.values) - j.values[j.thumb] for j in judged) or 1.0
    print(f"{args.mode}: {len(judged)} decisions of {args.matches} matches, "
          f"{args.deals} deals each")
    for kind in sorted(by_kind):
        group = by_kind[kind]
        thumb = [max(j.values) - j.values[j.thumb] for j in group]
        reference = [max(j.values) - j.values[j.reference] for j in group]
        agree = statistics.fmean(j.values[j.thumb] == max(j.values) for j in group)
        print(f"  {kind:<28} {len(group):5}  regret {statistics.fmean(thumb):.4f} "
              f"(reference {statistics.fmean(reference):.4f})  judge's move {agree:4.0%}  "
              f"share {sum(thumb) / total:4.0%}")
    worst = sorted(judged, key=lambda j: j.values[j.thumb] - max(j.values))[:args.show]
    for j in worst:
        best = max(range(len(j.values)), key=j.values.__getitem__)
        print(f"  {j.kind}: {j.moves[j.thumb]} ({j.values[j.thumb]:+.3f}) where the judge "
              f"plays {j.moves[best]} ({j.values[best]:+.3f})")


if __name__ == "__main__":
    main()
