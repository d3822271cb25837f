"""Every screen in Russian and Georgian, read from what is drawn: no English word of the app.

Allowed Latin words: key names printed on a keyboard, koza's name, and player
names.  What still comes out in English has its own strict xfail test below, so
the list of leaks is exact and shrinks as it is fixed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from support.waiting import drawn
from textual.app import App
from textual.pilot import Pilot

from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet, options
from koza.core.state import GameState
from koza.i18n.strings import rule_option, t
from koza.play.session import Session
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.table.screen import TableScreen
from koza.tui.widgets.dialogs import GameOverScreen, RoundOverScreen

KEY_NAMES = {"Enter", "Escape", "Tab", "esc", "space", "ctrl", "koza", "NO_COLOR", "SVG"}
NAMES = {"Nino", "Gia"}
COMMAND_LINE = {"rule", "KEY", "VALUE"} | set(
    re.findall(
        r"[A-Za-z]{2,}",
        " ".join(f"{o.name} {' '.join(o.choices)}" for o in options()),
    )
)
"""What a player types after ``--rule``, as the rule book quotes it (code, not prose)."""
LANGS = ["ru", "ka"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def english(text: str, names: set[str] = NAMES) -> set[str]:
    """The Latin words of ``text`` that are neither key names nor player names."""
    return set(re.findall(r"[A-Za-z]{2,}", text)) - KEY_NAMES - names


def saved_game(folder: Path, teams: str = "off") -> Path:
    seats = [SeatInfo(name="Nino"), SeatInfo(name="Gia", kind="bot", bot="random")]
    with Session.create(seats, seed=3, save_dir=folder, rules=RuleSet(teams=teams)) as s:
        return s.path


def ended_states() -> tuple[GameState, GameState]:
    """A state just after the first round and one at the end of the game (random play)."""
    game = Game.new(["Nino", "Gia"], seed=5)
    rng, first = random.Random(1), None
    while game.state.phase != "game_over":
        if game.state.phase == "round_over":
            first = first or game.state
            game.next_round()
        else:
            game.play(rng.choice(list(game.legal_moves())))
    assert first is not None
    return first, game.state


async def shoot(pilot: Pilot[Any], shots: dict[str, str], name: str, *keys: str) -> None:
    """Keep the screen's text once the texts of ``keys`` are drawn (the footer comes late)."""
    shots[name] = await drawn(pilot, *(t(key) for key in keys))


async def bad_rules_refused(app: KozaApp) -> list[str]:
    """What the new-game form on top says when started with a target that is no number,
    then with pairs for two players (it stays open)."""
    from textual.widgets import Input, Select, Static

    from koza.tui.screens.new_game import NewGameScreen

    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    said = []
    screen.query_one("#rule-target", Input).value = "abc"
    await screen.action_start()
    said.append(str(screen.query_one("#new-error", Static).render()))
    screen.query_one("#rule-target", Input).value = "101"
    screen.query_one("#rule-teams", Select).value = "pairs"  # with two players
    await screen.action_start()
    said.append(str(screen.query_one("#new-error", Static).render()))
    assert app.screen is screen
    return said


