"""Text rendering shared by every game: actions, events, refusals, seat lists.

Everything is rendered in a given :class:`~bot.i18n.Lang`. Only public facts go through here;
a hand is rendered by the private hand message alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from tapete.bot.i18n import LANGUAGES, Lang, Text, render_value
from tapete.bot.ratings import sides_of
from tapete.bot.typed import spoken_text, verb_word
from tapete.rules.cards import Card, FrenchSuit, SpanishSuit, parse_card
from tapete.rules.engine import Action, Arg, Event, Game
from tapete.rules.errors import RuleError

if TYPE_CHECKING:
    from tapete.bot.eventlog import LogEntry
    from tapete.bot.tables import Table


def _suit(letter: str, family: str) -> SpanishSuit | FrenchSuit | None:
    suits = SpanishSuit if family == "spanish" else FrenchSuit
    return next((s for s in suits if s.value == letter), None)


def action_values(table: Table, action: Action, lang: Lang) -> dict[str, Any]:
    """The catalog variables of an action, from its verb's declared argument kinds."""
    game = table.spec.game
    verb = game.verb(action.verb)
    values: dict[str, Any] = {"raw": " ".join(action.args)}
    args = list(action.args)
    for index, (name, kind) in enumerate(verb.args):
        if kind is Arg.CARDS:
            rest = args[index:]
            try:
                values[name] = lang.cards([parse_card(a, game.family) for a in rest])
            except RuleError:
                values[name] = " ".join(rest)
            break
        if index >= len(args):
            values[name] = ""
            continue
        arg = args[index]
        if kind is Arg.CARD:
            try:
                values[name] = lang.card(parse_card(arg, game.family))
            except RuleError:
                values[name] = arg
        elif kind is Arg.SUIT:
            suit = _suit(arg, game.family)
            values[name] = lang.suit(suit) if suit is not None else arg
        elif kind is Arg.SEAT and arg.isdigit() and int(arg) < len(table.seats):
            values[name] = table.name(int(arg))
        elif kind is Arg.NUMBER and arg.isdigit():
            values[name] = int(arg)
        else:
            values[name] = arg
    extra = table.spec.label_values
    if extra is not None:
        values.update(extra(table, action, lang))
    return values


def action_label(table: Table, action: Action, lang: Lang) -> str:
    """A short label for a legal action (buttons, autocomplete, confirmations).

    A hand is redrawn after every move with mostly the same labels, so a label that reads
    nothing of the table is kept per game, language and action (:data:`_LABELS`)."""
    key = (table.game, lang.code, str(action))
    label = _LABELS.get(key)
    if label is not None:
        return label
    keys = (f"action-{table.game}-{action.verb}", f"action-{action.verb}")
    label = lang.first(keys, **action_values(table, action, lang)) or str(action)
    if _table_free(table, action):
        if len(_LABELS) >= LABELS_KEPT:
            _LABELS.clear()
        _LABELS[key] = label
    return label


# Labels of actions that read nothing of a table, by (game, language, action); cleared when
# full (a game has a few hundred actions at most).
LABELS_KEPT = 8192
_LABELS: dict[tuple[str, str, str], str] = {}


def _table_free(table: Table, action: Action) -> bool:
    """Whether an action's label is the same at every table of its game: it names no seat
    (a player's name) and the game adds no values of its own (``label_values``)."""
    if table.spec.label_values is not None:
        return False
    verb = table.spec.game.verb(action.verb)
    return all(kind is not Arg.SEAT for _, kind in verb.args)


# Event and result fields holding one number per side (a seat, or a pair): shown with names.
PER_SIDE_FIELDS = frozenset({"points", "scores", "scored", "totals", "nets", "card_points",
                             "cante_points", "combinations", "juegos"})


def per_side(seat_names: Sequence[str], values: Sequence[Any], lang: Lang) -> str:
    """One value per side, each after its side's name: "Ana 75 · Luis 87", "Ana y Eva 3 ·
    Luis y CPU 1" (pairs sit alternately); values that fit no sides, as they are."""
    count = sides_of(len(seat_names), values)
    if count != len(values):
        return " · ".join(str(v) for v in values)
    joiner = f" {lang.t('word-and')} "
    names = [joiner.join(seat_names[s] for s in range(side, len(seat_names), count))
             for side in range(count)]
    return " · ".join(f"{name} {value}" for name, value in zip(names, values, strict=True))


def event_values(table: Table, event: Event, lang: Lang) -> dict[str, Any]:
    """An event's catalog variables. Its cards stay text labels: the log's eight lines must
    fit one embed field, and a face's markup is some forty characters."""
    family = table.spec.game.family
    values = {}
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name in ("suit", "trump") and isinstance(value, str):
            value = _suit(value, family) or value
        if f.name in PER_SIDE_FIELDS and isinstance(value, tuple) \
                and all(isinstance(v, int) for v in value):
            values[f.name] = per_side([s.name for s in table.seats], value, lang)
            continue
        values[f.name] = render_value(lang, f.name, value, table.name)
    return values


