"""The command line in Russian and Georgian: every subcommand's help, output and errors.

Each run is ``main([...])`` in-process; the text it prints is walked for English
words (``support.english``: option names, code names and paths aside).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.english import english
from support.paths import GOLDEN
from support.saves import edit_event, first_line, saved_game

from koza.cli.main import main
from koza.coach.review_file import review_path
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.view import seat_view
from koza.i18n import LANGUAGES, strings
from koza.net.linemode import describe_event, render

LANGS = ["ru", "ka"]
NAMES = {"Anna", "Boris", "Vera", "Ann", "Bob"}
HELP_PAGES = [
    (),
    ("play",),
    ("learn",),
    ("resume",),
    ("watch",),
    ("replay",),
    ("verify",),
    ("sim",),
    ("stats",),
    ("review",),
    ("tournament",),
    ("server",),
    ("host",),
    ("join",),
]


@pytest.fixture(autouse=True)
def each_language_alone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``--lang`` sets ``KOZA_LANG`` for the process: undo it after each test."""
    monkeypatch.delenv("KOZA_LANG", raising=False)
    yield
    strings.use_language("en")


def run(capsys: pytest.CaptureFixture[str], lang: str, *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", lang, *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", HELP_PAGES, ids=lambda p: " ".join(p) or "koza")
def test_every_help_page_is_in_the_language(
    lang: str, page: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, lang, *page, "--help")
    assert code == 0 and len(out.splitlines()) > 5
    assert english(out) == set(), out


