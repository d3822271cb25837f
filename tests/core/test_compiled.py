"""The compiled build and the pure-Python fallback: both work, and they agree move for move."""

from __future__ import annotations

import copy
import importlib.machinery
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import moves

from koza.bots.rollout import Match
from koza.compiled import COMPILED, SourceFinder, is_compiled, put_in_place, source_of
from koza.core import engine

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent


# the plugins those tests use, without autoloading every installed one (which would also
# rewrite the asserts of all of hypothesis on import): none of them is async or a snapshot
PLUGINS = ["--disable-plugin-autoload", "-p", "hypothesispytest", "-p", "timeout"]


def run(args: list[str], pure: bool) -> subprocess.CompletedProcess[str]:
    """Run python with ``args`` from the checkout, on the pure or the installed build.  Not
    with the caller's PYTEST_ADDOPTS: one naming this file would make the inner run start
    this test again, and that one another, without end."""
    env = {k: v for k, v in os.environ.items() if k not in ("KOZA_PURE", "PYTEST_ADDOPTS")}
    env["PYTHONPATH"] = os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")])
    if pure:
        env["KOZA_PURE"] = "1"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )


def test_the_build_is_compiled_where_a_c_compiler_is() -> None:
    if os.environ.get("KOZA_PURE") or shutil.which("cc") is None:
        pytest.skip("pure Python asked for, or no C compiler here")
    assert is_compiled(), "the hot modules are not compiled (stale build?): run make"


def test_compiled_and_pure_python_make_the_same_moves() -> None:
    """Same seeds, same events, same bot choices, same rollouts, same random stream after,
    the same exact-search moves and values, and the same states and refusals from folding
    games (the build's lines are made here, in this process, which loads the build as a
    fresh one does)."""
    pure = run(["-m", "support.moves"], pure=True)
    assert pure.returncode == 0, pure.stderr
    pure_lines, built_lines = pure.stdout.splitlines(), list(moves.lines())
    assert pure_lines[0] == "compiled: no"
    assert built_lines[0] == f"compiled: {'yes' if is_compiled() else 'no'}"
    assert len(pure_lines) == 1 + 6 + 300 + 6 + 12
    assert all(line.startswith("True ") for line in pure_lines[-18:-12])  # one by one = at once
    assert pure_lines[1:] == built_lines[1:]


def test_the_core_and_bot_tests_pass_on_pure_python() -> None:
    """The fallback works: the engine's, the fold's, the rollouts' and the bots' own tests
    on the sources (less the long random sweeps, which the compiled run covers)."""
    files = ["tests/core/test_engine.py", "tests/core/test_fold.py"]
    files += ["tests/bots/test_rollout_scoring.py"]
    files += ["tests/bots/test_bots.py", "-k", "not illegal_move and not thousands"]
    # one interpreter: it checks it loaded no compiled module, then runs the tests
    check_then_test = (
        "import sys, koza.compiled as c, pytest; print('compiled:', c.is_compiled()); "
        "sys.exit(pytest.main(sys.argv[1:]))"
    )
    options = ["-x", "-q", "-o", "addopts=", "-p", "no:cacheprovider", *PLUGINS]
    tests = run(["-c", check_then_test, *options, *files], pure=True)
    assert tests.stdout.startswith("compiled: False\n"), tests.stdout[:500] + tests.stderr
    assert tests.returncode == 0, tests.stdout[-3000:]
    passed = re.search(r"(\d+) passed", tests.stdout)
    assert passed and int(passed.group(1)) >= 40, tests.stdout[-500:]


def test_the_source_finder_loads_python_sources() -> None:
    for name in COMPILED:
        spec = SourceFinder.find_spec(name)
        assert spec is not None and spec.origin == str(source_of(name))
        assert source_of(name).is_file()
    assert SourceFinder.find_spec("koza.play.session") is None


def test_a_build_older_than_its_source_is_not_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a checkout, a source edited after the build (or a module left unbuilt, or the
    shared library not yet there, as while a compile runs) means stale."""
    import koza.compiled as compiled

    package = tmp_path / "koza"
    monkeypatch.setattr(compiled, "PACKAGE_DIR", package)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in COMPILED:
        source = package.joinpath(*name.split(".")[1:]).with_suffix(".py")
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("")
        os.utime(source, (1000, 1000))
    assert not compiled.stale()  # pure sources only
    for name in COMPILED:
        build = source_of(name).with_suffix(suffix)
        build.write_bytes(b"")
        os.utime(build, (2000, 2000))
    (tmp_path / "pyproject.toml").write_text("")
    assert compiled.stale()  # every module's file, but not yet the library they load
    (package / f"native__mypyc{suffix}").write_bytes(b"")
    assert compiled.library_files() == [package / f"native__mypyc{suffix}"]
    (tmp_path / "pyproject.toml").unlink()
    assert not compiled.stale()  # an installed copy: no pyproject.toml beside the package
    (tmp_path / "pyproject.toml").write_text("")
    assert not compiled.stale()  # a checkout, every build newer than its source
    os.utime(source_of(COMPILED[-1]), (3000, 3000))
    assert compiled.stale()
    os.utime(source_of(COMPILED[-1]), (1000, 1000))
    source_of(COMPILED[0]).with_suffix(suffix).unlink()
    assert compiled.stale()


def test_a_build_is_put_in_place_whole_and_dated_when_its_compile_began(tmp_path: Path) -> None:
    """A koza may start while a compile ends (make play compiles in the background): each
    file is renamed over the old one, never written into it, and no partial file stays."""
    built, package = tmp_path / "build", tmp_path / "koza"
    built.mkdir()
    package.mkdir()
    names = ["native__mypyc.so", "engine.so"]
    for name in names:
        (built / name).write_bytes(b"new " + name.encode())
        (package / name).write_bytes(b"old")
    with (package / "engine.so").open("rb") as loaded:  # a koza that opened the old build
        put_in_place([(built / name, package / name) for name in names], started=1234.0)
        assert loaded.read() == b"old"
    for name in names:
        assert (package / name).read_bytes() == b"new " + name.encode()
        assert (package / name).stat().st_mtime == 1234.0
    assert sorted(p.name for p in package.iterdir()) == sorted(names)


def test_compiled_rounds_and_matches_pickle_and_copy() -> None:
    """Compiled classes get no default pickling: Round and Match bring their own."""
    r = engine.deal(random.Random(1), 4, 5)
    engine.apply(r, engine.legal_moves(r)[0])
    for twin in (pickle.loads(pickle.dumps(r)), copy.deepcopy(r), copy.copy(r), r.copy()):
        assert twin == r and twin is not r and twin.hands is not r.hands
    match = Match(1, (3, 4), (True, False), (0, 5))
    assert pickle.loads(pickle.dumps(match)) == match == copy.deepcopy(match)
