"""``koza sim`` starts lean: what a run given its folder never needs stays unimported.

Each of these was measured at koza's start (callgrind, issue 13): logging and
platformdirs are imported only when a save warns or no folder is given, the
rule options' help is made only for ``--help``, pydantic is never left to
read a compiled function's signature from its text, and pydantic does not search
the installed packages for plugins koza does not use.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

RUN_SIM = """
import importlib.metadata, inspect, runpy, sys
searched = []
real_entry_points = importlib.metadata.entry_points
def spy_entry_points(**kw):
    searched.append(kw.get("group"))
    return real_entry_points(**kw)
importlib.metadata.entry_points = spy_entry_points
parsed = []
real = inspect._signature_fromstr
def spy(cls, obj, text, *args, **kw):
    parsed.append(getattr(obj, "__qualname__", repr(obj)))
    return real(cls, obj, text, *args, **kw)
inspect._signature_fromstr = spy
import koza.cli.base
made = []
real_help = koza.cli.base.rule_options_help
def counting_help():
    made.append(1)
    return real_help()
koza.cli.base.rule_options_help = counting_help
folder, more = sys.argv[1], sys.argv[2:]
sys.argv = ["koza", "sim", "--players", "2", "--games", "1", "--save-dir", folder, *more]
try:
    runpy.run_module("koza", run_name="__main__")
except SystemExit as e:
    unneeded = [m for m in ("logging", "platformdirs") if m in sys.modules]
    print("exit", e.code, unneeded, parsed, len(made), searched.count("pydantic"))
"""


def run_sim(
    folder: Path, *more: str, env: dict[str, str] | None = None, script: str = RUN_SIM
) -> str:
    """The last line ``script`` (a sim run in a fresh interpreter) prints, or its errors."""
    done = subprocess.run(
        [sys.executable, "-c", script, str(folder), *more],
        capture_output=True,
        text=True,
        env=env,
    )
    return done.stdout.splitlines()[-1] if done.stdout else done.stderr


def test_a_sim_run_imports_no_logging_nor_platformdirs_and_makes_no_rule_help(
    tmp_path: Path,
) -> None:
    assert run_sim(tmp_path) == "exit 0 [] [] 0 0"
    assert len(list(tmp_path.glob("*.koza.jsonl"))) == 1


def test_sim_help_still_makes_the_rule_help(tmp_path: Path) -> None:
    assert run_sim(tmp_path, "--help") == "exit 0 [] [] 1 0"


def test_pydantic_plugins_are_searched_only_when_the_user_asks(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    assert run_sim(tmp_path / "a", env=env) == "exit 0 [] [] 0 0"
    assert (
        run_sim(tmp_path / "b", env={**env, "PYDANTIC_DISABLE_PLUGINS": "0"}) == "exit 0 [] [] 0 1"
    )


BARE_SIM = """
import runpy, sys
sys.argv = ["koza", "sim", "--players", "2", "--games", "1", "--save-dir", sys.argv[1]]
try:
    runpy.run_module("koza", run_name="__main__")
except SystemExit as e:
    print("exit", e.code, "importlib.metadata" in sys.modules)
"""


def test_with_plugins_off_pydantic_never_imports_importlib_metadata(tmp_path: Path) -> None:
    """pydantic's loader imports it before it reads the variable: koza's stands in."""
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    for value, imported in ((None, False), ("1", False), ("0", True)):
        run_env = env if value is None else {**env, "PYDANTIC_DISABLE_PLUGINS": value}
        assert run_sim(tmp_path / str(value), env=run_env, script=BARE_SIM) == f"exit 0 {imported}"