@pytest.mark.parametrize("lang", LANGS)
def test_verify_says_each_line_in_the_language(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = saved_game(tmp_path, seed=2, players=2)
    bad = saved_game(tmp_path / "bad", seed=3, players=2)
    lineno, _ = first_line(bad, "tile_played")
    edit_event(bad, lineno, seq=99)  # an event out of sequence
    code, out, err = run(capsys, lang, "verify", str(good), str(bad), str(tmp_path / "none"))
    assert code == 1
    assert out.count("\n") == 1 and err.count("\n") == 2
    assert f"{bad}:{lineno}: " in err  # the file and line stay in the message
    assert english(out + err, NAMES | {"Bot"}) == set(), out + err


@pytest.mark.parametrize("lang", LANGS)
def test_sim_and_stats_speak_the_language(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "saves"
    code, out, _ = run(
        capsys, lang, "sim", "--players", "2", "--games", "2", "--seed", "4",
        "--save-dir", str(folder),
    )  # fmt: skip
    assert code == 0 and len(out.splitlines()) == 4
    assert english(out) == set(), out
    (folder / "broken.koza.jsonl").write_text('{"format": "koza-save", "schema": 1}\n{}\n')
    code, out, _ = run(capsys, lang, "stats", "--save-dir", str(folder))
    assert code == 0 and "broken.koza.jsonl:2: " in out
    assert english(out) == set(), out
    header = out.splitlines()[1]
    assert len(header) <= 80  # the columns still fit a terminal


@pytest.mark.parametrize("lang", LANGS)
def test_a_tournament_reports_in_the_language(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "--seats", "random,greedy", "--games", "2", "--quiet"]
    code, out, _ = run(capsys, lang, *argv, "--baseline", "expert")
    assert code == 0
    assert english(out) == set(), out
    lines = out.splitlines()
    head, row = lines[2], lines[3]
    assert len(head) <= len(row) + 2  # the header stays over its columns


@pytest.mark.parametrize("lang", LANGS)
def test_a_review_speaks_the_language(
    lang: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    golden_review: Callable[[int], Path],
) -> None:
    save = tmp_path / GOLDEN.name
    shutil.copyfile(GOLDEN, save)
    shutil.copyfile(golden_review(4), review_path(save))  # its words, made once a run
    code, out, _ = run(capsys, lang, "review", str(save), "--samples", "4")
    assert code == 0
    assert english(out, NAMES) == set(), out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "argv",
    [
        ["nosuch"],
        ["sim"],
        ["sim", "--players", "5", "--games", "1"],
        ["sim", "--players", "2", "--games", "x"],
        ["sim", "--players", "2", "--games", "1", "--rule", "target"],
        ["sim", "--players", "2", "--games", "1", "--rule", "nosuch=1"],
        ["sim", "--players", "2", "--games", "1", "--rule", "target=abc"],
        ["sim", "--players", "3", "--games", "1", "--rule", "teams=pairs"],
        ["watch", "--seats", "nosuchbot"],
        ["watch", "--delay", "99"],
        ["verify"],
        ["replay", "."],
        ["resume", "no-such.koza.jsonl"],
        ["review", "no-such.koza.jsonl"],
        ["review", "--seat", "7", "x"],
        ["stats", "--save-dir", "{tmp}/no-such-folder"],
        ["tournament", "--seats", "random,greedy", "--ceiling"],
        ["tournament", "--seats", "random", "--deals", "1"],
        ["join", "localhost:1", "ab"],
        ["join", "localhost:1", "ABCD"],
        ["server", "--port", "99999"],
        ["server", "--cert", "x.pem"],
        ["host", "--humans", "9"],
        ["--lang", "xx"],
    ],
    ids=lambda argv: " ".join(argv),
)
def test_bad_input_is_one_line_in_the_language(
    lang: str,
    argv: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = [word.replace("{tmp}", str(tmp_path)) for word in argv]
    code, out, err = run(capsys, lang, "--save-dir", str(tmp_path), *argv)
    assert code != 0 and out == ""
    assert err.startswith("koza") and err.count("\n") == 1, err
    assert english(err) == set(), err


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_language_lists_the_known_ones(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KOZA_LANG", lang)
    strings.use_language(lang)
    assert main(["--lang", "xx", "verify", "x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and all(code in err for code in LANGUAGES)
    assert english(err) == set(), err


def test_the_language_comes_from_koza_lang_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KOZA_LANG", "ka")
    strings.use_language("ka")
    assert main(["sim"]) == 2
    err = capsys.readouterr().err
    assert english(err) == set() and "--players" in err


def test_english_stays_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "sim", "--players", "5", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err == "koza: sim: argument --players: Kozel is played by 2, 3 or 4 players, not 5\n"
    assert main(["--lang", "en", "sim"]) == 2
    err = capsys.readouterr().err
    assert err == "koza: sim: the following arguments are required: --players, --games\n"


@pytest.mark.parametrize("lang", LANGS)
def test_the_line_mode_table_is_in_the_language(lang: str) -> None:
    strings.use_language(lang)
    game = Game.new([SeatInfo(name="Ann"), SeatInfo(name="Bob")], seed=4)
    text = "\n".join(render(seat_view(game.state, game.state.turn)))
    events = [
        {"type": "tile_drawn", "seat": 1, "tile": None},
        {"type": "tile_played", "seat": 0, "tile": "6-4", "end": "left"},
        {"type": "turn_passed", "seat": 1},
        {"type": "round_scored", "round": 1, "outcome": "fish", "totals": [3, 4]},
        {"type": "game_over", "goats": [1], "totals": [30, 104]},
    ]
    text += "\n" + "\n".join(str(describe_event(ev, ("Ann", "Bob"))) for ev in events)
    assert english(text, NAMES) == set(), text


def test_the_app_s_language_setting_speaks_on_the_command_line_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "koza-settings.json").write_text('{"language": "ka"}')
    assert main(["--save-dir", str(tmp_path), "sim"]) == 2
    err = capsys.readouterr().err
    assert "აკლია" in err and english(err) == set(), err
    monkeypatch.setenv("KOZA_LANG", "ru")  # the variable comes before the setting
    strings.use_language("ru")
    assert main(["--save-dir", str(tmp_path), "sim"]) == 2
    assert "не хватает" in capsys.readouterr().err
    assert main(["--save-dir", str(tmp_path), "--lang", "en", "sim"]) == 2  # and --lang first
    assert "the following arguments are required" in capsys.readouterr().err
