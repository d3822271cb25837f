"""The shared timer thread the save writer syncs with: fire once, cancel, join, exit."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from support.waiting import PATIENCE

from koza.storage import timers


def test_calls_fire_once_each_in_the_order_they_fall_due() -> None:
    fired: list[str] = []
    all_done = threading.Event()

    def note(name: str) -> None:
        fired.append(name)
        if len(fired) == 3:
            all_done.set()

    late = timers.after(0.2, lambda: note("late"))
    soon = timers.after(0.0, lambda: note("soon"))
    middle = timers.after(0.1, lambda: note("middle"))
    assert all_done.wait(PATIENCE)
    for call in (late, soon, middle):
        call.join()
        assert not call.is_alive()
    assert fired == ["soon", "middle", "late"]


def test_a_cancelled_call_never_fires_and_the_next_one_does() -> None:
    fired: list[str] = []
    later = threading.Event()
    dropped = timers.after(0.05, lambda: fired.append("dropped"))
    assert dropped.is_alive()
    dropped.cancel()
    assert not dropped.is_alive()
    dropped.join()  # returns at once
    kept = timers.after(0.1, later.set)  # falls due after the dropped one would have
    assert later.wait(PATIENCE)
    kept.join()
    assert fired == []


def test_join_waits_for_a_call_under_way_and_cancel_does_not_cut_it_short() -> None:
    started, release = threading.Event(), threading.Event()
    finished: list[bool] = []

    def slow() -> None:
        started.set()
        assert release.wait(PATIENCE)
        finished.append(True)

    call = timers.after(0.0, slow)
    assert started.wait(PATIENCE)
    call.cancel()
    assert call.is_alive()  # under way: it finishes
    threading.Timer(0.05, release.set).start()
    call.join()
    assert finished == [True] and not call.is_alive()


def test_a_failing_call_is_reported_and_the_thread_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reported: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: reported.append(args.exc_value))
    after_it = threading.Event()

    def broken() -> None:
        raise RuntimeError("boom")

    timers.after(0.0, broken).join()
    timers.after(0.0, after_it.set)
    assert after_it.wait(PATIENCE)
    assert [str(e) for e in reported] == ["boom"]


def test_a_call_pending_at_exit_fires_then_not_a_delay_later(tmp_path: Path) -> None:
    out = tmp_path / "fired"
    script = (
        "from pathlib import Path\n"
        "from koza.storage import timers\n"
        f"timers.after(3600, lambda: Path({str(out)!r}).write_text('yes'))\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=PATIENCE)
    assert out.read_text() == "yes"
