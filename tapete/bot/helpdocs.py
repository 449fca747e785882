"""Each game's rule book, read from ``docs/rules/<language>/<game>.md`` and cut into pages.

The rule book ships inside the package as ``tapete.rulebook`` (``pyproject.toml`` maps that
package to ``docs/rules``), so an installed bot has it too; a checkout run without installing
reads it from ``docs/rules`` directly.

The same files are the rules a reader finds in the repository and what ``/tapete ayuda``
shows in Discord: the first page is the title and the introduction, then one page per
``## `` section. A language without its own file falls back to Spanish.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from tapete.bot.i18n import DEFAULT_LANGUAGE


def rule_book() -> Traversable:
    """The folder of the rule pages: the package's, else the checkout's ``docs/rules``."""
    try:
        return resources.files("tapete.rulebook")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "docs" / "rules"


DOCS = rule_book()
PAGE_LIMIT = 4000  # an embed description holds 4,096 characters


@dataclass(frozen=True)
class Page:
    title: str
    body: str


def rules_file(game: str, language: str) -> Traversable | None:
    for lang in (language, DEFAULT_LANGUAGE):
        path = DOCS / lang / f"{game}.md"
        if path.is_file():
            return path
    return None


@cache
def rule_pages(game: str, language: str) -> tuple[Page, ...]:
    """The pages of a game's rules in ``language`` (empty when there is no file)."""
    path = rules_file(game, language)
    if path is None:
        return ()
    return split_pages(path.read_text(encoding="utf-8"))


def split_pages(text: str) -> tuple[Page, ...]:
    """``# Title`` + introduction, then a page per ``## Section``."""
    title = ""
    sections: list[tuple[str, list[str]]] = [("", [])]
    for line in text.splitlines():
        if line.startswith("# ") and not title:
            title = line[2:].strip()
        elif line.startswith("## "):
            sections.append((line[3:].strip(), []))
        else:
            sections[-1][1].append(line)
    pages = []
    for heading, lines in sections:
        body = "\n".join(lines).strip()
        if not heading and not body:
            continue
        pages.append(Page(f"{title} — {heading}" if heading else title, body[:PAGE_LIMIT]))
    return tuple(pages)
