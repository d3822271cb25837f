"""A save that cannot be opened is named once in the message, not twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from koza.cli.app import open_for_resume
from koza.i18n.problems import cannot_open


def test_resume_names_a_bad_save_once(tmp_path: Path) -> None:
    path = tmp_path / "bad.koza.jsonl"
    path.write_text("garbage\n")
    with pytest.raises(ValueError) as err:
        open_for_resume(tmp_path, path)
    text = str(err.value)
    assert text.count(str(path)) == 1 and "not a koza save" in text
    assert "\n" not in text


def test_an_error_without_the_file_name_gets_it() -> None:
    assert cannot_open("/s/g.koza.jsonl", "boom").count("/s/g.koza.jsonl: boom") == 1
