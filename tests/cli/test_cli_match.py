"""``koza sim --match`` and ``koza verify`` of a match file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from koza.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def sim_match(capsys: pytest.CaptureFixture[str], folder: Path, *argv: str) -> list[str]:
    code, out, err = run(capsys, "sim", "--save-dir", str(folder), "--seed", "29", *argv)
    assert (code, err) == (0, "")
    return out.splitlines()


def test_a_rotating_partners_match_prints_its_final_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = sim_match(capsys, tmp_path, "--players", "4", "--match", "rotating-partners")
    assert (
        lines[0] == "sim: 1 match, rotating partners, 4 random players, seed 29, rules teams=pairs"
    )
    assert lines[1].startswith("match 1: ") and lines[1].endswith(".koza-match.json")
    assert lines[2] == "Match sheet: rotating partners, 3 games played, over"
    assert lines[3].split() == ["#", "player", "won", "goats", "not", "goat", "points"]
    rows = [line.split() for line in lines[4:]]
    assert [r[0] for r in rows] == ["1", "2", "3", "4"]
    assert sorted(r[2] for r in rows) == ["1", "2", "3", "4"]  # Bot 1 .. Bot 4
    not_goat = [int(r[5]) for r in rows]
    assert not_goat == sorted(not_goat, reverse=True)
    assert len(list(tmp_path.glob("*.koza.jsonl"))) == 3


def test_a_match_of_n_games_and_one_until_a_goat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = sim_match(capsys, tmp_path / "a", "--players", "3", "--match", "2", "--games", "2")
    assert lines[0].startswith("sim: 2 matches, 2 games, 3 random players")
    assert lines.count("Match sheet: 2 games, 2 games played, over") == 2
    assert len(list((tmp_path / "a").glob("*.koza-match.json"))) == 2
    lines = sim_match(capsys, tmp_path / "b", "--players", "2", "--match", "goats:1")
    assert lines[2] == "Match sheet: until someone is the goat 1 time, 1 game played, over"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "3", "--match", "rotating-partners"], "rotating partners needs exactly 4"),
        (["--players", "2", "--match", "lots"], "bad match 'lots': give a number of games"),
        (["--players", "2", "--match", "goats:0"], "bad match 'goats:0'"),
        (["--players", "2", "--match", "2", "--rule", "teams=pairs"], "teams=pairs needs"),
        (["--match", "3"], "the following arguments are required: --players"),
    ],
)
def test_a_bad_match_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "--save-dir", str(tmp_path), "sim", *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"koza: sim: {message}") and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []


def test_verify_checks_a_match_its_games_and_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sim_match(capsys, tmp_path, "--players", "4", "--match", "rotating-partners")
    match = next(tmp_path.glob("*.koza-match.json"))
    code, out, err = run(capsys, "verify", str(match))
    lines = out.splitlines()
    assert (code, err, len(lines)) == (0, "", 4)
    assert all(", deals match seed " in line for line in lines[:3])
    assert lines[3] == f"{match}: match ok, rotating partners, 3 games played, over"

    games = json.loads(match.read_text())["games"]
    (tmp_path / games[1]).unlink()
    code, out, err = run(capsys, "verify", str(match))
    assert code == 1 and len(out.splitlines()) == 2  # games 1 and 3
    missing = tmp_path / games[1]
    assert err == f"{missing}: no such file\n{match}: game 2: no such file\n"


def test_verify_refuses_a_match_file_that_is_not_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "x.koza-match.json"
    bad.write_text('{"format": "koza-match", "schema": 1}')
    code, out, err = run(capsys, "verify", str(bad))
    assert (code, out) == (1, "")
    assert err.startswith(f"{bad}: not a valid match file: match_id") and err.count("\n") == 1
