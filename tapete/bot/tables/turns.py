"""What follows a change: the next turn's timer, or the table's close; and the timers.

After every change (a move, the start, a restore) the table's public message is redrawn
(``bot.tables.pacing``) and, while it plays, one timer waits for the seat to act: a CPU seat
moves after the table's CPU pause; a human seat is warned in the public message a little before
their turn runs out, then played for by the CPU (``play``: ``Moves.cpu_move``). A table that
ended leaves the channel and its timer stops.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from tapete.bot.i18n import Text
from tapete.bot.tables.index import TableIndex
from tapete.bot.tables.model import ENDED, Table
from tapete.bot.tables.pacing import Pacing

WARN_BEFORE = 30.0  # seconds before a turn times out that the table shows a warning


class Turns:
    """Runs each table's one timer; ``play`` lets the CPU play the seat to act."""

    def __init__(self, index: TableIndex, pacing: Pacing,
                 play: Callable[[Table], Awaitable[object]]) -> None:
        self.index = index
        self.pacing = pacing
        self.play = play
        self.timers: set[asyncio.Task[None]] = set()  # every pending or running CPU wake-up

    def after_change(self, table: Table) -> None:
        self.pacing.request_refresh(table)
        if table.spec.hooks.guild_lock:  # the server's tables of this game share a pot
            for other in self.index.tables_of(table.game, table.guild_id):
                if other is not table:
                    self.pacing.request_refresh(other)
        if table.status == "playing":
            self.schedule(table)
        elif table.status in ENDED:
            self.close(table)

    def close(self, table: Table) -> None:
        if self.index.by_channel.get(table.channel_id) is table:
            del self.index.by_channel[table.channel_id]
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None
        self.pacing.request_refresh(table)
        if self.pacing.publish is None:
            self.pacing.forget_if_over(table)

    def schedule(self, table: Table) -> None:
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None
        state = table.state
        if self.index.closed or table.status != "playing" or state is None \
                or state.to_act is None or table.presence.paused:
            return
        seat = state.to_act
        cpu = table.seats[seat].is_cpu or seat in table.auto
        delay = table.timing.cpu_delay if cpu else table.timing.turn_timeout
        table.timer = asyncio.create_task(self._wake(table, seat, delay, timed_out=not cpu))
        self.timers.add(table.timer)
        table.timer.add_done_callback(self.timers.discard)

    async def _wake(self, table: Table, seat: int, delay: float, *, timed_out: bool) -> None:
        """After ``delay`` the CPU moves; a human is warned, in the public message, a little
        before their turn runs out (a quarter of it, at most 30 s)."""
        def still_waiting() -> bool:
            state = table.state
            return state is not None and state.to_act == seat and table.status == "playing"

        if timed_out:
            warning = min(WARN_BEFORE, delay / 4)
            await asyncio.sleep(delay - warning)
            if not still_waiting():
                return
            table.presence.warned = seat
            self.pacing.request_refresh(table)
            await asyncio.sleep(warning)
        else:
            await asyncio.sleep(delay)
        if not still_waiting():
            return
        if timed_out:
            table.presence.timed_out(seat)
            table.log.append(Text.of("turn-timeout", name=table.name(seat)))
        table.timer = None
        await self.play(table)