async def every_screen(lang: str, folder: Path, refusals: list[str]) -> dict[str, str]:
    """The rendered text of each screen of the app in ``lang``; ``refusals`` gets what the
    new-game form says to bad rules (``bad_rules_refused``), once its text is kept."""
    from koza.tui.replay.screen import open_replay
    from koza.tui.watch.screen import open_watch

    path = saved_game(folder)
    round_over, game_over = ended_states()
    shots: dict[str, str] = {}
    app = KozaApp(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.set_language(lang)
        await shoot(pilot, shots, "menu", "menu.hint", "key.palette_footer")
        await pilot.press("h")
        await shoot(pilot, shots, "rules", "rules.title", "key.back")
        await pilot.press("escape", "s")
        await shoot(pilot, shots, "settings", "settings.title", "key.back")
        await pilot.press("escape")
        await pilot.press("n")
        await shoot(pilot, shots, "new game", "new.hint", "key.defaults")
        refusals[:] = await bad_rules_refused(app)
        await pilot.press("escape", "f1")
        await shoot(pilot, shots, "help", "help.global_keys", "key.back")
        await pilot.press("escape", "r")
        await shoot(pilot, shots, "saved games", "saves.hint", "key.back")
        await pilot.press("enter")
        table_keys = ("table.key_select", "table.key_leave", "table.log_title")
        await shoot(pilot, shots, "table 80x24", *table_keys)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("r")
        await shoot(pilot, shots, "rules of this game", "rules.this_game", "key.back")
        await pilot.press("escape")
        await shoot(pilot, shots, "table 80x24", *table_keys)
        await pilot.resize_terminal(120, 40)
        await shoot(pilot, shots, "table 120x40", *table_keys)
        await pilot.resize_terminal(80, 24)
        app.push_screen(RoundOverScreen(round_over))
        await shoot(pilot, shots, "round over", "dialog.next_round", "dialog.col_total")
        app.pop_screen()
        app.push_screen(GameOverScreen(game_over))
        await shoot(pilot, shots, "game over", "dialog.close", "table.game_over")
        app.pop_screen()
        app.pop_screen()  # the table
        await pilot.pause()
        await pilot.press("w")
        await shoot(pilot, shots, "watch setup", "watch.setup_title", "new.start")
        await pilot.press("escape")
        open_watch(app, ["random", "random"])
        await shoot(pilot, shots, "watch", "table.key_pause", "key.skip_round")
        app.pop_screen()
        await pilot.pause()
        open_replay(app, path)
        await shoot(pilot, shots, "replay", "replay.position_start", "key.event")
        await pilot.press("end")
        await shoot(pilot, shots, "replay at the end", "replay.unfinished", "key.event")
    return shots


@pytest.mark.parametrize("lang", LANGS)
async def test_no_screen_shows_english(lang: str, tmp_path: Path) -> None:
    """Every screen's words; on the way, the new-game form names the rules and refuses bad
    ones in the language (one app for all: each screen costs its drawing once)."""
    refusals: list[str] = []
    shots = await every_screen(lang, tmp_path, refusals)
    assert len(shots) == 15
    watch_names = {"Random", "Random1", "Random2"}  # the watched bots' seat names
    leaks = {name: english(text, NAMES | watch_names) for name, text in shots.items()}
    for book in ("rules", "help", "rules of this game"):
        leaks[book] -= COMMAND_LINE
    leaks["settings"] -= {"English"}  # the chooser names each language in itself
    assert {name: words for name, words in leaks.items() if words} == {}
    assert t("word.bazaar").capitalize() in shots["table 80x24"]  # really in the language
    # the new-game form names the rules in the language: no Latin word but the players'
    assert english(shots["new game"]) == set()
    # and refuses bad rules in it
    target, teams = rule_option("target"), rule_option("teams")
    assert refusals == [
        t("new.rule_bad", title=target.title, low=1, high=1000, value="abc"),
        t("new.rule_four", title=teams.title, value=teams.say("pairs")),
    ]
    assert english(" ".join(refusals)) == {"abc"}


@pytest.mark.parametrize("lang", LANGS)
async def test_an_illegal_move_is_explained_in_the_language(lang: str, tmp_path: Path):
    path = saved_game(tmp_path)
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.set_language(lang)
        assert await app.resume_save(path)
        await pilot.press("left", "enter")  # Nino must open with 5-5, not the tile beside it
        await pilot.pause()
        status = str(app.screen.query_one("#status").render())
        assert status.startswith(t("table.illegal", reason="").rstrip())
        assert english(status) == set()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("teams", ["off", "pairs"])
async def test_the_table_stays_whole_at_80x24(lang: str, teams: str, tmp_path: Path) -> None:
    speak(lang)
    seats = [SeatInfo(name="Тамара")]
    seats += [SeatInfo(name=n, kind="bot", bot="random") for n in ("Георгий", "ნინო", "Davit")]
    session = Session.create(seats, seed=4, save_dir=tmp_path, rules=RuleSet(teams=teams))
    app = KozaApp(tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await drawn(pilot, t("table.must_draw"), t("table.key_draw"))
        # Davit led 5-5; Тамара holds nothing that fits and must draw
        for seat, name in enumerate(s.name for s in seats):
            if seat:  # each opponent's card has the whole name in its title
                assert f"─ {name} ─" in text
        assert t("table.hand_of", name="Тамара", seat=0, n=5) in text
        assert t("table.must_draw") in text
        footer = text.splitlines()[-1]
        for key in ("table.key_select", "table.key_draw", "key.help", "key.palette_footer"):
            assert t(key) in footer, (key, footer)
        assert "Σ" in text  # the totals column and each side's open/closed mark are whole
        marks = [line for line in text.splitlines() if re.search(r"\b\d+ [○●]", line)]
        assert len(marks) == (2 if teams == "pairs" else 4), marks
        assert t("table.score_title", target=101) in text


def table_app(lang: str, folder: Path) -> KozaApp:
    speak(lang)
    with Session.create(
        [SeatInfo(name="Nino"), SeatInfo(name="Gia", kind="bot", bot="random")],
        seed=3,
        save_dir=folder,
    ) as session:
        path = session.path
    return KozaApp(folder, session=Session.open(path))


@pytest.mark.parametrize("lang", LANGS)
def test_table_snapshot(lang: str, snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(table_app(lang, tmp_path), terminal_size=(80, 24))


@pytest.mark.parametrize("lang", LANGS)
def test_round_over_snapshot(lang: str, snap_compare: Any, tmp_path: Path) -> None:
    round_over, _ = ended_states()
    app = table_app(lang, tmp_path)

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.app.push_screen(RoundOverScreen(round_over))

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
