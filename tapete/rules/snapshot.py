"""Save and load a game state from its declared fields, and read the layouts of older versions.

A ``State`` lists the attributes that make up the game in ``SAVED``; their class annotations
say what they hold (``list[list[Card]]``, ``set[SpanishSuit]``, ``Options``, ``Result``...), and
pydantic turns them into JSON and back. Cards travel as their notation; the class's ``family``
tells how to read it back. Nothing is written by hand per game, so a new field is saved by
naming it.

Layouts. A snapshot outlives the code that wrote it: a table in progress is saved in the
database when the bot is upgraded and must load in the new version. So every snapshot starts
with its game's layout version, ``{"v":N,...}``; one without it (written before versions
were) is layout 1. When a change of a game's ``SAVED`` fields (a new field, a renamed or
reshaped one) would stop older snapshots from loading, the game gets one more upgrade: a pure
function from the previous layout's JSON object (without ``"v"``) to the next one's, named
``upgrade_<game>_v<N>_to_v<N+1>``, appended to the state's ``UPGRADES`` (written layout =
``len(UPGRADES) + 1``). :meth:`Snapshot.from_json` applies the missing steps in order, so a
snapshot of any earlier layout loads; add with it a fixture of a table saved by the old layout
(``tests/fixtures/make_snapshots.py``). Reading the current layout costs one prefix
comparison more than before; only an older snapshot is parsed twice, once per table after an
upgrade. A snapshot of a newer layout than the code knows (the bot was taken back to an older
release) raises :class:`NewerLayout`, so the table layer can leave that table for the newer
version instead of closing it.
"""

from __future__ import annotations

import base64
import copy
import json
import operator
import typing
import zlib
from collections.abc import Callable
from enum import Enum
from functools import lru_cache
from typing import Annotated, Any, ClassVar, NamedTuple, Self

from pydantic import BaseModel, BeforeValidator, PlainSerializer, TypeAdapter
from typing_extensions import TypedDict

from tapete.rules.cards import Card, Family


def _pack(records: list[dict[str, Any]]) -> dict[str, Any]:
    """A match's per-hand records, the one part of a snapshot that grows with the match, are
    saved as rows of values under keys written once, compressed: a long match's history then
    costs a few hundred bytes instead of kilobytes, and the rest of the snapshot stays legible.

    The records change once a hand and a snapshot is written at every move, so the
    compressed rows are kept by their text (:func:`_compressed`): compressing, even an empty
    list, cost two thirds of a snapshot.
    """
    keys = list(records[0]) if records else []
    rows = [[r[k] for k in keys] if list(r) == keys else r for r in records]
    return {"keys": keys, "z": _compressed(json.dumps(rows, separators=(",", ":")))}


@lru_cache(maxsize=1024)
def _compressed(text: str) -> str:
    """``text`` compressed, as base64 (the last 1,024 texts kept)."""
    return base64.b64encode(zlib.compress(text.encode(), 9)).decode()


def _unpack(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"keys", "z"}:
        keys = value["keys"]
        rows = json.loads(zlib.decompress(base64.b64decode(value["z"])))
        return [dict(zip(keys, row, strict=True)) if isinstance(row, list) else row
                for row in rows]
    return value  # a plain list of records (snapshots saved before packing)


# A list of flat records (one per hand, say) in the packed form of :func:`_pack`.
Records = Annotated[
    list[dict[str, Any]], BeforeValidator(_unpack), PlainSerializer(_pack, return_type=Any)
]


# One step of a game's layout: the JSON object of a snapshot of layout N (its ``"v"`` taken
# out) turned into the object of layout N + 1.
Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


class SnapshotError(ValueError):
    """A snapshot that is not a saved game of any layout this code knows."""


class NewerLayout(SnapshotError):
    """A snapshot saved by a newer version of the bot than this one (a layout it has no
    upgrade for): the table belongs to that version and must not be closed by this one."""

    def __init__(self, found: int, current: int) -> None:
        super().__init__(f"snapshot layout {found} is newer than this code's layout {current}")
        self.found = found
        self.current = current


