"""The statistics' quick first read agrees with the checked reader on every save, whole or broken.

``quick_seat_games`` may decline a save (None: the caller then loads it in full), but
whenever it answers, ``load`` must accept the same bytes and give the same figures.
"""

from __future__ import annotations

from dataclasses import astuple
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.stats import mixed_folder, play_game

from koza.core.engine import PLAY_MOVES
from koza.core.events import EVENT_ADAPTER, GameCreated, TilePlayed
from koza.core.state import ReplayError, begin, freeze
from koza.core.tiles import END_OF
from koza.stats import saves as stats_saves
from koza.stats.figures import SeatGame, seat_games
from koza.stats.quick import quick_seat_games
from koza.storage.savefile import SaveError, parse

NAME = "game.koza.jsonl"


def agrees(data: bytes) -> list[SeatGame] | None:
    """The quick answer for ``data``, checked against ``load``'s: None or the same figures."""
    quick = quick_seat_games(data, NAME)
    try:
        loaded = parse(Path(NAME), data)
    except SaveError:
        assert quick is None, "the quick read counted a save load refuses"
        return None
    if quick is not None:
        assert quick == seat_games(loaded.events, NAME)
    return quick


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    """Whole games of 2 to 4 players, pairs, doubles, thrown-in deals, people and bots."""
    folder = tmp_path_factory.mktemp("quick")
    made = [
        play_game(folder, ["Anna", "bot:greedy:Gosha"], seed=1),
        play_game(folder, ["Anna", "Boris", "bot:random:Rita"], seed=2, target=61),
        play_game(folder, ["A", "bot:random:B", "C", "bot:random:D"], seed=3, teams="pairs"),
        play_game(folder, ["A", "B", "C", "D"], seed=7, double_play="doubles", target=101),
        play_game(folder, ["A", "bot:random:B"], seed=5, redeal="bad_hand", target=101),
        play_game(folder, ["A", "bot:random:B", "C", "D"], seed=6, redeal="bad_hand"),
        play_game(folder, ["Anna", "bot:greedy:Gosha"], seed=7, open_mode="carry"),
        play_game(folder, ["A", "B", "C"], seed=8, fish_scoring="lowest_exempt", target=101),
    ]
    return [path.read_bytes() for path in made]


def whole_line_cuts(data: bytes) -> list[bytes]:
    """The save as a crash after any whole line would leave it (from the first event on)."""
    lines = data.splitlines(keepends=True)
    return [b"".join(lines[:n]) for n in range(2, len(lines) + 1)]


def test_every_whole_game_and_every_unfinished_cut_is_read_quickly_and_alike(
    games: list[bytes],
) -> None:
    kinds = {b"doubles_played", b"deal_voided", b"game_over", b"tile_drawn", b"turn_passed"}
    assert all(any(k in data for data in games) for k in kinds)  # the games show every kind
    read = 0
    for data in games:
        for cut in whole_line_cuts(data):
            assert agrees(cut) is not None  # an ordinary save never needs the slow reader
            read += 1
    assert read > 500


