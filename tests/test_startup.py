"""``python -m bot`` without a token, with a malformed .env or an unusable database: one clear
line, no traceback."""

from __future__ import annotations

import logging
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tapete.bot.__main__ import QUIET, configure_logging
from tapete.bot.settings import Settings, SettingsError, load_settings

ROOT = Path(__file__).resolve().parent.parent


def run_bot(cwd: Path, env_text: str | None) -> subprocess.CompletedProcess[str]:
    if env_text is not None:
        (cwd / ".env").write_text(env_text, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "TURN_TIMEOUT")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "tapete"], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=60, check=False)


def test_without_token_exits_with_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, None)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("DISCORD_TOKEN is missing")
    assert "discord.com/developers/applications" in lines[0]
    assert "Traceback" not in result.stderr


def test_example_env_without_token_is_understood(tmp_path: Path) -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    result = run_bot(tmp_path, example)
    assert result.returncode == 2
    assert result.stderr.startswith("DISCORD_TOKEN is missing")


def test_malformed_env_names_the_bad_setting(tmp_path: Path) -> None:
    result = run_bot(tmp_path, "DISCORD_TOKEN=abc\nTURN_TIMEOUT=soon\n")
    assert result.returncode == 2
    assert "TURN_TIMEOUT" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_settings_defaults_and_values(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=secret\nCPU_DELAY=0.5\nDEV_GUILD_ID=\n", encoding="utf-8")
    settings = load_settings(env_file)
    assert settings.token() == "secret" and settings.cpu_delay == 0.5
    assert settings.dev_guild_id is None and settings.turn_timeout == 120
    assert "secret" not in repr(settings)
    env_file.write_text("CPU_DELAY=-1\n", encoding="utf-8")
    with pytest.raises(SettingsError, match="CPU_DELAY"):
        load_settings(env_file)


@pytest.mark.parametrize("where", ["folder", "under_a_file", "newer"])
def test_unusable_database_is_one_line_before_connecting(tmp_path: Path, where: str) -> None:
    """Checked before logging in: the token here is fake and no connection is attempted."""
    if where == "folder":
        path = tmp_path
    elif where == "under_a_file":
        (tmp_path / "file").write_text("x", encoding="utf-8")
        path = tmp_path / "file" / "db.sqlite3"
    else:
        path = tmp_path / "newer.sqlite3"
        with sqlite3.connect(path) as db:
            db.execute("PRAGMA user_version = 99")
    result = run_bot(tmp_path, f"DISCORD_TOKEN=fake\nDATABASE_PATH={path}\n")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Cannot use the database")
    assert "Traceback" not in result.stderr and "logging in" not in result.stderr
    if where == "newer":
        assert "versión más nueva" in lines[0]


def test_libraries_that_log_payloads_stay_above_debug() -> None:
    loggers = [logging.getLogger(name) for name in QUIET]
    before = [logger.level for logger in loggers]
    try:
        configure_logging("DEBUG")
        assert all(logger.getEffectiveLevel() >= logging.INFO for logger in loggers)
        assert "aiosqlite" in QUIET and "discord.http" in QUIET
    finally:
        for logger, level in zip(loggers, before, strict=True):
            logger.setLevel(level)


@pytest.mark.parametrize(("failure", "code", "start"), [
    ("login", 2, "Discord rejected the token"),
    ("network", 1, "Cannot connect to Discord"),
])
def test_rejected_token_or_no_network_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    failure: str, code: int, start: str,
) -> None:
    """What discord.py raises when Discord refuses the token or cannot be reached."""
    import aiohttp
    import discord

    from tapete.bot import __main__ as entry
    from tapete.bot.app import TapeteBot

    async def refuse(self: TapeteBot, token: str) -> None:
        if failure == "login":
            raise discord.LoginFailure("Improper token has been passed.")
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    monkeypatch.setattr(TapeteBot, "start", refuse)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN=fake\nDATABASE_PATH={tmp_path / 'db.sqlite3'}\n", encoding="utf-8")
    loggers = [logging.getLogger(name) for name in QUIET]
    levels = [logger.level for logger in loggers]
    try:
        assert entry.main() == code
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(start), lines


@pytest.mark.parametrize("problem", ["unreachable", "not_postgres"])
def test_an_unusable_postgresql_database_is_one_line(tmp_path: Path, problem: str) -> None:
    """A PostgreSQL server that does not answer, or a URL that is not PostgreSQL's: one line,
    without the password, before logging in."""
    with socket.socket() as s:  # a local port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = (f"postgresql://tapete:hunter2@127.0.0.1:{port}/tapete" if problem == "unreachable"
           else "mysql://tapete:hunter2@localhost/tapete")
    result = run_bot(tmp_path, f"DISCORD_TOKEN=fake\nDATABASE_URL={url}\n")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "hunter2" not in result.stderr and "Traceback" not in result.stderr
    if problem == "unreachable":
        assert lines[0].startswith(
            f"Cannot use the database postgresql://tapete@127.0.0.1:{port}/tapete")
    else:
        assert "DATABASE_URL" in lines[0]


def test_env_example_lists_every_setting() -> None:
    """Whoever copies .env.example sees every setting the bot reads, in English comments."""
    example = (Path(__file__).resolve().parent.parent / ".env.example").read_text("utf-8")
    named = {line.lstrip("# ").split("=", 1)[0] for line in example.splitlines() if "=" in line}
    for field in Settings.model_fields:
        assert field.upper() in named, f"{field.upper()} is missing from .env.example"
