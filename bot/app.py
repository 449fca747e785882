"""The Bot subclass: opens storage, loads every game's cog, restores tables, syncs commands.

With ``SHARD_COUNT`` (and ``SHARD_IDS``) the bot is :class:`ShardedTapeteBot`, discord.py's
``AutoShardedBot`` connecting only the shards given, and its table layer owns only their
servers; without them it is one plain ``commands.Bot``, as always.

Its command tree (:class:`PatientTree`) gets every slash command acknowledged within Discord's
3 s however slow it is (``bot.answers``). Once connected the bot logs one health line (version,
database, games, tables restored, CPU workers), so a log shows at a glance what a start
brought up.
"""

from __future__ import annotations

import asyncio
import logging
import pkgutil
from importlib import metadata
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import patience
from bot.commands import BadOption, CatalogTranslator, CheckedTree
from bot.cpu import CpuPlayers
from bot.faces import CardFaces
from bot.pictures import TABLE_FILE, Pictures, attach
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


def version() -> str:
    try:
        return metadata.version("tapete")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "dev"


class PatientTree(CheckedTree):
    """The command tree, watching every slash command with :func:`bot.answers.patience`:
    each is acknowledged within Discord's 3 s however slow it is, its own code unchanged (and,
    as every :class:`CheckedTree`, refusing option values Discord's client would not send)."""

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.application_command:
            await super()._call(interaction)  # autocomplete answers at once, never deferred
            return
        async with patience(interaction):
            await super()._call(interaction)


class TapeteBot(commands.Bot):
    def __init__(self, settings: Settings, *, extensions: tuple[str, ...] = EXTENSIONS,
                 seed: int | None = None, **options: Any) -> None:
        """``options`` go to discord.py's client (the shards of :class:`ShardedTapeteBot`)."""
        # Nothing the bot writes pings anybody: texts echo what users typed (a reason, a
        # name), and mentions of players only need to show who they are.
        super().__init__(command_prefix=commands.when_mentioned, help_command=None,
                         intents=discord.Intents.default(), tree_cls=PatientTree,
                         allowed_mentions=discord.AllowedMentions.none(), **options)
        self.settings = settings
        self.extension_names = extensions
        self.storage = Storage(settings.database, pool_size=settings.database_pool_size)
        self.servers = ServerSettings(self.storage,
                                      Timing(settings.turn_timeout, settings.cpu_delay))
        self.faces = CardFaces()
        self.pictures = Pictures()
        self._faces_sync: asyncio.Task[None] | None = None
        self.tables = TableService(
            self.storage, cpu_delay=settings.cpu_delay, turn_timeout=settings.turn_timeout,
            publish=self.publish, seed=seed, edits=(5, 5.0) if settings.pace_edits else None,
            cpu=CpuPlayers(settings.cpu_think_ms), shards=settings.shards(), faces=self.faces,
        )
        self.tree.error(self.on_app_command_error)
        self.restored: int | None = None  # tables brought back at start-up
        self._healthy = False

    async def setup_hook(self) -> None:
        await self.storage.open()
        await self.servers.load(self.tables.shards)
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for name in self.extension_names:
            await self.load_extension(name)
        self.restored = len(await self.tables.restore())
        if self.settings.card_emojis:  # in the background: tables show labels meanwhile
            self._faces_sync = asyncio.create_task(self.sync_faces())
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def sync_faces(self) -> None:
        """Upload what is missing of the card faces; then redraw the open tables with them."""
        if await self.faces.sync(self):
            self.tables.refresh_all()

    async def on_ready(self) -> None:
        if not self._healthy:  # on_ready comes again after every reconnection
            self._healthy = True
            log.info("%s", self.health())

    def health(self) -> str:
        """One line on what this start brought up (no secret: the URL without password)."""
        games = sorted(self.tables.games)
        shards = "" if self.tables.shards.all else f", {self.tables.shards}"
        return (f"Tapete {version()} ready: database {self.storage.dialect} "
                f"{self.settings.database_name()}, {len(games)} games ({', '.join(games)}), "
                f"{self.restored or 0} tables restored, "
                f"{self.tables.cpu.workers} CPU workers for difícil{shards}")

    async def close(self) -> None:
        if self._faces_sync is not None:
            self._faces_sync.cancel()
        await self.tables.shutdown()
        await super().close()
        await self.storage.close()

    async def publish(self, table: Table) -> None:
        """Create or refresh a table's public message (the only public view of a table), with
        the picture of the felt unless the server turned pictures off."""
        lang = self.servers.public(table.guild_id)
        embed, view = public_message(table, lang)
        files: list[discord.File] = []
        if self.servers.pictures(table.guild_id):
            png = await self.pictures.table(table, lang)
            if png is not None:
                files.append(attach(embed, png, TABLE_FILE, lang.t("picture-alt-table")))
        channel = self.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(table.channel_id)
            except (discord.NotFound, discord.Forbidden):  # deleted, or no longer ours to see
                log.info("Table %d: its channel is gone; message not drawn", table.id)
                return
        if not isinstance(channel, discord.abc.Messageable):
            return
        if table.message_id is not None:
            try:
                await channel.get_partial_message(table.message_id).edit(
                    embed=embed, view=view, attachments=files)
                return
            except discord.NotFound:
                log.info("Table %d: public message gone, posting a new one", table.id)
        message = await channel.send(embed=embed, view=view, files=files)
        await self.tables.set_message(table, message.id)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Every slash-command failure is logged and answered, ephemerally."""
        original = getattr(error, "original", error)
        lang = private_lang(interaction)
        if isinstance(original, TableError | RuleError):
            message = describe(interaction, original)
        elif isinstance(error, BadOption):
            log.warning("Command %s refused: option %s has a value Discord would not send",
                        interaction.command and interaction.command.name, error.option)
            message = lang.t("error-bad-option", option=error.option)
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
