"""The database schema, written once for both engines: numbered migrations made of Alembic
operations over SQLAlchemy Core columns, which render each migration as SQLite's and as
PostgreSQL's SQL. :mod:`bot.storage` runs that SQL on its own connection (aiosqlite or asyncpg)
and records the number as before (``PRAGMA user_version`` on SQLite, the ``tapete_schema``
table on PostgreSQL); the repositories and their SQL do not go through SQLAlchemy at all.

Why a library, and why this way (docs/ARCHITECTURE.md, "Storage"):

- Alembic's operations (``create_table``, ``add_column``, ``create_index``, checks, and its
  "batch" table rebuild for what SQLite cannot ``ALTER``) and SQLAlchemy's types know each
  dialect's spelling (``AUTOINCREMENT`` against ``IDENTITY``, ``REAL`` against ``DOUBLE
  PRECISION``, partial indexes, the SQLite rowid), which a home-made renderer would have to
  learn and keep up to date.
- Rendered offline (Alembic's ``as_sql`` mode) rather than run through a SQLAlchemy engine:
  no second database driver (SQLAlchemy's asyncpg support would need greenlet), the migrations
  run inside the same transaction, advisory lock and version bookkeeping as before, and every
  migration's SQL can be read before it is applied (``python -m tapete.bot.schema postgresql``).
  The price: offline Alembic cannot look at the database, so a SQLite table rebuild names the
  table's current columns itself (``copy_from``, as in migration 9).
- No Alembic revision files or ``alembic_version`` table: existing databases already count
  their migrations by number, and that count keeps its meaning.
- SQLAlchemy and Alembic are imported only to render a migration (some 25 MB): a bot whose
  database is up to date never loads them.

What only one engine needs is written as such, with ``Plan.sql(..., only=...)``: SQLite's
triggers that refuse a non-integer amount (PostgreSQL's BIGINT refuses one by its type) and
the data fixes for values SQLite's loose typing let in.

A new migration is a function appended to :data:`MIGRATIONS`; a migration that was applied
somewhere is never edited. ``tests/test_schema.py`` checks that both engines end with the same
tables, columns, keys, indexes and checks, and that databases built by every earlier version
upgrade in place with their rows.
"""

from __future__ import annotations

import functools
import logging
import sys
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    # Imported where used (``import sqlalchemy as sa`` in each migration): SQLAlchemy and
    # Alembic weigh some 25 MB, and a bot whose database is up to date never loads them.
    import sqlalchemy as sa
    from alembic.operations import Operations

DIALECTS = ("sqlite", "postgresql")  # the engines, by the name ``Storage.dialect`` gives


class ColumnTypes(NamedTuple):
    """The column types. 64-bit integers for every id and amount (Discord ids do not fit in
    32 bits): BIGINT on PostgreSQL, INTEGER on SQLite, whose integers are 64-bit already and
    whose ``INTEGER PRIMARY KEY`` must be spelled so to be the rowid. Reals are double
    precision on both; JSON and times are text on both, so both engines hand back the same
    values."""

    big: sa.types.TypeEngine[int]
    int: sa.types.TypeEngine[int]
    real: sa.types.TypeEngine[float]
    text: sa.types.TypeEngine[str]


@functools.cache
def column_types() -> ColumnTypes:
    import sqlalchemy as sa

    return ColumnTypes(
        big=sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
        int=sa.Integer(),
        real=sa.Double[float]().with_variant(sa.REAL(), "sqlite"),
        text=sa.Text(),
    )


class Plan:
    """One migration for one engine: Alembic's operations on ``op`` and, through :meth:`sql`,
    statements written by hand (data fixes, or what only one engine needs), rendered in the
    order they are given."""

    def __init__(self, dialect: str) -> None:
        from alembic.migration import MigrationContext
        from alembic.operations import Operations

        self.dialect = dialect
        self.statements: list[str] = []
        context = MigrationContext.configure(
            dialect=sqlalchemy_dialect(dialect),
            opts={"as_sql": True, "output_buffer": self, "literal_binds": True})
        self.op: Operations = Operations(context)

    # Alembic writes each statement it renders here (its ``output_buffer``).
    def write(self, text: str) -> None:
        self.statements.append("\n".join(line.rstrip() for line in text.strip().splitlines()))

    def flush(self) -> None:
        """Nothing to flush: the statements are kept in memory."""

    def sql(self, statement: str, *, only: str | None = None) -> None:
        """One statement as written, on both engines or ``only`` on one."""
        if only not in DIALECTS and only is not None:
            raise ValueError(only)
        if only in (None, self.dialect):
            self.statements.append(textwrap.dedent(statement).strip().rstrip(";") + ";")


