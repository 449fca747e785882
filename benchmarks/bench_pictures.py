"""Table pictures: the time to draw one and its size, per game at its largest table.

Run from the repository root::

    .venv/bin/python benchmarks/bench_pictures.py [--positions N]

Per game, a seeded match of random legal moves at the game's largest table; at each position
the public view (``state.view(None)``) becomes the game's scene and the scene a PNG, as the
bot does after every move. Reported: the time of the picture alone (scene to PNG bytes; p50
and p99, ms, on one core: the bot draws off the event loop, one picture at a time), the time
of the scene itself, and the PNG's size (median and largest, KB). The aims: p50 at most 15 ms,
at most 150 KB. Then the private hand picture at the largest hand of each game.
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

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.stats import percentile
from tapete.bot.art.table import Scene, render_hand, render_table
from tapete.bot.i18n import Lang, catalog
from tapete.cogs import belote as belote_cog
from tapete.cogs import escoba as escoba_cog
from tapete.cogs import nlk as nlk_cog
from tapete.cogs import tomate as tomate_cog
from tapete.cogs import tute as tute_cog
from tapete.rules import belote, escoba, nlk, tomate, tute
from tapete.rules.engine import Game


@dataclass
class Seat:
    name: str


class Table:
    """What a scene reads of a table besides the view: the seats' names and the server."""

    def __init__(self, players: int) -> None:
        self.seats = [Seat(f"Jugador {i + 1}") for i in range(players)]
        self.guild_id = None

    def name(self, seat: int) -> str:
        return self.seats[seat].name


SceneOf = Callable[[Any, Any, Lang], Scene]
CASES: list[tuple[str, Game, dict[str, Any], int, SceneOf]] = [
    ("tute parejas", tute.GAME, {"modalidad": "parejas"}, 4, tute_cog.table_scene),
    ("tute arrastrado", tute.GAME, {"modalidad": "arrastrado"}, 3, tute_cog.table_scene),
    ("escoba 4", escoba.GAME, {"parejas": True}, 4, escoba_cog.table_scene),
    ("belote parejas", belote.GAME, {"parejas": True}, 4, belote_cog.table_scene),
    ("nlk 9", nlk.GAME, {}, 9, nlk_cog.table_scene),
    ("tomate 17", tomate.GAME, {}, 17, tomate_cog.table_scene),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
    lang = catalog("es")
    print(f"{'game':<18}{'positions':>10}{'p50 ms':>8}{'p99 ms':>8}{'scene ms':>9}"
          f"{'KB med':>8}{'KB max':>8}{'hand ms':>8}")
    for label, game, options, players, scene_of in CASES:
        rng = random.Random(label)
        state = game.new_game(game.options(**options), players, seed=rng.randrange(2**31))
        table = Table(players)
        render_table(scene_of(table, state.view(None), lang))  # warm the caches, as a bot has
        times: list[float] = []
        scenes: list[float] = []
        sizes: list[int] = []
        biggest_hand: tuple[Any, ...] = ()
        while len(times) < args.positions:
            if state.is_over or state.to_act is None:
                state = game.new_game(game.options(**options), players,
                                      seed=rng.randrange(2**31))
            start = time.perf_counter()
            scene = scene_of(table, state.view(None), lang)
            middle = time.perf_counter()
            png = render_table(scene)
            end = time.perf_counter()
            scenes.append(middle - start)
            times.append(end - middle)
            sizes.append(len(png))
            seat = state.to_act
            assert seat is not None  # a match going on has a seat to act
            hand = tuple(state.view(seat).hand)
            if len(hand) > len(biggest_hand):
                biggest_hand = hand
            state.apply(seat, rng.choice(state.legal_actions()))
        hand_times = []
        for _ in range(20):
            start = time.perf_counter()
            render_hand(biggest_hand)
            hand_times.append(time.perf_counter() - start)
        print(f"{label:<18}{len(times):>10}{percentile(times, 50) * 1e3:>8.1f}"
              f"{percentile(times, 99) * 1e3:>8.1f}{statistics.median(scenes) * 1e3:>9.2f}"
              f"{statistics.median(sizes) / 1024:>8.1f}{max(sizes) / 1024:>8.1f}"
              f"{statistics.median(hand_times) * 1e3:>8.1f}")


if __name__ == "__main__":
    main()
