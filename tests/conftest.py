"""Shared fixtures: a real bot on a real SQLite file, driven by simcord's simulated Discord.

CPU pauses are 10 s: longer than simcord's settle window, so a CPU seat moves only when a test
advances the virtual clock (``env.advance_time``), never in real time.

``database`` runs a storage test once per engine: a SQLite file, then a fresh database on a
PostgreSQL server this worker starts itself (``tests/pgserver.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord.env
import simcord.interactions

from tapete.bot.app import TapeteBot
from tapete.bot.settings import Settings
from tests.driver import USER_LOCALES, payload_with_locale, spanish_guild
from tests.pgserver import REQUIRED, PostgresServer, Unavailable

_BOTS: list[TapeteBot] = []

@pytest.fixture(autouse=True)
def user_locales(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(simcord.interactions, "base_payload", payload_with_locale)
    monkeypatch.setattr(simcord.env.Env, "create_guild", spanish_guild)
    yield USER_LOCALES
    USER_LOCALES.clear()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tapete.sqlite3"


@pytest.fixture
def settings(db_path: Path) -> Settings:
    # Public edits unpaced: tests read the table message right after each move without
    # advancing the clock; test_rate_limits.py plays with the pacing on. No card-face upload
    # at start-up (drawn on a thread, outside the simulated clock): test_pictures_discord.py
    # turns it on.
    return Settings(discord_token=None, database_path=db_path, cpu_delay=10.0,
                    turn_timeout=120.0, pace_edits=False, card_emojis=False,
                    _env_file=None)  # type: ignore[call-arg]


def make_bot(settings: Settings, seed: int = 7) -> TapeteBot:
    bot = TapeteBot(settings, seed=seed)
    _BOTS.append(bot)
    return bot


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[TapeteBot]:
    yield make_bot(settings)
    # Close every bot the test made (restarts included), even when the test failed, so no
    # database thread outlives the test.
    while _BOTS:
        bot = _BOTS.pop()
        await bot.tables.shutdown()
        await bot.storage.close()


# -- PostgreSQL --------------------------------------------------------------------------------


def in_thread(work: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run a coroutine to the end on its own loop in another thread (a sync fixture may be set
    up while the test's loop exists, and must not touch it)."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(work())
        except BaseException as exc:
            failure.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer | str]:
    """This worker's PostgreSQL server, or why there is none."""
    server = PostgresServer()
    try:
        server.start()
    except Unavailable as exc:
        server.stop()
        yield f"PostgreSQL unavailable: {exc}"
        return
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer | str) -> Iterator[str]:
    """The URL of a new, empty database on the test server (dropped afterwards)."""
    with postgres_database(postgres_server) as url:
        yield url


@contextlib.contextmanager
def postgres_database(postgres_server: PostgresServer | str) -> Iterator[str]:
    """A new, empty database on the test server, dropped at the end (or the test skipped, or
    failed under ``TAPETE_REQUIRE_POSTGRES``, when there is no server)."""
    if isinstance(postgres_server, str):
        if REQUIRED:
            pytest.fail(f"TAPETE_REQUIRE_POSTGRES is set but {postgres_server}")
        pytest.skip(postgres_server)
    import asyncpg

    name = postgres_server.next_database()

    async def create() -> None:
        connection = await asyncpg.connect(postgres_server.url())
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()

    async def drop() -> None:
        connection = await asyncpg.connect(postgres_server.url())
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()

    in_thread(create)
    try:
        yield postgres_server.url(name)
    finally:
        in_thread(drop)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a test's data lives, once per engine: a SQLite file, then a PostgreSQL
    database (skipped, with the reason, when no PostgreSQL server can be started here)."""
    if request.param == "sqlite":
        return tmp_path / "t.sqlite3"
    url: str = request.getfixturevalue("postgres_url")
    return url
