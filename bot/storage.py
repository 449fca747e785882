"""SQLite storage: one aiosqlite connection in WAL mode, numbered migrations, and all SQL in
small repository classes.

Every accepted move is written with :meth:`Storage.transaction`, so a table's snapshot and the
tantos it moves commit together or not at all. The connection is shared, so transactions are
serialised by an ``asyncio.Lock``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS: Sequence[str] = (
    # 1: tables (lobbies and games in progress, with the engine snapshot) and results.
    """
    CREATE TABLE game_tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        seats TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
        state TEXT,
        message_id INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX one_open_table_per_channel
        ON game_tables (channel_id) WHERE status IN ('lobby', 'playing');
    CREATE TABLE results (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        table_id INTEGER NOT NULL REFERENCES game_tables (id),
        guild_id INTEGER,
        game TEXT NOT NULL,
        seats TEXT NOT NULL,
        result TEXT NOT NULL,
        finished_at TEXT NOT NULL
    );
    """,
    # 2: a server's pots of tantos: a ledger of every movement, balances kept in step with it.
    """
    CREATE TABLE ledger (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        table_id INTEGER,
        hand INTEGER,
        source TEXT NOT NULL,
        target TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount > 0),
        reason TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX ledger_by_guild ON ledger (guild_id, id);
    CREATE TABLE accounts (
        guild_id INTEGER NOT NULL,
        account TEXT NOT NULL,
        balance INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, account)
    );
    """,
    # 3: per-server settings (the language of public messages).
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        language TEXT NOT NULL
    );
    """,
    # 4: a player's movements are read by account, not by scanning the server's whole ledger.
    """
    CREATE INDEX ledger_by_source ON ledger (guild_id, source, id);
    CREATE INDEX ledger_by_target ON ledger (guild_id, target, id);
    """,
    # 5: per-server timing and table channel; a table's timing and presence (CPU stand-ins,
    # absences, pause); skill ratings per game; a server's results read newest first.
    """
    ALTER TABLE guild_settings ADD COLUMN turn_timeout REAL;
    ALTER TABLE guild_settings ADD COLUMN cpu_delay REAL;
    ALTER TABLE guild_settings ADD COLUMN table_channel INTEGER;
    ALTER TABLE game_tables ADD COLUMN runtime TEXT;
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        account TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        matches INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game, account)
    );
    CREATE INDEX results_by_guild ON results (guild_id, game, id);
    """,
)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class StorageError(Exception):
    """The database cannot be used by this version (one line for the person starting it)."""


