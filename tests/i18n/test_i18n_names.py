"""Names koza gives by itself follow the language in use; names a person typed stay (issue 23)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from koza.i18n.strings import default_name_here
from koza.net.protocol import ChatLine
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.remote.table import talk_line
from koza.tui.screens.new_game import NewGameScreen
from koza.tui.table.hand import HandView
from koza.tui.watch.screen import watch_seats


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def test_a_default_name_of_any_language_is_said_in_the_language_in_use() -> None:
    speak("ka")
    assert default_name_here("Вы") == "თქვენ"
    assert default_name_here("Bot 2") == "ბოტი 2"
    speak("ru")
    assert default_name_here("თქვენ") == "Вы"
    assert default_name_here("Ivan") is None


async def test_the_form_renames_the_last_defaults_but_keeps_typed_names(tmp_path: Path) -> None:
    speak("ka")
    app = KozaApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.apply_setup(
            {
                "players": 3,
                "seats": [
                    {"kind": "human", "name": "Вы"},
                    {"kind": "bot", "name": "Бот 1"},
                    {"kind": "bot", "name": "Иван"},
                ],
            }
        )
        names = [screen.query_one(f"#name-{i}", Input).value for i in range(3)]
        assert names == ["თქვენ", "ბოტი 1", "Иван"]


@pytest.mark.parametrize(
    ("lang", "names"), [("ru", ["Знаток", "Случайный"]), ("en", ["expert", "random"])]
)
def test_watched_bots_are_named_in_the_language(lang: str, names: list[str]) -> None:
    speak(lang)
    got = [s.name.casefold() for s in watch_seats(["expert", "random"])]
    assert got == [n.casefold() for n in names]


def test_a_spectators_chat_line_and_empty_hand_are_said_in_the_language() -> None:
    speak("ru")
    line = talk_line(ChatLine(seat=-1, name="watcher", text="привет"))
    assert line == "зритель: привет"
    hand = HandView()
    hand.spectator = True
    assert "нет камней" not in str(hand.render())
    assert "зритель" in str(hand.render())
