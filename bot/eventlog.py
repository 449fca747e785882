"""The public log ("Últimas jugadas") as data that survives a restart.

A table keeps its latest log entries (engine events and bot notices) with its runtime data.
They are stored as data, never as rendered text, so after a restart they still render in
the server's language of the moment: an event as its kind and fields (cards as notation,
suits as letters), a notice as its catalog key and values. An entry this version cannot read
back (an event that has since changed shape) is left out rather than failing the restore.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import fields
from functools import cache
from typing import Any

from bot.i18n import Text
from rules.cards import Card, Family, FrenchSuit, SpanishSuit, parse_card
from rules.engine import Event

log = logging.getLogger(__name__)

LogEntry = Event | Text  # the public log keeps data, rendered in the server's language


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return {"card": str(value)}
    if isinstance(value, SpanishSuit | FrenchSuit):
        return {"suit": value.value}
    if isinstance(value, list | tuple):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"{type(value).__name__} cannot be stored in the log")


def _decode(value: Any, family: Family) -> Any:
    if isinstance(value, dict):
        if "card" in value:
            return parse_card(value["card"], family)
        suits = SpanishSuit if family == "spanish" else FrenchSuit
        return suits(value["suit"])
    if isinstance(value, list):
        return tuple(_decode(v, family) for v in value)
    return value


def entry_data(entry: LogEntry) -> dict[str, Any] | None:
    """One log entry as JSON-ready data (None: an entry that cannot be kept)."""
    try:
        if isinstance(entry, Text):
            return {"text": entry.key, "values": {k: _encode(v) for k, v in entry.values}}
        return {"event": entry.kind,
                "fields": {f.name: _encode(getattr(entry, f.name)) for f in fields(entry)}}
    except TypeError:
        return None


def log_data(entries: Iterable[LogEntry]) -> list[dict[str, Any]]:
    """The log as data for the table's runtime record."""
    return [data for data in map(entry_data, entries) if data is not None]


def _subclasses(cls: type[Event]) -> list[type[Event]]:
    found: list[type[Event]] = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


@cache
def event_classes(game: str) -> dict[str, type[Event]]:
    """A game's event classes by kind: its own first, then the shared ones (``rules.tricks``)."""
    classes: dict[str, type[Event]] = {}
    for cls in sorted(_subclasses(Event),
                      key=lambda c: not c.__module__.startswith(f"rules.{game}")):
        classes.setdefault(cls.__name__, cls)
    return classes


def entries_from_data(data: Iterable[dict[str, Any]], game: str,
                      family: Family) -> list[LogEntry]:
    """The log entries read back from the runtime record of a table of ``game``."""
    entries: list[LogEntry] = []
    for item in data:
        try:
            if "text" in item:
                values = {k: _decode(v, family) for k, v in item.get("values", {}).items()}
                entries.append(Text.of(item["text"], **values))
                continue
            cls = event_classes(game)[item["event"]]
            entries.append(cls(**{k: _decode(v, family) for k, v in item["fields"].items()}))
        except Exception:  # an entry of an older shape: left out, the rest still shows
            log.warning("A %s log entry could not be read back; left out", game)
    return entries
