"""Build koza: mypyc compiles the hot modules (``koza/compiled.py``) when it can.

Without a C compiler, or when the compile fails, or with ``KOZA_PURE=1``, koza is
installed as pure Python (the same modules, slower).  Everything else about the
package is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
HOT = runpy.run_path(str(HERE / "koza" / "compiled.py"))


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


def extensions() -> list[object]:
    """The mypyc extensions, or none when koza should stay pure Python."""
    if os.environ.get("KOZA_PURE"):
        for path in built_files():  # or the old build would shadow the sources
            path.unlink()
        say("KOZA_PURE is set: pure Python")
        return []
    try:
        from mypyc.build import mypycify

        paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in HOT["COMPILED"]]
        return list(mypycify(paths, opt_level="3", group_name=HOT["GROUP"]))
    except (Exception, SystemExit) as error:  # no mypyc, or it refused the code
        say(f"mypyc is unavailable or failed ({error!r}); koza is installed as pure Python")
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
