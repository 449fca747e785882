"""One schema (``tapete/bot/schema.py``) for both engines: SQLite and PostgreSQL, migrated from
empty, end with the same tables, columns, keys, indexes and checks, as the databases themselves
report them (``tests/schema_probe.py``); and a database built by any earlier version (the
frozen migration texts of ``tests/schema_history.py``) at any migration number upgrades in
place, keeping its rows, to the schema a new database gets."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from tapete.bot import schema
from tapete.bot.storage import ID_TABLES, SCHEMA_TABLES, ChannelTaken, Storage
from tests import schema_history
from tests.conftest import postgres_database
from tests.schema_probe import Schema, deparsed, portable, read_postgresql, read_sqlite

HISTORY = len(schema_history.SQLITE)

# One server's data, every column of every table, with values each engine keeps exactly
# (64-bit ids, a real with a fraction, JSON text). Rows are written with the columns a
# database of that version has; ids are the database's own.
GUILD = 1 << 60
ROWS: dict[str, list[dict[str, Any]]] = {
    "game_tables": [
        {"guild_id": GUILD, "channel_id": GUILD + 1, "game": "tute", "options": '{"a": 1}',
         "host_id": GUILD + 2, "seats": '[{"user_id": 5, "name": "Ana"}]', "status": "playing",
         "state": '{"turn": 0}', "message_id": GUILD + 3, "created_at": "2024-01-01T00:00:00",
         "updated_at": "2024-01-01T00:00:01", "runtime": '{"timing": 30}', "needs_refresh": 0},
        {"guild_id": None, "channel_id": 42, "game": "escoba", "options": "{}", "host_id": 9,
         "seats": "[]", "status": "finished", "state": None, "message_id": None,
         "created_at": "2024-01-02T00:00:00", "updated_at": "2024-01-02T00:00:00",
         "runtime": None, "needs_refresh": 1},
    ],
    "results": [
        {"table_id": None, "guild_id": GUILD, "game": "tute", "seats": "[]",
         "result": '{"winner": 0}', "finished_at": "2024-01-01T01:00:00"},
    ],
    "ledger": [
        {"guild_id": GUILD, "table_id": None, "hand": 3, "source": "reserva",
         "target": "user:5", "amount": (1 << 50) + 1, "reason": "ante",
         "created_at": "2024-01-01T00:00:02"},
    ],
    "accounts": [
        {"guild_id": GUILD, "account": "reserva", "balance": -((1 << 50) + 1)},
        {"guild_id": GUILD, "account": "user:5", "balance": (1 << 50) + 1},
    ],
    "guild_settings": [
        {"guild_id": GUILD, "language": "es", "turn_timeout": 45.0, "cpu_delay": 2.5,
         "table_channel": GUILD + 4, "pictures": 0},
        {"guild_id": 2, "language": "en", "turn_timeout": None, "cpu_delay": None,
         "table_channel": None, "pictures": None},
    ],
    "ratings": [
        {"guild_id": GUILD, "game": "tute", "account": "user:5", "mu": 27.125,
         "sigma": 7.75, "matches": 3, "wins": 2},
    ],
}
# What a column added by a later migration holds in the rows that were there before it.
ADDED_LATER = {"needs_refresh": 0}


Insert = Callable[[str, dict[str, Any]], Awaitable[int | None]]


async def fill(columns_of: dict[str, set[str]], insert: Insert) -> dict[str, list[dict[str, Any]]]:
    """The rows of :data:`ROWS` written with the columns each table has (``columns_of``;
    ``insert`` writes one row, giving its id); what each table should read back after the
    upgrade, ids included."""
    expected: dict[str, list[dict[str, Any]]] = {}
    for table in SCHEMA_TABLES:
        columns = columns_of.get(table)
        if not columns:
            continue
        expected[table] = []
        for row in map(dict, ROWS[table]):
            if table == "results":
                row["table_id"] = expected["game_tables"][0]["id"]
            new_id = await insert(table, {c: v for c, v in row.items() if c in columns})
            if "id" in columns:
                row["id"] = new_id
            expected[table].append(
                {c: (v if c in columns else ADDED_LATER.get(c)) for c, v in row.items()})
    return expected


async def sqlite_fill(path: Path) -> dict[str, list[dict[str, Any]]]:
    db = sqlite3.connect(path, isolation_level=None)

    async def insert(table: str, row: dict[str, Any]) -> int | None:
        marks = ", ".join("?" for _ in row)
        return db.execute(f"INSERT INTO {table} ({', '.join(row)}) VALUES ({marks})",
                          tuple(row.values())).lastrowid

    try:
        return await fill({t: {r[1] for r in db.execute(f"PRAGMA table_info({t})")}
                           for t in SCHEMA_TABLES}, insert)
    finally:
        db.close()


async def postgresql_fill(url: str) -> dict[str, list[dict[str, Any]]]:
    connection = await asyncpg.connect(url)

    async def insert(table: str, row: dict[str, Any]) -> int | None:
        marks = ", ".join(f"${n}" for n in range(1, len(row) + 1))
        sql = f"INSERT INTO {table} ({', '.join(row)}) VALUES ({marks})"
        if table in ID_TABLES:
            return int(await connection.fetchval(sql + " RETURNING id", *row.values()))
        await connection.execute(sql, *row.values())
        return None

    try:
        columns = await connection.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema()")
        columns_of: dict[str, set[str]] = {}
        for r in columns:
            columns_of.setdefault(r["table_name"], set()).add(r["column_name"])
        return await fill(columns_of, insert)
    finally:
        await connection.close()


async def read_back(storage: Storage, table: str, columns: list[str]) -> list[dict[str, Any]]:
    rows = await storage.fetchall(f"SELECT {', '.join(columns)} FROM {table}")
    return in_order([{c: r[c] for c in columns} for r in rows])


def in_order(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows in one order, whatever the engine returned them in (NULLs last)."""
    return sorted(rows, key=lambda r: [(v is None, v) for v in r.values()])


