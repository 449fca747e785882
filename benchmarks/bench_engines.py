"""Engine speed for random playouts: every game and modality, engine protocol only.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_engines.py [--seconds S] [--only TEXT]

For each modality, seeded matches are played with a uniformly random legal action
(``rng.choice(state.legal_actions())`` then ``state.apply``) until the match is over, for
``S`` seconds (default 3). A hand (a deal) is counted when the game's hand number moves on or
the match ends. One line per modality: hands, hands per second, applies, and the median time
of one ``apply`` call in microseconds.

Only the public protocol (``new_game``, ``Options``, ``legal_actions``, ``apply``, ``to_act``,
``is_over`` and the hand counter) is used, so the same script measures another checkout of
``rules/``: put that tree first with ``PYTHONPATH=/path/to/old``. The tree measured is printed.
The seeds are fixed, so two trees with the same behaviour play the very same matches
(trees from before decks were drawn from SHAKE-128 deal other, equally random, decks).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if not os.environ.get("PYTHONPATH"):  # measure this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tapete import rules
from tapete.rules import belote, escoba, nlk, tomate, tute


@dataclass(frozen=True)
class Modality:
    """One line of the benchmark: how to start a match and how to read its hand number."""

    label: str
    start: Callable[[int], Any]  # seed -> state
    hand: Callable[[Any], int]


def _tute(modalidad: str) -> Modality:
    options = tute.Options(modalidad=modalidad)  # type: ignore[arg-type]
    players = options.player_counts()[0]
    return Modality(
        f"tute {modalidad}",
        lambda seed: tute.new_game(options, players, seed=seed),
        lambda state: state.hand_number,
    )


def _escoba(players: int, parejas: bool = False) -> Modality:
    options = escoba.Options(parejas=parejas)
    return Modality(
        f"escoba {'parejas' if parejas else players}",
        lambda seed: escoba.new_game(options, players, seed=seed),
        lambda state: state.hand_number,
    )


def _tomate(variante: str, players: int) -> Modality:
    options = tomate.Options(variante=variante, manos=20)  # type: ignore[arg-type]
    return Modality(
        f"tomate {variante} {players}",
        lambda seed: tomate.new_game(options, players, seed=seed),
        lambda state: state.hand_no,
    )


def _belote(players: int, parejas: bool = False) -> Modality:
    options = belote.Options(parejas=parejas)
    return Modality(
        f"belote {'parejas' if parejas else players}",
        lambda seed: belote.new_game(options, players, seed=seed),
        lambda state: state.hand_number,
    )


def _nlk(players: int) -> Modality:
    options = nlk.Options(partidas=20)  # a game counts as a hand
    return Modality(
        f"nlk {players}",
        lambda seed: nlk.new_game(options, players, seed=seed),
        lambda state: state.game_no,
    )


MODALITIES: tuple[Modality, ...] = (
    *(_tute(m) for m in ("habanero", "arrastrado", "individual", "parejas")),
    *(_escoba(n) for n in (2, 3, 4)),
    _escoba(4, parejas=True),
    *(_tomate("normal", n) for n in (2, 5, 10, 17)),
    *(_tomate("a_ciegas", n) for n in (2, 10)),
    *(_tomate("mosca", n) for n in (2, 5, 10)),
    *(_tomate("panfilo", n) for n in (2, 10)),
    *(_belote(n) for n in (2, 3, 4)),
    _belote(4, parejas=True),
    *(_nlk(n) for n in (3, 6, 9)),
)


def run(modality: Modality, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Random playouts of one modality for ``seconds``: hands, matches and apply times."""
    rng = random.Random(seed)
    apply_ns: list[int] = []
    hands = matches = 0
    clock = time.perf_counter_ns
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = modality.start(rng.randrange(2**63))
        matches += 1
        hand = modality.hand(state)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            seat = state.to_act
            t0 = clock()
            state.apply(seat, action)
            apply_ns.append(clock() - t0)
            now = modality.hand(state)
            if now != hand or state.is_over:
                hands += 1
                hand = now
            if len(apply_ns) & 255 == 0 and time.perf_counter() >= deadline:
                break
    elapsed = time.perf_counter() - start
    return {
        "hands": hands,
        "matches": matches,
        "elapsed": elapsed,
        "applies": len(apply_ns),
        "apply_median_us": statistics.median(apply_ns) / 1000 if apply_ns else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="seconds of random play per modality (3)")
    parser.add_argument("--only", default="", help="only the modalities whose label has this")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; rules from {Path(rules.__file__).parent}")
    print(f"{'modality':<22}{'hands':>8}{'matches':>9}{'hands/s':>11}{'applies':>10}"
          f"{'apply med us':>14}")
    for modality in MODALITIES:
        if args.only not in modality.label:
            continue
        r = run(modality, args.seconds)
        print(f"{modality.label:<22}{r['hands']:>8}{r['matches']:>9}"
              f"{r['hands'] / r['elapsed']:>11.1f}{r['applies']:>10}"
              f"{r['apply_median_us']:>14.2f}", flush=True)


if __name__ == "__main__":
    main()
