"""What a real database's schema is, read from the database itself (never from
``tapete/bot/schema.py``): SQLite's ``sqlite_master`` and ``PRAGMA table_info``/``index_list``/
``index_info``/``foreign_key_list``, PostgreSQL's ``information_schema`` and catalogs
(``pg_constraint``, ``pg_index``).

:func:`read_sqlite` and :func:`read_postgresql` give each engine's schema as the engine spells
it (declared types, expressions as written or as PostgreSQL prints them): two databases of one
engine compare equal when one was built by the old migration texts and the other by today's
code. :func:`portable` turns either into the same vocabulary (integer, text, real; a primary
key column counts as NOT NULL, as SQLite's rowid cannot be NULL) and :func:`deparsed` reads
SQLite's CHECK and partial-index expressions with PostgreSQL's parser, so that the two engines
can be compared with each other. The ``tapete_schema`` version table is PostgreSQL's
counterpart of SQLite's ``PRAGMA user_version`` and is left out.
"""

from __future__ import annotations

import dataclasses
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

VERSION_TABLE = "tapete_schema"


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    notnull: bool
    default: str | None


@dataclass(frozen=True)
class Index:
    name: str
    columns: tuple[str, ...]
    unique: bool
    where: str | None


@dataclass(frozen=True)
class ForeignKey:
    columns: tuple[str, ...]
    table: str
    references: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]
    generated: str | None  # the column the database numbers itself (AUTOINCREMENT, IDENTITY)
    indexes: frozenset[Index]
    checks: frozenset[str]
    foreign_keys: frozenset[ForeignKey]
    # PostgreSQL's constraint names (SQLite's are not kept when unnamed): same-engine only.
    constraint_names: frozenset[str] = field(default=frozenset())


Schema = dict[str, Table]


def squeeze(text: str) -> str:
    """Whitespace collapsed, so texts written with other indentation compare equal."""
    return re.sub(r"\s+", " ", text).strip()


def check_clauses(create_table: str) -> list[str]:
    """The expressions of the CHECK clauses of a ``CREATE TABLE`` statement (balanced
    parentheses, quotes respected)."""
    found: list[str] = []
    for match in re.finditer(r"\bCHECK\s*\(", create_table, flags=re.IGNORECASE):
        depth, quoted, start = 1, False, match.end()
        for i in range(start, len(create_table)):
            ch = create_table[i]
            if ch == "'":
                quoted = not quoted
            elif not quoted and ch == "(":
                depth += 1
            elif not quoted and ch == ")":
                depth -= 1
                if depth == 0:
                    found.append(squeeze(create_table[start:i]))
                    break
    return found


def read_sqlite(path: Path) -> tuple[Schema, dict[str, str]]:
    """A SQLite file's tables, and its triggers (name: statement)."""
    db = sqlite3.connect(path)
    try:
        schema: Schema = {}
        tables = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'"
                            " AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
        for name, sql in tables:
            info = db.execute(f"PRAGMA table_info({name})").fetchall()
            primary_key = tuple(r[1] for r in sorted((r for r in info if r[5]),
                                                     key=lambda r: r[5]))
            # the rowid (a lone INTEGER primary key) cannot be NULL, declared so or not
            rowid = (primary_key if len(primary_key) == 1
                     and any(r[1] == primary_key[0] and r[2].upper() == "INTEGER" for r in info)
                     else ())
            columns = tuple(Column(r[1], r[2].upper(), bool(r[3]) or r[1] in rowid, r[4])
                            for r in info)
            generated = (primary_key[0] if re.search(r"\bAUTOINCREMENT\b", sql, re.IGNORECASE)
                         else None)
            indexes = set()
            for _, index, unique, origin, _partial in db.execute(f"PRAGMA index_list({name})"):
                if origin == "pk":
                    continue
                index_sql = db.execute("SELECT sql FROM sqlite_master WHERE name = ?",
                                       (index,)).fetchone()[0] or ""
                where = re.split(r"\bWHERE\b", index_sql, maxsplit=1, flags=re.IGNORECASE)
                keys = tuple(r[2] for r in db.execute(f"PRAGMA index_info({index})"))
                indexes.add(Index(index, keys, bool(unique),
                                  squeeze(where[1]) if len(where) == 2 else None))
            links: dict[int, list[Any]] = {}
            for row in db.execute(f"PRAGMA foreign_key_list({name})"):
                links.setdefault(row[0], []).append(row)
            foreign_keys = frozenset(
                ForeignKey(tuple(r[3] for r in rows), rows[0][2], tuple(r[4] for r in rows))
                for rows in links.values())
            schema[name] = Table(columns, primary_key, generated, frozenset(indexes),
                                 frozenset(check_clauses(sql)), foreign_keys)
        triggers = {name: squeeze(sql) for name, sql in db.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")}
        return schema, triggers
    finally:
        db.close()


PG_COLUMNS = """
    SELECT column_name, data_type, is_nullable, column_default, is_identity,
           identity_generation
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position"""
PG_CONSTRAINTS = """
    SELECT c.conname, c.contype::text AS contype, pg_get_constraintdef(c.oid) AS definition,
           ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
                 ORDER BY k.n) AS columns,
           c.confrelid::regclass::text AS target,
           ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum
                 ORDER BY k.n) AS target_columns
    FROM pg_constraint c WHERE c.conrelid = $1::regclass"""
PG_INDEXES = """
    SELECT x.relname AS name, i.indisunique AS unique,
           ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true)
                 FROM generate_series(1, i.indnatts) AS k ORDER BY k) AS columns,
           pg_get_expr(i.indpred, i.indrelid) AS predicate
    FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid
    WHERE i.indrelid = $1::regclass AND NOT i.indisprimary"""


def check_expression(definition: str) -> str:
    """``CHECK ((amount > 0))`` as PostgreSQL prints it: the expression inside."""
    match = re.fullmatch(r"CHECK \((.*)\)", definition, flags=re.DOTALL)
    assert match is not None, definition
    return match.group(1)


async def read_postgresql(connection: Any) -> Schema:
    """The tables of the connection's database (its current schema)."""
    schema: Schema = {}
    names = [r[0] for r in await connection.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema ="
        " current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")]
    for name in names:
        if name == VERSION_TABLE:
            continue
        columns, generated = [], None
        for r in await connection.fetch(PG_COLUMNS, name):
            kind = r["data_type"].upper()
            if r["is_identity"] == "YES":
                generated = r["column_name"]
                kind += f" GENERATED {r['identity_generation']} AS IDENTITY"
            columns.append(Column(r["column_name"], kind, r["is_nullable"] == "NO",
                                  r["column_default"]))
        constraints = await connection.fetch(PG_CONSTRAINTS, name)
        primary_key = next((tuple(c["columns"]) for c in constraints if c["contype"] == "p"),
                           ())
        checks = frozenset(check_expression(c["definition"]) for c in constraints
                           if c["contype"] == "c")
        foreign_keys = frozenset(
            ForeignKey(tuple(c["columns"]), c["target"], tuple(c["target_columns"]))
            for c in constraints if c["contype"] == "f")
        indexes = frozenset(
            Index(r["name"], tuple(r["columns"]), r["unique"], r["predicate"])
            for r in await connection.fetch(PG_INDEXES, name))
        schema[name] = Table(tuple(columns), primary_key, generated, indexes, checks,
                             foreign_keys, frozenset(c["conname"] for c in constraints))
    return schema


