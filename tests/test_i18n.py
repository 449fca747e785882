"""The message catalogs: every language has every key, with the same placeholders, and a
message for every refusal code and event kind the engines can produce."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.syntax import ast as fl
from fluent.syntax import parse

from tapete.bot.i18n import LANGUAGES, LOCALES, catalog, lang_for
from tapete.rules import belote, escoba, nlk, tomate, tute
from tapete.rules.engine import Event
from tapete.rules.errors import all_refusals

GAMES = [tute.GAME, escoba.GAME, tomate.GAME, belote.GAME, nlk.GAME]


def messages(language: str) -> dict[str, set[str]]:
    """Every message of a language and the variables it uses."""
    found: dict[str, set[str]] = {}
    for path in sorted((LOCALES / language).glob("*.ftl")):
        resource = parse(path.read_text(encoding="utf-8"))
        junk = [e for e in resource.body if isinstance(e, fl.Junk)]
        assert not junk, f"{path}: {junk[0].annotations[0].message if junk else ''}"
        for entry in resource.body:
            if isinstance(entry, fl.Message):
                assert entry.id.name not in found, f"{entry.id.name} twice in {language}"
                source = path.read_text(encoding="utf-8")
                span = entry.span
                text = source[span.start:span.end] if span else ""
                found[entry.id.name] = set(re.findall(r"\$([a-zA-Z_][\w-]*)", text))
    return found


def all_events() -> set[type[Event]]:
    pending, seen = [Event], set()
    while pending:
        cls = pending.pop()
        for sub in cls.__subclasses__():
            if sub not in seen:
                seen.add(sub)
                pending.append(sub)
    return seen


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "es"])
def test_every_language_has_the_same_keys_and_placeholders(language: str) -> None:
    spanish, other = messages("es"), messages(language)
    assert sorted(set(spanish) - set(other)) == []
    assert sorted(set(other) - set(spanish)) == []
    for key, variables in spanish.items():
        assert other[key] == variables, f"{key}: {variables} vs {other[key]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_code_has_a_message(language: str) -> None:
    lang = catalog(language)
    for code in all_refusals():
        keys = [f"error-{code.value}"] + [f"error-{g.name}-{code.value}" for g in GAMES]
        assert any(lang.has(k) for k in keys), f"no message for refusal {code.value}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_kind_has_a_message_in_each_game(language: str) -> None:
    lang = catalog(language)
    for game in GAMES:
        module = __import__(f"tapete.rules.{game.name}", fromlist=["x"])
        kinds = {cls.__name__ for cls in all_events()
                 if cls.__module__.startswith(module.__name__)
                 or getattr(module, cls.__name__, None) is cls}
        assert kinds, game.name
        for kind in kinds:
            keys = [f"event-{game.name}-{kind}", f"event-{kind}"]
            assert any(lang.has(k) for k in keys), f"{game.name}: no message for {kind}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_verb_option_and_game_has_texts(language: str) -> None:
    lang = catalog(language)
    for game in GAMES:
        assert lang.has(f"game-{game.name}") and lang.has(f"help-{game.name}")
        assert len(lang.t(f"game-{game.name}-desc")) <= 100
        for verb in game.verbs:
            assert lang.has(f"action-{game.name}-{verb.name}") or lang.has(
                f"action-{verb.name}"), f"{game.name}: no label for {verb.name}"
        for field in game.options.model_fields:
            description = lang.t(f"option-{game.name}-{field}")
            assert description != f"option-{game.name}-{field}" and len(description) <= 100
            name = lang.t(f"option-{game.name}-{field}-name")
            assert re.fullmatch(r"[-_\w]{1,32}", name) and name == name.lower(), name


def test_locale_picks_the_users_language_else_the_servers() -> None:
    assert lang_for("en-US").code == "en" and lang_for("en-GB", "es").code == "en"
    assert lang_for("es-ES", "en").code == "es" and lang_for("es-419", "en").code == "es"
    assert lang_for("fr", "en").code == "en" and lang_for("ja").code == "es"


def test_numbers_keep_plurals_without_grouping() -> None:
    assert catalog("es").t("cpu-name", n=1500) == "CPU 1500"
    assert Path(LOCALES).is_dir()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_has_its_rule_book_in_pages(language: str) -> None:
    from tapete.bot.helpdocs import rule_pages, rules_file
    for game in GAMES:
        path = rules_file(game.name, language)
        assert path is not None and path.parent.name == language, game.name
        pages = rule_pages(game.name, language)
        assert len(pages) >= 4, game.name
        assert pages[0].title and all(0 < len(p.body) <= 1600 for p in pages), game.name
