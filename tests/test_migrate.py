"""``python3 run.py migrate-to-postgres``: a SQLite database with games in progress, finished
matches, ratings, a Tomate ledger and server settings is copied into PostgreSQL row for row;
the bot's table layer then restores its tables there and plays on, and new rows get new ids.
A database that is not empty is refused, and a copy that does not add up is not kept. While a
bot holds the SQLite file's lock the copy is refused; a bot killed with ``kill -9`` leaves no
lock behind."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tapete.bot.bank import Bank
from tapete.bot.games import GameSpec
from tapete.bot.migrate import MigrationError, copy_database, main, migrate
from tapete.bot.storage import SCHEMA_TABLES, Storage
from tapete.bot.tables import TableService
from tapete.cogs.tomate import PLATO, RESERVA, TomateHooks
from tapete.cogs.tute import TuteCog
from tapete.rules import tomate

GUILD = 777


def service_on(storage: Storage) -> TableService:
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600, seed=5)
    service.register(TuteCog.spec)
    service.register(GameSpec(tomate.GAME, lambda table, lang: None,  # type: ignore[arg-type,return-value]
                              TomateHooks(Bank(storage, (PLATO, RESERVA)))))
    return service


async def play(service: TableService, table: Any, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        if table.status != "playing":
            return
        seat = table.state.to_act
        if table.seats[seat].is_cpu:
            await service.cpu_move(table)
        else:
            await service.act(table, table.seats[seat].user_id,
                              rng.choice(table.state.legal_actions()))


async def fill(path: Path) -> None:
    """A season of the bot on SQLite: finished Tute matches (results, ratings), a Tomate
    session in progress (ledger, balances), a lobby and a server's settings."""
    storage = Storage(path)
    await storage.open()
    service = service_on(storage)
    rng = random.Random(3)
    for channel in (1, 2):
        tute = await service.create("tute", {"modalidad": "habanero"}, guild_id=GUILD,
                                    channel_id=channel, host_id=10, host_name="ana")
        await service.join(tute, 20, "luis")
        await service.start(tute, 10)
        await play(service, tute, 10_000, rng)
        assert tute.status == "finished"
    game = await service.create("tomate", {}, guild_id=GUILD, channel_id=3, host_id=10,
                                host_name="ana")
    await service.join(game, 20, "luis")
    await service.add_cpu(game, 10)
    await service.start(game, 10)
    await play(service, game, 150, rng)
    await service.create("tute", {}, guild_id=GUILD + 1, channel_id=4, host_id=30,
                         host_name="eva")
    await storage.guilds.save(GUILD, {"language": "en", "turn_timeout": 45.5,
                                      "table_channel": 1234567890123456789})
    await service.shutdown()
    await storage.close()


async def every_row(storage: Storage) -> dict[str, list[tuple[Any, ...]]]:
    rows: dict[str, list[tuple[Any, ...]]] = {}
    for table in SCHEMA_TABLES:
        rows[table] = []
        async for _columns, batch in storage.rows_of(table, batch=7):
            rows[table].extend(batch)
        rows[table].sort(key=repr)
    return rows


async def test_a_sqlite_database_is_copied_row_for_row_and_plays_on(
    tmp_path: Path, postgres_url: str
) -> None:
    path = tmp_path / "tapete.sqlite3"
    await fill(path)
    report = await migrate(path, postgres_url)
    assert report.rows["ledger"] > 0 and report.rows["results"] == 2
    assert report.rows["ratings"] == 2 and report.servers == 1

    source, target = Storage(path), Storage(postgres_url)
    await source.open()
    await target.open()
    before = await every_row(source)
    assert before == await every_row(target)
    assert all(before[t] for t in SCHEMA_TABLES)
    assert await target.ledger.balances(GUILD) == await source.ledger.balances(GUILD)
    assert (await target.ratings.top(GUILD, "tute")) == (await source.ratings.top(GUILD, "tute"))
    await source.close()

    service = service_on(target)
    restored = await service.restore()
    assert sorted(t.channel_id for t in restored) == [3, 4]
    game = service.in_channel(3)
    assert game is not None
    await play(service, game, 40, random.Random(9))
    again = await service.create("tute", {}, guild_id=GUILD, channel_id=5, host_id=1,
                                 host_name="x")
    assert again.id > max(row[0] for row in before["game_tables"])
    balances = await target.ledger.balances(GUILD)
    assert sum(balances.values()) == 0 and await target.ledger.replay(GUILD) == balances
    await service.shutdown()
    await target.close()


async def test_a_database_that_is_not_empty_is_refused(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "tapete.sqlite3"
    await fill(path)
    await migrate(path, postgres_url)
    with pytest.raises(MigrationError, match="is not empty"):
        await migrate(path, postgres_url)


async def test_a_copy_that_does_not_add_up_is_not_kept(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tapete.sqlite3"
    await fill(path)
    source, target = Storage(path), Storage(postgres_url)
    await source.open()
    await target.open()
    real = target.copy_rows

    async def lossy(db: Any, table: str, columns: Any, rows: Any) -> None:
        await real(db, table, columns, rows[:-1] if table == "ledger" else rows)

    monkeypatch.setattr(target, "copy_rows", lossy)
    with pytest.raises(MigrationError, match="ledger"):
        await copy_database(source, target)
    assert all([await target.count(t) == 0 for t in SCHEMA_TABLES])
    await source.close()
    await target.close()


def test_the_command_copies_and_says_what(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    path = tmp_path / "tapete.sqlite3"
    asyncio.run(fill(path))
    assert main(["--from", str(path)]) == 2  # no DATABASE_URL, no --to
    assert "DATABASE_URL" in capsys.readouterr().err
    monkeypatch.setenv("DATABASE_URL", postgres_url)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "ledger" in out and "= 0" in out
    assert main([]) == 1
    assert "is not empty" in capsys.readouterr().err


HOLDER = """
import sys, time
from pathlib import Path
from tapete.bot.lockfile import DatabaseLock

DatabaseLock(Path(sys.argv[1])).acquire()  # as the running bot does, for its whole life
print("held", flush=True)
time.sleep(120)
"""


def test_the_copy_is_refused_while_a_bot_holds_the_file(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "tapete.sqlite3"
    asyncio.run(fill(path))
    root = Path(__file__).resolve().parent.parent
    bot = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE,
                           text=True, env={**os.environ, "PYTHONPATH": str(root)})
    try:
        assert bot.stdout is not None and bot.stdout.readline().strip() == "held"
        assert main(["--from", str(path), "--to", postgres_url]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"Not migrated: the bot is using {path} (process {bot.pid})")
        bot.send_signal(signal.SIGKILL)  # no clean exit: the system drops the lock anyway
        bot.wait()
        assert main(["--from", str(path), "--to", postgres_url]) == 0
        assert "ledger" in capsys.readouterr().out
    finally:
        bot.kill()
        bot.wait()
