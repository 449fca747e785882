"""The Dockerfile and compose.yaml agree with the code they package (no Docker engine runs
here, so they are read, not built): the folders the bot reads at run time are copied, nothing
secret enters the image, the bot runs unprivileged and stops on SIGTERM, and compose wires a
healthy PostgreSQL 15 with a named volume into settings the bot accepts.

compose.yaml keeps to a small part of YAML (block mappings and lists, plain or quoted scalars,
JSON-like flow lists), read here by :func:`read_yaml`; with PyYAML installed, the file is also
read by it and both must agree."""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tapete.bot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
COMPOSE = (ROOT / "compose.yaml").read_text(encoding="utf-8")


# -- the Dockerfile -----------------------------------------------------------------------------


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", "\n".join(
        line for line in DOCKERFILE.splitlines() if not line.lstrip().startswith("#")))
    found = []
    for line in text.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def ignored(path: str) -> bool:
    """Whether .dockerignore keeps ``path`` (relative to the repository) out of the image."""
    result = False
    for raw in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines():
        rule = raw.strip()
        if not rule or rule.startswith("#"):
            continue
        negate = rule.startswith("!")
        pattern = rule.lstrip("!").rstrip("/").removeprefix("**/")
        parts = Path(path).parts
        if any(fnmatch.fnmatch("/".join(parts[:n]), pattern) or fnmatch.fnmatch(part, pattern)
               for n, part in enumerate(parts, 1)):
            result = not negate
    return result


def test_the_image_runs_the_bot_unprivileged_with_its_data_in_a_volume() -> None:
    steps = instructions()
    kinds = [kind for kind, _ in steps]
    assert steps[0] == ("FROM", "python:3.11-slim")
    user = next(args for kind, args in steps if kind == "USER")
    assert user not in ("root", "0") and kinds.index("USER") < kinds.index("CMD")
    assert re.search(rf"useradd\b.*\b{user}\b", DOCKERFILE)
    assert ("VOLUME", "/data") in steps and ("STOPSIGNAL", "SIGTERM") in steps
    # the bot itself, not run.py (which would build a virtual environment at every start)
    assert json.loads(dict(steps)["CMD"]) == ["tapete"]
    assert "run.py" not in DOCKERFILE
    env = dict(re.findall(r"(\w+)=(\S+)", dict(steps)["ENV"]))
    assert Path(env["DATABASE_PATH"]).is_relative_to("/data")
    settings = Settings(database_path=env["DATABASE_PATH"], _env_file=None)  # type: ignore[call-arg]
    assert settings.database == Path("/data/tapete.sqlite3")


def test_the_image_has_every_folder_the_bot_reads_and_no_secret() -> None:
    copied: set[str] = set()
    for kind, args in instructions():
        if kind == "COPY":
            *sources, _ = shlex.split(args)
            for source in sources:
                assert (ROOT / source).exists(), f"COPY {source}: not in the repository"
                assert not ignored(source), f"COPY {source}: excluded by .dockerignore"
                copied.add(Path(source).parts[0])
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = pyproject["tool"]["setuptools"]
    folders = {name: setuptools["package-dir"].get(name, name.replace(".", "/"))
               for name in setuptools["packages"]}
    for folder in folders.values():  # the code, the catalogs inside it, the rule book
        assert Path(folder).parts[0] in copied, f"{folder} is not copied"
    assert {"pyproject.toml", "constraints.txt", "README.md"} <= copied  # pip builds from these
    install = next(args for kind, args in instructions()
                   if kind == "RUN" and "pip install" in args)
    assert "--editable" not in install and '".[${EXTRAS}]"' in install  # a real install
    assert "-c constraints.txt" in install
    extras = re.search(r"ARG EXTRAS=(\S+)", DOCKERFILE)
    assert extras is not None
    assert set(extras[1].split(",")) <= set(pyproject["project"]["optional-dependencies"])
    for secret in (".env", ".venv/bin/python", "data/tapete.sqlite3", "x.sqlite3-wal"):
        assert ignored(secret), f"{secret} would enter the image"
    assert not ignored(".env.example")


