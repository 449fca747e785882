"""Tute at a Discord table: ``/tute nueva``, ``mano``, ``jugar``; rules in rules.tute."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.gamecog import GameCog
from bot.games import GameSpec
from bot.i18n import add, t
from bot.render import seat_lines, suit_letter_name
from bot.sides import score_line, side_names
from rules import tute

if TYPE_CHECKING:
    from bot.app import TapeteBot
    from bot.tables import Table

add({
    "tute.title": "Tute {modalidad} — mano {hand}",
    "tute.trump": "Triunfo: **{suit}** · muestra {card} · reparte {dealer}",
    "tute.baceta": "Quedan {n} cartas en la baceta.",
    "tute.trick": "Baza en juego",
    "tute.last_trick": "Última baza",
    "tute.cantes": "Cantes",
    "tute.juegos": "Juegos (a {target})",
    "tute.capote": "🎯 {name} ha cantado capote.",
    "tute.tricks": "{n} bazas",
    "action.tute.sing": "Cantar en {suit}",
    "action.tute.swap": "Cambiar la muestra",
    "action.tute.capote": "Cantar capote",
    "action.tute.pass": "No cantar capote",
    "event.tute.HandDealt": "🃏 Mano {hand}: reparte {dealer}; triunfo {trump}, muestra {turned}.",
    "event.tute.CardPlayed": "{seat} juega {card}.",
    "event.tute.TrickWon": "Baza {number} para {seat} ({cards}).",
    "event.tute.TrumpSwapped": "🔁 {seat} cambia {given} por la muestra {taken}.",
    "event.tute.CanteSung": "🎶 {seat} canta las {value} en {suit}.",
    "event.tute.TuteSung": "🎉 ¡{seat} canta TUTE y gana la partida!",
    "event.tute.CapoteDeclared": "🎯 {seat} canta capote.",
    "event.tute.CapotePassed": "{seat} no canta capote.",
    "event.tute.HandScored": (
        "📊 Mano {hand}: puntos {points}; gana {winners} ({juegos} juego(s)). Juegos: {totals}."
    ),
    "event.tute.MatchOver": "🏆 Fin de la partida: ganan {winners}.",
})


def render_table(table: Table) -> discord.Embed:
    state = table.state
    assert state is not None
    view: tute.TuteView = state.view(None)
    pairs = view.modalidad == "parejas"
    names = side_names(table, pairs)
    embed = discord.Embed(title=t("tute.title", modalidad=view.modalidad, hand=view.hand_number),
                          colour=discord.Colour.dark_red())
    lines = [t("tute.trump", suit=suit_letter_name(view.trump, "spanish"),
               card=view.turned.label, dealer=table.name(view.dealer))]
    if view.modalidad == "habanero":
        lines.append(t("tute.baceta", n=view.baceta_count))
    if view.capote is not None:
        lines.append(t("tute.capote", name=table.name(view.capote)))
    embed.description = "\n".join(lines)
    trick = " ".join(f"{table.name(s)} {c.label}" for s, c in view.trick) or "—"
    embed.add_field(name=t("tute.trick"), value=trick, inline=False)
    if view.last_trick:
        last = " ".join(f"{table.name(s)} {c.label}" for s, c in view.last_trick)
        embed.add_field(name=t("tute.last_trick"), value=last, inline=False)
    if view.cantes:
        cantes = ", ".join(f"{table.name(s)}: {v} en {suit_letter_name(su, 'spanish')}"
                           for s, su, v in view.cantes)
        embed.add_field(name=t("tute.cantes"), value=cantes, inline=False)
    embed.add_field(name=t("tute.juegos", target=view.target),
                    value=score_line(names, view.juegos), inline=False)
    marks = {i: f"{n} cartas, {t('tute.tricks', n=w)}"
             for i, (n, w) in enumerate(zip(view.hand_sizes, view.tricks_won, strict=False))}
    embed.add_field(name=t("public.players"), value=seat_lines(table, marks), inline=False)
    if view.is_over and state.result is not None:
        winners = ", ".join(table.name(s) for s in state.result.winners)
        embed.add_field(name=t("public.over"), value=t("public.winners", names=winners) + "\n"
                        + hand_summary(state.result.summary), inline=False)
    return embed


def hand_summary(summary: dict[str, Any]) -> str:
    """One line per hand of the match summary (points and juegos)."""
    lines = []
    for hand in summary.get("hands", []):
        points = "/".join(str(p) for p in hand.get("points", []))
        lines.append(f"Mano {hand.get('hand')}: {points} · {hand.get('juegos', 0)} juego(s)")
    return "\n".join(lines)[-900:]


SPEC = GameSpec(
    name="tute", title="Tute", options_model=tute.Options, new_game=tute.new_game,
    load_state=tute.State.from_json, render_table=render_table,
)


class TuteCog(GameCog, group_name="tute", group_description="Tute: habanero, arrastrado..."):
    spec = SPEC

    @app_commands.command(name="nueva", description="Abrir una mesa de Tute en este canal.")
    @app_commands.describe(
        modalidad="habanero (2), arrastrado (3), individual (4) o parejas (2 contra 2).",
        juegos="Juegos para ganar la partida (3 por defecto).",
        tute="¿Cantar tute gana la partida? (por defecto: sí, salvo en habanero)",
    )
    async def nueva(
        self, interaction: discord.Interaction[Any],
        modalidad: Literal["habanero", "arrastrado", "individual", "parejas"] = "individual",
        juegos: app_commands.Range[int, 1, 20] = 3, tute: bool | None = None,
    ) -> None:
        await self.open_table(interaction, {"modalidad": modalidad, "juegos": juegos,
                                            "tute": tute})


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(TuteCog(bot))