class _Shape(NamedTuple):
    """What a class's snapshots look like: cached per class, built on first use."""

    adapter: TypeAdapter[Any]
    layout: int  # the layout written
    prefix: str  # how a snapshot of that layout starts


class _Reader(NamedTuple):
    """How a class's snapshot reads the state's saved fields (see ``Snapshot.to_json``)."""

    read: Callable[[Any], tuple[Any, ...]]  # the fields read straight off the state
    direct: tuple[str, ...]  # their names
    by_hook: tuple[str, ...]  # the fields written through ``_saved_value``
    keys: tuple[str, ...]  # every key of the snapshot, in order


def layout_of(snapshot: str) -> int:
    """The layout version a snapshot declares; 1 for one written before versions were."""
    return _declared(json.loads(snapshot))


def _declared(data: Any) -> int:
    if not isinstance(data, dict):
        raise SnapshotError("a snapshot is a JSON object")
    version = data.get("v", 1)
    if type(version) is not int or version < 1:
        raise SnapshotError(f"not a snapshot layout: {version!r}")
    return version


class Snapshot:
    """Mixin giving ``to_json``/``from_json`` from ``SAVED`` and the annotations.

    A snapshot is written at every move, so the saved fields are read in one C call (an
    ``attrgetter`` of them all); only the fields named in ``SAVED_BY_HOOK`` go through
    :meth:`_saved_value`. A class that overrides ``_saved_value`` without naming its fields
    there has every field go through it, as before.
    """

    SAVED: ClassVar[tuple[str, ...]]
    SAVED_BY_HOOK: ClassVar[tuple[str, ...]] = ()
    # The game's upgrades, oldest first: ``UPGRADES[0]`` turns layout 1 into layout 2, and so
    # on (see the module's docstring). The layout written is ``len(UPGRADES) + 1``.
    UPGRADES: ClassVar[tuple[Upgrade, ...]] = ()
    # Lists whose items are never changed once added (a match's record of hands): a clone
    # copies the list and shares the items, which otherwise grow every clone of a long match.
    APPEND_ONLY: ClassVar[tuple[str, ...]] = ()
    family: ClassVar[Family]
    _shapes: ClassVar[dict[type, _Shape]] = {}
    _readers: ClassVar[dict[type, _Reader]] = {}

    @classmethod
    def _shape(cls) -> _Shape:
        shape = Snapshot._shapes.get(cls)
        if shape is None:
            hints = typing.get_type_hints(cls, include_extras=True)
            fields = {"v": int, **{name: hints[name] for name in cls.SAVED}}
            typed = TypedDict(f"{cls.__name__}Snapshot", fields)  # type: ignore[misc]
            layout = len(cls.UPGRADES) + 1
            shape = Snapshot._shapes[cls] = _Shape(TypeAdapter(typed), layout, f'{{"v":{layout},')
        return shape

    @classmethod
    def layout(cls) -> int:
        """The layout version this code writes."""
        return cls._shape().layout

    def to_json(self) -> str:
        adapter, layout, _ = self._shape()
        read, direct, by_hook, keys = self._reader()
        data = dict.fromkeys(keys)  # the layout and the fields in their order
        data["v"] = layout
        data.update(zip(direct, read(self), strict=True))
        for name in by_hook:
            data[name] = self._saved_value(name)
        return adapter.serializer.to_json(data).decode()

    @classmethod
    def _reader(cls) -> _Reader:
        """How to read the saved fields: those read straight off the state, all at once, and
        those that go through ``_saved_value``."""
        found = Snapshot._readers.get(cls)
        if found is None:
            overridden = cls._saved_value is not Snapshot._saved_value
            by_hook = cls.SAVED_BY_HOOK or (cls.SAVED if overridden else ())
            direct = tuple(name for name in cls.SAVED if name not in by_hook)
            getter = operator.attrgetter(*direct) if direct else None
            if getter is None:
                read: Callable[[Any], tuple[Any, ...]] = lambda state: ()  # noqa: E731
            elif len(direct) == 1:
                read = lambda state: (getter(state),)  # noqa: E731
            else:
                read = getter
            found = Snapshot._readers[cls] = _Reader(read, direct, by_hook, ("v", *cls.SAVED))
        return found

    @classmethod
    def from_json(cls, s: str) -> Self:
        """A state from a snapshot of this layout or of any older one (upgraded on the way).

        Raises :class:`NewerLayout` for a snapshot of a later version of the code, and
        :class:`SnapshotError` or pydantic's ``ValidationError`` for what is no snapshot."""
        shape = cls._shape()
        if not s.startswith(shape.prefix):  # an older layout, or not written by to_json
            s = cls._upgraded(s, shape.layout)
        data = shape.adapter.validate_json(s, context={"family": cls.family})
        del data["v"]
        state = cls.__new__(cls)
        for name, value in data.items():
            setattr(state, name, value)
        state._loaded()
        return state

    @classmethod
    def _upgraded(cls, s: str, current: int) -> str:
        """The snapshot ``s`` brought to the ``current`` layout by the missing upgrades."""
        data = json.loads(s)
        version = _declared(data)
        data.pop("v", None)
        if version > current:
            raise NewerLayout(version, current)
        for step in cls.UPGRADES[version - 1:]:
            data = step(data)
        return json.dumps({"v": current, **data})

    def clone(self) -> Self:
        """An independent copy, much cheaper than a JSON round trip: what search copies
        thousands of times a second. Cards, options, events and other frozen values are
        shared; lists, dicts, sets and plain objects (the trick in progress, the deck source)
        are copied as deep as they go, but the items of ``APPEND_ONLY`` lists are shared."""
        return self._twin(_copy, self.APPEND_ONLY)

    def sharing(self) -> Self:
        """A copy sharing every field with this state: for a sampled world whose maker
        replaces the fields that differ (a search's deals) and changes none in place."""
        return self._twin(_same)

    def _twin(self, each: Callable[[Any], Any], lists: tuple[str, ...] = ()) -> Self:
        """A new state of this class whose every field (and every slot a class keeps derived
        state in, for speed) is ``each`` of this one's, but the fields named in ``lists``,
        which are copied as lists of the same items."""
        cls = type(self)
        twin = object.__new__(cls)
        twin.__dict__.update({name: each(value) for name, value in self.__dict__.items()
                              if name not in lists})
        for name in lists:
            twin.__dict__[name] = list(self.__dict__[name])
        for name in _slots(cls):
            try:
                value = getattr(self, name)
            except AttributeError:
                continue
            setattr(twin, name, each(value))
        return twin

    def _saved_value(self, name: str) -> Any:
        """What is written for the field ``name``; a state may leave out what ``_loaded`` can
        rebuild from other fields."""
        return getattr(self, name)

    def _loaded(self) -> None:
        """Rebuild what is derived from the saved fields (caches); called after loading."""


