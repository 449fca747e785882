"""Tapete: a Discord bot to play Spanish and French card games (Tomate, NLK, Escoba, Tute,
Belote).

``tapete.rules`` are the pure game engines, ``tapete.bot`` the shared Discord plumbing and
``tapete.cogs`` one cog per game (docs/ARCHITECTURE.md). ``python -m tapete`` or the
``tapete`` command starts the bot.
"""

from importlib import metadata

try:
    __version__ = metadata.version("tapete")
except metadata.PackageNotFoundError:  # a checkout run without installing
    __version__ = "0+unknown"
