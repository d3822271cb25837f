"""Save files: round trip, every refusal with its exact message, cut-off lines, upgrades."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

import pytest
from support.paths import DATA
from support.saves import (
    edit_event,
    first_line,
    lines_of,
    saved_game,
    write_lines,
)

from koza import __version__
from koza.core.fold import StateBuilder
from koza.core.state import apply_event, replay
from koza.core.tiles import tile_name
from koza.play.session import Session
from koza.storage import savefile
from koza.storage.savefile import SaveError, load


@pytest.fixture
def save(tmp_path: Path) -> Path:
    return saved_game(tmp_path, seed=11, players=3)


def test_header_is_the_first_line(save: Path) -> None:
    head = json.loads(lines_of(save)[0])
    assert head == {"format": "koza-save", "schema": 1, "koza": __version__}
    assert (
        lines_of(save)[0] == '{"format": "koza-save", "schema": 1, "koza": "' + __version__ + '"}'
    )


def test_load_round_trips_a_whole_game(save: Path) -> None:
    loaded = load(save)
    assert loaded.state.phase == "game_over"
    assert len(loaded.events) == len(lines_of(save)) - 1
    assert replay(loaded.events).sheets == loaded.state.sheets
    assert not loaded.torn and not loaded.warnings
    assert loaded.good_bytes == save.stat().st_size


def refused(path: Path) -> str:
    """Load must fail, and opening for writing must fail the same way, changing nothing."""
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        load(path)
    with pytest.raises(SaveError) as info2:
        Session.open(path)
    assert str(info2.value) == str(info.value)
    assert path.read_bytes() == before
    assert "\n" not in str(info.value)
    return str(info.value)


def test_not_json(save: Path) -> None:
    lines = lines_of(save)
    lines[2] = lines[2][:-5] + "%%"
    write_lines(save, lines)
    assert refused(save) == f"{save}:3: not valid JSON"


def test_blank_line(save: Path) -> None:
    lines = lines_of(save)
    lines.insert(3, "")
    write_lines(save, lines)
    assert refused(save) == f"{save}:4: a blank line"


def test_unknown_event(save: Path) -> None:
    lines = lines_of(save)
    lines[4] = '{"seq": 3, "type": "tile_flipped", "seat": 0}'
    write_lines(save, lines)
    assert refused(save) == f"{save}:5: unknown event type 'tile_flipped'"


def test_event_without_type_and_non_object(save: Path) -> None:
    lines = lines_of(save)
    lines[4] = '{"seq": 3}'
    write_lines(save, lines)
    assert refused(save) == f"{save}:5: an event without a type"
    lines[4] = "[3]"
    write_lines(save, lines)
    assert refused(save) == f"{save}:5: not an event (a JSON object was expected)"


def test_bad_field(save: Path) -> None:
    lineno, _ = first_line(save, "tile_played")
    edit_event(save, lineno, tile="9-9")
    msg = f"{save}:{lineno}: bad tile_played event: tile: '9-9' is not a tile (write it like 6-4)"
    assert refused(save) == msg


def test_unknown_field(save: Path) -> None:
    lineno, _ = first_line(save, "tile_played")
    edit_event(save, lineno, cheat=True)
    assert (
        refused(save)
        == f"{save}:{lineno}: bad tile_played event: cheat: Extra inputs are not permitted"
    )


def test_wrong_sequence(save: Path) -> None:
    lines = lines_of(save)
    del lines[3]  # the event with seq 2
    write_lines(save, lines)
    assert refused(save) == f"{save}:4: event seq 3 where 2 was due"


def test_first_event_must_create_the_game(save: Path) -> None:
    lines = lines_of(save)
    del lines[1]
    write_lines(save, lines)
    assert refused(save) == f"{save}:2: a game must start with game_created, not round_dealt"


def test_move_out_of_turn(save: Path) -> None:
    lineno, ev = first_line(save, "tile_played")
    seat = int(str(ev["seat"]))
    edit_event(save, lineno, seat=(seat + 1) % 3)
    expected = f"{save}:{lineno}: seat {(seat + 1) % 3} moved out of turn (seat {seat} was to move)"
    assert refused(save) == expected


def test_illegal_move_tile_played_twice(save: Path) -> None:
    lineno, ev = first_line(save, "tile_played")
    lines = lines_of(save)
    second = json.loads(lines[lineno])  # the next event
    assert second["type"] == "tile_played"
    second["tile"] = ev["tile"]  # the tile just opened with, again
    lines[lineno] = json.dumps(second)
    write_lines(save, lines)
    msg = refused(save)  # the reason's wording is the core's (state.describe_illegal)
    assert msg.startswith(f"{save}:{lineno + 1}: seat {second['seat']}: {ev['tile']} is not in")


def test_illegal_pass(save: Path) -> None:
    lineno, ev = first_line(save, "tile_played")
    edit_event(save, lineno, type="turn_passed", tile=None, end=None)
    lines = lines_of(save)
    data = json.loads(lines[lineno - 1])
    del data["tile"], data["end"]
    lines[lineno - 1] = json.dumps(data)
    write_lines(save, lines)
    msg = refused(save)
    assert msg.startswith(f"{save}:{lineno}: seat {ev['seat']}: ")


def test_tile_twice_in_a_deal(save: Path) -> None:
    lineno, ev = first_line(save, "round_dealt")
    shuffle = list(ev["shuffle"])  # type: ignore[call-overload]
    shuffle[1] = shuffle[0]
    edit_event(save, lineno, shuffle=shuffle)
    expected = (
        f"{save}:{lineno}: the shuffle of round 1 is not a full set: {shuffle[0]} appears twice"
    )
    assert refused(save) == expected


def test_tampered_score(save: Path) -> None:
    lineno, ev = first_line(save, "round_scored")
    totals = [t + 1 for t in ev["totals"]]  # type: ignore[attr-defined]
    edit_event(save, lineno, totals=totals)
    assert refused(save).startswith(f"{save}:{lineno}: round 1 was scored ")


def test_event_after_game_over(save: Path) -> None:
    lines = lines_of(save)
    last = json.loads(lines[-1])
    last["seq"] += 1
    lines.append(json.dumps(last))
    write_lines(save, lines)
    assert refused(save) == f"{save}:{len(lines)}: game_over after the game was over"


def test_newer_schema_is_refused(save: Path) -> None:
    lines = lines_of(save)
    lines[0] = json.dumps({"format": "koza-save", "schema": 2, "koza": "9.0"})
    write_lines(save, lines)
    expected = (
        f"{save}:1: save schema 2 is newer than this koza {__version__} understands (schema 1); "
        "update koza to open it"
    )
    assert refused(save) == expected


@pytest.mark.parametrize(
    ("first", "reason"),
    [
        ('{"format": "chess-save", "schema": 1}', "not a koza save (no koza-save header)"),
        ("hello", "not a koza save (no koza-save header)"),
        ('{"format": "koza-save", "schema": "one"}', "bad save schema 'one'"),
        ('{"format": "koza-save", "schema": 0}', "bad save schema 0"),
    ],
)
def test_bad_header(save: Path, first: str, reason: str) -> None:
    lines = lines_of(save)
    lines[0] = first
    write_lines(save, lines)
    assert refused(save) == f"{save}:1: {reason}"


def test_empty_and_header_only_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.koza.jsonl"
    empty.write_bytes(b"")
    assert refused(empty) == f"{empty}:1: not a koza save (the file is empty)"
    cut = tmp_path / "cut.koza.jsonl"
    cut.write_bytes(b'{"format": "koza-')
    assert refused(cut) == f"{cut}:1: not a koza save (its header line is cut off)"
    head = tmp_path / "head.koza.jsonl"
    head.write_bytes(savefile.header_line())
    assert refused(head) == f"{head}:2: no game in the file (it ends after the header)"


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=r"nope\.koza\.jsonl: no such file$"):
        load(tmp_path / "nope.koza.jsonl")
    with pytest.raises(SaveError, match=r"nope\.koza\.jsonl: no such file$"):
        Session.open(tmp_path / "nope.koza.jsonl")
    with pytest.raises(SaveError, match="is a folder, not a save file$"):
        load(tmp_path)


# --- a last line cut off by a crash -------------------------------------------


def test_cut_off_last_line_is_dropped_with_a_warning(
    save: Path, caplog: pytest.LogCaptureFixture
) -> None:
    whole = load(save)
    data = save.read_bytes()
    last = data.rstrip(b"\n").rsplit(b"\n", 1)[1]
    save.write_bytes(data[: -len(last) // 2])
    n_lines = len(lines_of(save))
    with caplog.at_level(logging.WARNING, logger="koza.storage.savefile"):
        loaded = load(save)
    warning = f"{save}:{n_lines}: the last line was cut off (a crash while saving?) and was dropped"
    assert loaded.warnings == [warning]
    assert warning in caplog.messages
    assert loaded.torn and loaded.events == whole.events[:-1]


def test_every_cut_of_the_last_line_loads(tmp_path: Path) -> None:
    """A crash can stop a write at any byte: every prefix loads to the last whole event."""
    path = saved_game(tmp_path, seed=3, players=2, max_events=12)
    data = path.read_bytes()
    cut_at = data.rstrip(b"\n").rfind(b"\n") + 1
    n = len(load(path).events)
    for end in range(cut_at, len(data) + 1):
        path.write_bytes(data[:end])
        loaded = load(path)
        whole = end >= len(data) - 1  # only the newline missing is still a whole event
        assert len(loaded.events) == (n if whole else n - 1), end
        assert loaded.torn == (cut_at < end < len(data) - 1)


def test_resume_truncates_the_cut_line_then_appends(save: Path) -> None:
    short = saved_game(save.parent, seed=5, players=4, max_events=30)
    data = short.read_bytes()
    short.write_bytes(data + b'{"seq": 30, "type": "tile_pl')
    with Session.open(short) as s:
        assert len(s.warnings) == 1
        assert short.read_bytes() == data
        s.game.next_round() if s.state.phase == "round_over" else s.play_bot()
        n = len(s.game.events)
    loaded = load(short)
    assert len(loaded.events) == n and not loaded.warnings


def test_resume_adds_a_missing_final_newline(save: Path) -> None:
    short = saved_game(save.parent, seed=6, players=2, max_events=20)
    short.write_bytes(short.read_bytes().rstrip(b"\n"))
    with Session.open(short) as s:
        assert len(s.game.events) == 20
        s.play_bot() if s.state.phase == "playing" else s.next_round()
    assert len(load(short).events) == 21


def test_torn_line_with_nul_bytes(save: Path) -> None:
    save.write_bytes(save.read_bytes() + b"\0" * 40)
    loaded = load(save)
    assert loaded.torn and loaded.state.phase == "game_over"


# --- golden saves and upgrades ------------------------------------------------

GOLDEN = [
    # file, events, rounds, totals, goats, ranking
    ("schema1-3p-default.koza.jsonl", 183, 7, (121, 99, 42), (0,), (2, 1)),
    ("schema1-4p-pairs.koza.jsonl", 266, 9, (136, 170), (1,), (0,)),
]


@pytest.mark.parametrize(("name", "events", "rounds", "totals", "goats", "ranking"), GOLDEN)
def test_golden_schema1_saves_still_load(
    name: str,
    events: int,
    rounds: int,
    totals: tuple[int, ...],
    goats: tuple[int, ...],
    ranking: tuple[int, ...],
) -> None:
    loaded = load(DATA / name)
    st = loaded.state
    assert loaded.schema == 1 and len(loaded.events) == events
    assert (st.round_no, st.sheets.totals, st.goats, st.ranking) == (rounds, totals, goats, ranking)
    assert st.phase == "game_over"
    one_by_one = None  # the load's lazy fold, frozen once, and apply_event's states agree
    for ev in loaded.events:
        one_by_one = apply_event(one_by_one, ev)
    assert st == one_by_one


def test_older_schema_is_upgraded_on_load_and_rewritten_on_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pretend schema 2 renamed ``seat`` to ``player``: schema-1 saves must still load."""
    name = GOLDEN[0][0]
    copy = tmp_path / name
    shutil.copy(DATA / name, copy)
    seen = []

    def one_to_two(d: dict[str, object]) -> dict[str, object]:
        seen.append(d["seq"])
        return d

    monkeypatch.setattr(savefile, "SCHEMA", 2)
    monkeypatch.setitem(savefile.UPCASTERS, 1, one_to_two)
    loaded = load(copy)
    assert loaded.schema == 1 and len(seen) == GOLDEN[0][1]
    assert loaded.state.sheets.totals == GOLDEN[0][3]
    with Session.open(copy) as s:
        assert json.loads(lines_of(copy)[0])["schema"] == 2
        with pytest.raises(SaveError, match="locked"):
            Session.open(copy)  # the lock moved to the rewritten file
        assert s.game.events == tuple(loaded.events)
    assert load(copy).schema == 2
    assert not (tmp_path / (name + ".upgrade")).exists()


