"""``python -m bot``: read the settings, check the database, run the bot until stopped.

Every start-up problem is one line on stderr and a non-zero exit: a missing or rejected token,
a bad ``.env``, a database path that cannot be used, no connection to Discord. These lines are
for whoever runs the bot, the README's reader: in English, like the README and the logs (what
players read is in the catalogs, in their language).
"""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.settings import Settings, SettingsError, load_settings
from bot.storage import Storage

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


def main() -> int:
    try:
        settings = load_settings()
        token = settings.token()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        check_database(settings)
    except Exception as exc:  # sqlite3, asyncpg, OSError, StorageError: all one line
        reason = (str(exc).splitlines() or [type(exc).__name__])[0] or type(exc).__name__
        print(f"Cannot use the database {settings.database_name()}: {reason}",
              file=sys.stderr)
        return 2
    import aiohttp
    import discord

    from bot.app import bot_class

    # The bot has no voice: do not warn at every start that voice libraries are missing.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False

    async def run() -> None:
        async with bot_class(settings)(settings) as client:
            await client.start(token)

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except discord.LoginFailure:
        print("Discord rejected the token: check DISCORD_TOKEN in .env.", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError, TimeoutError, discord.GatewayNotFound,
            discord.HTTPException) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"Cannot connect to Discord: {reason}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
