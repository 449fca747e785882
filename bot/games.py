"""The registry of games: what the table layer needs to know about each one.

A cog registers its :class:`GameSpec` when it loads, so ``bot/`` never imports ``cogs/``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import aiosqlite
import discord
from pydantic import BaseModel

from rules.cards import Card
from rules.engine import Event, GameState

if TYPE_CHECKING:
    from bot.tables import Table


class NewGame(Protocol):
    def __call__(
        self, options: Any, players: int, *, seed: int | None = ...,
        decks: Iterable[Sequence[Card]] = ...,
    ) -> GameState: ...


class TableHooks:
    """Extra work a game does inside the table layer's transaction (Tomate's pot).

    The defaults do nothing, so most games need no hooks.
    """

    guild_lock: bool = False  # serialise all of a server's tables of this game

    async def new_game_kwargs(self, table: Table, db: aiosqlite.Connection) -> dict[str, Any]:
        return {}

    async def on_load(self, table: Table) -> None:
        """Called when a table is restored after a restart."""
        return None

    async def before_apply(self, table: Table, db: aiosqlite.Connection) -> None:
        return None

    async def after_apply(
        self, table: Table, events: Sequence[Event], db: aiosqlite.Connection
    ) -> None:
        return None


@dataclass(frozen=True)
class GameSpec:
    """One game as the bot sees it."""

    name: str  # slash-command group and storage key: "tute"
    title: str  # shown to players: "Tute"
    options_model: type[BaseModel]
    new_game: NewGame
    load_state: Callable[[str], GameState]
    render_table: Callable[[Table], discord.Embed]
    hooks: TableHooks = field(default_factory=TableHooks)
