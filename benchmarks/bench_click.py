"""The card click end to end, side by side with a bot that only acknowledges.

Run from the repository root::

    python3 run.py bench bench_click [--clicks N] [--batch B] [--profile FILE]

Three bots, each in its own process, each driven through simcord's in-process Discord (the
same loopback: discord.py's real gateway parsing, view dispatch and HTTP client, simcord's
routes behind it), take turns click by click, in an order that rotates every round, so that
whatever else the machine is doing falls on the three alike:

* **tapete**: the real bot (``bot.app.TapeteBot``, every cog, a real SQLite file in a temp
  dir). Two players at a Tute habanero table; the player to act opens "Ver mi mano" (not
  timed) and clicks one enabled card button of the ephemeral hand (timed): interaction in,
  table lock, rules, snapshot committed, the hand redrawn and the reply out.
* **text**: the same bot in a server whose tables show no pictures (``/tapete ajustes
  dibujos:False``): what the pictures add to a click.
* **ack**: a minimal discord.py bot whose button (a ``DynamicItem``, as ours are) only
  answers ``interaction.response.defer()``: the floor any bot pays on this loopback.
* **reply**: the same minimal bot answering with an ``edit_message`` as big as our reply:
  an embed with the hand's title and text and one button per button of the hand, with the
  same labels, card-face emojis and custom ids as long, built afresh at every click
  (constant texts, no game, no database). The floor for a bot that must send what we send.

What is fair between them: every round, the minimal bot first shows (untimed, like "Ver mi
mano") an ephemeral hand of exactly the shape tapete's player is about to click, and clicks
that: discord.py parses an equal payload coming in, and dispatches it the same way (a custom
id matched against the bot's ``DynamicItem`` templates; ours has more of them, and that is
ours to pay). The ``reply`` bot answers with the hand it was clicked on, one button more than
ours (we remove the card played): if anything, its floor is a little high.

**What is timed.** From the moment simcord hands the interaction to discord.py (just before
the gateway event is parsed) to the moment the interaction's answer reaches simcord's HTTP
route (``POST /interactions/{id}/{token}/callback``): the time a player waits, minus the
network. Work the bot does after answering (the public table message's refresh) is not in
it; ``settled`` reports the whole click until simcord saw the bot idle again, and
``edits before reply`` counts public-message edits that went out before the answer (they
should be none: the refresh must not hold the reply up). simcord's own bookkeeping is kept
out of the timed window (see :class:`Stopwatch`).

``--profile FILE`` writes a cProfile of the tapete process's timed clicks, from the
interaction going in to the answer going out (a profile slows the click down: its figures
are for finding where the time goes, not for the ratios).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import logging
import multiprocessing as mp
import random
import re
import statistics
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402
import simcord.interactions  # noqa: E402
from discord.ext import commands  # noqa: E402
from simcord.http import router  # noqa: E402

from benchmarks.stats import percentile  # noqa: E402
from tapete.bot.__main__ import QUIET  # noqa: E402
from tests.driver import payload_with_locale  # noqa: E402

BOTS = ("tapete", "text", "ack", "reply")
TAPETE = ("tapete", "text")  # the real bot, with the table pictures and without
CALLBACK = re.compile(r"^/interactions/\d+/[^/]+/callback$")
EDIT = re.compile(r"^/channels/\d+/messages/\d+$")


# ----------------------------------------------------------------------------- the stopwatch


class Stopwatch:
    """Times interactions on simcord's loopback: in when simcord dispatches the gateway event,
    out when the bot's answer reaches the callback route. Counts public edits in between.

    simcord's click emits the interaction and then runs its settle loop until the bot is idle;
    each time the bot waits on something mid-interaction (the database thread) that loop takes
    a turn and scans every task and timer of the bot (and discord.py keeps a 15-minute timeout
    task for every ephemeral message with buttons). That is the test harness measuring itself,
    growing with the clicks already made, and it does not exist in production. So the settle
    loop is held back until the bot has answered: until then the event loop runs the bot's
    work only, as it would in production. The same for the three bots.
    """

    def __init__(self, env: Any, profiler: cProfile.Profile | None = None) -> None:
        self.profiler = profiler
        self.armed = False  # profile the next interaction (the timed click) only
        self.t_in = self.t_out = 0.0
        self.cpu_in = self.cpu_out = 0.0
        self.edits_before = 0
        self._answer: asyncio.Future[None] | None = None
        env._register_dispatch_observer(self._dispatched)
        original = router.dispatch

        def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            answer = self._answer
            if answer is not None and not answer.done():
                if method == "POST" and CALLBACK.match(path):
                    self.t_out = time.perf_counter()
                    self.cpu_out = time.thread_time()
                    if self.profiler and self.armed:
                        self.profiler.disable()
                        self.armed = False
                    answer.set_result(None)
                elif method == "PATCH" and EDIT.match(path):
                    self.edits_before += 1
            return original(backend, method, path, **kwargs)

        router.dispatch = dispatch
        settle = env._settle_internal

        async def settle_after_answer(*args: Any, **kwargs: Any) -> None:
            answer = self._answer
            if answer is not None and not answer.done():
                with contextlib.suppress(TimeoutError):  # never answered: settle says why
                    await asyncio.wait_for(asyncio.shield(answer), ANSWER_WAIT)
            await settle(*args, **kwargs)

        env._settle_internal = settle_after_answer

    def _dispatched(self, record: Any) -> None:
        self.edits_before = 0
        self._answer = asyncio.get_running_loop().create_future()
        if self.profiler and self.armed:
            self.profiler.enable()
        self.cpu_in = time.thread_time()
        self.t_in = time.perf_counter()

    @property
    def reply(self) -> float:
        assert self._answer is not None and self._answer.done(), "never answered"
        return self.t_out - self.t_in

    @property
    def cpu(self) -> float:
        """The CPU time the event loop's thread spent in the same window."""
        return self.cpu_out - self.cpu_in


