"""Storage: one interface, two engines. SQLite by default (WAL mode; transactions on the event
loop's thread, reads outside them through aiosqlite: see :class:`SqliteEngine`); PostgreSQL
through an asyncpg pool when the settings give a ``postgresql://`` URL. Both have the same
numbered migrations, written once in :mod:`bot.schema` and rendered for each engine; every
other statement lives in this module, in small repository classes.

Every accepted move is written with :meth:`Storage.transaction`, so a table's snapshot and the
tantos it moves commit together or not at all. On SQLite one connection writes, so
transactions are serialised by an ``asyncio.Lock``; on PostgreSQL each transaction has its own
pooled connection, and whatever reads a server's books to change them takes that server's lock
first (:meth:`Storage.lock_guild`, a transaction-level advisory lock), so two moves on tables of
one server, in one process or in two, are applied one after the other.

The repositories write their SQL once, with ``?`` placeholders; the PostgreSQL engine numbers
them (``$1``, ``$2``...). The few statements the engines spell differently are given per engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

import aiosqlite

from tapete.bot import schema
from tapete.bot.shards import Shards

if TYPE_CHECKING:
    import asyncpg

log = logging.getLogger(__name__)

# A transaction handle, as :meth:`Storage.transaction` yields it: a :class:`SqliteTx` on
# SQLite (used on the event loop's thread, see :class:`SqliteEngine`), an ``asyncpg``
# connection on PostgreSQL. Code outside this module only passes it back to the repositories.
Tx: TypeAlias = Any
# A row: read by column name (``row["id"]``) or position (``row[0]``) on both engines.
Row: TypeAlias = Any

# Every table of the schema, in an order that respects the foreign keys (for copying).
SCHEMA_TABLES = schema.TABLES
ID_TABLES = ("game_tables", "results", "ledger")  # those with an ``id`` of their own


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def is_postgres_url(target: object) -> bool:
    """Whether a database setting names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


class StorageError(Exception):
    """The database cannot be used by this version (one line for the person starting it)."""


class ChannelTaken(Exception):
    """A channel already has an open table (another process, or two commands at once)."""


def newer_schema(current: int) -> StorageError:
    return StorageError(
        "es de una versión más nueva de Tapete"
        f" (esquema {current}; esta versión conoce hasta el {schema.LATEST})"
    )


# The rollbacks to undo, per transaction (see Storage.on_rollback); a context variable because
# PostgreSQL transactions run side by side.
_UNDO: contextvars.ContextVar[list[Callable[[], None]] | None] = contextvars.ContextVar(
    "tapete_storage_undo", default=None)
# The servers whose lock the current transaction holds already.
_LOCKED: contextvars.ContextVar[set[int] | None] = contextvars.ContextVar(
    "tapete_storage_locked", default=None)


