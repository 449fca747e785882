"""Belote at a Discord table: the public table message; rules in ``rules.belote``.

The table shows only what the rules make public (``state.view(None)``): while bidding the
dealer, the turned card and the proposed trump; then the trump and its taker, the turned
card (kept by the taker with 4 players), the bottom card of the stock and the 7 exchange; the
trick, the last trick, the tricks won, the announcements by name until the first trick ends
and then shown and scored, belote and rebelote, each side's points in the hand, the match
score and what a litige holds, and the previous hand's summary.
"""

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
from tapete.rules import belote
from tapete.rules.cards import Card, FrenchSuit
from tapete.rules.engine import Action

if TYPE_CHECKING:
    from tapete.bot.app import TapeteBot
    from tapete.bot.storage import ResultRecord
    from tapete.bot.tables import Table


def suit_name(letter: str, lang: Lang) -> str:
    return lang.suit(FrenchSuit(letter))


def combo_name(combo: Sequence[Card], lang: Lang) -> str:
    """The full name of a combination: "brelán de jotas", "cuarta al rey de corazones"."""
    top = combo[0]
    if top.rank == combo[1].rank:
        return lang.t("belote-combo-brelan", rank=top.rank)
    return lang.t("belote-combo-sequence", length=len(combo), top=top.rank,
                  suit=lang.suit(top.suit))


# The variables ``label_values`` adds, per verb (their values before a state is there).
_LABEL_DEFAULTS: dict[str, dict[str, Any]] = {
    "announce": {"count": 0, "combos": ""},
    "pass": {"phase": ""},
    "take": {"suit": ""},
}


def label_values(table: Table, action: Action, lang: Lang) -> dict[str, Any]:
    """``announce`` lists the combinations it would declare, ``take`` names the turned suit
    and ``pass`` knows its moment (bidding, or keeping the 7 of trumps). Only those
    variables: ``name``'s suit comes from its argument and must not be overwritten."""
    values = dict(_LABEL_DEFAULTS.get(action.verb, {}))
    state = table.state
    if not values or state is None or state.to_act is None:
        return values
    view: belote.BeloteView = state.view(state.to_act)
    if action.verb == "announce":
        names = [combo_name(combo, lang) for combo in view.announce]
        values.update(count=len(names), combos=", ".join(names))
    elif action.verb == "pass":
        values["phase"] = view.phase
    else:
        values["suit"] = lang.suit(view.turned.suit)
    return values


def plays_line(table: Table, plays: Sequence[tuple[int, Card]]) -> str:
    return " ".join(f"{table.name(s)} {table.faces.text(c)}" for s, c in plays) or "—"


def render_table(table: Table, lang: Lang) -> discord.Embed:
    state = table.state
    assert state is not None
    view: belote.BeloteView = state.view(None)
    names = side_names(table, view.sides, lang)
    title = "belote-title-pairs" if view.pairs else "belote-title"
    embed = discord.Embed(title=lang.t(title, hand=view.hand_number),
                          colour=discord.Colour.dark_blue())
    dealer = table.name(view.dealer)
    lines = []
    if view.phase in ("bid1", "bid2"):
        proposed = lang.suit(view.turned.suit)
        lines.append(lang.t("belote-bidding", dealer=dealer, card=table.faces.text(view.turned),
                            suit=proposed))
        key = "belote-round-1" if view.phase == "bid1" else "belote-round-2"
        lines.append(lang.t(key, suit=proposed))
    elif view.trump is not None and view.taker is not None:
        taker = table.name(view.taker)
        lines.append(lang.t("belote-trump", suit=suit_name(view.trump, lang), taker=taker,
                            dealer=dealer))
        if view.players == 4:
            lines.append(lang.t("belote-turned-taken", card=table.faces.text(view.turned),
                                taker=taker))
        else:
            lines.append(lang.t("belote-turned", card=table.faces.text(view.turned)))
            if view.swapped is not None and view.swapped_card is not None:
                lines.append(lang.t("belote-swapped", name=table.name(view.swapped),
                                    given=table.faces.text(view.turned),
                                    taken=table.faces.text(view.swapped_card)))
            if view.bottom is not None:
                lines.append(lang.t("belote-bottom", card=table.faces.text(view.bottom)))
        if view.phase == "swap" and view.to_act is not None:
            lines.append(lang.t("belote-swap-pending", name=table.name(view.to_act)))
    if view.held:
        lines.append(lang.t("belote-held", n=view.held))
    embed.description = "\n".join(lines)
    if view.phase in ("play", "swap") and not view.is_over:
        embed.add_field(name=lang.t("belote-trick"), value=plays_line(table, view.trick),
                        inline=False)
        if view.last_trick:
            embed.add_field(name=lang.t("belote-last_trick"),
                            value=plays_line(table, view.last_trick), inline=False)
        announced = announcements(table, view, lang)
        if announced:
            embed.add_field(name=lang.t("belote-announced"), value=announced, inline=False)
        if view.belote is not None:
            rebelote = "yes" if view.rebelote else "no"
            embed.add_field(name=lang.t("belote-belote"), inline=False, value=lang.t(
                "belote-belote-line", name=table.name(view.belote), rebelote=rebelote))
        embed.add_field(name=lang.t("belote-points"), value=score_line(names, view.points),
                        inline=False)
    embed.add_field(name=lang.t("belote-scores", target=view.target),
                    value=score_line(names, view.scores), inline=False)
    marks = {i: lang.t("belote-seat-mark", cards=n, tricks=w)
             for i, (n, w) in enumerate(zip(view.hand_sizes, view.tricks_won, strict=False))}
    embed.add_field(name=lang.t("public-players"), value=seat_lines(table, marks), inline=False)
    if view.last_hand is not None:
        embed.add_field(name=lang.t("belote-last-hand"), inline=False,
                        value=hand_summary(table, view.last_hand, names, lang))
    if view.is_over and state.result is not None:
        winners = ", ".join(table.name(s) for s in state.result.winners)
        embed.add_field(name=lang.t("public-over"), inline=False, value=fit_lines(
            [lang.t("public-winners", names=winners),
             *match_lines(state.result.summary, [s.name for s in table.seats], lang)]))
    return embed


