"""SQLite storage: transactions on the event loop's thread, reads and checkpoints beside it.

A move's transaction runs on the loop's own thread, with no round trip to a database thread
(``bot.storage.SqliteEngine`` says why). These tests hold what that must keep: a move commits
whole or not at all (a failed COMMIT too), a read outside a transaction sees committed data
only, a write on its own never joins another task's transaction, the WAL stays bounded
although the writer never checkpoints itself, and an in-memory database works with its one
connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tapete.bot import storage as storage_module
from tapete.bot.games import GameSpec, TableHooks
from tapete.bot.i18n import Text
from tapete.bot.storage import CHECKPOINT_EVERY, Storage, Tx
from tapete.bot.tables import Table, TableError, TableService
from tapete.cogs.tute import TuteCog
from tapete.rules.engine import Event


async def opened(path: Path | str) -> Storage:
    storage = Storage(path)
    await storage.open()
    return storage


async def count(storage: Storage, sql: str) -> int:
    return int((await storage.fetchall(sql))[0][0])


async def test_a_move_is_applied_and_committed_without_yielding_the_loop(
    tmp_path: Path,
) -> None:
    """A card played is ruled, saved and committed in one go: the loop runs nothing else in
    between (no thread round trip, which was most of what a click cost), and what is on disk
    afterwards is the position in memory."""
    storage = await opened(tmp_path / "db.sqlite3")
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600, seed=5)
    service.register(TuteCog.spec)
    table = await service.create("tute", {"modalidad": "habanero"}, guild_id=1,
                                 channel_id=10, host_id=100, host_name="ana")
    await service.join(table, 200, "luis")
    await service.start(table, 100)
    seat = table.state.to_act
    move = service.act(table, table.seats[seat].user_id, table.state.legal_actions()[0])
    with pytest.raises(StopIteration) as done:
        move.send(None)  # one step: it must finish without waiting for anything
    assert done.value.value, "the move produced no events"
    record = await storage.tables.get(table.id)
    assert record is not None and record.state == table.state.to_json()
    await service.shutdown()
    await storage.close()


async def test_a_failed_commit_leaves_nothing_and_the_next_one_commits(tmp_path: Path) -> None:
    """A COMMIT refused by the database (here a deferred foreign key) rolls everything back,
    runs the rollback steps, and leaves the connection ready for the next transaction."""
    storage = await opened(tmp_path / "db.sqlite3")
    undone: list[str] = []
    with pytest.raises(sqlite3.IntegrityError):
        async with storage.transaction() as db:
            storage.on_rollback(lambda: undone.append("cache"))
            await storage.execute(db, "PRAGMA defer_foreign_keys = ON")
            await storage.execute(
                db, "INSERT INTO guild_settings (guild_id, language) VALUES (1, 'en')")
            await storage.execute(  # no table 999: refused at COMMIT only
                db, "INSERT INTO results (table_id, guild_id, game, seats, result, finished_at)"
                    " VALUES (999, 1, 'tute', '[]', '{}', '2026-01-01')")
    assert undone == ["cache"]
    assert await count(storage, "SELECT count(*) FROM guild_settings") == 0
    assert await count(storage, "SELECT count(*) FROM results") == 0
    async with storage.transaction() as db:
        await storage.execute(
            db, "INSERT INTO guild_settings (guild_id, language) VALUES (2, 'es')")
    assert await count(storage, "SELECT count(*) FROM guild_settings") == 1
    await storage.close()


async def test_a_read_outside_a_transaction_sees_committed_data_only(tmp_path: Path) -> None:
    storage = await opened(tmp_path / "db.sqlite3")
    async with storage.transaction() as db:
        await storage.execute(
            db, "INSERT INTO guild_settings (guild_id, language) VALUES (1, 'en')")
        assert await count(storage, "SELECT count(*) FROM guild_settings") == 0
        inside = await storage.query(db, "SELECT count(*) FROM guild_settings")
        assert inside[0][0] == 1  # the transaction sees its own writes
    assert await count(storage, "SELECT count(*) FROM guild_settings") == 1
    await storage.close()


async def test_a_write_on_its_own_never_joins_another_transaction(tmp_path: Path) -> None:
    """A statement outside any transaction waits for the one in progress and commits on its
    own: when that transaction rolls back, the lone write stays."""
    storage = await opened(tmp_path / "db.sqlite3")
    opened_tx, finish = asyncio.Event(), asyncio.Event()

    async def failing_move() -> None:
        async with storage.transaction() as db:
            await storage.execute(
                db, "INSERT INTO guild_settings (guild_id, language) VALUES (1, 'en')")
            opened_tx.set()
            await finish.wait()
            raise RuntimeError("the move failed")

    move = asyncio.create_task(failing_move())
    await opened_tx.wait()
    alone = asyncio.create_task(storage.execute(
        None, "INSERT INTO guild_settings (guild_id, language) VALUES (2, 'es')"))
    await asyncio.sleep(0.01)
    assert not alone.done(), "the lone write went in while another transaction was open"
    finish.set()
    with pytest.raises(RuntimeError):
        await move
    await alone
    rows = await storage.fetchall("SELECT guild_id FROM guild_settings")
    assert [r[0] for r in rows] == [2]
    await storage.close()


async def test_the_wal_stays_bounded_without_the_writer_checkpointing(tmp_path: Path) -> None:
    """The writer never checkpoints (that waits for the disk); the reader does, every
    CHECKPOINT_EVERY commits, so the WAL is reused instead of growing with every move."""
    path = tmp_path / "db.sqlite3"
    storage = await opened(path)
    wal = Path(f"{path}-wal")
    async with storage.transaction() as db:
        table_id = await storage.tables.create(db, 1, 10, "tute", {}, 100, [])
    page = 4096 + 24  # a WAL frame: a page and its header
    frames_per_commit = None
    snapshot = "x" * 3000
    for n in range(4 * CHECKPOINT_EVERY):
        before = wal.stat().st_size
        async with storage.transaction() as db:
            await storage.tables.save(db, table_id, seats=[], status="playing",
                                      state=f"{snapshot}{n}", message_id=None)
        if frames_per_commit is None:
            frames_per_commit = max(1, (wal.stat().st_size - before) // page)
        await asyncio.sleep(0)  # let a checkpoint in the reader's thread come back
    engine = storage.engine
    assert isinstance(engine, storage_module.SqliteEngine)
    if engine._checkpoint is not None:
        await engine._checkpoint
    assert frames_per_commit is not None
    most = 2 * CHECKPOINT_EVERY * frames_per_commit * page
    assert wal.stat().st_size <= most, (wal.stat().st_size, most)
    record = await storage.tables.get(table_id)
    assert record is not None and record.state == f"{snapshot}{4 * CHECKPOINT_EVERY - 1}"
    await storage.close()


async def test_an_in_memory_database_has_one_connection_for_everything() -> None:
    storage = await opened(":memory:")
    async with storage.transaction() as db:
        await storage.execute(
            db, "INSERT INTO guild_settings (guild_id, language) VALUES (1, 'en')")
    await storage.execute(None, "UPDATE guild_settings SET language = 'es'")
    rows = await storage.fetchall("SELECT guild_id, language FROM guild_settings")
    assert [tuple(r) for r in rows] == [(1, "es")]
    await storage.close()


class RefusedAtCommit(TableHooks):
    """Hooks whose last write the database accepts but refuses at COMMIT (a deferred foreign
    key): the move reaches the end of its transaction and fails only there."""

    def __init__(self) -> None:
        self.armed = False

    async def after_apply(self, table: Table, events: Sequence[Event], db: Tx,
                          before: Any) -> None:
        if self.armed:
            storage = self.storage
            await storage.execute(db, "PRAGMA defer_foreign_keys = ON")
            await storage.execute(
                db, "INSERT INTO results (table_id, guild_id, game, seats, result, finished_at)"
                    " VALUES (999, 1, 'tute', '[]', '{}', '2026-01-01')")


async def test_a_move_refused_at_commit_leaves_the_table_as_it_was(tmp_path: Path) -> None:
    """A move whose transaction fails at COMMIT is not played: the position in memory, its
    stamp and the snapshot on disk stay those before it, and the next move plays."""
    storage = await opened(tmp_path / "db.sqlite3")
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600, seed=5)
    hooks = RefusedAtCommit()
    hooks.storage = storage  # type: ignore[attr-defined]
    service.register(GameSpec(TuteCog.spec.game, TuteCog.spec.render_table, hooks))
    table = await service.create("tute", {"modalidad": "habanero"}, guild_id=1,
                                 channel_id=10, host_id=100, host_name="ana")
    await service.join(table, 200, "luis")
    await service.start(table, 100)
    before, stamp = table.state.to_json(), table.stamp
    user = table.seats[table.state.to_act].user_id
    move = table.state.legal_actions()[0]
    hooks.armed = True
    with pytest.raises(TableError) as refused:
        await service.act(table, user, move, stamp=stamp)
    assert refused.value.text.key == "table-not-saved"
    assert table.state.to_json() == before and table.stamp == stamp
    record = await storage.tables.get(table.id)
    assert record is not None and record.state == before
    hooks.armed = False
    await service.act(table, user, move, stamp=stamp)  # the same button still plays
    record = await storage.tables.get(table.id)
    assert record is not None and record.state == table.state.to_json() != before
    await service.shutdown()
    await storage.close()


async def test_the_runtime_record_is_written_as_json_dumps_would_write_it(
    tmp_path: Path,
) -> None:
    """The runtime record (timing, presence, public log) is assembled from each log entry's
    text made once: it must be the very text ``json.dumps`` makes of the data, and read back
    as the same log, after moves that logged events with cards, suits and seats, and notices."""
    storage = await opened(tmp_path / "db.sqlite3")
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600, seed=5)
    service.register(TuteCog.spec)
    table = await service.create("tute", {"modalidad": "habanero"}, guild_id=1,
                                 channel_id=10, host_id=100, host_name="ana")
    await service.join(table, 200, "luis")
    await service.start(table, 100)
    rng = random.Random(4)
    kinds: set[str] = set()
    for _ in range(60):
        state = table.state
        await service.act(table, table.seats[state.to_act].user_id,
                          rng.choice(state.legal_actions()))
        kinds |= {type(e).__name__ for e in table.log}
        assert table.runtime_json() == json.dumps(table.runtime_data())
    assert {"CardPlayed", "TrickWon", "CardDrawn"} <= kinds
    record = await storage.tables.get(table.id)
    assert record is not None and record.runtime == json.loads(table.runtime_json())
    table.log.append(Text.of("turn-timeout", name="ana"))  # a notice, with its values
    assert table.runtime_json() == json.dumps(table.runtime_data())
    await service.shutdown()
    await storage.close()


async def test_a_transaction_of_one_write_and_one_of_several_read_their_own_writes(
    tmp_path: Path,
) -> None:
    """The first write of a transaction is held back and runs alone when it is the only one;
    a read or a second write after it begins the transaction with it first, so a transaction
    always reads what it wrote, and a failing later statement undoes the held one too."""
    storage = await opened(tmp_path / "db.sqlite3")
    async with storage.transaction() as db:
        await storage.execute(
            db, "INSERT INTO guild_settings (guild_id, language) VALUES (1, 'en')")
    async with storage.transaction() as db:
        await storage.execute(db, "UPDATE guild_settings SET language = 'es' WHERE guild_id = 1")
        rows = await storage.query(db, "SELECT language FROM guild_settings WHERE guild_id = 1")
        assert rows[0][0] == "es"
    with pytest.raises(sqlite3.IntegrityError):
        async with storage.transaction() as db:
            await storage.execute(
                db, "INSERT INTO guild_settings (guild_id, language) VALUES (2, 'en')")
            await storage.execute(  # the same server again: refused, and 2 goes with it
                db, "INSERT INTO guild_settings (guild_id, language) VALUES (1, 'en')")
    rows = await storage.fetchall("SELECT guild_id, language FROM guild_settings")
    assert [tuple(r) for r in rows] == [(1, "es")]
    await storage.close()


async def test_a_checkpoint_amid_reads_is_not_refused(tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    """Reads and checkpoints share the reader connection; a read runs and is fetched in one
    call there, so a checkpoint never meets a statement left open across an await (which
    SQLite refused: "database table is locked", and the WAL was left to the next one)."""
    path = tmp_path / "db.sqlite3"
    storage = await opened(path)
    async with storage.transaction() as db:
        table_id = await storage.tables.create(db, 1, 10, "tute", {}, 100, [])

    async def write(n: int) -> None:
        async with storage.transaction() as db:
            await storage.tables.save(db, table_id, seats=[], status="playing",
                                      state=f"state {n}", message_id=None)

    with caplog.at_level(logging.ERROR):
        for n in range(2 * CHECKPOINT_EVERY):
            await asyncio.gather(write(n), storage.tables.get(table_id),
                                 storage.fetchall("SELECT guild_id FROM game_tables"))
        engine = storage.engine
        assert isinstance(engine, storage_module.SqliteEngine)
        if engine._checkpoint is not None:
            await engine._checkpoint
    assert not [r for r in caplog.records if "checkpoint" in r.getMessage()]
    record = await storage.tables.get(table_id)
    assert record is not None and record.state == f"state {2 * CHECKPOINT_EVERY - 1}"
    await storage.close()
