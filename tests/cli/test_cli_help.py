"""The command line a newcomer reads (issue 10 item 12): help pages that explain, bot names that
forgive case, errors that name the real problem, and refusals worded alike."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from support.paths import ROOT

from koza.bots import BOT_LEVELS
from koza.cli.main import main
from koza.core.rules import options

SUBCOMMANDS = ("play", "resume", "watch", "replay", "verify", "sim", "tournament")
README = ROOT / "README.md"


def flat(text: str) -> str:
    return " ".join(text.split())


def help_page(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--help"]) == 0
    return capsys.readouterr().out


def test_an_unknown_bot_is_named_not_counted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "--seats", "nosuchbot"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot 'nosuchbot'" in err and "played by" not in err
    assert err.count("\n") == 1


def test_bot_names_ignore_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[object] = []
    fake = types.ModuleType("koza.cli.app")
    fake.watch = lambda save_dir, seats, delay, seed: calls.append(seats) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "koza.cli.app", fake)
    assert main(["--save-dir", str(tmp_path), "watch", "--seats", "Random, GREEDY,Expert"]) == 0
    assert calls == [["random", "greedy", "expert"]]
    argv = ["tournament", "--seats", "Random,Greedy", "--deals", "1", "--quiet"]
    assert main([*argv, "--baseline", "EXPERT"]) == 0
    out = capsys.readouterr().out
    assert "random" in out and "greedy" in out and "unknown bot" not in out


def test_every_subcommand_help_describes_it_and_its_save_folder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in SUBCOMMANDS:
        page = help_page(capsys, name)
        about = page.split("\n\n")[1]
        assert not about.startswith(("options:", "positional")), name  # a description
        assert "the folder of saved games" in flat(page.split("--save-dir DIR", 1)[1]), name


def test_help_lists_the_bot_levels_where_bots_are_taken(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in ("watch", "tournament"):
        page = flat(help_page(capsys, name))
        assert all(level in page for level in BOT_LEVELS), name


def test_sim_help_lists_every_rule_option_from_the_rule_set(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in ("sim", "tournament"):
        page = flat(help_page(capsys, name))
        for option in options():
            assert f"{option.name}: {option.title.lower()} (default {option.default})" in page
            assert flat(option.values_in_words()) in page


def test_the_bot_delay_variable_is_documented(capsys: pytest.CaptureFixture[str]) -> None:
    from koza.tui.table.runner import DEFAULT_DELAY

    for argv in ([], ["play"], ["resume"], ["watch"]):
        page = help_page(capsys, *argv)
        assert (
            f"KOZA_BOT_DELAY=S  seconds between bot moves at the table (default {DEFAULT_DELAY})"
            in page
        )
    assert "KOZA_BOT_DELAY" in README.read_text("utf-8")


def test_one_game_is_one_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sim", "--players", "2", "--games", "1", "--seed", "1", "--save-dir", str(tmp_path)]
    assert main([*argv, "--rule", "target=20"]) == 0
    assert capsys.readouterr().out.startswith("sim: 1 game, 2 random players")


def test_resume_and_replay_refuse_a_bad_save_in_the_same_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.koza.jsonl"
    bad.write_text("garbage\n")
    said = {}
    for command in ("resume", "replay"):
        assert main(["--save-dir", str(tmp_path), command, str(bad)]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"koza: {command}: ") and err.count("\n") == 1
        said[command] = err.removeprefix(f"koza: {command}: ")
    assert said["resume"] == said["replay"] and "not a koza save" in said["resume"]
    assert bad.read_text() == "garbage\n"
    monkeypatch.setenv("KOZA_HOME", str(tmp_path / "nothing"))
    assert main(["resume"]) == 1
    assert capsys.readouterr().err.startswith("koza: resume: ")
