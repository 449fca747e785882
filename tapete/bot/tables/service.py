"""``TableService``: the one object the bot, the cogs and the tests hold for the table layer.

A thin facade. Each concern is a part of its own, named for what it holds:

- ``index`` (``bot.tables.index``): the tables in memory, the games, the servers owned, locks;
- ``lobby`` (``bot.tables.lobby``): create, join, leave, add a CPU, start, cancel, rematch;
- ``play`` (``bot.tables.moves``): a human's move, the CPU's move, a player's return;
- ``turns`` (``bot.tables.turns``): what follows a change, the CPU pauses and turn timeouts;
- ``pacing`` (``bot.tables.pacing``): the public message's coalesced, paced edits;
- ``persistence`` (``bot.tables.persistence``): saving a table all or nothing, reading it back;
- ``results`` (``bot.tables.results``): a session's result row and ratings;
- ``restorer`` (``bot.tables.restore``): the tables brought back after a restart.

Every action goes lock → ``state.apply`` → one database transaction → release → follow-ups;
if the transaction fails the table goes back to the position on disk (``NotSaved``).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from tapete.bot.cpu import CpuPlayers
from tapete.bot.faces import NO_FACES, CardFaces
from tapete.bot.games import GameSpec
from tapete.bot.ratings import Ratings
from tapete.bot.shards import EVERYTHING, Shards
from tapete.bot.storage import Storage
from tapete.bot.tables.index import TableIndex
from tapete.bot.tables.lobby import Lobby
from tapete.bot.tables.model import Notice, Publisher, Table, Timing
from tapete.bot.tables.moves import Moves
from tapete.bot.tables.pacing import Pacing
from tapete.bot.tables.persistence import Persistence
from tapete.bot.tables.restore import Restorer
from tapete.bot.tables.results import Results
from tapete.bot.tables.turns import Turns
from tapete.rules.cpu import DEFAULT_LEVEL
from tapete.rules.engine import Action, Event


class TableService:
    """Finds tables by channel or id and carries out every change to them."""

    def __init__(
        self, storage: Storage, *, cpu_delay: float, turn_timeout: float,
        publish: Publisher | None = None, seed: int | None = None,
        edits: tuple[int, float] | None = (5, 5.0), cpu: CpuPlayers | None = None,
        shards: Shards = EVERYTHING, faces: CardFaces = NO_FACES, notice: Notice | None = None,
    ) -> None:
        """``edits``: at most that many public-message edits per channel in that many seconds
        (Discord's limit; going over it earns 429s, and enough of those an hour's ban);
        None: no pacing (tests that read every intermediate message). ``shards``: the
        servers this process owns (all of them unless the bot is split into processes)."""
        self.storage = storage
        self.shards = shards
        self.faces = faces
        self.cpu_delay = cpu_delay
        self.turn_timeout = turn_timeout
        self.rng = random.Random(seed)
        self.ratings = Ratings(storage)
        self.moves = {"player": 0, "cpu": 0}  # actions accepted, by who decided (bot.metrics)
        timing = Timing(turn_timeout, cpu_delay)
        self.index = TableIndex(shards)
        self.games = self.index.games
        self.by_channel = self.index.by_channel
        self.by_id = self.index.by_id
        self.pacing = Pacing(storage, self.index, publish, edits)
        self.persistence = Persistence(storage, self.index, timing=timing, faces=faces)
        self.results = Results(storage, self.ratings)
        self.turns = Turns(self.index, self.pacing, self.cpu_move)
        self.play = Moves(storage, self.index, self.persistence, self.results, self.pacing,
                          self.turns, cpu=cpu or CpuPlayers(), rng=self.rng, counts=self.moves)
        self.lobby = Lobby(storage, self.index, self.persistence, self.results, self.turns,
                           rng=self.rng, timing=timing, faces=faces)
        self.restorer = Restorer(storage, self.index, self.persistence, self.pacing,
                                 self.turns, notice)

    @property
    def publish(self) -> Publisher | None:
        """Redraws a table's public message (None: nothing to redraw)."""
        return self.pacing.publish

    @publish.setter
    def publish(self, publish: Publisher | None) -> None:
        self.pacing.publish = publish

    @property
    def cpu(self) -> CpuPlayers:
        """The CPU players (the difícil worker pool)."""
        return self.play.cpu

    @cpu.setter
    def cpu(self, cpu: CpuPlayers) -> None:
        self.play.cpu = cpu

    # -- index ------------------------------------------------------------------------------

    def register(self, spec: GameSpec) -> None:
        self.index.register(spec)

    def owns(self, guild_id: int | None) -> bool:
        return self.index.owns(guild_id)

    def in_channel(self, channel_id: int) -> Table | None:
        return self.index.in_channel(channel_id)

    def get(self, table_id: int) -> Table:
        return self.index.get(table_id)

    def tables_of(self, game: str, guild_id: int | None) -> list[Table]:
        return self.index.tables_of(game, guild_id)

    def guild_lock(self, game: str, guild_id: int | None) -> asyncio.Lock:
        return self.index.guild_lock(game, guild_id)

    async def find(self, table_id: int) -> Table:
        return await self.persistence.find(table_id)

    # -- lobby ------------------------------------------------------------------------------

    async def create(
        self, game: str, options: dict[str, Any] | BaseModel, *, guild_id: int | None,
        channel_id: int, host_id: int, host_name: str, timing: Timing | None = None,
    ) -> Table:
        return await self.lobby.create(game, options, guild_id=guild_id, channel_id=channel_id,
                                       host_id=host_id, host_name=host_name, timing=timing)

    async def join(self, table: Table, user_id: int, name: str) -> None:
        await self.lobby.join(table, user_id, name)

    async def leave(self, table: Table, user_id: int) -> None:
        await self.lobby.leave(table, user_id)

    async def add_cpu(self, table: Table, user_id: int, level: str = DEFAULT_LEVEL,
                      name: Callable[[int], str] | None = None) -> None:
        await self.lobby.add_cpu(table, user_id, level, name)

    async def start(self, table: Table, user_id: int, *, is_admin: bool = False) -> None:
        await self.lobby.start(table, user_id, is_admin=is_admin)

    async def cancel(self, table: Table, user_id: int, *, is_admin: bool = False) -> None:
        await self.lobby.cancel(table, user_id, is_admin=is_admin)

    async def rematch(self, table_id: int, user_id: int, name: str, *,
                      timing: Timing | None = None) -> Table:
        return await self.lobby.rematch(table_id, user_id, name, timing=timing)

    # -- moves ------------------------------------------------------------------------------

    async def act(
        self, table: Table, user_id: int, action: Action | str, *, stamp: str | None = None
    ) -> list[Event]:
        return await self.play.act(table, user_id, action, stamp=stamp)

    async def back(self, table: Table, user_id: int) -> None:
        await self.play.back(table, user_id)

    async def cpu_move(self, table: Table) -> list[Event] | None:
        return await self.play.cpu_move(table)

    # -- public messages, persistence, restart ----------------------------------------------

    def request_refresh(self, table: Table) -> None:
        self.pacing.request_refresh(table)

    def refresh_all(self) -> None:
        self.pacing.refresh_all()

    def refresh_guild(self, guild_id: int | None) -> None:
        self.pacing.refresh_guild(guild_id)

    async def set_message(self, table: Table, message_id: int) -> None:
        await self.persistence.set_message(table, message_id)

    async def restore(self) -> list[Table]:
        return await self.restorer.restore()

    async def shutdown(self) -> None:
        # _wake clears table.timer while its CPU move runs, so track every wake-up task:
        # otherwise a move in flight outlives shutdown and schedules more on a closed DB.
        self.index.closed = True
        self.cpu.close()
        tasks = [tb.timer for tb in self.by_id.values() if tb.timer] + list(
            self.pacing.refreshing.values()
        ) + list(self.turns.timers) + list(self.restorer.notices)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
