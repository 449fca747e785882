"""The Bot subclass: opens storage, loads every game's cog, restores tables, syncs commands.

With ``SHARD_COUNT`` (and ``SHARD_IDS``) the bot is :class:`ShardedTapeteBot`, discord.py's
``AutoShardedBot`` connecting only the shards given, and its table layer owns only their
servers; without them it is one plain ``commands.Bot``, as always.
"""

from __future__ import annotations

import logging
import pkgutil
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import CatalogTranslator
from bot.cpu import CpuPlayers
from bot.servers import ServerSettings
from bot.settings import Settings
from bot.storage import Storage
from bot.tables import Table, TableError, TableService, Timing
from bot.views import DYNAMIC_ITEMS, describe, private_lang, public_message
from rules.errors import RuleError

log = logging.getLogger(__name__)



COGS = "cogs"  # the package of the cogs, found beside bot/ (bot/ never imports it)


def discover_extensions() -> tuple[str, ...]:
    """Every module of the cogs package: a new game's cog loads without touching bot/."""
    folder = Path(__file__).resolve().parent.parent / COGS
    return tuple(f"{COGS}.{m.name}" for m in pkgutil.iter_modules([str(folder)]))


EXTENSIONS = discover_extensions()


class TapeteBot(commands.Bot):
    def __init__(self, settings: Settings, *, extensions: tuple[str, ...] = EXTENSIONS,
                 seed: int | None = None, **options: Any) -> None:
        """``options`` go to discord.py's client (the shards of :class:`ShardedTapeteBot`)."""
        super().__init__(command_prefix=commands.when_mentioned, help_command=None,
                         intents=discord.Intents.default(), **options)
        self.settings = settings
        self.extension_names = extensions
        self.storage = Storage(settings.database, pool_size=settings.database_pool_size)
        self.servers = ServerSettings(self.storage,
                                      Timing(settings.turn_timeout, settings.cpu_delay))
        self.tables = TableService(
            self.storage, cpu_delay=settings.cpu_delay, turn_timeout=settings.turn_timeout,
            publish=self.publish, seed=seed, edits=(5, 5.0) if settings.pace_edits else None,
            cpu=CpuPlayers(settings.cpu_think_ms), shards=settings.shards(),
        )
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        await self.storage.open()
        await self.servers.load(self.tables.shards)
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for name in self.extension_names:
            await self.load_extension(name)
        await self.tables.restore()
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        """Learn every server's Discord locale: the public language of a server whose admins
        have not chosen one."""
        for guild in self.guilds:
            self.servers.learn_locale(guild.id, guild.preferred_locale)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.servers.learn_locale(guild.id, guild.preferred_locale)

    async def on_guild_update(self, before: discord.Guild, after: discord.Guild) -> None:
        if before.preferred_locale != after.preferred_locale:
            self.servers.learn_locale(after.id, after.preferred_locale)
            if self.servers.chosen_language(after.id) is None:
                self.tables.refresh_guild(after.id)

    async def close(self) -> None:
        await self.tables.shutdown()
        await super().close()
        await self.storage.close()

    async def publish(self, table: Table) -> None:
        """Create or refresh a table's public message (the only public view of a table)."""
        embed, view = public_message(table, self.servers.public(table.guild_id))
        channel = self.get_channel(table.channel_id)
        if channel is None:
            channel = await self.fetch_channel(table.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        if table.message_id is not None:
            try:
                await channel.get_partial_message(table.message_id).edit(embed=embed, view=view)
                return
            except discord.NotFound:
                log.info("Table %d: public message gone, posting a new one", table.id)
        message = await channel.send(embed=embed, view=view)
        await self.tables.set_message(table, message.id)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Every slash-command failure is logged and answered, ephemerally."""
        original = getattr(error, "original", error)
        lang = private_lang(interaction)
        if isinstance(original, TableError | RuleError):
            message = describe(interaction, original)
        elif isinstance(error, app_commands.MissingPermissions):
            message = lang.t("error-forbidden")
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = lang.t("error-guild-only")
        elif isinstance(error, app_commands.CheckFailure):
            message = lang.t("error-forbidden")
        else:
            log.error("Command %s failed", interaction.command and interaction.command.name,
                      exc_info=original)
            message = lang.t("error-generic")
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)


class ShardedTapeteBot(TapeteBot, commands.AutoShardedBot):
    """The bot as one of several processes: it connects only ``SHARD_IDS`` of
    ``SHARD_COUNT`` shards and plays only the tables of their servers."""

    def __init__(self, settings: Settings, *, extensions: tuple[str, ...] = EXTENSIONS,
                 seed: int | None = None) -> None:
        super().__init__(
            settings, extensions=extensions, seed=seed, shard_count=settings.shard_count,
            shard_ids=sorted(settings.shard_ids) if settings.shard_ids is not None else None)


def bot_class(settings: Settings) -> type[TapeteBot]:
    """The bot for these settings: sharded when ``SHARD_COUNT`` is set."""
    return ShardedTapeteBot if settings.sharded else TapeteBot