def sqlalchemy_dialect(dialect: str) -> sa.engine.Dialect:
    """SQLAlchemy's dialect for the driver the bot uses on that engine, so the SQL is written
    for it (no ``%`` doubled, as it would be for psycopg2)."""
    # Alembic logs its own set-up at INFO on every rendering; the storage logs each migration
    # it applies, which is what whoever runs the bot needs to see.
    logging.getLogger("alembic").setLevel(logging.WARNING)
    chosen: type[sa.engine.Dialect]
    if dialect == "sqlite":
        from sqlalchemy.dialects.sqlite import aiosqlite

        chosen = aiosqlite.dialect
    elif dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import asyncpg

        chosen = asyncpg.dialect
    else:
        raise ValueError(dialect)
    return chosen()


def id_column() -> sa.Column[Any]:
    """A table's own ``id``: ``INTEGER PRIMARY KEY AUTOINCREMENT`` on SQLite (with
    ``sqlite_autoincrement=True`` on the table: ids are never reused), ``BIGINT GENERATED BY
    DEFAULT AS IDENTITY`` on PostgreSQL (by default, so copied rows keep their ids)."""
    import sqlalchemy as sa

    return sa.Column("id", column_types().big, sa.Identity(), primary_key=True)


def key(name: str) -> sa.Column[Any]:
    """A one-column primary key that is not generated (a Discord id)."""
    import sqlalchemy as sa

    return sa.Column(name, column_types().big, primary_key=True, autoincrement=False)


def required(name: str, type_: Any, *args: Any, **kw: Any) -> sa.Column[Any]:
    """A NOT NULL column (``args``: a foreign key; ``kw``: a ``server_default``)."""
    import sqlalchemy as sa

    return sa.Column(name, type_, *args, nullable=False, **kw)


def zero() -> sa.TextClause:
    """A column's server default of 0 (written ``DEFAULT 0``, not the text ``'0'``)."""
    import sqlalchemy as sa

    return sa.text("0")


def partial(where: str) -> dict[str, Any]:
    """The keyword arguments of an index kept only for the rows matching ``where``."""
    import sqlalchemy as sa

    clause = sa.text(where)
    return {"sqlite_where": clause, "postgresql_where": clause}


def m1_tables_and_results(plan: Plan) -> None:
    """Tables (lobbies and games in progress, with the engine snapshot) and results."""
    import sqlalchemy as sa

    t = column_types()
    op = plan.op
    op.create_table(
        "game_tables",
        id_column(),
        sa.Column("guild_id", t.big),
        required("channel_id", t.big),
        required("game", t.text),
        required("options", t.text),
        required("host_id", t.big),
        required("seats", t.text),
        required("status", t.text),
        sa.Column("state", t.text),
        sa.Column("message_id", t.big),
        required("created_at", t.text),
        required("updated_at", t.text),
        sa.CheckConstraint("status IN ('lobby', 'playing', 'finished', 'cancelled')",
                           name="game_tables_status_check"),
        sqlite_autoincrement=True,
    )
    op.create_index("one_open_table_per_channel", "game_tables", ["channel_id"], unique=True,
                    **partial("status IN ('lobby', 'playing')"))
    op.create_table(
        "results",
        id_column(),
        required("table_id", t.big, sa.ForeignKey("game_tables.id")),
        sa.Column("guild_id", t.big),
        required("game", t.text),
        required("seats", t.text),
        required("result", t.text),
        required("finished_at", t.text),
        sqlite_autoincrement=True,
    )


def m2_ledger(plan: Plan) -> None:
    """A server's pots of tantos: a ledger of every movement, balances kept in step with it."""
    import sqlalchemy as sa

    t = column_types()
    op = plan.op
    op.create_table(
        "ledger",
        id_column(),
        required("guild_id", t.big),
        sa.Column("table_id", t.big),
        sa.Column("hand", t.big),
        required("source", t.text),
        required("target", t.text),
        required("amount", t.big),
        required("reason", t.text),
        required("created_at", t.text),
        sa.CheckConstraint("amount > 0", name="ledger_amount_check"),
        sqlite_autoincrement=True,
    )
    op.create_index("ledger_by_guild", "ledger", ["guild_id", "id"])
    op.create_table(
        "accounts",
        required("guild_id", t.big),
        required("account", t.text),
        required("balance", t.big, server_default=zero()),
        sa.PrimaryKeyConstraint("guild_id", "account"),
    )


def m3_guild_settings(plan: Plan) -> None:
    """Per-server settings (the language of public messages)."""
    t = column_types()
    plan.op.create_table("guild_settings", key("guild_id"), required("language", t.text))


