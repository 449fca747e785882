"""Several processes on one PostgreSQL database, each owning the servers of its shards.

Two table services (as two bot processes would have: each its own connection pool) own shard 0
and shard 1 of 2, and play Tomate at once in two servers of each shard. Process B is killed
in the middle of its moves again and again (its tasks cancelled wherever they are, its
connections cut, no clean shutdown) and started again: it restores exactly its own tables,
never one of A's, and A plays on untouched. Afterwards no tanto is lost or duplicated: in every
server the ledger replays to the balances, everything sums to 0, and each table's ledger rows
are what its saved game says each seat won or lost.

Also: two services that both own one server (two processes during a change of shard count)
moving its pot at once, and many admin corrections racing in separate transactions, never
break the pot; the settings and the bot class follow ``SHARD_COUNT``/``SHARD_IDS``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from tapete.bot.app import ShardedTapeteBot, TapeteBot, bot_class
from tapete.bot.bank import CPU_ACCOUNT, Bank, BankError
from tapete.bot.games import GameSpec
from tapete.bot.settings import Settings, SettingsError, load_settings
from tapete.bot.shards import Shards, shard_of
from tapete.bot.storage import Storage
from tapete.bot.tables import Table, TableError, TableService
from tapete.cogs.tomate import PLATO, RESERVA, TomateHooks
from tapete.rules import tomate
from tests.sizes import size
from tests.test_tomate_ledger import CheckedHooks, choose

SHARD_COUNT = 2
HANDS = size(60, 400)  # hands to play in all, both processes together
KILLS = size(3, 10)


def guilds_of_shard(shard: int, count: int = 2,
                    start: int = 1_150_000_000_000_000_000) -> list[int]:
    """Snowflake-like server ids that Discord puts on ``shard`` (of ``SHARD_COUNT``)."""
    found: list[int] = []
    guild = start
    while len(found) < count:
        if shard_of(guild, SHARD_COUNT) == shard:
            found.append(guild)
        guild += 1 << 22
    return found


GUILDS = {shard: guilds_of_shard(shard) for shard in range(SHARD_COUNT)}
# two channels per server: channel ids say which server they are in
CHANNELS = {shard: [(guild, guild + c) for guild in GUILDS[shard] for c in (1, 2)]
            for shard in range(SHARD_COUNT)}


def test_discords_rule_decides_which_process_owns_a_server() -> None:
    assert shard_of(None, 4) == 0  # DMs: shard 0
    assert shard_of(81384788765712384, 4) == (81384788765712384 >> 22) % 4
    every = Shards()
    assert every.all and every.owns(None) and every.owns(123)
    first = Shards.of(3, [0])
    assert first.owns(None) and not Shards.of(3, [1, 2]).owns(None)
    for shard in range(SHARD_COUNT):
        mine = Shards.of(SHARD_COUNT, [shard])
        for other, guilds in GUILDS.items():
            assert all(mine.owns(g) is (other == shard) for g in guilds)
    with pytest.raises(ValueError):
        Shards.of(2, [2])


def test_settings_read_the_shards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "8")
    monkeypatch.setenv("SHARD_IDS", "0-2,6")
    settings = load_settings(None)
    assert settings.shard_ids == [0, 1, 2, 6] and settings.sharded
    assert settings.shards() == Shards(8, frozenset({0, 1, 2, 6}))
    monkeypatch.setenv("SHARD_IDS", "1,9")
    with pytest.raises(SettingsError) as bad:
        load_settings(None)
    assert "SHARD_IDS" in str(bad.value) and "\n" not in str(bad.value)
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.setenv("SHARD_IDS", "1")
    with pytest.raises(SettingsError, match="SHARD_COUNT"):
        load_settings(None)
    monkeypatch.delenv("SHARD_IDS")
    monkeypatch.setenv("DATABASE_URL", "mysql://localhost/tapete")
    with pytest.raises(SettingsError, match="DATABASE_URL"):
        load_settings(None)
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:secret@db.example:5432/tapete")
    settings = load_settings(None)
    assert settings.database == "postgresql://bot:secret@db.example:5432/tapete"
    assert settings.database_name() == "postgresql://bot@db.example:5432/tapete"
    assert not settings.sharded and settings.shards().all


def test_the_bot_connects_only_its_shards(tmp_path: Path) -> None:
    plain = Settings(discord_token=None, database_path=tmp_path / "a.sqlite3",
                     _env_file=None)  # type: ignore[call-arg]
    assert bot_class(plain) is TapeteBot
    bot = TapeteBot(plain)
    assert not isinstance(bot, commands.AutoShardedBot) and bot.tables.shards.all
    sharded = Settings(discord_token=None, database_path=tmp_path / "b.sqlite3",
                       shard_count=4, shard_ids=[1, 3], _env_file=None)  # type: ignore[call-arg]
    assert bot_class(sharded) is ShardedTapeteBot
    bot = ShardedTapeteBot(sharded)
    assert isinstance(bot, commands.AutoShardedBot)
    assert bot.shard_count == 4 and bot.shard_ids == [1, 3]
    assert bot.tables.shards == Shards(4, frozenset({1, 3}))


async def test_open_tables_reads_only_the_owned_servers(database: Path | str) -> None:
    storage = Storage(database)
    await storage.open()
    try:
        ids: dict[int | None, int] = {}
        async with storage.transaction() as db:
            for guild in [None, *GUILDS[0], *GUILDS[1]]:
                ids[guild] = await storage.tables.create(
                    db, guild, (guild or 7) + 9, "tute", {}, 1, [])
        for shard in range(SHARD_COUNT):
            owned = {r.guild_id for r in await storage.tables.open_tables(
                Shards.of(SHARD_COUNT, [shard]))}
            assert owned == set(GUILDS[shard]) | ({None} if shard == 0 else set())
        assert len(await storage.tables.open_tables()) == len(ids)
        await storage.guilds.save(GUILDS[1][0], {"language": "en"})
        assert await storage.guilds.all(Shards.of(SHARD_COUNT, [0])) == {}
        assert list(await storage.guilds.all(Shards.of(SHARD_COUNT, [1]))) == [GUILDS[1][0]]
    finally:
        await storage.close()


# -- two processes ------------------------------------------------------------------------------


class Process:
    """What one bot process has: its storage (own pool) and table service, for some shards."""

    def __init__(self, url: str, shard: int, stats: dict[str, Any], seed: int) -> None:
        self.url, self.shard, self.stats, self.seed = url, shard, stats, seed
        self.storage = Storage(url, pool_size=4)
        self.service = TableService(self.storage, cpu_delay=10_000, turn_timeout=10_000,
                                    seed=seed, shards=Shards.of(SHARD_COUNT, [shard]))
        self.hooks = MultiGuildHooks(self.storage, stats)
        self.service.register(GameSpec(tomate.GAME, lambda table, lang: None,  # type: ignore[arg-type,return-value]
                                       self.hooks))

    async def start(self) -> list[Table]:
        await self.storage.open()
        return await self.service.restore()

    async def stop(self) -> None:
        await self.service.shutdown()
        await self.storage.close()

    def kill(self) -> None:
        """As ``kill -9`` leaves it: no shutdown, connections cut where they are."""
        self.service.index.closed = True
        for task in list(self.service.turns.timers):
            task.cancel()
        self.storage.engine.pool.terminate()


class MultiGuildHooks(CheckedHooks):
    """CheckedHooks for any server: the engine's pot is the server's after every move."""

    def __init__(self, storage: Storage, stats: dict[str, Any]) -> None:
        TomateHooks.__init__(self, Bank(storage, (PLATO, RESERVA)))
        self.stats = stats

    async def after_apply(self, table: Table, events: Any, db: Any, before: Any) -> None:
        await TomateHooks.after_apply(self, table, events, db, before)
        state = table.state
        assert isinstance(state, tomate.State) and table.guild_id is not None
        plato, reserva = await self.bank.pot(table.guild_id, db)
        assert plato >= 0 and reserva >= 0
        assert (state.plato, state.reserva) == (plato, reserva), "engine and DB pots differ"
        self.stats["hands"] += sum(isinstance(e, tomate.HandScored) for e in events)


async def open_table(service: TableService, guild: int, channel: int,
                     rng: random.Random) -> Table:
    humans = [channel % 1000 + 1, *rng.sample(range(50, 60), rng.randint(1, 2))]
    table = await service.create("tomate", {"reserva_por_mano": rng.choice([None, 1, 5])},
                                 guild_id=guild, channel_id=channel, host_id=humans[0],
                                 host_name="host")
    for user in humans[1:]:
        await service.join(table, user, f"u{user}")
    for _ in range(rng.randint(0, 2)):
        await service.add_cpu(table, humans[0])
    await service.start(table, humans[0])
    return table


async def play(process: Process, steps: int, rng: random.Random) -> None:
    """Random decisions at every table of the process, tables interleaved."""
    service = process.service
    for _ in range(steps):
        if process.stats["hands"] >= HANDS:
            return
        guild, channel = rng.choice(CHANNELS[process.shard])
        table = service.in_channel(channel)
        if table is None:
            await open_table(service, guild, channel, rng)
            continue
        state = table.state
        assert state is not None and state.to_act is not None
        seat = state.to_act
        if table.seats[seat].is_cpu:
            await service.cpu_move(table)
            continue
        user = table.seats[seat].user_id
        assert user is not None
        await service.act(table, user, choose(state, seat, rng))


async def audit(storage: Storage) -> None:
    """The books of every server, read with nothing running in between moves."""
    for guild in (g for guilds in GUILDS.values() for g in guilds):
        balances = await storage.ledger.balances(guild)
        assert await storage.ledger.replay(guild) == balances
        assert sum(balances.values()) == 0, (guild, balances)
        assert balances.get(PLATO, 0) >= 0 and balances.get(RESERVA, 0) >= 0
    for record in await storage.fetchall("SELECT * FROM game_tables WHERE state IS NOT NULL"):
        state = tomate.State.from_json(record["state"])
        rows = await storage.ledger.of_table(record["id"])
        per_account: dict[str, int] = {}
        for m in rows:
            per_account[m.source] = per_account.get(m.source, 0) - m.amount
            per_account[m.target] = per_account.get(m.target, 0) + m.amount
        nets: dict[str, int] = {}
        for seat, net in zip(json.loads(record["seats"]), state.nets, strict=True):
            account = f"user:{seat['user_id']}" if seat["user_id"] is not None else CPU_ACCOUNT
            nets[account] = nets.get(account, 0) + net
        assert {a: n for a, n in per_account.items() if a not in (PLATO, RESERVA) and n} == {
            a: n for a, n in nets.items() if n}, f"table {record['id']}: a tanto lost or doubled"


async def test_two_processes_on_their_shards_with_one_killed_mid_hand(
    postgres_url: str,
) -> None:
    rng = random.Random(20261124)
    stats: dict[str, Any] = {"hands": 0}
    a = Process(postgres_url, 0, stats, 1)
    b = Process(postgres_url, 1, stats, 2)
    assert await a.start() == [] and await b.start() == []
    with pytest.raises(TableError) as elsewhere:  # B never opens a table in A's servers
        await b.service.create("tomate", {}, guild_id=GUILDS[0][0], channel_id=5, host_id=1,
                               host_name="x")
    assert elsewhere.value.text.key == "table-elsewhere"
    kills = 0
    while stats["hands"] < HANDS or kills < KILLS:
        if stats["hands"] >= HANDS:
            stats["hands"] = HANDS - 5  # a few more hands until every kill has happened
        # A plays throughout; B is killed after a random number of its moves, wherever it is
        b_play = asyncio.create_task(play(b, 10_000, random.Random(rng.random())))
        a_play = asyncio.create_task(play(a, rng.randint(20, 80), random.Random(rng.random())))
        await asyncio.sleep(rng.uniform(0.05, 0.4))
        b_play.cancel()
        b.kill()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await b_play
        await a_play
        kills += 1
        b_before = {r.id for r in await a.storage.tables.open_tables(b.service.shards)}
        a_before = {t.id: t.saved for t in a.service.by_id.values() if t.status == "playing"}
        await audit(a.storage)
        b = Process(postgres_url, 1, stats, 2 + kills)
        restored = await b.start()
        assert {t.id for t in restored} == b_before  # every one of its tables, only its own
        assert all(b.service.owns(t.guild_id) and t.guild_id in GUILDS[1] for t in restored)
        assert all(t.id not in a_before for t in restored)
        for table_id, saved in a_before.items():  # A's tables: as A last saved them
            record = await a.storage.tables.get(table_id)
            assert record is not None and record.state == saved
    await a.stop()
    await b.stop()
    assert kills >= KILLS and stats["hands"] >= HANDS
    # both processes come back, each with its own tables
    for shard in range(SHARD_COUNT):
        again = Process(postgres_url, shard, stats, 99)
        restored = await again.start()
        assert restored and {t.guild_id for t in restored} <= set(GUILDS[shard])
        await audit(again.storage)
        await again.stop()


async def test_two_owners_of_one_server_never_break_its_pot(postgres_url: str) -> None:
    """Two processes both owning one server (as during a change of SHARD_COUNT) play at two
    of its tables at once: each move reads the pot under the server's lock, so every move
    sees the pot the other left, and the books stay right."""
    rng = random.Random(7)
    stats: dict[str, Any] = {"hands": 0}
    guild = GUILDS[0][0]
    first, second = (Process(postgres_url, 0, stats, seed) for seed in (1, 2))
    for process in (first, second):
        await process.start()
    await asyncio.gather(open_table(first.service, guild, guild + 1, rng),
                         open_table(second.service, guild, guild + 2, rng))

    async def keep_playing(process: Process, channel: int, seed: int) -> None:
        local = random.Random(seed)
        while stats["hands"] < size(40, 200):
            table = process.service.in_channel(channel)
            if table is None:
                await open_table(process.service, guild, channel, local)
                continue
            state = table.state
            assert state is not None and state.to_act is not None
            seat = state.to_act
            if table.seats[seat].is_cpu:
                await process.service.cpu_move(table)
            else:
                user = table.seats[seat].user_id
                assert user is not None
                await process.service.act(table, user, choose(state, seat, local))

    await asyncio.gather(keep_playing(first, guild + 1, 1), keep_playing(second, guild + 2, 2))
    await audit(first.storage)
    for process in (first, second):
        await process.stop()


async def test_corrections_racing_in_separate_transactions_keep_the_pot(
    postgres_url: str,
) -> None:
    """Forty admin corrections at once on a pot of 100, each in its own transaction on its
    own connection: exactly the ones the pot can pay go through, and it never goes negative."""
    storage = Storage(postgres_url, pool_size=20)
    await storage.open()
    bank = Bank(storage, (PLATO, RESERVA))
    guild = GUILDS[1][0]
    await bank.adjust(guild, "user:1", -100, PLATO, "seed")  # the plato holds 100
    results = await asyncio.gather(
        *(bank.adjust(guild, f"user:{10 + i}", 7, PLATO, "race") for i in range(40)),
        return_exceptions=True)
    paid = [r for r in results if r is None]
    refused = [r for r in results if isinstance(r, BankError)]
    assert len(paid) == 100 // 7 and len(paid) + len(refused) == 40
    balances = await storage.ledger.balances(guild)
    assert balances[PLATO] == 100 - 7 * len(paid) >= 0
    assert sum(balances.values()) == 0 and await storage.ledger.replay(guild) == balances
    await storage.close()
