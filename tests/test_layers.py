"""ARCHITECTURE.md layering: rules/ is pure, bot/ never imports cogs/."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(folder: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / folder).rglob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_rules_is_pure() -> None:
    forbidden = {"discord", "aiosqlite", "asyncio", "sqlite3", "bot", "cogs"}
    for path, names in imported_modules("rules").items():
        assert not names & forbidden, f"{path} imports {names & forbidden}"


def test_bot_does_not_import_cogs() -> None:
    for path, names in imported_modules("bot").items():
        assert "cogs" not in names, f"{path} imports cogs"
