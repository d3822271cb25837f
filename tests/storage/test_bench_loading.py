"""The loading figures' helpers: the save they resume, and the probe that times a tree."""

from __future__ import annotations

import json
from pathlib import Path

from support.saves import saved_game

from koza import bench
from koza.bench import loading as bench_loading
from koza.play.session import Session
from koza.storage.savefile import load

MOVES = {"tile_played", "tile_drawn", "turn_passed", "doubles_played"}


def test_the_resumed_save_is_cut_between_two_moves_and_owes_nothing(tmp_path: Path) -> None:
    whole = saved_game(tmp_path, seed=4, players=3)
    cut = tmp_path / "cut.koza.jsonl"
    events = bench_loading.cut_in_play(whole, cut)
    lines = whole.read_bytes().splitlines(keepends=True)
    assert cut.read_bytes() == b"".join(lines[: events + 1])
    types = [json.loads(line)["type"] for line in lines[1:]]
    assert types[events - 1] in MOVES and types[events] in MOVES
    assert types[events + 1 :].count("round_scored") == 1  # the last round's moves are cut
    before = cut.read_bytes()
    with Session.open(cut) as session:
        assert session.state.phase == "playing" and len(session.game.events) == events
    assert cut.read_bytes() == before  # resuming it wrote nothing


def test_the_probe_times_a_tree_in_its_own_process(tmp_path: Path) -> None:
    save = saved_game(tmp_path, seed=5, players=2, target=31)
    cut = tmp_path / "cut.koza.jsonl"
    bench_loading.cut_in_play(save, cut)
    tree = Path(bench_loading.__file__).resolve().parent.parent
    work = tmp_path / "work.koza.jsonl"
    assert bench_loading.probe(tree, "load", save, work, 1) > 0
    assert bench_loading.probe(tree, "resume", cut, work, 1) > 0
    assert load(work).events == load(cut).events  # the probe resumed a copy


def test_the_long_game_is_a_whole_save_and_the_figures_are_registered(tmp_path: Path) -> None:
    bench.discover()
    assert "loading" in bench.BENCHMARKS
    save = bench_loading.make_long_save(tmp_path)
    loaded = load(save)
    assert loaded.state.phase == "game_over" and len(loaded.events) > 5000