class SqliteTx:
    """A SQLite transaction's handle, on the writer connection.

    Most transactions are one statement (a move writes its table's row), so the first write
    is held back: if nothing follows it, it runs alone at commit, a transaction by itself in
    SQLite's autocommit mode (as atomic and durable, without the BEGIN IMMEDIATE and COMMIT
    statements around it). Anything more (a second write, a read, an insert's id) begins the
    transaction first, the held write included, so what a transaction reads is what it
    wrote. A failing held write raises at commit, still inside the transaction's block.
    """

    __slots__ = ("begun", "connection", "held")

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection
        self.held: tuple[str, Sequence[Any]] | None = None
        self.begun = False

    def execute(self, sql: str, params: Sequence[Any]) -> None:
        """A write: held back if it is the first."""
        if not self.begun and self.held is None:
            self.held = (sql, params)
            return
        self.run(sql, params)

    def run(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        """A statement that must run now, inside the transaction."""
        self.begin()
        return self.connection.execute(sql, params)

    def begin(self) -> None:
        if not self.begun:
            self.connection.execute("BEGIN IMMEDIATE")
            self.begun = True
            held, self.held = self.held, None
            if held is not None:
                self.connection.execute(*held)

    def commit(self) -> None:
        if self.begun:
            self.connection.execute("COMMIT")
        elif self.held is not None:
            held, self.held = self.held, None
            self.connection.execute(*held)  # alone: its own transaction

    def rollback(self) -> None:
        self.held = None
        if self.connection.in_transaction:
            with contextlib.suppress(Exception):
                self.connection.execute("ROLLBACK")


# Commits between two checkpoints. A move writes a few pages of the WAL, so this is about
# SQLite's own default of a checkpoint every 1,000 pages.
CHECKPOINT_EVERY = 250


class SqliteEngine:
    """SQLite in WAL mode with ``synchronous=NORMAL``, on two connections.

    **Transactions run on the event loop's own thread**, on a plain ``sqlite3`` connection
    (the *writer*), one at a time (``BEGIN IMMEDIATE`` under an ``asyncio.Lock``). A move's
    transaction is a few statements of some tens of microseconds: in WAL mode with
    ``synchronous=NORMAL`` a commit appends to the WAL without waiting for the disk (a power
    cut may lose the last moves, never part of one; a crashed or killed process loses
    nothing committed). Handing each statement to a worker thread, as aiosqlite does, cost
    more than the statement: a thread wake-up and two hand-overs of the GIL, 0.1–0.3 ms, and
    several ms when the machine is busy, three times per move; it was most of what a player
    waited for after clicking a card (``benchmarks/bench_click.py``, ``docs/SCALING.md``).

    What does wait for the disk, the checkpoint that copies the WAL into the database file
    and flushes both, never runs on the loop: the writer's automatic checkpoints are off, and
    every :data:`CHECKPOINT_EVERY` commits a checkpoint runs on the *reader*, an aiosqlite
    connection with a thread of its own (see :meth:`_run_checkpoint`). The reader also runs
    every statement outside a transaction (the commands' queries: history, rankings, a
    finished table read back), so a long read never holds the loop; it sees committed data
    only. An in-memory database (``:memory:``) cannot be shared
    by two connections: it has the writer only.
    """

    dialect = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self._writer: sqlite3.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._commits = 0  # since the last checkpoint
        self._checkpoint: asyncio.Task[None] | None = None

    @property
    def in_memory(self) -> bool:
        return str(self.path) == ":memory:"

    @property
    def writer(self) -> sqlite3.Connection:
        if self._writer is None:
            raise RuntimeError("Storage is not open.")
        return self._writer

    @property
    def db(self) -> aiosqlite.Connection:
        """The reader (statements outside a transaction)."""
        if self._reader is None:
            raise RuntimeError("Storage is not open." if self._writer is None else
                               "An in-memory SQLite storage has no reader connection.")
        return self._reader

    @property
    def integrity_errors(self) -> tuple[type[Exception], ...]:
        return (sqlite3.IntegrityError,)

    def check(self) -> None:
        """The file can be created and written, and is not from a newer version (plain
        sqlite3, so a failure leaves no worker thread behind)."""
        if not self.in_memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=5)
        try:
            current = int(db.execute("PRAGMA user_version").fetchone()[0])
            if current > schema.LATEST:
                raise newer_schema(current)
            db.execute("BEGIN IMMEDIATE")  # needs write access to the file and its folder
            db.execute("ROLLBACK")
        finally:
            db.close()

    async def open(self) -> None:
        if not self.in_memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        # ``timeout``: how long a transaction waits for another process's write lock (this
        # process's transactions wait for each other on the asyncio.Lock instead).
        writer = sqlite3.connect(self.path, isolation_level=None, timeout=5)
        writer.row_factory = sqlite3.Row
        try:
            for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=NORMAL",
                           "wal_autocheckpoint=0"):
                writer.execute(f"PRAGMA {pragma}").fetchall()
            self._migrate(writer)
        except BaseException:
            writer.close()
            raise
        self._writer = writer
        if self.in_memory:
            return
        connection = aiosqlite.connect(self.path, isolation_level=None)
        # The worker thread must never keep the process alive (a crash or a failing test
        # that skipped close() would otherwise hang at exit); committed data is safe in WAL.
        worker = getattr(connection, "_thread", None)
        if worker is not None:
            worker.daemon = True
        self._reader = await connection
        self._reader.row_factory = aiosqlite.Row

    async def close(self) -> None:
        checkpoint = self._checkpoint
        if checkpoint is not None:
            await asyncio.wait([checkpoint])  # it logs its own failure
        async with self._lock:
            if self._writer is not None:
                self._writer.close()
                self._writer = None
            if self._reader is not None:
                await self._reader.close()  # the last connection checkpoints the WAL
                self._reader = None

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Pending migrations, each in its own transaction (at start-up, before any table
        is played, so on the loop's thread too)."""
        current = int(db.execute("PRAGMA user_version").fetchone()[0])
        if current > schema.LATEST:
            raise newer_schema(current)
        for number in range(current + 1, schema.LATEST + 1):
            log.info("Applying migration %d", number)
            db.executescript(f"BEGIN; {schema.script(number, self.dialect)}"
                             f" PRAGMA user_version = {number}; COMMIT;")

    async def version(self) -> int:
        return int(self.writer.execute("PRAGMA user_version").fetchone()[0])

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        async with self._lock:
            tx = SqliteTx(self.writer)
            try:
                yield tx
                tx.commit()
            except BaseException:
                tx.rollback()
                raise
        self._committed()

    def _committed(self) -> None:
        """Count a commit; every :data:`CHECKPOINT_EVERY`, a checkpoint on the reader."""
        self._commits += 1
        if self._commits < CHECKPOINT_EVERY or self._reader is None or (
                self._checkpoint is not None and not self._checkpoint.done()):
            return
        self._commits = 0
        self._checkpoint = asyncio.get_running_loop().create_task(self._run_checkpoint())

    async def _run_checkpoint(self) -> None:
        """Copy the WAL into the database file, in the reader's thread, holding the write
        lock: with no commit in between, the checkpoint gets to the end of the WAL, and the
        next transaction writes the WAL from its beginning again (commits interleaved with
        it would keep the WAL growing). Transactions wait meanwhile, the event loop does
        not, and the click whose commit started it has been answered already."""
        try:
            async with self._lock:
                if self._reader is not None:
                    await self._reader.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception:
            log.exception("SQLite checkpoint failed (the next one copies what it left)")

    async def execute(self, db: Tx | None, sql: str, params: Sequence[Any]) -> None:
        if db is not None:
            db.execute(sql, params)
            return
        async with self.transaction() as tx:  # a write on its own is a transaction of one
            tx.execute(sql, params)

    async def query(self, db: Tx | None, sql: str, params: Sequence[Any]) -> list[Row]:
        if db is not None:
            return list(db.run(sql, params).fetchall())
        if self._reader is None:
            return list(self.writer.execute(sql, params).fetchall())
        # run and fetched in one call in the reader's thread: no statement stays open across
        # an await, where a checkpoint on the same connection would find the table locked
        return list(await self._reader.execute_fetchall(sql, params))

    async def insert(self, db: Tx, sql: str, params: Sequence[Any]) -> int:
        cur = db.run(sql, params)
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    async def insert_many(self, db: Tx, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        db.begin()
        db.connection.executemany(sql, rows)

    async def lock_guild(self, db: Tx, guild_id: int) -> None:
        """Nothing to do: a SQLite transaction already excludes every other writer."""

    async def after_copy(self, db: Tx) -> None:
        """Nothing to do: SQLite's next id is always above the largest one."""


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The ``?`` placeholders of a statement as PostgreSQL's ``$1``, ``$2``... (outside quotes;
    no statement here has a question mark in a literal)."""
    out: list[str] = []
    n = 0
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?" and not quoted:
            n += 1
            out.append(f"${n}")
        else:
            out.append(ch)
    return "".join(out)


# Advisory lock keys: (namespace, key) pairs of 32-bit integers; the namespaces keep Tapete's
# locks apart from any other program's in the same database.
LOCK_MIGRATIONS = (0x7A9E7E, 0)
LOCK_GUILD = 0x7A9E7F


def guild_lock_key(guild_id: int) -> int:
    """A server's lock key: its id folded into a signed 32-bit integer (two servers sharing a
    key only wait for each other)."""
    folded = (guild_id ^ (guild_id >> 31) ^ (guild_id >> 62)) & 0xFFFFFFFF
    return folded - (1 << 32) if folded >= 1 << 31 else folded


class PostgresEngine:
    """An asyncpg pool; each transaction on its own connection, READ COMMITTED, with a
    server's books serialised by its advisory lock (see :meth:`Storage.lock_guild`)."""

    dialect = "postgresql"

    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.url = url
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("Storage is not open.")
        return self._pool

    @property
    def db(self) -> aiosqlite.Connection:
        raise RuntimeError("A PostgreSQL storage has no single connection.")

    @property
    def integrity_errors(self) -> tuple[type[Exception], ...]:
        import asyncpg

        return (asyncpg.IntegrityConstraintViolationError,)

    def check(self) -> None:
        """The server answers, and its schema is not from a newer version."""
        asyncio.run(self._check())

    async def _check(self) -> None:
        try:
            import asyncpg
        except ModuleNotFoundError:  # an optional extra: the SQLite file needs nothing more
            raise StorageError("PostgreSQL needs its driver: pip install 'tapete[postgres]' "
                               "(python3 run.py installs it when DATABASE_URL is set)") from None

        connection = await asyncpg.connect(self.url, timeout=10)
        try:
            current = await self._version(connection)
            if current > schema.LATEST:
                raise newer_schema(current)
        finally:
            await connection.close()

    @staticmethod
    async def _version(connection: Any) -> int:
        exists = await connection.fetchval("SELECT to_regclass('tapete_schema') IS NOT NULL")
        if not exists:
            return 0
        return int(await connection.fetchval("SELECT version FROM tapete_schema") or 0)

    async def open(self) -> None:
        import asyncpg

        self._pool = await asyncpg.create_pool(
            self.url, min_size=1, max_size=self.pool_size, timeout=30)
        try:
            await self._migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def _migrate(self) -> None:
        """Pending migrations, each in its own transaction, under a lock so that processes
        started together migrate once."""
        async with self.pool.acquire() as connection:
            while True:
                async with connection.transaction():
                    await connection.execute("SELECT pg_advisory_xact_lock($1, $2)",
                                             *LOCK_MIGRATIONS)
                    await connection.execute(
                        "CREATE TABLE IF NOT EXISTS tapete_schema (version INTEGER NOT NULL)")
                    current = await self._version(connection)
                    if current > schema.LATEST:
                        raise newer_schema(current)
                    if current == schema.LATEST:
                        return
                    number = current + 1
                    log.info("Applying migration %d", number)
                    sql = schema.script(number, self.dialect)
                    if sql:
                        await connection.execute(sql)
                    await connection.execute("DELETE FROM tapete_schema")
                    await connection.execute("INSERT INTO tapete_schema VALUES ($1)", number)

    async def version(self) -> int:
        async with self.pool.acquire() as connection:
            return await self._version(connection)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self.pool.acquire() as connection, connection.transaction():
            yield connection

    async def execute(self, db: Tx | None, sql: str, params: Sequence[Any]) -> None:
        await (db or self.pool).execute(numbered(sql), *params)

    async def query(self, db: Tx | None, sql: str, params: Sequence[Any]) -> list[Row]:
        return list(await (db or self.pool).fetch(numbered(sql), *params))

    async def insert(self, db: Tx, sql: str, params: Sequence[Any]) -> int:
        return int(await db.fetchval(numbered(sql) + " RETURNING id", *params))

    async def insert_many(self, db: Tx, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await db.executemany(numbered(sql), rows)

    async def lock_guild(self, db: Tx, guild_id: int) -> None:
        await db.execute("SELECT pg_advisory_xact_lock($1, $2)", LOCK_GUILD,
                         guild_lock_key(guild_id))

    async def after_copy(self, db: Tx) -> None:
        """After rows were copied with their ids: new ids continue above the largest."""
        for table in ID_TABLES:
            await db.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" COALESCE((SELECT max(id) FROM {table}), 0) + 1, false)")


