"""A table as data: its seats, its timing, the table itself, and the refusals of the table layer.

A ``Table`` is one game at one channel: spec, options, host, seats, status, engine state, the
public message, its ``Timing`` and ``Presence``, a public log and an ``asyncio.Lock``. It knows
how to describe itself for a save (``runtime_json``) and how to go back to the position on disk
(``mark_saved``/``revert``: what a failed transaction reverts to); every change to it is made by
the parts of ``bot.tables.service.TableService``. Views and renderers import only this.
"""

from __future__ import annotations

import asyncio
import json
import zlib
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from tapete.bot.eventlog import LogEntry, log_data, log_json
from tapete.bot.faces import NO_FACES, CardFaces
from tapete.bot.games import GameSpec
from tapete.bot.i18n import Text
from tapete.bot.presence import Presence
from tapete.bot.storage import TableRecord
from tapete.rules.engine import Event, GameState

LOG_LINES = 8
ENDED = ("finished", "cancelled")  # a table in these states leaves memory once shown


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
# A public notice about a table that has no engine state to show (see ``bot.tables.restore``).
Notice = Callable[[TableRecord, Sequence[Text]], Awaitable[None]]
