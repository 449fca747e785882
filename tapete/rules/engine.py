"""The pieces of the engine protocol that every game shares.

* :class:`Action` — a verb and its arguments; ``str(action)`` is the stable notation that
  ``State.apply`` also accepts as text (``play 7o``, ``sing tute``, ``discard 2``).
* :class:`Event` — base of the frozen dataclasses a move produces; the bot renders them by
  their ``kind`` (the class name) through its message catalog.
* :class:`Result` — the end of a match.
* :class:`DeckSource` — scripted deck orders first, then seeded shuffles; its RNG state is part
  of ``to_json`` so a restored game deals exactly the same cards.
* :class:`Verb` and :class:`Arg` — the typed arguments of a game's verbs, from which the bot
  builds buttons, choosers, autocomplete and labels without knowing the game.
* :class:`GameState` — the protocol a table needs from every game; :class:`Game` — what a
  game module exports (``GAME``) for the bot to register.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from collections.abc import Callable, Iterable, Sequence
from dataclasses import MISSING, asdict, dataclass, field, fields
from enum import StrEnum
from functools import lru_cache
from typing import Any, ClassVar, Protocol, Self, TypeVar

from pydantic import BaseModel, GetCoreSchemaHandler
from pydantic_core import core_schema

from tapete.rules.cards import Card, Family, parse_card
from tapete.rules.errors import Common, IllegalAction, Refusal

T = TypeVar("T")



def fast_init(cls: type[T]) -> type[T]:
    """Give a frozen dataclass an ``__init__`` that stores its fields directly.

    The generated one goes through ``object.__setattr__`` for each field (the class is
    frozen), which doubles the cost of building an action or an event, and every move
    builds several. This one fills the instance ``__dict__`` (or, with slots, calls the
    slots' own setters). Same signature, defaults and result; a class it cannot mirror
    exactly (field factories, keyword-only or non-init fields, ``__post_init__``) is left as
    it is. Use above ``@dataclass(frozen=True)``.
    """
    specs = fields(cls)  # type: ignore[arg-type]
    slots = "__slots__" in cls.__dict__
    if (
        hasattr(cls, "__post_init__")
        or any(f.default_factory is not MISSING or f.kw_only or not f.init for f in specs)
        or any(f.name in ("self_", "values_") or f.name.startswith("_") for f in specs)
        or (slots and not all(hasattr(cls.__dict__.get(f.name), "__set__") for f in specs))
    ):
        return cls
    namespace: dict[str, Any] = {
        f"_default_{f.name}": f.default for f in specs if f.default is not MISSING
    }
    params = ", ".join(
        f.name if f.default is MISSING else f"{f.name}=_default_{f.name}" for f in specs
    )
    if slots:
        namespace.update({f"_set_{f.name}": cls.__dict__[f.name].__set__ for f in specs})
        body = "".join(f"    _set_{f.name}(self_, {f.name})\n" for f in specs)
    else:
        body = "    values_ = self_.__dict__\n" + "".join(
            f"    values_[{f.name!r}] = {f.name}\n" for f in specs
        )
    exec(f"def __init__(self_, {params}):\n{body or '    pass'}\n", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


@fast_init
@dataclass(frozen=True, slots=True)
class Action:
    """A decision: ``verb`` plus text arguments (cards in canonical notation)."""

    verb: str
    args: tuple[str, ...] = ()

    PASS: ClassVar[str] = "pass"  # the verb every game uses to decline

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.split()
        if not words:
            raise IllegalAction(Common.EMPTY_ACTION)
        return cls(words[0].lower(), tuple(words[1:]))

    @classmethod
    def play(cls, card: Card) -> Action:
        return cls("play", (str(card),))

    def card(self, family: Family, index: int = 0) -> Card:
        if len(self.args) <= index:
            raise IllegalAction(Common.MISSING_CARD, text=str(self))
        return parse_card(self.args[index], family)


def as_action(action: Action | str) -> Action:
    return action if isinstance(action, Action) else Action.parse(action)


def among(action: Action, legal: Sequence[Action]) -> bool:
    """``action in legal``, by identity first: a caller usually hands back one of the very
    objects ``legal_actions`` returned, and each equality test is a Python call."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


# The names under which events, views and refusals hold seats: the bot shows them as the
# players' names. An engine naming a seat field otherwise must add the name here.
SEAT_FIELDS = frozenset({
    "seat", "winner", "loser", "player", "dealer", "leader", "taker", "holder", "declarer",
    "claimant", "offender", "capturer", "partner", "by", "to", "source_seat", "target_seat",
    "mano",
})
SEAT_LIST_FIELDS = frozenset({"winners", "tomates", "seats", "losers"})


@dataclass(frozen=True)
class Event:
    """Something that happened; subclasses add fields. ``kind`` keys the message catalog.

    ``ENDS_HAND`` marks the event that closes a hand (its scoring): the table layer counts
    hands by it (a player away for a whole hand) without knowing the game.
    """

    ENDS_HAND: ClassVar[bool] = False

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


@lru_cache(maxsize=64)
def _shuffler(size: int) -> Callable[[bytes, list[Any]], None]:
    """A Fisher-Yates shuffle of ``size`` items driven by ``4 * (size - 1)`` random bytes,
    written out swap by swap (the positions are constants, so no loop is run)::

        w0, w1, ... = unpack(data)    # one 32-bit word per swap
        j = w0 % 40                   # position 39 of 40: a draw below 40
        deck[39], deck[j] = deck[j], deck[39]
        ...

    A draw below ``k`` is ``w % k``: off uniform by at most ``k / 2**32``, far below anything
    a table could ever notice (and cheaper than a multiply and shift, or a rejection loop).
    """
    if size < 2:
        return lambda data, deck: None
    words = ", ".join(f"w{i}" for i in range(size - 1))
    lines = ["def shuffle(data, deck):", f"    {words}, = unpack(data)"]
    for k, i in enumerate(range(size - 1, 0, -1)):
        lines += [f"    j = w{k} % {i + 1}", f"    deck[{i}], deck[j] = deck[j], deck[{i}]"]
    namespace: dict[str, Any] = {"unpack": struct.Struct(f"<{size - 1}I").unpack}
    exec("\n".join(lines), namespace)
    shuffle: Callable[[bytes, list[Any]], None] = namespace["shuffle"]
    return shuffle


class DeckSource:
    """Deals from scripted decks (top card first) in order, then from seeded shuffles.

    The n-th shuffled deck is a function of the match's ``seed`` and ``n`` alone, so a snapshot
    holds two numbers rather than a random generator's internal state (about 6 KB), and a
    restored match deals exactly what the original would have dealt.
    """

    def __init__(self, seed: int | None, decks: Iterable[Sequence[Card]] = ()) -> None:
        self.seed: int = secrets.randbits(63) if seed is None else seed
        self.shuffled = 0  # seeded decks dealt so far
        self.scripted: list[list[Card]] = [list(d) for d in decks]

    def next_deck(self, full: Sequence[Card]) -> list[Card]:
        """The next hand's deck, top card first."""
        if self.scripted:
            deck = self.scripted.pop(0)
            if sorted(map(str, deck)) != sorted(map(str, full)):
                raise ValueError("A scripted deck must hold exactly the game's cards.")
            return deck
        number = self.shuffled
        self.shuffled += 1
        deck = list(full)
        size = len(deck)
        # the bytes of deck ``number``: a hash of the seed and the number (SHAKE-128)
        data = hashlib.shake_128(b"%d/%d" % (self.seed, number)).digest(4 * (size - 1))
        _shuffler(size)(data, deck)
        return deck

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """In a snapshot a deck source is its ``to_data``; read back with the family."""

        def validate(value: Any, info: core_schema.ValidationInfo) -> DeckSource:
            if isinstance(value, DeckSource):
                return value
            return cls.from_data(value, (info.context or {}).get("family", "spanish"))

        return core_schema.with_info_plain_validator_function(
            validate,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda source: source.to_data()
            ),
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "shuffled": self.shuffled,
            "scripted": [[str(c) for c in d] for d in self.scripted],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any], family: Family) -> DeckSource:
        if "rng" in data:  # a snapshot saved before decks were derived from the seed
            legacy = random.Random()
            version, internal, gauss = data["rng"]
            legacy.setstate((version, tuple(internal), gauss))
            source = cls(legacy.getrandbits(63))
        else:
            source = cls(int(data["seed"]))
            source.shuffled = int(data["shuffled"])
        source.scripted = [[parse_card(c, family) for c in d] for d in data["scripted"]]
        return source


