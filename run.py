#!/usr/bin/env python3
"""Set up and run Tapete with nothing but Python 3.11+.

    python3 run.py          # create .venv, install the bot, start it
    python3 run.py test     # create .venv, install the bot and its test tools, run the tests
    python3 run.py test --long   # the same with the long property runs (what CI also runs)
    python3 run.py check    # ruff and mypy
    python3 run.py bench [name ...]   # the benchmarks (arena by name: run.py bench arena)
    python3 run.py migrate-to-postgres   # copy the SQLite database into DATABASE_URL

The virtual environment is created in ``.venv`` on first use and reused afterwards; the
dependencies are (re)installed, at the versions pinned in ``constraints.txt``, whenever
``pyproject.toml`` or ``constraints.txt`` changes (PostgreSQL's driver too when
``DATABASE_URL`` is set). What it prints is for
whoever runs the bot, so it is in English, like the README.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# Benchmarks too long for every ``run.py bench``: run them by name (``run.py bench arena``).
BENCH_ON_REQUEST = {"arena", "bid_shortlist", "engine_traces", "escoba_regret",
                    "thumb_regret"}
BENCH_HELPERS = {"stats"}  # modules the benchmarks share: never run as one
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


CONSTRAINTS = ROOT / "constraints.txt"  # the versions the tests passed with (see its header)


def ensure_env(extras: str) -> None:
    """Create ``.venv`` if needed and install Tapete with ``extras``, at the versions of
    ``constraints.txt``; again whenever ``pyproject.toml`` or the constraints change."""
    if sys.version_info < (3, 11):  # noqa: UP036 - run.py may be started by any python3
        sys.exit("Tapete needs Python 3.11 or newer.")
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()
                            + CONSTRAINTS.read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{extras or 'base'}-{digest}"
    if not stamp.exists():
        print("Installing the dependencies ...", flush=True)
        target = f"{ROOT}[{extras}]" if extras else str(ROOT)
        subprocess.run(
            [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "-c", str(CONSTRAINTS), "-e", target],
            check=True,
        )
        stamp.touch()


def uses_postgres() -> bool:
    """Whether DATABASE_URL (the environment's, else .env's) asks for PostgreSQL, whose driver
    is the optional extra ``postgres``."""
    url = os.environ.get("DATABASE_URL", "")
    env_file = ROOT / ".env"
    if not url and env_file.is_file():
        for line in env_file.read_text(encoding="utf-8", errors="replace").splitlines():
            name, _, value = line.partition("=")
            if name.strip().upper() == "DATABASE_URL":
                url = value.strip().strip("'\"")
    return url.startswith(("postgresql://", "postgres://"))


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "bot"
    os.chdir(ROOT)
    if command == "bot":
        ensure_env("postgres" if uses_postgres() else "")
        return subprocess.call([str(PYTHON), "-m", "tapete", *argv[1:]])
    if command == "test":
        ensure_env("dev")
        args = argv[1:]
        env = dict(os.environ)
        if "--long" in args:
            args.remove("--long")
            env["TAPETE_LONG"] = "1"
        return subprocess.call([str(PYTHON), "-m", "pytest", *args], env=env)
    if command == "migrate-to-postgres":
        ensure_env("postgres")
        return subprocess.call([str(PYTHON), "-m", "tapete.bot.migrate", *argv[1:]])
    if command == "check":
        ensure_env("dev")
        lint = subprocess.call([str(PYTHON), "-m", "ruff", "check", "."])
        types = subprocess.call([str(PYTHON), "-m", "mypy"])
        return lint or types
    if command == "bench":
        ensure_env("dev")
        names = [a for a in argv[1:] if not a.startswith("-")]
        scripts = [p for p in sorted((ROOT / "benchmarks").glob("*.py"))
                   if p.stem not in BENCH_HELPERS
                   and (p.stem in names or (not names and p.stem not in BENCH_ON_REQUEST))]
        flags = [a for a in argv[1:] if a.startswith("-")]
        return max((subprocess.call([str(PYTHON), str(s), *flags]) for s in scripts),
                   default=0)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