async def schema_of(database: Path | str) -> tuple[Schema, dict[str, str]]:
    """A database's tables as its engine reports them, and its triggers (SQLite only)."""
    if isinstance(database, Path):
        return read_sqlite(database)
    connection = await asyncpg.connect(database)
    try:
        return await read_postgresql(connection), {}
    finally:
        await connection.close()


async def migrate(database: Path | str, upto: int = schema.LATEST) -> None:
    """Today's migrations 1 to ``upto`` on a new database (``upto`` short of the last one:
    without ``Storage.open``, which would apply them all)."""
    if upto == schema.LATEST:
        storage = Storage(database)
        await storage.open()
        await storage.close()
    elif isinstance(database, Path):
        schema_history.build_sqlite(database, upto, scripts=schema.script)
    else:
        await schema_history.build_postgresql(database, upto, scripts=schema.script)


@pytest.fixture
def second_database(request: pytest.FixtureRequest, database: Path | str,
                    tmp_path: Path) -> Iterator[Path | str]:
    """Another empty database of the same engine as ``database``."""
    if isinstance(database, Path):
        yield tmp_path / "other.sqlite3"
        return
    with postgres_database(request.getfixturevalue("postgres_server")) as url:
        yield url


@pytest.mark.parametrize("version", range(HISTORY + 1))
async def test_a_database_of_any_earlier_version_upgrades_in_place(
    database: Path | str, second_database: Path | str, version: int,
) -> None:
    """Built by the old migration texts up to ``version``, filled, then opened by today's
    code: every row is still there, the numbering goes on, the schema is the one a new
    database gets, and the repositories write to it."""
    if isinstance(database, Path):
        schema_history.build_sqlite(database, version)
        expected = await sqlite_fill(database)
    else:
        await schema_history.build_postgresql(database, version)
        expected = await postgresql_fill(database)

    storage = Storage(database)
    await storage.open()
    try:
        assert await storage.version() == schema.LATEST
        for table, rows in expected.items():
            columns = list(ROWS[table][0]) + (["id"] if table in ID_TABLES else [])
            expected_rows = in_order([{c: r[c] for c in columns} for r in rows])
            assert await read_back(storage, table, columns) == expected_rows, table
        tables = expected.get("game_tables", [])
        async with storage.transaction() as db:  # new ids go on above the old ones
            new_id = await storage.tables.create(db, GUILD, GUILD + 99, "tute", {}, 5, [])
            await storage.ledger.move(db, GUILD, "user:5", "plato", 7, "ante")
        assert all(new_id > row["id"] for row in tables)
        if tables:  # the partial unique index still holds: one open table per channel
            with pytest.raises(ChannelTaken):
                async with storage.transaction() as db:
                    await storage.tables.create(db, GUILD, GUILD + 1, "tute", {}, 5, [])
        await storage.guilds.save(GUILD, {"language": "en", "turn_timeout": 60.0})
    finally:
        await storage.close()

    await migrate(second_database)
    assert await schema_of(database) == await schema_of(second_database)