# -- compose.yaml -------------------------------------------------------------------------------


def scalar(text: str) -> Any:
    text = text.strip()
    if text.startswith("["):
        return json.loads(text)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return {"true": True, "false": False, "": None}.get(text, text)


def read_yaml(text: str) -> Any:
    """The subset of YAML compose.yaml is written in (scalars stay text, but booleans)."""
    lines = []
    for raw in text.splitlines():
        line = re.sub(r"(^|\s)#.*$", "", raw).rstrip()
        if line.strip():
            lines.append((len(line) - len(line.lstrip()), line.strip()))

    def block(start: int, indent: int) -> tuple[Any, int]:
        if lines[start][1].startswith("- "):
            items, n = [], start
            while n < len(lines) and lines[n][0] == indent and lines[n][1].startswith("- "):
                items.append(scalar(lines[n][1][2:]))
                n += 1
            return items, n
        mapping: dict[str, Any] = {}
        n = start
        while n < len(lines) and lines[n][0] == indent:
            key, _, rest = lines[n][1].partition(":")
            n += 1
            if rest.strip() or n >= len(lines) or lines[n][0] <= indent:
                mapping[key] = scalar(rest)
            else:
                mapping[key], n = block(n, lines[n][0])
        return mapping, n

    document, end = block(0, 0)
    assert end == len(lines), f"unreadable from line {lines[end]}"
    return document


def plain(value: Any) -> Any:
    """PyYAML's reading with every scalar as read_yaml gives it."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value if value is None or isinstance(value, bool) else str(value)


def interpolate(text: str) -> str:
    """Compose's ``${VAR:-default}`` with nothing set: the defaults."""
    return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", text)


def test_compose_reads_the_same_with_pyyaml() -> None:
    yaml = pytest.importorskip("yaml")
    assert plain(yaml.safe_load(COMPOSE)) == read_yaml(COMPOSE)


def test_compose_wires_the_bot_to_a_healthy_postgresql_with_a_named_volume() -> None:
    compose = read_yaml(COMPOSE)
    services = compose["services"]
    assert set(services) == {"bot", "db"}
    bot, db = services["bot"], services["db"]
    assert bot["build"] == "." and bot["env_file"] == ".env"  # the token from .env
    assert bot["init"] is True and bot["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert db["image"] == "postgres:15"
    test = db["healthcheck"]["test"]
    assert test[0] == "CMD-SHELL" and test[1].startswith("pg_isready")
    [volume] = db["volumes"]
    name, _, target = volume.partition(":")
    assert target == "/var/lib/postgresql/data" and name in compose["volumes"]
    # every variable given to the bot is one of its settings, and the URL one it accepts,
    # naming the db service, its user, password and database
    fields = {name.upper() for name in Settings.model_fields}
    assert set(bot["environment"]) <= fields
    url = interpolate(bot["environment"]["DATABASE_URL"])
    settings = Settings(database_url=url, _env_file=None)  # type: ignore[call-arg]
    assert settings.database == url
    parts = urlsplit(url)
    env = {k: interpolate(v) for k, v in db["environment"].items()}
    assert parts.hostname == "db" and parts.port == 5432
    assert (parts.username, parts.password, parts.path.lstrip("/")) == (
        env["POSTGRES_USER"], env["POSTGRES_PASSWORD"], env["POSTGRES_DB"])
    assert f"-U {env['POSTGRES_USER']} -d {env['POSTGRES_DB']}" in test[1]
    # one password variable for both, so setting it in .env changes both
    assert re.findall(r"\$\{(\w+)", bot["environment"]["DATABASE_URL"]) == \
        re.findall(r"\$\{(\w+)", db["environment"]["POSTGRES_PASSWORD"])


def test_the_readme_says_how_and_that_they_were_not_built_here() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Hosting with containers", 1)[1].split("\n## ", 1)[0]
    assert "docker compose up" in section and "docker build" in section
    assert "not built" in section
