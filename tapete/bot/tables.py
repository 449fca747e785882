"""The table layer: one table per channel, its seats, its engine state and its lock.

Every action goes lock → ``state.apply`` → one database transaction (snapshot + the game's hook,
e.g. a server's pot ledger rows) → release → the public refresh and the next turn's timer (after
a move, started from the loop once the move has returned, so the player's answer goes out
first). If the transaction fails the engine state is reloaded from the last snapshot written
(the position before the move), so memory and disk never disagree. A move serialises the state
once: the save. CPU seats, and human seats whose turn timed out, are played by ``rules.cpu``.

After a restart every unfinished table comes back and its public message is redrawn; so is the
message of a table that ended (finished or cancelled) without its message ever showing it, as
when the process was killed between saving the last move and editing the message (the table
row carries a ``needs_refresh`` mark from that save until the edit went out).

A table whose saved game this version cannot load, even through the engine's snapshot
upgrades (``rules.snapshot``), is closed at start-up, its row kept for inspection: in the same
transaction its game undoes in its books what the hand in progress had moved
(``TableHooks.on_unreadable``), and then its channel is told, publicly, that the table was
closed after an update (the ``notice`` callback). A snapshot of a newer layout than this code
knows (the bot was taken back to an older release) is left alone for the newer version.

When the bot runs as several processes (shards), a service owns only the servers of its
shards: it restores, finds and opens tables of those servers only, and never reads another
process's tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import zlib
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from tapete.bot.cpu import CpuPlayers
from tapete.bot.eventlog import LogEntry, entries_from_data, log_data, log_json
from tapete.bot.faces import NO_FACES, CardFaces
from tapete.bot.games import GameSpec
from tapete.bot.i18n import Text
from tapete.bot.presence import Presence
from tapete.bot.ratings import Ratings
from tapete.bot.shards import EVERYTHING, Shards
from tapete.bot.storage import ChannelTaken, Storage, TableRecord
from tapete.rules.cpu import DEFAULT_LEVEL, LEVELS
from tapete.rules.engine import Action, Event, GameState, as_action
from tapete.rules.errors import RuleError
from tapete.rules.snapshot import NewerLayout

log = logging.getLogger(__name__)

LOG_LINES = 8
ENDED = ("finished", "cancelled")  # a table in these states leaves memory once shown
WARN_BEFORE = 30.0  # seconds before a turn times out that the table shows a warning


def stamp_of(snapshot: str) -> str:
    """A short fingerprint of a saved game position. A private hand's buttons carry the stamp
    of the position they were drawn for, so a button from an earlier turn or hand cannot act;
    it survives a restart, since the restored snapshot is the same text."""
    return f"{zlib.crc32(snapshot.encode()):08x}"


class TableError(Exception):
    """A table-level refusal (not seated, lobby full...): a catalog key and its values.

    The bot renders it in the language of whoever caused it.
    """

    def __init__(self, key: str, **values: Any) -> None:
        self.text = Text.of(key, **values)
        super().__init__(key)


class NotSaved(TableError):
    """The database refused a change: the table in memory is as it was before it."""

    def __init__(self) -> None:
        super().__init__("table-not-saved")


class StaleHand(TableError):
    """A private hand's control drawn for an earlier position of the game."""

    def __init__(self) -> None:
        super().__init__("hand-stale")


@dataclass
class Seat:
    user_id: int | None  # None: a CPU seat
    name: str
    level: str | None = None  # a CPU seat's level

    @property
    def is_cpu(self) -> bool:
        return self.user_id is None

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"user_id": self.user_id, "name": self.name}
        if self.level is not None:
            data["level"] = self.level
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Seat:
        return cls(data["user_id"], data["name"], data.get("level"))


@dataclass(frozen=True)
class Timing:
    """How long a table waits: a player's turn before the CPU plays for them, and the pause
    before each CPU move (the server's settings when the table was opened)."""

    turn_timeout: float
    cpu_delay: float

    def to_data(self) -> dict[str, float]:
        return {"turn_timeout": self.turn_timeout, "cpu_delay": self.cpu_delay}


