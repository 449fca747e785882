"""The table layer on a real database, SQLite and PostgreSQL: locking, persistence, restore and
rollback."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tapete.bot import schema
from tapete.bot.bank import Bank
from tapete.bot.games import GameSpec
from tapete.bot.storage import SCHEMA_TABLES, Storage
from tapete.bot.tables import TableError, TableService
from tapete.cogs.escoba import EscobaCog
from tapete.cogs.tomate import PLATO, RESERVA, TomateHooks
from tapete.cogs.tute import TuteCog
from tapete.rules import tomate
from tapete.rules.errors import NotYourTurn, RuleError


@contextlib.contextmanager
def refused(key: str) -> Iterator[None]:
    """The block raises a TableError with the catalog key ``key``."""
    with pytest.raises(TableError) as info:
        yield
    assert info.value.text.key == key


async def open_service(path: Path | str) -> TableService:
    storage = Storage(path)
    await storage.open()
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600, seed=11)
    service.register(TuteCog.spec)
    return service


async def started_table(service: TableService, modalidad: str = "habanero") -> Any:
    table = await service.create("tute", {"modalidad": modalidad}, guild_id=1, channel_id=10,
                                 host_id=100, host_name="ana")
    await service.join(table, 200, "luis")
    await service.start(table, 100)
    return table


async def test_two_clicks_at_once_apply_one_move(database: Path | str) -> None:
    service = await open_service(database)
    table = await started_table(service)
    seat = table.state.to_act
    user = table.seats[seat].user_id
    action = table.state.legal_actions()[0]
    results = await asyncio.gather(
        service.act(table, user, action), service.act(table, user, action),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(errors) == 1 and isinstance(errors[0], TableError | NotYourTurn | RuleError)
    assert len(table.state.view(None).trick) == 1
    await service.shutdown()
    await service.storage.close()


async def test_lobby_rules(database: Path | str) -> None:
    service = await open_service(database)
    table = await service.create("tute", {"modalidad": "habanero"}, guild_id=1, channel_id=10,
                                 host_id=100, host_name="ana")
    with refused("table-channel-busy"):
        await service.create("tute", {}, guild_id=1, channel_id=10, host_id=5, host_name="x")
    with refused("lobby-already-in"):
        await service.join(table, 100, "ana")
    await service.join(table, 200, "luis")
    with refused("lobby-full"):
        await service.join(table, 300, "eva")
    with refused("lobby-only-host"):
        await service.start(table, 200)
    with refused("lobby-host-cannot-leave"):
        await service.leave(table, 100)
    await service.leave(table, 200)
    with refused("lobby-wrong-count"):
        await service.start(table, 100)
    with refused("table-bad-options"):
        await service.create("tute", {"modalidad": "mus"}, guild_id=1, channel_id=11,
                             host_id=5, host_name="x")
    await service.storage.close()


async def test_restart_restores_lobbies_and_games_exactly(database: Path | str) -> None:
    path = database
    service = await open_service(path)
    table = await started_table(service)
    for _ in range(5):
        seat = table.state.to_act
        await service.act(table, table.seats[seat].user_id, table.state.legal_actions()[0])
    lobby = await service.create("tute", {"modalidad": "arrastrado"}, guild_id=1, channel_id=12,
                                 host_id=300, host_name="eva")
    snapshot, seats = table.state.to_json(), [s.user_id for s in table.seats]
    await service.shutdown()
    await service.storage.close()

    again = await open_service(path)
    restored = await again.restore()
    assert {t.id for t in restored} == {table.id, lobby.id}
    back = again.in_channel(10)
    assert back is not None and back.state.to_json() == snapshot
    assert [s.user_id for s in back.seats] == seats
    assert again.in_channel(12).status == "lobby"
    seat = back.state.to_act
    await again.act(back, back.seats[seat].user_id, back.state.legal_actions()[0])
    await again.shutdown()
    await again.storage.close()


async def test_an_unreadable_snapshot_closes_that_table_and_the_rest_restore(
    database: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    path = database
    service = await open_service(path)
    broken = await started_table(service)
    fine = await service.create("tute", {"modalidad": "habanero"}, guild_id=1, channel_id=12,
                                host_id=300, host_name="eva")
    await service.shutdown()
    async with service.storage.transaction() as db:  # a snapshot from an older layout
        await service.storage.execute(db, "UPDATE game_tables SET state = ? WHERE id = ?",
                                      ('{"game": "tute", "hand": 1}', broken.id))
    await service.storage.close()

    again = await open_service(path)
    restored = await again.restore()
    assert [t.id for t in restored] == [fine.id]
    assert "saved state unreadable" in caplog.text
    record = await again.storage.tables.get(broken.id)
    assert record is not None and record.status == "cancelled"
    assert record.state == '{"game": "tute", "hand": 1}'  # kept for inspection
    open_ids = [r.id for r in await again.storage.tables.open_tables()]
    assert open_ids == [fine.id]  # the next start does not try the broken one again
    await again.shutdown()
    await again.storage.close()


async def test_a_failed_save_leaves_the_move_undone(
    database: Path | str, monkeypatch: Any
) -> None:
    service = await open_service(database)
    table = await started_table(service)
    before = table.state.to_json()
    seat = table.state.to_act
    user = table.seats[seat].user_id

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(service.storage.tables, "save", broken)
    with refused("table-not-saved"):
        await service.act(table, user, table.state.legal_actions()[0])
    assert table.state.to_json() == before
    monkeypatch.undo()
    await service.act(table, user, table.state.legal_actions()[0])
    assert table.state.to_json() != before
    record = await service.storage.tables.get(table.id)
    assert record is not None and record.state == table.state.to_json()
    await service.shutdown()
    await service.storage.close()


async def test_an_accepted_move_serialises_the_state_once(
    database: Path | str, monkeypatch: Any
) -> None:
    """The save is the only serialisation of a move: a failure goes back to the position
    last written, not to a copy taken before every move."""
    service = await open_service(database)
    table = await started_table(service)
    calls = 0
    to_json = type(table.state).to_json

    def counted(state: Any) -> str:
        nonlocal calls
        calls += 1
        return to_json(state)

    monkeypatch.setattr(type(table.state), "to_json", counted)
    for _ in range(6):
        seat = table.state.to_act
        await service.act(table, table.seats[seat].user_id, table.state.legal_actions()[0])
    assert calls == 6
    monkeypatch.undo()
    record = await service.storage.tables.get(table.id)
    assert record is not None and record.state == table.state.to_json() == table.saved
    await service.shutdown()
    await service.storage.close()


async def test_migrations_are_numbered_and_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    for _ in range(2):
        storage = Storage(path)
        await storage.open()
        rows = await storage.fetchall("PRAGMA user_version")
        # tables, ledger, settings, ledger indexes, ratings, checks, pictures, public
        # messages to redraw, SQLite's timing checks
        assert rows[0][0] == schema.LATEST == 9
        mode = await storage.fetchall("PRAGMA journal_mode")
        assert mode[0][0] == "wal"
        await storage.close()


async def test_postgres_migrations_are_numbered_and_idempotent(postgres_url: str) -> None:
    """The same numbering on PostgreSQL: every migration, applied once, the same columns."""
    sqlite = Storage(":memory:")
    await sqlite.open()
    for _ in range(2):
        storage = Storage(postgres_url)
        await storage.open()
        assert await storage.version() == schema.LATEST == 9
        for table in SCHEMA_TABLES:
            pg_columns = [r[0] for r in await storage.fetchall(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ?"
                " ORDER BY ordinal_position", (table,))]
            sqlite_columns = [r[1] for r in await sqlite.fetchall(f"PRAGMA table_info({table})")]
            assert pg_columns == sqlite_columns, table
        await storage.close()
    await sqlite.close()


async def test_two_tables_opened_at_once_in_one_channel(database: Path | str) -> None:
    service = await open_service(database)
    results = await asyncio.gather(
        *(service.create("tute", {"modalidad": "habanero"}, guild_id=1, channel_id=10,
                         host_id=100 + i, host_name=f"p{i}") for i in range(2)),
        return_exceptions=True,
    )
    opened = [r for r in results if not isinstance(r, BaseException)]
    refused_ = [r for r in results if isinstance(r, TableError)]
    assert len(opened) == 1 and len(refused_) == 1
    assert refused_[0].text.key == "table-channel-busy"
    assert service.in_channel(10) is opened[0]
    with refused("table-channel-busy"):
        await service.create("tute", {"modalidad": "habanero"}, guild_id=1, channel_id=10,
                             host_id=300, host_name="eva")
    await service.shutdown()
    await service.storage.close()


def register_every_game(service: TableService) -> None:
    service.register(EscobaCog.spec)
    bank = Bank(service.storage, (PLATO, RESERVA))
    service.register(GameSpec(tomate.GAME, lambda table, lang: None, TomateHooks(bank)))


@pytest.mark.parametrize(("game", "options"), [
    ("tute", {"modalidad": "individual"}), ("escoba", {}), ("tomate", {}),
])
async def test_a_failed_save_in_the_lobby_changes_nothing(
    database: Path | str, monkeypatch: Any, caplog: pytest.LogCaptureFixture,
    game: str, options: dict[str, Any],
) -> None:
    """Join, leave, add CPU, start and cancel with the database refusing every write: each
    is refused as not saved, the table stays as it was, and it goes on once writes work."""
    service = await open_service(database)
    register_every_game(service)
    table = await service.create(game, options, guild_id=1,
                                 channel_id=10, host_id=100, host_name="ana")
    await service.join(table, 200, "luis")

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    def seats() -> list[Any]:
        return [(s.user_id, s.name) for s in table.seats]

    before = seats()
    monkeypatch.setattr(service.storage.tables, "save", broken)
    attempts = [
        lambda: service.join(table, 300, "eva"),
        lambda: service.leave(table, 200),
        lambda: service.add_cpu(table, 100),
        lambda: service.cancel(table, 100),
    ]
    for attempt in attempts:
        with refused("table-not-saved"):
            await attempt()
        assert seats() == before and table.status == "lobby" and table.state is None
    monkeypatch.undo()
    await service.add_cpu(table, 100)
    await service.add_cpu(table, 100)
    before = seats()
    monkeypatch.setattr(service.storage.tables, "save", broken)
    with refused("table-not-saved"):
        await service.start(table, 100)
    assert seats() == before and table.status == "lobby" and table.state is None
    assert caplog.text.count("could not be saved") == 5  # the cause, once per refusal
    monkeypatch.undo()
    await service.start(table, 100)  # writable again: the table goes on
    assert table.status == "playing" and table.state is not None
    record = await service.storage.tables.get(table.id)
    assert record is not None and record.status == "playing"
    assert record.state == table.state.to_json()
    await service.shutdown()
    await service.storage.close()


async def test_finished_and_cancelled_tables_leave_memory_and_still_answer(
    database: Path | str,
) -> None:
    """Once its message shows the end, a table is only in storage: Revancha and late buttons
    read it back."""
    service = await open_service(database)
    published: list[tuple[int, str]] = []

    async def publish(table: Any) -> None:
        published.append((table.id, table.status))

    service.publish = publish
    table = await started_table(service)
    rng = random.Random(3)
    while table.status == "playing":
        seat = table.state.to_act
        await service.act(table, table.seats[seat].user_id, rng.choice(table.state.legal_actions()))
    await asyncio.sleep(0)
    while service.pacing.refreshing:
        await asyncio.gather(*service.pacing.refreshing.values())
    assert published[-1] == (table.id, "finished")
    assert table.id not in service.by_id and service.in_channel(10) is None
    again = await service.find(table.id)
    assert again is not table and again.status == "finished"
    with refused("table-over"):
        await service.act(again, 100, "pass")
    rematch = await service.rematch(table.id, 200, "luis")
    assert rematch.status == "playing" and rematch.rematch_of == table.id
    await service.cancel(rematch, 200)
    while service.pacing.refreshing:
        await asyncio.gather(*service.pacing.refreshing.values())
    assert service.by_id == {} and service.pacing.dirty == set()
    assert (await service.find(rematch.id)).status == "cancelled"
    with refused("table-gone"):
        await service.find(10_000)
    await service.shutdown()
    await service.storage.close()


async def test_an_ended_table_is_marked_until_its_message_shows_it(
    database: Path | str,
) -> None:
    """The save that ends a table marks it; the edit that shows the end unmarks it. A table
    still marked at start-up (the process died in between) is redrawn then, and only it."""
    service = await open_service(database)
    shown: list[tuple[int, str]] = []
    dying = True

    async def publish(table: Any) -> None:
        if table.status in ("finished", "cancelled"):
            if dying:
                raise ConnectionResetError("the process dies before the message is edited")
            shown.append((table.id, table.status))

    service.publish = publish
    table = await started_table(service)
    rng = random.Random(3)
    while table.status == "playing":
        seat = table.state.to_act
        await service.act(table, table.seats[seat].user_id, rng.choice(table.state.legal_actions()))
    cancelled = await service.create("tute", {}, guild_id=1, channel_id=11, host_id=1,
                                     host_name="eva")
    await service.cancel(cancelled, 1)
    while service.pacing.refreshing:
        await asyncio.gather(*service.pacing.refreshing.values())
    marked = await service.storage.tables.to_refresh()
    assert [(r.id, r.status) for r in marked] == [(table.id, "finished"),
                                                  (cancelled.id, "cancelled")]
    await service.shutdown()

    dying = False
    again = TableService(service.storage, cpu_delay=3600, turn_timeout=3600, seed=11,
                         publish=publish)
    again.register(TuteCog.spec)
    assert await again.restore() == []  # no open table: the ended ones are only redrawn
    while again.pacing.refreshing:
        await asyncio.gather(*again.pacing.refreshing.values())
    assert sorted(shown) == [(table.id, "finished"), (cancelled.id, "cancelled")]
    assert await again.storage.tables.to_refresh() == [] and again.by_id == {}
    await again.shutdown()
    await again.restore()
    assert len(shown) == 2  # not redrawn a second time
    await again.shutdown()
    await again.storage.close()