Engine: TypeAlias = SqliteEngine | PostgresEngine


class Storage:
    """The bot's database: ``Storage(path)`` for a SQLite file (created with its folder),
    ``Storage("postgresql://...")`` for a PostgreSQL database. ``open`` applies pending
    migrations. The repositories (``tables``, ``results``, ``ledger``, ``guilds``,
    ``ratings``) hold every statement."""

    def __init__(self, target: Path | str, *, pool_size: int = 10) -> None:
        self.engine: Engine
        if is_postgres_url(target):
            self.engine = PostgresEngine(str(target), pool_size)
            self.path: Path | None = None
        else:
            self.path = Path(target)
            self.engine = SqliteEngine(self.path)
        self.tables = TableRepo(self)
        self.results = ResultRepo(self)
        self.ledger = LedgerRepo(self)
        self.guilds = GuildSettingsRepo(self)
        self.ratings = RatingRepo(self)
        self.users = UserDataRepo(self)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect

    @property
    def db(self) -> aiosqlite.Connection:
        """SQLite's reader connection, aiosqlite's (PostgreSQL has a pool instead)."""
        return self.engine.db

    def check(self) -> None:
        """Before logging in: the database can be used (and written) by this version."""
        self.engine.check()

    async def open(self) -> None:
        await self.engine.open()

    async def close(self) -> None:
        await self.engine.close()

    async def version(self) -> int:
        """The number of the last migration applied."""
        return await self.engine.version()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One atomic unit of work; rolls back on any error (a failed commit included), and
        then runs what :meth:`on_rollback` registered, so caches follow the database."""
        undo: list[Callable[[], None]] = []
        token, locked = _UNDO.set(undo), _LOCKED.set(set())
        try:
            async with self.engine.transaction() as db:
                yield db
        except BaseException:
            for step in reversed(undo):
                step()
            raise
        finally:
            _UNDO.reset(token)
            _LOCKED.reset(locked)

    def on_rollback(self, undo: Callable[[], None]) -> None:
        """Inside a transaction: call ``undo`` if it rolls back (e.g. to restore a cache)."""
        steps = _UNDO.get()
        if steps is not None:
            steps.append(undo)

    async def lock_guild(self, db: Tx, guild_id: int) -> None:
        """Inside a transaction: wait for, and hold until it ends, the lock of a server's
        books, so that what it reads of them is still true when it writes."""
        held = _LOCKED.get()
        if held is not None and guild_id in held:
            return
        await self.engine.lock_guild(db, guild_id)
        if held is not None:
            held.add(guild_id)

    # Every statement goes through these four, on a transaction's handle or (``db`` None) on
    # its own.
    async def execute(self, db: Tx | None, sql: str, params: Sequence[Any] = ()) -> None:
        await self.engine.execute(db, sql, params)

    async def query(self, db: Tx | None, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.engine.query(db, sql, params)

    async def insert(self, db: Tx, sql: str, params: Sequence[Any] = ()) -> int:
        """An INSERT into a table with an ``id`` column; the new row's id."""
        return await self.engine.insert(db, sql, params)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.engine.query(None, sql, params)

    # -- copying a whole database (python3 run.py migrate-to-postgres) ----------------------

    async def rows_of(
        self, table: str, batch: int = 5000
    ) -> AsyncIterator[tuple[list[str], list[tuple[Any, ...]]]]:
        """Every row of one of :data:`SCHEMA_TABLES` with its column names, in batches (by
        id where the table has one)."""
        if table not in SCHEMA_TABLES:
            raise ValueError(table)
        if table not in ID_TABLES:
            rows = await self.fetchall(f"SELECT * FROM {table}")
            if rows:
                columns = list(rows[0].keys())
                yield columns, [tuple(r[c] for c in columns) for r in rows]
            return
        last = -(1 << 63)
        while True:
            rows = await self.fetchall(
                f"SELECT * FROM {table} WHERE id > ? ORDER BY id LIMIT ?", (last, batch))
            if not rows:
                return
            columns = list(rows[0].keys())
            yield columns, [tuple(r[c] for c in columns) for r in rows]
            last = rows[-1]["id"]

    async def count(self, table: str, db: Tx | None = None) -> int:
        if table not in SCHEMA_TABLES:
            raise ValueError(table)
        rows = await self.query(db, f"SELECT count(*) FROM {table}")
        return int(rows[0][0])

    async def copy_rows(self, db: Tx, table: str, columns: Sequence[str],
                        rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows as they are (ids included) inside a transaction."""
        if table not in SCHEMA_TABLES or not all(c.isidentifier() for c in columns):
            raise ValueError(table)
        if rows:
            marks = ", ".join("?" for _ in columns)
            await self.engine.insert_many(
                db, f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)

    async def after_copy(self, db: Tx) -> None:
        await self.engine.after_copy(db)

    async def ledger_totals(self, db: Tx | None = None) -> dict[int, tuple[int, int]]:
        """Per server: how many ledger rows, and the tantos they moved in all."""
        rows = await self.query(
            db, "SELECT guild_id, count(*), COALESCE(sum(amount), 0) FROM ledger"
            " GROUP BY guild_id")
        return {int(r[0]): (int(r[1]), int(r[2])) for r in rows}

    async def balance_totals(self, db: Tx | None = None) -> dict[int, tuple[int, int]]:
        """Per server: how many accounts, and the sum of every balance, pots included (0
        when the books are right)."""
        rows = await self.query(
            db, "SELECT guild_id, count(*), COALESCE(sum(balance), 0) FROM accounts"
            " GROUP BY guild_id")
        return {int(r[0]): (int(r[1]), int(r[2])) for r in rows}


def shard_filter(shards: Shards | None, column: str = "guild_id") -> tuple[str, list[Any]]:
    """An ``AND`` clause keeping the rows of the servers a process owns (Discord's rule:
    ``(guild_id >> 22) % shard_count``; no server, i.e. a DM, is shard 0), and its values."""
    if shards is None or shards.all:
        return "", []
    ids = sorted(shards.ids or ())
    marks = ", ".join("?" for _ in ids)
    return (f" AND ((COALESCE({column}, 0) >> 22) % ?) IN ({marks})", [shards.count, *ids])


@dataclass
class TableRecord:
    """A row of ``game_tables``: what the table layer needs to rebuild a table."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    host_id: int
    seats: list[dict[str, Any]]
    status: str
    state: str | None
    message_id: int | None
    runtime: dict[str, Any] | None = None  # the table layer's own: timing, presence


class TableRepo:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        # Per open table, the seats last written and their JSON: a move rewrites the row, and
        # the seats seldom change between two moves.
        self._seats: dict[int, tuple[list[dict[str, Any]], str]] = {}

    async def create(
        self, db: Tx, guild_id: int | None, channel_id: int, game: str,
        options: dict[str, Any], host_id: int, seats: list[dict[str, Any]],
        runtime: dict[str, Any] | None = None,
    ) -> int:
        """A new lobby; :class:`ChannelTaken` if the channel has an open table already."""
        try:
            return await self.storage.insert(
                db,
                "INSERT INTO game_tables (guild_id, channel_id, game, options, host_id, seats,"
                " status, runtime, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                (guild_id, channel_id, game, json.dumps(options), host_id, json.dumps(seats),
                 json.dumps(runtime) if runtime is not None else None, now(), now()),
            )
        except self.storage.engine.integrity_errors as exc:  # one_open_table_per_channel
            raise ChannelTaken(channel_id) from exc

    async def save(
        self, db: Tx, table_id: int, *, seats: list[dict[str, Any]],
        status: str, state: str | None, message_id: int | None,
        runtime: dict[str, Any] | str | None = None, needs_refresh: bool = False,
    ) -> None:
        """``runtime``: the table layer's data, or its JSON text already made.
        ``needs_refresh``: the public message must still be brought to this state (a table
        that ended: see :meth:`to_refresh`)."""
        if runtime is not None and not isinstance(runtime, str):
            runtime = json.dumps(runtime)
        await self.storage.execute(
            db,
            "UPDATE game_tables SET seats = ?, status = ?, state = ?, message_id = ?,"
            " runtime = ?, needs_refresh = ?, updated_at = ? WHERE id = ?",
            (self._seats_json(table_id, seats, status), status, state, message_id,
             runtime, int(needs_refresh), now(), table_id),
        )

    def _seats_json(self, table_id: int, seats: list[dict[str, Any]], status: str) -> str:
        """The seats as JSON, encoded again only when they changed (equal data encode to the
        same text; forgotten when the table closes). The seats are kept to compare with the
        next save: callers pass a list they do not change afterwards (``Table.seat_data``
        builds it anew)."""
        last = self._seats.get(table_id)
        text = last[1] if last is not None and last[0] == seats else json.dumps(seats)
        if status in ("lobby", "playing"):
            self._seats[table_id] = (seats, text)
        else:
            self._seats.pop(table_id, None)
        return text

    async def refreshed(self, table_id: int) -> None:
        """The table's public message now shows the state saved with ``needs_refresh``."""
        async with self.storage.transaction() as db:
            await self.storage.execute(
                db, "UPDATE game_tables SET needs_refresh = 0 WHERE id = ?", (table_id,))

    async def to_refresh(self, shards: Shards | None = None) -> list[TableRecord]:
        """The finished and cancelled tables whose public message may not show their end
        (with ``shards``, of those shards' servers only): few, found by a partial index."""
        where, values = shard_filter(shards)
        rows = await self.storage.fetchall(
            "SELECT * FROM game_tables WHERE needs_refresh = 1"
            " AND status IN ('finished', 'cancelled')" + where + " ORDER BY id", values)
        return [self._record(r) for r in rows]

    async def open_tables(self, shards: Shards | None = None) -> list[TableRecord]:
        """Every lobby and game in progress; with ``shards``, only those of the servers of
        those shards (the others are not even read)."""
        where, values = shard_filter(shards)
        rows = await self.storage.fetchall(
            "SELECT * FROM game_tables WHERE status IN ('lobby', 'playing')" + where
            + " ORDER BY id", values,
        )
        return [self._record(r) for r in rows]

    async def get(self, table_id: int) -> TableRecord | None:
        rows = await self.storage.fetchall("SELECT * FROM game_tables WHERE id = ?", (table_id,))
        return self._record(rows[0]) if rows else None

    @staticmethod
    def _record(row: Row) -> TableRecord:
        return TableRecord(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
            game=row["game"], options=json.loads(row["options"]), host_id=row["host_id"],
            seats=json.loads(row["seats"]), status=row["status"], state=row["state"],
            message_id=row["message_id"],
            runtime=json.loads(row["runtime"]) if row["runtime"] else None,
        )


