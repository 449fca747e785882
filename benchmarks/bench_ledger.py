"""Tomate ledger queries at a large ledger: what /tomate bote, saldo and ranking cost.

Run from the repository root::

    .venv/bin/python benchmarks/bench_ledger.py [--rows N] [--repeat R]

A real SQLite file gets ``--rows`` ledger rows (default 1,000,000) in one server: most between
the pots and a few hundred busy players, and a handful for one player who has barely played.
Each query the commands run is then timed ``--repeat`` times through :class:`bot.bank.Bank`
(the bot's own code, on its aiosqlite reader connection); medians and p99 in milliseconds. The
same player's history is also timed with the unindexed form ``source = ? OR target = ?`` for
comparison. These reads run in the reader's thread: the moves' transactions, on the writer
connection, do not wait for them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.stats import percentile  # noqa: E402
from tapete.bot.bank import Bank  # noqa: E402
from tapete.bot.storage import Storage  # noqa: E402

GUILD = 1
POTS = ("plato", "reserva")
QUIET = "user:999999"  # the player with few movements


def fill(path: Path, rows: int) -> None:
    """Write the rows directly (sqlite3, one transaction): a ledger as years of play leave it."""
    rng = random.Random(1)
    busy = [f"user:{i}" for i in range(1, 400)]
    db = sqlite3.connect(path)
    balances: dict[str, int] = {}

    def rows_iter() -> Any:
        for i in range(rows):
            if i % (rows // 5) == 0:
                source, target = QUIET, "plato"
            else:
                source, target = rng.choice(busy), rng.choice(POTS)
                if rng.random() < 0.5:
                    source, target = target, source
            amount = rng.randint(1, 40)
            balances[source] = balances.get(source, 0) - amount
            balances[target] = balances.get(target, 0) + amount
            yield (GUILD, 1, i // 30, source, target, amount, "mano", "2026-01-01T00:00:00")

    with db:
        db.executemany("INSERT INTO ledger (guild_id, table_id, hand, source, target, amount,"
                       " reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows_iter())
        db.executemany("INSERT INTO accounts (guild_id, account, balance) VALUES (?, ?, ?)",
                       [(GUILD, a, b) for a, b in balances.items()])
    db.close()


async def timed(call: Callable[[], Awaitable[Any]], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        await call()
        times.append((time.perf_counter() - start) * 1000)
    return times


def line(name: str, times: list[float]) -> None:
    p99 = percentile(times, 99)
    print(f"  {name:<44} median {statistics.median(times):8.3f} ms   p99 {p99:8.3f} ms")


def saldo(bank: Bank, who: str) -> Callable[[], Awaitable[Any]]:
    """What /tomate saldo reads for ``who``: the balance and the last 10 movements."""
    return lambda: asyncio.gather(bank.balances(GUILD, [who]), bank.history(GUILD, who, limit=10))


async def run(rows: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ledger.sqlite3"
        storage = Storage(path)
        await storage.open()
        await storage.close()
        start = time.perf_counter()
        fill(path, rows)
        print(f"ledger: {rows:,} rows written in {time.perf_counter() - start:.1f} s")
        storage = Storage(path)
        await storage.open()
        bank = Bank(storage, POTS)
        try:
            line("/tomate bote (pot + last 10 movements)",
                 await timed(lambda: asyncio.gather(bank.pot(GUILD),
                                                    bank.history(GUILD, limit=10)), repeat))
            for who in (QUIET, "user:7", "plato"):
                line(f"/tomate saldo {who}", await timed(saldo(bank, who), repeat))
            line("/tomate ranking (every balance)",
                 await timed(lambda: bank.all_balances(GUILD), repeat))
            unindexed = ("SELECT * FROM ledger WHERE guild_id = ? AND (source = ? OR target = ?)"
                         " ORDER BY id DESC LIMIT 10")
            line(f"history {QUIET}, unindexed OR (comparison)", await timed(
                lambda: storage.fetchall(unindexed, (GUILD, QUIET, QUIET)), max(3, repeat // 20)))
        finally:
            await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=200)
    args, _ = parser.parse_known_args()
    print("== Tomate ledger queries")
    asyncio.run(run(args.rows, args.repeat))


if __name__ == "__main__":
    main()
