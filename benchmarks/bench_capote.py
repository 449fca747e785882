"""Tute habanero's capote: how long the CPU takes to decide it, and how its capotes go.

Run from the repository root::

    .venv/bin/python benchmarks/bench_capote.py [--positions N] [--matches M]
                                                [--budget-ms MS] [--workers W]

1. **Time.** Seeded habanero hands are played by the rules of thumb to the capote question;
   there, and at the first card of the last eight tricks, each level's decision is timed
   (median, 95th percentile and worst, ms; difícil at the bot's default budget).
2. **Record.** ``M`` seeded matches of difícil (``--budget-ms``, 25 by default as in
   ``arena.py``) against normal, each deal played twice with the levels swapping seats. For
   each level: capote questions answered, capotes declared and won, and, judged by the exact
   solver of :mod:`rules.tute.endgame` from the deciding seat's hands, capotes declared that
   the defender could always beat ("unsound") and capotes that could be forced but were not
   declared ("missed"; of them, "for two juegos" are those where taking every trick without
   capote already wins two juegos).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.stats import percentile  # noqa: E402
from tapete.rules import tute  # noqa: E402
from tapete.rules.cpu import DEFAULT_BUDGET_MS, choose, strategy_for  # noqa: E402
from tapete.rules.tute.bits import mask_of  # noqa: E402
from tapete.rules.tute.endgame import Endgame  # noqa: E402
from tapete.rules.tute.events import HandScored  # noqa: E402
from tapete.rules.tute.options import ULTIMAS, card_points  # noqa: E402

OPTIONS = tute.Options(modalidad="habanero")


def forceable(state: tute.State, seat: int) -> bool:
    """Whether ``seat``, asked about capote, can take every trick left against any play."""
    mine, theirs = mask_of(state.hands[seat]), mask_of(state.hands[1 - seat])
    solver = Endgame(state.trump_index)
    if state.trick.leader == seat:
        return solver.forced(mine, theirs)
    return solver.forced_against(mine, theirs)


def two_juegos(state: tute.State, seat: int) -> bool:
    """Every trick left, without capote, would give ``seat`` two juegos."""
    points = [card_points(taken) for taken in state.taken]
    for singer, _, value in state.cantes:
        points[singer] += value
    mine = points[seat] + card_points([*state.hands[0], *state.hands[1]]) + ULTIMAS
    return mine >= 101 and mine >= points[1 - seat]


def heuristic_move(state: tute.State) -> Any:
    strategy = strategy_for(state)
    assert strategy is not None
    seat = state.to_act
    assert seat is not None  # the hand is not over
    return strategy.heuristic(state, seat, random.Random(0))


def timing(positions: int, seed: int = 1) -> dict[str, list[float]]:
    """Decision times (ms) per level, at the capote question and the first card after it."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {}
    questions = 0
    while questions < positions:
        state = tute.new_game(OPTIONS, 2, seed=rng.randrange(2**63))
        hand = state.hand_number
        while not state.is_over and state.hand_number == hand:
            seat = state.to_act
            assert seat is not None  # the hand is not over
            asked = bool(state.capote_pending)
            first_card = not state.baceta and state.capote is None and not asked \
                and len(state.hands[0]) + len(state.hands[1]) == 16
            if asked or first_card:
                kind = "capote" if asked else "card"
                questions += asked
                for level in ("normal", "dificil"):
                    start = time.perf_counter()
                    choose(state, seat, level, seed=1, budget_ms=DEFAULT_BUDGET_MS)
                    times.setdefault(f"{kind} {level}", []).append(
                        (time.perf_counter() - start) * 1000)
            state.apply(seat, heuristic_move(state))
    return times


def match(args: tuple[int, bool, float]) -> Counter[str]:
    """One match, difícil against normal; ``swap`` seats difícil second."""
    seed, swap, budget = args
    levels = ["normal", "dificil"] if swap else ["dificil", "normal"]
    tally: Counter[str] = Counter()
    state = tute.new_game(OPTIONS, 2, seed=seed)
    rng = random.Random(seed)
    declared: tuple[int, str] | None = None
    while not state.is_over:
        seat = state.to_act
        assert seat is not None  # the match is not over
        level = levels[seat]
        action = choose(state, seat, level, seed=rng.randrange(2**31), budget_ms=budget)
        if state.capote_pending:
            sure = forceable(state, seat)
            tally[f"{level} asked"] += 1
            tally[f"{level} forceable"] += sure
            if action.verb == "capote":
                tally[f"{level} declared"] += 1
                tally[f"{level} unsound"] += not sure
                declared = (seat, level)
            elif sure:
                tally[f"{level} missed"] += 1
                tally[f"{level} missed for two juegos"] += two_juegos(state, seat)
        for event in state.apply(seat, action):
            if isinstance(event, HandScored) and event.reason == "capote" and declared:
                tally[f"{declared[1]} won"] += declared[0] in event.winners
                declared = None
    assert state.result is not None
    tally[f"{levels[state.result.winners[0]]} matches won"] += 1
    for seat, juegos in enumerate(state.juegos):
        tally[f"{levels[seat]} juegos"] += juegos
    tally["matches"] += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=100,
                        help="capote questions to time (100)")
    parser.add_argument("--matches", type=int, default=200,
                        help="difícil-normal matches for the record (200; 0 skips it)")
    parser.add_argument("--budget-ms", type=float, default=25.0,
                        help="difícil's time per decision in the record (25)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()

    print(f"== Decision time, {args.positions} capote questions (difícil at"
          f" {DEFAULT_BUDGET_MS} ms) ==")
    for name, values in sorted(timing(args.positions).items()):
        p95 = percentile(values, 95)
        print(f"{name:<16} n {len(values):>4}   median {statistics.median(values):8.2f} ms"
              f"   p95 {p95:8.2f} ms   worst {max(values):8.2f} ms")

    if not args.matches:
        return
    print(f"\n== Record: {args.matches} matches difícil ({args.budget_ms:g} ms) vs normal ==")
    jobs = [(10_000 + i // 2, bool(i % 2), args.budget_ms) for i in range(args.matches)]
    total: Counter[str] = Counter()
    with Pool(args.workers) as pool:
        for tally in pool.imap_unordered(match, jobs):
            total.update(tally)
    for level in ("dificil", "normal"):
        print(f"{level:<8} asked {total[f'{level} asked']:>4}"
              f"  forceable {total[f'{level} forceable']:>3}"
              f"  declared {total[f'{level} declared']:>3}  won {total[f'{level} won']:>3}"
              f"  unsound {total[f'{level} unsound']:>3}  missed {total[f'{level} missed']:>3}"
              f" (for two juegos {total[f'{level} missed for two juegos']})")
    print(f"difícil won {total['dificil matches won']} of {total['matches']} matches;"
          f" juegos difícil {total['dificil juegos']}, normal {total['normal juegos']}")


if __name__ == "__main__":
    main()
