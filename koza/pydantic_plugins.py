"""pydantic's plugin loader, imported only when plugins are wanted.

pydantic asks ``pydantic.plugin._loader.get_plugins()`` for plugins when it builds
its first validator.  That module imports ``importlib.metadata`` (and with it
``email``, ``zipfile`` and ``csv``) before it reads ``PYDANTIC_DISABLE_PLUGINS``,
so even with plugins off (koza's default) every start paid for it: 59M of the
790M instructions of ``koza sim --games 1`` (callgrind).

``install()`` puts this module in the loader's place.  It gives pydantic's own
answer when the variable turns plugins off (none), and hands every other call
and name to pydantic's loader, imported then in its place.  A process that
imported the loader before koza keeps it.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable
from types import ModuleType

LOADER = "pydantic.plugin._loader"
OFF = ("__all__", "1", "true")
"""The values of ``PYDANTIC_DISABLE_PLUGINS`` with which pydantic loads no plugin."""


def get_plugins() -> Iterable[object]:
    """The plugins pydantic would load: none when they are off, else pydantic's own."""
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") in OFF:
        return ()
    plugins: Iterable[object] = real_loader().get_plugins()
    return plugins


def real_loader() -> ModuleType:
    """pydantic's own loader, imported now if this module stands in for it."""
    if sys.modules.get(LOADER) is sys.modules[__name__]:
        del sys.modules[LOADER]
    return importlib.import_module(LOADER)


def __getattr__(name: str) -> object:
    """Any other name pydantic asks of its loader (a newer pydantic may ask more).

    Not the import system's questions (``__path__``: is it a package?), which are ours.
    """
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(real_loader(), name)


def install() -> None:
    """Stand in for pydantic's loader, unless it is already imported."""
    sys.modules.setdefault(LOADER, sys.modules[__name__])