@dataclass
class Table:
    id: int
    guild_id: int | None
    channel_id: int
    spec: GameSpec
    options: BaseModel
    host_id: int
    seats: list[Seat]
    status: str = "lobby"
    state: GameState | None = None
    message_id: int | None = None
    timing: Timing = Timing(120.0, 1.5)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    presence: Presence = field(default_factory=Presence)  # CPU stand-ins, absences, pause
    log: deque[LogEntry] = field(default_factory=lambda: deque(maxlen=LOG_LINES * 3))
    # the snapshot last written or read, i.e. the position on disk (None before the start)
    saved: str | None = None
    # which position of the game a private hand was drawn for (see ``stamp_of``)
    stamp: str = ""
    # rendered log lines by (id(entry), language), the entry kept to pin its id (bot.render)
    log_cache: dict[tuple[int, str], tuple[LogEntry, str | None]] = field(
        default_factory=dict, repr=False)
    last_events: list[Event] = field(default_factory=list)
    # the runtime record's parts last encoded, by name: their data and JSON (runtime_json)
    encoded: dict[str, tuple[Any, str]] = field(default_factory=dict, repr=False)
    timer: asyncio.Task[None] | None = None
    rematch_of: int | None = None
    faces: CardFaces = field(default=NO_FACES, repr=False)  # the bot's card emojis

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def auto(self) -> set[int]:
        """Seats the CPU plays for after a timeout."""
        return self.presence.auto

    def humans(self) -> set[int]:
        return {i for i, s in enumerate(self.seats) if not s.is_cpu}

    def runtime_data(self, pending: Sequence[LogEntry] = ()) -> dict[str, Any]:
        """What the table layer keeps beside the engine state: timing, presence and the
        public log with the ``pending`` entries of the move being saved (as data, see
        ``bot.eventlog``)."""
        entries = [*self.log, *pending][-(self.log.maxlen or 0):]
        return {"timing": self.timing.to_data(), "presence": self.presence.to_data(),
                "log": log_data(entries)}

    def runtime_json(self, pending: Sequence[LogEntry] = ()) -> str:
        """``json.dumps(self.runtime_data(pending))``, written at every move: the log's
        entries, which never change, are encoded once each (``bot.eventlog.log_json``), and
        the timing and presence again only when they changed."""
        entries = [*self.log, *pending][-(self.log.maxlen or 0):]
        return (f'{{"timing": {self._encoded("timing", self.timing.to_data())}, '
                f'"presence": {self._encoded("presence", self.presence.to_data())}, '
                f'"log": {log_json(entries)}}}')

    def _encoded(self, name: str, data: Any) -> str:
        """``json.dumps(data)``, reused while ``data`` equals the last one given as ``name``
        (fresh data from ``to_data``, never changed afterwards)."""
        last = self.encoded.get(name)
        if last is not None and last[0] == data:
            return last[1]
        text = json.dumps(data)
        self.encoded[name] = (data, text)
        return text

    def mark_saved(self, snapshot: str | None) -> None:
        """The state now on disk is ``snapshot``: what a failed change goes back to."""
        self.saved = snapshot
        self.stamp = stamp_of(snapshot) if snapshot is not None else ""

    def revert(self) -> None:
        """Put the engine state back to the position on disk."""
        self.state = self.spec.load_state(self.saved) if self.saved is not None else None

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def player_counts(self) -> tuple[int, ...]:
        counts: tuple[int, ...] = self.options.player_counts()  # type: ignore[attr-defined]
        return counts

    def seat_data(self) -> list[dict[str, Any]]:
        return [s.to_data() for s in self.seats]


