"""The bot's process from start to stop, run for real: ``python -m bot``'s ``main`` against the
stand-in for Discord (``tests/standin.py``), and the difícil CPU workers it starts.

* SIGTERM closes the bot as Ctrl-C does: exit 0, the database closed (its WAL folded back into
  the file), the CPU workers gone, the lock on the SQLite file released; the log has the health
  line written once the bot was ready.
* However the bot dies (``kill -9`` included) its CPU workers exit by themselves.
* While a bot runs on a SQLite file, a second bot and ``migrate-to-postgres`` on that file are
  refused with one line; after a ``kill -9`` the file is free again at once.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tapete.bot.app import PERMISSIONS
from tapete.bot.lockfile import DatabaseInUse, DatabaseLock
from tests.standin import Message, StandIn
from tests.test_faults import BotProcess

ROOT = Path(__file__).resolve().parent.parent
HAND_CONTROLS = ("tapete:act:", "tapete:choose:", "tapete:subset:")

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process tree from /proc (Linux)")


def children(pid: int) -> set[int]:
    """The live (not zombie) processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rpartition(")")[2].split()[:2]
        if int(ppid) == pid and state != "Z":
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting for a parent to reap it does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def end(pids: set[int]) -> None:
    """Kill what a failed test left running."""
    for pid in pids:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


def gone_within(pids: set[int], seconds: float) -> set[int]:
    """Those of ``pids`` still alive after waiting up to ``seconds`` for them to end."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(alive(p) for p in pids):
            return set()
        time.sleep(0.05)
    return {p for p in pids if alive(p)}


POOL_OWNER = """
import sys, time
from tapete.bot.cpu import CpuPlayers

if __name__ == "__main__":
    pool = CpuPlayers(workers=2).pool()
    for future in [pool.submit(time.sleep, 0.5) for _ in range(2)]:  # both workers start
        future.result()
    print("ready", flush=True)
    time.sleep(120)
"""


def test_cpu_workers_exit_when_the_bot_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "owner.py"
    script.write_text(POOL_OWNER, encoding="utf-8")
    owner = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, stdout=subprocess.PIPE,
                             text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert owner.stdout is not None and owner.stdout.readline().strip() == "ready"
        workers = children(owner.pid)
        assert len(workers) >= 2  # the two workers (and multiprocessing's resource tracker)
        owner.send_signal(signal.SIGKILL)
        owner.wait()
        assert gone_within(workers, 10) == set(), "CPU workers outlived the killed bot"
    finally:
        owner.kill()
        owner.wait()
        end(children(owner.pid))


@pytest.fixture
async def standin() -> Any:
    server = StandIn()
    await server.start()
    yield server
    await server.stop()


def control(message: Message, prefix: str) -> dict[str, Any]:
    found = [c for c in message.controls() if c.get("custom_id", "").startswith(prefix)]
    assert found, f"no {prefix} control in {message.text()!r}"
    return found[0]


async def table_against_dificil(standin: StandIn, bot: BotProcess) -> None:
    """A Tute habanero table: one user against a difícil CPU, played until the CPU has
    searched (its worker processes run)."""
    ana = standin.add_user("Ana")
    created = await standin.slash(ana, "tute", "nueva", modalidad="habanero")
    assert created.original is not None
    table = standin.messages[created.original]
    await standin.click(ana, table, control(table, "tapete:lobby:cpu_dificil:")["custom_id"])
    await standin.click(ana, table, control(table, "tapete:lobby:start:")["custom_id"])
    assert bot.process is not None
    for _ in range(40):
        if children(bot.process.pid):
            return
        hand = await standin.click(ana, table, control(table, "tapete:table:hand:")["custom_id"])
        assert hand.original is not None
        shown = standin.messages[hand.original]
        playable = [c for c in shown.controls()
                    if not c.get("disabled") and c.get("custom_id", "").startswith(HAND_CONTROLS)]
        if playable and playable[0]["type"] == 2:
            await standin.click(ana, shown, playable[0]["custom_id"])
        await asyncio.sleep(0.3)  # the CPU's turn
    raise AssertionError("the difícil CPU never searched")


async def health_lines(bot: BotProcess) -> list[str]:
    """The health line(s) of the bot's log, once there is one (discord.py says the bot is
    ready a moment after connecting)."""
    for _ in range(300):
        lines = [line for line in bot.log_tail().splitlines()
                 if " ready: " in line and "Tapete " in line]
        if lines:
            return lines
        await asyncio.sleep(0.05)
    raise AssertionError(f"no health line: {bot.log_tail()}")


async def test_sigterm_closes_the_bot_cleanly(standin: StandIn, tmp_path: Path) -> None:
    bot = BotProcess(standin, tmp_path, CPU_THINK_MS="50")
    workers: set[int] = set()
    try:
        await bot.start()
        health = await health_lines(bot)
        await table_against_dificil(standin, bot)
        assert bot.process is not None
        workers = children(bot.process.pid)
        bot.process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(bot.process.wait(), 30)
        log = bot.log_tail()
        assert code == 0, log
        assert "Traceback" not in log, log
        assert gone_within(workers, 10) == set(), "CPU workers outlived the bot"
        assert not Path(f"{bot.database}-wal").exists(), "the database was not closed"
        assert len(health) == 1, log
        assert "database sqlite" in health[0] and "tute" in health[0]
        assert "0 tables restored" in health[0] and "CPU workers" in health[0]
        invite = next(line for line in log.splitlines() if "Invite link: " in line)
        assert "scope=bot+applications.commands" in invite
        assert f"permissions={PERMISSIONS.value}" in invite
        with DatabaseLock(bot.database):  # released: nothing holds the file any more
            pass
    finally:
        await bot.stop()
        end(workers)
    assert standin.problems == [], standin.problems


def run_module(module: str, database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "SHARD_"))}
    env.update(DISCORD_TOKEN="fake", DATABASE_PATH=str(database), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", module, *args], cwd=database.parent, env=env,
                          text=True, capture_output=True, timeout=60, check=False)


async def test_a_second_bot_or_a_copy_is_refused_while_the_bot_runs(
    standin: StandIn, tmp_path: Path
) -> None:
    bot = BotProcess(standin, tmp_path)
    try:
        await bot.start()
        assert bot.process is not None
        second = await asyncio.to_thread(run_module, "tapete", bot.database)
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Another Tapete bot is already using"), lines
        assert f"process {bot.process.pid}" in lines[0]
        copy = await asyncio.to_thread(run_module, "tapete.bot.migrate", bot.database,
                                       "--to", "postgresql://nobody@127.0.0.1:9/none")
        assert copy.returncode == 1
        assert copy.stderr.strip().splitlines() == [
            f"Not migrated: the bot is using {bot.database} (process {bot.process.pid});"
            " stop it and try again"]
        bot.kill()
        await bot.wait_dead()
        with DatabaseLock(bot.database):  # a kill -9 leaves no stale lock
            pass
    finally:
        await bot.stop()


def test_the_lock_refuses_a_second_holder(tmp_path: Path) -> None:
    database = tmp_path / "t.sqlite3"
    with DatabaseLock(database), pytest.raises(DatabaseInUse) as refused:
        DatabaseLock(database).acquire()
    assert refused.value.pid == os.getpid()
    with DatabaseLock(database):
        pass