def test_a_cut_last_line_a_blank_or_nul_end_and_a_missing_newline_go_to_load(
    games: list[bytes],
) -> None:
    data = games[0]
    middle = data.rfind(b"\n", 0, len(data) // 2)
    for broken in (
        data[: middle + 20],  # a line cut off: load counts it as torn
        data + b"\n",  # an editor's blank last line
        data + b"\0\0\0\0\n",  # a crash's line of NUL bytes
        data[:-1],  # the last event without its newline
        data.replace(b'"schema": 1', b'"schema": 0'),  # an old (unknown) schema
        b"",
        data.split(b"\n")[0] + b"\n",  # a header and no game
    ):
        assert quick_seat_games(broken, NAME) is None
        agrees(broken)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (b'"seat":0', b'"seat":1'),  # out of turn
        (b'"end":"right"', b'"end":"left"'),  # a tile that does not fit there
        (b'"tile":"', b'"tile":"x'),  # not a tile
        (b'"seq":5,', b'"seq":6,'),  # a gap in the sequence
        (b'"seq":5,', b'"seq":05,'),  # not JSON
        (b"T", b"t"),  # a time pydantic may read, in a form the quick reader does not
        (b'"type":"tile_drawn","seat":', b'"type":"tile_drawn","seat":9'),
        (b'"outcome":"fish"', b'"outcome":"out"'),  # a score that was not made
    ],
)
def test_a_tampered_line_is_refused_or_read_as_load_reads_it(
    games: list[bytes], old: bytes, new: bytes
) -> None:
    for data in games:
        lines = data.split(b"\n")
        found = [i for i, line in enumerate(lines) if i and old in line]
        for i in found[:: max(1, len(found) // 25)]:  # some 25 lines of each game
            changed = lines[i].replace(old, new, 1)
            agrees(b"\n".join([*lines[:i], changed, *lines[i + 1 :]]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_change_to_a_save_is_refused_or_read_as_load_reads_it(
    games: list[bytes], data: st.DataObject
) -> None:
    save = data.draw(st.sampled_from(games))
    lines = save.split(b"\n")
    i = data.draw(st.integers(1, len(lines) - 2))
    change = data.draw(st.sampled_from(["byte", "drop", "twice", "swap"]))
    if change == "byte":
        line = lines[i]
        at = data.draw(st.integers(0, len(line) - 1))
        byte = data.draw(st.sampled_from(b'0123456789-":,{}TZ.adefilnoprstx \0'))
        lines[i] = line[:at] + bytes([byte]) + line[at + 1 :]
    elif change == "drop":
        del lines[i]
    elif change == "twice":
        lines.insert(i, lines[i])
    else:
        j = data.draw(st.integers(1, len(lines) - 2))
        lines[i], lines[j] = lines[j], lines[i]
    agrees(b"\n".join(lines))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    day=st.tuples(st.integers(0, 10000), st.integers(0, 13), st.integers(0, 32)),
    clock=st.tuples(st.integers(0, 25), st.integers(0, 61), st.integers(0, 61)),
    fraction=st.text("0123456789", max_size=8),
)
def test_a_move_at_any_time_is_refused_or_read_as_load_reads_it(
    games: list[bytes], day: tuple[int, int, int], clock: tuple[int, int, int], fraction: str
) -> None:
    stamp = "{:04d}-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}".format(*day, *clock)
    stamp += f".{fraction}Z" if fraction else "Z"
    lines = games[0].split(b"\n")
    i = next(i for i, line in enumerate(lines) if b'"tile_played"' in line)
    head, _, rest = lines[i].partition(b'"at":"')
    lines[i] = head + b'"at":"' + stamp.encode() + rest[rest.index(b'"') :]
    agrees(b"\n".join(lines))


def test_a_folder_reads_the_same_with_and_without_the_quick_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = mixed_folder(tmp_path / "saves")
    whole = folder.saves[1].read_bytes()
    (folder.path / "torn.koza.jsonl").write_bytes(whole[: len(whole) // 2])
    (folder.path / "blank.koza.jsonl").write_bytes(whole + b"\n")
    stats_saves._GAMES.clear()
    quick = stats_saves.collect(folder.path)
    stats_saves._GAMES.clear()
    monkeypatch.setattr(stats_saves, "quick_seat_games", lambda data, game: None)
    full = stats_saves.collect(folder.path)
    stats_saves._GAMES.clear()
    assert [astuple(p) for p in quick.players] == [astuple(p) for p in full.players]
    assert (quick.games, quick.unreadable, quick.torn) == (full.games, full.unreadable, full.torn)
    assert quick.torn == ["torn.koza.jsonl"] and len(quick.unreadable) == 2


def test_a_builder_fed_moves_as_numbers_cannot_be_frozen(games: list[bytes]) -> None:
    events = [EVENT_ADAPTER.validate_json(line) for line in games[0].split(b"\n")[1:-1]]
    created = events[0]
    assert isinstance(created, GameCreated)
    builder = begin(created)
    builder.apply(events[1])  # the first deal
    play = events[2]
    assert isinstance(play, TilePlayed)
    builder.apply_move(play.seq, play.seat, PLAY_MOVES[play.tile][END_OF[play.end]])
    assert builder.seq == play.seq
    with pytest.raises(ReplayError):  # the same move again: out of turn
        builder.apply_move(play.seq + 1, play.seat, PLAY_MOVES[play.tile][END_OF[play.end]])
    with pytest.raises(RuntimeError):
        freeze(builder)
