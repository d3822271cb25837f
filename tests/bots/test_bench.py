"""The bench registry and its output format (no timing assertions)."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

from koza import bench


def test_figures_are_name_value_unit_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench.discover()  # register the real figures first, so the empty table below hides them
    monkeypatch.setattr(bench, "BENCHMARKS", {})

    @bench.benchmark("test_fake")
    def fake() -> Iterable[bench.Figure]:
        yield "test_fake_rate", bench.per_second(lambda n: n, budget=0.01), "things/s"
        yield "test_fake_small", 0.123456, "s"

    @bench.benchmark("other")
    def other() -> Iterable[bench.Figure]:
        raise AssertionError("filtered out")

    assert bench.main(["fake", "--time", "0.01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"test_fake_rate: \d+ things/s", lines[0])
    assert lines[1] == "test_fake_small: 0.123 s"
    assert bench.main(["--list"]) == 0
    assert {"test_fake", "other"} <= set(capsys.readouterr().out.split())
    assert bench.main(["nothing-like-this"]) == 2


def test_issue_2_figures_are_registered() -> None:
    bench.discover()  # they live in koza.bench.events, imported by discover as make bench does
    assert {"core_random_rounds_4p", "event_games_saved_4p", "replay_long_save"} <= set(
        bench.BENCHMARKS
    )
