"""The repository carries every document it cites: the rule book (``docs/rules/``) and the
design (``docs/ARCHITECTURE.md``) are here, and nothing points outside.

* Every ``*.md`` path named in a tracked file (code, tests, catalogs, docs) exists, read from
  the repository's root or from the citing file's folder.
* Every relative link in ``docs/`` and ``README.md`` resolves to a file or folder of the
  repository, and its ``#anchor``, if any, to a heading of the linked page.
* Every repository path quoted in ``docs/`` and ``README.md`` (```tapete/bot/games.py```)
  exists, so the design cannot drift from the code unnoticed.
* No tracked file mentions the folder the project's seed documents came from: it is not part
  of the product.
"""

from __future__ import annotations

import re
import subprocess
import typing
import unicodedata
from functools import cache
from pathlib import Path
from typing import Literal
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_DIRS = {".git", ".venv", "data", "__pycache__", ".mypy_cache", ".ruff_cache",
                ".pytest_cache", "build", "dist"}
# A document path: starts with a name character not glued to a longer path, URL or
# placeholder (``<game>.md``, ``{name}.md``, ``*.md``, ``https://host/x.md`` are not citations).
MD_PATH = re.compile(r"(?<![\w./<>{}*$%-])([A-Za-z0-9_][\w./-]*\.md)(?![\w-])")
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
SHARED = ("/work/" + "shared", "../" + "shared")  # spelled in two parts: this file is scanned


@cache
def tracked_files() -> tuple[Path, ...]:
    """The repository's files: ``git ls-files`` in a checkout, else a walk of the tree."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True, timeout=30).stdout.decode()
        paths = [ROOT / name for name in out.split("\0") if name]
    except (OSError, subprocess.SubprocessError):
        paths = [p for p in ROOT.rglob("*")
                 if not SKIPPED_DIRS & set(p.relative_to(ROOT).parts)]
    return tuple(sorted(p for p in paths if p.is_file()))


def text_of(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None  # not a text file


def documents() -> list[Path]:
    """``README.md`` and every Markdown page under ``docs/``."""
    return [p for p in tracked_files() if p.suffix == ".md"
            and (p == ROOT / "README.md" or p.is_relative_to(ROOT / "docs"))]


def inside(path: Path) -> bool:
    return path.resolve().is_relative_to(ROOT)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = CODE_SPAN.sub(r"\1", heading.strip()).lower()
    text = "".join(ch for ch in unicodedata.normalize("NFC", text)
                   if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    found: set[str] = set()
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            base = slug(match[1])
            name, n = base, 0
            while name in found:  # a repeated heading gets -1, -2...
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return frozenset(found)


def links(text: str) -> list[str]:
    """The link targets of a Markdown text, code blocks and code spans left out."""
    prose = CODE_SPAN.sub("", FENCE.sub("", text))
    return INLINE_LINK.findall(prose) + REFERENCE_LINK.findall(prose)


def broken_link(page: Path, target: str) -> str | None:
    """Why ``target``, linked from ``page``, does not resolve (None when it does)."""
    if SCHEME.match(target):
        return None  # a web address
    path_part, _, fragment = target.partition("#")
    destination = (page.parent / unquote(path_part)) if path_part else page
    if not inside(destination) or not destination.exists():
        return "no such file"
    if fragment and destination.suffix == ".md" and unquote(fragment) not in anchors(
            destination.resolve()):
        return f"no heading #{fragment}"
    return None


def test_every_cited_document_is_in_the_repository() -> None:
    missing = []
    # A bare name (``glossary.md``) may name a page kept once per language: it must exist
    # somewhere in the repository (RULES.md, which does not, is still caught).
    names = {p.name for p in tracked_files()}
    for path in tracked_files():
        text = text_of(path)
        if text is None or path == Path(__file__).resolve():  # its examples are made up
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for cited in MD_PATH.findall(line):
                candidates = (ROOT / cited, path.parent / cited)
                if not any(inside(c) and c.is_file() for c in candidates) \
                        and not ("/" not in cited and cited in names):
                    missing.append(f"{path.relative_to(ROOT)}:{number}: {cited}")
    assert not missing, "documents cited but not in the repository:\n" + "\n".join(missing)


def test_every_relative_link_in_the_docs_resolves() -> None:
    broken = []
    for page in documents():
        for target in links(page.read_text(encoding="utf-8")):
            reason = broken_link(page, target)
            if reason:
                broken.append(f"{page.relative_to(ROOT)}: {target} ({reason})")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_every_repository_path_quoted_in_the_docs_exists() -> None:
    top = {p.relative_to(ROOT).parts[0] for p in tracked_files()
           if len(p.relative_to(ROOT).parts) > 1}
    missing = []
    for page in documents():
        for quoted in CODE_SPAN.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
            path = quoted.split("::")[0].rstrip(":,.")
            if " " in path or "/" not in path or path.split("/")[0] not in top \
                    or any(ch in path for ch in "<>{}*[]"):
                continue  # not a path of the repository, or a pattern
            if not (ROOT / path).exists():
                missing.append(f"{page.relative_to(ROOT)}: {quoted}")
    assert not missing, "paths quoted in the docs but not in the repository:\n" + "\n".join(
        missing)


def test_nothing_points_outside_the_repository() -> None:
    offending = []
    for path in tracked_files():
        text = text_of(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if any(folder in line for folder in SHARED):
                offending.append(f"{path.relative_to(ROOT)}:{number}")
    assert not offending, "mentions of a folder outside the product:\n" + "\n".join(offending)


def test_the_rule_book_says_the_same_in_both_languages() -> None:
    """Each rule page exists in Spanish and English, with as many sections in each (a rule
    added to one language only shows up as a section count that differs)."""
    rules = ROOT / "docs" / "rules"
    pages = {lang: sorted(p.name for p in (rules / lang).glob("*.md")) for lang in ("es", "en")}
    assert pages["es"] == pages["en"] and "conventions.md" in pages["es"], pages
    for name in pages["es"]:
        es, en = ((rules / lang / name).read_text(encoding="utf-8") for lang in ("es", "en"))
        sections = [re.findall(r"^## ", text, re.MULTILINE) for text in (es, en)]
        assert len(sections[0]) == len(sections[1]), name


def test_every_option_and_choice_is_in_the_rule_book() -> None:
    """Every house rule of a game's ``Options``, each of its choices and a choice's default
    are quoted in the game's page in both languages: the rule book lists every option."""
    from tapete.rules import belote, escoba, nlk, tomate, tute

    for game in (belote.GAME, escoba.GAME, nlk.GAME, tomate.GAME, tute.GAME):
        for lang in ("es", "en"):
            page = ROOT / "docs" / "rules" / lang / f"{game.name}.md"
            quoted = set(CODE_SPAN.findall(page.read_text(encoding="utf-8")))
            for field, info in game.options.model_fields.items():
                assert field in quoted, (page.name, lang, field)
                for arg in (*typing.get_args(info.annotation), info.annotation):
                    if typing.get_origin(arg) is Literal:
                        missing = set(typing.get_args(arg)) - quoted
                        assert not missing, (page.name, lang, field, missing)
                        assert info.default in quoted, (page.name, lang, field, info.default)


