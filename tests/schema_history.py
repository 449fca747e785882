"""The schema as versions 1 to 8 of the storage wrote it, frozen: the two lists of migration
scripts ``tapete/bot/storage.py`` held (SQLite's and PostgreSQL's) before
``tapete/bot/schema.py`` became the one source. ``tests/test_schema.py`` builds databases with
them, at every migration number, to check that today's code upgrades them in place. Never edit
these texts: they are what the databases in use were made with.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

Scripts = Callable[[int, str], str]

SQLITE: Sequence[str] = (
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
    # 6: the books take whole tantos only (SQLite would store 1.5 in an INTEGER column), and a
    # server's timing stays in its documented range (what was saved outside it goes back to
    # the default; a REAL that is a whole number becomes an INTEGER).
    """
    UPDATE ledger SET amount = CAST(amount AS INTEGER)
        WHERE typeof(amount) = 'real' AND amount = CAST(amount AS INTEGER);
    UPDATE accounts SET balance = CAST(balance AS INTEGER)
        WHERE typeof(balance) = 'real' AND balance = CAST(balance AS INTEGER);
    CREATE TRIGGER ledger_whole_amount BEFORE INSERT ON ledger
        WHEN typeof(NEW.amount) != 'integer'
        BEGIN SELECT RAISE(ABORT, 'ledger.amount must be a whole number'); END;
    CREATE TRIGGER ledger_whole_amount_update BEFORE UPDATE OF amount ON ledger
        WHEN typeof(NEW.amount) != 'integer'
        BEGIN SELECT RAISE(ABORT, 'ledger.amount must be a whole number'); END;
    CREATE TRIGGER accounts_whole_balance BEFORE INSERT ON accounts
        WHEN typeof(NEW.balance) != 'integer'
        BEGIN SELECT RAISE(ABORT, 'accounts.balance must be a whole number'); END;
    CREATE TRIGGER accounts_whole_balance_update BEFORE UPDATE OF balance ON accounts
        WHEN typeof(NEW.balance) != 'integer' AND typeof(OLD.balance) = 'integer'
        BEGIN SELECT RAISE(ABORT, 'accounts.balance must be a whole number'); END;
    UPDATE guild_settings SET turn_timeout = NULL
        WHERE NOT (turn_timeout BETWEEN 15 AND 3600);
    UPDATE guild_settings SET cpu_delay = NULL WHERE NOT (cpu_delay BETWEEN 0 AND 30);
    CREATE TRIGGER guild_settings_timing BEFORE INSERT ON guild_settings
        WHEN NOT (COALESCE(NEW.turn_timeout, 15) BETWEEN 15 AND 3600)
            OR NOT (COALESCE(NEW.cpu_delay, 0) BETWEEN 0 AND 30)
        BEGIN SELECT RAISE(ABORT, 'guild_settings timing out of range'); END;
    CREATE TRIGGER guild_settings_timing_update BEFORE UPDATE ON guild_settings
        WHEN NOT (COALESCE(NEW.turn_timeout, 15) BETWEEN 15 AND 3600)
            OR NOT (COALESCE(NEW.cpu_delay, 0) BETWEEN 0 AND 30)
        BEGIN SELECT RAISE(ABORT, 'guild_settings timing out of range'); END;
    """,
    # 7: whether a server's tables show pictures (NULL: the default, yes).
    """
    ALTER TABLE guild_settings ADD COLUMN pictures INTEGER;
    """,
    # 8: a finished or cancelled table whose public message may not show its end yet (the
    # process died between saving it and editing the message): redrawn at start-up.
    """
    ALTER TABLE game_tables ADD COLUMN needs_refresh INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX game_tables_to_refresh ON game_tables (id) WHERE needs_refresh = 1;
    """,
)

# The same schema, migration by migration, in PostgreSQL's types: 64-bit integers for every id
# and amount (Discord ids do not fit in 32 bits), double precision for the reals, and text for
# JSON and times, as on SQLite, so both engines hand back the same values.
POSTGRESQL: Sequence[str] = (
    # 1
    """
    CREATE TABLE game_tables (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        guild_id BIGINT,
        channel_id BIGINT NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        host_id BIGINT NOT NULL,
        seats TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
        state TEXT,
        message_id BIGINT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX one_open_table_per_channel
        ON game_tables (channel_id) WHERE status IN ('lobby', 'playing');
    CREATE TABLE results (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        table_id BIGINT NOT NULL REFERENCES game_tables (id),
        guild_id BIGINT,
        game TEXT NOT NULL,
        seats TEXT NOT NULL,
        result TEXT NOT NULL,
        finished_at TEXT NOT NULL
    );
    """,
    # 2
    """
    CREATE TABLE ledger (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        table_id BIGINT,
        hand BIGINT,
        source TEXT NOT NULL,
        target TEXT NOT NULL,
        amount BIGINT NOT NULL CHECK (amount > 0),
        reason TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX ledger_by_guild ON ledger (guild_id, id);
    CREATE TABLE accounts (
        guild_id BIGINT NOT NULL,
        account TEXT NOT NULL,
        balance BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, account)
    );
    """,
    # 3
    """
    CREATE TABLE guild_settings (
        guild_id BIGINT PRIMARY KEY,
        language TEXT NOT NULL
    );
    """,
    # 4
    """
    CREATE INDEX ledger_by_source ON ledger (guild_id, source, id);
    CREATE INDEX ledger_by_target ON ledger (guild_id, target, id);
    """,
    # 5
    """
    ALTER TABLE guild_settings ADD COLUMN turn_timeout DOUBLE PRECISION;
    ALTER TABLE guild_settings ADD COLUMN cpu_delay DOUBLE PRECISION;
    ALTER TABLE guild_settings ADD COLUMN table_channel BIGINT;
    ALTER TABLE game_tables ADD COLUMN runtime TEXT;
    CREATE TABLE ratings (
        guild_id BIGINT NOT NULL,
        game TEXT NOT NULL,
        account TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        matches BIGINT NOT NULL DEFAULT 0,
        wins BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game, account)
    );
    CREATE INDEX results_by_guild ON results (guild_id, game, id);
    """,
    # 6: amounts are BIGINT already, whole numbers by the column's type (asyncpg would round
    # a fraction on the way in, so LedgerRepo.move refuses one first); the timing gets its
    # range.
    """
    UPDATE guild_settings SET turn_timeout = NULL
        WHERE NOT (turn_timeout BETWEEN 15 AND 3600);
    UPDATE guild_settings SET cpu_delay = NULL WHERE NOT (cpu_delay BETWEEN 0 AND 30);
    ALTER TABLE guild_settings
        ADD CONSTRAINT guild_settings_turn CHECK (turn_timeout BETWEEN 15 AND 3600),
        ADD CONSTRAINT guild_settings_cpu CHECK (cpu_delay BETWEEN 0 AND 30);
    """,
    # 7
    """
    ALTER TABLE guild_settings ADD COLUMN pictures INTEGER;
    """,
    # 8
    """
    ALTER TABLE game_tables ADD COLUMN needs_refresh INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX game_tables_to_refresh ON game_tables (id) WHERE needs_refresh = 1;
    """,
)
assert len(SQLITE) == len(POSTGRESQL) == 8


def old_script(number: int, dialect: str) -> str:
    """Migration ``number`` as versions 1 to 8 wrote it for ``dialect``."""
    return (SQLITE if dialect == "sqlite" else POSTGRESQL)[number - 1]


def build_sqlite(path: Path, upto: int, scripts: Scripts = old_script) -> None:
    """A SQLite file as a version that knew migrations 1 to ``upto`` left it (``scripts``:
    where the migrations' text comes from)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA foreign_keys=ON")
        for number in range(1, upto + 1):
            db.executescript(f"BEGIN; {scripts(number, 'sqlite')}"
                             f" PRAGMA user_version = {number}; COMMIT;")
    finally:
        db.close()


async def build_postgresql(url: str, upto: int, scripts: Scripts = old_script) -> None:
    """A PostgreSQL database as a version that knew migrations 1 to ``upto`` left it (the
    version table appears with the first migration, as it did)."""
    import asyncpg

    if upto == 0:
        return
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("CREATE TABLE tapete_schema (version INTEGER NOT NULL)")
        for number in range(1, upto + 1):
            async with connection.transaction():
                script = scripts(number, "postgresql")
                if script:
                    await connection.execute(script)
                await connection.execute("DELETE FROM tapete_schema")
                await connection.execute("INSERT INTO tapete_schema VALUES ($1)", number)
    finally:
        await connection.close()
