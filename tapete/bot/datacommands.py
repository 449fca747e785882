"""``/tapete datos``: a user's own data and a server's ledger (what is kept, and what erasing
it does, is in :mod:`bot.privacy`).

* ``ver``: everything the bot keeps about you, as a JSON file (private).
* ``borrar``: deletes it, after a confirmation button (private); refused, with the tables
  named, while you sit at an open table.
* ``exportar`` (Manage Server, checked again in the handler: Discord cannot hide a subcommand
  from members): the server's whole ledger as CSV (private to the admin).

Files go out within the attachment limit Discord gives with each interaction: plain while they
fit, else gzip, in parts when even that is too big (:mod:`bot.exports`). Both commands work
in direct messages too, except ``exportar``, which is about one server.
"""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from tapete.bot.commands import ls
from tapete.bot.exports import Packer, Part
from tapete.bot.i18n import Lang, catalog
from tapete.bot.privacy import LEDGER_HEADER, StillSeated, collect, erase, ledger_csv
from tapete.bot.tables import TableError
from tapete.bot.views import guarded, is_admin, private_lang

if TYPE_CHECKING:
    from tapete.bot.app import TapeteBot

log = logging.getLogger(__name__)

DEFAULT_LIMIT = 10 * 1024 * 1024  # Discord's attachment limit for a server without boosts


def attachment_limit(interaction: discord.Interaction[Any]) -> int:
    """The largest file this interaction's reply may carry."""
    return int(getattr(interaction, "filesize_limit", 0) or DEFAULT_LIMIT)


async def send_parts(interaction: discord.Interaction[Any], parts: list[Part], text: str,
                     lang: Lang) -> None:
    """The files as private follow-ups, one per message (each within the limit)."""
    try:
        for number, part in enumerate(parts, 1):
            content = text if number == 1 else ""
            if len(parts) > 1:
                content = (content + "\n" if content else "") + lang.t(
                    "data-part", n=number, total=len(parts))
            file = cast(io.BufferedIOBase, part.file)  # readable and seekable: all File needs
            await interaction.followup.send(
                content, file=discord.File(file, filename=part.filename), ephemeral=True)
    finally:
        for part in parts:
            part.file.close()


class EraseButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"tapete:erase:(?P<user>\d+)"):
    """Confirms ``/tapete datos borrar``: only the user it was shown to can press it."""

    def __init__(self, user_id: int, label: str = "") -> None:
        self.user_id = user_id
        super().__init__(discord.ui.Button(
            label=label or "✔", style=discord.ButtonStyle.danger,
            custom_id=f"tapete:erase:{user_id}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> EraseButton:
        return cls(int(match["user"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            if interaction.user.id != self.user_id:
                raise TableError("data-not-yours")
            bot: TapeteBot = interaction.client
            lang = private_lang(interaction)
            await interaction.response.defer()  # a long history can take a while

            def anonymous(guild_id: int | None) -> str:
                return catalog(bot.servers.language(guild_id)).t("data-anonymous")

            try:
                done = await erase(bot.storage, self.user_id, anonymous)
            except StillSeated as seated:
                where = ", ".join(
                    lang.t("data-seated-table", game=bot.tables.games[t.game].title(lang)
                           if t.game in bot.tables.games else t.game,
                           channel=f"<#{t.channel_id}>") for t in seated.tables[:10])
                await interaction.edit_original_response(
                    content=lang.t("data-erase-seated", tables=where), view=None)
                return
            log.info("A user's data was erased: %d ratings, %d tables, %d results,"
                     " %d ledger rows in %d servers", done.ratings, done.tables, done.results,
                     done.movements, done.ledgers)
            await interaction.edit_original_response(
                content=lang.t("data-erased", ratings=done.ratings,
                               matches=done.results, movements=done.movements),
                view=None)

        await guarded(interaction, work)


class KeepButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tapete:erase-no"):
    """Answers ``/tapete datos borrar`` with no: nothing is deleted."""

    def __init__(self, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=label or "✖", style=discord.ButtonStyle.secondary,
            custom_id="tapete:erase-no"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> KeepButton:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            await interaction.response.edit_message(
                content=private_lang(interaction).t("data-kept"), view=None)

        await guarded(interaction, work)


DATA_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (EraseButton, KeepButton)


class DataCommands(commands.Cog):
    """Mixed into the ``/tapete`` cog: its ``datos`` subcommands."""

    bot: TapeteBot

    datos = app_commands.Group(name=ls("cmd-datos-name"), description=ls("cmd-datos-desc"))

    @datos.command(name=ls("cmd-datos-ver-name"), description=ls("cmd-datos-ver-desc"))
    async def datos_ver(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            lang = private_lang(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            user = interaction.user.id
            packer = Packer(f"tapete-{user}", "json", attachment_limit(interaction))
            await collect(self.bot.storage, user, packer)
            parts = packer.finish()
            await send_parts(interaction, parts, lang.t("data-copy", parts=len(parts)), lang)

        await guarded(interaction, work)

    @datos.command(name=ls("cmd-datos-borrar-name"), description=ls("cmd-datos-borrar-desc"))
    async def datos_borrar(self, interaction: discord.Interaction[Any]) -> None:
        lang = private_lang(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(EraseButton(interaction.user.id, lang.t("data-erase-button")))
        view.add_item(KeepButton(lang.t("data-erase-cancel")))
        await interaction.response.send_message(lang.t("data-erase-confirm"), view=view,
                                                ephemeral=True)

    @datos.command(name=ls("cmd-datos-exportar-name"),
                   description=ls("cmd-datos-exportar-desc"))
    @app_commands.guild_only()
    @app_commands.checks.has_permissions(manage_guild=True)
    async def datos_exportar(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            guild = interaction.guild_id
            if guild is None:
                raise TableError("error-guild-only")
            if not is_admin(interaction):  # the decorator's check, once more
                raise TableError("error-forbidden")
            lang = private_lang(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            packer = Packer(f"tapete-ledger-{guild}", "csv", attachment_limit(interaction),
                            header=LEDGER_HEADER)
            rows = await ledger_csv(self.bot.storage, guild, packer)
            parts = packer.finish()
            await send_parts(interaction, parts,
                             lang.t("data-ledger", rows=rows, parts=len(parts)), lang)

        await guarded(interaction, work)