def m4_ledger_by_account(plan: Plan) -> None:
    """A player's movements are read by account, not by scanning the server's whole ledger."""
    plan.op.create_index("ledger_by_source", "ledger", ["guild_id", "source", "id"])
    plan.op.create_index("ledger_by_target", "ledger", ["guild_id", "target", "id"])


def m5_timing_presence_ratings(plan: Plan) -> None:
    """Per-server timing and table channel; a table's timing and presence (CPU stand-ins,
    absences, pause); skill ratings per game; a server's results read newest first."""
    import sqlalchemy as sa

    t = column_types()
    op = plan.op
    op.add_column("guild_settings", sa.Column("turn_timeout", t.real))
    op.add_column("guild_settings", sa.Column("cpu_delay", t.real))
    op.add_column("guild_settings", sa.Column("table_channel", t.big))
    op.add_column("game_tables", sa.Column("runtime", t.text))
    op.create_table(
        "ratings",
        required("guild_id", t.big),
        required("game", t.text),
        required("account", t.text),
        required("mu", t.real),
        required("sigma", t.real),
        required("matches", t.big, server_default=zero()),
        required("wins", t.big, server_default=zero()),
        sa.PrimaryKeyConstraint("guild_id", "game", "account"),
    )
    op.create_index("results_by_guild", "results", ["guild_id", "game", "id"])


# SQLite stores 1.5 in an INTEGER column; these refuse it (PostgreSQL's BIGINT refuses it by
# its type, and asyncpg would round it on the way in, so LedgerRepo.move refuses one first).
WHOLE_NUMBER_TRIGGERS = (
    """CREATE TRIGGER ledger_whole_amount BEFORE INSERT ON ledger
        WHEN typeof(NEW.amount) != 'integer'
        BEGIN SELECT RAISE(ABORT, 'ledger.amount must be a whole number'); END""",
    """CREATE TRIGGER ledger_whole_amount_update BEFORE UPDATE OF amount ON ledger
        WHEN typeof(NEW.amount) != 'integer'
        BEGIN SELECT RAISE(ABORT, 'ledger.amount must be a whole number'); END""",
    """CREATE TRIGGER accounts_whole_balance BEFORE INSERT ON accounts
        WHEN typeof(NEW.balance) != 'integer'
        BEGIN SELECT RAISE(ABORT, 'accounts.balance must be a whole number'); END""",
    """CREATE TRIGGER accounts_whole_balance_update BEFORE UPDATE OF balance ON accounts
        WHEN typeof(NEW.balance) != 'integer' AND typeof(OLD.balance) = 'integer'
        BEGIN SELECT RAISE(ABORT, 'accounts.balance must be a whole number'); END""",
)
# What migration 6 did on SQLite to keep the timing in range; migration 9 replaced them by
# the CHECK constraints PostgreSQL has (see m9_sqlite_timing_checks).
TIMING_TRIGGERS = (
    """CREATE TRIGGER guild_settings_timing BEFORE INSERT ON guild_settings
        WHEN NOT (COALESCE(NEW.turn_timeout, 15) BETWEEN 15 AND 3600)
            OR NOT (COALESCE(NEW.cpu_delay, 0) BETWEEN 0 AND 30)
        BEGIN SELECT RAISE(ABORT, 'guild_settings timing out of range'); END""",
    """CREATE TRIGGER guild_settings_timing_update BEFORE UPDATE ON guild_settings
        WHEN NOT (COALESCE(NEW.turn_timeout, 15) BETWEEN 15 AND 3600)
            OR NOT (COALESCE(NEW.cpu_delay, 0) BETWEEN 0 AND 30)
        BEGIN SELECT RAISE(ABORT, 'guild_settings timing out of range'); END""",
)
TURN_CHECK = "turn_timeout BETWEEN 15 AND 3600"
CPU_CHECK = "cpu_delay BETWEEN 0 AND 30"


def m6_whole_tantos_and_timing_range(plan: Plan) -> None:
    """The books take whole tantos only, and a server's timing stays in its documented range
    (what was saved outside it goes back to the default; on SQLite a REAL that is a whole
    number becomes an INTEGER)."""
    for table, column in (("ledger", "amount"), ("accounts", "balance")):
        plan.sql(f"UPDATE {table} SET {column} = CAST({column} AS INTEGER)"
                 f" WHERE typeof({column}) = 'real' AND {column} = CAST({column} AS INTEGER)",
                 only="sqlite")
    for trigger in WHOLE_NUMBER_TRIGGERS:
        plan.sql(trigger, only="sqlite")
    plan.sql(f"UPDATE guild_settings SET turn_timeout = NULL WHERE NOT ({TURN_CHECK})")
    plan.sql(f"UPDATE guild_settings SET cpu_delay = NULL WHERE NOT ({CPU_CHECK})")
    if plan.dialect == "postgresql":
        plan.op.create_check_constraint("guild_settings_turn", "guild_settings", TURN_CHECK)
        plan.op.create_check_constraint("guild_settings_cpu", "guild_settings", CPU_CHECK)
    else:  # SQLite cannot add a constraint to a table (until migration 9 rebuilt it)
        for trigger in TIMING_TRIGGERS:
            plan.sql(trigger)


