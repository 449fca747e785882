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
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from tapete.bot.answers import patience
from tapete.bot.commands import BadOption, CatalogTranslator, CheckedTree
from tapete.bot.cpu import CpuPlayers, settle_heap
from tapete.bot.faces import CardFaces
from tapete.bot.i18n import Text
from tapete.bot.metrics import Metrics, MetricsReporter
from tapete.bot.pictures import TABLE_FILE, Pictures, attach
from tapete.bot.servers import ServerSettings
from tapete.bot.settings import Settings
from tapete.bot.storage import Storage, TableRecord
from tapete.bot.tables import Table, TableError, TableService, Timing
from tapete.bot.views import DYNAMIC_ITEMS, describe, private_lang, public_message
from tapete.rules.errors import RuleError

log = logging.getLogger(__name__)


# What the bot needs in a channel: read it, write, embed the table, attach its picture and read
# back its own messages. The card faces are application emojis, which need no
# USE_EXTERNAL_EMOJIS (Discord's emoji reference). The README's invite link carries this value
# (tests/test_docs.py checks they agree).
PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True,
    read_message_history=True,
)
SCOPES = ("bot", "applications.commands")

# The interactions whose reply is timed: slash commands, buttons and menus, forms.
TIMED = (discord.InteractionType.application_command, discord.InteractionType.component,
         discord.InteractionType.modal_submit)

COGS = "tapete.cogs"  # the package of the cogs, found beside bot/ (bot/ never imports it)


def freeze_startup_objects() -> None:
    """Leave what start-up built (modules, catalogs, cogs, restored tables) out of every
    later garbage collection (``gc.freeze``, after one last collection).

    A full collection walks every object the process holds: with the bot's modules loaded
    that is over 100,000 objects and 50–150 ms, and it fell inside a click now and then
    (``benchmarks/bench_click.py``; the p99 of a card click halved without it).
    Frozen objects are still freed when nothing refers to them; only a cycle among them
    that dies later would stay (a table restored at start-up and finished since: a few KB).
    """
    settle_heap()


def discover_extensions() -> tuple[str, ...]:
    """Every module of the cogs package: a new game's cog loads without touching bot/."""
    folder = Path(__file__).resolve().parent.parent / COGS.rpartition(".")[2]
    return tuple(f"{COGS}.{m.name}" for m in pkgutil.iter_modules([str(folder)]))


EXTENSIONS = discover_extensions()

