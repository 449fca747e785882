"""The lobby: opening a table, its seats, the start, the cancel and the Revancha.

One open table per channel (a unique index in the database backs it, across processes too).
Every lobby change is all or nothing (``Persistence.all_or_nothing``): if it cannot be saved
the table in memory is as it was. ``start`` draws the first dealer by lot: a random seat is
rotated to seat 0, which keeps pairs (0+2, 1+3) together.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from tapete.bot.faces import CardFaces
from tapete.bot.storage import ChannelTaken, Storage
from tapete.bot.tables.index import TableIndex
from tapete.bot.tables.model import Seat, Table, TableError, Timing
from tapete.bot.tables.moves import record_events
from tapete.bot.tables.persistence import Persistence
from tapete.bot.tables.results import Results
from tapete.bot.tables.turns import Turns
from tapete.rules.cpu import DEFAULT_LEVEL, LEVELS


def require_lobby(table: Table) -> None:
    if table.status != "lobby":
        raise TableError("lobby-started" if table.status == "playing" else "table-over")


class Lobby:
    """Opens, seats, starts and closes tables (``timing``: a new table's unless given)."""

    def __init__(self, storage: Storage, index: TableIndex, persistence: Persistence,
                 results: Results, turns: Turns, *, rng: random.Random, timing: Timing,
                 faces: CardFaces) -> None:
        self.storage = storage
        self.index = index
        self.persistence = persistence
        self.results = results
        self.turns = turns
        self.rng = rng
        self.timing = timing
        self.faces = faces
        self._creating: set[int] = set()  # channels whose table is being written

    async def create(
        self, game: str, options: dict[str, Any] | BaseModel, *, guild_id: int | None,
        channel_id: int, host_id: int, host_name: str, timing: Timing | None = None,
    ) -> Table:
        spec = self.index.games[game]
        if guild_id is None:  # tables are a server's (a forged command may come from a DM)
            raise TableError("error-guild-only")
        if not self.index.owns(guild_id):  # Discord sends a server's commands to its shard only
            raise TableError("table-elsewhere")
        if isinstance(options, BaseModel):
            opts = options
        else:
            try:  # strictly: "7" or 1.5 for a whole number is refused, not converted
                opts = spec.game.options.model_validate(options, strict=True)
            except ValidationError as exc:
                raise TableError("table-bad-options", detail=exc.errors()[0]["msg"]) from None
        if channel_id in self.index.by_channel or channel_id in self._creating:
            raise TableError("table-channel-busy")  # two /nueva at once: the second one waits
        self._creating.add(channel_id)
        seats = [Seat(host_id, host_name)]
        timing = timing or self.timing
        try:
            async with self.storage.transaction() as db:
                table_id = await self.storage.tables.create(
                    db, guild_id, channel_id, game, opts.model_dump(mode="json"), host_id,
                    [s.to_data() for s in seats], {"timing": timing.to_data()},
                )
        except ChannelTaken:  # another process opened one (one_open_table_per_channel)
            raise TableError("table-channel-busy") from None
        finally:
            self._creating.discard(channel_id)
        table = Table(table_id, guild_id, channel_id, spec, opts, host_id, seats, timing=timing,
                      faces=self.faces)
        self.index.add(table)
        return table

    async def join(self, table: Table, user_id: int, name: str) -> None:
        async with table.lock:
            require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise TableError("lobby-already-in")
            if len(table.seats) >= max(table.player_counts()):
                raise TableError("lobby-full")
            async with self.persistence.all_or_nothing(table):
                table.seats.append(Seat(user_id, name))
                await self.persistence.save(table)

    async def leave(self, table: Table, user_id: int) -> None:
        async with table.lock:
            require_lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("lobby-not-in")
            if user_id == table.host_id:
                raise TableError("lobby-host-cannot-leave")
            async with self.persistence.all_or_nothing(table):
                del table.seats[seat]
                await self.persistence.save(table)

    async def add_cpu(self, table: Table, user_id: int, level: str = DEFAULT_LEVEL,
                      name: Callable[[int], str] | None = None) -> None:
        """A CPU seat at ``level``; ``name`` makes its name from its number (in the table's
        language, with the level)."""
        async with table.lock:
            require_lobby(table)
            if table.seat_of(user_id) is None:
                raise TableError("lobby-not-in")
            if len(table.seats) >= max(table.player_counts()):
                raise TableError("lobby-full")
            if level not in LEVELS:
                raise TableError("lobby-bad-level")
            number = sum(1 for s in table.seats if s.is_cpu) + 1
            async with self.persistence.all_or_nothing(table):
                table.seats.append(Seat(None, name(number) if name else f"CPU {number}", level))
                await self.persistence.save(table)

    async def start(self, table: Table, user_id: int, *, is_admin: bool = False) -> None:
        async with table.lock, self.index.game_lock(table):
            require_lobby(table)
            if user_id != table.host_id and not is_admin:
                raise TableError("lobby-only-host")
            counts = table.player_counts()
            if len(table.seats) not in counts:
                raise TableError("lobby-wrong-count", n=len(table.seats),
                                 allowed=", ".join(str(c) for c in counts))
            # Sorteo: a random dealer becomes seat 0; rotating keeps pairs (0+2, 1+3) together.
            dealer = self.rng.randrange(len(table.seats))
            async with self.persistence.all_or_nothing(table), \
                    self.storage.transaction() as db:
                table.seats = table.seats[dealer:] + table.seats[:dealer]
                extra = await table.spec.hooks.new_game_kwargs(table, db)
                state = table.spec.game.new_game(
                    table.options, len(table.seats), seed=self.rng.randrange(2**63), **extra
                )
                table.state, table.status = state, "playing"
                events = list(getattr(state, "initial_events", []))
                await table.spec.hooks.after_apply(table, events, db, None)
                await self.persistence.write(db, table, events)
            record_events(table, events)
        self.turns.after_change(table)

    async def cancel(self, table: Table, user_id: int, *, is_admin: bool = False) -> None:
        """Close a table; a game in progress ends its session with a result row."""
        async with table.lock:
            if table.status not in ("lobby", "playing"):
                raise TableError("table-over")
            if user_id != table.host_id and not is_admin:
                raise TableError("lobby-only-host")
            was_playing = table.status == "playing" and table.state is not None
            async with self.persistence.all_or_nothing(table), \
                    self.storage.transaction() as db:
                table.status = "cancelled"
                if was_playing:
                    await table.spec.hooks.on_cancel(table, db)
                    await self.results.record(db, table, cancelled=True)
                await self.persistence.write(db, table)
            self.turns.close(table)

    async def rematch(self, table_id: int, user_id: int, name: str, *,
                      timing: Timing | None = None) -> Table:
        """Revancha: a new table with the same players and options, started at once.

        Works for a match that finished before a restart too: the old table is read back.
        """
        old = await self.persistence.find(table_id)
        if old.status != "finished":
            raise TableError("table-gone")
        if old.seat_of(user_id) is None:
            raise TableError("table-not-seated")
        table = await self.create(
            old.game, old.options, guild_id=old.guild_id, channel_id=old.channel_id,
            host_id=user_id, host_name=name, timing=timing or old.timing,
        )
        async with table.lock, self.persistence.all_or_nothing(table):
            table.seats = list(old.seats)
            table.rematch_of = old.id
            await self.persistence.save(table)
        await self.start(table, user_id)
        return table