Publisher = Callable[[Table], Awaitable[None]]
# A public notice about a table that has no engine state to show (see ``_close_unreadable``).
Notice = Callable[[TableRecord, Sequence[Text]], Awaitable[None]]


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
        self.edits = edits
        self._last_edit: dict[int, float] = {}  # per channel, when its last edit went out
        self._started: float | None = None
        self.cpu_delay = cpu_delay
        self.turn_timeout = turn_timeout
        self.publish = publish
        self.notice = notice
        self._notices: set[asyncio.Task[None]] = set()  # notices being sent
        self.games: dict[str, GameSpec] = {}
        self.by_channel: dict[int, Table] = {}
        self._creating: set[int] = set()  # channels whose table is being written
        self.by_id: dict[int, Table] = {}
        self.rng = random.Random(seed)
        self.ratings = Ratings(storage)
        self.cpu = cpu or CpuPlayers()
        self._guild_locks: dict[tuple[str, int | None], asyncio.Lock] = {}
        self._refreshing: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()
        self._timers: set[asyncio.Task[None]] = set()  # every pending or running CPU wake-up
        self._closed = False
        self.moves = {"player": 0, "cpu": 0}  # actions accepted, by who decided (bot.metrics)

    # -- registry ---------------------------------------------------------------------------

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

    async def find(self, table_id: int) -> Table:
        """A table in memory, or a finished or cancelled one read back from storage (they
        leave memory once their message shows the end; their buttons still answer)."""
        table = self.by_id.get(table_id)
        if table is not None:
            return table
        record = await self.storage.tables.get(table_id)
        if record is None or record.status not in ENDED \
                or not self.owns(record.guild_id):
            raise TableError("table-gone")
        try:
            loaded = self._from_record(record)
        except Exception:  # closed because its saved game could not be read after an update
            raise TableError("table-gone") from None
        if loaded is None:
            raise TableError("table-gone")
        return loaded

    # -- lobby ------------------------------------------------------------------------------

    async def create(
        self, game: str, options: dict[str, Any] | BaseModel, *, guild_id: int | None,
        channel_id: int, host_id: int, host_name: str, timing: Timing | None = None,
    ) -> Table:
        spec = self.games[game]
        if guild_id is None:  # tables are a server's (a forged command may come from a DM)
            raise TableError("error-guild-only")
        if not self.owns(guild_id):  # Discord sends a server's commands to its shard only
            raise TableError("table-elsewhere")
        if isinstance(options, BaseModel):
            opts = options
        else:
            try:  # strictly: "7" or 1.5 for a whole number is refused, not converted
                opts = spec.game.options.model_validate(options, strict=True)
            except ValidationError as exc:
                raise TableError("table-bad-options", detail=exc.errors()[0]["msg"]) from None
        if channel_id in self.by_channel or channel_id in self._creating:
            raise TableError("table-channel-busy")  # two /nueva at once: the second one waits
        self._creating.add(channel_id)
        seats = [Seat(host_id, host_name)]
        timing = timing or Timing(self.turn_timeout, self.cpu_delay)
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
        self._index(table)
        return table

    async def join(self, table: Table, user_id: int, name: str) -> None:
        async with table.lock:
            self._require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise TableError("lobby-already-in")
            if len(table.seats) >= max(table.player_counts()):
                raise TableError("lobby-full")
            async with self._all_or_nothing(table):
                table.seats.append(Seat(user_id, name))
                await self._save(table)

    async def leave(self, table: Table, user_id: int) -> None:
        async with table.lock:
            self._require_lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("lobby-not-in")
            if user_id == table.host_id:
                raise TableError("lobby-host-cannot-leave")
            async with self._all_or_nothing(table):
                del table.seats[seat]
                await self._save(table)

    async def add_cpu(self, table: Table, user_id: int, level: str = DEFAULT_LEVEL,
                      name: Callable[[int], str] | None = None) -> None:
        """A CPU seat at ``level``; ``name`` makes its name from its number (in the table's
        language, with the level)."""
        async with table.lock:
            self._require_lobby(table)
            if table.seat_of(user_id) is None:
                raise TableError("lobby-not-in")
            if len(table.seats) >= max(table.player_counts()):
                raise TableError("lobby-full")
            if level not in LEVELS:
                raise TableError("lobby-bad-level")
            number = sum(1 for s in table.seats if s.is_cpu) + 1
            async with self._all_or_nothing(table):
                table.seats.append(Seat(None, name(number) if name else f"CPU {number}", level))
                await self._save(table)

    async def start(self, table: Table, user_id: int, *, is_admin: bool = False) -> None:
        async with table.lock, self._game_lock(table):
            self._require_lobby(table)
            if user_id != table.host_id and not is_admin:
                raise TableError("lobby-only-host")
            counts = table.player_counts()
            if len(table.seats) not in counts:
                raise TableError("lobby-wrong-count", n=len(table.seats),
                                 allowed=", ".join(str(c) for c in counts))
            # Sorteo: a random dealer becomes seat 0; rotating keeps pairs (0+2, 1+3) together.
            dealer = self.rng.randrange(len(table.seats))
            async with self._all_or_nothing(table), self.storage.transaction() as db:
                table.seats = table.seats[dealer:] + table.seats[:dealer]
                extra = await table.spec.hooks.new_game_kwargs(table, db)
                state = table.spec.game.new_game(
                    table.options, len(table.seats), seed=self.rng.randrange(2**63), **extra
                )
                table.state, table.status = state, "playing"
                events = list(getattr(state, "initial_events", []))
                await table.spec.hooks.after_apply(table, events, db, None)
                await self._write(db, table, events)
            self._record_events(table, events)
        self._after_change(table)

    async def cancel(self, table: Table, user_id: int, *, is_admin: bool = False) -> None:
        """Close a table; a game in progress ends its session with a result row."""
        async with table.lock:
            if table.status not in ("lobby", "playing"):
                raise TableError("table-over")
            if user_id != table.host_id and not is_admin:
                raise TableError("lobby-only-host")
            was_playing = table.status == "playing" and table.state is not None
            async with self._all_or_nothing(table), self.storage.transaction() as db:
                table.status = "cancelled"
                if was_playing:
                    await table.spec.hooks.on_cancel(table, db)
                    await self._record_result(db, table, cancelled=True)
                await self._write(db, table)
            self._close(table)

    async def rematch(self, table_id: int, user_id: int, name: str, *,
                      timing: Timing | None = None) -> Table:
        """Revancha: a new table with the same players and options, started at once.

        Works for a match that finished before a restart too: the old table is read back.
        """
        old = await self.find(table_id)
        if old.status != "finished":
            raise TableError("table-gone")
        if old.seat_of(user_id) is None:
            raise TableError("table-not-seated")
        table = await self.create(
            old.game, old.options, guild_id=old.guild_id, channel_id=old.channel_id,
            host_id=user_id, host_name=name, timing=timing or old.timing,
        )
        async with table.lock, self._all_or_nothing(table):
            table.seats = list(old.seats)
            table.rematch_of = old.id
            await self._save(table)
        await self.start(table, user_id)
        return table

    # -- play -------------------------------------------------------------------------------

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
                await self._save(table)
        if woke:
            table.log.append(Text.of("table-resumed", name=table.name(seat)))
        self.request_refresh(table)
        self._schedule(table)

    async def _act(
        self, table: Table, seat: int, action: Action, stamp: str | None = None, *,
        by_cpu: bool = False,
    ) -> list[Event]:
        async with table.lock, self._game_lock(table):
            state = self._require_playing(table)
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
                        await self._record_result(db, table)
                    await self._write(db, table, events)
            except RuleError:
                table.presence = Presence.from_data(before)
                raise
            except Exception:
                table.presence = Presence.from_data(before)
                table.revert()
                table.status = "playing"
                log.exception("Table %d: could not save a move; state restored", table.id)
                raise NotSaved() from None
            self._record_events(table, events)
            self.moves["cpu" if by_cpu else "player"] += 1
        # What follows a move (its log line, the public refresh, the next turn's timer) is
        # started from the loop just after: the player who moved is answered first.
        asyncio.get_running_loop().call_soon(self._after_move, table, seat, action.verb)
        return events

    def _after_move(self, table: Table, seat: int, verb: str) -> None:
        log.info("Table %d: seat %d %s", table.id, seat, verb)
        self._after_change(table)

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
        if self._closed:  # the bot is stopping: a search that came back late plays nothing
            return None
        try:
            return await self._act(table, seat, action, stamp, by_cpu=True)
        except NotSaved:  # the database refused it: try again after the usual pause
            self._schedule(table)
            return None
        except StaleHand:  # the game moved on while the CPU was thinking
            self._schedule(table)
            return None
        except (RuleError, TableError):  # the human acted first, or the table closed meanwhile
            return None

    # -- scheduling: CPU pauses, turn timeouts, public refreshes -----------------------------

    def _after_change(self, table: Table) -> None:
        self.request_refresh(table)
        if table.spec.hooks.guild_lock:  # the server's tables of this game share a pot
            for other in self.tables_of(table.game, table.guild_id):
                if other is not table:
                    self.request_refresh(other)
        if table.status == "playing":
            self._schedule(table)
        elif table.status in ENDED:
            self._close(table)

    def _schedule(self, table: Table) -> None:
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None
        state = table.state
        if self._closed or table.status != "playing" or state is None or state.to_act is None \
                or table.presence.paused:
            return
        seat = state.to_act
        cpu = table.seats[seat].is_cpu or seat in table.auto
        delay = table.timing.cpu_delay if cpu else table.timing.turn_timeout
        table.timer = asyncio.create_task(self._wake(table, seat, delay, timed_out=not cpu))
        self._timers.add(table.timer)
        table.timer.add_done_callback(self._timers.discard)

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
            self.request_refresh(table)
            await asyncio.sleep(warning)
        else:
            await asyncio.sleep(delay)
        if not still_waiting():
            return
        if timed_out:
            table.presence.timed_out(seat)
            table.log.append(Text.of("turn-timeout", name=table.name(seat)))
        table.timer = None
        await self.cpu_move(table)

    def request_refresh(self, table: Table) -> None:
        """Coalesce public-message edits: one refresh in flight per table at most."""
        if self.publish is None or self._closed:
            return
        self._dirty.add(table.id)
        task = self._refreshing.get(table.id)
        if task is None or task.done():
            self._refreshing[table.id] = asyncio.create_task(self._refresh(table))

    async def _refresh(self, table: Table) -> None:
        assert self.publish is not None
        shown = False
        while table.id in self._dirty:
            await self._edit_slot(table.channel_id)
            self._dirty.discard(table.id)  # after the wait: what changed meanwhile goes too
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
        if self._refreshing.get(table.id) is asyncio.current_task():
            del self._refreshing[table.id]
        self._forget_if_over(table)

    def _forget_if_over(self, table: Table) -> None:
        """A finished or cancelled table leaves memory once its message shows the end
        (:meth:`find` reads it back for a late button, Revancha included)."""
        if table.status in ENDED and table.id not in self._dirty \
                and table.id not in self._refreshing and self.by_id.get(table.id) is table:
            del self.by_id[table.id]

    async def _edit_slot(self, channel_id: int) -> None:
        """Wait until one more edit in this channel keeps within ``edits``: edits are spaced
        evenly (1.05 s for 5 in 5 s), so any window holds at most that many, every wait is
        short, and start-up counts as an edit in every channel (the process before a restart
        may have edited just before it)."""
        if self.edits is None:
            return
        most, period = self.edits
        loop = asyncio.get_running_loop()
        last = self._last_edit.get(channel_id, self._started)
        if last is not None:
            wait = last + period / most + 0.05 - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
        self._last_edit[channel_id] = loop.time()

    # -- persistence ------------------------------------------------------------------------

    async def set_message(self, table: Table, message_id: int) -> None:
        async with table.lock:
            table.message_id = message_id
            await self._save(table)

    async def restore(self) -> list[Table]:
        """Load every unfinished table of this process's servers after a restart and resume
        its turns (another process's tables are not even read); and redraw the message of
        every table that ended without its message showing it (see :meth:`_redraw_ended`).
        Returns the unfinished tables."""
        self._started = asyncio.get_running_loop().time()  # see _edit_slot
        restored = []
        for record in await self.storage.tables.open_tables(self.shards):
            if not self.owns(record.guild_id):
                continue
            try:
                table = self._from_record(record)
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
            self._index(table)
            await table.spec.hooks.on_load(table)
            restored.append(table)
            self._after_change(table)
        if self.shards.all:
            log.info("Restored %d tables", len(restored))
        else:
            log.info("Restored %d tables (%s)", len(restored), self.shards)
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
        if self.publish is None:
            return 0
        redrawn = 0
        for record in await self.storage.tables.to_refresh(self.shards):
            if not self.owns(record.guild_id) or record.id in self.by_id:
                continue
            try:
                table = self._from_record(record)
            except Exception:  # unreadable: its message is left as it is, once and for all
                log.exception("Table %d (%s): saved state unreadable; message not redrawn",
                              record.id, record.game)
                await self.storage.tables.refreshed(record.id)
                continue
            if table is None:
                continue
            self.by_id[table.id] = table  # until redrawn (see _forget_if_over)
            await table.spec.hooks.on_load(table)
            self.request_refresh(table)
            redrawn += 1
        return redrawn

    async def _close_unreadable(self, record: TableRecord) -> None:
        """Mark a table whose saved state cannot be loaded as cancelled (its state is kept in
        the row for inspection) so that every later start does not stumble on it again; its
        game undoes the hand in progress in the same transaction, under the server's lock of
        the game if it has one; then its channel is told."""
        spec = self.games[record.game]
        lock = (self.guild_lock(record.game, record.guild_id) if spec.hooks.guild_lock
                else contextlib.nullcontext())
        lines = [Text.of("table-unreadable")]
        try:
            async with lock, self.storage.transaction() as db:
                line = await spec.hooks.on_unreadable(record, db)
                await self._cancel_record(db, record)
            if line is not None:
                lines.append(line)
        except Exception:  # the books stay as they are rather than the bot not starting
            log.exception("Table %d: its hand in progress could not be undone", record.id)
            async with self.storage.transaction() as db:
                await self._cancel_record(db, record)
        self.refresh_guild(record.guild_id)  # a shared pot may have changed
        if self.notice is not None:
            task = asyncio.create_task(self._tell(record, lines))
            self._notices.add(task)
            task.add_done_callback(self._notices.discard)

    async def _cancel_record(self, db: Any, record: TableRecord) -> None:
        await self.storage.tables.save(db, record.id, seats=record.seats, status="cancelled",
                                       state=record.state, message_id=record.message_id,
                                       runtime=record.runtime)

    async def _tell(self, record: TableRecord, lines: Sequence[Text]) -> None:
        """Send a notice about a table to its channel, paced like its message's edits."""
        assert self.notice is not None
        await self._edit_slot(record.channel_id)
        try:
            await self.notice(record, lines)
        except Exception:
            log.exception("Table %d: could not tell its channel it was closed", record.id)

    def _from_record(self, record: TableRecord) -> Table | None:
        spec = self.games.get(record.game)
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
            timing=Timing(**timing) if timing else Timing(self.turn_timeout, self.cpu_delay),
            presence=Presence.from_data(runtime.get("presence")), faces=self.faces,
        )
        table.mark_saved(record.state)
        table.log.extend(entries_from_data(runtime.get("log", ()), spec.name, spec.game.family))
        table.log.append(Text.of("table-restored"))
        return table

    @contextlib.asynccontextmanager
    async def _all_or_nothing(self, table: Table) -> AsyncIterator[None]:
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

    async def _save(self, table: Table) -> None:
        async with self.storage.transaction() as db:
            await self._write(db, table)

    async def _record_result(self, db: Any, table: Table, *, cancelled: bool = False) -> None:
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

    async def _write(self, db: Any, table: Table, events: Sequence[Event] = ()) -> None:
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

    # -- helpers ----------------------------------------------------------------------------

    def tables_of(self, game: str, guild_id: int | None) -> list[Table]:
        """The open tables of a game in a server (to refresh them when its pot changes)."""
        return [t for t in self.by_channel.values()
                if t.game == game and t.guild_id == guild_id]

    def refresh_all(self) -> None:
        """Redraw every open table (the card faces became available)."""
        for table in list(self.by_channel.values()):
            self.request_refresh(table)

    def refresh_guild(self, guild_id: int | None) -> None:
        """Redraw every open table of a server (its language or a shared pot changed)."""
        for table in list(self.by_channel.values()):
            if table.guild_id == guild_id:
                self.request_refresh(table)

    def _index(self, table: Table) -> None:
        self.by_id[table.id] = table
        self.by_channel[table.channel_id] = table

    def _close(self, table: Table) -> None:
        if self.by_channel.get(table.channel_id) is table:
            del self.by_channel[table.channel_id]
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None
        self.request_refresh(table)
        if self.publish is None:
            self._forget_if_over(table)

    def _record_events(self, table: Table, events: Sequence[Event]) -> None:
        table.last_events = list(events)
        table.log.extend(events)

    def _game_lock(self, table: Table) -> asyncio.Lock | contextlib.nullcontext[None]:
        if not table.spec.hooks.guild_lock:
            return contextlib.nullcontext()
        return self.guild_lock(table.game, table.guild_id)

    def guild_lock(self, game: str, guild_id: int | None) -> asyncio.Lock:
        """The lock shared by all of a server's tables of a game (a pot they share)."""
        return self._guild_locks.setdefault((game, guild_id), asyncio.Lock())

    @staticmethod
    def _require_lobby(table: Table) -> None:
        if table.status != "lobby":
            raise TableError("lobby-started" if table.status == "playing" else "table-over")

    @staticmethod
    def _require_playing(table: Table) -> GameState:
        if table.status == "lobby" or table.state is None:
            raise TableError("table-not-started")
        if table.status != "playing" or table.state.is_over:
            raise TableError("table-over")
        return table.state

    async def shutdown(self) -> None:
        # _wake clears table.timer while its CPU move runs, so track every wake-up task:
        # otherwise a move in flight outlives shutdown and schedules more on a closed DB.
        self._closed = True
        self.cpu.close()
        tasks = [tb.timer for tb in self.by_id.values() if tb.timer] + list(
            self._refreshing.values()
        ) + list(self._timers) + list(self._notices)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

