"""Escoba at a Discord table: the public table message; rules in ``rules.escoba``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from tapete.bot.art.table import Pile, Scene, SeatScene
from tapete.bot.commands import ls
from tapete.bot.gamecog import GameCog
from tapete.bot.games import GameSpec
from tapete.bot.i18n import Lang
from tapete.bot.render import score_line, seat_lines, side_names
from tapete.rules import escoba
from tapete.rules.tricks import sides

if TYPE_CHECKING:
    from tapete.bot.app import TapeteBot
    from tapete.bot.tables import Table


def render_table(table: Table, lang: Lang) -> discord.Embed:
    state = table.state
    assert state is not None
    view: escoba.EscobaView = state.view(None)
    names = side_names(table, sides(len(table.seats), view.parejas), lang)
    embed = discord.Embed(title=lang.t("escoba-title", hand=view.hand_number),
                          colour=discord.Colour.dark_gold())
    embed.description = lang.t("escoba-deck", n=view.deck_count, dealer=table.name(view.dealer))
    embed.add_field(name=lang.t("escoba-table"), value=table.faces.cards(view.table), inline=False)
    captured = [lang.t("escoba-captured-line", name=n, cards=c, escobas=e) for n, c, e in
                zip(names, view.captured_counts, view.escobas, strict=False)]
    embed.add_field(name=lang.t("escoba-captured"), value="\n".join(captured), inline=False)
    embed.add_field(name=lang.t("escoba-scores", target=view.objetivo),
                    value=score_line(names, view.scores), inline=False)
    marks = {i: lang.t("escoba-seat-mark", cards=n) for i, n in enumerate(view.hand_sizes)}
    embed.add_field(name=lang.t("public-players"), value=seat_lines(table, marks), inline=False)
    if view.renuncio is not None:
        r = view.renuncio
        embed.add_field(name=lang.t("escoba-renuncio-title"), value=lang.t(
            "escoba-renuncio", claimant=table.name(r.claimant), offender=table.name(r.offender),
            card=table.faces.text(r.card)), inline=False)
    if view.is_over:
        winners = ", ".join(table.name(s) for s in view.winners)
        embed.add_field(name=lang.t("public-over"),
                        value=lang.t("public-winners", names=winners), inline=False)
    return embed


def table_scene(table: Table, view: escoba.EscobaView, lang: Lang) -> Scene:
    """The picture of the table from the public view: the cards on the table, the deck, each
    seat's cards in hand, and each side's captures, escobas and score."""
    side_of = sides(len(table.seats), view.parejas)
    names = side_names(table, side_of, lang)
    seats = []
    for i in range(view.players):
        side = next(k for k, members in enumerate(side_of) if i in members)
        notes = (lang.t("picture-cards", n=view.captured_counts[side]),
                 lang.t("picture-escobas", n=view.escobas[side]))
        seats.append(SeatScene(table.name(i), held=view.hand_sizes[i],
                               notes=notes if len(side_of[side]) == 1 else (),
                               turn=view.to_act == i, dealer=view.dealer == i))
    middle = (Pile(lang.t("picture-table"), view.table),
              Pile(lang.t("picture-deck"), backs=view.deck_count))
    scores = tuple(lang.t("picture-score", name=n, score=v)
                   for n, v in zip(names, view.scores, strict=False))
    return Scene(lang.t("escoba-title", hand=view.hand_number), tuple(seats), middle, scores)


class EscobaCog(GameCog, group_name="escoba", group_description=ls("game-escoba-desc")):
    spec = GameSpec(escoba.GAME, render_table, table_scene=table_scene)


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(EscobaCog(bot))
