"""Counters of one bot process, for whoever hosts it: tables open, moves, how the difícil CPU
fared, and how long replies take.

* **tables**: the lobbies and games in progress this process holds.
* **moves**: every action a table accepted since start, by who decided it (a player, or the
  CPU: CPU seats and players it stands in for).
* **difícil CPU**: decisions answered by a search in a worker process, and those taken at
  *normal* instead because the workers could not give them their least search (each search
  gets a fair share of the workers, ``bot.cpu``), or a search was late or broke: many of the
  latter mean the bot needs more cores.
* **replies**: per interaction (a slash command, a button, a menu), the time from its arrival
  in this process to the end of its handler, which sends the reply; the median and the 99th
  percentile over the last five minutes. It is measured from the arrival rather than from the
  interaction's Discord timestamp, so a wrong clock on the host cannot skew it (Discord's own
  delivery time is not included).

They are logged every ``METRICS_LOG_SECONDS`` and, with ``METRICS_PORT``, served at
``/metrics`` in Prometheus' text format (aiohttp, already installed with discord.py). Both are
read from the live objects when asked for: nothing is counted twice and nothing is kept but
the last five minutes of reply times.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aiohttp import web

if TYPE_CHECKING:
    from tapete.bot.tables import TableService

log = logging.getLogger(__name__)

WINDOW = 300.0  # seconds of replies the percentiles cover
WINDOW_MOST = 100_000  # replies kept for them at most (a very busy process samples the latest)
PENDING_FOR = 60.0  # an interaction no handler finished within this long is forgotten
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


@dataclass(frozen=True)
class Reading:
    """The counters at one moment."""

    servers: int
    lobbies: int
    playing: int
    moves_by_players: int
    moves_by_cpu: int
    searched: int
    at_normal: int
    replies: int  # since start
    reply_seconds: float  # their sum
    recent: int  # replies in the window
    p50: float | None  # seconds, over the window
    p99: float | None

    @property
    def tables(self) -> int:
        return self.lobbies + self.playing


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank percentile of sorted ``values`` (None when there are none)."""
    if not values:
        return None
    return values[max(0, math.ceil(q * len(values)) - 1)]


