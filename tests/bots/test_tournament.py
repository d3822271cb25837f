"""The tournament machinery: duplicate seating, determinism across jobs, statistics."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from koza.cli.main import main as koza_main
from koza.core.rules import RuleSet
from koza.tournament import Outcome, Setup, figures, labels_for, parallel, play_unit, run, to_json
from koza.tournament.runner import UnitResult, seat_orders
from koza.tournament.stats import Z95, bootstrap_ratio, mean_ci, paired_ci


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
    """Three identical bots in every seat order: each has the same total over the unit."""
    setup = Setup(("greedy", "greedy", "greedy"), RuleSet(), "deals", 4)
    res = play_unit(setup, 0)
    assert res.rounds == (6, 6, 6)
    assert len(set(res.penalty)) == 1
    assert sorted(o.seats for o in res.orders) == sorted(itertools.permutations(range(3)))
    for e in range(3):
        assert sum(o.penalty[e] for o in res.orders) == res.penalty[e]


def _after_counts(orders: list[tuple[int, ...]], n: int) -> Counter[tuple[int, int]]:
    """How often bot ``b`` sits right after bot ``a`` (next in turn order)."""
    counts: Counter[tuple[int, int]] = Counter()
    for seat_of in orders:
        at = {s: e for e, s in enumerate(seat_of)}
        for s in range(n):
            counts[(at[s], at[(s + 1) % n])] += 1
    return counts


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seat_orders_put_every_bot_after_every_other_equally_often(n: int) -> None:
    orders = seat_orders(n, RuleSet())
    assert len(orders) == math.factorial(n)
    assert orders[0] == tuple(range(n))
    after = _after_counts(orders, n)
    assert set(after) == {(a, b) for a in range(n) for b in range(n) if a != b}
    assert len(set(after.values())) == 1
    for e in range(n):
        assert Counter(o[e] for o in orders) == Counter({s: len(orders) // n for s in range(n)})


def test_pairs_mode_keeps_the_partners_and_balances_the_rest() -> None:
    orders = seat_orders(4, RuleSet(teams="pairs"))
    assert len(orders) == 8
    for seat_of in orders:
        assert seat_of[0] % 2 == seat_of[2] % 2 and seat_of[1] % 2 == seat_of[3] % 2
    after = _after_counts(orders, 4)
    # in pairs mode the next seat is always an opponent: each opponent equally often
    assert set(after) == {(a, b) for a in range(4) for b in range(4) if (a - b) % 2}
    assert len(set(after.values())) == 1
    for e in range(4):
        assert Counter(o[e] for o in orders) == Counter({s: 2 for s in range(4)})


@pytest.mark.parametrize("calibrate", [0.0, 0.05])
@pytest.mark.parametrize("mode", ["deals", "games"])
def test_results_do_not_depend_on_jobs(
    mode: str, calibrate: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All the work on the workers (no time here first), or some here and the rest there."""
    monkeypatch.setattr(parallel, "CALIBRATE", calibrate)
    specs = ("montecarlo:fast", "expert", "greedy") if mode == "deals" else ("expert", "greedy")
    rules = RuleSet(target=30) if mode == "games" else RuleSet()
    setup = Setup(specs, rules, mode, 7)  # type: ignore[arg-type]
    one = run(setup, 4, jobs=1)
    two = run(setup, 4, jobs=2)
    assert one.results == two.results
    assert [r.index for r in two.results] == [0, 1, 2, 3]
    # the seat orders, each with its own figures, are part of what must not change
    assert all(len(r.orders) == math.factorial(len(specs)) for r in two.results)
    assert to_json(one) | {"seconds": 0} == to_json(two) | {"seconds": 0}


def test_the_workers_get_the_setup_once_and_the_items_in_chunks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pool is started with the setup as its initializer's argument; tasks are chunks."""
    started: list[tuple[object, ...]] = []
    sent: list[list[parallel.Item]] = []
    real_pool = parallel.get_context("fork").Pool

    class Context:
        def Pool(self, jobs: int, initializer: object, initargs: tuple[object, ...]):  # noqa: N802
            started.append(initargs)
            pool = real_pool(jobs, initializer, initargs)
            imap = pool.imap_unordered

            def recording(func, chunks):  # type: ignore[no-untyped-def]
                sent.extend(chunks)
                return imap(func, chunks)

            pool.imap_unordered = recording  # type: ignore[method-assign]
            return pool

    monkeypatch.setattr(parallel, "get_context", lambda method: Context())
    monkeypatch.setattr(parallel, "CALIBRATE", 0.0)
    setup = Setup(("greedy", "random", "greedy"), RuleSet(), "deals", 3)
    out = run(setup, 40, jobs=2)
    assert started == [(setup,)]  # one pool, the setup sent once per worker
    items = [item for chunk in sent for item in chunk]
    assert items == [(i, k) for i in range(40) for k in range(6)]  # every item once
    assert len(sent) == 2 * parallel.SPREAD  # 240 items, none timed: the fewest chunks
    assert out.results == run(setup, 40, jobs=1).results


def test_a_small_cheap_tournament_starts_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(method: str) -> None:
        raise AssertionError("a worker process was started")

    monkeypatch.setattr(parallel, "get_context", no_pool)
    monkeypatch.setattr(parallel, "CALIBRATE", 60.0)  # as if each item were instant
    setup = Setup(("greedy", "random"), RuleSet(), "deals", 5)
    out = run(setup, 6, jobs=2)
    assert out.results == run(setup, 6, jobs=1).results and not out.interrupted


