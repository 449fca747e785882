"""Escoba at a Discord table: ``/escoba nueva``, ``mano``, ``jugar``; rules in rules.escoba."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.gamecog import GameCog
from bot.games import GameSpec
from bot.i18n import add, t
from bot.render import cards_label, seat_lines
from bot.sides import score_line, side_names
from rules import escoba

if TYPE_CHECKING:
    from bot.app import TapeteBot
    from bot.tables import Table

add({
    "escoba.title": "Escoba — mano {hand}",
    "escoba.table": "Mesa",
    "escoba.deck": "Quedan {n} cartas en el mazo · reparte {dealer}",
    "escoba.captured": "Cartas y escobas (esta mano)",
    "escoba.scores": "Tanteo (a {target})",
    "escoba.renuncio": "⚠️ {claimant} puede cobrar el renuncio de {offender} ({card}).",
    "action.escoba.pass": "No cobrar",
    "event.escoba.HandDealt": "🃏 Mano {hand}: reparte {dealer}; en la mesa {table}.",
    "event.escoba.OpeningEscoba": "🧹 {seat} se lleva la mesa al repartir: {escobas} escoba(s).",
    "event.escoba.CardsDealt": "🃏 Nuevo reparto: quedan {deck_count} en el mazo.",
    "event.escoba.CardCaptured": "{seat} juega {card} y se lleva {captured}.",
    "event.escoba.CardLaid": "{seat} deja {card} en la mesa.",
    "event.escoba.RenuncioOffered": "⚠️ {seat} puede cobrar el renuncio de {offender} ({card}).",
    "event.escoba.RenuncioClaimed": "💰 {seat} cobra el renuncio: {card} y {captured}.",
    "event.escoba.RenuncioDeclined": "{seat} no cobra el renuncio.",
    "event.escoba.TableSwept": "Las cartas de la mesa ({cards}) son para {seat}.",
    "event.escoba.HandScored": "📊 Mano {hand}: puntos {points} · total {scores}.",
    "event.escoba.MatchOver": "🏆 Fin de la partida: {scores}.",
})


def render_table(table: Table) -> discord.Embed:
    state = table.state
    assert state is not None
    view: escoba.EscobaView = state.view(None)
    names = side_names(table, view.parejas)
    embed = discord.Embed(title=t("escoba.title", hand=view.hand_number),
                          colour=discord.Colour.dark_gold())
    embed.description = t("escoba.deck", n=view.deck_count, dealer=table.name(view.dealer))
    embed.add_field(name=t("escoba.table"), value=cards_label(view.table), inline=False)
    captured = [f"{n}: {c} cartas, {e} escobas" for n, c, e in
                zip(names, view.captured_counts, view.escobas, strict=False)]
    embed.add_field(name=t("escoba.captured"), value="\n".join(captured), inline=False)
    embed.add_field(name=t("escoba.scores", target=view.objetivo),
                    value=score_line(names, view.scores), inline=False)
    marks = {i: f"{n} cartas" for i, n in enumerate(view.hand_sizes)}
    embed.add_field(name=t("public.players"), value=seat_lines(table, marks), inline=False)
    if view.renuncio is not None:
        r = view.renuncio
        embed.add_field(name="Renuncio", value=t(
            "escoba.renuncio", claimant=table.name(r.claimant), offender=table.name(r.offender),
            card=r.card.label), inline=False)
    if view.is_over:
        winners = ", ".join(table.name(s) for s in view.winners)
        embed.add_field(name=t("public.over"), value=t("public.winners", names=winners),
                        inline=False)
    return embed


SPEC = GameSpec(
    name="escoba", title="Escoba", options_model=escoba.Options, new_game=escoba.new_game,
    load_state=escoba.State.from_json, render_table=render_table,
)


class EscobaCog(GameCog, group_name="escoba", group_description="Escoba: suma 15."):
    spec = SPEC

    @app_commands.command(name="nueva", description="Abrir una mesa de Escoba en este canal.")
    @app_commands.describe(
        parejas="Con 4 jugadores: por parejas (1.º y 3.º contra 2.º y 4.º).",
        captura="obligatoria, libre o castigo (renuncio).",
        objetivo="Puntos para ganar (21 por defecto).",
    )
    async def nueva(
        self, interaction: discord.Interaction[Any], parejas: bool = False,
        captura: Literal["obligatoria", "libre", "castigo"] = "obligatoria",
        objetivo: app_commands.Range[int, 1, 100] = 21,
    ) -> None:
        await self.open_table(interaction, {"parejas": parejas, "captura": captura,
                                            "objetivo": objetivo})


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(EscobaCog(bot))
