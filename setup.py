"""Build koza: mypyc compiles the hot modules (``koza/compiled.py``) when it can.

Without a C compiler, or when the compile fails, or with ``KOZA_PURE=1``, koza is
installed as pure Python (the same modules, slower).  Everything else about the
package is in ``pyproject.toml``.

A compile may run while koza is in use (``make play`` starts one in the background),
so each compiled file is moved into the source tree whole (``os.replace``), the
shared library first, and dated when the compile started: ``koza/compiled.py`` loads
the build only once every file is there and no source changed since.  One compile
runs at a time (a lock in ``build/``).
"""

from __future__ import annotations

import os
import runpy
import sys
import time
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
HOT = runpy.run_path(str(HERE / "koza" / "compiled.py"))
STARTED = time.time()
"""When this build read the sources: the date its files get (a later edit makes them stale);
set again once the lock is held."""


def say(text: str) -> None:
    print(f"koza build: {text}", file=sys.stderr)


def built_files() -> list[Path]:
    """Compiled files an earlier in-place build left in the source tree."""
    names = [HOT["GROUP"] + "__mypyc", *HOT["COMPILED"]]
    found: list[Path] = []
    for name in names:
        where = HERE.joinpath(*name.split("."))
        found.extend(where.parent.glob(where.name + ".*.so"))
        found.extend(where.parent.glob(where.name + ".*.pyd"))
    return found


class OptionalBuildExt(build_ext):
    """``build_ext`` that falls back to pure Python, all modules or none, on failure."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, a compile error: stay pure Python
            for ext in self.extensions:
                rel = self.get_ext_filename(ext.name)
                for path in (Path(self.build_lib) / rel, HERE / rel):
                    path.unlink(missing_ok=True)
            reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
            say(f"compiling failed ({reason}); koza is installed as pure Python")

    def copy_extensions_to_source(self) -> None:
        """``--inplace``: each file written beside the source under a temporary name and
        renamed over the old one, so a koza starting meanwhile never loads half a file."""
        group = HOT["GROUP"] + "__mypyc"
        names = sorted((e.name for e in self.extensions), key=lambda name: name != group)
        rels = [self.get_ext_filename(name) for name in names]
        HOT["put_in_place"]([(Path(self.build_lib) / r, HERE / r) for r in rels], STARTED)


def wait_for_other_builds() -> None:
    """Hold ``build/.lock`` until this process ends: two compiles share ``build/``."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: no locking
        return
    lock = HERE / "build" / ".lock"
    lock.parent.mkdir(exist_ok=True)
    handle = lock.open("a")
    fcntl.flock(handle, fcntl.LOCK_EX)
    HELD.append(handle)


HELD: list[object] = []
"""The open lock file, kept open (and so locked) for the rest of the build."""


def extensions() -> list[object]:
    """The mypyc extensions, or none when koza should stay pure Python."""
    if os.environ.get("KOZA_PURE"):
        for path in built_files():  # or the old build would shadow the sources
            path.unlink()
        say("KOZA_PURE is set: pure Python")
        return []
    try:
        from mypyc.build import mypycify

        global STARTED
        wait_for_other_builds()
        STARTED = time.time()
        paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in HOT["COMPILED"]]
        return list(mypycify(paths, opt_level="3", group_name=HOT["GROUP"]))
    except (Exception, SystemExit) as error:  # no mypyc, or it refused the code
        say(f"mypyc is unavailable or failed ({error!r}); koza is installed as pure Python")
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