def test_what_is_left_after_the_first_moment_starts_workers_only_if_it_pays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dispatched: list[int] = []

    def dispatch(setup: Setup, chunks: list[list[parallel.Item]]):  # type: ignore[no-untyped-def]
        dispatched.append(sum(map(len, chunks)))
        yield from (parallel.play_chunk(setup, chunk) for chunk in chunks)

    workers = parallel.Workers(2, dispatch)
    setup = Setup(("greedy", "random"), RuleSet(), "deals", 5)
    items = parallel.items_of(setup, 10)
    monkeypatch.setattr(parallel, "calibrate", lambda s, it: (parallel.play_chunk(s, it[:1]), 0.0))
    assert sum(map(len, parallel.play_items(setup, items, workers))) == 20
    assert dispatched == []  # the 19 left were worth nothing: played here
    monkeypatch.setattr(parallel, "calibrate", lambda s, it: (parallel.play_chunk(s, it[:1]), 1.0))
    played = [p for chunk in parallel.play_items(setup, items, workers) for p in chunk]
    assert dispatched == [19]  # worth 19 s: to the workers
    assert sorted((i, k) for i, k, _ in played) == items


def test_chunks_hold_about_a_quarter_second_of_work_and_spread_over_the_workers() -> None:
    assert parallel.chunk_size(10_000, 2, 0.001) == round(parallel.CHUNK_SECONDS / 0.001)
    assert parallel.chunk_size(1000, 2, 10.0) == 1  # slow items go one by one
    assert parallel.chunk_size(40, 2, 0.0001) == 5  # at least SPREAD chunks per worker
    assert parallel.chunk_size(1, 4, 0.0) == 1
    items = [(i, 0) for i in range(7)]
    assert parallel.chunks_of(items, 3) == [items[:3], items[3:6], items[6:]]


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


def test_bootstrap_ratio_is_seeded_and_brackets_the_ratio() -> None:
    rng = random.Random(5)
    den = [rng.uniform(5, 15) for _ in range(300)]
    num = [0.3 * d + rng.gauss(0, 1) for d in den]
    est = bootstrap_ratio(num, den, seed=3)
    assert est.mean == pytest.approx(math.fsum(num) / math.fsum(den))
    assert est.low is not None and est.high is not None
    assert est.low < est.mean < est.high
    assert est.low > 0.25 and est.high < 0.35
    assert bootstrap_ratio(num, den, seed=3) == est
    exact = bootstrap_ratio([2.0, 4.0, 6.0], [4.0, 8.0, 12.0], seed=1)
    assert (exact.mean, exact.low, exact.high) == (0.5, 0.5, 0.5)
    assert bootstrap_ratio([1.0], [0.0], seed=1).ci95 is None


def test_the_json_per_unit_figures_recompute_every_interval(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    args = ["tournament", "--seats", "expert,greedy,greedy", "--deals", "12", "--quiet"]
    code = koza_main([*args, "--baseline", "random", "--ceiling", "--json", str(path)])
    assert code == 0
    data = json.loads(path.read_text())
    units = data["per_unit"]
    assert [u["index"] for u in units] == list(range(12))
    assert all(len(u["orders"]) == 6 for u in units)

    def pooled(us: list[dict], e: int) -> list[float]:
        return [
            sum(o["penalty"][e] for o in u["orders"]) / sum(o["rounds"] for o in u["orders"])
            for u in us
        ]

    def in_order(us: list[dict], k: int, e: int) -> list[float]:
        return [u["orders"][k]["penalty"][e] / u["orders"][k]["rounds"] for u in us]

    expert, greedy = pooled(units, 0), pooled(units, 1)
    est = mean_ci(expert)
    assert data["bots"]["expert"]["mean_penalty"] == pytest.approx(est.mean, abs=1e-4)
    assert data["bots"]["expert"]["ci95"] == pytest.approx(est.ci95, abs=1e-4)
    diff = paired_ci(expert, greedy)
    assert data["differences"][0]["mean_difference"] == pytest.approx(diff.mean, abs=1e-4)
    assert data["differences"][0]["ci95"] == pytest.approx(diff.ci95, abs=1e-4)
    assert len(data["orders"]) == 6
    for k, order in enumerate(data["orders"]):
        d = paired_ci(in_order(units, k, 0), in_order(units, k, 1))
        assert order["differences"][0]["mean_difference"] == pytest.approx(d.mean, abs=1e-4)
        assert order["differences"][0]["ci95"] == pytest.approx(d.ci95, abs=1e-4)
    base = pooled(data["baseline"]["per_unit"], 0)
    top = pooled(data["ceiling"]["per_unit"], 0)
    same_seat = paired_ci(expert, base)
    assert data["baseline"]["difference"]["ci95"] == pytest.approx(same_seat.ci95, abs=1e-4)
    assert len(data["baseline"]["orders"]) == 6
    share = bootstrap_ratio(
        [b - x for x, b in zip(expert, base, strict=True)],
        [b - c for c, b in zip(top, base, strict=True)],
        seed=data["seed"] * 1000,
    )
    assert data["ceiling"]["gap_share"] == pytest.approx(share.mean, abs=1e-4)
    assert data["ceiling"]["gap_share_ci95"] == pytest.approx(share.ci95, abs=1e-4)
    assert len(data["ceiling"]["orders"]) == 6
    # the ceiling sees everything: on the same deals it records less than random does
    assert sum(top) < sum(base)


def test_ceiling_needs_a_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    code = koza_main(["tournament", "--seats", "greedy,greedy", "--deals", "2", "--ceiling"])
    assert code == 2
    err = capsys.readouterr().err
    assert "--ceiling needs --baseline" in err and "Traceback" not in err
