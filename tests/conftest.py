"""Shared fixtures: a real bot on a real SQLite file, driven by simcord's simulated Discord.

CPU pauses are 10 s: longer than simcord's settle window, so a CPU seat moves only when a test
advances the virtual clock (``env.advance_time``), never in real time.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import simcord.interactions

from bot.app import TapeteBot
from bot.settings import Settings
from tests.driver import USER_LOCALES, payload_with_locale

_BOTS: list[TapeteBot] = []

@pytest.fixture(autouse=True)
def user_locales(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(simcord.interactions, "base_payload", payload_with_locale)
    yield USER_LOCALES
    USER_LOCALES.clear()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tapete.sqlite3"


@pytest.fixture
def settings(db_path: Path) -> Settings:
    # Public edits unpaced: tests read the table message right after each move without
    # advancing the clock; test_rate_limits.py plays with the pacing on.
    return Settings(discord_token=None, database_path=db_path, cpu_delay=10.0,
                    turn_timeout=120.0, pace_edits=False,
                    _env_file=None)  # type: ignore[call-arg]


def make_bot(settings: Settings, seed: int = 7) -> TapeteBot:
    bot = TapeteBot(settings, seed=seed)
    _BOTS.append(bot)
    return bot


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[TapeteBot]:
    yield make_bot(settings)
    # Close every bot the test made (restarts included), even when the test failed, so no
    # database thread outlives the test.
    while _BOTS:
        bot = _BOTS.pop()
        await bot.tables.shutdown()
        await bot.storage.close()
