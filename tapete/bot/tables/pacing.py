"""The public message's edits: coalesced per table and paced per channel.

Any change asks for a refresh (``request_refresh``); at most one refresh runs per table, and it
publishes again whatever changed while it waited. Edits in a channel are spaced to stay within
Discord's limit (``edits``: that many per that many seconds; going over it earns 429s, and
enough of those an hour's ban). Once the message of a finished or cancelled table shows the
end, its row's ``needs_refresh`` mark is cleared and the table leaves memory.
"""

from __future__ import annotations

import asyncio
import logging

from tapete.bot.storage import Storage
from tapete.bot.tables.index import TableIndex
from tapete.bot.tables.model import ENDED, Publisher, Table

log = logging.getLogger(__name__)


class Pacing:
    """Redraws tables' public messages through ``publish`` (None: no message to redraw)."""

    def __init__(self, storage: Storage, index: TableIndex, publish: Publisher | None,
                 edits: tuple[int, float] | None) -> None:
        self.storage = storage
        self.index = index
        self.publish = publish
        self.edits = edits
        self.last_edit: dict[int, float] = {}  # per channel, when its last edit went out
        self.started: float | None = None  # when the tables were restored (see edit_slot)
        self.refreshing: dict[int, asyncio.Task[None]] = {}  # the refresh in flight per table
        self.dirty: set[int] = set()  # tables changed since their last refresh began

    def request_refresh(self, table: Table) -> None:
        """Coalesce public-message edits: one refresh in flight per table at most."""
        if self.publish is None or self.index.closed:
            return
        self.dirty.add(table.id)
        task = self.refreshing.get(table.id)
        if task is None or task.done():
            self.refreshing[table.id] = asyncio.create_task(self._refresh(table))

    def refresh_all(self) -> None:
        """Redraw every open table (the card faces became available)."""
        for table in list(self.index.by_channel.values()):
            self.request_refresh(table)

    def refresh_guild(self, guild_id: int | None) -> None:
        """Redraw every open table of a server (its language or a shared pot changed)."""
        for table in list(self.index.by_channel.values()):
            if table.guild_id == guild_id:
                self.request_refresh(table)

    async def _refresh(self, table: Table) -> None:
        assert self.publish is not None
        shown = False
        while table.id in self.dirty:
            await self.edit_slot(table.channel_id)
            self.dirty.discard(table.id)  # after the wait: what changed meanwhile goes too
            try:
                await self.publish(table)
                shown = True
            except Exception:
                shown = False
                log.exception("Table %d: could not refresh its message", table.id)
        if shown and table.status in ENDED:  # its message shows the end: no redraw at start-up
            try:
                await self.storage.tables.refreshed(table.id)
            except Exception:
                log.exception("Table %d: could not note that its message shows the end",
                              table.id)
        if self.refreshing.get(table.id) is asyncio.current_task():
            del self.refreshing[table.id]
        self.forget_if_over(table)

    def forget_if_over(self, table: Table) -> None:
        """A finished or cancelled table leaves memory once its message shows the end
        (``Persistence.find`` reads it back for a late button, Revancha included)."""
        if table.status in ENDED and table.id not in self.dirty \
                and table.id not in self.refreshing and self.index.by_id.get(table.id) is table:
            del self.index.by_id[table.id]

    async def edit_slot(self, channel_id: int) -> None:
        """Wait until one more edit in this channel keeps within ``edits``: edits are spaced
        evenly (1.05 s for 5 in 5 s), so any window holds at most that many, every wait is
        short, and start-up counts as an edit in every channel (the process before a restart
        may have edited just before it)."""
        if self.edits is None:
            return
        most, period = self.edits
        loop = asyncio.get_running_loop()
        last = self.last_edit.get(channel_id, self.started)
        if last is not None:
            wait = last + period / most + 0.05 - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
        self.last_edit[channel_id] = loop.time()
