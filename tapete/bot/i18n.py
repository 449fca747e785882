"""Every word the bot shows comes from here: one Fluent catalog per language.

The catalogs are the ``.ftl`` files under ``locales/<language>/`` (shared texts, slash
commands, and one file per game), loaded once. Fluent (``fluent.runtime``) gives plurals and
placeholders per language; we chose it over gettext because its messages are named by key and
each language writes its own plural and select forms, so a catalog needs no compile step and
the English and Spanish files stay side by side, key for key.

* :class:`Lang` formats one language: ``lang.t("table-gone")``. A key that does not exist
  renders as the key itself (and is logged once), never as another language.
* :func:`lang_for` picks the language of a reply: the user's Discord locale when we speak it
  (``en-US``/``en-GB`` → English, ``es-ES``/``es-419`` → Spanish), else the server's language.
* :func:`render_value` turns engine data (cards, suits, seats, booleans) into words.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number

from tapete.rules.cards import Card, FrenchSuit, SpanishSuit
from tapete.rules.engine import SEAT_FIELDS, SEAT_LIST_FIELDS

log = logging.getLogger(__name__)

LOCALES = Path(__file__).resolve().parent.parent / "locales"
LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "es"
MEMO_SIZE = 20_000  # formatted messages kept per language (see Lang.t)
# fluent.runtime refuses a text value longer than 2,500 characters and renders the whole
# placeable as "{???}": a longer value (an echoed input) is cut to this first.
VALUE_LIMIT = 2_000
_FLUENT_LOCALES = {"es": ["es-ES", "es"], "en": ["en-US", "en"]}


def _number_bundle(code: str) -> tuple[FluentBundle, Any]:
    """A bundle that only prints a number, grouped as ``code`` writes it, and its pattern."""
    bundle = FluentBundle(_FLUENT_LOCALES[code], use_isolating=False)
    bundle.add_resource(FluentResource("number = { $n }\n"))
    return bundle, bundle.get_message("number").value


_NUMBERS = {code: _number_bundle(code) for code in _FLUENT_LOCALES}



class Lang:
    """One language's catalog: formats messages by key."""

    def __init__(self, code: str, bundle: FluentBundle) -> None:
        self.code = code
        self._bundle = bundle
        self._missing: set[str] = set()
        self._memo: dict[tuple[str, tuple[tuple[str, type, Any], ...]], str] = {}

    def has(self, key: str) -> bool:
        return self._bundle.has_message(key)

    def keys(self) -> set[str]:
        return set(self._bundle._messages)

    def t(self, key: str, **values: Any) -> str:
        """The message ``key`` with ``values``; the key itself if the catalog lacks it.

        Formatting (plural rules above all) costs tens of microseconds and a table message
        repeats the same texts after every move, so results are memoized per language.
        """
        memo_key = (key, tuple((k, type(v), v) for k, v in values.items()))  # 1 is not True
        try:
            return self._memo[memo_key]
        except KeyError:
            text = self._format(key, values)
        except TypeError:  # an unhashable value: format without memo
            return self._format(key, values)
        if len(self._memo) >= MEMO_SIZE:
            self._memo.clear()
        self._memo[memo_key] = text
        return text

    def _format(self, key: str, values: dict[str, Any]) -> str:
        if not self._bundle.has_message(key):
            if key not in self._missing:
                self._missing.add(key)
                log.warning("Missing message %s in %s", key, self.code)
            return key
        message = self._bundle.get_message(key)
        if message.value is None:
            return key
        args = {k: _fluent_value(v) for k, v in values.items()}
        text, errors = self._bundle.format_pattern(message.value, args)
        if errors:
            log.warning("Message %s in %s: %s", key, self.code, errors[0])
        return str(text)

    def attribute(self, key: str, name: str) -> str | None:
        """The attribute ``name`` of message ``key`` (``.also`` of a verb word), or None."""
        if not self._bundle.has_message(key):
            return None
        pattern = self._bundle.get_message(key).attributes.get(name)
        if pattern is None:
            return None
        text, _ = self._bundle.format_pattern(pattern, {})
        return str(text)

    def number(self, value: int) -> str:
        """A number grouped as this language writes it: 1.000.000 / 1,000,000 (messages
        print numbers ungrouped; this is for amounts a reader compares, like option values)."""
        bundle, pattern = _NUMBERS[self.code]
        text, _ = bundle.format_pattern(pattern, {"n": fluent_number(value, useGrouping=True)})
        return str(text)

    def first(self, keys: Iterable[str], **values: Any) -> str | None:
        """The first of ``keys`` that exists, formatted; None if none does."""
        for key in keys:
            if self.has(key):
                return self.t(key, **values)
        return None

    # -- engine data in words ---------------------------------------------------------------

    def suit(self, suit: SpanishSuit | FrenchSuit) -> str:
        family = "spanish" if isinstance(suit, SpanishSuit) else "french"
        return self.t(f"suit-{family}-{suit.value}")

    def card(self, card: Card) -> str:
        return card.label

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(c.label for c in cards) or "—"

    def yes_no(self, value: bool) -> str:
        return self.t("word-yes" if value else "word-no")