class ResultRepo:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def add(
        self, db: Tx, table_id: int, guild_id: int | None, game: str,
        seats: list[dict[str, Any]], result: dict[str, Any],
    ) -> None:
        await self.storage.execute(
            db,
            "INSERT INTO results (table_id, guild_id, game, seats, result, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, guild_id, game, json.dumps(seats), json.dumps(result), now()),
        )

    async def for_table(self, table_id: int) -> list[dict[str, Any]]:
        rows = await self.storage.fetchall(
            "SELECT result FROM results WHERE table_id = ? ORDER BY id", (table_id,)
        )
        return [json.loads(r["result"]) for r in rows]

    async def recent(
        self, guild_id: int, game: str | None = None, *, user_id: int | None = None,
        limit: int = 10,
    ) -> list[ResultRecord]:
        """A server's latest results, newest first: of one game, or with one player."""
        sql = "SELECT * FROM results WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        if user_id is not None:  # seats are JSON: {"user_id": 123, ...}
            sql += " AND seats LIKE ?"
            params.append(f'%"user_id": {int(user_id)},%')
        rows = await self.storage.fetchall(sql + " ORDER BY id DESC LIMIT ?", (*params, limit))
        return [ResultRecord.of(r) for r in rows]

    async def get(self, result_id: int) -> ResultRecord | None:
        rows = await self.storage.fetchall("SELECT * FROM results WHERE id = ?", (result_id,))
        return ResultRecord.of(rows[0]) if rows else None


