"""The modules mypyc compiles, and the switch back to their Python sources.

``COMPILED`` is the one list: ``setup.py`` compiles these modules (into one
shared library, ``koza/native__mypyc``) when a C compiler is present, and keeps
them pure Python when not.  A compiled module's ``.so`` sits beside its ``.py``
and ``import`` prefers it.  ``choose_sources()`` (run by ``koza/__init__``) makes
every one of them load from its ``.py`` instead when ``KOZA_PURE`` is set, or, in
a source checkout, when the build is incomplete (a compile still running) or a
source is newer than its build: a stale build never shadows edited code, and
compiled and pure modules are never mixed.

``python koza/compiled.py`` prints the source paths (the Makefile's rebuild list).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

COMPILED: tuple[str, ...] = (
    "koza.core.tiles",
    "koza.core.dealing",
    "koza.core.round_state",
    "koza.core.playout",
    "koza.core.engine",
    "koza.bots.rollout",
    "koza.bots.exact",
    "koza.bots.knowledge",
    "koza.bots.sampler",
    "koza.bots.likelihood",
    "koza.core.fold",
    "koza.core.game",
    "koza.core.made_events",
    "koza.core.snapshot",
)
"""The hot modules, compiled together (add a module here and rebuild)."""

GROUP = "koza.native"
"""The shared library's name: ``koza/native__mypyc.*.so``."""

PACKAGE_DIR = Path(__file__).resolve().parent


def source_of(module: str) -> Path:
    """The ``.py`` file of a koza module."""
    return PACKAGE_DIR.joinpath(*module.split(".")[1:]).with_suffix(".py")


def builds_of(module: str) -> list[Path]:
    """The compiled files beside a module's source (none in a pure install)."""
    source = source_of(module)
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return [source.with_suffix(s) for s in suffixes if source.with_suffix(s).exists()]


def library_files() -> list[Path]:
    """The shared library that holds the compiled code (the modules' files load it)."""
    library = PACKAGE_DIR.joinpath(*(GROUP + "__mypyc").split(".")[1:])
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return [library.with_suffix(s) for s in suffixes if library.with_suffix(s).exists()]


def stale() -> bool:
    """In a source checkout: the library or some module lacks a build, or a source is
    newer than its build (a build is dated when its compile started)."""
    if not (PACKAGE_DIR.parent / "pyproject.toml").exists():
        return False  # an installed copy: its files are as the build left them
    built = [builds_of(m) for m in COMPILED]
    if not any(built):
        return False  # pure Python anyway
    if not library_files():
        return True
    for module, files in zip(COMPILED, built, strict=True):
        if not files or source_of(module).stat().st_mtime > files[0].stat().st_mtime:
            return True
    return False


def put_in_place(files: Sequence[tuple[Path, Path]], started: float) -> None:
    """Copy each built file over its target whole, in order: written beside it under a
    temporary name, dated ``started`` (when the compile read the sources), then renamed,
    so a koza starting meanwhile finds each file old or new, never half written."""
    import shutil

    for built, target in files:
        partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
        shutil.copyfile(built, partial)
        os.utime(partial, (started, started))
        os.replace(partial, target)


class SourceFinder:
    """A meta path finder that loads the compiled modules from their ``.py`` files."""

    @staticmethod
    def find_spec(
        name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name not in COMPILED:
            return None
        return importlib.util.spec_from_file_location(name, source_of(name))


def choose_sources() -> bool:
    """Make the compiled modules load as Python when asked or stale; whether they will."""
    if not os.environ.get("KOZA_PURE") and not stale():
        return False
    if not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())
    return True


def is_compiled() -> bool:
    """Whether the modules in ``COMPILED`` are the compiled ones (imports the engine)."""
    from koza.core import engine

    return not (engine.__file__ or "").endswith(".py")


if __name__ == "__main__":
    print(" ".join(str(source_of(m).relative_to(PACKAGE_DIR.parent)) for m in COMPILED))