def _fluent_value(value: Any) -> Any:
    """A value as Fluent formats it: numbers keep their plural forms but no grouping (a pot
    of 1500 reads "1500"); a text too long for Fluent is cut (see ``VALUE_LIMIT``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return fluent_number(value, useGrouping=False)
    if isinstance(value, str) and len(value) > VALUE_LIMIT:
        return value[: VALUE_LIMIT - 1] + "…"
    return value


@cache
def catalog(code: str) -> Lang:
    """The catalog of a language, loaded once from ``locales/<code>/*.ftl``."""
    bundle = FluentBundle(_FLUENT_LOCALES[code], use_isolating=False)
    for path in sorted((LOCALES / code).glob("*.ftl")):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return Lang(code, bundle)


def language_of_locale(locale: object) -> str | None:
    """The language we speak for a Discord locale (``en-US`` → ``en``), or None."""
    prefix = str(locale).split("-")[0].lower()
    return prefix if prefix in LANGUAGES else None


def lang_for(locale: object, server_language: str = DEFAULT_LANGUAGE) -> Lang:
    """The language of a private reply: the user's locale if we speak it, else the server's."""
    return catalog(language_of_locale(locale) or server_language)


def render_value(lang: Lang, name: str, value: Any, seat_name: Callable[[int], str]) -> Any:
    """An engine value as words: seats by name, cards by label, suits by name, bools yes/no."""
    if isinstance(value, bool):
        return lang.yes_no(value)
    if value is None and name in SEAT_FIELDS:
        return lang.t("word-nobody")
    if isinstance(value, int) and name in SEAT_FIELDS:
        return f"**{seat_name(value)}**"
    if isinstance(value, Card):
        return lang.card(value)
    if isinstance(value, SpanishSuit | FrenchSuit):
        return lang.suit(value)
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, Card) for v in value):
            return lang.cards(value)
        if name in SEAT_LIST_FIELDS and all(isinstance(v, int) for v in value):
            return ", ".join(seat_name(v) for v in value) or lang.t("word-nobody")
        return ", ".join(str(render_value(lang, name, v, seat_name)) for v in value)
    if value is None:
        return "—"
    if isinstance(value, int | str | float):
        return value
    return str(value)


@dataclass(frozen=True)
class Text:
    """A message not yet rendered: a key and its values (rendered in the reader's language)."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Any) -> Text:
        return cls(key, tuple(values.items()))

    def render(self, lang: Lang, seat_name: Callable[[int], str] = str) -> str:
        values = {k: render_value(lang, k, v, seat_name) for k, v in self.values}
        return lang.t(self.key, **values)
