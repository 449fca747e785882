"""Snapshots and memory: what each accepted move costs the table layer, for every game.

Run from the repository root::

    .venv/bin/python benchmarks/bench_snapshot.py [--matches N]

Per game and modality, seeded random matches: the snapshot's size after every move (median
and largest, bytes), the time of one ``to_json`` and one ``from_json`` (median, µs), and one
``clone`` (the copy search uses). Then through the table layer on a real SQLite file: how
many times a move serialises the state (counted on ``to_json``), and how many finished tables
are left in memory after 50 matches played to the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest.mock import patch

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tapete.bot.storage import Storage
from tapete.bot.tables import TableService, Timing
from tapete.cogs.tute import TuteCog
from tapete.rules import belote, escoba, nlk, tomate, tute
from tapete.rules.engine import Game
from tapete.rules.snapshot import Snapshot

CASES: list[tuple[Game, dict[str, Any], int]] = [
    (tute.GAME, {"modalidad": "habanero"}, 2),
    (tute.GAME, {"modalidad": "parejas"}, 4),
    (escoba.GAME, {}, 4),
    (tomate.GAME, {"manos": 10}, 5),
    (belote.GAME, {"parejas": True}, 4),
    (nlk.GAME, {"partidas": 2}, 6),
]


def timed(fn: Any, repeat: int = 200) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1e6


def snapshots(matches: int) -> None:
    print(f"{'game':<26}{'size med':>9}{'size max':>9}{'to_json us':>11}{'from_json us':>13}"
          f"{'clone us':>9}")
    for game, options, players in CASES:
        rng = random.Random(game.name)
        sizes: list[int] = []
        dumps: list[float] = []
        loads: list[float] = []
        clones: list[float] = []
        for _ in range(matches):
            state = game.new_game(game.options(**options), players, seed=rng.randrange(2**63))
            assert isinstance(state, Snapshot)  # every game's State: it has clone()
            moves = 0
            while not state.is_over and moves < 3000:
                seat = state.to_act
                assert seat is not None  # the match is not over
                state.apply(seat, rng.choice(state.legal_actions()))
                moves += 1
                text = state.to_json()
                sizes.append(len(text.encode()))
                if moves % 25 == 0:
                    dumps.append(timed(state.to_json, 20))
                    loads.append(timed(lambda t=text, g=game: g.load(t), 20))
                    clones.append(timed(state.clone, 20))
        label = f"{game.name} {' '.join(map(str, options.values()))} {players}"
        print(f"{label:<26}{statistics.median(sizes):>9.0f}{max(sizes):>9}"
              f"{statistics.median(dumps):>11.1f}{statistics.median(loads):>13.1f}"
              f"{statistics.median(clones):>9.1f}")


async def table_layer() -> None:
    with tempfile.TemporaryDirectory(prefix="tapete-snap-") as tmp:
        storage = Storage(Path(tmp) / "snap.sqlite3")
        await storage.open()
        service = TableService(storage, cpu_delay=3600, turn_timeout=3600, publish=None, seed=1)
        service.register(TuteCog.spec)
        calls = 0
        original = tute.State.to_json

        def counted(state: Any) -> str:
            nonlocal calls
            calls += 1
            return original(state)

        rng = random.Random(2)
        moves = 0
        with patch.object(tute.State, "to_json", counted):
            for match in range(50):
                table = await service.create(
                    "tute", {"modalidad": "habanero", "juegos": 1}, guild_id=1,
                    channel_id=match + 1, host_id=1, host_name="ana", timing=Timing(3600, 3600))
                await service.join(table, 2, "luis")
                await service.start(table, 1)
                calls = 0 if match == 0 else calls
                while table.state is not None and not table.state.is_over:
                    seat = table.state.to_act
                    assert seat is not None  # the match is not over
                    user = table.seats[seat].user_id
                    assert user is not None  # two people at the table, no CPU
                    await service.act(table, user, rng.choice(table.state.legal_actions()))
                    moves += 1
        # lobby changes (join, start) serialise too; count moves only from the first match on
        print(f"table layer: {calls / moves:.2f} serialisations per accepted move"
              f" ({moves} moves, joins and starts included in the count);"
              f" tables in memory after 50 finished matches: {len(service.by_id)}")
        await service.shutdown()
        await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    args = parser.parse_args()
    snapshots(args.matches)
    asyncio.run(table_layer())


if __name__ == "__main__":
    main()