def portable_type(declared: str) -> str:
    """integer, text or real, by SQLite's affinity rules (which also read PostgreSQL's
    names: BIGINT, DOUBLE PRECISION...)."""
    declared = declared.upper()
    if "INT" in declared:
        return "integer"
    if any(word in declared for word in ("CHAR", "CLOB", "TEXT")):
        return "text"
    if any(word in declared for word in ("REAL", "FLOA", "DOUB")):
        return "real"
    raise AssertionError(f"a type the schema does not use: {declared}")


def portable_default(default: str | None) -> str | None:
    """``0``, ``'0'`` and ``'0'::bigint`` alike."""
    if default is None:
        return None
    return re.sub(r"::[a-z ]+$", "", default).strip("'")


def portable(schema: Schema) -> Schema:
    """Either engine's schema in the words both share; constraint names dropped (SQLite's
    unnamed ones have none)."""
    primary = {name: set(table.primary_key) for name, table in schema.items()}
    return {
        name: dataclasses.replace(
            table,
            columns=tuple(Column(c.name, portable_type(c.type),
                                 c.notnull or c.name in primary[name],
                                 portable_default(c.default)) for c in table.columns),
            constraint_names=frozenset())
        for name, table in schema.items()}


async def deparsed(schema: Schema, connection: Any) -> Schema:
    """SQLite's CHECK and partial-index expressions as PostgreSQL prints them, each parsed
    against a scratch copy of the same table on ``connection`` (which must have it)."""
    out: Schema = {}
    async with connection.transaction():
        for name, table in schema.items():
            scratch = f"probe_{name}"
            await connection.execute(
                f"CREATE TEMP TABLE {scratch} (LIKE {name}) ON COMMIT DROP")
            checks = set()
            for n, expression in enumerate(sorted(table.checks)):
                await connection.execute(
                    f"ALTER TABLE {scratch} ADD CONSTRAINT c{n} CHECK ({expression})")
                definition = await connection.fetchval(
                    "SELECT pg_get_constraintdef(oid) FROM pg_constraint"
                    " WHERE conrelid = $1::regclass AND conname = $2", scratch, f"c{n}")
                checks.add(check_expression(definition))
            indexes = set()
            for index in table.indexes:
                where = index.where
                if where is not None:
                    await connection.execute(
                        f"CREATE INDEX {scratch}_{index.name} ON {scratch}"
                        f" ({', '.join(index.columns)}) WHERE {where}")
                    where = await connection.fetchval(
                        "SELECT pg_get_expr(indpred, indrelid) FROM pg_index"
                        " WHERE indexrelid = $1::regclass", f"{scratch}_{index.name}")
                indexes.add(dataclasses.replace(index, where=where))
            out[name] = dataclasses.replace(table, checks=frozenset(checks),
                                            indexes=frozenset(indexes))
    return out
