"""The real bot process, played by three users through a stand-in for Discord's API, killed
with SIGKILL at random moments (6 times, 20 with ``--long``) and started again.

After every kill the books are read straight from the SQLite file: the pot invariant holds,
the ledger replays to the balances, every row seen before is still there unchanged, and each
table's rows add up to what its saved game says each seat has won or lost (a duplicated or
lost row would break that). After every restart the buttons of the table message posted
before the kill and of a private hand message from before the kill still answer.

The stand-in refuses what Discord refuses (over 5 message writes in 5 s in a channel, payloads
over the limits, an interaction answered twice) and the test fails on any such refusal.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tapete.bot.bank import CPU_ACCOUNT
from tapete.cogs.tomate import PLATO, RESERVA
from tapete.rules import tomate
from tests.sizes import size
from tests.standin import Message, StandIn

ROOT = Path(__file__).resolve().parent.parent
KILLS = int(os.environ.get("TAPETE_FAULT_KILLS", size(6, 20)))
MOVES_BETWEEN_KILLS = (4, 30)
SEED = 20261122
HAND_CONTROLS = ("tapete:act:", "tapete:choose:", "tapete:subset:")


class BotProcess:
    """``python -m tests.standin_bot`` with its own database, started and killed at will."""

    def __init__(self, standin: StandIn, folder: Path, **env: str) -> None:
        """``env``: more settings (a PostgreSQL database, shards)."""
        self.standin, self.folder = standin, folder
        self.env = env
        folder.mkdir(parents=True, exist_ok=True)
        self.database = folder / "tapete.sqlite3"
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self) -> None:
        self.starts += 1
        env = {**os.environ, "STANDIN_URL": self.standin.url, "DISCORD_TOKEN": "standin.token",
               "DATABASE_PATH": str(self.database), "TURN_TIMEOUT": "600", "CPU_DELAY": "0",
               "PACE_EDITS": "true", "LOG_LEVEL": "INFO", "DEV_GUILD_ID": "", **self.env}
        log = (self.folder / f"bot-{self.starts}.log").open("wb")
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.standin_bot", cwd=ROOT, env=env,
            stdout=log, stderr=log)
        log.close()
        ready = asyncio.create_task(self.standin.identified.wait())
        died = asyncio.create_task(self.process.wait())
        done, _ = await asyncio.wait({ready, died}, timeout=60,
                                     return_when=asyncio.FIRST_COMPLETED)
        ready.cancel()
        died.cancel()
        if ready not in done:
            raise AssertionError(f"the bot did not connect: {self.log_tail()}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.standin.disconnected()

    async def wait_dead(self) -> None:
        assert self.process is not None
        await self.process.wait()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
            await self.process.wait()

    def log_tail(self) -> str:
        logs = sorted(self.folder.glob("bot-*.log"))
        return logs[-1].read_text(errors="replace")[-3000:] if logs else ""


class Books:
    """The Tomate books as the SQLite file holds them, read with the bot dead."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows: list[tuple[Any, ...]] = []

    def audit(self) -> dict[str, int]:
        with contextlib.closing(sqlite3.connect(self.path)) as db:
            rows = db.execute("SELECT id, guild_id, table_id, hand, source, target, amount, "
                              "reason FROM ledger ORDER BY id").fetchall()
            balances = dict(db.execute("SELECT account, balance FROM accounts").fetchall())
            tables = db.execute("SELECT id, seats, state FROM game_tables "
                                "WHERE game = 'tomate' AND state IS NOT NULL").fetchall()
        return self.check(rows, balances, tables)

    def check(self, rows: list[tuple[Any, ...]], balances: dict[str, int],
              tables: list[tuple[Any, ...]]) -> dict[str, int]:
        """One server's books: its ledger rows, its balances, its Tomate tables."""
        # no row seen before has gone or changed
        assert rows[:len(self.rows)] == self.rows, "a ledger row was lost or changed"
        self.rows = rows
        replayed: dict[str, int] = {}
        per_table: dict[int, dict[str, int]] = {}
        for _id, _guild, table_id, _hand, source, target, amount, _reason in rows:
            assert isinstance(amount, int) and amount > 0
            for account, delta in ((source, -amount), (target, amount)):
                replayed[account] = replayed.get(account, 0) + delta
                per = per_table.setdefault(table_id, {})
                per[account] = per.get(account, 0) + delta
        assert {a: b for a, b in replayed.items() if b} == {a: b for a, b in balances.items()
                                                          if b}, "the ledger does not replay"
        assert sum(balances.values()) == 0, "tantos appeared or vanished"
        assert balances.get(PLATO, 0) >= 0 and balances.get(RESERVA, 0) >= 0
        for table_id, seats, state in tables:
            game = tomate.State.from_json(state)
            nets: dict[str, int] = {}
            for seat, net in zip(json.loads(seats), game.nets, strict=True):
                account = f"user:{seat['user_id']}" if seat["user_id"] else CPU_ACCOUNT
                nets[account] = nets.get(account, 0) + net
            moved = {a: n for a, n in per_table.get(table_id, {}).items()
                     if a not in (PLATO, RESERVA) and n}
            assert moved == {a: n for a, n in nets.items() if n}, (
                f"table {table_id}: its ledger rows and its saved game disagree")
        return balances

    def hands_played(self) -> int:
        with contextlib.closing(sqlite3.connect(self.path)) as db:
            states = [s for (s,) in db.execute(
                "SELECT state FROM game_tables WHERE state IS NOT NULL")]
        return sum(tomate.State.from_json(s).hands_played for s in states)


