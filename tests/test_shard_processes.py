"""Two real bot processes on one PostgreSQL database, each connecting one shard of two
(``SHARD_COUNT=2``, ``SHARD_IDS=0`` and ``1``, discord.py's AutoShardedBot), each serving a
server of its shard through its own stand-in for Discord (``tests/standin.py``). Three users
play Tomate in each server at once; process B is killed with SIGKILL at random moments (3
times, 8 with ``--long``) while A's players go on playing, and started again.

After every kill both servers' books are read straight from PostgreSQL: the pot invariant, the
ledger replaying to the balances, no row seen before lost or changed, and each table's rows
adding up to its saved game. B comes back with its table (the buttons of its table message
answer), restores only its own server's table, and A never noticed.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path
from typing import Any

from tapete.bot.shards import shard_of
from tests.sizes import size
from tests.standin import StandIn
from tests.test_faults import Books, BotProcess, Players

KILLS = size(3, 8)
SEED = 20261124


class PgBooks(Books):
    """One server's books as PostgreSQL holds them."""

    def __init__(self, url: str, guild_id: int) -> None:
        super().__init__(Path("."))
        self.url, self.guild_id = url, guild_id

    async def read(self) -> dict[str, int]:
        import asyncpg

        db = await asyncpg.connect(self.url)
        try:
            rows = [tuple(r) for r in await db.fetch(
                "SELECT id, guild_id, table_id, hand, source, target, amount, reason FROM ledger"
                " WHERE guild_id = $1 ORDER BY id", self.guild_id)]
            balances = {r[0]: r[1] for r in await db.fetch(
                "SELECT account, balance FROM accounts WHERE guild_id = $1", self.guild_id)}
            tables = [tuple(r) for r in await db.fetch(
                "SELECT id, seats, state FROM game_tables WHERE game = 'tomate'"
                " AND state IS NOT NULL AND guild_id = $1", self.guild_id)]
        finally:
            await db.close()
        return self.check(rows, balances, tables)

    async def hands(self) -> int:
        import asyncpg

        from tapete.rules import tomate

        db = await asyncpg.connect(self.url)
        try:
            states = [r[0] for r in await db.fetch(
                "SELECT state FROM game_tables WHERE state IS NOT NULL AND guild_id = $1",
                self.guild_id)]
        finally:
            await db.close()
        return sum(tomate.State.from_json(s).hands_played for s in states)


def place_in_shard(standin: StandIn, shard: int, offset: int) -> None:
    """Give the stand-in's server an id on ``shard`` of 2, and ids of its own to its channel
    (both stand-ins count ids from the same number)."""
    guild = standin.guild_id + offset
    while shard_of(guild, 2) != shard:
        guild += 1 << 22
    standin.guild_id = guild
    standin.channel_id += offset


async def test_two_shard_processes_one_killed_while_the_other_plays(
    tmp_path: Path, postgres_url: str
) -> None:
    rng = random.Random(SEED)
    standins = [StandIn(), StandIn()]
    for shard, standin in enumerate(standins):
        place_in_shard(standin, shard, offset=shard * 1000)
        await standin.start()
    env: dict[str, Any] = {"DATABASE_URL": postgres_url, "SHARD_COUNT": "2",
                           "DATABASE_POOL_SIZE": "3"}
    a, b = (BotProcess(standin, tmp_path / f"shard{shard}", SHARD_IDS=str(shard), **env)
            for shard, standin in enumerate(standins))
    players_a, players_b = Players(standins[0], random.Random(1)), \
        Players(standins[1], random.Random(2))
    books_a = PgBooks(postgres_url, standins[0].guild_id)
    books_b = PgBooks(postgres_url, standins[1].guild_id)
    try:
        await asyncio.gather(a.start(), b.start())
        await asyncio.gather(players_a.open_table(), players_b.open_table())
        for _kill in range(KILLS):
            async def some_moves(players: Players, n: int) -> None:
                for _ in range(n):
                    assert await players.move() is not None, "nobody can move: table stuck"

            await asyncio.gather(some_moves(players_a, rng.randint(3, 12)),
                                 some_moves(players_b, rng.randint(3, 12)))
            # B dies before, during or after a move; A's players play on meanwhile
            pending = asyncio.create_task(players_b.move(timeout=3.0))
            await asyncio.sleep(rng.uniform(0, 0.03))
            b.kill()
            await b.wait_dead()
            with contextlib.suppress(TimeoutError, AssertionError):
                await pending
            await some_moves(players_a, rng.randint(2, 6))
            await books_a.read()
            await books_b.read()
            await b.start()
            # B's table came back: its table message answers with the player's hand
            assert "Tu mano" in (await players_b.hand(players_b.users[0])).text()
            assert "Restored 1 tables (shards [1] of 2)" in b.log_tail()
        await asyncio.gather(some_moves(players_a, 3), some_moves(players_b, 3))
        for process in (a, b):
            process.kill()
            await process.wait_dead()
        await books_a.read()
        await books_b.read()
        assert await books_a.hands() >= 1 and await books_b.hands() >= 1
        assert a.starts == 1, "A was never restarted"
        assert "Restored 0 tables (shards [0] of 2)" in (a.folder / "bot-1.log").read_text()
    finally:
        await a.stop()
        await b.stop()
        for standin in standins:
            await standin.stop()
    for standin in standins:
        assert standin.problems == [], standin.problems
