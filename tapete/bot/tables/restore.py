"""After a restart: the tables come back, ended ones are redrawn, unreadable ones are closed.

Every unfinished table of this process's servers comes back and its public message is redrawn
and its turns resume; so is the message of a table that ended (finished or cancelled) without
its message ever showing it, as when the process was killed between saving the last move and
editing the message (the table row carries a ``needs_refresh`` mark from that save until the
edit went out).

A table whose saved game this version cannot load, even through the engine's snapshot
upgrades (``rules.snapshot``), is closed at start-up, its row kept for inspection: in the same
transaction its game undoes in its books what the hand in progress had moved
(``TableHooks.on_unreadable``), and then its channel is told, publicly, that the table was
closed after an update (the ``notice`` callback). A snapshot of a newer layout than this code
knows (the bot was taken back to an older release) is left alone for the newer version.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

from tapete.bot.i18n import Text
from tapete.bot.storage import Storage, TableRecord
from tapete.bot.tables.index import TableIndex
from tapete.bot.tables.model import Notice, Table
from tapete.bot.tables.pacing import Pacing
from tapete.bot.tables.persistence import Persistence
from tapete.bot.tables.turns import Turns
from tapete.rules.snapshot import NewerLayout

log = logging.getLogger(__name__)


class Restorer:
    """Brings this process's tables back at start-up (``notice``: tells a channel that its
    table could not be read back)."""

    def __init__(self, storage: Storage, index: TableIndex, persistence: Persistence,
                 pacing: Pacing, turns: Turns, notice: Notice | None) -> None:
        self.storage = storage
        self.index = index
        self.persistence = persistence
        self.pacing = pacing
        self.turns = turns
        self.notice = notice
        self.notices: set[asyncio.Task[None]] = set()  # notices being sent

    async def restore(self) -> list[Table]:
        """Load every unfinished table of this process's servers after a restart and resume
        its turns (another process's tables are not even read); and redraw the message of
        every table that ended without its message showing it (see :meth:`_redraw_ended`).
        Returns the unfinished tables."""
        self.pacing.started = asyncio.get_running_loop().time()  # see Pacing.edit_slot
        shards = self.index.shards
        restored = []
        for record in await self.storage.tables.open_tables(shards):
            if not self.index.owns(record.guild_id):
                continue
            try:
                table = self.persistence.from_record(record)
            except NewerLayout as exc:  # saved by a newer release: left for it, untouched
                log.warning("Table %d (%s): saved by a newer version of the bot (%s); left as"
                            " it is", record.id, record.game, exc)
                continue
            except Exception:  # a snapshot this version cannot read, even upgraded
                log.exception("Table %d (%s): saved state unreadable; table closed",
                              record.id, record.game)
                await self._close_unreadable(record)
                continue
            if table is None:
                continue
            self.index.add(table)
            await table.spec.hooks.on_load(table)
            restored.append(table)
            self.turns.after_change(table)
        if shards.all:
            log.info("Restored %d tables", len(restored))
        else:
            log.info("Restored %d tables (%s)", len(restored), shards)
        redrawn = await self._redraw_ended()
        if redrawn:
            log.info("Redrawing the message of %d tables that ended as the bot stopped", redrawn)
        return restored

    async def _redraw_ended(self) -> int:
        """A table saved as finished or cancelled is marked ``needs_refresh`` in the same
        transaction, and unmarked once its public message has been edited to show the end.
        A mark left behind means the process died in between (``kill -9`` as the match
        ended): that message still shows the game in progress, with a live "Ver mi mano", so
        it is redrawn now, with the result and Revancha. Only those tables are read."""
        if self.pacing.publish is None:
            return 0
        redrawn = 0
        for record in await self.storage.tables.to_refresh(self.index.shards):
            if not self.index.owns(record.guild_id) or record.id in self.index.by_id:
                continue
            try:
                table = self.persistence.from_record(record)
            except Exception:  # unreadable: its message is left as it is, once and for all
                log.exception("Table %d (%s): saved state unreadable; message not redrawn",
                              record.id, record.game)
                await self.storage.tables.refreshed(record.id)
                continue
            if table is None:
                continue
            self.index.by_id[table.id] = table  # until redrawn (see Pacing.forget_if_over)
            await table.spec.hooks.on_load(table)
            self.pacing.request_refresh(table)
            redrawn += 1
        return redrawn

    async def _close_unreadable(self, record: TableRecord) -> None:
        """Mark a table whose saved state cannot be loaded as cancelled (its state is kept in
        the row for inspection) so that every later start does not stumble on it again; its
        game undoes the hand in progress in the same transaction, under the server's lock of
        the game if it has one; then its channel is told."""
        spec = self.index.games[record.game]
        lock = (self.index.guild_lock(record.game, record.guild_id) if spec.hooks.guild_lock
                else contextlib.nullcontext())
        lines = [Text.of("table-unreadable")]
        try:
            async with lock, self.storage.transaction() as db:
                line = await spec.hooks.on_unreadable(record, db)
                await self.persistence.cancel_record(db, record)
            if line is not None:
                lines.append(line)
        except Exception:  # the books stay as they are rather than the bot not starting
            log.exception("Table %d: its hand in progress could not be undone", record.id)
            async with self.storage.transaction() as db:
                await self.persistence.cancel_record(db, record)
        self.pacing.refresh_guild(record.guild_id)  # a shared pot may have changed
        if self.notice is not None:
            task = asyncio.create_task(self._tell(record, lines))
            self.notices.add(task)
            task.add_done_callback(self.notices.discard)

    async def _tell(self, record: TableRecord, lines: Sequence[Text]) -> None:
        """Send a notice about a table to its channel, paced like its message's edits."""
        assert self.notice is not None
        await self.pacing.edit_slot(record.channel_id)
        try:
            await self.notice(record, lines)
        except Exception:
            log.exception("Table %d: could not tell its channel it was closed", record.id)
