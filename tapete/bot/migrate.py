"""``python3 run.py migrate-to-postgres``: copy a SQLite database into an empty PostgreSQL one.

    python3 run.py migrate-to-postgres [--from data/tapete.sqlite3] [--to postgresql://...]

By default it copies ``DATABASE_PATH`` into ``DATABASE_URL`` (from ``.env`` or the
environment). Stop the bot first: while a bot runs on the SQLite file (it holds the file's
lock, ``bot.lockfile``) the copy is refused, since rows written during it could be missed; and
the copy holds that lock itself, so no bot can start on the file until it is done. Both
databases are brought to the latest migration, the PostgreSQL one must be empty, and every row
is copied with its id in one PostgreSQL transaction, which commits only if the totals match:
the rows of every table, and per server the ledger's rows and tantos, the accounts and the sum
of the balances (0 when the books are right). A failed check leaves the PostgreSQL database
empty.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tapete.bot.lockfile import DatabaseInUse, DatabaseLock
from tapete.bot.settings import SettingsError, load_settings
from tapete.bot.storage import SCHEMA_TABLES, Storage, is_postgres_url


class MigrationError(Exception):
    """The copy cannot be made or did not add up (one line for the person running it)."""


@dataclass
class Report:
    rows: dict[str, int] = field(default_factory=dict)  # per table
    servers: int = 0  # servers with a ledger
    tantos: int = 0  # moved in all, every server

    def lines(self) -> list[str]:
        out = [f"  {table:<15}{n:>10} rows" for table, n in self.rows.items()]
        out.append(f"  ledger of {self.servers} servers, {self.tantos} tantos moved;"
                   " in every server balances + plato + reserva = 0")
        return out


async def copy_database(source: Storage, target: Storage) -> Report:
    """Copy every row of ``source`` into the empty ``target`` (both open) and check it."""
    for table in SCHEMA_TABLES:
        found = await target.count(table)
        if found:
            raise MigrationError(
                f"the target database is not empty ({table}: {found} rows)")
    report = Report()
    expected = {table: await source.count(table) for table in SCHEMA_TABLES}
    ledger, balances = await source.ledger_totals(), await source.balance_totals()
    async with target.transaction() as db:
        for table in SCHEMA_TABLES:
            async for columns, rows in source.rows_of(table):
                await target.copy_rows(db, table, columns, rows)
        await target.after_copy(db)
        for table in SCHEMA_TABLES:
            copied = await target.count(table, db)
            if copied != expected[table]:
                raise MigrationError(f"{table}: {expected[table]} rows in SQLite, {copied} "
                                     "copied; nothing was saved")
            report.rows[table] = copied
        if await target.ledger_totals(db) != ledger:
            raise MigrationError("the copied ledger does not add up the same; nothing was saved")
        if await target.balance_totals(db) != balances:
            raise MigrationError("the copied balances do not add up the same; nothing was saved")
    unbalanced = sorted(g for g, (_, total) in balances.items() if total != 0)
    if unbalanced:  # copied as they were: the copy is faithful, the books were not
        raise MigrationError(
            f"copied, but in SQLite the balances of {len(unbalanced)} servers do not add up "
            f"to 0 (e.g. {unbalanced[0]}): check the ledger")
    report.servers = len(ledger)
    report.tantos = sum(t for _, t in ledger.values())
    return report


async def migrate(source_path: Path, url: str) -> Report:
    if not source_path.exists():
        raise MigrationError(f"there is no SQLite database at {source_path}")
    try:
        with DatabaseLock(source_path):
            return await _copy(source_path, url)
    except DatabaseInUse as exc:
        holder = f" (process {exc.pid})" if exc.pid else ""
        raise MigrationError(f"the bot is using {source_path}{holder}; stop it and try "
                             "again") from None


async def _copy(source_path: Path, url: str) -> Report:
    source, target = Storage(source_path), Storage(url, pool_size=2)
    await source.open()
    try:
        await target.open()
        try:
            return await copy_database(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 run.py migrate-to-postgres",
        description="Copy Tapete's SQLite database into an empty PostgreSQL one.")
    parser.add_argument("--from", dest="source", type=Path,
                        help="the SQLite file (default: DATABASE_PATH)")
    parser.add_argument("--to", dest="url",
                        help="the postgresql:// URL (default: DATABASE_URL)")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    source = args.source or settings.database_path
    url = args.url or (settings.database_url.get_secret_value().strip()
                       if settings.database_url else None)
    if not url or not is_postgres_url(url):
        print("No target database: set DATABASE_URL=postgresql://... in .env"
              " or use --to postgresql://...", file=sys.stderr)
        return 2
    try:
        report = asyncio.run(migrate(Path(source), url))
    except MigrationError as exc:
        print(f"Not migrated: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # the server, the file: one line
        reason = (str(exc).splitlines() or [""])[0] or type(exc).__name__
        print(f"Not migrated: {reason}", file=sys.stderr)
        return 1
    print(f"Copied {source} into PostgreSQL:")
    print("\n".join(report.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