@dataclass(frozen=True)
class ResultRecord:
    """A row of ``results``: how a match or session ended."""

    id: int
    table_id: int
    guild_id: int | None
    game: str
    seats: list[dict[str, Any]]
    result: dict[str, Any]
    finished_at: str

    @classmethod
    def of(cls, row: Row) -> ResultRecord:
        return cls(row["id"], row["table_id"], row["guild_id"], row["game"],
                   json.loads(row["seats"]), json.loads(row["result"]), row["finished_at"])


@dataclass(frozen=True)
class Rating:
    """A skill rating (openskill's mu and sigma) and how many matches it rests on."""

    account: str
    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate rankings sort by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


class RatingRepo:
    """Skill ratings per server, game and account (``user:<id>`` or ``cpu:<level>``)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def of(
        self, db: Tx, guild_id: int, game: str, accounts: Sequence[str]
    ) -> dict[str, Rating]:
        """Inside the transaction that will save them: the server's lock is taken first, so
        two matches ending at once in one server rate one after the other."""
        await self.storage.lock_guild(db, guild_id)
        marks = ", ".join("?" for _ in accounts)
        rows = await self.storage.query(
            db, "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND account IN ({marks})", (guild_id, game, *accounts),
        )
        return {r["account"]: self._rating(r) for r in rows}

    async def save(self, db: Tx, guild_id: int, game: str, rating: Rating) -> None:
        await self.storage.execute(
            db,
            "INSERT INTO ratings (guild_id, game, account, mu, sigma, matches, wins)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, account) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches,"
            " wins = excluded.wins",
            (guild_id, game, rating.account, float(rating.mu), float(rating.sigma),
             rating.matches, rating.wins),
        )

    async def top(self, guild_id: int, game: str, limit: int = 15) -> list[Rating]:
        rows = await self.storage.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            f" ORDER BY mu - 3 * sigma DESC, account{self._bytewise} LIMIT ?",
            (guild_id, game, limit))
        return [self._rating(r) for r in rows]

    async def of_account(self, guild_id: int, account: str) -> dict[str, Rating]:
        """Every game's rating of one account in a server."""
        rows = await self.storage.fetchall(
            f"SELECT * FROM ratings WHERE guild_id = ? AND account = ? ORDER BY game"
            f"{self._bytewise}", (guild_id, account))
        return {r["game"]: self._rating(r) for r in rows}

    @property
    def _bytewise(self) -> str:
        """Text sorted byte by byte, as SQLite does, whatever the PostgreSQL database's
        collation."""
        return ' COLLATE "C"' if self.storage.dialect == "postgresql" else ""

    @staticmethod
    def _rating(row: Row) -> Rating:
        return Rating(row["account"], row["mu"], row["sigma"], row["matches"], row["wins"])


