"""Start the real bot (``tapete``'s ``main``) against the stand-in API of
``tests/standin.py``, whose address is in ``STANDIN_URL``. Used by the fault tests only."""

from __future__ import annotations

import os
import sys

import discord.gateway
import discord.http
import yarl

from tapete.bot.__main__ import main

if __name__ == "__main__":
    base = os.environ["STANDIN_URL"]
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        base.replace("http", "ws", 1) + "/gateway")
    sys.exit(main())
