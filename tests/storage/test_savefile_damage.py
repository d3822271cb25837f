"""Damaged saves: deep nesting, huge values, whole bad lines, FIFOs, link loops.

Each refusal is one short line naming the file (and line), and the file is left
exactly as it was.  One bad save never hides the others in the saved-games list.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from support.saves import lines_of, saved_game, write_lines

from koza.cli.main import main
from koza.play.session import Session
from koza.storage.listing import latest_unfinished, list_saves
from koza.storage.savefile import SaveError, load
from koza.storage.summary import read_summary

DEEP = "[" * 5000 + "]" * 5000
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files")


@pytest.fixture
def save(tmp_path: Path) -> Path:
    return saved_game(tmp_path, seed=11, players=3, max_events=40)


def refusal(path: Path) -> str:
    """``load`` and ``Session.open`` refuse alike, in one short line, changing nothing."""
    before = path.read_bytes()
    with pytest.raises(SaveError) as loading:
        load(path)
    with pytest.raises(SaveError) as opening:
        Session.open(path)
    assert str(opening.value) == str(loading.value)
    assert path.read_bytes() == before
    text = str(loading.value)
    assert "\n" not in text and len(text) < 300, text
    return text


# --- 1: deep nesting ------------------------------------------------------------


def test_a_deeply_nested_header_is_refused(save: Path) -> None:
    lines = lines_of(save)
    write_lines(save, [DEEP, *lines[1:]])
    assert refusal(save) == f"{save}:1: not a koza save (no koza-save header)"


def test_a_deeply_nested_last_line_is_refused(save: Path) -> None:
    write_lines(save, [*lines_of(save), DEEP])
    assert refusal(save) == f"{save}:42: not valid JSON (nested too deeply)"


def test_a_deeply_nested_cut_off_tail_is_dropped(save: Path) -> None:
    whole = load(save)
    save.write_bytes(save.read_bytes() + DEEP.encode())
    loaded = load(save)
    assert loaded.torn and loaded.events == whole.events


def test_one_bad_save_never_hides_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = saved_game(tmp_path, seed=3, players=2, max_events=10)
    bad = tmp_path / "zz-deep.koza.jsonl"
    bad.write_text(DEEP + "\n" + DEEP + "\n")
    listed = list_saves(tmp_path, include_bad=True)
    assert {s.path for s in listed} == {good, bad}
    assert (
        next(s for s in listed if s.path == bad).error
        == f"{bad}:1: not a koza save (no koza-save header)"
    )
    assert [s.path for s in list_saves(tmp_path)] == [good]
    assert latest_unfinished(tmp_path) == good
    assert main(["verify", str(bad)]) == 1
    assert capsys.readouterr().err == f"{bad}:1: not a koza save (no koza-save header)\n"


# --- 4: error messages quote only a little ----------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "start"),
    [
        ("type", "x" * 5_000_000, "unknown event type 'xxxxxxxx"),
        ("tile", "y" * 5_000_000, "bad tile_drawn event: tile: 'yyyyyyy"),
        ("seq", 10**4000, "event seq 10000000"),
        ("seat", -(10**4000), "bad tile_drawn event: seat:"),
    ],
    ids=["type", "tile", "seq", "seat"],
)
def test_messages_never_echo_huge_input(save: Path, field: str, value: object, start: str) -> None:
    sys.set_int_max_str_digits(0)
    try:
        event = {"seq": 40, "type": "tile_drawn", "seat": 0, "tile": "0-0", field: value}
        write_lines(save, [*lines_of(save), json.dumps(event)])
    finally:
        sys.set_int_max_str_digits(4300)
    text = refusal(save)
    assert text.startswith(f"{save}:42: "), text
    assert start in text, text


# --- 6 and 11: what is not a regular file ---------------------------------------------


@posix_only
def test_a_fifo_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.koza.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match=r"pipe\.koza\.jsonl: is a pipe \(FIFO\), not a save file$"):
        load(fifo)
    with pytest.raises(SaveError, match=r"is a pipe \(FIFO\), not a save file$"):
        Session.open(fifo)
    assert main(["verify", str(fifo)]) == 1
    assert capsys.readouterr().err == f"{fifo}: is a pipe (FIFO), not a save file\n"
    assert main(["resume", str(fifo)]) == 1
    assert capsys.readouterr().err == f"koza: resume: {fifo}: is a pipe (FIFO), not a save file\n"


@posix_only
def test_a_symlink_loop_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    loop = tmp_path / "loop.koza.jsonl"
    loop.symlink_to(loop)
    said = f"{loop}: is a symbolic link that loops (it never reaches a file)"
    with pytest.raises(SaveError) as info:
        load(loop)
    assert str(info.value) == said
    for command in ("resume", "replay"):
        assert main([command, str(loop)]) == 1
        assert capsys.readouterr().err == f"koza: {command}: {said}\n"
    assert main(["verify", str(loop)]) == 1
    assert capsys.readouterr().err == said + "\n"


# --- 7: only a line without its newline is a crash remnant ------------------------------


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b'{"seq": ' + b"9" * 5000 + b"}", "not valid JSON"),
        (b'{"seq": 40, "type": "turn_\xff\xfe"}', "not valid JSON"),
        (b"garbage", "not valid JSON"),
    ],
    ids=["huge-number", "bad-utf8", "garbage"],
)
def test_a_whole_bad_last_line_is_refused_not_dropped(save: Path, line: bytes, reason: str) -> None:
    save.write_bytes(save.read_bytes() + line + b"\n")
    assert refusal(save) == f"{save}:42: {reason}"


def test_the_same_line_without_its_newline_is_a_crash_remnant(save: Path) -> None:
    data = save.read_bytes()
    save.write_bytes(data + b'{"seq": ' + b"9" * 5000)
    with Session.open(save) as s:
        assert len(s.warnings) == 1
    assert save.read_bytes()[: len(data)] == data


def test_the_list_survives_a_loader_bug(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = saved_game(tmp_path, seed=3, players=2, max_events=10)
    odd = saved_game(tmp_path, seed=4, players=2, max_events=10)
    real = read_summary

    def buggy(path: Path) -> object:
        if path == odd:
            raise RuntimeError("x" * 1000)
        return real(path)

    monkeypatch.setattr("koza.storage.listing.read_summary", buggy)
    listed = {s.path: s for s in list_saves(tmp_path, include_bad=True)}
    assert listed[good].error is None
    error = listed[odd].error
    assert error is not None and error.startswith(f"{odd}: cannot be read (RuntimeError: xxx")
    assert len(error) <= len(f"{odd}: ") + 160