# The channels a table can live in (tables are a server's): their chat takes its messages.
Postable = discord.TextChannel | discord.VoiceChannel | discord.StageChannel | discord.Thread


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
            notice=self.notice,
        )
        self.tree.error(self.on_app_command_error)
        self.restored: int | None = None  # tables brought back at start-up
        self._healthy = False
        self.no_attach: set[int] = set()  # channels where the bot may not attach files
        self.metrics = Metrics(self.tables, lambda: len(self.guilds))
        self.reporter = MetricsReporter(
            self.metrics, log_every=settings.metrics_log_seconds, host=settings.metrics_host,
            port=settings.metrics_port)

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
        await self.reporter.start()
        freeze_startup_objects()

    async def sync_faces(self) -> None:
        """Upload what is missing of the card faces; then redraw the open tables with them."""
        if await self.faces.sync(self):
            self.tables.refresh_all()

    async def on_ready(self) -> None:
        """Learn every server's Discord locale (the public language of a server whose admins
        have not chosen one), and say once that the bot is up."""
        for guild in self.guilds:
            self.servers.learn_locale(guild.id, guild.preferred_locale)
        if not self._healthy:  # on_ready comes again after every reconnection
            self._healthy = True
            log.info("%s", self.health())
            log.info("Invite link: %s", self.invite_link())

    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.servers.learn_locale(guild.id, guild.preferred_locale)

    async def on_guild_update(self, before: discord.Guild, after: discord.Guild) -> None:
        if before.preferred_locale != after.preferred_locale:
            self.servers.learn_locale(after.id, after.preferred_locale)
            if self.servers.chosen_language(after.id) is None:
                self.tables.refresh_guild(after.id)

    def health(self) -> str:
        """One line on what this start brought up (no secret: the URL without password)."""
        games = sorted(self.tables.games)
        shards = "" if self.tables.shards.all else f", {self.tables.shards}"
        return (f"Tapete {version()} ready: database {self.storage.dialect} "
                f"{self.settings.database_name()}, {len(games)} games ({', '.join(games)}), "
                f"{self.restored or 0} tables restored, "
                f"{self.tables.cpu.workers} CPU workers for difícil{shards}")

    def invite_link(self) -> str:
        """The link that adds this bot to a server, with the scopes and permissions it needs."""
        app_id = self.application_id or (self.user.id if self.user else 0)
        return discord.utils.oauth_url(app_id, permissions=PERMISSIONS, scopes=SCOPES)

    async def close(self) -> None:
        if self._faces_sync is not None:
            self._faces_sync.cancel()
        await self.reporter.stop()
        await self.tables.shutdown()
        await super().close()
        await self.storage.close()

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """discord.py announces an interaction right after handing it to its handler and
        before that runs: the moment its reply time starts (bot.metrics)."""
        if event_name == "interaction" and args and isinstance(args[0], discord.Interaction) \
                and args[0].type in TIMED:
            self.metrics.received(args[0].id)
        super().dispatch(event_name, *args, **kwargs)

    async def on_app_command_completion(
        self, interaction: discord.Interaction[Any], command: Any
    ) -> None:
        self.metrics.replied(interaction.id)

    async def publish(self, table: Table) -> None:
        """Create or refresh a table's public message (the only public view of a table), with
        the picture of the felt unless the server turned pictures off or the bot may not
        attach files in that channel (then the text alone, which is complete)."""
        lang = self.servers.public(table.guild_id)
        embed, view = public_message(table, lang)
        files: list[discord.File] = []
        if self.servers.pictures(table.guild_id) and table.channel_id not in self.no_attach:
            png = await self.pictures.table(table, lang)
            if png is not None:
                files.append(attach(embed, png, TABLE_FILE, lang.t("picture-alt-table")))
        channel = await self.channel_of(table.channel_id)
        if channel is None:
            log.info("Table %d: its channel is gone; message not drawn", table.id)
            return
        try:
            await self._show(table, channel, embed, view, files)
        except discord.Forbidden:
            if not files:
                raise
            # Invited without Attach Files, or denied it in this channel: a table that cannot
            # show its picture must still show its state.
            log.warning("Table %d: no permission to attach files in channel %d; its table "
                        "shows text only (give the bot Attach Files there)",
                        table.id, table.channel_id)
            self.no_attach.add(table.channel_id)
            embed.set_image(url=None)
            await self._show(table, channel, embed, view, [])

    async def _show(self, table: Table, channel: Postable, embed: discord.Embed,
                    view: discord.ui.View, files: list[discord.File]) -> None:
        """Edit the table's message, or post it if it has none or it is gone."""
        if table.message_id is not None:
            try:
                await channel.get_partial_message(table.message_id).edit(
                    embed=embed, view=view, attachments=files)
                return
            except discord.NotFound:
                log.info("Table %d: public message gone, posting a new one", table.id)
        message = await channel.send(embed=embed, view=view, files=files)
        await self.tables.set_message(table, message.id)

    async def notice(self, record: TableRecord, lines: Sequence[Text]) -> None:
        """Tell a table's channel, in the server's language, something about a table that has
        no game to show (it could not be brought back after an update): the notice replaces
        the table's public message, buttons and picture included, or is posted if that
        message is gone."""
        lang = self.servers.public(record.guild_id)
        spec = self.tables.games.get(record.game)
        embed = discord.Embed(
            title=lang.t("table-unreadable-title",
                         game=spec.title(lang) if spec is not None else record.game),
            description="\n".join(line.render(lang) for line in lines),
            colour=discord.Colour.dark_grey())
        channel = await self.channel_of(record.channel_id)
        if channel is None:
            log.info("Table %d: its channel is gone; notice not sent", record.id)
            return
        if record.message_id is not None:
            try:
                await channel.get_partial_message(record.message_id).edit(
                    content=None, embed=embed, view=None, attachments=[])
                return
            except discord.NotFound:
                log.info("Table %d: public message gone, posting the notice", record.id)
        await channel.send(embed=embed)

    async def channel_of(self, channel_id: int) -> Postable | None:
        """A table's channel, from the cache or Discord; None if it is gone (or no longer the
        bot's to see)."""
        channel = self.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden):
                return None
        return channel if isinstance(channel, Postable) else None

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
        self.metrics.replied(interaction.id)


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
