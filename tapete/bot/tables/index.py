"""The tables a process holds in memory, and the locks shared between them.

One table per channel: ``by_channel`` holds the open ones (lobby or playing), ``by_id`` those
and the ended ones whose message does not show the end yet (see ``bot.tables.pacing``). When the
bot runs as several processes (shards), a service owns only the servers of its shards
(``owns``): it restores, finds and opens tables of those servers only, and never reads another
process's tables. ``closed`` is set once the service is stopping: from then on nothing new
starts (no timer, refresh or CPU move).
"""

from __future__ import annotations

import asyncio
import contextlib

from tapete.bot.games import GameSpec
from tapete.bot.shards import Shards
from tapete.bot.tables.model import Table, TableError


class TableIndex:
    """Finds tables by channel or id; knows the registered games and the servers owned."""

    def __init__(self, shards: Shards) -> None:
        self.shards = shards
        self.games: dict[str, GameSpec] = {}
        self.by_channel: dict[int, Table] = {}
        self.by_id: dict[int, Table] = {}
        self._guild_locks: dict[tuple[str, int | None], asyncio.Lock] = {}
        self.closed = False

    def register(self, spec: GameSpec) -> None:
        self.games[spec.name] = spec

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process plays the tables of that server (a DM: shard 0's)."""
        return self.shards.owns(guild_id)

    def in_channel(self, channel_id: int) -> Table | None:
        return self.by_channel.get(channel_id)

    def get(self, table_id: int) -> Table:
        table = self.by_id.get(table_id)
        if table is None:
            raise TableError("table-gone")
        return table

    def add(self, table: Table) -> None:
        self.by_id[table.id] = table
        self.by_channel[table.channel_id] = table

    def tables_of(self, game: str, guild_id: int | None) -> list[Table]:
        """The open tables of a game in a server (to refresh them when its pot changes)."""
        return [t for t in self.by_channel.values()
                if t.game == game and t.guild_id == guild_id]

    def game_lock(self, table: Table) -> asyncio.Lock | contextlib.nullcontext[None]:
        if not table.spec.hooks.guild_lock:
            return contextlib.nullcontext()
        return self.guild_lock(table.game, table.guild_id)

    def guild_lock(self, game: str, guild_id: int | None) -> asyncio.Lock:
        """The lock shared by all of a server's tables of a game (a pot they share)."""
        return self._guild_locks.setdefault((game, guild_id), asyncio.Lock())