class Arg(StrEnum):
    """What one argument of a verb holds; the bot renders and chooses it by this kind."""

    CARD = "card"  # one card in notation
    CARDS = "cards"  # the rest of the arguments: cards in notation
    SUIT = "suit"  # a suit letter (a game may accept other words, e.g. ``sing tute``)
    SEAT = "seat"  # a seat number
    NUMBER = "number"  # a count or a position


@dataclass(frozen=True)
class Verb:
    """A verb of a game and the kinds of its arguments, named for the message catalog.

    ``subset``: the player picks any number of the cards of the last argument (a ``CARDS``
    argument) from their hand, instead of choosing among the enumerated legal actions.
    The catalog's ``action-<verb>`` (or ``action-<game>-<verb>``) message labels it, with one
    variable per argument name plus ``raw`` (the arguments as typed).
    """

    name: str
    args: tuple[tuple[str, Arg], ...] = ()
    subset: bool = False

    @property
    def card_first(self) -> bool:
        """The first argument is a card: the action belongs on that card's button."""
        return bool(self.args) and self.args[0][1] is Arg.CARD


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


class NewGame(Protocol):
    def __call__(
        self, options: Any, players: int, *, seed: int | None = ...,
        decks: Iterable[Sequence[Card]] = ...,
    ) -> GameState: ...


@dataclass(frozen=True)
class Game:
    """What a game module exports as ``GAME``: everything the bot needs to host it.

    ``name`` is the slash-command group, the storage key and the catalog prefix.
    ``options`` is the pydantic model of the house rules; each field's type gives the slash
    option (a ``Literal`` gives choices, ``ge``/``le`` give limits) and its default.
    """

    name: str
    family: Family
    options: type[BaseModel]
    new_game: NewGame
    state: type[GameState]
    verbs: tuple[Verb, ...]
    refusals: tuple[type[Refusal], ...] = ()

    def verb(self, name: str) -> Verb:
        """The verb called ``name`` (a verb with no arguments if the game has none such).

        Looked up by name in a table built once: a hand's rendering asks for every action."""
        by_name: dict[str, Verb] | None = self.__dict__.get("_by_name")
        if by_name is None:
            by_name = {v.name: v for v in reversed(self.verbs)}  # the first of a name wins
            object.__setattr__(self, "_by_name", by_name)
        found = by_name.get(name)
        return found if found is not None else Verb(name)

    def load(self, snapshot: str) -> GameState:
        return self.state.from_json(snapshot)
