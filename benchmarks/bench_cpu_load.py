"""A player's card play while 20 tables of difícil CPUs think.

Run from the repository root::

    .venv/bin/python benchmarks/bench_cpu_load.py [--plays N] [--tables T[,T...]]
                                                  [--think-ms MS] [--delay S] [--workers W]
                                                  [--games G[,G...]]

The table layer on a real SQLite file with the real CPU worker pool (``bot.cpu``): ``T``
tables of difícil CPUs play on their own, each CPU move pausing ``S`` seconds (the bot's
``CPU_DELAY``) and searching for its share of the pool, while a human pair plays habanero at
another table. The CPU tables' games (``--games``, taken in turn, :data:`GAMES`): Tute
individual by default, three difícil CPU seats and a fourth played at normal, as for a player
who timed out; Belote in pairs the same (its contested decisions may search on for several
budgets, :attr:`rules.cpu.Strategy.stretch`); Escoba one difícil CPU against such a player.
Timed: one card play of the human (``TableService.act``: rules, SQLite commit,
the public message and the private hand drawn), first with no CPU table, then with the T
tables thinking. Printed: median and p99 of both and their ratio (the search runs in worker
processes, so the bot's event loop, where the play is handled, is not the one doing the
thinking); and the difícil moves meanwhile: how many searched, how many could not and were
played at normal (and why: the pool full, or a search late or failed), and the search time
each was granted (median and least). Several table counts (``--tables 2,4,8``) show how many
difícil tables a worker sustains at full think time, and how many before moves fall back to
normal.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.stats import percentile
from tapete.bot.cpu import CpuPlayers
from tapete.bot.i18n import catalog
from tapete.bot.storage import Storage
from tapete.bot.tables import Table, TableService, Timing
from tapete.bot.views import hand_message, public_message
from tapete.cogs.belote import BeloteCog
from tapete.cogs.escoba import EscobaCog
from tapete.cogs.tute import TuteCog

ES = catalog("es")
CHANNELS = itertools.count(10_000)  # the human tables' channels


# The CPU tables' games (``--games``): a game and its options, and the CPU seats it gets.
GAMES: dict[str, tuple[str, dict[str, Any], int]] = {
    "tute": ("tute", {"modalidad": "individual"}, 3),
    "belote-parejas": ("belote", {"parejas": True}, 3),
    "escoba": ("escoba", {}, 1),
}


class Reasons(logging.Handler):
    """The difícil moves played at normal, counted by why (the bot's log line)."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        if str(record.msg).startswith("Difícil CPU played at normal"):
            args = record.args
            self.counts[str(args[0]) if isinstance(args, tuple) and args else "?"] += 1


async def cpu_table(service: TableService, channel: int, delay: float, game: str) -> Table:
    name, options, cpus = GAMES[game]
    table = await service.create(name, dict(options), guild_id=1,
                                 channel_id=channel, host_id=channel, host_name="away",
                                 timing=Timing(3600, delay))
    for _ in range(cpus):
        await service.add_cpu(table, channel, "dificil")
    await service.start(table, channel)
    host = next(i for i, s in enumerate(table.seats) if not s.is_cpu)
    table.presence.timed_out(host)  # the host is away: played at normal
    service.turns.schedule(table)
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
        assert seat is not None  # the match is not over
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


async def run(plays: int, tables: int, think_ms: float, delay: float,
              workers: int | None, games: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="tapete-cpu-load-") as tmp:
        storage = Storage(Path(tmp) / "load.sqlite3")
        await storage.open()
        service = TableService(storage, cpu_delay=delay, turn_timeout=3600, publish=None,
                               seed=1, cpu=CpuPlayers(think_ms, workers))
        for cog in (TuteCog, BeloteCog, EscobaCog):
            service.register(cog.spec)
        reasons = Reasons()
        cpu_log = logging.getLogger("tapete.bot.cpu")
        cpu_log.addHandler(reasons)
        rng = random.Random(1)
        quiet = await human_plays(service, plays, rng)
        for channel in range(1, tables + 1):
            await cpu_table(service, channel, delay, games[(channel - 1) % len(games)])
        await asyncio.sleep(3)  # the workers start and the tables get going
        moved_before = sum(len(t.log) for t in service.by_id.values())
        cpu = service.cpu
        counts_before = cpu.searched, cpu.at_normal
        cpu.budgets.clear()
        reasons.counts.clear()
        busy = await human_plays(service, plays, rng)
        moved = sum(len(t.log) for t in service.by_id.values()) - moved_before
        await service.shutdown()
        await storage.close()
        cpu_log.removeHandler(reasons)  # the next table count counts its own
    print(f"card play of a human, {plays} plays each (ms), CPU search {think_ms:g} ms,"
          f" {service.cpu.workers} worker(s)")
    for label, values in (("no CPU thinking", quiet),
                          (f"{tables} difícil tables", busy)):
        print(f"  {label:<20} median {statistics.median(values) * 1000:7.2f}"
              f"   p99 {percentile(values, 99) * 1000:7.2f}")
    print(f"  ratio busy/quiet     median {statistics.median(busy) / statistics.median(quiet):5.2f}"
          f"   p99 {percentile(busy, 99) / percentile(quiet, 99):5.2f}"
          f"   ({moved} log lines written by the CPU tables meanwhile)")
    searched = cpu.searched - counts_before[0]
    at_normal = cpu.at_normal - counts_before[1]
    shares = sorted(cpu.budgets) or [0.0]
    print(f"  difícil moves meanwhile: {searched} searched, {at_normal} played at normal;"
          f" search granted median {statistics.median(shares):.0f} ms, least {shares[0]:.0f}"
          f" ms ({cpu.workers} worker(s), {tables} tables of {'/'.join(games)},"
          f" pause {delay:g} s)")
    for why, count in reasons.counts.most_common():
        print(f"    at normal: {why}: {count}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plays", type=int, default=300)
    parser.add_argument("--tables", default="20", help="table counts, e.g. 2,4,8")
    parser.add_argument("--think-ms", type=float, default=700.0)
    parser.add_argument("--delay", type=float, default=0.0,
                        help="pause before each CPU move, s (the bot's CPU_DELAY is 1.5)")
    parser.add_argument("--workers", type=int, default=None,
                        help="difícil worker processes (default: one per core but one)")
    parser.add_argument("--games", default="tute",
                        help=f"the CPU tables' games, taken in turn: {', '.join(GAMES)}")
    args = parser.parse_args()
    games = args.games.split(",")
    for game in games:
        if game not in GAMES:
            parser.error(f"unknown game {game!r}: one of {', '.join(GAMES)}")
    for tables in (int(t) for t in args.tables.split(",")):
        asyncio.run(run(args.plays, tables, args.think_ms, args.delay, args.workers, games))


if __name__ == "__main__":
    main()
