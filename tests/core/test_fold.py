"""The mutable fold behind loads: the same states as ``apply_event``, and states never shared."""

from __future__ import annotations

import dataclasses
import gc
import json

import pytest
from pydantic import ValidationError
from support.deals import random_game

from koza.core import collector
from koza.core.collector import paused_gc
from koza.core.events import EVENT_ADAPTER, RoundDealt, TilePlayed
from koza.core.fold import StateBuilder
from koza.core.rules import RuleSet
from koza.core.state import GameState, ReplayError, apply_event, begin, freeze, replay, thaw
from koza.core.tiles import NAMES


def frozen(state: GameState) -> tuple[object, ...]:
    """Everything a state holds, its round's hands included (they are a list)."""
    round_key = state.round.key() if state.round is not None else None
    return (dataclasses.astuple(state), round_key)


@pytest.mark.parametrize("seed", range(4))
def test_a_builder_frozen_at_every_event_gives_the_states_of_apply_event(seed: int) -> None:
    rules = RuleSet(redeal="bad_hand", target=61) if seed % 2 else RuleSet(target=61)
    events = random_game(seed, 2 + seed % 3, rules).events
    builder = begin(events[0])
    state = apply_event(None, events[0])
    kept: list[tuple[GameState, tuple[object, ...]]] = []
    for ev in events[1:]:
        builder.apply(ev)
        state = apply_event(state, ev)
        now = freeze(builder)
        assert now == state
        kept.append((now, frozen(now)))
    # The builder went on after every freeze: no state it handed out changed.
    assert all(frozen(s) == snapshot for s, snapshot in kept)
    assert replay(events) == state


@pytest.mark.parametrize("seed", range(2))
def test_a_lazy_fold_frozen_once_builds_the_chain_and_history_of_every_prefix(seed: int) -> None:
    rules = RuleSet(target=31, redeal="bad_hand", double_play="doubles")
    events = random_game(seed, 2 + seed, rules).events
    state = apply_event(None, events[0])
    for end in range(1, len(events)):
        state = apply_event(state, events[end])
        builder = begin(events[0])  # lazy: chain and history wait for the freeze
        for ev in events[1 : end + 1]:
            builder.apply(ev)
        assert builder.chain == [] and builder.history == []
        assert freeze(builder) == state, end


def test_a_refused_event_leaves_the_builder_as_it_was() -> None:
    events = random_game(3, 3).events
    at = next(i for i, ev in enumerate(events) if i > 10 and isinstance(ev, TilePlayed))
    builder = begin(events[0])
    for ev in events[1:at]:
        builder.apply(ev)
    state = freeze(builder)
    before = frozen(state)
    wrong_seat = events[at].model_copy(update={"seat": (state.turn + 1) % 3})
    with pytest.raises(ReplayError, match="out of turn"):
        builder.apply(wrong_seat)
    assert frozen(freeze(builder)) == before
    builder.apply(events[at])  # and it goes on from there
    assert freeze(builder) == replay(events[: at + 1])


def test_thaw_copies_the_round_before_changing_it() -> None:
    events = random_game(5, 2).events
    state = replay(events[:4])
    snapshot = frozen(state)
    builder: StateBuilder = thaw(state)
    builder.apply(events[4])
    assert frozen(state) == snapshot
    assert freeze(builder).round is not state.round


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_during_a_fold_and_restored_after(enabled: bool) -> None:
    was = gc.isenabled()
    frozen_before = gc.get_freeze_count()  # an in-process koza server freezes what it loaded
    try:
        gc.enable() if enabled else gc.disable()
        with pytest.raises(ReplayError), paused_gc():
            assert not gc.isenabled()
            raise ReplayError("a refusal in the middle")
        assert gc.isenabled() == enabled
        assert gc.get_freeze_count() <= frozen_before  # the fold's objects are not left frozen
    finally:
        gc.enable() if was else gc.disable()


def test_objects_frozen_for_good_stay_frozen_through_a_fold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fold neither freezes nor unfreezes while a server holds objects frozen.

    (Counting frozen objects alone is not exact: a frozen object that the fold's
    work happens to free leaves the permanent generation too.)
    """
    held = collector._held_frozen  # the suite's conftest holds its imports frozen
    collector.freeze_for_good()
    try:
        frozen_before = gc.get_freeze_count()
        calls: list[str] = []
        monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
        monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
        with paused_gc():
            replay(random_game(1, 2).events)
        monkeypatch.undo()
        assert calls == []
        assert gc.get_freeze_count() > frozen_before * 0.99  # still frozen, not moved back
    finally:
        monkeypatch.undo()
        if not held:
            collector.thaw_for_good()


def test_a_long_running_process_freezes_once_and_collects_less_often(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server or the app: what is loaded is frozen once, and later calls (a second
    app start in one process, the test suite's own) do not collect or freeze again."""
    calls: list[str] = []
    monkeypatch.setattr(gc, "collect", lambda *a: calls.append("collect") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(gc, "set_threshold", lambda *t: calls.append(f"threshold {t}"))
    monkeypatch.setattr(collector, "_held_frozen", False)
    collector.collect_less_often()
    assert calls == ["collect", "freeze", f"threshold {collector.COLLECT_AFTER}"]
    assert collector._held_frozen
    collector.collect_less_often()
    assert calls[3:] == [f"threshold {collector.COLLECT_AFTER}"]


def test_a_fold_never_counts_the_frozen_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting walks every frozen object: after a server froze what it loaded, that was
    most of a small fold's time (the coach's checks ran 20 times slower after one)."""
    counted: list[int] = []
    monkeypatch.setattr(gc, "get_freeze_count", lambda: counted.append(1) or 0)
    for held in (False, True):
        monkeypatch.setattr(collector, "_held_frozen", held)
        with paused_gc():
            replay(random_game(1, 2).events)
    assert counted == []


def _dealt_json(shuffle: object) -> str:
    event = {"seq": 1, "type": "round_dealt", "round": 1, "leader": 0, "shuffle": shuffle}
    return json.dumps(event)


def test_a_shuffle_of_28_names_reads_as_the_per_tile_check_does() -> None:
    names = list(NAMES)
    fast = EVENT_ADAPTER.validate_json(_dealt_json(names))
    assert isinstance(fast, RoundDealt) and fast.shuffle == tuple(range(28))
    # The same tiles written another way take the per-tile path to the same event.
    mixed = EVENT_ADAPTER.validate_json(_dealt_json([*names[:27], 27]))
    flipped = EVENT_ADAPTER.validate_json(_dealt_json(["0-1" if n == "1-0" else n for n in names]))
    assert isinstance(mixed, RoundDealt) and isinstance(flipped, RoundDealt)
    assert mixed.shuffle == flipped.shuffle == fast.shuffle
    assert json.loads(fast.model_dump_json())["shuffle"] == names


@pytest.mark.parametrize(
    ("bad", "where", "says"),
    [
        ("9-9", ("round_dealt", "shuffle", 27), "'9-9' is not a tile"),
        ([1], ("round_dealt", "shuffle", 27), "[1] is not a tile"),
        (True, ("round_dealt", "shuffle", 27), "True is not a tile"),
    ],
)
def test_a_bad_tile_in_a_shuffle_is_named_by_its_place(
    bad: object, where: tuple[object, ...], says: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        EVENT_ADAPTER.validate_json(_dealt_json([*NAMES[:27], bad]))
    first = caught.value.errors()[0]
    assert first["loc"] == where and says in first["msg"]
