"""A move: a human's decision (``act``), the CPU's (``cpu_move``), and a player's return.

Every move goes lock (the table's, and the server's lock of the game if its hooks ask for it) →
refuse a private control drawn for an earlier position (``StaleHand``) → check the seat is to
act → one database transaction (the game's ``before_apply`` hook, ``state.apply``, the
``after_apply`` hook, a result row if the match ended, the snapshot) → release → follow-ups. If
the transaction fails the engine state and presence go back to the position before the move
and the player hears nothing changed (``NotSaved``). The follow-ups (the log line, the public
refresh, the next turn's timer) are started from the loop once the move has returned, so the
player's answer goes out first. CPU seats, and human seats whose turn timed out, are played by
``rules.cpu`` (through ``bot.cpu``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Sequence

from tapete.bot.cpu import CpuPlayers
from tapete.bot.i18n import Text
from tapete.bot.presence import Presence
from tapete.bot.storage import Storage
from tapete.bot.tables.index import TableIndex
from tapete.bot.tables.model import NotSaved, StaleHand, Table, TableError
from tapete.bot.tables.pacing import Pacing
from tapete.bot.tables.persistence import Persistence
from tapete.bot.tables.results import Results
from tapete.bot.tables.turns import Turns
from tapete.rules.cpu import DEFAULT_LEVEL
from tapete.rules.engine import Action, Event, GameState, as_action
from tapete.rules.errors import RuleError

log = logging.getLogger(__name__)


def require_playing(table: Table) -> GameState:
    if table.status == "lobby" or table.state is None:
        raise TableError("table-not-started")
    if table.status != "playing" or table.state.is_over:
        raise TableError("table-over")
    return table.state


def record_events(table: Table, events: Sequence[Event]) -> None:
    table.last_events = list(events)
    table.log.extend(events)


class Moves:
    """Plays moves on tables; ``counts``: actions accepted, by who decided (bot.metrics)."""

    def __init__(self, storage: Storage, index: TableIndex, persistence: Persistence,
                 results: Results, pacing: Pacing, turns: Turns, *, cpu: CpuPlayers,
                 rng: random.Random, counts: dict[str, int]) -> None:
        self.storage = storage
        self.index = index
        self.persistence = persistence
        self.results = results
        self.pacing = pacing
        self.turns = turns
        self.cpu = cpu
        self.rng = rng
        self.counts = counts

    async def act(
        self, table: Table, user_id: int, action: Action | str, *, stamp: str | None = None
    ) -> list[Event]:
        """A human's decision. Raises TableError/RuleError with a reason for the player.

        ``stamp``: the position a private hand's control was drawn for; if the game has moved
        on since, :class:`StaleHand` is raised and nothing is played.
        """
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("table-not-seated")
        return await self._act(table, seat, as_action(action), stamp)

    async def back(self, table: Table, user_id: int) -> None:
        """The player showed up (opened their hand): stop playing for them, and wake the
        table if it was paused for want of players."""
        seat = table.seat_of(user_id)
        presence = table.presence
        if seat is None or table.status != "playing" or not (
                seat in presence.auto or seat in presence.absent or presence.paused
                or presence.warned == seat):
            return
        async with table.lock:
            woke = presence.back(seat)
            with contextlib.suppress(Exception):  # presence is not worth failing a reply
                await self.persistence.save(table)
        if woke:
            table.log.append(Text.of("table-resumed", name=table.name(seat)))
        self.pacing.request_refresh(table)
        self.turns.schedule(table)

    async def _act(
        self, table: Table, seat: int, action: Action, stamp: str | None = None, *,
        by_cpu: bool = False,
    ) -> list[Event]:
        async with table.lock, self.index.game_lock(table):
            state = require_playing(table)
            if stamp is not None and stamp != table.stamp:
                raise StaleHand()
            if state.to_act != seat:
                if state.to_act is None:
                    raise TableError("table-over")
                raise TableError("turn-not-yours", name=table.name(state.to_act))
            presence = table.presence
            before = presence.to_data()
            if not by_cpu:  # acting again takes the seat back from the CPU
                woke = presence.back(seat)
                if woke:
                    table.log.append(Text.of("table-resumed", name=table.name(seat)))
            try:
                async with self.storage.transaction() as db:
                    token = await table.spec.hooks.before_apply(table, db)
                    events = state.apply(seat, action)
                    if any(e.ENDS_HAND for e in events) and presence.hand_ended(table.humans()):
                        table.log.append(Text.of("table-paused"))
                    await table.spec.hooks.after_apply(table, events, db, token)
                    if state.is_over:
                        table.status = "finished"
                        await self.results.record(db, table)
                    await self.persistence.write(db, table, events)
            except RuleError:
                table.presence = Presence.from_data(before)
                raise
            except Exception:
                table.presence = Presence.from_data(before)
                table.revert()
                table.status = "playing"
                log.exception("Table %d: could not save a move; state restored", table.id)
                raise NotSaved() from None
            record_events(table, events)
            self.counts["cpu" if by_cpu else "player"] += 1
        # What follows a move (its log line, the public refresh, the next turn's timer) is
        # started from the loop just after: the player who moved is answered first.
        asyncio.get_running_loop().call_soon(self._after_move, table, seat, action.verb)
        return events

    def _after_move(self, table: Table, seat: int, verb: str) -> None:
        log.info("Table %d: seat %d %s", table.id, seat, verb)
        self.turns.after_change(table)

    async def cpu_move(self, table: Table) -> list[Event] | None:
        """Let the CPU play the seat to act, if it is a CPU or a timed-out seat."""
        state = table.state
        if state is None or state.is_over or state.to_act is None:
            return None
        seat = state.to_act
        if not (table.seats[seat].is_cpu or seat in table.auto):
            return None
        level = table.seats[seat].level or DEFAULT_LEVEL  # a timed-out player: normal
        stamp = table.stamp
        action = await self.cpu.decide(table.game, state, table.saved or state.to_json(), seat,
                                       level, self.rng.randrange(2**31))
        if self.index.closed:  # the bot is stopping: a search that came back late plays nothing
            return None
        try:
            return await self._act(table, seat, action, stamp, by_cpu=True)
        except NotSaved:  # the database refused it: try again after the usual pause
            self.turns.schedule(table)
            return None
        except StaleHand:  # the game moved on while the CPU was thinking
            self.turns.schedule(table)
            return None
        except (RuleError, TableError):  # the human acted first, or the table closed meanwhile
            return None
