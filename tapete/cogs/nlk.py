"""NLK at a Discord table: the public table message; rules in ``rules.nlk``.

Phase I is played face up, so the table shows every pile (its top card and size), the
baceta and the card just drawn; in Phase II it shows the trick bottom to top, the trump, how
many cards each player holds and who is out. The games lost by each player are kept for the
whole session. ``/nlk cancelar`` closes the session: its result then records the losses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from tapete.bot.art.table import Pile, Scene, SeatScene
from tapete.bot.commands import ls
from tapete.bot.gamecog import GameCog
from tapete.bot.games import GameSpec, TableHooks
from tapete.bot.i18n import Lang
from tapete.bot.render import seat_lines
from tapete.bot.storage import Tx
from tapete.rules import nlk
from tapete.rules.cards import Card
from tapete.rules.engine import Action

if TYPE_CHECKING:
    from tapete.bot.app import TapeteBot
    from tapete.bot.tables import Table


class NLKHooks(TableHooks):
    """Closing the table closes the session, so its result holds the games lost."""

    async def on_cancel(self, table: Table, db: Tx) -> None:
        state = table.state
        if isinstance(state, nlk.State) and not state.is_over:
            state.close()


def render_table(table: Table, lang: Lang) -> discord.Embed:
    state = table.state
    assert state is not None
    view: nlk.NLKView = state.view(None)
    embed = discord.Embed(title=lang.t("nlk-title", game=view.game_number),
                          colour=discord.Colour.dark_purple())
    dealer = table.name(view.dealer)
    lines = []
    if view.phase == "piles":
        lines.append(lang.t("nlk-phase-piles", baceta=view.baceta, dealer=dealer))
        if view.drawn is not None and view.to_act is not None:
            lines.append(lang.t("nlk-drawn", name=table.name(view.to_act),
                                card=table.faces.text(view.drawn)))
    elif view.trump is not None and view.trump_card is not None:
        lines.append(lang.t("nlk-phase-shedding", suit=lang.suit(view.trump),
                            card=table.faces.text(view.trump_card), dealer=dealer))
        if view.out:
            lines.append(lang.t("nlk-out-order",
                                names=", ".join(table.name(s) for s in view.out)))
    if view.partidas is None:
        lines.append(lang.t("nlk-games", played=view.games_played))
    else:
        lines.append(lang.t("nlk-games-of", played=view.games_played, total=view.partidas))
    embed.description = "\n".join(lines)
    if view.phase == "shedding":
        trick = " → ".join(f"{table.name(s)} {table.faces.text(c)}" for s, c in view.trick) or "—"
        embed.add_field(name=lang.t("nlk-trick"), value=trick[:1024], inline=False)
    marks = {}
    for seat in range(view.players):
        if view.phase == "piles":
            top = view.tops[seat]
            mark = (lang.t("nlk-pile", top=table.faces.text(top), n=view.hand_sizes[seat])
                    if top is not None else lang.t("nlk-pile-empty"))
        elif view.phase == "shedding" and seat in view.out:
            mark = lang.t("nlk-out", place=view.out.index(seat) + 1)
        elif view.phase == "shedding":
            mark = lang.t("nlk-holding", n=view.hand_sizes[seat])
        else:
            mark = ""
        losses = lang.t("nlk-losses", n=view.losses[seat])
        marks[seat] = f"{mark} · {losses}" if mark else losses
    embed.add_field(name=lang.t("public-players"), value=seat_lines(table, marks), inline=False)
    if view.last_loser is not None:
        embed.add_field(name=lang.t("nlk-last"), value=lang.t(
            "nlk-last-loser", name=table.name(view.last_loser),
            next="no" if view.is_over else "yes"), inline=False)
    if view.is_over:
        fewest = min(view.losses)
        names = ", ".join(table.name(s) for s, n in enumerate(view.losses) if n == fewest)
        embed.add_field(name=lang.t("public-over"), value=lang.t("nlk-fewest", names=names),
                        inline=False)
    return embed


def table_scene(table: Table, view: nlk.NLKView, lang: Lang) -> Scene:
    """The picture of the table from the public view. Phase I: each pile's top card in front
    of its seat, the baceta and the card just drawn; Phase II: the trick bottom to top, the
    trump card, the cards each player holds and who is out. Every seat shows its losses."""
    seats = []
    for i in range(view.players):
        notes = [lang.t("picture-losses", n=view.losses[i])]
        cards: tuple[Card, ...] = ()
        held = view.hand_sizes[i]
        if view.phase == "piles":
            top = view.tops[i]
            cards = (top,) if top is not None else ()
            notes.insert(0, lang.t("picture-cards", n=view.hand_sizes[i]))
            held = 0  # a pile lies face up: its size is a note, not cards in hand
        elif i in view.out:
            notes.insert(0, lang.t("picture-out", place=view.out.index(i) + 1))
        seats.append(SeatScene(table.name(i), cards, held=held, notes=tuple(notes),
                               turn=view.to_act == i, dealer=view.dealer == i,
                               out=view.phase == "shedding" and i in view.out))
    middle = []
    if view.phase == "piles":
        middle.append(Pile(lang.t("picture-baceta"), backs=view.baceta))
        if view.drawn is not None:
            middle.append(Pile(lang.t("picture-drawn"), (view.drawn,)))
    elif view.phase == "shedding":
        if view.trump_card is not None:
            middle.append(Pile(lang.t("picture-trump"), (view.trump_card,)))
        middle.append(Pile(lang.t("picture-trick"), tuple(c for _, c in view.trick)))
    return Scene(lang.t("nlk-title", game=view.game_number), tuple(seats), tuple(middle))


def action_card(table: Table, action: Action) -> Card | None:
    """The face on a Phase I button: the drawn card a player gives or keeps, the top of
    their own pile that they move."""
    state = table.state
    if state is None or state.to_act is None:
        return None
    view: nlk.NLKView = state.view(None)
    if action.verb in ("give", "keep"):
        return view.drawn
    if action.verb == "move":
        return view.tops[state.to_act]
    return None


class NLKCog(GameCog, group_name="nlk", group_description=ls("game-nlk-desc")):
    spec = GameSpec(nlk.GAME, render_table, NLKHooks(), table_scene=table_scene,
                    action_card=action_card)


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(NLKCog(bot))