def m7_pictures(plan: Plan) -> None:
    """Whether a server's tables show pictures (NULL: the default, yes)."""
    import sqlalchemy as sa

    t = column_types()
    plan.op.add_column("guild_settings", sa.Column("pictures", t.int))


def m8_tables_to_refresh(plan: Plan) -> None:
    """A finished or cancelled table whose public message may not show its end yet (the
    process died between saving it and editing the message): redrawn at start-up."""
    t = column_types()
    plan.op.add_column("game_tables", required("needs_refresh", t.int, server_default=zero()))
    plan.op.create_index("game_tables_to_refresh", "game_tables", ["id"],
                         **partial("needs_refresh = 1"))


def m9_sqlite_timing_checks(plan: Plan) -> None:
    """SQLite gets the timing CHECK constraints PostgreSQL has had since migration 6, in place
    of its two triggers, so both engines hold the same constraints: the table is rebuilt
    (copied, rows and all, into a new one; it holds one row per server). Nothing to do on
    PostgreSQL."""
    if plan.dialect != "sqlite":
        return
    import sqlalchemy as sa

    t = column_types()
    # guild_settings as migrations 3, 5 and 7 left it (offline, Alembic cannot read it).
    before = sa.Table(
        "guild_settings", sa.MetaData(),
        key("guild_id"),
        required("language", t.text),
        sa.Column("turn_timeout", t.real),
        sa.Column("cpu_delay", t.real),
        sa.Column("table_channel", t.big),
        sa.Column("pictures", t.int),
    )
    for trigger in ("guild_settings_timing", "guild_settings_timing_update"):
        plan.sql(f"DROP TRIGGER IF EXISTS {trigger}")
    with plan.op.batch_alter_table("guild_settings", copy_from=before,
                                   recreate="always") as batch:
        batch.create_check_constraint("guild_settings_turn", TURN_CHECK)
        batch.create_check_constraint("guild_settings_cpu", CPU_CHECK)


# In order: migration n is MIGRATIONS[n - 1]. Append only.
MIGRATIONS: tuple[Callable[[Plan], None], ...] = (
    m1_tables_and_results,
    m2_ledger,
    m3_guild_settings,
    m4_ledger_by_account,
    m5_timing_presence_ratings,
    m6_whole_tantos_and_timing_range,
    m7_pictures,
    m8_tables_to_refresh,
    m9_sqlite_timing_checks,
)
LATEST = len(MIGRATIONS)

# Every table of the schema, in an order that respects the foreign keys (for copying).
TABLES = ("game_tables", "results", "ledger", "accounts", "guild_settings", "ratings")


@functools.cache
def statements(number: int, dialect: str) -> tuple[str, ...]:
    """Migration ``number`` (from 1) as SQL statements for ``dialect``, each ending in ``;``."""
    if not 1 <= number <= LATEST:
        raise ValueError(f"no migration {number}")
    plan = Plan(dialect)
    MIGRATIONS[number - 1](plan)
    return tuple(plan.statements)


def script(number: int, dialect: str) -> str:
    """Migration ``number`` as one script (what the storage engines execute)."""
    return "\n".join(statements(number, dialect))


def main(argv: list[str]) -> int:
    """``python -m tapete.bot.schema [sqlite|postgresql] [FROM]``: print the SQL of every migration
    after ``FROM`` (0: all), to read before an upgrade."""
    dialect = argv[0] if argv else "sqlite"
    start = int(argv[1]) if len(argv) > 1 else 0
    if dialect not in DIALECTS:
        print(f"usage: python -m tapete.bot.schema [{'|'.join(DIALECTS)}] [FROM]", file=sys.stderr)
        return 2
    for number in range(start + 1, LATEST + 1):
        doc = (MIGRATIONS[number - 1].__doc__ or "").splitlines()
        print("\n".join(f"-- {number}: {doc[0]}" if i == 0 else f"--    {line.strip()}"
                        for i, line in enumerate(doc)))
        print(script(number, dialect), end="\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