async def test_the_old_texts_and_the_one_schema_build_the_same_database(
    database: Path | str, second_database: Path | str,
) -> None:
    """Today's migrations 1 to 8 are the old texts of each engine, rendered from one source:
    a database built by either reads the same, triggers and constraint names included."""
    if isinstance(database, Path):
        schema_history.build_sqlite(database, HISTORY)
    else:
        await schema_history.build_postgresql(database, HISTORY)
    await migrate(second_database, HISTORY)
    old = await schema_of(database)
    assert set(old[0]) == set(SCHEMA_TABLES)  # the probe read what the old texts made
    assert await schema_of(second_database) == old


async def test_both_engines_end_with_the_same_schema(tmp_path: Path, postgres_url: str) -> None:
    """Migrated from empty, SQLite and PostgreSQL have the same tables, columns (name,
    integer/text/real, NOT NULL, default), primary keys, generated ids, foreign keys, unique
    and partial indexes and CHECK constraints (SQLite's expressions read by PostgreSQL's
    parser). SQLite's only extra is its triggers that refuse a fraction in an integer column,
    where PostgreSQL's integer types refuse one themselves."""
    path = tmp_path / "t.sqlite3"
    await migrate(path)
    await migrate(postgres_url)
    sqlite_tables, triggers = read_sqlite(path)
    connection = await asyncpg.connect(postgres_url)
    try:
        postgresql_tables = await read_postgresql(connection)
        sqlite_read_by_postgresql = await deparsed(sqlite_tables, connection)
    finally:
        await connection.close()

    assert set(sqlite_tables) == set(postgresql_tables) == set(SCHEMA_TABLES)
    assert portable(sqlite_read_by_postgresql) == portable(postgresql_tables)
    # what the comparison covered, so that it cannot pass by reading nothing on both sides
    tables = portable(postgresql_tables).values()
    assert any(i.unique and i.where for t in tables for i in t.indexes)
    assert all(t.columns and t.primary_key for t in tables)
    assert sum(len(t.checks) for t in tables) == 4
    guarded = set()
    for name, sql in triggers.items():
        match = re.fullmatch(
            r"CREATE TRIGGER \w+ BEFORE (?:INSERT|UPDATE OF \w+) ON (\w+)"
            r" WHEN typeof\(NEW\.(\w+)\) != 'integer'.*RAISE\(ABORT, .*\); END", sql)
        assert match is not None, f"trigger {name} is not an integer guard: {sql}"
        table, column = match.groups()
        types = {c.name: c.type for c in postgresql_tables[table].columns}
        assert types[column] == "BIGINT", (name, types[column])
        guarded.add((table, column))
    assert guarded == {("ledger", "amount"), ("accounts", "balance")}


def test_an_up_to_date_database_opens_without_the_migration_libraries(tmp_path: Path) -> None:
    """SQLAlchemy and Alembic are loaded to migrate only: a bot whose database is up to date
    does not carry them (about 25 MB)."""
    code = (
        "import asyncio, sys\n"
        "from bot.storage import Storage\n"
        "async def main():\n"
        f"    storage = Storage({str(tmp_path / 't.sqlite3')!r})\n"
        "    storage.check()\n"
        "    await storage.open()\n"
        "    await storage.close()\n"
        "asyncio.run(main())\n"
        "print(sorted(m for m in ('sqlalchemy', 'alembic') if m in sys.modules))\n")
    root = Path(__file__).resolve().parent.parent
    runs = [subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                           text=True, check=True).stdout.strip() for _ in range(2)]
    assert runs == ["['alembic', 'sqlalchemy']", "[]"]  # the first one migrated
