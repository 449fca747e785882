"""NLK at a Discord table: the public table message; rules in ``rules.nlk``.

Phase I is played face up, so the table shows every pile (its top card and size), the
baceta and the card just drawn; in Phase II it shows the trick bottom to top, the trump, how
many cards each player holds and who is out. The games lost by each player are kept for the
whole session. ``/nlk cancelar`` closes the session: its result then records the losses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.commands import ls
from bot.gamecog import GameCog
from bot.games import GameSpec, TableHooks
from bot.i18n import Lang
from bot.render import seat_lines
from bot.storage import Tx
from rules import nlk

if TYPE_CHECKING:
    from bot.app import TapeteBot
    from bot.tables import Table


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
                                card=view.drawn.label))
    elif view.trump is not None and view.trump_card is not None:
        lines.append(lang.t("nlk-phase-shedding", suit=lang.suit(view.trump),
                            card=view.trump_card.label, dealer=dealer))
        if view.out:
            lines.append(lang.t("nlk-out-order",
                                names=", ".join(table.name(s) for s in view.out)))
    if view.partidas is None:
        lines.append(lang.t("nlk-games", played=view.games_played))
    else:
        lines.append(lang.t("nlk-games-of", played=view.games_played, total=view.partidas))
    embed.description = "\n".join(lines)
    if view.phase == "shedding":
        trick = " → ".join(f"{table.name(s)} {c.label}" for s, c in view.trick) or "—"
        embed.add_field(name=lang.t("nlk-trick"), value=trick[:1024], inline=False)
    marks = {}
    for seat in range(view.players):
        if view.phase == "piles":
            top = view.tops[seat]
            mark = (lang.t("nlk-pile", top=top.label, n=view.hand_sizes[seat])
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


class NLKCog(GameCog, group_name="nlk", group_description=ls("game-nlk-desc")):
    spec = GameSpec(nlk.GAME, render_table, NLKHooks())


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(NLKCog(bot))
