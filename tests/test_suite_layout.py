"""The suite's own shape: tests share code only through ``tests/support`` and conftest fixtures."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from support.paths import TESTS

MODULES = sorted(p for p in TESTS.rglob("*.py") if "__snapshots__" not in p.parts)
TEST_MODULES = [p for p in MODULES if p.name.startswith("test_")]


def imported_names(path: Path) -> set[str]:
    """The top-level names of every module ``path`` imports, at any depth of the file."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_no_module_imports_a_test_module_or_a_conftest() -> None:
    forbidden = {p.stem for p in TEST_MODULES} | {"conftest"}
    found = {str(p.relative_to(TESTS)): imported_names(p) & forbidden for p in MODULES}
    assert {path: names for path, names in found.items() if names} == {}


def test_test_module_names_are_unique_across_folders() -> None:
    # the folders are not packages, so two test_x.py would shadow one another
    twice = [name for name, n in Counter(p.name for p in TEST_MODULES).items() if n > 1]
    assert twice == []


def test_every_snapshot_folder_sits_beside_its_test_module() -> None:
    folders = [p for p in TESTS.rglob("__snapshots__/*") if p.is_dir()]
    assert folders  # the snapshot tests exist
    orphans = [f for f in folders if not (f.parent.parent / f"{f.name}.py").is_file()]
    assert orphans == []
