"""Tute benchmarks: the whole Discord path of one card play, and the bare engine.

Run from the repository root::

    .venv/bin/python benchmarks/bench_tute.py [--plays N] [--seconds S]

1. **Discord path.** The real bot (``bot.app.TapeteBot``, real SQLite file in a temp dir) is
   driven through simcord. Two human players sit at habanero tables (new tables are opened as
   matches finish). For each play, the player to act clicks "Ver mi mano" on the public table
   message (timed separately), then clicks one enabled card button of the ephemeral hand
   (timed: interaction in -> rules -> SQLite snapshot committed -> reply out; simcord's click
   also returns only after the bot's follow-up work, i.e. the public-message refresh, has
   settled). Capote/pass decisions, which offer no card button, are answered with "pass" and
   are not counted.
2. **Engine.** Random legal actions for each modality, counting full hands (until the hand
   number changes or the match ends), for S seconds per modality, plus the median time of one
   ``State.apply`` call.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402

from benchmarks.stats import percentile  # noqa: E402
from tapete.bot.app import TapeteBot  # noqa: E402
from tapete.bot.settings import Settings  # noqa: E402
from tapete.rules import tute  # noqa: E402
from tapete.rules.tute.options import Modalidad  # noqa: E402

MODALIDADES: tuple[Modalidad, ...] = ("habanero", "arrastrado", "individual", "parejas")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.3f}"


# ----------------------------------------------------------------------------- discord path


def table_message(channel: Any, table: Any) -> Any:
    history = channel.history()
    if table.message_id is None:
        return history[0]
    return next(m for m in history if m.id == table.message_id)


def enabled(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        c for row in components for c in row.get("components", [])
        if not c.get("disabled") and c.get("custom_id")
    ]


async def start_table(env: Any, guild: Any, ana: Any, luis: Any, n: int) -> tuple[Any, Any]:
    channel = guild.create_text_channel(f"mesa-{n}")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    await luis.click(channel.last_message, label="Unirse")
    await ana.click(channel.last_message, label="Empezar")
    bot: TapeteBot = env.bot
    table = bot.tables.in_channel(channel.id)
    assert table is not None and table.status == "playing", "the table did not start"
    return channel, table


async def bench_discord(plays: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    play_times: list[float] = []
    hand_times: list[float] = []
    play_cpu: list[float] = []
    hand_cpu: list[float] = []
    tables = decisions = 0
    with tempfile.TemporaryDirectory(prefix="tapete-bench-") as tmp:
        settings = Settings(  # type: ignore[call-arg]
            discord_token=None, database_path=Path(tmp) / "tapete.sqlite3",
            cpu_delay=0.0, turn_timeout=120.0, pace_edits=False, _env_file=None,
        )
        bot = TapeteBot(settings, seed=7)
        async with simcord.run(bot) as env:
            guild = env.create_guild(preferred_locale="es-ES")
            # labels in Spanish: simcord sends every interaction's guild_locale as en-US, so
            # the server's language is chosen as an admin would (/tapete idioma es)
            await bot.servers.set_language(guild.id, "es")
            ana = guild.add_member(env.create_user("ana"))
            luis = guild.add_member(env.create_user("luis"))
            members = {ana.id: ana, luis.id: luis}
            channel = table = None
            while len(play_times) < plays:
                if table is None or table.state.is_over:
                    tables += 1
                    channel, table = await start_table(env, guild, ana, luis, tables)
                state = table.state
                member = members[table.seats[state.to_act].user_id]
                message = table_message(channel, table)

                c0, t0 = time.process_time(), time.perf_counter()
                shown = await member.click(message, label="Ver mi mano")
                hand_times.append(time.perf_counter() - t0)
                hand_cpu.append(time.process_time() - c0)

                assert shown.ephemeral, "the hand must be ephemeral"
                response = shown.response
                assert response is not None, "the hand must be shown"
                choices = enabled(response.components)
                cards = [c for c in choices if c["custom_id"].split(":", 4)[-1].startswith("play ")]
                if not cards:  # the capote decision: answer it, do not count it
                    passing = next(c for c in choices if c["custom_id"].endswith(":pass"))
                    await member.click(response.message, custom_id=passing["custom_id"])
                    decisions += 1
                    continue
                card = rng.choice(cards)
                before = state.to_json()

                c0, t0 = time.process_time(), time.perf_counter()
                result = await member.click(response.message, custom_id=card["custom_id"])
                play_times.append(time.perf_counter() - t0)
                play_cpu.append(time.process_time() - c0)

                assert result.ephemeral or (result.response and result.response.ephemeral)
                assert table.state.to_json() != before, f"the click did not play: {card}"
            # the snapshot on disk is the state in memory
            assert table is not None  # a table was started for the first play
            record = await bot.storage.tables.get(table.id)
            assert record is not None and record.state == table.state.to_json(), \
                "SQLite snapshot differs from the in-memory state"
            # simcord's shutdown detaches the bot without closing it: close it (and its
            # aiosqlite thread, which would otherwise keep the process alive).
            await bot.close()
    return {
        "play": play_times, "hand": hand_times, "play_cpu": play_cpu, "hand_cpu": hand_cpu,
        "tables": tables, "decisions": decisions,
    }


# ----------------------------------------------------------------------------- engine


def bench_engine(modalidad: Modalidad, seconds: float, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    options = tute.Options(modalidad=modalidad)
    players = options.player_counts()[0]
    apply_ns: list[int] = []
    hands = matches = 0
    perf_ns = time.perf_counter_ns
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = tute.new_game(options, players, seed=rng.randrange(2**63))
        matches += 1
        while not state.is_over:
            hand = state.hand_number
            while not state.is_over and state.hand_number == hand:
                action = rng.choice(state.legal_actions())
                seat = state.to_act
                assert seat is not None  # the match is not over
                t0 = perf_ns()
                state.apply(seat, action)
                apply_ns.append(perf_ns() - t0)
            hands += 1
    elapsed = time.perf_counter() - start
    return {
        "modalidad": modalidad, "hands": hands, "matches": matches, "elapsed": elapsed,
        "applies": len(apply_ns), "apply_median_us": statistics.median(apply_ns) / 1000,
    }


# ----------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plays", type=int, default=1000, help="card plays to time (1000)")
    parser.add_argument("--batch", type=int, default=50,
                        help="plays per simulated-Discord environment (50), see below")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="seconds of random play per modality (3)")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)

    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    print(f"\n== Discord path (simcord + SQLite), habanero, 2 humans, {args.plays} plays ==")
    t0 = time.perf_counter()
    # simcord's settle loop re-scans every timer the bot ever scheduled (each move re-arms a
    # turn timer), so its own overhead grows with the number of clicks in one environment.
    # Fresh environments of --batch plays keep that harness cost bounded and equal.
    d: dict[str, Any] = {}
    for batch, done in enumerate(range(0, args.plays, args.batch)):
        part = asyncio.run(bench_discord(min(args.batch, args.plays - done), seed=batch + 1))
        for key, value in part.items():
            d[key] = d.get(key, 0 if isinstance(value, int) else []) + value
    wall = time.perf_counter() - t0
    print(f"{'click':<22}{'n':>6}{'median ms':>11}{'p90 ms':>10}{'p99 ms':>10}{'max ms':>10}"
          f"{'cpu med ms':>12}{'cpu p99 ms':>12}")
    for name, key in (("card button (play)", "play"), ("Ver mi mano", "hand")):
        xs, cpu = d[key], d[f"{key}_cpu"]
        print(f"{name:<22}{len(xs):>6}{ms(statistics.median(xs)):>11}"
              f"{ms(percentile(xs, 90)):>10}{ms(percentile(xs, 99)):>10}{ms(max(xs)):>10}"
              f"{ms(statistics.median(cpu)):>12}{ms(percentile(cpu, 99)):>12}")
    print("(wall = perf_counter around member.click; cpu = process_time over the same call,"
          " which leaves out idle waits in simcord's settle loop and SQLite fsync)")
    print(f"plays measured: {len(d['play'])} in batches of {args.batch}; "
          f"tables started: {d['tables']}; "
          f"capote decisions (untimed): {d['decisions']}; wall {wall:.1f} s")

    print(f"\n== Engine only (rules.tute, random legal actions), {args.seconds:g} s each ==")
    print(f"{'modalidad':<12}{'hands':>8}{'matches':>9}{'hands/s':>10}{'applies':>10}"
          f"{'apply median us':>17}")
    for modalidad in MODALIDADES:
        r = bench_engine(modalidad, args.seconds)
        print(f"{modalidad:<12}{r['hands']:>8}{r['matches']:>9}{r['hands'] / r['elapsed']:>10.1f}"
              f"{r['applies']:>10}{r['apply_median_us']:>17.2f}")


if __name__ == "__main__":
    main()
