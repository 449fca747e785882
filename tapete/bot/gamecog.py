"""What every game's cog shares: ``nueva`` (built from the game's options), ``mano``,
``jugar`` (with autocomplete) and ``cancelar``.

A game's cog subclasses :class:`GameCog` as a ``commands.GroupCog`` named after the game and
sets ``spec``; nothing here knows which game it serves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from tapete.bot.commands import ls, options_command
from tapete.bot.games import GameSpec
from tapete.bot.i18n import LANGUAGES, catalog
from tapete.bot.render import action_label
from tapete.bot.tables import Table, TableError
from tapete.bot.typed import shown, spoken, typed_actions
from tapete.bot.views import (
    guarded,
    hand_message,
    is_admin,
    private_lang,
    public_lang,
    public_message,
    send_hand,
    server_of,
)
from tapete.rules.cards import card_names, fold, parse_card
from tapete.rules.engine import Action
from tapete.rules.errors import Common, IllegalAction, RuleError

if TYPE_CHECKING:
    from tapete.bot.app import TapeteBot


@app_commands.guild_only()
class GameCog(commands.GroupCog):
    """Base of the game cogs; ``spec`` is the game this cog serves."""

    spec: GameSpec

    def __init__(self, bot: TapeteBot) -> None:
        self.bot = bot
        bot.tables.register(self.spec)
        super().__init__()
        group = self.__cog_app_commands_group__
        assert group is not None
        group.add_command(options_command(self.spec.name, self.spec.game.options,
                                          self.open_table))

    def table_here(self, interaction: discord.Interaction[Any]) -> Table:
        server_of(interaction)
        table = self.bot.tables.in_channel(interaction.channel_id or 0)
        if table is None:
            raise TableError("table-none-here")
        if table.game != self.spec.name:
            lang = private_lang(interaction)
            raise TableError("table-wrong-game", game=table.spec.title(lang),
                             wanted=self.spec.title(lang))
        return table

    async def open_table(
        self, interaction: discord.Interaction[Any], options: dict[str, Any]
    ) -> None:
        """Create a table in this channel and post its public lobby message."""

        async def work() -> None:
            guild = server_of(interaction)
            servers = self.bot.servers
            allowed = servers.config(guild).table_channel
            here = {interaction.channel_id, getattr(interaction.channel, "parent_id", None)}
            if allowed is not None and allowed not in here:  # a thread of it is fine
                raise TableError("table-wrong-channel", channel=f"<#{allowed}>")
            table = await self.bot.tables.create(
                self.spec.name, options, guild_id=guild,
                channel_id=interaction.channel_id or 0, host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                timing=servers.timing(guild),
            )
            embed, view = public_message(table, public_lang(interaction))
            await interaction.response.send_message(embed=embed, view=view)
            message = await interaction.original_response()
            await self.bot.tables.set_message(table, message.id)

        await guarded(interaction, work, answer="public")

    @app_commands.command(name=ls("cmd-mano-name"), description=ls("cmd-mano-desc"))
    async def mano(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lambda: send_hand(interaction, self.table_here(interaction)))

    @app_commands.command(name=ls("cmd-cancelar-name"), description=ls("cmd-cancelar-desc"))
    async def cancelar(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            table = self.table_here(interaction)
            await self.bot.tables.cancel(table, interaction.user.id,
                                         is_admin=is_admin(interaction))
            await interaction.response.send_message(public_lang(interaction).t("table-cancelled"))

        await guarded(interaction, work, answer="public")

    @app_commands.command(name=ls("cmd-jugar-name"), description=ls("cmd-jugar-desc"))
    @app_commands.describe(carta=ls("cmd-jugar-carta-desc"))
    @app_commands.rename(carta=ls("cmd-jugar-carta-name"))
    async def jugar(self, interaction: discord.Interaction[Any], carta: str) -> None:
        async def work() -> None:
            table = self.table_here(interaction)
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise TableError("table-not-seated")
            action = self.resolve(table, seat, carta, interaction)
            await self.bot.tables.act(table, interaction.user.id, action)
            embed, view = hand_message(table, seat, private_lang(interaction), done=action)
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

        await guarded(interaction, work)

    @jugar.autocomplete("carta")
    async def jugar_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The legal actions matching what was typed so far, in either language: the
        label, the notation, the verb words of both languages and the cards' names."""
        table = self.bot.tables.in_channel(interaction.channel_id or 0)
        if table is None or table.state is None or table.game != self.spec.name:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.state.to_act != seat or table.state.is_over:
            return []
        lang = private_lang(interaction)
        legal = table.state.legal_actions()
        game = self.spec.game
        try:
            named = typed_actions(game, current, legal, len(table.seats)) \
                if current.strip() else []
        except (RuleError, TableError):  # a card name not finished yet, a seat off the list
            named = []
        needles = fold(current).split()
        choices = []
        for action in sorted(legal, key=lambda a: a not in named):
            label = action_label(table, action, lang)
            if action in named or all(n in searchable(table, action, label) for n in needles):
                choices.append(app_commands.Choice(name=label[:100],
                                                   value=shown(game, action)[:100]))
        return choices[:25]

    def resolve(
        self, table: Table, seat: int, text: str, interaction: discord.Interaction[Any]
    ) -> Action:
        """Turn what the player typed into an action: the notation, the verbs and card names
        of either language (``bot.typed``), or a bare card for the move with it."""
        state = table.state
        if state is None:
            raise TableError("table-not-started")
        text = text.strip()
        game = self.spec.game
        action = Action.parse(text)
        legal = state.legal_actions() if state.to_act == seat else []
        if action in legal and shown(game, action) == str(action):  # a seat is typed from 1
            return action
        named = typed_actions(game, text, legal, len(table.seats))
        if len(named) == 1:
            return named[0]
        if len(named) > 1:
            raise self.ask_which(table, text, named, interaction)
        try:
            card = parse_card(text, game.family)
        except RuleError:
            if state.to_act != seat:
                return action  # let the engine say exactly what is wrong
            if len(text.split()) == 1 and text[:1].isdigit():
                raise  # a card mistyped: "8o" in a 40-card deck
            raise IllegalAction(Common.UNKNOWN_ACTION, text=text) from None
        with_card = [a for a in legal if a.args and a.args[0] == str(card)
                     and game.verb(a.verb).card_first]
        if len(with_card) == 1:
            return with_card[0]
        if len(with_card) > 1:
            raise self.ask_which(table, text, with_card, interaction)
        default = next((v.name for v in game.verbs if v.card_first), None)
        if default is None:
            raise IllegalAction(Common.UNKNOWN_ACTION, text=text)
        return Action(default, (str(card),))

    @staticmethod
    def ask_which(table: Table, text: str, actions: list[Action],
                  interaction: discord.Interaction[Any]) -> TableError:
        """What typed text left open: the actions it could mean, by their labels."""
        lang = private_lang(interaction)
        options = "; ".join(action_label(table, a, lang) for a in actions[:10])
        return TableError("play-unknown", text=text, options=options)


def searchable(table: Table, action: Action, label: str) -> str:
    """Everything a player may type to find ``action``, folded: its label, its notation, its
    verb in every language and its cards' names in Spanish and English."""
    game = table.spec.game
    parts = [label, shown(game, action)]
    parts += [spoken(catalog(code), game, action) for code in LANGUAGES]
    for arg in action.args:
        try:
            parts += card_names(parse_card(arg, game.family))
        except RuleError:
            continue
    return fold(" ".join(parts))
