"""The registry entry of a game: the rules module's ``GAME`` plus what the bot adds to it.

A cog registers its :class:`GameSpec` when it loads, so ``bot/`` never imports ``cogs/`` and
never names a game: everything game-specific comes through the spec.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from tapete.rules.cards import Card
from tapete.rules.engine import Action, Event, Game, GameState

if TYPE_CHECKING:
    from tapete.bot.art.table import Scene
    from tapete.bot.i18n import Lang, Text
    from tapete.bot.storage import ResultRecord, TableRecord, Tx
    from tapete.bot.tables import Table

# A finished match's per-hand lines for /tapete historial: (its result row, the seats' display
# names, the reader's language) -> lines. Without one, the hands' ``points`` are listed.
SummaryLines = Callable[["ResultRecord", Sequence[str], "Lang"], Awaitable[list[str]]]


class TableHooks:
    """Extra work a game does inside the table layer's transaction (a server's pot).

    The defaults do nothing, so most games need no hooks.
    """

    guild_lock: bool = False  # serialise all of a server's tables of this game

    async def new_game_kwargs(self, table: Table, db: Tx) -> dict[str, Any]:
        return {}

    async def on_load(self, table: Table) -> None:
        """Called when a table is restored after a restart."""
        return None

    async def before_apply(self, table: Table, db: Tx) -> Any:
        """Called inside the move's transaction; what it returns goes to ``after_apply``."""
        return None

    async def after_apply(
        self, table: Table, events: Sequence[Event], db: Tx, before: Any
    ) -> None:
        return None

    async def on_cancel(self, table: Table, db: Tx) -> None:
        """Called inside the transaction that cancels a game in progress, before its result
        row is written (a session game closes itself here so the row holds its standing)."""
        return None

    async def on_unreadable(self, record: TableRecord, db: Tx) -> Text | None:
        """Called inside the transaction that closes a table whose saved game this version
        of the bot cannot load (there is no engine state, only the row), so that the game
        undoes in its own books what the hand in progress had moved. What it returns is one
        more line of the notice the table's channel gets."""
        return None


@dataclass(frozen=True)
class GameSpec:
    """One game as the bot sees it: the rules' ``GAME``, how its table looks, its hooks.

    ``label_values``: extra catalog variables for an action's label (buttons, autocomplete,
    confirmations) that its arguments alone cannot give, e.g. what an action without
    arguments would do for the seat to act; None: the arguments are enough.

    ``table_scene``: the picture of the table (:mod:`bot.art.table`), made from the game's
    public view, ``state.view(None)``, which the caller passes (never the state itself);
    None: the table has no picture. ``action_card``: the card an action moves when its
    arguments name none (the turned card a swap takes, the drawn card a player gives), for
    the face on its button; None: only the arguments' cards have faces.
    """

    game: Game
    render_table: Callable[[Table, Lang], discord.Embed]
    hooks: TableHooks = field(default_factory=TableHooks)
    label_values: Callable[[Table, Action, Lang], dict[str, Any]] | None = None
    summary_lines: SummaryLines | None = None
    table_scene: Callable[[Table, Any, Lang], Scene] | None = None
    action_card: Callable[[Table, Action], Card | None] | None = None

    @property
    def name(self) -> str:
        return self.game.name

    def title(self, lang: Lang) -> str:
        return lang.t(f"game-{self.name}")

    def load_state(self, snapshot: str) -> GameState:
        return self.game.load(snapshot)
