"""``tapete`` (or ``python -m tapete``): read the settings, check the database, run the bot
until stopped.

Every start-up problem is one line on stderr and a non-zero exit: a missing or rejected token,
a bad ``.env``, a database path that cannot be used, a SQLite file another bot is already using
(``bot.lockfile``), no connection to Discord. These lines are for whoever runs the bot, the
README's reader: in English, like the README and the logs (what players read is in the
catalogs, in their language).

Stopping: Ctrl-C and SIGTERM (``kill``, systemd, ``docker stop``) both close the bot cleanly
and exit 0: the tables' timers stop (every move is saved when it is made), the difícil CPU
workers are shut down, Discord and the database are closed. A ``kill -9`` cannot be handled;
the CPU workers then notice their parent is gone and exit by themselves (``bot.cpu``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

from tapete.bot.lockfile import DatabaseInUse, DatabaseLock, is_memory
from tapete.bot.reporting import start_error_reporting
from tapete.bot.settings import Settings, SettingsError, load_settings
from tapete.bot.storage import Storage

log = logging.getLogger("bot")

# Libraries that log whole payloads at DEBUG (SQL parameters hold the game snapshots, HTTP
# bodies the private hands): they never log below INFO, whatever LOG_LEVEL says.
QUIET = ("aiosqlite", "asyncpg", "discord.http", "discord.gateway", "discord.webhook",
         "discord.state")


def configure_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in QUIET:
        logging.getLogger(name).setLevel(max(logging.INFO, logging.getLevelName(level)))


def check_database(settings: Settings) -> None:
    """Check the database before logging in, so a bad path or URL fails at once."""
    Storage(settings.database).check()


def claim_database(settings: Settings) -> DatabaseLock | None:
    """Hold the SQLite file's lock for the life of the process (PostgreSQL is shared by
    design: several processes may use one database)."""
    if settings.database_url is not None or is_memory(settings.database_path):
        return None
    lock = DatabaseLock(settings.database_path)
    lock.acquire()
    return lock


def stop_on_sigterm() -> None:
    """SIGTERM stops the bot as Ctrl-C does: the main task is cancelled, and leaving
    ``async with`` closes the bot. A second SIGTERM is not caught: it ends the process."""
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None

    def stop() -> None:
        log.info("SIGTERM received: closing")
        loop.remove_signal_handler(signal.SIGTERM)
        task.cancel()

    with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows; not main thread
        loop.add_signal_handler(signal.SIGTERM, stop)


def main() -> int:
    try:
        settings = load_settings()
        token = settings.token()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        start_error_reporting(settings)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    lock: DatabaseLock | None = None
    try:
        lock = claim_database(settings)
        check_database(settings)
    except DatabaseInUse as exc:
        holder = f" (process {exc.pid})" if exc.pid else ""
        print(f"Another Tapete bot is already using {settings.database_name()}{holder}: stop it "
              "before starting another.", file=sys.stderr)
        return 2
    except Exception as exc:  # sqlite3, asyncpg, OSError, StorageError: all one line
        if lock is not None:
            lock.release()
        reason = (str(exc).splitlines() or [type(exc).__name__])[0] or type(exc).__name__
        print(f"Cannot use the database {settings.database_name()}: {reason}",
              file=sys.stderr)
        return 2
    import aiohttp
    import discord

    from tapete.bot.app import bot_class

    # The bot has no voice: do not warn at every start that voice libraries are missing.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False

    async def run() -> None:
        stop_on_sigterm()
        async with bot_class(settings)(settings) as client:
            await client.start(token)

    try:
        asyncio.run(run())
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C, SIGTERM: closed cleanly
        log.info("Stopped")
    except discord.LoginFailure:
        print("Discord rejected the token: check DISCORD_TOKEN in .env.", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError, TimeoutError, discord.GatewayNotFound,
            discord.HTTPException) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"Cannot connect to Discord: {reason}", file=sys.stderr)
        return 1
    finally:
        if lock is not None:
            lock.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
