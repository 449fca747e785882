"""How far one process goes: live tables, memory per table, card-play latency, writes per move.

Run from the repository root::

    .venv/bin/python benchmarks/bench_scale.py [--tables 1000] [--plays 2000]
        [--postgres URL | --no-postgres]

The real bot (``bot.app.TapeteBot`` with every cog loaded, its table layer, storage and turn
timers) is set up without a Discord connection, and live Tute tables (habanero, two humans,
each a few moves into its first hand, each with its turn timer running) are opened until 1,
10, 100 and ``--tables`` are live. At each size ``--plays`` card plays are timed on tables
picked at random: what the bot does in-process for a click on a card — the table lock, the
rules, the snapshot committed in its transaction, and the new public message (embed and
buttons) built — leaving out only Discord's HTTP (wall time, and the process's CPU time over
the same call, which leaves out waits for the disk and for other programs on the machine).
Resident memory (RSS) is read before the first table and with every table open, after a
garbage collection, and divided by the tables.

Then the database work of one move is counted by engine (statements on the transaction's
handle): a Tute card, and Tomate moves with and without tantos.

The benchmark raises its priority where it may (``nice -10``; as root), so that the other
programs of a small shared machine preempt it less. Each engine is measured in a process of its
own (so the memory one run leaves behind does not
hide the next one's): SQLite (a file in a temporary folder) and PostgreSQL, on a server
given with ``--postgres``, else one started here like the tests do but with its commits flushed
to disk (skipped when no PostgreSQL server binaries are installed).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.stats import percentile  # noqa: E402
from tapete.bot.app import TapeteBot  # noqa: E402
from tapete.bot.settings import Settings  # noqa: E402
from tapete.bot.storage import Storage  # noqa: E402
from tapete.bot.tables import Table  # noqa: E402
from tapete.bot.views import public_message  # noqa: E402
from tapete.rules import tomate  # noqa: E402

SIZES = (1, 10, 100)


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux; elsewhere its peak)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


def settings_for(database: Path | str) -> Settings:
    fields: dict[str, Any] = {"database_path": database} if isinstance(database, Path) else {
        "database_url": database}
    return Settings(discord_token=None, cpu_delay=1.5, turn_timeout=120.0,  # type: ignore[call-arg]
                    pace_edits=False, _env_file=None, **fields)


async def ready_bot(database: Path | str) -> TapeteBot:
    """The bot as ``setup_hook`` leaves it, without logging in to Discord."""
    bot = TapeteBot(settings_for(database), seed=3)
    await bot.storage.open()
    await bot.servers.load()
    for name in bot.extension_names:
        await bot.load_extension(name)
    await bot.tables.restore()
    # No Discord here: the public message is built inline by play_one instead of being sent.
    bot.tables.publish = None
    return bot


async def open_tute(bot: TapeteBot, n: int, rng: random.Random) -> Table:
    """A live habanero table in its own channel and server, a few moves into its hand."""
    service = bot.tables
    guild, channel = 10_000 + n, 1_000_000 + n
    table = await service.create("tute", {"modalidad": "habanero"}, guild_id=guild,
                                 channel_id=channel, host_id=2 * n + 1, host_name=f"a{n}")
    await service.join(table, 2 * n + 2, f"b{n}")
    await service.start(table, 2 * n + 1)
    for _ in range(rng.randint(0, 4)):
        await play_one(bot, table, rng)
    return table


async def play_one(bot: TapeteBot, table: Table, rng: random.Random) -> bool:
    """One decision of the player to act: a card when they have one. True if it was a card."""
    state = table.state
    assert state is not None and state.to_act is not None
    seat = state.to_act
    legal = state.legal_actions()
    cards = [a for a in legal if a.verb == "play"]
    action = rng.choice(cards or legal)
    user = table.seats[seat].user_id
    assert user is not None
    await bot.tables.act(table, user, action)
    public_message(table, bot.servers.public(table.guild_id))
    return bool(cards)


async def timed_plays(bot: TapeteBot, tables: list[Table], plays: int, rng: random.Random,
                      n_opened: list[int]) -> tuple[list[float], list[float]]:
    """``plays`` timed card plays on live tables picked at random (a finished match is
    replaced by a new table, so the count of live tables stays): wall and CPU times."""
    times: list[float] = []
    cpu: list[float] = []
    while len(times) < plays:
        i = rng.randrange(len(tables))
        table = tables[i]
        if table.status != "playing":
            n_opened[0] += 1
            tables[i] = await open_tute(bot, n_opened[0], rng)
            continue
        c0, t0 = time.process_time(), time.perf_counter()
        was_card = await play_one(bot, table, rng)
        elapsed, used = time.perf_counter() - t0, time.process_time() - c0
        if was_card:
            times.append(elapsed)
            cpu.append(used)
    return times, cpu


async def bench_tables(database: Path | str, most: int, plays: int) -> dict[str, Any]:
    rng = random.Random(1)
    bot = await ready_bot(database)
    gc.collect()
    base = rss_mb()
    tables: list[Table] = []
    opened = [0]
    latency: dict[int, tuple[float, ...]] = {}
    t_open = 0.0
    for size in (*(s for s in SIZES if s < most), most):
        t0 = time.perf_counter()
        while len(tables) < size:
            opened[0] += 1
            tables.append(await open_tute(bot, opened[0], rng))
        t_open += time.perf_counter() - t0
        if size == most:
            gc.collect()
            live = sum(1 for t in tables if t.status == "playing")
            timers = sum(1 for t in tables if t.timer is not None and not t.timer.done())
            grown = rss_mb() - base
        times, cpu = await timed_plays(bot, tables, plays, rng, opened)
        latency[size] = (statistics.median(times), percentile(times, 99), max(times),
                         statistics.median(cpu), percentile(cpu, 99))
    await bot.tables.shutdown()
    await bot.storage.close()
    return {"latency": latency, "rss_base": base, "rss_grown": grown, "live": live,
            "timers": timers, "open_rate": opened[0] / t_open}


class Counting:
    """Counts the statements run on transaction handles (reads and writes apart)."""

    def __init__(self, storage: Storage) -> None:
        self.reads = self.writes = self.transactions = 0
        engine = storage.engine
        for name, kind in (("execute", "writes"), ("insert", "writes"), ("query", "reads"),
                           ("lock_guild", "locks")):
            if name != "lock_guild" or storage.dialect == "postgresql":  # SQLite: no-op
                self._wrap(engine, name, kind)
        self.locks = 0
        real = storage.transaction

        def transaction() -> Any:
            self.transactions += 1
            return real()

        storage.transaction = transaction  # type: ignore[method-assign]

    def _wrap(self, engine: Any, name: str, kind: str) -> None:
        real = getattr(engine, name)

        async def counted(db: Any, *args: Any) -> Any:
            if db is not None:
                setattr(self, kind, getattr(self, kind) + 1)
            return await real(db, *args)

        setattr(engine, name, counted)

    def take(self) -> tuple[int, int, int, int]:
        out = (self.transactions, self.writes, self.reads, self.locks)
        self.reads = self.writes = self.transactions = self.locks = 0
        return out


async def bench_writes(database: Path | str) -> dict[str, tuple[float, ...]]:
    """Statements per move, by kind of move, averaged over a few hundred moves."""
    rng = random.Random(2)
    bot = await ready_bot(database)
    counting = Counting(bot.storage)
    first = 500_000  # channels apart from bench_tables' (same database on PostgreSQL)
    tute_table = await open_tute(bot, first, rng)
    counting.take()
    sums: dict[str, list[tuple[int, int, int, int]]] = {"tute card": []}
    while len(sums["tute card"]) < 200:
        if tute_table.status != "playing":
            first += 1
            tute_table = await open_tute(bot, first, rng)
            counting.take()
        card = await play_one(bot, tute_table, rng)
        counted = counting.take()
        if card:
            sums["tute card"].append(counted)
    service = bot.tables
    game = await service.create("tomate", {}, guild_id=5, channel_id=400_000, host_id=1,
                                host_name="a")
    for joining in (2, 3):
        await service.join(game, joining, f"u{joining}")
    await service.start(game, 1)
    counting.take()
    sums["tomate, no tantos"], sums["tomate, tantos move"] = [], []
    for _ in range(600):
        state = game.state
        assert isinstance(state, tomate.State) and state.to_act is not None
        seat = state.to_act
        user = game.seats[seat].user_id
        assert user is not None
        events = await service.act(game, user, rng.choice(state.legal_actions()))
        counted = counting.take()
        moved = sum(isinstance(e, tomate.TantosMoved) for e in events)
        sums["tomate, tantos move" if moved else "tomate, no tantos"].append(counted)
    await service.shutdown()
    await bot.storage.close()
    return {kind: tuple(statistics.fmean(c[i] for c in counts) for i in range(4))
            for kind, counts in sums.items() if counts}


def report(name: str, tables: dict[str, Any], writes: dict[str, tuple[float, ...]],
           most: int) -> None:
    print(f"\n== {name} ==")
    print(f"{'live tables':>12}{'play p50 ms':>13}{'play p99 ms':>13}{'max ms':>9}"
          f"{'cpu p50 ms':>12}{'cpu p99 ms':>12}")
    for size, (p50, p99, top, c50, c99) in tables["latency"].items():
        print(f"{size:>12}{p50 * 1000:>13.2f}{p99 * 1000:>13.2f}{top * 1000:>9.2f}"
              f"{c50 * 1000:>12.2f}{c99 * 1000:>12.2f}")
    one, full = tables["latency"][1][1], tables["latency"][most][1]
    cpu_one, cpu_full = tables["latency"][1][4], tables["latency"][most][4]
    grown = tables["rss_grown"]
    print(f"RSS: {tables['rss_base']:.0f} MB before any table, +{grown:.1f} MB with {most} "
          f"live tables ({tables['live']} playing, {tables['timers']} turn timers running): "
          f"{grown * 1024 / most:.0f} KB per table")
    print(f"p99 with {most} tables / p99 with 1 table: {full / one:.2f}x wall,"
          f" {cpu_full / cpu_one:.2f}x cpu; tables opened (create + join + start + a few"
          f" moves): {tables['open_rate']:.0f}/s; load average {os.getloadavg()[0]:.1f}")
    print(f"{'per move':<22}{'transactions':>13}{'writes':>8}{'reads':>7}{'locks':>7}")
    for kind, (tx, w, r, locks) in writes.items():
        print(f"{kind:<22}{tx:>13.2f}{w:>8.2f}{r:>7.2f}{locks:>7.2f}")


async def run_all(database: Path | str, name: str, most: int, plays: int) -> None:
    tables = await bench_tables(database, most, plays)
    writes = await bench_writes(database if isinstance(database, str)
                                else database.with_name("writes.sqlite3"))
    report(name, tables, writes, most)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=1000, help="live tables at most (1000)")
    parser.add_argument("--plays", type=int, default=2000, help="timed plays per size (2000)")
    parser.add_argument("--postgres", help="a postgresql:// URL of an empty database")
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    parser.add_argument("--engine", choices=("sqlite", "postgresql"), help=argparse.SUPPRESS)
    parser.add_argument("--postgres-name", default="PostgreSQL", help=argparse.SUPPRESS)
    args, _ = parser.parse_known_args()  # run.py bench passes its arguments to every script
    logging.disable(logging.CRITICAL)
    if args.engine == "sqlite":
        with tempfile.TemporaryDirectory(prefix="tapete-scale-") as tmp:
            asyncio.run(run_all(Path(tmp) / "tapete.sqlite3", "SQLite (one file, WAL)",
                                args.tables, args.plays))
        return
    if args.engine == "postgresql":
        asyncio.run(run_all(args.postgres, args.postgres_name, args.tables, args.plays))
        return
    # Other programs on a small shared machine preempt the process for a slice now and then,
    # which shows in a p99 of wall times whatever the bot does: where allowed, the benchmark
    # (and the PostgreSQL server it starts) runs at a raised priority.
    try:
        priority = f"priority raised (nice {os.nice(-10)})"
    except OSError:
        priority = "normal priority"
    print(f"Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} cores; "
          f"each engine in a process of its own; {priority}")
    own = [sys.executable, __file__, "--tables", str(args.tables), "--plays", str(args.plays)]
    failed = subprocess.call([*own, "--engine", "sqlite"])
    if args.no_postgres:
        return
    if args.postgres:
        failed |= subprocess.call([*own, "--engine", "postgresql", "--postgres", args.postgres,
                                   "--postgres-name", "PostgreSQL"])
        sys.exit(failed)
    from tests.pgserver import PostgresServer, Unavailable

    server = PostgresServer(durable=True)
    try:
        server.start()
    except Unavailable as exc:
        print(f"\n== PostgreSQL: skipped ({exc}) ==")
        server.stop()
        sys.exit(failed)
    try:
        failed |= subprocess.call([*own, "--engine", "postgresql", "--postgres", server.url(),
                                   "--postgres-name",
                                   "PostgreSQL (a server started here on 127.0.0.1,"
                                   " commits flushed to disk)"])
    finally:
        server.stop()
    sys.exit(failed)


if __name__ == "__main__":
    main()