@dataclass(frozen=True)
class Movement:
    """One ledger row."""

    id: int
    table_id: int | None
    hand: int | None
    source: str
    target: str
    amount: int
    reason: str
    created_at: str

    @classmethod
    def of(cls, r: Row) -> Movement:
        return cls(r["id"], r["table_id"], r["hand"], r["source"], r["target"], r["amount"],
                   r["reason"], r["created_at"])


class GuildSettingsRepo:
    """Per-server settings: language, timing of new tables, the channel for tables, whether
    tables show pictures."""

    COLUMNS = ("language", "turn_timeout", "cpu_delay", "table_channel", "pictures")

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def all(self, shards: Shards | None = None) -> dict[int, dict[str, Any]]:
        """Every server's settings (with ``shards``, of the servers of those shards only)."""
        where, values = shard_filter(shards)
        rows = await self.storage.fetchall(
            f"SELECT guild_id, {', '.join(self.COLUMNS)} FROM guild_settings WHERE 1 = 1"
            + where, values)
        return {r["guild_id"]: {c: r[c] for c in self.COLUMNS} for r in rows}

    async def save(self, guild_id: int, values: dict[str, Any]) -> None:
        """Write a server's settings (every column; ``language`` is required)."""
        row = [values.get(c) for c in self.COLUMNS]
        for i, column in enumerate(self.COLUMNS):  # the REAL columns take floats only
            value = row[i]
            if column in ("turn_timeout", "cpu_delay") and value is not None:
                row[i] = float(value)
            elif column == "pictures" and value is not None:
                row[i] = int(bool(value))
        async with self.storage.transaction() as db:
            await self.storage.execute(
                db,
                f"INSERT INTO guild_settings (guild_id, {', '.join(self.COLUMNS)})"
                f" VALUES (?, {', '.join('?' for _ in self.COLUMNS)})"
                " ON CONFLICT (guild_id) DO UPDATE SET "
                + ", ".join(f"{c} = excluded.{c}" for c in self.COLUMNS),
                (guild_id, *row),
            )


