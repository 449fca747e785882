"""The pictures of a table and of a hand as Discord files: drawn off the event loop.

A table's picture is drawn from its game's scene (``GameSpec.table_scene``), which is made
from the public view ``state.view(None)`` only. It is kept per table with the state stamp
(``Table.stamp``) and the scene it was drawn from: a refresh that changes nothing on the felt
(a turn warning, a language change of the text) sends the same bytes without drawing them
again. Drawing happens in a worker thread, inside the public message's paced refresh.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache

import discord

from tapete.bot.art.table import Scene, render_hand, render_table
from tapete.bot.drawing import drawn
from tapete.bot.i18n import Lang
from tapete.bot.tables import Table
from tapete.rules.cards import Card

TABLE_FILE, HAND_FILE = "mesa.png", "mano.png"

KEPT = 512  # pictures kept (one per table at most)


def attach(embed: discord.Embed, png: bytes, name: str, alt: str) -> discord.File:
    """Show ``png`` as the embed's image and return the file that carries it."""
    embed.set_image(url=f"attachment://{name}")
    return discord.File(io.BytesIO(png), filename=name, description=alt)


class Pictures:
    def __init__(self) -> None:
        self._tables: OrderedDict[int, tuple[tuple[str, Scene], bytes]] = OrderedDict()

    def scene(self, table: Table, lang: Lang) -> Scene | None:
        """The scene of a game in progress or just over, from its public view only."""
        if table.spec.table_scene is None or table.state is None \
                or table.status not in ("playing", "finished"):
            return None
        return table.spec.table_scene(table, table.state.view(None), lang)

    async def table(self, table: Table, lang: Lang) -> bytes | None:
        """The PNG of the table now (None: this table has no picture)."""
        scene = self.scene(table, lang)
        if scene is None:
            return None
        key = (table.stamp, scene)
        cached = self._tables.get(table.id)
        if cached is not None and cached[0] == key:
            return cached[1]
        png = await drawn(render_table, scene)
        self._tables[table.id] = (key, png)
        self._tables.move_to_end(table.id)
        while len(self._tables) > KEPT:
            self._tables.popitem(last=False)
        return png


@lru_cache(maxsize=256)
def _hand_png(cards: tuple[Card, ...]) -> bytes:
    return render_hand(cards)


async def hand_png(cards: Sequence[Card]) -> bytes:
    """The PNG of a hand (drawn in a worker thread; the same hand is drawn once)."""
    return await drawn(_hand_png, tuple(cards))
