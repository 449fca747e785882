"""A throwaway PostgreSQL server for the tests: ``initdb`` into a temporary folder, ``postgres``
on a free port of 127.0.0.1, one fresh database per test, everything removed at the end.

The server binaries are looked for on PATH, then in the usual Debian/Ubuntu, Fedora and
Homebrew folders (``PG_BINDIR`` names another). PostgreSQL refuses to run as root: as root the
server runs as the ``postgres`` user (or ``nobody``) through ``runuser``/``setpriv``. When no
server can be started the PostgreSQL tests are skipped with the reason, unless
``TAPETE_REQUIRE_POSTGRES`` is set (CI sets it), when they fail instead.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

REQUIRED = os.environ.get("TAPETE_REQUIRE_POSTGRES", "") not in ("", "0")
USER = "tapete"

# Fast and disposable: nothing the tests do needs a crash of the machine to be survived.
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
SERVER_OPTIONS = "-c max_connections=300 -c shared_buffers=64MB -c log_min_messages=warning"


class Unavailable(Exception):
    """No PostgreSQL server can be started here (the reason is the message)."""


def find_bindir() -> Path | None:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``, if any."""
    candidates: list[str] = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(os.environ["PG_BINDIR"])
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(str(Path(initdb).resolve().parent))
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            candidates.append(subprocess.run([pg_config, "--bindir"], capture_output=True,
                                             text=True, check=True).stdout.strip())
    for pattern in ("/usr/lib/postgresql/*/bin", "/usr/pgsql-*/bin",
                    "/opt/homebrew/opt/postgresql*/bin", "/usr/local/opt/postgresql*/bin"):
        candidates.extend(sorted(glob.glob(pattern), reverse=True))
    for folder in candidates:
        path = Path(folder)
        if all((path / tool).exists() for tool in ("initdb", "pg_ctl", "postgres")):
            return path
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def unprivileged_user() -> str | None:
    """As root, the account to run the server as; None when not root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise Unavailable("running as root and there is no postgres or nobody user to run it as")


def as_user(user: str | None, command: list[str]) -> list[str]:
    if user is None:
        return command
    if shutil.which("runuser"):
        return ["runuser", "-u", user, "--", *command]
    if shutil.which("setpriv"):
        entry = pwd.getpwnam(user)
        return ["setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}",
                "--clear-groups", *command]
    raise Unavailable("running as root without runuser or setpriv to drop to another user")


class PostgresServer:
    """One server for a test session (each xdist worker starts its own)."""

    def __init__(self, *, durable: bool = False) -> None:
        """``durable``: commits wait for the disk, as on a real server (benchmarks)."""
        self.durable = durable
        self.folder: Path | None = None
        self.port = 0
        self.user: str | None = None
        self.bindir: Path | None = None
        self.databases = 0

    @property
    def data(self) -> Path:
        assert self.folder is not None
        return self.folder / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        self.bindir = find_bindir()
        if self.bindir is None:
            raise Unavailable(
                "no PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH or in the "
                "usual folders; install PostgreSQL (Debian: apt-get install postgresql) or set "
                "PG_BINDIR")
        self.user = unprivileged_user()
        self.folder = Path(tempfile.mkdtemp(prefix="tapete-pg-"))
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self.folder.chmod(0o700)
        self._run([str(self.bindir / "initdb"), "-D", str(self.data), "-U", USER,
                   "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"])
        for _attempt in range(5):
            self.port = free_port()
            try:
                self._run([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-w", "-t", "60",
                           "-l", str(self.folder / "server.log"), "-o",
                           f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                           + SERVER_OPTIONS + ("" if self.durable else " " + FAST), "start"])
                return
            except Unavailable:  # the port was taken meanwhile: another one
                time.sleep(0.2)
        raise Unavailable(f"postgres did not start: {self.log_tail()}")

    def stop(self) -> None:
        if self.folder is None:
            return
        if self.bindir is not None and (self.data / "postmaster.pid").exists():
            with contextlib.suppress(Unavailable):
                self._run([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m",
                           "immediate", "-w", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def next_database(self) -> str:
        self.databases += 1
        return f"test_{os.getpid()}_{self.databases}"

    def log_tail(self) -> str:
        if self.folder is None:
            return ""
        with contextlib.suppress(OSError):
            return (self.folder / "server.log").read_text(errors="replace")[-600:]
        return ""

    def _run(self, command: list[str]) -> None:
        try:
            done = subprocess.run(as_user(self.user, command), capture_output=True, text=True,
                                  timeout=120, cwd=self.folder)
        except (OSError, subprocess.SubprocessError) as exc:
            raise Unavailable(f"{Path(command[0]).name}: {exc}") from None
        if done.returncode != 0:
            output = (done.stderr or done.stdout).strip().splitlines()
            raise Unavailable(f"{Path(command[0]).name} failed: "
                              f"{output[-1] if output else done.returncode}")