def test_schema_without_an_upcaster_is_refused(save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(savefile, "SCHEMA", 3)
    monkeypatch.setitem(savefile.UPCASTERS, 2, lambda d: d)
    assert refused(save) == f"{save}:1: cannot upgrade save schema 1"


def test_upcast_line_errors_name_the_line(save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(savefile, "SCHEMA", 2)
    monkeypatch.setitem(savefile.UPCASTERS, 1, lambda d: d)
    lines = lines_of(save)
    lines[3] = "{not json"
    write_lines(save, lines)
    assert refused(save) == f"{save}:4: not valid JSON"
    lines[3] = '{"seq": 2, "type": "nope"}'
    write_lines(save, lines)
    assert refused(save) == f"{save}:4: unknown event type 'nope'"


def test_tile_names_in_messages_match_the_core() -> None:
    assert tile_name(27) == "6-6"  # messages above rely on "hi-lo" names


def test_garbage_last_line_with_newline_is_dropped_too(save: Path) -> None:
    short = saved_game(save.parent, seed=8, players=3, max_events=10)
    data = short.read_bytes()
    short.write_bytes(data + b"\0\0\0\0\n")
    loaded = load(short)
    assert loaded.torn and len(loaded.events) == 10
    assert loaded.warnings[0].startswith(f"{short}:12: the last line was cut off")
    with Session.open(short):
        assert short.read_bytes() == data


def test_unwritable_save_folder_is_a_save_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SaveError, match=f"^{blocker / 'saves'}: not a directory$"):
        Session.create(["a", "b"], save_dir=blocker / "saves")


def test_an_unexpected_fold_error_is_still_a_one_line_refusal(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(builder: object, ev: object) -> None:  # every event after game_created
        raise KeyError(7)

    monkeypatch.setattr(StateBuilder, "apply", broken)
    assert refused(save) == f"{save}:3: this event cannot be replayed (KeyError: 7)"


@pytest.mark.parametrize("upcast", [False, True])
def test_the_first_bad_line_in_the_file_is_named_whether_it_is_invalid_or_unfoldable(
    save: Path, monkeypatch: pytest.MonkeyPatch, upcast: bool
) -> None:
    """Lines are all validated before the fold, yet the refusal is the one a line-by-line
    load meets first: a move out of turn before a broken line, or the other way round."""
    if upcast:  # the per-line path of older schemas keeps the same order
        monkeypatch.setattr(savefile, "SCHEMA", 2)
        monkeypatch.setitem(savefile.UPCASTERS, 1, lambda d: d)
    lineno, ev = first_line(save, "tile_played")
    seat = int(str(ev["seat"]))
    edit_event(save, lineno, seat=(seat + 1) % 3)
    out_of_turn = (
        f"{save}:{lineno}: seat {(seat + 1) % 3} moved out of turn (seat {seat} was to move)"
    )
    lines = lines_of(save)
    whole = list(lines)
    lines[lineno + 2] = "{not json"  # three lines below the move out of turn
    write_lines(save, lines)
    assert refused(save) == out_of_turn
    lines = list(whole)
    lines[lineno - 3] = "{not json"  # two lines above it
    write_lines(save, lines)
    assert refused(save) == f"{save}:{lineno - 2}: not valid JSON"


def test_an_unexpected_validation_error_after_a_refused_move_names_the_move(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line that breaks the validator itself (not a ValidationError) comes after the
    move out of turn: the move is named, as when each line was folded before the next."""
    lineno, ev = first_line(save, "tile_played")
    seat = int(str(ev["seat"]))
    edit_event(save, lineno, seat=(seat + 1) % 3)
    validator = savefile.EVENT_ADAPTER.validator

    class Breaking:
        """The real validator, except that it fails on the last line."""

        @staticmethod
        def validate_json(raw: bytes) -> object:
            if b'"game_over"' in raw:
                raise RuntimeError("the validator broke")
            return validator.validate_json(raw)

    monkeypatch.setattr(savefile, "EVENT_ADAPTER", type("A", (), {"validator": Breaking})())
    assert refused(save).startswith(f"{save}:{lineno}: seat {(seat + 1) % 3} moved out of turn")
    edit_event(save, lineno, seat=seat)  # the move made right again: the broken line shows
    assert refused(save) == f"{save}: cannot be read (RuntimeError: the validator broke)"