@dataclass(frozen=True)
class Pressed:
    """A control a user pressed in their private hand message."""

    user: int
    hand: Message
    custom_id: str
    values: list[str] | None


class Players:
    """Three users who open their hands and press the buttons there."""

    def __init__(self, standin: StandIn, rng: random.Random) -> None:
        self.standin, self.rng = standin, rng
        self.users = [standin.add_user(n) for n in ("Ana", "Bea", "Carlos")]
        self.table: Message | None = None
        self.table_id = 0

    async def open_table(self) -> None:
        host, *others = self.users
        created = await self.standin.slash(host, "tomate", "nueva")
        assert created.original is not None
        self.table = self.standin.messages[created.original]
        join = self.control(self.table, "tapete:lobby:join:")
        self.table_id = int(join["custom_id"].rsplit(":", 1)[1])
        for user in others:
            await self.standin.click(user, self.table, join["custom_id"])
        start = self.control(self.table, "tapete:lobby:start:")
        await self.standin.click(host, self.table, start["custom_id"])

    @staticmethod
    def control(message: Message, prefix: str) -> dict[str, Any]:
        found = [c for c in message.controls() if c.get("custom_id", "").startswith(prefix)]
        assert found, f"no {prefix} control in {message.text()!r}"
        return found[0]

    async def hand(self, user: int) -> Message:
        """Press "Ver mi mano" on the table message: the user's hand, privately."""
        assert self.table is not None
        button = self.control(self.table, "tapete:table:hand:")
        answer = await self.standin.click(user, self.table, button["custom_id"])
        assert answer.original is not None
        message = self.standin.messages[answer.original]
        assert message.ephemeral and message.viewer == user, "a hand was shown in public"
        if answer.response_type == 5:  # deferred (a slow start): the hand follows in an edit
            for _ in range(200):
                if message.text():
                    break
                await asyncio.sleep(0.05)
        return message

    async def move(self, *, timeout: float = 10.0, keep: bool = False) -> Pressed | None:
        """The player whose turn it is presses one of their enabled controls at random;
        None when nobody had anything to press.

        With ``keep`` the player opens their hand a second time and plays there, so the
        first private message keeps its buttons, as when a player has opened it twice."""
        for user in self.rng.sample(self.users, len(self.users)):
            hand = await self.hand(user)
            controls = [c for c in hand.controls() if not c.get("disabled")
                        and c.get("custom_id", "").startswith(HAND_CONTROLS)]
            if not controls:
                continue
            control = self.rng.choice(controls)
            values = None
            if control["type"] == 3:
                options = [o["value"] for o in control["options"]]
                low = control.get("min_values", 1)
                high = min(control.get("max_values", 1), len(options))
                values = self.rng.sample(options, self.rng.randint(low, high))
            kept = Pressed(user, hand, control["custom_id"], values)
            if keep:
                hand = await self.hand(user)
                control = next(c for c in hand.controls() if c["custom_id"].split(":")[-1]
                               == kept.custom_id.split(":")[-1])
            await self.standin.click(user, hand, control["custom_id"], values, timeout=timeout)
            return kept
        return None


@pytest.fixture
async def standin() -> Any:
    server = StandIn()
    await server.start()
    yield server
    await server.stop()


async def test_tomate_survives_sigkill_at_random_moments(standin: StandIn,
                                                         tmp_path: Path) -> None:
    rng = random.Random(SEED)
    bot = BotProcess(standin, tmp_path)
    books = Books(bot.database)
    players = Players(standin, rng)
    try:
        await bot.start()
        await players.open_table()
        pressed: Pressed | None = None
        for _kill in range(KILLS):
            moves = rng.randint(*MOVES_BETWEEN_KILLS)
            for move in range(moves):
                pressed = await players.move(keep=move == moves - 1)
                assert pressed is not None, "nobody can move: the table is stuck"
            # the kill lands before, during or after the next move's transaction
            pending = asyncio.create_task(players.move(timeout=3.0))
            await asyncio.sleep(rng.uniform(0, 0.03))
            bot.kill()
            await bot.wait_dead()
            with contextlib.suppress(TimeoutError, AssertionError):
                await pending
            books.audit()
            await bot.start()
            # the table message posted before the kill still answers, and so does a button of
            # a private hand message from before it (drawn for an earlier turn: it plays
            # nothing and the hand is redrawn as it is now)
            assert "Tu mano" in (await players.hand(players.users[0])).text()
            assert pressed is not None
            answer = await standin.click(pressed.user, pressed.hand, pressed.custom_id,
                                         pressed.values)
            assert answer.response_type == 7 and "Tu mano" in pressed.hand.text()
            assert "jugada anterior" in pressed.hand.text()
        bot.kill()
        await bot.wait_dead()
        books.audit()
        assert books.hands_played() >= KILLS // 2, "the session should have gone through many hands"
    finally:
        await bot.stop()
    assert standin.problems == [], standin.problems
