"""``/tapete``: what is not a game. ``ayuda`` (how to play, and each game's rules and options,
privately, in the user's language) and ``idioma`` (the language of the server's public
messages; Manage Server only).
"""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import ls
from bot.i18n import LANGUAGES, Lang
from bot.tables import TableError
from bot.views import private_lang

if TYPE_CHECKING:
    from bot.app import TapeteBot
    from bot.games import GameSpec


def game_help(spec: GameSpec, lang: Lang) -> discord.Embed:
    """A game's rules summary and every option of its ``nueva`` command."""
    name = spec.name
    embed = discord.Embed(title=lang.t("help-game-title", game=spec.title(lang)),
                          description=lang.t(f"help-{name}")[:4000],
                          colour=discord.Colour.dark_green())
    lines = []
    for field, info in spec.game.options.model_fields.items():
        label = lang.first([f"option-{name}-{field}-name"]) or field
        line = lang.t("help-option-line", name=label,
                      description=lang.t(f"option-{name}-{field}"))
        annotation = info.annotation
        for arg in typing.get_args(annotation) or ():
            if typing.get_origin(arg) is Literal:
                annotation = arg
        if typing.get_origin(annotation) is Literal:
            values = ", ".join(f"`{v}`" for v in typing.get_args(annotation))
            line += " " + lang.t("help-choices", choices=values)
        lines.append(line)
    if lines:
        embed.add_field(name=lang.t("help-options", command=name),
                        value="\n".join(lines)[:1024], inline=False)
    return embed


class TapeteCog(commands.GroupCog, group_name=ls("cmd-tapete-name"),
                group_description=ls("cmd-tapete-desc")):
    def __init__(self, bot: TapeteBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=ls("cmd-ayuda-name"), description=ls("cmd-ayuda-desc"))
    @app_commands.describe(juego=ls("cmd-ayuda-juego-desc"))
    @app_commands.rename(juego=ls("cmd-ayuda-juego-name"))
    async def ayuda(self, interaction: discord.Interaction[Any], juego: str | None = None) -> None:
        lang = private_lang(interaction)
        games = self.bot.tables.games
        if juego:
            spec = games.get(juego.strip().lower())
            if spec is None:
                raise TableError("help-unknown-game", game=juego[:50])
            embed = game_help(spec, lang)
        else:
            names = ", ".join(f"**{s.title(lang)}** (`/{s.name}`)" for s in games.values())
            embed = discord.Embed(title=lang.t("help-title"),
                                  description=lang.t("help-general", games=names)[:4000],
                                  colour=discord.Colour.dark_green())
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @ayuda.autocomplete("juego")
    async def ayuda_juego(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        lang = private_lang(interaction)
        needle = current.lower().strip()
        return [
            app_commands.Choice(name=spec.title(lang), value=name)
            for name, spec in self.bot.tables.games.items()
            if needle in name or needle in spec.title(lang).lower()
        ][:25]

    @app_commands.command(name=ls("cmd-idioma-name"), description=ls("cmd-idioma-desc"))
    @app_commands.describe(idioma=ls("cmd-idioma-idioma-desc"))
    @app_commands.rename(idioma=ls("cmd-idioma-idioma-name"))
    @app_commands.choices(idioma=[
        app_commands.Choice(name=ls(f"choice-language-{code}"), value=code) for code in LANGUAGES
    ])
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def idioma(self, interaction: discord.Interaction[Any], idioma: str) -> None:
        guild = interaction.guild_id
        assert guild is not None  # guild_only
        await self.bot.servers.set_language(guild, idioma)
        self.bot.tables.refresh_guild(guild)
        lang = self.bot.servers.public(guild)
        await interaction.response.send_message(
            lang.t("language-set", language=lang.t(f"language-name-{idioma}"))
        )


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(TapeteCog(bot))
