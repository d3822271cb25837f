"""``koza stats``: the table, ``--json`` with the same figures, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.stats import Folder, mixed_folder, play_game, write_review

from koza.cli.main import main
from koza.i18n import strings
from koza.play.session import Session
from koza.stats import collect


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Folder:
    return mixed_folder(tmp_path_factory.mktemp("stats-cli") / "saves")


def test_json_holds_the_figures_of_every_player(
    folder: Folder, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--json", "--save-dir", str(folder.path)]) == 0
    data = json.loads(capsys.readouterr().out)
    stats = collect(folder.path)
    assert data["games"] == 6 and data["folder"] == str(folder.path)
    assert [(p["kind"], p["name"]) for p in data["players"]] == [
        (p.kind, p.name) for p in stats.players
    ]
    for row, p in zip(data["players"], stats.players, strict=True):
        assert (row["games"], row["goats"], row["went_out"], row["fish"]) == (
            p.games,
            p.goats,
            p.went_out,
            p.fish,
        )
        assert row["goat_rate"] == pytest.approx(p.goats / p.finished)
        assert row["points_per_round"] == pytest.approx(p.points / p.rounds)
        assert row["hand_points_per_round"] == row["points_per_round"]
        assert row["recorded_per_round"] == pytest.approx(p.recorded / p.rounds)
        assert row["unfinished"] == p.games - p.finished
        assert row["loss_per_move"] is None
        assert len(row["last_games"]) == p.games  # fewer than the 20 listed
    assert [bad["file"] for bad in data["unreadable"]] == ["cut.koza.jsonl", "garbage.koza.jsonl"]


def test_the_table_names_each_player_and_each_unreadable_save(
    folder: Folder, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--save-dir", str(folder.path), "stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"koza stats: 6 games in {folder.path} (0 reviewed)"
    assert out[1].split() == ["not", "hand", "sheet"]  # the titles' first lines
    assert out[2].split()[:4] == ["player", "done", "done", "goats"]
    assert [line.split()[0] for line in out[3:5]] == ["Anna", "Boris"]
    assert out[5].startswith("bot greedy") and out[6].startswith("bot random")
    assert out[7].startswith("goat % = goats / games done;")
    assert out[10] == "2 saves could not be read:"
    assert out[11].startswith("  cut.koza.jsonl:4: ")
    assert out[12].startswith("  garbage.koza.jsonl:1: ")
    assert max(len(line) for line in out[1:10]) <= 80


def test_each_row_holds_done_and_not_done_games_and_both_points(
    folder: Folder, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--save-dir", str(folder.path), "stats"]) == 0
    rows = capsys.readouterr().out.splitlines()[3:7]
    for row, p in zip(rows, collect(folder.path).players, strict=True):
        cells = row.split()[-9:]
        assert cells[:4] == [str(p.finished), str(p.unfinished), str(p.goats), f"{p.goat_rate:.0%}"]
        assert cells[4:6] == [f"{p.points / p.rounds:.1f}", f"{p.recorded / p.rounds:.1f}"]


def test_a_long_bot_name_is_never_cut(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    play_game(tmp_path, ["Anna", "bot:montecarlo:fast:Mo"], seed=1, max_rounds=1)
    assert main(["--save-dir", str(tmp_path), "stats"]) == 0
    text = capsys.readouterr().out
    assert "bot montecarlo:fast " in text and "…" not in text


def test_the_table_in_russian_names_bots_in_russian(
    folder: Folder, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KOZA_LANG", raising=False)
    try:
        assert main(["--save-dir", str(folder.path), "stats", "--lang", "ru"]) == 0
    finally:
        strings.use_language("en")
    text = capsys.readouterr().out
    assert "бот жадный" in text and "бот случайный" in text
    assert "greedy" not in text and "random" not in text


def test_cut_ends_and_stale_reviews_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cut = play_game(tmp_path, ["Anna", "bot:greedy:Gosha"], seed=6)
    data = cut.read_bytes()
    cut.write_bytes(data[: data.rindex(b"{") + 20])
    stale = play_game(tmp_path, ["Anna", "bot:greedy:Gosha"], seed=7, max_rounds=1)
    write_review(stale, [{"seat": 0, "loss": 1.0}])
    with Session.open(stale, sync=False) as resumed:  # the game went on after its review
        resumed.next_round()
    assert main(["--save-dir", str(tmp_path), "stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    i = out.index("1 save ends in a line cut off (a crash while saving), counted as not done:")
    assert out[i + 1] == f"  {cut.name}"
    j = out.index("1 review was made before its game went on and is not counted:")
    assert out[j + 1] == f"  {stale.name}"
    assert main(["--save-dir", str(tmp_path), "stats", "--json"]) == 0
    data_json = json.loads(capsys.readouterr().out)
    assert data_json["cut_off"] == [cut.name] and data_json["stale_reviews"] == [stale.name]


def test_the_default_folder_is_koza_home(
    private_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats"]) == 0
    assert capsys.readouterr().out == f"koza stats: 0 games in {private_home} (0 reviewed)\n"


def test_a_missing_folder_or_a_file_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere"
    assert main(["stats", "--save-dir", str(missing)]) == 1
    assert capsys.readouterr().err == f"koza: stats: {missing}: no such folder\n"
    a_file = tmp_path / "file"
    a_file.write_text("x")
    assert main(["stats", "--json", "--save-dir", str(a_file)]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"koza: stats: {a_file}: is not a folder\n" and captured.out == ""


def test_the_help_says_what_is_counted_and_takes_the_save_folder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["stats", "--help"]) == 0
    page = " ".join(capsys.readouterr().out.split())
    for words in ("goat rate", "won by going out", "fish made", "review loss per move", "--json"):
        assert words in page
    assert "--save-dir DIR the folder of saved games" in page
    assert main(["--help"]) == 0
    assert "figures per player from every saved game" in capsys.readouterr().out


def test_a_folder_that_cannot_be_listed_is_one_line_not_an_empty_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refused(path: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("koza.cli.stats.os.scandir", refused)  # root may read any folder
    assert main(["stats", "--save-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"koza: stats: {tmp_path}: cannot be read (Permission denied)\n"
    assert captured.out == ""
