"""A table's row: saving it all or nothing, and reading one back.

Every action goes lock → ``state.apply`` → one database transaction (snapshot + the game's hook,
e.g. a server's pot ledger rows) → release → follow-ups (``bot.tables.turns``). If the
transaction fails the engine state is reloaded from the last snapshot written (the position
before the move), so memory and disk never disagree: ``write`` counts a save as done at once
and undoes that if the transaction rolls back, COMMIT included, and ``all_or_nothing`` puts a
lobby change back. A move serialises the state once: the save.

A table saved as finished or cancelled carries a ``needs_refresh`` mark from that save until
its public message shows the end (``bot.tables.restore`` redraws the ones left marked).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

from tapete.bot.eventlog import entries_from_data
from tapete.bot.faces import CardFaces
from tapete.bot.i18n import Text
from tapete.bot.presence import Presence
from tapete.bot.storage import Storage, TableRecord
from tapete.bot.tables.index import TableIndex
from tapete.bot.tables.model import ENDED, NotSaved, Seat, Table, TableError, Timing
from tapete.rules.engine import Event
from tapete.rules.errors import RuleError

log = logging.getLogger(__name__)


class Persistence:
    """Writes tables to storage and reads them back (``timing``: for a row saved without)."""

    def __init__(self, storage: Storage, index: TableIndex, *, timing: Timing,
                 faces: CardFaces) -> None:
        self.storage = storage
        self.index = index
        self.timing = timing
        self.faces = faces

    async def find(self, table_id: int) -> Table:
        """A table in memory, or a finished or cancelled one read back from storage (they
        leave memory once their message shows the end; their buttons still answer)."""
        table = self.index.by_id.get(table_id)
        if table is not None:
            return table
        record = await self.storage.tables.get(table_id)
        if record is None or record.status not in ENDED \
                or not self.index.owns(record.guild_id):
            raise TableError("table-gone")
        try:
            loaded = self.from_record(record)
        except Exception:  # closed because its saved game could not be read after an update
            raise TableError("table-gone") from None
        if loaded is None:
            raise TableError("table-gone")
        return loaded

    async def set_message(self, table: Table, message_id: int) -> None:
        async with table.lock:
            table.message_id = message_id
            await self.save(table)

    def from_record(self, record: TableRecord) -> Table | None:
        spec = self.index.games.get(record.game)
        if spec is None:
            log.warning("Table %d: unknown game %s, left alone", record.id, record.game)
            return None
        runtime = record.runtime or {}
        timing = runtime.get("timing")
        table = Table(
            record.id, record.guild_id, record.channel_id, spec,
            spec.game.options(**record.options), record.host_id,
            [Seat.from_data(s) for s in record.seats], record.status,
            spec.load_state(record.state) if record.state else None, record.message_id,
            timing=Timing(**timing) if timing else self.timing,
            presence=Presence.from_data(runtime.get("presence")), faces=self.faces,
        )
        table.mark_saved(record.state)
        table.log.extend(entries_from_data(runtime.get("log", ()), spec.name, spec.game.family))
        table.log.append(Text.of("table-restored"))
        return table

    @contextlib.asynccontextmanager
    async def all_or_nothing(self, table: Table) -> AsyncIterator[None]:
        """A change of a table that either reaches the database or never happened: if saving
        fails, the table in memory is put back as it was and the player hears it was not
        saved (the cause is logged once, here). The caller holds ``table.lock``."""
        seats, status, message_id = list(table.seats), table.status, table.message_id
        try:
            yield
        except (TableError, RuleError):
            raise
        except Exception:
            table.seats, table.status, table.message_id = seats, status, message_id
            table.revert()
            log.exception("Table %d: a change could not be saved; nothing changed", table.id)
            raise NotSaved() from None

    async def save(self, table: Table) -> None:
        async with self.storage.transaction() as db:
            await self.write(db, table)

    async def write(self, db: Any, table: Table, events: Sequence[Event] = ()) -> None:
        """Save the table; ``events``: the move's, not in its log yet (they join it once the
        save has worked) but kept with it. It counts as saved at once, and goes back to the
        position saved before if the transaction rolls back, COMMIT included: what a failed
        change reverts to is then the position still on disk."""
        snapshot = table.state.to_json() if table.state else None
        await self.storage.tables.save(
            db, table.id, seats=table.seat_data(), status=table.status, state=snapshot,
            message_id=table.message_id, runtime=table.runtime_json(events),
            needs_refresh=table.status in ENDED,
        )
        previous = table.saved
        table.mark_saved(snapshot)
        self.storage.on_rollback(lambda: table.mark_saved(previous))

    async def cancel_record(self, db: Any, record: TableRecord) -> None:
        await self.storage.tables.save(db, record.id, seats=record.seats, status="cancelled",
                                       state=record.state, message_id=record.message_id,
                                       runtime=record.runtime)
