"""Seat names are display text: markup brackets and control characters are refused.

A save edited by hand to carry ``[/]`` as a name used to crash the app at start
(the menu shows the latest game's players as Rich markup); now the save is
refused on load with one line naming the file and line, and is left untouched.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from koza.core.events import SeatInfo
from koza.play.session import Session
from koza.storage.savefile import SaveError, load


@pytest.mark.parametrize("name", ["[/]", "Ann]", "[bold]Bob", "Eve\x1b[31m", "tab\there"])
def test_markup_and_control_characters_are_not_names(name: str) -> None:
    with pytest.raises(ValidationError):
        SeatInfo(name=name)


def test_plain_names_are_fine() -> None:
    assert SeatInfo(name="Аня · Ани (2)").name == "Аня · Ани (2)"


def test_a_save_with_a_markup_name_is_refused_and_left_alone(tmp_path: Path) -> None:
    with Session.create(["Ann", "Bob"], seed=3, save_dir=tmp_path) as session:
        path = session.path
    text = path.read_text(encoding="utf-8").replace('"name":"Bob"', '"name":"[/]"', 1)
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        load(path)
    message = str(err.value)
    assert "\n" not in message and f"{path.name}:2:" in message
    assert path.read_bytes() == before
