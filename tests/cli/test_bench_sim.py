"""The ``koza sim`` bench figures: registered, and what one real run gives (no timing checks)."""

from __future__ import annotations

import pytest

from koza import bench
from koza.bench import sim as bench_sim


def test_the_sim_figures_come_from_a_real_run(monkeypatch: pytest.MonkeyPatch) -> None:
    bench.discover()
    assert "sim_cli_100_games_4p" in bench.BENCHMARKS
    monkeypatch.setattr(bench_sim, "GAMES", 2)
    monkeypatch.setattr(bench_sim, "RUNS", 1)
    (wall_name, wall, wall_unit), (cpu_name, cpu, cpu_unit) = bench_sim.sim_cli()
    assert (wall_name, wall_unit) == ("sim_cli_100_games_4p", "s")
    assert (cpu_name, cpu_unit) == ("sim_cli_100_games_4p_cpu", "s")
    assert isinstance(wall, float) and wall > 0
    assert cpu == "unknown" or (isinstance(cpu, float) and cpu > 0)
