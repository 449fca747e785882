"""The end of a session: its result row and the players' ratings.

Written inside the transaction of the move that ended the match (or of the cancel that closed
a game in progress), so a result is on disk exactly when the table's end is.
"""

from __future__ import annotations

from typing import Any

from tapete.bot.ratings import Ratings
from tapete.bot.storage import Storage
from tapete.bot.tables.model import Table


class Results:
    """Records a session's result, and rates the players when a match finished."""

    def __init__(self, storage: Storage, ratings: Ratings) -> None:
        self.storage = storage
        self.ratings = ratings

    async def record(self, db: Any, table: Table, *, cancelled: bool = False) -> None:
        """The end of a session: a result row (a cancelled match records where it stood)."""
        state = table.state
        result: dict[str, Any] = state.result.to_dict() if state and state.result else {}
        if cancelled:
            result["cancelled"] = True
        await self.storage.results.add(
            db, table.id, table.guild_id, table.game, table.seat_data(), result
        )
        if not cancelled and state is not None and state.result is not None:
            await self.ratings.record(db, table.guild_id, table.game, table.seat_data(),
                                      state.result.winners, state.result.scores)
