"""The one walk over events, and the saves-list summary read from a save's ends."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest
from support.deals import random_game

from koza.core import fold
from koza.core.events import (
    EVENT_ADAPTER,
    EVENT_TYPES,
    MOVE_EVENTS,
    Event,
    GameCreated,
    SeatInfo,
)
from koza.core.rules import RuleSet
from koza.core.state import GameState, apply_event, replay
from koza.core.walk import METHOD_OF, EventVisitor, Fold, visit, walk
from koza.play.driver import finish_game, step
from koza.play.session import Session
from koza.storage.listing import latest_unfinished, list_saves
from koza.storage.savefile import SaveError, load
from koza.storage.summary import SummaryVisitor, read_summary, summary_of_state


class Kinds(EventVisitor[str, list[str]]):
    """Names each event by the method it reached, through the fallbacks."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def event(self, ev: Event) -> str:
        self.seen.append(f"{self.index}:event:{ev.type}")
        return "event"

    def move(self, ev: Event) -> str:  # type: ignore[override]
        self.seen.append(f"{self.index}:move:{ev.type}")
        return "move"

    def result(self) -> list[str]:
        return self.seen


def test_every_event_kind_has_a_method_and_falls_back_to_move_or_event() -> None:
    events = random_game(3, players=3).events
    seen = walk(events, Kinds())
    assert len(seen) == len(events)
    assert seen[0] == "0:event:game_created" and seen[1] == "1:event:round_dealt"
    moves = {"tile_played", "doubles_played", "tile_drawn", "turn_passed"}
    for i, (line, ev) in enumerate(zip(seen, events, strict=True)):
        assert line == f"{i}:{'move' if ev.type in moves else 'event'}:{ev.type}"
    assert {type(ev) for ev in events} <= set(METHOD_OF)
    assert visit(Kinds(), events[-1]) == "event"


def test_the_fold_is_the_replay() -> None:
    for seed in range(6):
        events = random_game(seed, players=2 + seed % 3).events
        assert walk(events, Fold()) == replay(events)
        half = len(events) // 2
        assert walk(events[half:], Fold(replay(events[:half]))) == replay(events)


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(teams="pairs"), RuleSet(redeal="bad_hand")])
def test_the_summary_walk_agrees_with_the_state_at_every_event(rules: RuleSet) -> None:
    events = random_game(11, players=4, rules=rules).events
    state: GameState | None = None
    for i, ev in enumerate(events):
        state = apply_event(state, ev)
        assert walk(events[: i + 1], SummaryVisitor()) == summary_of_state(state), i


def saved_game(folder: Path, seed: int, players: int, rules: RuleSet | None = None) -> Path:
    seats = [SeatInfo(name=f"Bot {i}", kind="bot", bot="random") for i in range(players)]
    with Session.create(seats, rules, seed, folder, sync=False) as s:
        finish_game(s)
        return s.path


def cut(path: Path, lines: int, to: Path) -> Path:
    """The first ``lines`` lines of a save (a game stopped there) written to ``to``."""
    to.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:lines]))
    return to


def test_read_summary_equals_a_full_load_wherever_a_game_stops(tmp_path: Path) -> None:
    done = saved_game(tmp_path, 5, 4, RuleSet(teams="pairs"))
    other = saved_game(tmp_path, 6, 3)
    for path in (done, other):
        n = len(path.read_bytes().splitlines())
        for lines in range(2, n + 1, 3):
            part = cut(path, lines, tmp_path / "part.koza.jsonl")
            assert read_summary(part) == summary_of_state(load(part).state), lines
        assert read_summary(path).finished


def test_read_summary_falls_back_to_the_full_load_when_anything_is_odd(tmp_path: Path) -> None:
    path = saved_game(tmp_path, 2, 2)
    data = path.read_bytes()
    torn = tmp_path / "torn.koza.jsonl"
    torn.write_bytes(data + b'{"seq": 99, "ty')
    assert read_summary(torn) == summary_of_state(load(torn).state)
    no_newline = tmp_path / "nonl.koza.jsonl"
    no_newline.write_bytes(data.rstrip(b"\n"))
    assert read_summary(no_newline) == read_summary(path)
    for name, bad in [
        ("junk", b"not a save\n"),
        ("empty", b""),
        ("header", data.split(b"\n")[0] + b"\n"),
        ("schema", data.replace(b'"schema": 1', b'"schema": 9', 1)),
        ("lastline", data.rstrip(b"\n") + b"\n{}\n"),
    ]:
        file = tmp_path / f"{name}.koza.jsonl"
        file.write_bytes(bad)
        with pytest.raises(SaveError) as fast:
            read_summary(file)
        with pytest.raises(SaveError) as full:
            load(file)
        assert str(fast.value) == str(full.value), name
    with pytest.raises(SaveError):
        read_summary(tmp_path / "missing.koza.jsonl")


def test_the_list_reads_only_the_ends_and_resume_still_picks_a_sound_save(tmp_path: Path) -> None:
    """A damaged early move is not even read by the list; ``latest_unfinished`` loads in full."""
    sound = saved_game(tmp_path, 8, 2)
    sound = cut(sound, 12, sound)  # in progress
    seats = [SeatInfo(name=f"Bot {i}", kind="bot", bot="random") for i in range(2)]
    with Session.create(seats, None, 9, tmp_path, sync=False) as s:
        while s.game.state.round_no < 2:
            step(s)
        damaged = s.path
    lines = damaged.read_bytes().splitlines(keepends=True)
    lines[3] = lines[3].replace(b'"seat":', b'"seat":7,"x":', 1)  # an early move, made invalid
    damaged.write_bytes(b"".join(lines))
    assert damaged.stat().st_mtime >= sound.stat().st_mtime
    listed = {s.path: s for s in list_saves(tmp_path)}
    assert listed[damaged].round_no == 2 and listed[damaged].error is None
    with pytest.raises(SaveError):
        load(damaged)
    assert latest_unfinished(tmp_path) == sound


def test_the_event_types_are_listed_once_and_everything_reads_that_list() -> None:
    union = typing.get_args(typing.get_args(Event)[0])
    assert union == EVENT_TYPES and len(set(EVENT_TYPES)) == len(EVENT_TYPES) == 9
    assert set(MOVE_EVENTS) < set(EVENT_TYPES)
    assert set(METHOD_OF) == set(EVENT_TYPES)  # the walk dispatches every type
    assert len(set(METHOD_OF.values())) == len(EVENT_TYPES)  # each to its own method
    # the fold takes every type but the first: as a move, or by a handler of its own
    assert set(fold._MOVES) == set(MOVE_EVENTS)
    assert set(EVENT_TYPES) - set(fold._MOVES) - set(fold._HANDLERS) == {GameCreated}
    # the adapter reads each of them, and only them, from its discriminator
    mapping = EVENT_ADAPTER.json_schema()["discriminator"]["mapping"]
    assert set(mapping) == {kind.model_fields["type"].default for kind in EVENT_TYPES}
