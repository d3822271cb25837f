"""The server's bench figures, on tiny runs (no timing assertions)."""

from __future__ import annotations

import pytest

from koza import bench
from koza.bench import net as bench_net


def test_the_server_bench_gives_its_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    bench.discover()
    assert bench.BENCHMARKS["net_server_100_rooms"] is bench_net.net_server
    monkeypatch.setattr(bench_net, "ROOMS", 3)
    monkeypatch.setattr(bench_net, "SECONDS", 1.0)
    monkeypatch.setattr(bench_net, "WARM_UP", 0.3)  # the moves after it are timed
    figures = {name: (value, unit) for name, value, unit in bench_net.net_server()}
    assert set(figures) == {
        "net_moves_100_rooms",
        "net_move_latency_p50",
        "net_move_latency_p99",
        "net_turnaround_p50",
        "net_turnaround_p99",
        "net_memory_per_room",
        "net_memory_per_room_seated",
        "net_server_cpu_per_move",
        "net_client_cpu_per_move",
    }
    assert figures["net_moves_100_rooms"][0] > 0 and figures["net_moves_100_rooms"][1] == "moves/s"
    assert 0 < figures["net_move_latency_p50"][0] <= figures["net_move_latency_p99"][0]
    assert 0 < figures["net_turnaround_p50"][0] <= figures["net_turnaround_p99"][0]
    assert figures["net_memory_per_room"][1] == "KiB"
    # CPU seconds of both processes went into the moves
    assert figures["net_server_cpu_per_move"][0] > 0 and figures["net_client_cpu_per_move"][0] > 0


def test_the_larger_runs_name_their_room_count(monkeypatch: pytest.MonkeyPatch) -> None:
    bench.discover()
    assert bench.BENCHMARKS["net_server_3000_rooms"] is bench_net.net_server_3000
    monkeypatch.setattr(bench_net, "BIG_SECONDS", 1.0)
    names = [name for name, _, _ in bench_net.measured(3)]
    assert names == [
        "net_moves_3_rooms",
        "net_move_latency_p50_3_rooms",
        "net_move_latency_p99_3_rooms",
        "net_turnaround_p50_3_rooms",
        "net_turnaround_p99_3_rooms",
        "net_memory_per_room_3_rooms",
        "net_memory_per_room_seated_3_rooms",
        "net_server_cpu_per_move_3_rooms",
        "net_client_cpu_per_move_3_rooms",
    ]
