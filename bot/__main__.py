"""``python -m bot``: read the settings and run the bot until stopped."""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.settings import SettingsError, load_settings


def main() -> int:
    try:
        settings = load_settings()
        token = settings.token()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from bot.app import TapeteBot

    async def run() -> None:
        async with TapeteBot(settings) as client:
            await client.start(token)

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except Exception as exc:  # login failure, network: one line, not a traceback
        import discord

        if isinstance(exc, discord.LoginFailure):
            print("Discord rechazó el token: revisa DISCORD_TOKEN en .env.", file=sys.stderr)
            return 2
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