ANSWER_WAIT = 10.0  # seconds a bot has to answer before the harness stops waiting


def forget_logs(env: Any) -> None:
    """Empty simcord's logs of every HTTP request (deep copies) and gateway event, kept for
    tests' assertions: they grow with every click, and the garbage collections their growth
    triggers would fall on whichever bot sends more. The same for the three bots."""
    env.backend.http_requests.clear()
    env.backend.transcript.clear()


# ----------------------------------------------------------------------------- the real bot


def enabled(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [c for row in components for c in row.get("components", [])
            if not c.get("disabled") and c.get("custom_id")]


class TapeteDriver:
    """Two players at Tute tables of the real bot; each timed click plays one card."""

    def __init__(self, seed: int, *, pictures: bool = True) -> None:
        from tapete.bot.app import TapeteBot
        from tapete.bot.settings import Settings

        self.rng = random.Random(seed)
        self.tmp = tempfile.TemporaryDirectory(prefix="tapete-bench-")
        settings = Settings(  # type: ignore[call-arg]
            discord_token=None, database_path=Path(self.tmp.name) / "tapete.sqlite3",
            cpu_delay=10.0, turn_timeout=120.0, pace_edits=False, _env_file=None,
        )
        self.bot = TapeteBot(settings, seed=seed)
        self.pictures = pictures
        self.tables = 0
        self.table: Any = None
        self.shape: dict[str, Any] = {}

    async def setup(self, env: Any) -> None:
        self.env = env
        guild = env.create_guild(preferred_locale="es-ES")  # labels in Spanish
        self.guild = guild
        if not self.pictures:  # as after /tapete ajustes dibujos:False
            await self.bot.servers.update(guild.id, pictures=False)
        self.players = [guild.add_member(env.create_user(n)) for n in ("ana", "luis")]
        self.members = {m.id: m for m in self.players}

    async def new_table(self) -> None:
        ana, luis = self.players
        self.tables += 1
        channel = self.guild.create_text_channel(f"mesa-{self.tables}")
        await ana.slash(channel, "tute nueva", modalidad="habanero")
        await luis.click(channel.last_message, label="Unirse")
        await ana.click(channel.last_message, label="Empezar")
        self.channel = channel
        self.table = self.bot.tables.in_channel(channel.id)
        assert self.table is not None and self.table.status == "playing"

    async def prepare(self, shape: Any = None) -> tuple[Any, Callable[[], None], Any]:
        """Open the hand of the player to act (untimed): the click to time, its check, and
        the hand's shape for the minimal bot to copy."""
        while True:
            if self.table is None or self.table.state.is_over:
                await self.new_table()
            table = self.table
            member = self.members[table.seats[table.state.to_act].user_id]
            message = next(m for m in self.channel.history() if m.id == table.message_id)
            shown = await member.click(message, label="Ver mi mano")
            assert shown.ephemeral, "the hand must be ephemeral"
            response = shown.response
            choices = enabled(response.components)
            cards = [c for c in choices
                     if c["custom_id"].split(":", 4)[-1].startswith("play ")]
            if cards:
                break
            passing = next(c for c in choices if c["custom_id"].endswith(":pass"))
            await member.click(response.message, custom_id=passing["custom_id"])
        card = self.rng.choice(cards)
        before = table.state.to_json()

        def check() -> None:
            assert table.state.to_json() != before, f"the click did not play: {card}"

        click = lambda: member.click(response.message, custom_id=card["custom_id"])  # noqa: E731
        return click, check, hand_shape(response)

    async def finish(self) -> None:
        """The snapshot on disk is the state in memory."""
        table = self.table
        if table is None:
            return
        record = await self.bot.storage.tables.get(table.id)
        assert record is not None and record.state == table.state.to_json(), \
            "SQLite snapshot differs from the in-memory state"


def hand_shape(response: Any) -> dict[str, Any]:
    """What the minimal bot's same-size reply copies: the hand's title, text and buttons."""
    embed = response.embeds[0]
    buttons = [c for row in response.components for c in row.get("components", [])]
    return {
        "title": embed.title or "", "description": embed.description or "",
        "buttons": [(b.get("label", ""), len(b.get("custom_id", "")), b.get("emoji"))
                    for b in buttons],
    }


# ----------------------------------------------------------------------------- the minimal bot


SHAPE: dict[str, Any] = {}  # set in the minimal bot's process from tapete's first hand


class MiniButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mini:(?P<op>ack|reply):(?P<n>\d+):(?P<pad>x*)",
):
    """A persistent button of the minimal bot: ``ack`` defers, ``reply`` redraws a same-size
    hand."""

    def __init__(self, op: str, n: int, label: str = "", size: int = 0,
                 emoji: dict[str, Any] | None = None) -> None:
        self.op = op
        custom_id = f"mini:{op}:{n}:"
        custom_id += "x" * max(0, size - len(custom_id))
        face = discord.PartialEmoji(name=emoji["name"], id=emoji.get("id")) if emoji else None
        super().__init__(discord.ui.Button(label=label or str(n), custom_id=custom_id,
                                           style=discord.ButtonStyle.primary, emoji=face))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> MiniButton:
        return cls(match["op"], int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.op == "ack":
            await interaction.response.defer()
        else:
            embed, view = mini_hand("reply")
            await interaction.response.edit_message(embed=embed, view=view)


def mini_hand(op: str) -> tuple[discord.Embed, discord.ui.View]:
    embed = discord.Embed(title=SHAPE["title"], description=SHAPE["description"],
                          colour=discord.Colour.blurple())
    view = discord.ui.View(timeout=None)
    for n, (label, size, emoji) in enumerate(SHAPE["buttons"]):
        view.add_item(MiniButton(op, n, label, size, emoji))
    return embed, view


class MiniBot(commands.Bot):
    def __init__(self, op: str) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), help_command=None)
        self.op = op

    async def setup_hook(self) -> None:
        self.add_dynamic_items(MiniButton)

        @self.tree.command(name="mano")
        async def mano(interaction: discord.Interaction[Any]) -> None:
            embed, view = mini_hand(self.op)
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

        await self.tree.sync()


