"""The hints side file: beside the save, never the save, and a bad one reads as hints off."""

from __future__ import annotations

from pathlib import Path

from koza.coach.hint_record import HintRecord, hint_path, read_hints, write_hints


def test_the_record_round_trips_beside_the_save(tmp_path: Path) -> None:
    save = tmp_path / "20261130-game.koza.jsonl"
    save.write_text("the save\n", encoding="utf-8")
    record = HintRecord(frozenset({0, 2}))
    record.count(0)
    record.count(0)
    record.count(2)
    assert write_hints(save, record)
    assert hint_path(save) == tmp_path / "20261130-game.hints.json"
    back = read_hints(save)
    assert back.seats == {0, 2} and back.asked == {0: 2, 2: 1}
    assert back.on(2) and not back.on(1)
    assert save.read_text(encoding="utf-8") == "the save\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "20261130-game.hints.json",
        "20261130-game.koza.jsonl",
    ]  # no temporary file left behind


def test_a_missing_or_broken_record_means_hints_off(tmp_path: Path) -> None:
    save = tmp_path / "g.koza.jsonl"
    assert read_hints(save) == HintRecord()
    for text in ("", "not json", "[1, 2]", '{"seats": "all"}', '{"seats": [0], "asked": 3}'):
        hint_path(save).write_text(text, encoding="utf-8")
        assert read_hints(save) == HintRecord(), text
    hint_path(save).write_text('{"seats": [0, 9, "x"], "asked": {"0": 4, "7": 1}}', "utf-8")
    assert read_hints(save) == HintRecord(frozenset({0}), {0: 4})


def test_an_unwritable_folder_is_skipped(tmp_path: Path) -> None:
    save = tmp_path / "gone" / "g.koza.jsonl"
    assert write_hints(save, HintRecord(frozenset({0}))) is False
