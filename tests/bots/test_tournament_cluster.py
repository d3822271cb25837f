"""``koza tournament --scheduler``: a local Dask cluster of two workers, the ``--jobs`` figures.

The cluster is started by the test, in this process (its scheduler and two worker
threads), on 127.0.0.1 only, and stopped when the test ends.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from koza.cli.main import main as koza_main
from koza.tournament import cluster, parallel

ARGS = ["tournament", "--seats", "expert,greedy,random", "--deals", "6", "--seed", "4", "--quiet"]


def figures(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text())
    data.pop("seconds", None)
    return data


def test_a_local_cluster_of_two_workers_gives_the_figures_of_jobs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from distributed import LocalCluster

    monkeypatch.setattr(parallel, "CALIBRATE", 0.0)  # every seat order goes to the workers
    on_cluster, on_jobs = tmp_path / "cluster.json", tmp_path / "jobs.json"
    assert koza_main([*ARGS, "--jobs", "2", "--json", str(on_jobs)]) == 0  # forks before Dask
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        host="127.0.0.1",
        protocol="tcp",
        dashboard_address=None,
    ) as local:
        address = local.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        assert koza_main([*ARGS, "--scheduler", address, "--json", str(on_cluster)]) == 0
        executed = [w.state.executed_count for w in local.workers.values()]
    assert len(executed) == 2 and all(n > 0 for n in executed)  # both workers played
    assert figures(on_cluster) == figures(on_jobs)
    assert len(figures(on_cluster)["per_unit"]) == 6


def test_without_the_extra_scheduler_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    assert koza_main([*ARGS, "--scheduler", "tcp://127.0.0.1:8786"]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (
        "koza tournament: --scheduler needs Dask's distributed package: "
        "pip install 'koza[cluster]'\n"
    )


def test_a_scheduler_that_is_not_there_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    assert koza_main([*ARGS, "--scheduler", "tcp://127.0.0.1:9"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("koza tournament: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert err.count("\n") == 1 and "Traceback" not in err
