"""Shared fixtures: a real bot on a real SQLite file, driven by simcord's simulated Discord."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.app import TapeteBot
from bot.settings import Settings


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tapete.sqlite3"


@pytest.fixture
def settings(db_path: Path) -> Settings:
    return Settings(discord_token=None, database_path=db_path, cpu_delay=1.0,
                    turn_timeout=120.0, _env_file=None)  # type: ignore[call-arg]


def make_bot(settings: Settings, seed: int = 7) -> TapeteBot:
    return TapeteBot(settings, seed=seed)


@pytest.fixture
def simcord_bot(settings: Settings) -> Iterator[TapeteBot]:
    yield make_bot(settings)
