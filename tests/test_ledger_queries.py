"""Every query behind /tomate bote, saldo and ranking reads the ledger through an index, so it
answers in milliseconds however long the server's ledger is and never holds the shared
connection (the timings at 1 M rows are in benchmarks/bench_ledger.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tapete.bot.bank import Bank
from tapete.bot.storage import Storage
from tapete.cogs.tomate import PLATO, RESERVA

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


async def test_no_tomate_query_scans_the_ledger_on_postgresql(postgres_url: str) -> None:
    """The same queries on PostgreSQL, planned for the values they run with: every read of the
    ledger goes through one of its per-server indexes (not a sequential scan, nor a walk of
    the primary key filtering every row)."""
    storage = await filled(postgres_url, 3000, random.Random(9))
    # and the rows of 300 other servers, as a public bot's ledger has them
    columns = ("guild_id", "table_id", "hand", "source", "target", "amount", "reason",
               "created_at")
    async with storage.transaction() as db:
        await storage.copy_rows(db, "ledger", columns, [
            (guild, 1, 1, PLATO, f"user:{i % 40}", 5, "mano", "2026-01-01T00:00:00")
            for guild in range(100, 400) for i in range(100)])
    bank = Bank(storage, (PLATO, RESERVA))
    statements: list[tuple[str, tuple[Any, ...]]] = []
    query = storage.engine.query

    async def traced(db: Any, sql: str, params: Any) -> Any:
        statements.append((sql, tuple(params)))
        return await query(db, sql, params)

    try:
        await storage.execute(None, "ANALYZE")
        storage.engine.query = traced  # type: ignore[method-assign]
        await bank.pot(1)
        await bank.balances(1, ["user:3"])
        await bank.history(1, limit=10)  # /tomate bote
        await bank.history(1, "user:3", limit=10)  # /tomate saldo
        await bank.all_balances(1)  # /tomate ranking
        storage.engine.query = query  # type: ignore[method-assign]
        assert len(statements) == 5
        for sql, params in statements:
            plan = [r[0] for r in await storage.fetchall(f"EXPLAIN {sql}", params)]
            for line in plan:
                if " on ledger" in line:
                    assert any(f"using {index} on ledger" in line for index in (
                        "ledger_by_guild", "ledger_by_source", "ledger_by_target")), (sql, plan)
    finally:
        await storage.close()
