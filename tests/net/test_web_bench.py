"""The web client's bench figures, on a tiny run (no timing assertions)."""

from __future__ import annotations

import pytest
from support.browser import READY

from koza import bench
from koza.bench import web as bench_web


def test_the_page_weight_counts_every_file_and_the_heaviest_texts() -> None:
    from koza.net import web_texts
    from koza.net.web import client_files

    files = sum(p.stat().st_size for p in client_files().values())
    ru = len(web_texts.catalogue("ru"))
    assert bench_web.page_weight() >= files + ru
    assert bench_web.page_weight() <= 200 * 1024


def test_the_web_bench_gives_its_four_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    bench.discover()
    assert bench.BENCHMARKS["web_client"] is bench_web.web_client
    monkeypatch.setattr(bench_web, "PLAYERS", 1)
    if not READY:
        monkeypatch.setattr(bench_web, "browser_ready", lambda: False)
    figures = {name: (value, unit) for name, value, unit in bench_web.web_client()}
    assert set(figures) == {
        "web_page_weight",
        "web_memory_per_player",
        "web_terminal_memory_per_player",
        "web_first_table",
    }
    assert figures["web_page_weight"][1] == "KiB"
    if READY:
        assert figures["web_first_table"][1] == "ms" and figures["web_first_table"][0] > 0
        assert figures["web_terminal_memory_per_player"][0] > 0
    else:
        assert figures["web_first_table"][0] == "skipped"
