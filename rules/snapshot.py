"""Save and load a game state from its declared fields.

A ``State`` lists the attributes that make up the game in ``SAVED``; their class annotations
say what they hold (``list[list[Card]]``, ``set[SpanishSuit]``, ``Options``, ``Result``...), and
pydantic turns them into JSON and back. Cards travel as their notation; the class's ``family``
tells how to read it back. Nothing is written by hand per game, so a new field is saved by
naming it.
"""

from __future__ import annotations

import typing
from typing import Any, ClassVar, Self

from pydantic import TypeAdapter
from typing_extensions import TypedDict

from rules.cards import Family


class Snapshot:
    """Mixin giving ``to_json``/``from_json`` from ``SAVED`` and the annotations."""

    SAVED: ClassVar[tuple[str, ...]]
    family: ClassVar[Family]
    _adapters: ClassVar[dict[type, TypeAdapter[Any]]] = {}

    @classmethod
    def _adapter(cls) -> TypeAdapter[Any]:
        adapter = Snapshot._adapters.get(cls)
        if adapter is None:
            hints = typing.get_type_hints(cls)
            fields = {name: hints[name] for name in cls.SAVED}
            shape = TypedDict(f"{cls.__name__}Snapshot", fields)  # type: ignore[misc]
            adapter = Snapshot._adapters[cls] = TypeAdapter(shape)
        return adapter

    def to_json(self) -> str:
        data = {name: getattr(self, name) for name in self.SAVED}
        return self._adapter().dump_json(data).decode()

    @classmethod
    def from_json(cls, s: str) -> Self:
        data = cls._adapter().validate_json(s, context={"family": cls.family})
        state = cls.__new__(cls)
        for name, value in data.items():
            setattr(state, name, value)
        state._loaded()
        return state

    def _loaded(self) -> None:
        """Rebuild what is derived from the saved fields (caches); called after loading."""
