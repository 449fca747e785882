"""``/tapete``: what is not a game.

* ``ayuda [juego]``: how the bot works, or a game's rule book (``docs/rules/``) in pages with
  buttons to turn them, ending with every option of its ``nueva``; private, in the user's
  language. It and ``datos ver|borrar`` (a user's data is theirs wherever they ask) also
  work outside a server.
* ``ranking juego:``, ``perfil [jugador]``, ``historial [juego]``: the server's skill ratings,
  a player's record, and its latest matches with each one's per-hand summary on demand.
* ``ajustes`` and ``idioma`` (Manage Server): turn timeout, CPU pause, table channel, the
  language of public messages and whether tables show pictures (``dibujos``), per server.
* ``datos ver|borrar|exportar``: a user's own data and the server's ledger
  (:mod:`bot.datacommands`).

Discord hides a command from members without a permission only at the top level of a group,
so the admin subcommands here (and ``/tomate ajustar``) are listed to everybody and refused at
use without Manage Server; a server can hide them in its Integrations settings.
"""

from __future__ import annotations

import re
import typing
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from tapete.bot.commands import ls
from tapete.bot.datacommands import DATA_ITEMS, DataCommands
from tapete.bot.helpdocs import rule_pages
from tapete.bot.i18n import LANGUAGES, Lang
from tapete.bot.ratings import display_rating
from tapete.bot.render import fit_lines, option_label, option_value, per_side
from tapete.bot.servers import CPU_DELAY_RANGE, TURN_RANGE
from tapete.bot.storage import Rating, ResultRecord
from tapete.bot.tables import TableError
from tapete.bot.views import guarded, private_lang, public_lang, selected, server_of

if TYPE_CHECKING:
    from tapete.bot.app import TapeteBot
    from tapete.bot.games import GameSpec

def options_help(spec: GameSpec, lang: Lang) -> str:
    """Every option of a game's ``nueva``: its name as the reader says it, the slash option
    to fill in (in the reader's client), its description and its choices in words."""
    name = spec.name
    lines = []
    for field, info in spec.game.options.model_fields.items():
        line = lang.t("help-option-line", label=option_label(lang, name, field),
                      name=lang.first([f"option-{name}-{field}-name"]) or field,
                      description=lang.t(f"option-{name}-{field}"))
        annotation = info.annotation
        for arg in typing.get_args(annotation) or ():
            if typing.get_origin(arg) is Literal:
                annotation = arg
        if typing.get_origin(annotation) is Literal:
            values = ", ".join(option_value(lang, name, field, v)
                               for v in typing.get_args(annotation))
            line += " " + lang.t("help-choices", choices=values)
        lines.append(line)
    return "\n".join(lines)


def help_pages(spec: GameSpec, lang: Lang) -> list[tuple[str, str]]:
    """A game's help as (title, text) pages: its rule book, then its options."""
    pages = [(p.title, p.body) for p in rule_pages(spec.name, lang.code)]
    if not pages:  # no rule book in the repository: the catalog's summary
        pages = [(lang.t("help-game-title", game=spec.title(lang)), lang.t(f"help-{spec.name}"))]
    pages.append((lang.t("help-options", command=spec.name), options_help(spec, lang)))
    return pages


def help_page(spec: GameSpec, lang: Lang, page: int) -> tuple[discord.Embed, discord.ui.View]:
    pages = help_pages(spec, lang)
    page = max(0, min(page, len(pages) - 1))
    title, body = pages[page]
    embed = discord.Embed(title=title[:256], description=body[:4000],
                          colour=discord.Colour.dark_green())
    embed.set_footer(text=lang.t("help-page", page=page + 1, pages=len(pages)))
    view = discord.ui.View(timeout=None)
    view.add_item(HelpButton(spec.name, page - 1, "◀", disabled=page == 0))
    view.add_item(HelpButton(spec.name, page + 1, "▶", disabled=page == len(pages) - 1))
    return embed, view


class HelpButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tapete:help:(?P<game>[a-z_]+):(?P<page>-?\d+)",
):
    """Turns a page of a game's help (it works after a restart too)."""

    def __init__(self, game: str, page: int, label: str = "", *, disabled: bool = False) -> None:
        self.game, self.page = game, page
        super().__init__(discord.ui.Button(
            label=label or str(page + 1), style=discord.ButtonStyle.secondary,
            custom_id=f"tapete:help:{game}:{page}", disabled=disabled))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> HelpButton:
        return cls(match["game"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            client: TapeteBot = interaction.client
            spec = client.tables.games.get(self.game)
            if spec is None:
                raise TableError("help-unknown-game", game=self.game)
            embed, view = help_page(spec, private_lang(interaction), self.page)
            await interaction.response.edit_message(embed=embed, view=view)

        await guarded(interaction, work)


class HistorySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"tapete:history",
):
    """Picks one of the listed matches: its per-hand summary, privately."""

    def __init__(self, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(
            custom_id="tapete:history", placeholder=placeholder or None,
            options=options or [discord.SelectOption(label="—", value="0")]))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> HistorySelect:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            client: TapeteBot = interaction.client
            values = selected(interaction) or ["0"]
            record = await client.storage.results.get(int(values[0]))
            if record is None or record.guild_id != server_of(interaction):
                raise TableError("history-gone")
            lang = private_lang(interaction)
            embed = await match_summary(client, record, lang)
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await guarded(interaction, work)


def seat_names(record: ResultRecord) -> list[str]:
    return [f"<@{s['user_id']}>" if s.get("user_id") is not None else str(s.get("name", "CPU"))
            for s in record.seats]


def account_label(account: str, lang: Lang) -> str:
    kind, _, rest = account.partition(":")
    if kind == "user":
        return f"<@{rest}>"
    return lang.t("rating-cpu", level=lang.first([f"cpu-level-{rest}"]) or rest)


def result_line(client: TapeteBot, record: ResultRecord, lang: Lang) -> str:
    """One match: when, which game, who played, and who won (or that it was closed)."""
    spec = client.tables.games.get(record.game)
    game = spec.title(lang) if spec else record.game
    names = seat_names(record)
    winners = record.result.get("winners") or []
    if record.result.get("cancelled"):
        outcome = lang.t("history-cancelled")
    else:
        outcome = lang.t("history-won", names=", ".join(
            names[w] for w in winners if 0 <= w < len(names)) or "—")
    return lang.t("history-line", id=record.id, date=record.finished_at[:10], game=game,
                  players=", ".join(names), outcome=outcome)


async def match_summary(client: TapeteBot, record: ResultRecord, lang: Lang) -> discord.Embed:
    """A finished match: its line, its scores, and a line per hand (the game's own when it
    has one)."""
    spec = client.tables.games.get(record.game)
    names = seat_names(record)
    lines: list[str] = []
    if spec is not None and spec.summary_lines is not None:
        lines = await spec.summary_lines(record, names, lang)
    else:
        lines = generic_hand_lines(record, names, lang)
    embed = discord.Embed(title=lang.t("history-match-title", id=record.id),
                          description=result_line(client, record, lang),
                          colour=discord.Colour.dark_green())
    scores = record.result.get("scores")
    if scores:
        embed.add_field(name=lang.t("history-scores"), inline=False,
                        value=per_side(names, scores, lang))
    embed.add_field(name=lang.t("history-hands"), inline=False,
                    value=fit_lines(lines) or lang.t("history-no-hands"))
    return embed


def generic_hand_lines(record: ResultRecord, names: list[str], lang: Lang) -> list[str]:
    """Per-hand points from a summary's ``hands`` records, whatever the game, each after the
    name of the seat or pair that scored it."""
    hands = record.result.get("summary", {}).get("hands")
    if not isinstance(hands, list):
        return []
    lines = []
    for number, hand in enumerate(hands, 1):
        if not isinstance(hand, dict):
            continue
        points = hand.get("points")
        shown = per_side(names, points, lang) if isinstance(points, list) else "—"
        lines.append(lang.t("history-hand", hand=hand.get("hand", number), points=shown))
    return lines


class TapeteCog(DataCommands, commands.GroupCog, group_name=ls("cmd-tapete-name"),
                group_description=ls("cmd-tapete-desc")):
    def __init__(self, bot: TapeteBot) -> None:
        self.bot = bot
        super().__init__()

    # -- help ----------------------------------------------------------------------------------

    @app_commands.command(name=ls("cmd-ayuda-name"), description=ls("cmd-ayuda-desc"))
    @app_commands.describe(juego=ls("cmd-ayuda-juego-desc"))
    @app_commands.rename(juego=ls("cmd-ayuda-juego-name"))
    async def ayuda(self, interaction: discord.Interaction[Any], juego: str | None = None) -> None:
        lang = private_lang(interaction)
        if juego:
            embed, view = help_page(self.game(juego), lang, 0)
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
            return
        names = ", ".join(f"**{s.title(lang)}** (`/{s.name}`)"
                          for s in self.bot.tables.games.values())
        embed = discord.Embed(title=lang.t("help-title"),
                              description=lang.t("help-general", games=names)[:4000],
                              colour=discord.Colour.dark_green())
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def game(self, text: str) -> GameSpec:
        spec = self.bot.tables.games.get(text.strip().lower())
        if spec is None:
            raise TableError("help-unknown-game", game=text[:50])
        return spec

    async def game_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        lang = private_lang(interaction)
        needle = current.lower().strip()
        return [
            app_commands.Choice(name=spec.title(lang), value=name)
            for name, spec in self.bot.tables.games.items()
            if needle in name or needle in spec.title(lang).lower()
        ][:25]

    ayuda.autocomplete("juego")(game_choices)

    # -- ratings and history -------------------------------------------------------------------

    @app_commands.command(name=ls("cmd-tapete-ranking-name"),
                          description=ls("cmd-tapete-ranking-desc"))
    @app_commands.describe(juego=ls("cmd-tapete-ranking-juego-desc"))
    @app_commands.rename(juego=ls("cmd-ayuda-juego-name"))
    @app_commands.guild_only()
    async def ranking(self, interaction: discord.Interaction[Any], juego: str) -> None:
        async def work() -> None:
            spec = self.game(juego)
            lang = public_lang(interaction)
            top = await self.bot.storage.ratings.top(server_of(interaction), spec.name)
            lines = [rating_line(i, r, lang) for i, r in enumerate(top, 1)]
            embed = discord.Embed(title=lang.t("rating-title", game=spec.title(lang)),
                                  description=fit_lines(lines, 4000) or lang.t("rating-empty"),
                                  colour=discord.Colour.gold())
            await interaction.response.send_message(embed=embed)

        await guarded(interaction, work)

    ranking.autocomplete("juego")(game_choices)

    @app_commands.command(name=ls("cmd-perfil-name"), description=ls("cmd-perfil-desc"))
    @app_commands.describe(jugador=ls("cmd-perfil-jugador-desc"))
    @app_commands.rename(jugador=ls("cmd-perfil-jugador-name"))
    @app_commands.guild_only()
    async def perfil(self, interaction: discord.Interaction[Any],
                     jugador: discord.User | None = None) -> None:
        """Anybody's profile, a player who has left the server included (Discord sends a
        user, not a member, for them)."""
        async def work() -> None:
            member = jugador or interaction.user
            guild = server_of(interaction)
            lang = private_lang(interaction)
            ratings = await self.bot.storage.ratings.of_account(guild, f"user:{member.id}")
            recent = await self.bot.storage.results.recent(guild, user_id=member.id, limit=5)
            embed = discord.Embed(title=lang.t("profile-title", name=member.display_name),
                                  colour=discord.Colour.gold())
            for game, rating in ratings.items():
                spec = self.bot.tables.games.get(game)
                embed.add_field(name=spec.title(lang) if spec else game, inline=True,
                                value=lang.t("profile-game", rating=display_rating(rating),
                                             mu=round(rating.mu, 1),
                                             sigma=round(rating.sigma, 1),
                                             matches=rating.matches, wins=rating.wins))
            embed.add_field(name=lang.t("profile-recent"), inline=False, value=fit_lines(
                [result_line(self.bot, r, lang) for r in recent]) or lang.t("history-empty"))
            if not ratings:
                embed.description = lang.t("profile-empty")
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await guarded(interaction, work)

    @app_commands.command(name=ls("cmd-historial-name"), description=ls("cmd-historial-desc"))
    @app_commands.describe(juego=ls("cmd-historial-juego-desc"))
    @app_commands.rename(juego=ls("cmd-ayuda-juego-name"))
    @app_commands.guild_only()
    async def historial(self, interaction: discord.Interaction[Any],
                        juego: str | None = None) -> None:
        async def work() -> None:
            game = self.game(juego).name if juego else None
            lang = private_lang(interaction)
            recent = await self.bot.storage.results.recent(server_of(interaction), game,
                                                           limit=10)
            lines = [result_line(self.bot, r, lang) for r in recent]
            embed = discord.Embed(title=lang.t("history-title"),
                                  description=fit_lines(lines, 4000) or lang.t("history-empty"),
                                  colour=discord.Colour.dark_green())
            view = discord.ui.View(timeout=None)
            if recent:
                options = [discord.SelectOption(label=lang.t("history-option", id=r.id,
                                                             date=r.finished_at[:10])[:100],
                                                value=str(r.id)) for r in recent]
                view.add_item(HistorySelect(options, lang.t("history-pick")))
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

        await guarded(interaction, work)

    historial.autocomplete("juego")(game_choices)

    # -- server settings (Manage Server) -------------------------------------------------------

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
        guild = server_of(interaction)
        await self.bot.servers.set_language(guild, idioma)
        self.bot.tables.refresh_guild(guild)
        lang = self.bot.servers.public(guild)
        await interaction.response.send_message(
            lang.t("language-set", language=lang.t(f"language-name-{idioma}"))
        )

    @app_commands.command(name=ls("cmd-ajustes-name"), description=ls("cmd-ajustes-desc"))
    @app_commands.describe(
        turno=ls("cmd-ajustes-turno-desc"), pausa_cpu=ls("cmd-ajustes-pausa_cpu-desc"),
        idioma=ls("cmd-ajustes-idioma-desc"), canal=ls("cmd-ajustes-canal-desc"),
        cualquier_canal=ls("cmd-ajustes-cualquier_canal-desc"),
        dibujos=ls("cmd-ajustes-dibujos-desc"),
        por_defecto=ls("cmd-ajustes-por_defecto-desc"),
    )
    @app_commands.rename(
        turno=ls("cmd-ajustes-turno-name"), pausa_cpu=ls("cmd-ajustes-pausa_cpu-name"),
        idioma=ls("cmd-idioma-idioma-name"), canal=ls("cmd-ajustes-canal-name"),
        cualquier_canal=ls("cmd-ajustes-cualquier_canal-name"),
        dibujos=ls("cmd-ajustes-dibujos-name"),
        por_defecto=ls("cmd-ajustes-por_defecto-name"),
    )
    @app_commands.choices(idioma=[
        app_commands.Choice(name=ls(f"choice-language-{code}"), value=code) for code in LANGUAGES
    ])
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def ajustes(
        self, interaction: discord.Interaction[Any],
        turno: app_commands.Range[int, TURN_RANGE[0], TURN_RANGE[1]] | None = None,
        pausa_cpu: app_commands.Range[float, CPU_DELAY_RANGE[0], CPU_DELAY_RANGE[1]]
        | None = None,
        idioma: str | None = None,
        canal: discord.TextChannel | None = None,
        cualquier_canal: bool = False,
        dibujos: bool | None = None,
        por_defecto: bool = False,
    ) -> None:
        """Without options it shows the server's settings; with some, it changes them."""
        guild = server_of(interaction)
        servers = self.bot.servers
        changes: dict[str, Any] = {}
        if por_defecto:
            changes = {"turn_timeout": None, "cpu_delay": None, "table_channel": None,
                       "pictures": None}
        if turno is not None:  # checked, and refused out of range, by the settings
            changes["turn_timeout"] = turno
        if pausa_cpu is not None:
            changes["cpu_delay"] = pausa_cpu
        if idioma is not None:
            changes["language"] = idioma
        if canal is not None:
            changes["table_channel"] = canal.id
        elif cualquier_canal:
            changes["table_channel"] = None
        if dibujos is not None:
            changes["pictures"] = dibujos
        if changes:
            await servers.update(guild, **changes)
            if "language" in changes or "pictures" in changes:
                self.bot.tables.refresh_guild(guild)
        lang = private_lang(interaction)
        config, timing = servers.config(guild), servers.timing(guild)
        channel = (f"<#{config.table_channel}>" if config.table_channel is not None
                   else lang.t("settings-any-channel"))
        embed = discord.Embed(
            title=lang.t("settings-title"),
            description=lang.t(
                "settings-body", turn=round(timing.turn_timeout), cpu=timing.cpu_delay,
                language=lang.t(f"language-name-{servers.language(guild)}"), channel=channel)
            + "\n" + lang.t("settings-pictures", on=lang_yes(servers.pictures(guild))),
            colour=discord.Colour.dark_green())
        if changes:
            embed.set_footer(text=lang.t("settings-saved"))
        await interaction.response.send_message(embed=embed, ephemeral=True)


def lang_yes(value: bool) -> str:
    return "yes" if value else "no"


def rating_line(rank: int, rating: Rating, lang: Lang) -> str:
    return lang.t("rating-line", rank=rank, name=account_label(rating.account, lang),
                  rating=display_rating(rating), matches=rating.matches, wins=rating.wins)


async def setup(bot: TapeteBot) -> None:
    bot.add_dynamic_items(HelpButton, HistorySelect, *DATA_ITEMS)
    await bot.add_cog(TapeteCog(bot))
