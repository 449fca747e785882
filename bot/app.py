"""The Bot subclass: opens storage, loads every game's cog, restores tables, syncs commands."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.settings import Settings
from bot.storage import Storage
from bot.tables import Table, TableError, TableService
from bot.views import DYNAMIC_ITEMS, public_message
from rules.errors import RuleError

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.tute", "cogs.escoba", "cogs.tomate")


class TapeteBot(commands.Bot):
    def __init__(self, settings: Settings, *, extensions: tuple[str, ...] = EXTENSIONS,
                 seed: int | None = None) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.settings = settings
        self.extension_names = extensions
        self.storage = Storage(settings.database_path)
        self.tables = TableService(
            self.storage, cpu_delay=settings.cpu_delay, turn_timeout=settings.turn_timeout,
            publish=self.publish, seed=seed,
        )
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        await self.storage.open()
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

    async def close(self) -> None:
        await self.tables.shutdown()
        await super().close()
        await self.storage.close()

    async def publish(self, table: Table) -> None:
        """Create or refresh a table's public message (the only public view of a table)."""
        embed, view = public_message(table)
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

    async def rematch(self, table_id: int, interaction: discord.Interaction[Any]) -> Table:
        """Revancha: a new table with the same players and options, started at once."""
        old = self.tables.by_id.get(table_id)
        if old is None or old.status != "finished":
            raise TableError(t("table.gone"))
        if old.seat_of(interaction.user.id) is None:
            raise TableError(t("table.not_seated"))
        table = await self.tables.create(
            old.game, old.options, guild_id=old.guild_id, channel_id=old.channel_id,
            host_id=interaction.user.id, host_name=interaction.user.display_name,
        )
        table.seats = list(old.seats)
        await self.tables.set_message(table, 0)  # seats saved; message id set just below
        embed, view = public_message(table)
        await interaction.response.send_message(embed=embed, view=view)
        message = await interaction.original_response()
        await self.tables.set_message(table, message.id)
        await self.tables.start(table, interaction.user.id)
        return table

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Every slash-command failure is logged and answered, ephemerally."""
        original = getattr(error, "original", error)
        if isinstance(original, TableError | RuleError):
            message = str(original)
        elif isinstance(error, app_commands.MissingPermissions):
            message = t("error.forbidden")
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = t("error.guild_only")
        elif isinstance(error, app_commands.CheckFailure):
            message = str(error)
        else:
            log.error("Command %s failed", interaction.command and interaction.command.name,
                      exc_info=original)
            message = t("error.generic")
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