class Storage:
    """The bot's database. ``open`` creates the file and applies pending migrations."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._undo: list[Callable[[], None]] = []  # see on_rollback
        self.tables = TableRepo(self)
        self.results = ResultRepo(self)
        self.ledger = LedgerRepo(self)
        self.guilds = GuildSettingsRepo(self)
        self.ratings = RatingRepo(self)

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("Storage is not open.")
        return self._db

    def check(self) -> None:
        """Before logging in: the file can be created and written, and is not from a newer
        version (plain sqlite3, so a failure leaves no worker thread behind)."""
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=5)
        try:
            current = int(db.execute("PRAGMA user_version").fetchone()[0])
            if current > len(MIGRATIONS):
                raise StorageError(
                    "es de una versión más nueva de Tapete"
                    f" (esquema {current}; esta versión conoce hasta el {len(MIGRATIONS)})"
                )
            db.execute("BEGIN IMMEDIATE")  # needs write access to the file and its folder
            db.execute("ROLLBACK")
        finally:
            db.close()

    async def open(self) -> None:
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = aiosqlite.connect(self.path, isolation_level=None)
        # The worker thread must never keep the process alive (a crash or a failing test
        # that skipped close() would otherwise hang at exit); committed data is safe in WAL.
        worker = getattr(connection, "_thread", None)
        if worker is not None:
            worker.daemon = True
        self._db = await connection
        self._db.row_factory = aiosqlite.Row
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=NORMAL"):
            async with self._db.execute(f"PRAGMA {pragma}") as cur:
                await cur.fetchall()
        await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            async with self._lock:
                await self._db.close()
            self._db = None

    async def _migrate(self) -> None:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        current = int(row[0]) if row else 0
        if current > len(MIGRATIONS):
            raise StorageError(
                "es de una versión más nueva de Tapete"
                f" (esquema {current}; esta versión conoce hasta el {len(MIGRATIONS)})"
            )
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            log.info("Applying migration %d", number)
            await self.db.executescript(f"BEGIN; {script} PRAGMA user_version = {number}; COMMIT;")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One atomic unit of work; rolls back on any error (a failed commit included), and
        then runs what :meth:`on_rollback` registered, so caches follow the database."""
        async with self._lock:
            db = self.db
            await db.execute("BEGIN IMMEDIATE")
            self._undo = []
            try:
                yield db
                await db.commit()
            except BaseException:
                with contextlib.suppress(Exception):
                    await db.rollback()
                for undo in reversed(self._undo):
                    undo()
                raise
            finally:
                self._undo = []

    def on_rollback(self, undo: Callable[[], None]) -> None:
        """Inside a transaction: call ``undo`` if it rolls back (e.g. to restore a cache)."""
        self._undo.append(undo)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        async with self.db.execute(sql, params) as cur:
            return list(await cur.fetchall())


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

    async def create(
        self, db: aiosqlite.Connection, guild_id: int | None, channel_id: int, game: str,
        options: dict[str, Any], host_id: int, seats: list[dict[str, Any]],
        runtime: dict[str, Any] | None = None,
    ) -> int:
        cur = await db.execute(
            "INSERT INTO game_tables (guild_id, channel_id, game, options, host_id, seats,"
            " status, runtime, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
            (guild_id, channel_id, game, json.dumps(options), host_id, json.dumps(seats),
             json.dumps(runtime) if runtime is not None else None, now(), now()),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def save(
        self, db: aiosqlite.Connection, table_id: int, *, seats: list[dict[str, Any]],
        status: str, state: str | None, message_id: int | None,
        runtime: dict[str, Any] | None = None,
    ) -> None:
        await db.execute(
            "UPDATE game_tables SET seats = ?, status = ?, state = ?, message_id = ?,"
            " runtime = ?, updated_at = ? WHERE id = ?",
            (json.dumps(seats), status, state, message_id,
             json.dumps(runtime) if runtime is not None else None, now(), table_id),
        )

    async def open_tables(self) -> list[TableRecord]:
        rows = await self.storage.fetchall(
            "SELECT * FROM game_tables WHERE status IN ('lobby', 'playing') ORDER BY id"
        )
        return [self._record(r) for r in rows]

    async def get(self, table_id: int) -> TableRecord | None:
        rows = await self.storage.fetchall("SELECT * FROM game_tables WHERE id = ?", (table_id,))
        return self._record(rows[0]) if rows else None

    @staticmethod
    def _record(row: aiosqlite.Row) -> TableRecord:
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
        self, db: aiosqlite.Connection, table_id: int, guild_id: int | None, game: str,
        seats: list[dict[str, Any]], result: dict[str, Any],
    ) -> None:
        await db.execute(
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
    def of(cls, row: aiosqlite.Row) -> ResultRecord:
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
        self, db: aiosqlite.Connection, guild_id: int, game: str, accounts: Sequence[str]
    ) -> dict[str, Rating]:
        marks = ", ".join("?" for _ in accounts)
        async with db.execute(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND account IN ({marks})", (guild_id, game, *accounts),
        ) as cur:
            rows = await cur.fetchall()
        return {r["account"]: self._rating(r) for r in rows}

    async def save(self, db: aiosqlite.Connection, guild_id: int, game: str,
                   rating: Rating) -> None:
        await db.execute(
            "INSERT INTO ratings (guild_id, game, account, mu, sigma, matches, wins)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, account) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches,"
            " wins = excluded.wins",
            (guild_id, game, rating.account, rating.mu, rating.sigma, rating.matches,
             rating.wins),
        )

    async def top(self, guild_id: int, game: str, limit: int = 15) -> list[Rating]:
        rows = await self.storage.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, account LIMIT ?", (guild_id, game, limit))
        return [self._rating(r) for r in rows]

    async def of_account(self, guild_id: int, account: str) -> dict[str, Rating]:
        """Every game's rating of one account in a server."""
        rows = await self.storage.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND account = ? ORDER BY game",
            (guild_id, account))
        return {r["game"]: self._rating(r) for r in rows}

    @staticmethod
    def _rating(row: aiosqlite.Row) -> Rating:
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