class UserDataRepo:
    """What the database holds about one user, in every server, to copy it or erase it
    (``bot.privacy``). Seats are JSON (``{"user_id": 123, "name": ...}``): rows are found with
    ``LIKE`` and read page by page; the caller checks each seat exactly."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    @staticmethod
    def seated(user_id: int) -> str:
        """The ``LIKE`` pattern of a seat of this user in a seats column."""
        return f'%"user_id": {int(user_id)},%'

    async def open_tables(self, db: Tx | None, user_id: int) -> list[TableRecord]:
        """Lobbies and games in progress, in any server, where the user sits or hosts."""
        rows = await self.storage.query(
            db, "SELECT * FROM game_tables WHERE status IN ('lobby', 'playing')"
            " AND (host_id = ? OR seats LIKE ?) ORDER BY id", (user_id, self.seated(user_id)))
        return [TableRepo._record(r) for r in rows]

    async def tables(self, db: Tx | None, user_id: int, after: int = 0,
                     limit: int = 500) -> list[TableRecord]:
        """A page of the tables, of any status, the user sat at or hosted."""
        rows = await self.storage.query(
            db, "SELECT * FROM game_tables WHERE id > ? AND (host_id = ? OR seats LIKE ?)"
            " ORDER BY id LIMIT ?", (after, user_id, self.seated(user_id), limit))
        return [TableRepo._record(r) for r in rows]

    async def results(self, db: Tx | None, user_id: int, after: int = 0,
                      limit: int = 500) -> list[ResultRecord]:
        """A page of the results with a seat of the user."""
        rows = await self.storage.query(
            db, "SELECT * FROM results WHERE id > ? AND seats LIKE ? ORDER BY id LIMIT ?",
            (after, self.seated(user_id), limit))
        return [ResultRecord.of(r) for r in rows]

    async def set_table_seats(self, db: Tx, table_id: int, seats: list[dict[str, Any]],
                              host_id: int, runtime: dict[str, Any] | None) -> None:
        """A table's seats, host and runtime record (whose public log names the players)."""
        await self.storage.execute(
            db, "UPDATE game_tables SET seats = ?, host_id = ?, runtime = ? WHERE id = ?",
            (json.dumps(seats), host_id, json.dumps(runtime) if runtime is not None else None,
             table_id))

    async def set_result_seats(self, db: Tx, result_id: int,
                               seats: list[dict[str, Any]]) -> None:
        await self.storage.execute(
            db, "UPDATE results SET seats = ? WHERE id = ?", (json.dumps(seats), result_id))

    async def ratings(self, user_id: int) -> list[tuple[int, str, Rating]]:
        """Every (server, game, rating) of the user."""
        rows = await self.storage.fetchall(
            "SELECT * FROM ratings WHERE account = ? ORDER BY guild_id, game",
            (f"user:{int(user_id)}",))
        return [(r["guild_id"], r["game"], RatingRepo._rating(r)) for r in rows]

    async def delete_ratings(self, db: Tx, user_id: int) -> int:
        account = f"user:{int(user_id)}"
        rows = await self.storage.query(
            db, "SELECT count(*) FROM ratings WHERE account = ?", (account,))
        await self.storage.execute(db, "DELETE FROM ratings WHERE account = ?", (account,))
        return int(rows[0][0])

    async def balances(self, db: Tx | None, account: str) -> dict[int, int]:
        """The account's balance in every server where it has one."""
        rows = await self.storage.query(
            db, "SELECT guild_id, balance FROM accounts WHERE account = ? ORDER BY guild_id",
            (account,))
        return {int(r["guild_id"]): int(r["balance"]) for r in rows}

    async def movements(self, guild_id: int, account: str, after: int = 0,
                        limit: int = 1000) -> list[Movement]:
        """A page of the rows of a server's ledger that an account paid or received, oldest
        first (each half read along its own index)."""
        alias = " AS side" if self.storage.dialect == "postgresql" else ""
        rows = await self.storage.fetchall(
            "SELECT * FROM (SELECT * FROM ledger WHERE guild_id = ? AND source = ? AND id > ?"
            " UNION ALL SELECT * FROM ledger WHERE guild_id = ? AND target = ? AND id > ?)"
            f"{alias} ORDER BY id LIMIT ?",
            (guild_id, account, after, guild_id, account, after, limit))
        return [Movement.of(r) for r in rows]

    async def rename_account(self, db: Tx, guild_id: int, old: str, new: str) -> int:
        """Give an account another name in a server's ledger and balances (the same rows and
        amounts: the books balance as before); how many ledger rows changed. The caller holds
        the server's lock."""
        rows = await self.storage.query(
            db, "SELECT count(*) FROM ledger WHERE guild_id = ? AND (source = ? OR target = ?)",
            (guild_id, old, old))
        for column in ("source", "target"):
            await self.storage.execute(
                db, f"UPDATE ledger SET {column} = ? WHERE guild_id = ? AND {column} = ?",
                (new, guild_id, old))
        await self.storage.execute(
            db, "UPDATE accounts SET account = ? WHERE guild_id = ? AND account = ?",
            (new, guild_id, old))
        return int(rows[0][0])


