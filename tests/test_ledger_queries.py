"""Every query behind /tomate bote, saldo and ranking reads the ledger through an index, so it
answers in milliseconds however long the server's ledger is and never holds the shared
connection (the timings at 1 M rows are in benchmarks/bench_ledger.py)."""

from __future__ import annotations

import random
from pathlib import Path

from bot.bank import Bank
from bot.storage import Storage
from cogs.tomate import PLATO, RESERVA

GUILDS = (1, 2)


async def filled(path: Path | str, rows: int, rng: random.Random) -> Storage:
    storage = Storage(path)
    await storage.open()
    accounts = [PLATO, RESERVA, "cpu", *(f"user:{i}" for i in range(1, 60))]
    async with storage.transaction() as db:
        for _ in range(rows):
            source, target = rng.sample(accounts, 2)
            await storage.ledger.move(db, rng.choice(GUILDS), source, target,
                                      rng.randint(1, 50), "test")
    return storage


async def test_a_players_history_is_the_newest_rows_where_they_pay_or_receive(
    database: Path | str,
) -> None:
    rng = random.Random(8)
    storage = await filled(database, 3000, rng)
    bank = Bank(storage, (PLATO, RESERVA))
    try:
        every = await storage.fetchall("SELECT * FROM ledger ORDER BY id DESC")
        for guild in GUILDS:
            for account in (PLATO, "user:3", "user:59", "user:404"):
                for limit in (1, 10, 25):
                    expected = [r["id"] for r in every if r["guild_id"] == guild
                                and account in (r["source"], r["target"])][:limit]
                    got = await bank.history(guild, account, limit)
                    assert [m.id for m in got] == expected
                    assert all(account in (m.source, m.target) for m in got)
    finally:
        await storage.close()


async def test_no_tomate_query_scans_the_ledger(tmp_path: Path) -> None:
    storage = await filled(tmp_path / "db.sqlite3", 500, random.Random(9))
    bank = Bank(storage, (PLATO, RESERVA))
    statements: list[str] = []
    try:
        await storage.db.set_trace_callback(statements.append)
        await bank.pot(1)
        await bank.balances(1, ["user:3"])
        await bank.history(1, limit=10)  # /tomate bote
        await bank.history(1, "user:3", limit=10)  # /tomate saldo
        await bank.all_balances(1)  # /tomate ranking
        await storage.db.set_trace_callback(None)
        queries = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
        assert len(queries) == 5
        for sql in queries:
            plan = [r[3] for r in await storage.fetchall(f"EXPLAIN QUERY PLAN {sql}")]
            assert not any(line.startswith(("SCAN ledger", "SCAN accounts")) for line in plan), (
                sql, plan)
            # a sort is only ever of a subquery's few rows (LIMIT), never of the ledger
            for i, line in enumerate(plan):
                if "TEMP B-TREE" in line:
                    assert plan[i - 1].startswith("SCAN (subquery"), (sql, plan)
    finally:
        await storage.close()
