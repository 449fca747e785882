"""docs/ARCHITECTURE.md layering: rules/ is pure, bot/ never imports cogs/."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def layer(module: str) -> str:
    """The layer or library a module belongs to: ``tapete.rules.cards`` → ``rules``,
    ``discord.ui`` → ``discord``."""
    parts = module.split(".")
    return parts[1] if parts[0] == "tapete" and len(parts) > 1 else parts[0]


def imported_modules(folder: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / "tapete" / folder).rglob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(layer(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(layer(node.module))
        found[str(path.relative_to(ROOT))] = names
    return found


def test_rules_is_pure() -> None:
    forbidden = {"discord", "aiosqlite", "asyncio", "sqlite3", "bot", "cogs"}
    for path, names in imported_modules("rules").items():
        assert not names & forbidden, f"{path} imports {names & forbidden}"


def test_bot_does_not_import_cogs() -> None:
    for path, names in imported_modules("bot").items():
        assert "cogs" not in names, f"{path} imports cogs"


def _string_literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def test_bot_names_no_game_and_no_verb() -> None:
    """Adding a game needs no edit in bot/: its code names no game and no game's verb."""
    from tapete.cogs import belote, escoba, nlk, tomate, tute  # noqa: F401  (each registers)
    from tapete.rules import belote as belote_rules
    from tapete.rules import escoba as escoba_rules
    from tapete.rules import nlk as nlk_rules
    from tapete.rules import tomate as tomate_rules
    from tapete.rules import tute as tute_rules

    games = [tute_rules.GAME, escoba_rules.GAME, tomate_rules.GAME, belote_rules.GAME,
             nlk_rules.GAME]
    names = {g.name for g in games}
    # ``play`` and ``pass`` are the verbs every game shares (docs/ARCHITECTURE.md); the rest are a
    # game's own. Belote's ``name`` is also the ordinary word of catalog keys (``-name``) and
    # seat records, so it is looked for only as the verb of an action text (``name <suit>``).
    verbs = {v.name for g in games for v in g.verbs} - {"play", "pass", "name"}
    assert verbs, "the games declare their verbs"
    for path in sorted((ROOT / "tapete" / "bot").rglob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        for name in names:
            assert name not in text, f"{path.name} mentions the game {name!r}"
        for literal in _string_literals(path):
            words = set(literal.lower().replace("-", " ").replace(":", " ").split())
            assert not words & verbs, f"{path.name} names the verb(s) {words & verbs}"
            assert not literal.lower().startswith("name "), f"{path.name} names the verb name"