class Metrics:
    """Reads the table layer's counters and times the replies to interactions."""

    def __init__(self, tables: TableService, servers: Callable[[], int] = lambda: 0, *,
                 clock: Callable[[], float] = time.perf_counter, window: float = WINDOW) -> None:
        self.tables = tables
        self.servers = servers
        self.clock = clock
        self.window = window
        self._pending: OrderedDict[int, float] = OrderedDict()  # interaction id → arrival
        self._recent: deque[tuple[float, float]] = deque(maxlen=WINDOW_MOST)  # (end, seconds)
        self.replies = 0
        self.reply_seconds = 0.0

    def received(self, interaction_id: int) -> None:
        """An interaction arrived (called before any handler runs)."""
        now = self.clock()
        self._pending[interaction_id] = now
        while self._pending:  # handlers that never finished (an unknown button, a crash)
            first, since = next(iter(self._pending.items()))
            if now - since <= PENDING_FOR:
                break
            del self._pending[first]

    def replied(self, interaction_id: int) -> None:
        """An interaction's handler finished; only the first call per interaction counts (a
        command whose handler is guarded reports twice)."""
        since = self._pending.pop(interaction_id, None)
        if since is None:
            return
        now = self.clock()
        seconds = max(0.0, now - since)
        self.replies += 1
        self.reply_seconds += seconds
        self._recent.append((now, seconds))

    def read(self) -> Reading:
        now = self.clock()
        while self._recent and now - self._recent[0][0] > self.window:
            self._recent.popleft()
        recent = sorted(seconds for _, seconds in self._recent)
        open_tables = list(self.tables.by_channel.values())
        cpu = self.tables.cpu
        return Reading(
            servers=self.servers(),
            lobbies=sum(1 for t in open_tables if t.status == "lobby"),
            playing=sum(1 for t in open_tables if t.status == "playing"),
            moves_by_players=self.tables.moves["player"], moves_by_cpu=self.tables.moves["cpu"],
            searched=cpu.searched, at_normal=cpu.at_normal,
            replies=self.replies, reply_seconds=self.reply_seconds, recent=len(recent),
            p50=percentile(recent, 0.5), p99=percentile(recent, 0.99),
        )

    def log_line(self) -> str:
        r = self.read()

        def ms(value: float | None) -> str:
            return "—" if value is None else f"{value * 1000:.0f} ms"

        return (
            f"Metrics: {r.tables} tables ({r.lobbies} in lobby, {r.playing} playing) in"
            f" {r.servers} servers; moves {r.moves_by_players + r.moves_by_cpu}"
            f" ({r.moves_by_players} by players, {r.moves_by_cpu} by the CPU);"
            f" difícil CPU {r.searched} searched, {r.at_normal} at normal;"
            f" replies {r.replies}, last {self.window / 60:g} min {r.recent}:"
            f" p50 {ms(r.p50)}, p99 {ms(r.p99)}"
        )

    def prometheus(self) -> str:
        """The counters in Prometheus' text exposition format."""
        r = self.read()

        def number(value: float | None) -> str:
            return "NaN" if value is None else f"{value:.6g}"

        families: list[tuple[str, str, str, list[tuple[str, float | None]]]] = [
            ("tapete_servers", "gauge", "Servers this process is connected to.",
             [("", r.servers)]),
            ("tapete_tables", "gauge", "Open tables in this process, by status.",
             [('{status="lobby"}', r.lobbies), ('{status="playing"}', r.playing)]),
            ("tapete_moves_total", "counter",
             "Actions the tables accepted, by who decided them (the CPU: CPU seats and"
             " players it stands in for).",
             [('{by="player"}', r.moves_by_players), ('{by="cpu"}', r.moves_by_cpu)]),
            ("tapete_cpu_searches_total", "counter",
             "Difícil CPU decisions answered by a search in a worker process.",
             [("", r.searched)]),
            ("tapete_cpu_at_normal_total", "counter",
             "Difícil CPU decisions taken at normal instead: the workers had no room for"
             " the least search, or a search was late or broken.", [("", r.at_normal)]),
            ("tapete_reply_seconds", "summary",
             f"From an interaction's arrival to the end of its handler (the reply);"
             f" quantiles over the last {self.window:g} s.",
             [('{quantile="0.5"}', r.p50), ('{quantile="0.99"}', r.p99)]),
        ]
        lines: list[str] = []
        for name, kind, help_text, samples in families:
            lines += [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}"]
            lines += [f"{name}{labels} {number(value)}" for labels, value in samples]
            if kind == "summary":
                lines += [f"{name}_sum {number(r.reply_seconds)}", f"{name}_count {r.replies}"]
        return "\n".join(lines) + "\n"


class MetricsReporter:
    """Publishes :class:`Metrics`: a log line every ``log_every`` seconds (0: never) and, with
    a ``port``, an HTTP endpoint ``/metrics`` on ``host``."""

    def __init__(self, metrics: Metrics, *, log_every: float = 0.0, host: str = "127.0.0.1",
                 port: int | None = None) -> None:
        self.metrics = metrics
        self.log_every = log_every
        self.host = host
        self.port = port
        self._task: asyncio.Task[None] | None = None
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        if self.log_every > 0 and self._task is None:
            self._task = asyncio.create_task(self._log_periodically())
        if self.port is not None and self._runner is None:
            await self._serve()

    async def _log_periodically(self) -> None:
        while True:
            await asyncio.sleep(self.log_every)
            log.info("%s", self.metrics.log_line())

    async def _serve(self) -> None:
        """Listen on ``host:port``; a port that cannot be used is logged, and the bot plays
        on without the endpoint (it is an extra, not a reason to stop the tables)."""
        app = web.Application()
        app.router.add_get("/metrics", self._handle)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except OSError as exc:
            await runner.cleanup()
            log.error("No /metrics endpoint: cannot listen on %s:%s (%s)", self.host, self.port,
                      exc.strerror or exc)
            return
        self._runner = runner
        log.info("Metrics served at http://%s:%d/metrics", self.host, self.bound_port or 0)

    @property
    def bound_port(self) -> int | None:
        """The port the endpoint listens on (the real one when ``port`` was 0)."""
        if self._runner is None:
            return None
        for address in self._runner.addresses:
            if isinstance(address, tuple) and len(address) >= 2:
                return int(address[1])
        return None

    async def _handle(self, request: web.Request) -> web.Response:
        return web.Response(body=self.metrics.prometheus().encode(),
                            headers={"Content-Type": CONTENT_TYPE})

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()
