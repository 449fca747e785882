"""The pieces of the engine protocol that every game shares.

* :class:`Action` — a verb and its arguments; ``str(action)`` is the stable notation that
  ``State.apply`` also accepts as text (``play 7o``, ``sing tute``, ``discard 2``).
* :class:`Event` — base of the frozen dataclasses a move produces; the bot renders them by
  their ``kind`` (the class name) through its message catalog.
* :class:`Result` — the end of a match.
* :class:`DeckSource` — scripted deck orders first, then seeded shuffles; its RNG state is part
  of ``to_json`` so a restored game deals exactly the same cards.
* :class:`GameState` — the protocol a table needs from every game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar, Protocol, Self

from rules.cards import Card, Family, parse_card
from rules.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Action:
    """A decision: ``verb`` plus text arguments (cards in canonical notation)."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.split()
        if not words:
            raise IllegalAction("Acción vacía.")
        return cls(words[0].lower(), tuple(words[1:]))

    @classmethod
    def play(cls, card: Card) -> Action:
        return cls("play", (str(card),))

    def card(self, family: Family, index: int = 0) -> Card:
        if len(self.args) <= index:
            raise IllegalAction(f"Falta la carta en «{self}».")
        return parse_card(self.args[index], family)


def as_action(action: Action | str) -> Action:
    return action if isinstance(action, Action) else Action.parse(action)


@dataclass(frozen=True)
class Event:
    """Something that happened; subclasses add fields. ``kind`` keys the message catalog."""

    @property
    def kind(self) -> str:
        return type(self).__name__

    def data(self) -> dict[str, Any]:
        """Fields as plain values (cards as their notation) for rendering and logs."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class Result:
    """Final standing. ``winners`` are seats; ``scores`` one number per seat (or per pair)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    summary: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class DeckSource:
    """Deals from scripted decks (top card first) in order, then from seeded shuffles."""

    def __init__(self, seed: int | None, decks: Iterable[Sequence[Card]] = ()) -> None:
        self.rng = random.Random(seed)
        self.scripted: list[list[Card]] = [list(d) for d in decks]

    def next_deck(self, full: Sequence[Card]) -> list[Card]:
        """The next hand's deck, top card first."""
        if self.scripted:
            deck = self.scripted.pop(0)
            if sorted(map(str, deck)) != sorted(map(str, full)):
                raise ValueError("A scripted deck must hold exactly the game's cards.")
            return deck
        deck = list(full)
        self.rng.shuffle(deck)
        return deck

    def to_data(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "rng": [version, list(internal), gauss],
            "scripted": [[str(c) for c in d] for d in self.scripted],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any], family: Family) -> DeckSource:
        source = cls(None)
        version, internal, gauss = data["rng"]
        source.rng.setstate((version, tuple(internal), gauss))
        source.scripted = [[parse_card(c, family) for c in d] for d in data["scripted"]]
        return source


class GameState(Protocol):
    """What the table layer needs from every game's ``State``."""

    family: ClassVar[Family]

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> Result | None: ...

    @property
    def players(self) -> int: ...

    def legal_actions(self) -> list[Action]: ...

    def apply(self, seat: int, action: Action | str) -> list[Event]: ...

    def view(self, seat: int | None) -> Any: ...

    def to_json(self) -> str: ...

    @classmethod
    def from_json(cls, s: str) -> Self: ...
