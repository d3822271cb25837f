"""Errors as data: a save's, a replay's, a rule's or a command's problem said in any language,
while ``str(e)`` stays the English line tests and logs read."""

from __future__ import annotations

import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.english import english
from support.saves import edit_event, first_line, saved_game

from koza.cli.parser import ARGPARSE_ERRORS, say_argparse
from koza.core.commands import CommandError, command_from_json
from koza.core.problems import PROBLEMS, Problem
from koza.core.rules import RuleError, RuleSet
from koza.i18n import strings
from koza.i18n.problems import cannot_open, say_error
from koza.storage.savefile import SaveError, check_path, load, os_error

LANGS = ["ru", "ka"]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    strings.use_language("en")


def said(error: BaseException, lang: str) -> str:
    strings.use_language(lang)
    try:
        return say_error(error)
    finally:
        strings.use_language("en")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_problem_has_its_catalogue_entry_with_the_same_placeholders() -> None:
    for key, text in PROBLEMS.items():
        assert strings.EN[f"error.{key}"] == text
        for lang in LANGS:
            translated = strings.lookup(f"error.{key}", lang=lang)
            assert placeholders(translated) == placeholders(text), (lang, key)
            if text != "{error}":
                assert translated != text, (lang, key)


def test_a_replay_problem_keeps_its_english_line_and_its_file_and_line(tmp_path: Path) -> None:
    save = saved_game(tmp_path, seed=5, players=2)
    lineno, _ = first_line(save, "tile_played")
    edit_event(save, lineno, seq=99)
    with pytest.raises(SaveError) as caught:
        load(save)
    error = caught.value
    assert str(error) == f"{save}:{lineno}: event seq 99 where {lineno - 2} was due"
    assert error.where == f"{save}:{lineno}" and error.problem is not None
    assert error.problem.key == "replay.seq_gap"
    assert say_error(error) == str(error)  # English is the error's own line
    for lang in LANGS:
        text = said(error, lang)
        assert text.startswith(f"{save}:{lineno}: ") and "99" in text
        assert english(text) == set(), text


def test_an_illegal_move_in_a_save_says_the_rule_in_the_language(tmp_path: Path) -> None:
    save = saved_game(tmp_path, seed=6, players=2)
    lineno, event = first_line(save, "tile_played")
    edit_event(save, lineno, seat=1 - int(str(event["seat"])))  # the other seat moves
    with pytest.raises(SaveError) as caught:
        load(save)
    assert caught.value.problem is not None
    for lang in LANGS:
        text = said(caught.value, lang)
        assert english(text) == set(), text


def test_a_refused_field_keeps_pydantic_s_english_and_is_said_in_the_language(
    tmp_path: Path,
) -> None:
    save = saved_game(tmp_path, seed=7, players=2)
    lineno, _ = first_line(save, "round_dealt")
    edit_event(save, lineno, leader="first")
    with pytest.raises(SaveError) as caught:
        load(save)
    assert str(caught.value) == (
        f"{save}:{lineno}: bad round_dealt event: leader: "
        "Input should be a valid integer, unable to parse string as an integer"
    )
    for lang in LANGS:
        text = said(caught.value, lang)
        fields = {"round_dealt", "leader"}  # the save format's own names
        assert text.startswith(f"{save}:{lineno}: ") and english(text, fields) == set(), text


@pytest.mark.parametrize(
    ("event", "field", "value", "english_tail"),
    [
        ("tile_played", "tile", "9-9", "tile: '9-9' is not a tile (write it like 6-4)"),
        ("tile_played", "tile", 99, "tile: 99 is not a tile"),
        ("game_created", "seats", None, "seats.1.bot: unknown bot 'nobody'"),
    ],
)
def test_koza_s_own_field_checks_are_said_in_the_language(
    tmp_path: Path, event: str, field: str, value: object, english_tail: str
) -> None:
    save = saved_game(tmp_path, seed=7, players=2)
    lineno, data = first_line(save, event)
    if field == "seats":
        seats = data["seats"]
        seats[1] = {**seats[1], "kind": "bot", "bot": "nobody"}
        value = seats
    edit_event(save, lineno, **{field: value})
    with pytest.raises(SaveError) as caught:
        load(save)
    assert str(caught.value) == f"{save}:{lineno}: bad {event} event: {english_tail}"
    for lang in LANGS:
        text = said(caught.value, lang)
        names = {event, "tile", "seats", "bot", "nobody", "9-9", "6-4"}  # the save's own words
        assert text.startswith(f"{save}:{lineno}: ") and english(text, names) == set(), text


