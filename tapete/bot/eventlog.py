"""The public log ("Últimas jugadas") as data that survives a restart.

A table keeps its latest log entries (engine events and bot notices) with its runtime data.
They are stored as data, never as rendered text, so after a restart they still render in
the server's language of the moment: an event as its kind and fields (cards as notation,
suits as letters), a notice as its catalog key and values. An entry this version cannot read
back (an event that has since changed shape) is left out rather than failing the restore.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import fields
from functools import cache
from typing import Any

from tapete.bot.i18n import Text
from tapete.rules.cards import Card, Family, FrenchSuit, SpanishSuit, parse_card
from tapete.rules.engine import Event

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
    return [kept[1] for kept in map(_kept, entries) if kept[1] is not None]


def log_json(entries: Iterable[LogEntry]) -> str:
    """``json.dumps(log_data(entries))``, from each entry's text made once."""
    return "[" + ", ".join(_text(kept) for kept in map(_kept, entries)
                           if kept[1] is not None) + "]"


def _kept(entry: LogEntry) -> list[Any]:
    """An entry's data, and its JSON text once asked for, made once per entry.

    The runtime record is written at every move with the whole log, whose entries never
    change: they are kept by the entry's identity (:data:`_DATA`, the entry held so that its
    id stays its own) as ``[entry, data, text or None]``."""
    kept = _DATA.get(id(entry))
    if kept is None or kept[0] is not entry:
        if len(_DATA) >= DATA_KEPT:
            _DATA.clear()
        kept = _DATA[id(entry)] = [entry, entry_data(entry), None]
    return kept


def _text(kept: list[Any]) -> str:
    if kept[2] is None:
        kept[2] = json.dumps(kept[1])
    text: str = kept[2]
    return text


# Log entries' data and JSON by the entry's id (see _kept); cleared when full. A table keeps
# 24 entries at most, so this holds the logs of the last few hundred busy tables.
DATA_KEPT = 8192
_DATA: dict[int, list[Any]] = {}


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
                      key=lambda c: not c.__module__.startswith(f"tapete.rules.{game}")):
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