class MiniDriver:
    def __init__(self, op: str) -> None:
        self.op = op
        self.bot = MiniBot(op)

    async def setup(self, env: Any) -> None:
        guild = env.create_guild(preferred_locale="es-ES")
        self.channel = guild.create_text_channel("mesa")
        self.member = guild.add_member(env.create_user("ana"))

    async def prepare(self, shape: Any) -> tuple[Any, Callable[[], None], Any]:
        """Show a hand of the shape tapete's player is about to click (untimed)."""
        SHAPE.clear()
        SHAPE.update(shape)
        shown = await self.member.slash(self.channel, "mano")
        assert shown.ephemeral
        message = shown.response.message
        custom_id = shown.response.components[0]["components"][0]["custom_id"]
        return lambda: self.member.click(message, custom_id=custom_id), lambda: None, None

    async def finish(self) -> None:
        return None


# ----------------------------------------------------------------------------- a bot's process


def worker(name: str, conn: Connection, batch: int, seed: int, profile: str | None) -> None:
    """One bot's process: waits (blocking, between clicks only) for its turn, clicks once."""
    # Interactions as a Spanish-speaking server sends them (simcord says en-US always), the
    # same helper the tests use.
    simcord.interactions.base_payload = payload_with_locale
    # Logging as the bot runs it (python -m tapete: INFO and up), into a file.
    with tempfile.NamedTemporaryFile("w", prefix=f"bench-{name}-", suffix=".log") as log_file:
        logging.basicConfig(level=logging.INFO, stream=log_file,
                            format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        for quiet in QUIET:
            logging.getLogger(quiet).setLevel(logging.INFO)
        try:
            asyncio.run(serve(name, conn, batch, seed, profile))
        except BaseException:
            conn.send(Failed(traceback.format_exc()))
            raise


class Failed(str):
    """What a bot's process sends instead of an answer when it failed."""


def ask(conn: Connection, message: Any) -> Any:
    conn.send(message)
    answer = conn.recv()
    if isinstance(answer, Failed):
        sys.exit(f"a bot's process failed:\n{answer}")
    return answer


async def serve(name: str, conn: Connection, batch: int, seed: int, profile: str | None) -> None:
    """Per click: ``prepare`` (with the shape to copy) opens a hand, untimed, and answers
    the hand's shape; ``click`` times one click. The loop blocks on the pipe between the two,
    when nothing of the bot's is due (its timers are virtual)."""
    profiler = cProfile.Profile() if profile else None
    env_number = 0
    while True:
        env_number += 1
        driver: Any = (TapeteDriver(seed + env_number, pictures=name == "tapete")
                       if name in TAPETE else MiniDriver(name))
        stopped = False
        async with simcord.run(driver.bot) as env:
            watch = Stopwatch(env, profiler)
            await driver.setup(env)
            for _ in range(batch):
                command, shape = conn.recv()
                if command == "stop":
                    stopped = True
                    break
                click, check, shape = await driver.prepare(shape)
                conn.send(shape)
                conn.recv()  # the turn to click
                forget_logs(env)
                watch.armed = True
                t0 = time.perf_counter()
                await click()
                settled = time.perf_counter() - t0
                check()
                conn.send((watch.reply, settled, watch.edits_before, watch.cpu))
            await driver.finish()
        await driver.bot.close()
        if name in TAPETE:
            driver.tmp.cleanup()
        if stopped:
            break
    if profiler and profile:
        profiler.dump_stats(profile)


# ----------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=1000, help="timed clicks per bot (1000)")
    parser.add_argument("--batch", type=int, default=50,
                        help="clicks per simulated-Discord environment (50): simcord re-scans "
                             "every timer a bot ever set, so environments are renewed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", help="write a cProfile of the tapete clicks here")
    args = parser.parse_args()

    ctx = mp.get_context("spawn")
    pipes: dict[str, Connection] = {}
    procs: list[SpawnProcess] = []
    for name in BOTS:
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=worker, args=(name, theirs, args.batch, args.seed,
                                                args.profile if name == "tapete" else None))
        proc.start()
        pipes[name], procs = mine, [*procs, proc]
    # per click: (reply, settled, edits before the answer, cpu), as serve() sends them
    results: dict[str, list[tuple[float, float, int, float]]] = {name: [] for name in BOTS}
    order = list(BOTS)
    t0 = time.perf_counter()
    shape: dict[str, Any] = {}
    sizes: list[int] = []
    for i in range(args.clicks):
        shape = ask(pipes["tapete"], ("prepare", None))
        sizes.append(len(shape["buttons"]))
        for name in BOTS[1:]:
            ask(pipes[name], ("prepare", shape))
        order = order[1:] + order[:1]  # who goes first rotates
        for name in order:
            results[name].append(ask(pipes[name], ("click", None)))
        if (i + 1) % 100 == 0:
            print(f"  {i + 1} rounds", file=sys.stderr, flush=True)
    for name in BOTS:
        pipes[name].send(("stop", None))
    for proc in procs:
        proc.join()
    wall = time.perf_counter() - t0

    print(f"Python {sys.version.split()[0]}, discord.py {discord.__version__}, "
          f"simcord {simcord.__version__}; {args.clicks} clicks per bot, interleaved; "
          f"wall {wall:.1f} s")
    print(f"hands clicked: {statistics.mean(sizes):.1f} buttons on average "
          f"(the minimal bot's copy the hand tapete's player clicks, round by round)")
    print(f"{'bot':<8}{'reply p50':>11}{'p90':>9}{'p99':>9}{'max':>9}{'cpu p50':>10}{'p99':>9}"
          f"{'settled p50':>13}{'p99':>9}{'edits before':>14}")
    stats: dict[str, tuple[float, float]] = {}
    for name in BOTS:
        reply = [r[0] * 1000 for r in results[name]]
        settled = [r[1] * 1000 for r in results[name]]
        cpu = [r[3] * 1000 for r in results[name]]
        edits = sum(r[2] for r in results[name])
        stats[name] = (percentile(reply, 50), percentile(reply, 99))
        print(f"{name:<8}{percentile(reply, 50):>11.3f}{percentile(reply, 90):>9.3f}"
              f"{percentile(reply, 99):>9.3f}{max(reply):>9.3f}"
              f"{percentile(cpu, 50):>10.3f}{percentile(cpu, 99):>9.3f}"
              f"{percentile(settled, 50):>13.3f}{percentile(settled, 99):>9.3f}{edits:>14}")
    print("(ms; reply = interaction in -> answer out, wall clock; cpu = the loop thread's CPU "
          "time in that window; settled = the whole click until the bot is idle, the public "
          "refresh included; edits before = public edits sent before the answer)")
    for base in ("text", "ack", "reply"):
        p50 = stats["tapete"][0] / stats[base][0]
        p99 = stats["tapete"][1] / stats[base][1]
        print(f"tapete / {base:<6} p50 {p50:.2f}x   p99 {p99:.2f}x")


if __name__ == "__main__":
    main()
