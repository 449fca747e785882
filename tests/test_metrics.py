"""Counters (tapete/bot/metrics.py): read from a card play driven through the real discord.py
dispatch (simcord), logged periodically and served at ``/metrics`` over a real HTTP request."""

from __future__ import annotations

import logging
import random
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from discord import app_commands

from tapete.bot.cpu import CpuPlayers
from tapete.bot.metrics import Metrics, MetricsReporter, percentile
from tapete.bot.settings import Settings
from tapete.bot.storage import Storage
from tapete.bot.tables import TableService
from tests.conftest import make_bot
from tests.driver import act_through_buttons, bot_of, table_in

LOG_EVERY = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def settings(db_path: Path) -> Settings:
    return Settings(discord_token=None, database_path=db_path, cpu_delay=10.0,
                    turn_timeout=120.0, pace_edits=False, metrics_log_seconds=LOG_EVERY,
                    metrics_port=free_port(), cpu_think_ms=20,
                    _env_file=None)  # type: ignore[call-arg]


def samples(text: str) -> dict[str, float]:
    """The samples of a Prometheus text exposition, by name with labels."""
    found = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            found[name] = float(value)
    return found


async def scrape(port: int) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}/metrics") as response:
        return response.status, response.headers["Content-Type"], await response.text()


async def test_a_card_play_is_counted_logged_and_served(
    simcord_env: Any, settings: Settings, caplog: pytest.LogCaptureFixture,
) -> None:
    env = simcord_env
    bot = bot_of(env)
    bot.tables.cpu = CpuPlayers(think_ms=20, workers=1)  # difícil searches in a real worker
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    ana = guild.add_member(env.create_user("ana"))
    await ana.slash(channel, "escoba nueva")
    lobby = channel.last_message
    await ana.click(lobby, label="Añadir CPU difícil")
    await ana.click(lobby, label="Empezar")
    interactions = 3
    table = table_in(env, channel)
    rng = random.Random(4)
    player_moves = 0
    while player_moves < 2 or bot.tables.moves["cpu"] < 2:
        assert table.state is not None and not table.state.is_over
        if table.seats[table.state.to_act].user_id is None:
            await env.advance_time(settings.cpu_delay + 0.01)
            continue
        message = next(m for m in channel.history() if m.id == table.message_id)
        await act_through_buttons(ana, message, rng)  # "Ver mi mano", then a card
        interactions += 2
        player_moves += 1

    # a reply outside any guarded handler, and a refused command, are timed too
    await ana.slash(channel, "tapete ayuda")
    refused = await ana.slash(channel, "tapete ajustes", turno=30)
    assert refused.response.ephemeral
    assert [type(e) for e in env.errors] == [app_commands.MissingPermissions]
    interactions += 2

    reading = bot.metrics.read()
    assert (reading.lobbies, reading.playing, reading.servers) == (0, 1, 1)
    assert reading.moves_by_players == player_moves
    cpu_moves = reading.moves_by_cpu
    assert cpu_moves >= 2
    # every difícil decision is counted once: searched in the worker, or taken at normal
    assert reading.searched + reading.at_normal == cpu_moves
    assert reading.replies == reading.recent == interactions
    assert reading.p50 is not None and reading.p99 is not None
    assert 0 <= reading.p50 <= reading.p99 and reading.reply_seconds >= reading.p99

    port = bot.reporter.bound_port
    assert port == settings.metrics_port
    status, content_type, text = await scrape(port)
    assert status == 200 and content_type.startswith("text/plain; version=0.0.4")
    served = samples(text)
    assert served['tapete_tables{status="playing"}'] == 1
    assert served['tapete_tables{status="lobby"}'] == 0
    assert served['tapete_moves_total{by="player"}'] == player_moves
    assert served['tapete_moves_total{by="cpu"}'] == cpu_moves
    assert served["tapete_cpu_searches_total"] == reading.searched
    assert served["tapete_cpu_at_normal_total"] == reading.at_normal
    assert served["tapete_reply_seconds_count"] == interactions
    assert served['tapete_reply_seconds{quantile="0.5"}'] <= \
        served['tapete_reply_seconds{quantile="0.99"}']
    assert "# TYPE tapete_reply_seconds summary" in text

    with caplog.at_level(logging.INFO, logger="tapete.bot.metrics"):
        await env.advance_time(LOG_EVERY + 0.01)
    [line] = [r.getMessage() for r in caplog.records if r.name == "tapete.bot.metrics"]
    assert line.startswith("Metrics: 1 tables (0 in lobby, 1 playing) in 1 servers;")
    assert f"({player_moves} by players," in line and f"replies {interactions}," in line


async def test_no_endpoint_and_no_log_line_unless_asked(db_path: Path) -> None:
    """Both are off by default; a port already taken is one error line, and the bot plays
    on."""
    defaults = Settings(discord_token=None, database_path=db_path,
                        _env_file=None)  # type: ignore[call-arg]
    assert defaults.metrics_port is None and defaults.metrics_log_seconds == 600
    bot = make_bot(defaults)
    await bot.reporter.start()
    assert bot.reporter.bound_port is None
    await bot.reporter.stop()

    taken = MetricsReporter(bot.metrics, port=0)
    await taken.start()
    try:
        assert taken.bound_port is not None
        second = MetricsReporter(bot.metrics, port=taken.bound_port)
        await second.start()
        assert second.bound_port is None
        status, _, text = await scrape(taken.bound_port)
        assert status == 200 and 'tapete_tables{status="playing"} 0' in text
        # no reply yet: the quantiles are NaN, as Prometheus expects
        assert 'tapete_reply_seconds{quantile="0.99"} NaN' in text
    finally:
        await taken.stop()
        await bot.storage.close()


def test_replies_are_timed_once_and_only_over_the_window(tmp_path: Path) -> None:
    now = [0.0]
    # only its counters are read: the storage is never opened
    service = TableService(Storage(tmp_path / "t.sqlite3"), cpu_delay=1, turn_timeout=60)
    metrics = Metrics(service, clock=lambda: now[0], window=300.0)
    for n, seconds in enumerate([0.010, 0.020, 0.030, 0.500]):
        metrics.received(n)
        now[0] += seconds
        metrics.replied(n)
        metrics.replied(n)  # a guarded command reports twice: counted once
    metrics.replied(99)  # never received (an autocomplete): not counted
    reading = metrics.read()
    assert (reading.replies, reading.recent) == (4, 4)
    assert reading.p50 == pytest.approx(0.020) and reading.p99 == pytest.approx(0.500)
    now[0] += 301
    later = metrics.read()
    assert (later.replies, later.recent, later.p50) == (4, 0, None)
    assert percentile([1.0, 2.0, 3.0], 0.99) == 3.0 and percentile([], 0.5) is None
