"""``pip install .`` gives a working bot: the wheel holds one package, ``tapete``, with its
catalogs and rule book, and the ``tapete`` command; installed away from the checkout, it
finds its texts, its rule pages and its cogs, and starts (stopping at once without a token).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# What building the wheel reads: the project's metadata, the package and the rule book.
PACKAGED = ("pyproject.toml", "README.md", "tapete", "docs/rules")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of what it is made of: setuptools builds inside the
    source tree (``build/``, ``tapete.egg-info``), so two test workers building the
    checkout at once broke each other's build, and the checkout kept the leftovers."""
    source = tmp_path_factory.mktemp("source")
    for name in PACKAGED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "-w", str(out), str(source)],
                   check=True, capture_output=True, timeout=600)
    [found] = out.glob("tapete-*.whl")
    return found


def test_the_wheel_holds_one_package_with_its_texts_and_rule_book(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    code = {n.split("/")[0] for n in names if not n.startswith("tapete-")}
    assert code == {"tapete"}  # no top-level bot, cogs or rules
    for lang in ("es", "en"):
        assert f"tapete/locales/{lang}/main.ftl" in names
        for game in ("tute", "escoba", "tomate", "belote", "nlk"):
            assert f"tapete/rulebook/{lang}/{game}.md" in names
            assert f"tapete/locales/{lang}/{game}.ftl" in names
    assert "tapete/py.typed" in names
    metadata = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "tapete = tapete.bot.__main__:main" in zipfile.ZipFile(wheel).read(metadata).decode()


def test_the_listed_packages_are_every_package_of_the_tree() -> None:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "tapete").rglob(
        "__init__.py")}
    assert set(setuptools["packages"]) == found | set(setuptools["package-dir"])


def test_installed_away_from_the_checkout_it_finds_everything(
    wheel: Path, tmp_path: Path
) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=600)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    env.pop("DISCORD_TOKEN", None)
    probe = f"""
import tapete
from tapete.bot import app, helpdocs, i18n
assert tapete.__file__.startswith({str(target)!r}), tapete.__file__
assert helpdocs.rule_pages("tute", "en") and helpdocs.rule_pages("escoba", "es")
assert i18n.catalog("en").t("button-hand") != "button-hand"
print(len(app.discover_extensions()))
"""
    out = subprocess.run([sys.executable, "-c", probe], cwd=elsewhere, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.strip()) == len(list((ROOT / "tapete" / "cogs").glob("[!_]*.py")))
    start = subprocess.run([sys.executable, "-m", "tapete"], cwd=elsewhere, env=env,
                           capture_output=True, text=True, timeout=120)
    assert start.returncode == 2 and "DISCORD_TOKEN" in start.stderr
    assert len(start.stderr.strip().splitlines()) == 1


def test_the_former_import_paths_are_the_same_modules() -> None:
    """``rules``, ``bot`` and ``cogs`` (a checkout's compatibility folders) name the very
    modules of ``tapete``, so objects made through either agree."""
    import bot.tables
    import rules.tute

    from tapete.bot import tables
    from tapete.rules import tute

    assert rules.tute is tute and rules.tute.State is tute.State
    assert bot.tables is tables
    state = rules.tute.new_game(rules.tute.Options(), 4, seed=1)
    assert isinstance(state, tute.State)
    assert tute.State.from_json(state.to_json()).to_json() == state.to_json()


def test_python_m_bot_still_starts_the_bot(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    start = subprocess.run([sys.executable, "-m", "bot"], cwd=ROOT, env={
        **env, "DATABASE_PATH": str(tmp_path / "t.sqlite3")},
        capture_output=True, text=True, timeout=120)
    assert start.returncode == 2 and "DISCORD_TOKEN" in start.stderr
