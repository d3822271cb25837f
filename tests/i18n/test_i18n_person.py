"""The person at this keyboard is told of their own moves in the second person (issue 23).

Which seat is "you" comes from who sits there (the lone human), never from a name:
a person called "Anna" still reads "Вы кладёте", a bot called "Вы" still "кладёт".
"""

from __future__ import annotations

import re

import pytest
from support.table import FakeSession, TableApp, move_by_code, settle, table

from koza.core.commands import Draw
from koza.core.game import Game
from koza.core.records import Action
from koza.tui.event_words import describe
from koza.tui.language import speak
from koza.tui.table.move_text import log_lines
from koza.tui.table.side_panel import MoveLog
from koza.tui.widgets.dialogs import RoundOverScreen

THIRD_PERSON_YOU = {
    "en": ("You plays", "You draws", "You passes", "You went"),
    "ru": ("Вы кладёт", "Вы берёт", "Вы пасует", "Вы:"),
    "ka": ("თქვენ დებს", "თქვენ იღებს", "თქვენ: პასი", "თქვენ გავიდა"),
}
SECOND_PERSON = {"en": "You played", "ru": "Вы кладёте", "ka": "თქვენ დებთ"}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def says(words: str, text: str) -> bool:
    """Whether ``text`` holds ``words`` as whole words ("Вы кладёт", not "Вы кладёте")."""
    return re.search(re.escape(words) + r"(?!\w)", text) is not None


def played_round() -> Game:
    """Anna (seat 0) and a bot named "Вы" play a whole round by code."""
    session = FakeSession(["Anna", "bot:Вы"], seed=11)
    while session.game.state.phase == "playing":
        move_by_code(session)
    return session.game


@pytest.mark.parametrize("lang", ["en", "ru", "ka"])
def test_the_log_says_your_moves_to_you_and_the_bots_in_the_third_person(lang: str) -> None:
    speak(lang)
    game = played_round()
    history = game.state.history
    lines = log_lines(history, ["Anna", "Вы"], you=0)
    mine = [line for line, a in zip_runs(history, lines) if a == 0]
    theirs = [line for line, a in zip_runs(history, lines) if a == 1]
    assert mine and theirs
    assert not any("Anna" in line for line in mine), mine
    assert any(line.startswith(SECOND_PERSON[lang]) for line in mine), mine
    for bad in THIRD_PERSON_YOU[lang]:
        assert not any(says(bad, line) for line in mine), (bad, mine)
    # the bot named "Вы" is a third person: decided by the seat, not by the name
    assert not any(line.startswith(SECOND_PERSON[lang]) for line in theirs), theirs


def zip_runs(history, lines):  # type: ignore[no-untyped-def]
    """Each log line with the seat it is about (a run of draws is one line)."""
    seats, i = [], 0
    while i < len(history):
        seat = history[i].seat
        if history[i].kind == "draw":
            while i < len(history) and history[i].seat == seat and history[i].kind == "draw":
                i += 1
        else:
            i += 1
        seats.append(seat)
    assert len(seats) == len(lines)
    return list(zip(lines, seats, strict=True))


def test_a_draw_counts_its_tiles_from_the_bazaar_in_russian() -> None:
    speak("ru")
    run = [Action(seat=1, move=Draw(), ends=(6, 6)) for _ in range(3)]  # three hidden draws
    assert log_lines(run, ["Вы", "Бот 1"], you=0) == ["Бот 1 берёт 3 камня из базара"]


@pytest.mark.parametrize("lang", ["ru", "ka"])
def test_the_replay_says_your_moves_to_you(lang: str) -> None:
    speak(lang)
    session = FakeSession(["Anna", "bot:Bot"], seed=11)
    move_by_code(session)
    move_by_code(session)
    lines = [describe(ev, ["Anna", "Bot"], you=0) for ev in session.saved]
    assert any(line.startswith(SECOND_PERSON[lang]) for line in lines), lines
    assert not any(line.startswith("Anna") for line in lines), lines


async def test_the_table_log_and_round_dialog_speak_to_you_in_russian() -> None:
    speak("ru")
    session = FakeSession(["Вы", "bot:Бот 1"], seed=11)
    while session.game.state.phase == "playing":
        move_by_code(session)
    app = TableApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None and screen.you == 0
        log = str(screen.query_one(MoveLog).render())
        assert "Вы кладёте" in log or "Вы берёте" in log, log
        for bad in THIRD_PERSON_YOU["ru"][:3]:
            assert not says(bad, log), log
        rec = session.game.state.records[-1]
        if rec.out_seat == 0:
            dialog = app.screen
            assert isinstance(dialog, RoundOverScreen)
            assert "У вас кончились камни" in str(dialog.query_one("#round-outcome").render())


async def test_watching_bots_says_no_you() -> None:
    speak("ru")
    session = FakeSession(["bot:Вы", "bot:Бот 1"], seed=11)
    app = TableApp(session, watch=True, face_up=True, paused=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None and screen.you == -1


@pytest.mark.parametrize("lang", ["en", "ru", "ka"])
def test_koza_join_lines_say_your_own_moves_to_you(lang: str) -> None:
    """``koza join --lines``: the player's own seat (1, "Bob" as typed) is "you"."""
    from koza.net.linemode import describe_event

    speak(lang)
    names = ("Ann", "Bob")
    events = [
        {"type": "round_dealt", "round": 1, "leader": 1, "seat": None},
        {"type": "tile_played", "seat": 1, "tile": "6-6", "end": "open"},
        {"type": "tile_drawn", "seat": 1, "tile": "4-2"},
        {"type": "tile_drawn", "seat": 1, "tile": ""},
        {"type": "turn_passed", "seat": 1},
        {"type": "doubles_played", "seat": 1, "left": "1-1", "right": "2-2"},
    ]
    mine = [str(describe_event(ev, names, you=1)) for ev in events]
    assert not any("Bob" in line for line in mine), mine
    assert sum(line.startswith(SECOND_PERSON[lang].split()[0]) for line in mine) == 5, mine
    for bad in THIRD_PERSON_YOU[lang]:
        assert not any(says(bad, line) for line in mine), (bad, mine)
    # Ann's side of the same table, and a spectator (-1), still name Bob
    assert all("Bob" in str(describe_event(ev, names, you=0)) for ev in events), events
    assert all("Bob" in str(describe_event(ev, names)) for ev in events)


def test_russian_says_nothing_of_a_typed_names_gender() -> None:
    """A name someone typed ({who}) may be anyone's: no "{who} вышел", "{who} потерял"."""
    from koza.i18n.strings import EN, lookup

    masculine = re.compile(r"\{who\} (?:\w+ )?\w+л(?:ся)?\b")
    typed = [k for k in EN if k.startswith(("web.", "lines.", "net."))]
    said = {k: lookup(k, lang="ru") for k in typed}
    assert not {k: v for k, v in said.items() if masculine.search(v)}
    assert lookup("web.outcome_out", lang="ru") == "{who}: камни кончились"
