"""The table layer: one table per channel, its seats, its engine state and its lock.

A package of parts, each named for what it holds (see ``docs/ARCHITECTURE.md``); this module
re-exports the public names, so ``from bot.tables import Table, TableService, TableError``
works as it always did.
"""

from tapete.bot.tables.model import (
    ENDED,
    LOG_LINES,
    Notice,
    NotSaved,
    Publisher,
    Seat,
    StaleHand,
    Table,
    TableError,
    Timing,
    stamp_of,
)
from tapete.bot.tables.service import TableService

__all__ = [
    "ENDED", "LOG_LINES", "NotSaved", "Notice", "Publisher", "Seat", "StaleHand", "Table",
    "TableError", "TableService", "Timing", "stamp_of",
]
