"""Optional error reporting (tapete/bot/reporting.py): off by default, one start-up line when the
package is missing, and with a DSN an error reaches a (local, stand-in) Sentry server without
local variables."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SECRET = "SECRET-HAND-7o-12b"


def python(code: str, *args: str, cwd: Path, extra_path: Path | None = None,
           env_extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "SENTRY_DSN")}
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in (extra_path, ROOT) if p is not None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, *(["-c", code] if code else []), *args], cwd=cwd,
                          env=env, text=True, capture_output=True, timeout=60, check=False)


def test_without_a_dsn_sentry_is_not_even_imported(tmp_path: Path) -> None:
    result = python(textwrap.dedent("""
        import sys
        from tapete.bot.reporting import start_error_reporting
        from tapete.bot.settings import Settings
        assert start_error_reporting(Settings(_env_file=None)) is False
        print("sentry_sdk" in sys.modules)
    """), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_a_dsn_without_the_package_is_one_line_at_start(tmp_path: Path) -> None:
    """``python -m bot`` stops before connecting to Discord (the token is fake)."""
    shim = tmp_path / "shim" / "sentry_sdk"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("raise ImportError('No module named sentry_sdk')\n")
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN=fake\nDATABASE_PATH={tmp_path / 'db.sqlite3'}\n"
        "SENTRY_DSN=https://key@sentry.invalid/1\n", encoding="utf-8")
    result = python("", "-m", "tapete", cwd=tmp_path, extra_path=tmp_path / "shim")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "sentry-sdk" in lines[0] and "tapete[sentry]" in lines[0]
    assert "Traceback" not in result.stderr


def test_an_unreadable_dsn_is_one_line_too(tmp_path: Path) -> None:
    pytest.importorskip("sentry_sdk")
    result = python(textwrap.dedent("""
        import sys
        from tapete.bot.reporting import start_error_reporting
        from tapete.bot.settings import Settings, SettingsError
        try:
            start_error_reporting(Settings(sentry_dsn="not a dsn", _env_file=None))
        except SettingsError as exc:
            print(exc)
    """), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("SENTRY_DSN cannot be used")


@pytest.fixture
def fake_sentry() -> Iterator[tuple[int, list[bytes]]]:
    """A local HTTP server that stores every envelope posted to it."""
    received: list[bytes] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if self.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            received.append(body)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], received
    finally:
        server.shutdown()
        server.server_close()


def test_an_error_logged_reaches_sentry_without_local_variables(
    tmp_path: Path, fake_sentry: tuple[int, list[bytes]],
) -> None:
    pytest.importorskip("sentry_sdk")
    port, received = fake_sentry
    result = python(textwrap.dedent(f"""
        import logging, sys
        import sentry_sdk
        from tapete.bot.reporting import start_error_reporting
        from tapete.bot.settings import Settings
        assert start_error_reporting(Settings(sentry_dsn=sys.argv[1], _env_file=None))
        logging.basicConfig(level=logging.INFO)  # as the bot does (LOG_LEVEL)
        log = logging.getLogger("tapete.bot.tables")
        log.info("Table 1: seat 0 play")

        def save(hand):
            raise RuntimeError("the database refused the write")

        try:
            save("{SECRET}")
        except RuntimeError:
            log.exception("Table 1: could not save a move; state restored")
        sentry_sdk.flush(10)
    """), f"http://publickey@127.0.0.1:{port}/1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    sent = b"\n".join(received).decode()
    assert "could not save a move" in sent and "the database refused the write" in sent
    assert "RuntimeError" in sent and "Table 1: seat 0 play" in sent  # with its breadcrumb
    assert SECRET not in sent  # no local variable went out
    events = [json.loads(line) for line in sent.splitlines()
              if line.startswith("{") and '"exception"' in line]
    assert events, sent[:500]
    frames = events[0]["exception"]["values"][0]["stacktrace"]["frames"]
    assert frames and not any("vars" in frame for frame in frames)