def test_a_file_that_is_not_a_save_is_said_in_the_language(tmp_path: Path) -> None:
    (tmp_path / "empty.koza.jsonl").write_text("")
    (tmp_path / "text.koza.jsonl").write_text("hello\n")
    problems = [check_path(tmp_path / "missing"), check_path(tmp_path)]
    for name in ("empty.koza.jsonl", "text.koza.jsonl"):
        with pytest.raises(SaveError) as caught:
            load(tmp_path / name)
        problems.append(caught.value)
    assert [str(p).removeprefix(f"{tmp_path}") for p in problems] == [
        "/missing: no such file",
        ": is a folder, not a save file",
        "/empty.koza.jsonl:1: not a koza save (the file is empty)",
        "/text.koza.jsonl:1: not a koza save (no koza-save header)",
    ]
    for lang in LANGS:
        for problem in problems:
            assert problem is not None
            text = said(problem, lang)
            assert text.startswith(str(tmp_path)) and english(text) == set(), text


def test_the_systems_words_for_a_refused_file_are_koza_s_own(tmp_path: Path) -> None:
    error = os_error(tmp_path / "x", PermissionError(13, "Permission denied"))
    assert str(error) == f"{tmp_path / 'x'}: permission denied"
    assert said(error, "ru") == f"{tmp_path / 'x'}: нет доступа"
    odd = os_error(tmp_path / "x", OSError(5000, "Something Odd"))
    assert str(odd) == f"{tmp_path / 'x'}: something odd"  # unknown: the system's words


@pytest.mark.parametrize(
    ("make", "key"),
    [
        (lambda: RuleSet.from_pairs(["target"]), "rule.not_pair"),
        (lambda: RuleSet.from_pairs(["nosuch=1"]), "rule.unknown"),
        (lambda: RuleSet.from_pairs(["target=abc"]), "rule.bad_value"),
        (lambda: RuleSet.from_pairs(["teams=x"]), "rule.bad_value"),
        (lambda: RuleSet(teams="pairs").check_players(3), "rule.pairs_four"),
        (lambda: RuleSet().check_players(7), "rule.players"),
    ],
)
def test_a_rule_error_carries_its_problem(make: object, key: str) -> None:
    with pytest.raises(RuleError) as caught:
        make()  # type: ignore[operator]
    problem = caught.value.problem
    assert isinstance(problem, Problem) and problem.key == key
    assert str(caught.value) == problem.english()
    for lang in LANGS:
        text = said(caught.value, lang)
        assert text != str(caught.value) and english(text) == set(), text


def test_a_command_error_carries_its_problem() -> None:
    with pytest.raises(CommandError) as caught:
        command_from_json('{"kind": "fly"}')
    assert caught.value.problem is not None
    assert str(caught.value).startswith("not a command: ")
    assert said(caught.value, "ka").startswith("ეს ბრძანება არ არის: ")


def test_argparse_errors_are_said_in_the_language() -> None:
    english_errors = [
        "the following arguments are required: --players",
        "argument --seats: invalid choice: 'x' (choose from 'a', 'b')",
        "unrecognized arguments: --nosuch",
        "argument --seed: invalid int value: 'x'",
        "argument --all: not allowed with argument --seat",
        "argument --port: expected one argument",
    ]
    for lang in LANGS:
        strings.use_language(lang)
        for message in english_errors:
            text = say_argparse(message)
            assert text != message and english(text, {"int"}) == set(), text
    strings.use_language("en")
    assert [say_argparse(m) for m in english_errors] == english_errors
    new = "a message argparse may add one day"
    assert say_argparse(new) == new
    assert len(ARGPARSE_ERRORS) == len(set(ARGPARSE_ERRORS.values()))


@pytest.mark.parametrize("lang", LANGS)
def test_the_app_says_why_a_save_cannot_be_opened_in_the_language(
    lang: str, tmp_path: Path
) -> None:
    (tmp_path / "empty.koza.jsonl").write_text("")
    with pytest.raises(SaveError) as caught:
        load(tmp_path / "empty.koza.jsonl")
    strings.use_language(lang)
    text = cannot_open(tmp_path / "empty.koza.jsonl", caught.value)
    assert text.count(str(tmp_path)) == 1  # the file is named once
    assert english(text) == set(), text
