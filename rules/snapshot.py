"""Save and load a game state from its declared fields.

A ``State`` lists the attributes that make up the game in ``SAVED``; their class annotations
say what they hold (``list[list[Card]]``, ``set[SpanishSuit]``, ``Options``, ``Result``...), and
pydantic turns them into JSON and back. Cards travel as their notation; the class's ``family``
tells how to read it back. Nothing is written by hand per game, so a new field is saved by
naming it.
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
from typing import Annotated, Any, ClassVar, Self

from pydantic import BaseModel, BeforeValidator, PlainSerializer, TypeAdapter
from typing_extensions import TypedDict

from rules.cards import Card, Family


def _pack(records: list[dict[str, Any]]) -> dict[str, Any]:
    """A match's per-hand records, the one part of a snapshot that grows with the match, are
    saved as rows of values under keys written once, compressed: a long match's history then
    costs a few hundred bytes instead of kilobytes, and the rest of the snapshot stays legible.

    The records change once a hand and a snapshot is written at every move, so the packed
    form is kept by content (:data:`_PACKED`): compressing, even an empty list, cost two
    thirds of a snapshot.
    """
    keys = list(records[0]) if records else []
    rows = [[r[k] for k in keys] if list(r) == keys else r for r in records]
    text = json.dumps(rows, separators=(",", ":"))
    packed = _PACKED.get((*keys, text))
    if packed is None:
        if len(_PACKED) >= PACKED_KEPT:
            _PACKED.clear()
        z = base64.b64encode(zlib.compress(text.encode(), 9)).decode()
        packed = _PACKED[(*keys, text)] = {"keys": keys, "z": z}
    return {"keys": list(packed["keys"]), "z": packed["z"]}


# Packed records by their keys and rows' JSON text (see _pack); cleared when full.
PACKED_KEPT = 1024
_PACKED: dict[tuple[str, ...], dict[str, Any]] = {}


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


class Snapshot:
    """Mixin giving ``to_json``/``from_json`` from ``SAVED`` and the annotations.

    A snapshot is written at every move, so the saved fields are read in one C call (an
    ``attrgetter`` of them all); only the fields named in ``SAVED_BY_HOOK`` go through
    :meth:`_saved_value`. A class that overrides ``_saved_value`` without naming its fields
    there has every field go through it, as before.
    """

    SAVED: ClassVar[tuple[str, ...]]
    SAVED_BY_HOOK: ClassVar[tuple[str, ...]] = ()
    family: ClassVar[Family]
    _adapters: ClassVar[dict[type, TypeAdapter[Any]]] = {}
    _readers: ClassVar[dict[type, tuple[Callable[[Any], tuple[Any, ...]], tuple[str, ...],
                                        tuple[str, ...]]]] = {}

    @classmethod
    def _adapter(cls) -> TypeAdapter[Any]:
        adapter = Snapshot._adapters.get(cls)
        if adapter is None:
            hints = typing.get_type_hints(cls, include_extras=True)
            fields = {name: hints[name] for name in cls.SAVED}
            shape = TypedDict(f"{cls.__name__}Snapshot", fields)  # type: ignore[misc]
            adapter = Snapshot._adapters[cls] = TypeAdapter(shape)
        return adapter

    def to_json(self) -> str:
        read, direct, by_hook = self._reader()
        data = dict.fromkeys(self.SAVED)  # the fields in their order, whoever fills them
        data.update(zip(direct, read(self), strict=True))
        for name in by_hook:
            data[name] = self._saved_value(name)
        return self._adapter().serializer.to_json(data).decode()

    @classmethod
    def _reader(cls) -> tuple[Callable[[Any], tuple[Any, ...]], tuple[str, ...],
                              tuple[str, ...]]:
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
            found = Snapshot._readers[cls] = (read, direct, by_hook)
        return found

    @classmethod
    def from_json(cls, s: str) -> Self:
        data = cls._adapter().validate_json(s, context={"family": cls.family})
        state = cls.__new__(cls)
        for name, value in data.items():
            setattr(state, name, value)
        state._loaded()
        return state

    def clone(self) -> Self:
        """An independent copy, much cheaper than a JSON round trip: what search copies
        thousands of times a second. Cards, options, events and other frozen values are
        shared; lists, dicts, sets and plain objects (the trick in progress, the deck source)
        are copied as deep as they go."""
        cls = type(self)
        twin = object.__new__(cls)
        twin.__dict__.update({name: _copy(value) for name, value in self.__dict__.items()})
        for name in _slots(cls):  # derived state a class keeps in slots for speed
            try:
                value = getattr(self, name)
            except AttributeError:
                continue
            setattr(twin, name, _copy(value))
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
