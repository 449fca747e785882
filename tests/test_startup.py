"""``python -m bot`` without a token or with a malformed .env: one clear line, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings

ROOT = Path(__file__).resolve().parent.parent


def run_bot(cwd: Path, env_text: str | None) -> subprocess.CompletedProcess[str]:
    if env_text is not None:
        (cwd / ".env").write_text(env_text, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "TURN_TIMEOUT")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=60, check=False)


def test_without_token_exits_with_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, None)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Falta DISCORD_TOKEN")
    assert "discord.com/developers/applications" in lines[0]
    assert "Traceback" not in result.stderr


def test_example_env_without_token_is_understood(tmp_path: Path) -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    result = run_bot(tmp_path, example)
    assert result.returncode == 2
    assert result.stderr.startswith("Falta DISCORD_TOKEN")


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
