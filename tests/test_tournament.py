"""The tournament machinery: duplicate seating, determinism across jobs, statistics."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from koza.cli import main as koza_main
from koza.core.rules import RuleSet
from koza.tournament import Outcome, Setup, figures, labels_for, play_unit, run, to_json
from koza.tournament.runner import UnitResult
from koza.tournament.stats import Z95, mean_ci, paired_ci


def test_labels_number_repeated_bots() -> None:
    assert labels_for(["greedy", "montecarlo", "greedy", "greedy"]) == [
        "greedy",
        "montecarlo",
        "greedy#2",
        "greedy#3",
    ]


def test_mean_ci_against_hand_computed_values() -> None:
    est = mean_ci([1.0, 2.0, 3.0, 4.0])
    # mean 2.5; sample sd = sqrt(5/3) = 1.290994; half width = 1.959964 * 1.290994 / 2 = 1.265151
    assert est.mean == 2.5
    assert est.low == pytest.approx(1.234849, abs=1e-6)
    assert est.high == pytest.approx(3.765151, abs=1e-6)
    one = mean_ci([7.0])
    assert (one.mean, one.ci95, one.n) == (7.0, None, 1)
    d = paired_ci([10.0, 12.0, 9.0], [8.0, 11.0, 9.0])  # differences 2, 1, 0
    assert d.mean == pytest.approx(1.0)
    assert d.high == pytest.approx(1.0 + Z95 * 1.0 / math.sqrt(3))
    assert d.excludes_zero is False


def test_figures_from_hand_made_units() -> None:
    setup = Setup(("a", "b", "a"), RuleSet(), "games", 1)
    results = [
        # per bot: recorded points and rounds summed over the 3 rotations, goats
        UnitResult(0, (30, 60, 90), (10, 10, 10), (0, 1, 2)),
        UnitResult(1, (20, 40, 60), (10, 10, 10), (0, 3, 0)),
    ]
    fig = figures(Outcome(setup, 2, results))
    a, b, a2 = fig.bots
    assert [x.label for x in fig.bots] == ["a", "b", "a#2"]
    assert a.penalty.mean == pytest.approx(2.5)  # (3 + 2) / 2
    assert b.penalty.mean == pytest.approx(5.0)  # (6 + 4) / 2
    assert a.rounds == 20
    assert b.goat is not None and b.goat.mean == pytest.approx((1 / 3 + 1) / 2)
    assert a2.goat is not None and a2.goat.mean == pytest.approx(1 / 3)
    ab = fig.differences[0]
    assert (ab.a, ab.b) == ("a", "b")
    assert ab.diff.mean == pytest.approx(-2.5)  # differences -3 and -2
    half = Z95 * math.sqrt(0.5) / math.sqrt(2)
    assert ab.diff.ci95 == pytest.approx([-2.5 - half, -2.5 + half])
    data = to_json(Outcome(setup, 2, results))
    assert set(data["bots"]["b"]) >= {"mean_penalty", "ci95", "deals", "goat_rate"}
    assert data["bots"]["b"]["goat_rate_ci95"] is not None
    assert data["differences"][0]["a"] == "a"


def test_every_bot_plays_every_hand() -> None:
    """Three identical bots on a rotation: each has the same total over the unit."""
    setup = Setup(("greedy", "greedy", "greedy"), RuleSet(), "deals", 4)
    res = play_unit(setup, 0)
    assert res.rounds == (3, 3, 3)
    assert len(set(res.penalty)) == 1


@pytest.mark.parametrize("mode", ["deals", "games"])
def test_results_do_not_depend_on_jobs(mode: str) -> None:
    specs = ("montecarlo:fast", "expert", "greedy") if mode == "deals" else ("expert", "greedy")
    rules = RuleSet(target=30) if mode == "games" else RuleSet()
    setup = Setup(specs, rules, mode, 7)  # type: ignore[arg-type]
    one = run(setup, 4, jobs=1)
    two = run(setup, 4, jobs=2)
    assert one.results == two.results
    assert [r.index for r in two.results] == [0, 1, 2, 3]


def test_ctrl_c_keeps_the_units_already_played() -> None:
    setup = Setup(("greedy", "random"), RuleSet(), "deals", 1)

    def progress(done: int, total: int, secs: float) -> None:
        if done == 3:
            raise KeyboardInterrupt

    out = run(setup, 10, jobs=1, progress=progress)
    assert out.interrupted
    assert len(out.results) == 3
    assert to_json(out)["complete"] is False


def test_command_line_writes_the_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    code = koza_main(
        ["tournament", "--seats", "greedy,greedy,random", "--deals", "20", "--json", str(path)]
    )
    assert code == 0
    out = capsys.readouterr()
    assert "greedy#2" in out.out
    assert "20/20" in out.err
    data = json.loads(path.read_text())
    assert set(data["bots"]) == {"greedy", "greedy#2", "random"}
    for entry in data["bots"].values():
        assert entry["deals"] == 20
        assert len(entry["ci95"]) == 2
        assert "goat_rate" not in entry
    assert len(data["differences"]) == 3
    code = koza_main(["tournament", "--seats", "greedy,nobody", "--deals", "2"])
    assert code == 2
    assert koza_main(["tournament", "--seats", "greedy,random", "--deals", "0"]) == 2


def test_command_line_games_and_baseline(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    args = ["tournament", "--seats", "expert,greedy", "--games", "3", "--rule", "target=30"]
    code = koza_main([*args, "--baseline", "greedy", "--quiet", "--json", str(path)])
    assert code == 0
    data = json.loads(path.read_text())
    assert data["mode"] == "games"
    assert 0.0 <= data["bots"]["expert"]["goat_rate"] <= 1.0
    assert data["baseline"]["bot"] == "greedy"
    assert len(data["baseline"]["difference"]["ci95"]) == 2
