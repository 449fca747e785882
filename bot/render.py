"""Text rendering shared by every game: cards, actions, events, seat lists.

Only public facts go through here, except :func:`hand_lines`, whose output is only ever sent
ephemerally to the hand's owner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from enum import Enum
from typing import TYPE_CHECKING, Any

from bot.i18n import has, t
from rules.cards import SUIT_NAMES, Card, FrenchSuit, SpanishSuit, parse_card
from rules.engine import Action, Event
from rules.errors import RuleError

if TYPE_CHECKING:
    from bot.tables import Table

SEAT_FIELDS = frozenset({
    "seat", "winner", "loser", "player", "dealer", "leader", "taker", "holder", "declarer",
    "claimant", "capturer", "partner", "by", "to", "source_seat", "target_seat", "mano",
})

SEAT_LIST_FIELDS = frozenset({"winners", "tomates", "seats"})


def cards_label(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in cards) if cards else "—"


def suit_name(suit: Any) -> str:
    if isinstance(suit, SpanishSuit | FrenchSuit):
        return SUIT_NAMES[suit]
    return str(suit)


def suit_letter_name(letter: str, family: str) -> str:
    """The Spanish name of a suit given by its notation letter ("o" → "oros")."""
    suits: Sequence[Enum] = list(SpanishSuit) if family == "spanish" else list(FrenchSuit)
    for suit in suits:
        if suit.value == letter:
            return SUIT_NAMES[suit]  # type: ignore[index]
    return letter


def action_label(table: Table, action: Action) -> str:
    """A short Spanish label for a legal action (buttons, autocomplete)."""
    family = table.state.family if table.state else "spanish"
    game_key = f"action.{table.game}.{action.verb}"
    key = game_key if has(game_key) else f"action.{action.verb}"
    cards: list[Card] = []
    for arg in action.args:
        try:
            cards.append(parse_card(arg, family))
        except RuleError:
            break
    values: dict[str, Any] = {"args": " ".join(action.args)}
    if action.verb == "sing" and action.args:
        values["suit"] = action.args[0] if action.args[0] == "tute" else suit_letter_name(
            action.args[0], family
        )
    if action.verb == "discard" and action.args:
        values["n"] = action.args[0]
    if cards:
        values["card"] = cards[0].label
        rest = cards[1:] if action.verb in ("capture",) else cards
        values["cards"] = cards_label(rest)
    try:
        return t(key, **values)
    except (KeyError, IndexError):
        return str(action)


def _pretty(table: Table, name: str, value: Any) -> Any:
    if isinstance(value, bool):
        return "sí" if value else "no"
    if value is None and name in SEAT_FIELDS:
        return "nadie"
    if isinstance(value, int) and name in SEAT_FIELDS and 0 <= value < len(table.seats):
        return f"**{table.name(value)}**"
    if isinstance(value, Card):
        return value.label
    if isinstance(value, SpanishSuit | FrenchSuit):
        return SUIT_NAMES[value]
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, Card) for v in value):
            return cards_label(value)
        if value and all(isinstance(v, int) for v in value) and name in SEAT_LIST_FIELDS:
            return ", ".join(table.name(v) for v in value if 0 <= v < len(table.seats))
        return ", ".join(str(_pretty(table, name, v)) for v in value)
    return value


def event_line(table: Table, event: Event) -> str | None:
    """The public log line for an event, or None when the event is not shown."""
    key = f"event.{table.game}.{event.kind}"
    if not has(key):
        key = f"event.{event.kind}"
        if not has(key):
            return None
    values = {f.name: _pretty(table, f.name, getattr(event, f.name)) for f in fields(event)}
    try:
        return t(key, **values)
    except (KeyError, IndexError, ValueError):
        return None


def seat_lines(table: Table, marks: dict[int, str] | None = None) -> str:
    """One line per seat, with the turn marker and any per-seat note."""
    to_act = table.state.to_act if table.state else None
    lines = []
    for i, seat in enumerate(table.seats):
        who = seat.name if seat.is_cpu else f"<@{seat.user_id}>"
        turn = "▶️ " if i == to_act else ""
        auto = " 🤖" if i in table.auto else ""
        note = f" — {marks[i]}" if marks and i in marks else ""
        lines.append(f"{turn}{i + 1}. {who}{auto}{note}")
    return "\n".join(lines)
