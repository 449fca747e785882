"""The former import paths ``bot``, ``cogs`` and ``rules``, for code written before the
package became ``tapete`` (scripts that drive the engines, ``python -m bot``).

In a checkout, the folders ``bot/``, ``cogs/`` and ``rules/`` beside ``tapete/`` hold only an
``__init__.py`` that calls :func:`alias`: ``rules.tute`` is then the very module
``tapete.rules.tute`` (the same classes, so ``isinstance`` agrees), not a copy. The wheel ships
``tapete`` alone.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import CodeType, ModuleType


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``<old>.x`` as the module ``<new>.x``."""

    def __init__(self, old: str, new: str) -> None:
        self.old, self.new = old, new
        self._specs: dict[int, importlib.machinery.ModuleSpec | None] = {}

    def real(self, name: str) -> str:
        return self.new + name[len(self.old):]

    def find_spec(self, name: str, path: object = None, target: object = None,
                  ) -> importlib.machinery.ModuleSpec | None:
        if not name.startswith(self.old + "."):
            return None
        found = importlib.util.find_spec(self.real(name))
        if found is None:
            return None
        return importlib.util.spec_from_loader(
            name, self, origin=found.origin,
            is_package=found.submodule_search_locations is not None)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.real(spec.name))
        self._specs[id(module)] = module.__spec__  # the import system is about to replace it
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self._specs.pop(id(module), module.__spec__)  # already run

    def get_code(self, name: str) -> CodeType | None:
        """For ``python -m bot``: the code of the real module."""
        found = importlib.util.find_spec(self.real(name))
        loader = found.loader if found is not None else None
        get_code = getattr(loader, "get_code", None)
        return get_code(self.real(name)) if get_code is not None else None


def alias(old: str) -> ModuleType:
    """Make ``old`` (and every module under it) the package ``tapete.<old>``."""
    new = f"tapete.{old}"
    if not any(isinstance(f, _Alias) and f.old == old for f in sys.meta_path):
        sys.meta_path.insert(0, _Alias(old, new))
    module = importlib.import_module(new)
    sys.modules[old] = module
    return module
