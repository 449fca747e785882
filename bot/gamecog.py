"""What every game's cog shares: creating a table, ``mano`` and ``jugar`` (with autocomplete).

A game's cog subclasses :class:`GameCog` as a ``commands.GroupCog`` named after the game, adds
its own ``nueva`` command (its options are the game's ``Options``) and calls
:meth:`GameCog.open_table` from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from bot.games import GameSpec
from bot.i18n import t
from bot.render import action_label
from bot.tables import Table, TableError
from bot.views import guarded, hand_message, is_admin, public_message, send_hand
from rules.cards import parse_card
from rules.engine import Action
from rules.errors import IllegalAction

if TYPE_CHECKING:
    from bot.app import TapeteBot


class GameCog(commands.GroupCog):
    """Base of the five game cogs; ``spec`` is the game this cog serves."""

    spec: GameSpec

    def __init__(self, bot: TapeteBot) -> None:
        self.bot = bot
        bot.tables.register(self.spec)
        super().__init__()

    def table_here(self, interaction: discord.Interaction[Any]) -> Table:
        table = self.bot.tables.in_channel(interaction.channel_id or 0)
        if table is None:
            raise TableError(t("table.none_here"))
        if table.game != self.spec.name:
            raise TableError(t("table.wrong_game", game=table.spec.title, wanted=self.spec.title))
        return table

    async def open_table(
        self, interaction: discord.Interaction[Any], options: dict[str, Any] | BaseModel
    ) -> None:
        """Create a table in this channel and post its public lobby message."""

        async def work() -> None:
            table = await self.bot.tables.create(
                self.spec.name, options, guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0, host_id=interaction.user.id,
                host_name=interaction.user.display_name,
            )
            embed, view = public_message(table)
            await interaction.response.send_message(embed=embed, view=view)
            message = await interaction.original_response()
            await self.bot.tables.set_message(table, message.id)

        await guarded(interaction, work)

    @app_commands.command(name="mano", description="Ver tu mano (solo la ves tú).")
    async def mano(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lambda: send_hand(interaction, self.table_here(interaction)))

    @app_commands.command(name="cancelar", description="Cerrar la mesa de este canal.")
    async def cancelar(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            table = self.table_here(interaction)
            await self.bot.tables.cancel(table, interaction.user.id,
                                         is_admin=is_admin(interaction))
            await interaction.response.send_message(t("table.cancelled"))

        await guarded(interaction, work)

    @app_commands.command(name="jugar", description="Jugar una carta o hacer otra acción.")
    @app_commands.describe(carta="La carta (p. ej. 7o, 12b, «as de oros») o la acción.")
    async def jugar(self, interaction: discord.Interaction[Any], carta: str) -> None:
        async def work() -> None:
            table = self.table_here(interaction)
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise TableError(t("table.not_seated"))
            action = self.resolve(table, seat, carta)
            await self.bot.tables.act(table, interaction.user.id, action)
            embed, view = hand_message(table, seat, done=action)
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

        await guarded(interaction, work)

    @jugar.autocomplete("carta")
    async def jugar_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        table = self.bot.tables.in_channel(interaction.channel_id or 0)
        if table is None or table.state is None or table.game != self.spec.name:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.state.to_act != seat or table.state.is_over:
            return []
        needle = current.lower().strip()
        choices = []
        for action in table.state.legal_actions():
            label = action_label(table, action)
            if needle in label.lower() or needle in str(action).lower():
                choices.append(app_commands.Choice(name=label[:100], value=str(action)))
        return choices[:25]

    def resolve(self, table: Table, seat: int, text: str) -> Action:
        """Turn what the player typed into an action: a card means playing it."""
        state = table.state
        if state is None:
            raise TableError(t("table.not_started"))
        text = text.strip()
        action = Action.parse(text)
        legal = state.legal_actions() if state.to_act == seat else []
        if action in legal:
            return action
        # A bare card (notation or Spanish name): the play (or the only capture) with it.
        try:
            card = parse_card(text, state.family)
        except IllegalAction:
            if action.verb in {a.verb for a in legal} or state.to_act != seat:
                return action  # let the engine say exactly what is wrong
            raise
        with_card = [a for a in legal if a.args and a.args[0] == str(card)
                     and a.verb in ("play", "capture")]
        if len(with_card) == 1:
            return with_card[0]
        if len(with_card) > 1:
            options = "; ".join(str(a) for a in with_card)
            raise IllegalAction(t("play.unknown", text=text, options=options))
        return Action.play(card)
