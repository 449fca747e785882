"""A player's card play while 20 tables of difícil CPUs think.

Run from the repository root::

    .venv/bin/python benchmarks/bench_cpu_load.py [--plays N] [--tables T] [--think-ms MS]

The table layer on a real SQLite file with the real CPU worker pool (``bot.cpu``): ``T``
Tute tables (individual, three difícil CPU seats and a fourth played at normal, as for a
player who timed out) play on their own, each CPU move searching for ``MS`` in the pool,
while a human pair plays habanero at another table. Timed: one card play of the human
(``TableService.act``: rules, SQLite commit, the public message and the private hand
drawn), first with no CPU table, then with the T tables thinking. Printed: median and p99 of
both and their ratio. The search runs in worker processes, so the bot's event loop (where the
play is handled) is not the one doing the thinking.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.cpu import CpuPlayers
from bot.i18n import catalog
from bot.storage import Storage
from bot.tables import Table, TableService, Timing
from bot.views import hand_message, public_message
from cogs.tute import TuteCog

ES = catalog("es")
CHANNELS = itertools.count(10_000)  # the human tables' channels


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def cpu_table(service: TableService, channel: int) -> Table:
    table = await service.create("tute", {"modalidad": "individual"}, guild_id=1,
                                 channel_id=channel, host_id=channel, host_name="away",
                                 timing=Timing(3600, 0.0))
    for _ in range(3):
        await service.add_cpu(table, channel, "dificil")
    await service.start(table, channel)
    host = next(i for i, s in enumerate(table.seats) if not s.is_cpu)
    table.presence.timed_out(host)  # the host is away: played at normal
    service._schedule(table)
    return table


async def human_plays(service: TableService, plays: int, rng: random.Random) -> list[float]:
    """``plays`` card plays of two humans at a habanero table (new tables as matches end)."""
    times: list[float] = []
    table: Table | None = None
    while len(times) < plays:
        if table is None or table.state is None or table.state.is_over:
            channel = next(CHANNELS)
            table = await service.create("tute", {"modalidad": "habanero"}, guild_id=2,
                                         channel_id=channel, host_id=1, host_name="ana",
                                         timing=Timing(3600, 0.0))
            await service.join(table, 2, "luis")
            await service.start(table, 1)
        state = table.state
        assert state is not None
        seat = state.to_act
        user = table.seats[seat].user_id
        assert user is not None
        action = rng.choice(state.legal_actions())
        start = time.perf_counter()
        await service.act(table, user, action)
        public_message(table, ES)
        hand_message(table, seat, ES)
        times.append(time.perf_counter() - start)
        await asyncio.sleep(0.02)  # a person's pace between clicks
    return times


async def run(plays: int, tables: int, think_ms: float) -> None:
    with tempfile.TemporaryDirectory(prefix="tapete-cpu-load-") as tmp:
        storage = Storage(Path(tmp) / "load.sqlite3")
        await storage.open()
        service = TableService(storage, cpu_delay=0.0, turn_timeout=3600, publish=None,
                               seed=1, cpu=CpuPlayers(think_ms))
        service.register(TuteCog.spec)
        rng = random.Random(1)
        quiet = await human_plays(service, plays, rng)
        for channel in range(1, tables + 1):
            await cpu_table(service, channel)
        await asyncio.sleep(3)  # the workers start and the tables get going
        moved_before = sum(len(t.log) for t in service.by_id.values())
        busy = await human_plays(service, plays, rng)
        moved = sum(len(t.log) for t in service.by_id.values()) - moved_before
        await service.shutdown()
        await storage.close()
    print(f"card play of a human, {plays} plays each (ms), CPU search {think_ms:g} ms,"
          f" {service.cpu.workers} worker(s)")
    for label, values in (("no CPU thinking", quiet),
                          (f"{tables} difícil tables", busy)):
        print(f"  {label:<20} median {statistics.median(values) * 1000:7.2f}"
              f"   p99 {percentile(values, 0.99) * 1000:7.2f}")
    print(f"  ratio busy/quiet     median {statistics.median(busy) / statistics.median(quiet):5.2f}"
          f"   p99 {percentile(busy, 0.99) / percentile(quiet, 0.99):5.2f}"
          f"   ({moved} log lines written by the CPU tables meanwhile)")
    cpu = service.cpu
    print(f"  difícil decisions meanwhile: {cpu.searched} searched, {cpu.at_normal} taken at"
          f" normal (every worker busy, or late)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plays", type=int, default=300)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--think-ms", type=float, default=700.0)
    args = parser.parse_args()
    asyncio.run(run(args.plays, args.tables, args.think_ms))


if __name__ == "__main__":
    main()