def _slots(cls: type) -> tuple[str, ...]:
    """Every slot a class and its bases declare (``__dict__`` and ``__weakref__`` aside)."""
    found = _SLOTS.get(cls)
    if found is None:
        names: list[str] = []
        for klass in cls.__mro__:
            declared = klass.__dict__.get("__slots__", ())
            for name in (declared,) if isinstance(declared, str) else declared:
                if name not in ("__dict__", "__weakref__") and name not in names:
                    names.append(name)
        found = _SLOTS[cls] = tuple(names)
    return found


_SLOTS: dict[type, tuple[str, ...]] = {}
_IMMUTABLE = (int, float, str, bool, bytes, tuple, frozenset, type(None))
_FLAT = (*_IMMUTABLE, Card)  # lists of these are copied flat


def _same(value: Any) -> Any:
    return value


def _copy(value: Any) -> Any:
    """A copy of a state field: containers and mutable objects copied, frozen ones shared."""
    if isinstance(value, _IMMUTABLE):
        return value
    if isinstance(value, list):
        if value and isinstance(value[0], _FLAT):
            return list(value)  # the common case: a list of cards or numbers
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    params = getattr(value, "__dataclass_params__", None)
    if (params is not None and params.frozen) or isinstance(value, Card | BaseModel | Enum):
        return value
    if hasattr(value, "__dict__"):
        twin = object.__new__(type(value))
        twin.__dict__.update({k: _copy(v) for k, v in value.__dict__.items()})
        return twin
    return copy.deepcopy(value)