# A player's latest movements: the newest rows where the account pays and where it receives,
# each read backwards along its own index, then merged. (``source = ? OR target = ?`` cannot
# use an index and scans the server's whole ledger.)
ACCOUNT_HISTORY = (
    "SELECT * FROM (SELECT * FROM ledger WHERE guild_id = ? AND source = ?"
    " ORDER BY id DESC LIMIT ?)"
    " UNION ALL SELECT * FROM (SELECT * FROM ledger WHERE guild_id = ? AND target = ?"
    " ORDER BY id DESC LIMIT ?)"
    " ORDER BY id DESC LIMIT ?"
)
# The same for PostgreSQL, whose subqueries need names.
ACCOUNT_HISTORY_PG = (
    "SELECT * FROM (SELECT * FROM ledger WHERE guild_id = ? AND source = ?"
    " ORDER BY id DESC LIMIT ?) AS paid"
    " UNION ALL SELECT * FROM (SELECT * FROM ledger WHERE guild_id = ? AND target = ?"
    " ORDER BY id DESC LIMIT ?) AS received"
    " ORDER BY id DESC LIMIT ?"
)


class LedgerRepo:
    """The SQL of the ledger: each movement is a ledger row plus two balance updates, written
    inside the caller's transaction, so the balances of a server always sum to 0. Only
    :class:`bot.bank.Bank` calls :meth:`move`.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def move(
        self, db: Tx, guild_id: int, source: str, target: str, amount: int,
        reason: str, *, table_id: int | None = None, hand: int | None = None,
    ) -> None:
        if type(amount) is not int or amount <= 0 or source == target:
            # asyncpg would send 1.5 as 1 (and SQLite's trigger refuses it): refused here
            raise ValueError("A movement needs a positive whole amount between two accounts.")
        await self.storage.lock_guild(db, guild_id)
        await self.storage.execute(
            db,
            "INSERT INTO ledger (guild_id, table_id, hand, source, target, amount, reason,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, table_id, hand, source, target, amount, reason, now()),
        )
        for account, delta in ((source, -amount), (target, amount)):
            await self.storage.execute(
                db,
                "INSERT INTO accounts (guild_id, account, balance) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, account)"
                " DO UPDATE SET balance = accounts.balance + excluded.balance",
                (guild_id, account, delta),
            )

    async def balances(self, guild_id: int) -> dict[str, int]:
        rows = await self.storage.fetchall(
            "SELECT account, balance FROM accounts WHERE guild_id = ?", (guild_id,)
        )
        return {r["account"]: r["balance"] for r in rows}

    async def balances_of(
        self, db: Tx | None, guild_id: int, accounts: Sequence[str]
    ) -> dict[str, int]:
        """Balances of some accounts (0 when unseen); pass ``db`` to read in a transaction,
        which then holds the server's lock until it ends (what it read stays true)."""
        if db is not None:
            await self.storage.lock_guild(db, guild_id)
        marks = ", ".join("?" for _ in accounts)
        sql = f"SELECT account, balance FROM accounts WHERE guild_id = ? AND account IN ({marks})"
        found = {r[0]: r[1] for r in await self.storage.query(db, sql, (guild_id, *accounts))}
        return {a: found.get(a, 0) for a in accounts}

    async def history(
        self, guild_id: int, account: str | None = None, limit: int = 10
    ) -> list[Movement]:
        if account is None:
            rows = await self.storage.fetchall(
                "SELECT * FROM ledger WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
                (guild_id, limit),
            )
        else:
            sql = ACCOUNT_HISTORY_PG if self.storage.dialect == "postgresql" else ACCOUNT_HISTORY
            rows = await self.storage.fetchall(sql, (guild_id, account, limit,
                                                     guild_id, account, limit, limit))
        return [Movement.of(r) for r in rows]

    async def page(self, guild_id: int, after: int = 0, limit: int = 1000) -> list[Movement]:
        """A server's movements with an id above ``after``, oldest first (to read a whole
        ledger a page at a time)."""
        rows = await self.storage.fetchall(
            "SELECT * FROM ledger WHERE guild_id = ? AND id > ? ORDER BY id LIMIT ?",
            (guild_id, after, limit))
        return [Movement.of(r) for r in rows]

    async def of_table(self, table_id: int) -> list[Movement]:
        """Every movement a table caused, in order (its hands' summaries)."""
        rows = await self.storage.fetchall(
            "SELECT * FROM ledger WHERE table_id = ? ORDER BY id", (table_id,))
        return [Movement.of(r) for r in rows]

    async def latest_hand(self, db: Tx, guild_id: int, table_id: int) -> list[Movement]:
        """The movements of a table's latest hand that moved any, in order, read inside
        ``db`` (undoing a hand in progress; see ``TableHooks.on_unreadable``). Rare (at
        start-up), so the server's ledger is scanned rather than indexed by table."""
        rows = await self.storage.query(
            db, "SELECT * FROM ledger WHERE guild_id = ? AND table_id = ? AND hand ="
            " (SELECT MAX(hand) FROM ledger WHERE guild_id = ? AND table_id = ?) ORDER BY id",
            (guild_id, table_id, guild_id, table_id))
        return [Movement.of(r) for r in rows]

    async def replay(self, guild_id: int) -> dict[str, int]:
        """Balances recomputed from the ledger alone (for audits and tests)."""
        rows = await self.storage.fetchall(
            "SELECT source, target, amount FROM ledger WHERE guild_id = ? ORDER BY id",
            (guild_id,),
        )
        totals: dict[str, int] = {}
        for r in rows:
            totals[r["source"]] = totals.get(r["source"], 0) - r["amount"]
            totals[r["target"]] = totals.get(r["target"], 0) + r["amount"]
        return totals