def announcements(table: Table, view: belote.BeloteView, lang: Lang) -> str:
    """Before the first trick ends, each announcement by its name only; then every announced
    combination with its cards, its points and why."""
    if view.shown:
        return fit_lines([
            lang.t("belote-shown-line", name=table.name(seat), cards=table.faces.cards(cards),
                   points=points, reason=lang.t("belote-reason", reason=reason))
            for seat, cards, points, reason in view.shown])
    by_seat: dict[int, list[str]] = {}
    for seat, combo, length in view.announced:
        by_seat.setdefault(seat, []).append(
            lang.t("belote-combo-kind", combo=combo, length=length))
    return fit_lines([lang.t("belote-announce-line", name=table.name(seat),
                             combos=", ".join(kinds)) for seat, kinds in by_seat.items()])


def by_side(names: Sequence[str], values: Sequence[int]) -> str:
    return " · ".join(f"{name} {value}" for name, value in zip(names, values, strict=False))


def hand_summary(table: Table, hand: belote.HandScored, names: Sequence[str],
                 lang: Lang) -> str:
    """The summary of a scored hand: cards, dix de der, each combination and why, belote,
    capote, the outcome, what each side scored and the totals."""
    outcome = lang.t("belote-outcome", outcome=hand.outcome)
    lines = [
        lang.t("belote-summary-head", hand=hand.hand, taker=table.name(hand.taker),
               suit=suit_name(hand.trump, lang), outcome=outcome),
        lang.t("belote-summary-cards", cards=by_side(names, hand.card_points),
               der=table.name(hand.der)),
    ]
    for seat, combo, points, reason in hand.combos:
        lines.append(lang.t("belote-summary-combo", name=table.name(seat),
                            combo=combo_name(combo, lang), points=points,
                            reason=lang.t("belote-reason", reason=reason)))
    if hand.belote is not None:
        lines.append(lang.t("belote-summary-belote", name=table.name(hand.belote)))
    if any(hand.capote):
        bonus = " · ".join(f"{n} +{b}" for n, b in zip(names, hand.capote, strict=False) if b)
        lines.append(lang.t("belote-summary-capote", bonus=bonus))
    lines.append(lang.t("belote-summary-points", points=by_side(names, hand.points),
                        scored=by_side(names, hand.scored)))
    if hand.released:
        lines.append(lang.t("belote-summary-released", n=hand.released))
    if hand.held:
        lines.append(lang.t("belote-summary-held", n=hand.held))
    lines.append(lang.t("belote-summary-totals", totals=by_side(names, hand.totals)))
    return fit_lines(lines)


def match_lines(summary: dict[str, Any], names: Sequence[str], lang: Lang) -> list[str]:
    """One line per played hand of the match summary (the latest ones fit): who took, how
    it went, and what each side scored, by name."""
    lines = []
    for hand in summary.get("hands", []):
        outcome = lang.t("belote-outcome", outcome=hand.get("outcome", ""))
        taker = hand.get("taker")
        lines.append(lang.t(
            "belote-hand-summary", hand=hand.get("hand", 0), outcome=outcome,
            taker=names[taker] if isinstance(taker, int) and taker < len(names) else "—",
            scored=per_side(names, hand.get("scored", []), lang)))
    return lines[-12:]


def table_scene(table: Table, view: belote.BeloteView, lang: Lang) -> Scene:
    """The picture of the table from the public view: the trick in front of the seats, the
    turned card (the proposed trump, then the trump), the bottom card of the stock, the
    tricks won, and each side's points in the hand and in the match."""
    trick = by_seat(view.trick, view.players) if view.phase in ("play", "swap") else \
        [()] * view.players
    seats = tuple(
        SeatScene(table.name(i), trick[i], held=view.hand_sizes[i],
                  notes=(lang.t("picture-tricks", n=view.tricks_won[i]),),
                  turn=view.to_act == i, dealer=view.dealer == i)
        for i in range(view.players))
    label = "picture-turned" if view.trump is None else "picture-trump"
    middle = [Pile(lang.t(label), (view.turned,))]
    if view.bottom is not None:
        middle.append(Pile(lang.t("picture-bottom"), (view.bottom,)))
    names = side_names(table, view.sides, lang)
    scores = tuple(lang.t("picture-score", name=n, score=v)
                   for n, v in zip(names, view.scores, strict=False))
    title = lang.t("belote-title-pairs" if view.pairs else "belote-title", hand=view.hand_number)
    return Scene(title, seats, tuple(middle), scores)


def action_card(table: Table, action: Action) -> Card | None:
    """Swapping the 7 of trumps takes the turned card: its face goes on the swap button."""
    if action.verb == "swap" and table.state is not None:
        turned: Card = table.state.view(None).turned
        return turned
    return None


async def summary_lines(record: ResultRecord, names: Sequence[str], lang: Lang) -> list[str]:
    """A finished match's hands for ``/tapete historial``."""
    return match_lines(record.result.get("summary", {}), names, lang)


class BeloteCog(GameCog, group_name="belote", group_description=ls("game-belote-desc")):
    spec = GameSpec(belote.GAME, render_table, label_values=label_values,
                    table_scene=table_scene, action_card=action_card,
                    summary_lines=summary_lines)


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(BeloteCog(bot))