def event_line(table: Table, event: Event, lang: Lang) -> str | None:
    """The public log line for an event, or None when the event is not shown."""
    keys = (f"event-{table.game}-{event.kind}", f"event-{event.kind}")
    line = lang.first(keys, **event_values(table, event, lang))
    return line or None


def log_lines(table: Table, entries: Sequence[LogEntry], lang: Lang) -> list[str]:
    """The log entries as lines in ``lang``, each rendered once per language and then reused
    (the public message is redrawn after every move; its log barely changes)."""
    cache = table.log_cache
    lines = []
    for entry in entries:
        key = (id(entry), lang.code)
        hit = cache.get(key)
        if hit is not None and hit[0] is entry:
            line = hit[1]
        else:
            line = (entry.render(lang, table.name) if isinstance(entry, Text)
                    else event_line(table, entry, lang))
            cache[key] = (entry, line)
        if line:
            lines.append(line)
    if len(cache) > 4 * max(len(entries), 1) * len(LANGUAGES):
        alive = {id(e) for e in entries}
        for key in [k for k in cache if k[0] not in alive]:
            del cache[key]
    return lines


# Discord's limits: a message's content, an embed field's value, what we echo of user input.
CONTENT_LIMIT = 2000
FIELD_LIMIT = 1024
ECHO_LIMIT = 100


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with "…" when something was left out."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit_lines(lines: Sequence[str], limit: int = FIELD_LIMIT, *, newest_last: bool = False) -> str:
    """As many whole lines as fit in ``limit`` (the first ones, or the last with
    ``newest_last``), and "…" where the others were left out."""
    ordered = list(reversed(lines)) if newest_last else list(lines)
    kept: list[str] = []
    size = 0
    for line in ordered:
        line = clip(line, limit - 2)
        if size + len(line) + 1 > limit - 2:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept) if newest_last else kept)


# Refusals whose ``text`` echoes an action (its verb is said in the reader's words).
ECHOED_ACTIONS = frozenset({"not_now", "unknown_action", "missing_card"})


def refusal(error: RuleError, lang: Lang, game: str | None = None,
            seat_name: Any = str, family: str = "spanish", rules: Game | None = None) -> str:
    """A refused move in the reader's language: ``error-<game>-<code>`` or ``error-<code>``.
    With the game's ``rules``, a verb the refusal names is the reader's word for it."""
    code = error.code.value
    values = {}
    for name, value in error.params.items():
        if name in ("suit", "trump") and isinstance(value, str):
            value = _suit(value, family) or value
        elif rules is not None and name == "verb" and isinstance(value, str):
            value = verb_word(lang, rules.name, value)
        elif isinstance(value, str):  # an echo of what the player typed
            if rules is not None and name == "text" and code in ECHOED_ACTIONS:
                value = spoken_text(lang, rules, value)
            value = clip(value, ECHO_LIMIT)
        values[name] = render_value(lang, name, value, seat_name)
    keys = ([f"error-{game}-{code}"] if game else []) + [f"error-{code}"]
    return lang.first(keys, **values) or code


def option_label(lang: Lang, game: str, name: str) -> str:
    """An option of a game's ``nueva`` as a reader calls it ("Captura", "Capture")."""
    return lang.first([f"option-{game}-{name}-label", f"option-{game}-{name}-name"]) or name


def option_value(lang: Lang, game: str, name: str, value: Any) -> str:
    """An option's value in words: a choice by its name, yes/no, a number grouped as the
    language writes it, and what "empty" means for that option."""
    if isinstance(value, bool):
        return lang.yes_no(value)
    if value is None:
        return lang.first([f"option-{game}-{name}-none"]) or lang.t("word-default")
    if isinstance(value, int):
        return lang.number(value)
    return lang.first([f"option-{game}-{name}-{value}"]) or str(value)


def seat_lines(table: Table, marks: dict[int, str] | None = None) -> str:
    """One line per seat, with the turn marker and any per-seat note."""
    to_act = table.state.to_act if table.state else None
    lines = []
    for i, seat in enumerate(table.seats):
        who = seat.name if seat.is_cpu else f"<@{seat.user_id}>"
        turn = "▶️ " if i == to_act else ""
        auto = " 💤" if i in table.presence.absent else " 🤖" if i in table.auto else ""
        note = f" — {marks[i]}" if marks and i in marks else ""
        lines.append(f"{turn}{i + 1}. {who}{auto}{note}")
    return "\n".join(lines)


def side_names(table: Table, sides: Sequence[Sequence[int]], lang: Lang) -> list[str]:
    """One display name per side: a seat, or the seats of a pair joined by "y"/"and"."""
    joiner = f" {lang.t('word-and')} "
    return [joiner.join(table.name(s) for s in side) for side in sides]


def score_line(names: Sequence[str], scores: Sequence[int]) -> str:
    return " · ".join(f"{name}: **{score}**" for name, score in zip(names, scores, strict=False))


def cards_label(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in cards) if cards else "—"
