"""Tute at a Discord table: the public table message; rules in ``rules.tute``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from tapete.bot.art.table import Pile, Scene, SeatScene, by_seat
from tapete.bot.commands import ls
from tapete.bot.gamecog import GameCog
from tapete.bot.games import GameSpec
from tapete.bot.i18n import Lang
from tapete.bot.render import fit_lines, per_side, score_line, seat_lines, side_names
from tapete.rules import tute
from tapete.rules.cards import Card, SpanishSuit
from tapete.rules.engine import Action

if TYPE_CHECKING:
    from tapete.bot.app import TapeteBot
    from tapete.bot.storage import ResultRecord
    from tapete.bot.tables import Table


def render_table(table: Table, lang: Lang) -> discord.Embed:
    state = table.state
    assert state is not None
    view: tute.TuteView = state.view(None)
    names = side_names(table, view.sides, lang)
    modalidad = lang.t(f"tute-modalidad-{view.modalidad}")
    embed = discord.Embed(title=lang.t("tute-title", modalidad=modalidad, hand=view.hand_number),
                          colour=discord.Colour.dark_red())
    lines = [lang.t("tute-trump", suit=lang.suit(SpanishSuit(view.trump)),
                    card=table.faces.text(view.turned), dealer=table.name(view.dealer))]
    if view.modalidad == "habanero":
        lines.append(lang.t("tute-baceta", n=view.baceta_count))
    if view.capote is not None:
        lines.append(lang.t("tute-capote", name=table.name(view.capote)))
    embed.description = "\n".join(lines)
    trick = " ".join(f"{table.name(s)} {table.faces.text(c)}" for s, c in view.trick) or "—"
    embed.add_field(name=lang.t("tute-trick"), value=trick, inline=False)
    if view.last_trick:
        last = " ".join(f"{table.name(s)} {table.faces.text(c)}" for s, c in view.last_trick)
        embed.add_field(name=lang.t("tute-last_trick"), value=last, inline=False)
    if view.cantes:
        cantes = ", ".join(lang.t("tute-cante", name=table.name(s), value=v,
                                  suit=lang.suit(SpanishSuit(su)))
                           for s, su, v in view.cantes)
        embed.add_field(name=lang.t("tute-cantes"), value=cantes, inline=False)
    embed.add_field(name=lang.t("tute-juegos", target=view.target),
                    value=score_line(names, view.juegos), inline=False)
    marks = {i: lang.t("tute-seat-mark", cards=n, tricks=w)
             for i, (n, w) in enumerate(zip(view.hand_sizes, view.tricks_won, strict=False))}
    embed.add_field(name=lang.t("public-players"), value=seat_lines(table, marks), inline=False)
    if view.is_over and state.result is not None:
        winners = ", ".join(table.name(s) for s in state.result.winners)
        names = [s.name for s in table.seats]
        embed.add_field(name=lang.t("public-over"), inline=False, value=fit_lines(
            [lang.t("public-winners", names=winners),
             *hand_lines(state.result.summary, names, lang)[-12:]]))
    return embed


def hand_lines(summary: dict[str, Any], names: Sequence[str], lang: Lang) -> list[str]:
    """One line per hand of a match summary: each side's points by name, who won how many
    juegos, and why when it was not on points (a capote made or failed, tute)."""
    lines = []
    for hand in summary.get("hands", []):
        reason = hand.get("reason")
        declarer = hand.get("seat") if reason == "tute" else hand.get("capote")
        winners = hand.get("winners") or ([declarer] if declarer is not None else [])
        if reason == "capote":
            why = "made" if declarer in winners else "failed"
        else:
            why = "tute" if reason == "tute" else "points"
        who = f" {lang.t('word-and')} "
        lines.append(lang.t(
            "tute-hand-summary", hand=hand.get("hand", 0), why=why,
            points=per_side(names, hand.get("points", []), lang),
            declarer=names[declarer] if isinstance(declarer, int) else "",
            winners=who.join(names[s] for s in winners), juegos=hand.get("juegos", 0)))
    return lines


async def summary_lines(record: ResultRecord, names: Sequence[str], lang: Lang) -> list[str]:
    """A finished match's hands for ``/tapete historial``."""
    return hand_lines(record.result.get("summary", {}), names, lang)


def table_scene(table: Table, view: tute.TuteView, lang: Lang) -> Scene:
    """The picture of the table from the public view: the trick in front of the seats, the
    turned trump and (habanero) the baceta, the tricks won and the juegos."""
    trick = by_seat(view.trick, view.players)
    seats = tuple(
        SeatScene(table.name(i), trick[i], held=view.hand_sizes[i],
                  notes=(lang.t("picture-tricks", n=view.tricks_won[i]),),
                  turn=view.to_act == i, dealer=view.dealer == i)
        for i in range(view.players))
    middle = [Pile(lang.t("picture-trump"), (view.turned,))]
    if view.modalidad == "habanero":
        middle.append(Pile(lang.t("picture-baceta"), backs=view.baceta_count))
    names = side_names(table, view.sides, lang)
    title = lang.t("tute-title", modalidad=lang.t(f"tute-modalidad-{view.modalidad}"),
                   hand=view.hand_number)
    return Scene(title, seats, tuple(middle), tuple(
        lang.t("picture-score", name=n, score=j) for n, j in zip(names, view.juegos, strict=False)))


def action_card(table: Table, action: Action) -> Card | None:
    """A swap takes the turned trump card: its face goes on the swap button."""
    if action.verb == "swap" and table.state is not None:
        turned: Card = table.state.view(None).turned
        return turned
    return None


class TuteCog(GameCog, group_name="tute", group_description=ls("game-tute-desc")):
    spec = GameSpec(tute.GAME, render_table, table_scene=table_scene, action_card=action_card,
                    summary_lines=summary_lines)


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(TuteCog(bot))