def test_the_checks_see_what_they_look_for() -> None:
    """The patterns find citations, links, anchors and quoted paths where they are."""
    assert MD_PATH.findall("see docs/rules/en/tute.md, RULES.md and `README.md`.") == [
        "docs/rules/en/tute.md", "RULES.md", "README.md"]
    assert MD_PATH.findall("docs/rules/<lang>/<game>.md https://x.org/a/README.md *.md") == []
    assert links('[a](es/tute.md) [b](https://x.org) `[c](no.md)`\n[d]: ../ARCHITECTURE.md') \
        == ["es/tute.md", "https://x.org", "../ARCHITECTURE.md"]
    readme = ROOT / "docs" / "rules" / "README.md"
    assert broken_link(readme, "es/tute.md") is None
    assert broken_link(readme, "es/nowhere.md") == "no such file"
    assert broken_link(readme, "../../../outside") == "no such file"
    assert slug("Cards, pot and balances") == "cards-pot-and-balances"
    assert slug("Habanero: draw, sing, swap") == "habanero-draw-sing-swap"
    assert broken_link(readme, "en/tomate.md#cards-pot-and-balances") is None
    assert broken_link(readme, "en/tomate.md#nowhere") == "no heading #nowhere"
    assert any(p.name == "helpdocs.py" for p in tracked_files())


def test_the_readme_invite_link_asks_for_what_the_bot_needs() -> None:
    """The invite link a new user copies carries both scopes and the permissions the bot
    asks for in code (the table picture needs Attach Files, the card faces external emojis)."""
    from tapete.bot.app import PERMISSIONS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", readme)
    assert links, "the README has no invite link"
    for link in links:
        assert "scope=bot+applications.commands" in link
        assert f"permissions={PERMISSIONS.value}" in link