class GuildSettingsRepo:
    """Per-server settings: language, timing of new tables, the channel for tables."""

    COLUMNS = ("language", "turn_timeout", "cpu_delay", "table_channel")

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def all(self) -> dict[int, dict[str, Any]]:
        rows = await self.storage.fetchall(
            f"SELECT guild_id, {', '.join(self.COLUMNS)} FROM guild_settings")
        return {r["guild_id"]: {c: r[c] for c in self.COLUMNS} for r in rows}

    async def save(self, guild_id: int, values: dict[str, Any]) -> None:
        """Write a server's settings (every column; ``language`` is required)."""
        row = [values.get(c) for c in self.COLUMNS]
        async with self.storage.transaction() as db:
            await db.execute(
                f"INSERT INTO guild_settings (guild_id, {', '.join(self.COLUMNS)})"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                + ", ".join(f"{c} = excluded.{c}" for c in self.COLUMNS),
                (guild_id, *row),
            )


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


class LedgerRepo:
    """The SQL of the ledger: each movement is a ledger row plus two balance updates, written
    inside the caller's transaction, so the balances of a server always sum to 0. Only
    :class:`bot.bank.Bank` calls :meth:`move`.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def move(
        self, db: aiosqlite.Connection, guild_id: int, source: str, target: str, amount: int,
        reason: str, *, table_id: int | None = None, hand: int | None = None,
    ) -> None:
        if amount <= 0 or source == target:
            raise ValueError("A movement needs a positive amount between two accounts.")
        await db.execute(
            "INSERT INTO ledger (guild_id, table_id, hand, source, target, amount, reason,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, table_id, hand, source, target, amount, reason, now()),
        )
        for account, delta in ((source, -amount), (target, amount)):
            await db.execute(
                "INSERT INTO accounts (guild_id, account, balance) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, account)"
                " DO UPDATE SET balance = balance + excluded.balance",
                (guild_id, account, delta),
            )

    async def balances(self, guild_id: int) -> dict[str, int]:
        rows = await self.storage.fetchall(
            "SELECT account, balance FROM accounts WHERE guild_id = ?", (guild_id,)
        )
        return {r["account"]: r["balance"] for r in rows}

    async def balances_of(
        self, db: aiosqlite.Connection | None, guild_id: int, accounts: Sequence[str]
    ) -> dict[str, int]:
        """Balances of some accounts (0 when unseen); pass ``db`` to read in a transaction."""
        marks = ", ".join("?" for _ in accounts)
        sql = f"SELECT account, balance FROM accounts WHERE guild_id = ? AND account IN ({marks})"
        async with (db or self.storage.db).execute(sql, (guild_id, *accounts)) as cur:
            found = {r[0]: r[1] for r in await cur.fetchall()}
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
            rows = await self.storage.fetchall(ACCOUNT_HISTORY, (guild_id, account, limit,
                                                                 guild_id, account, limit, limit))
        return [
            Movement(r["id"], r["table_id"], r["hand"], r["source"], r["target"], r["amount"],
                     r["reason"], r["created_at"])
            for r in rows
        ]

    async def of_table(self, table_id: int) -> list[Movement]:
        """Every movement a table caused, in order (its hands' summaries)."""
        rows = await self.storage.fetchall(
            "SELECT * FROM ledger WHERE table_id = ? ORDER BY id", (table_id,))
        return [Movement(r["id"], r["table_id"], r["hand"], r["source"], r["target"],
                         r["amount"], r["reason"], r["created_at"]) for r in rows]

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
