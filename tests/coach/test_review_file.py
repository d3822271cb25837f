"""The review kept beside the save: resumed after Ctrl-C, made again when the save changed,
never written into the save."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest
from support.paths import GOLDEN

from koza.coach.review import Evaluate, montecarlo_values
from koza.coach.review_file import read_kept, review_path, review_save
from koza.core.view import SeatView


class Counting:
    """The quick montecarlo evaluation, counted; raises Ctrl-C on call ``stop_at``."""

    def __init__(self, stop_at: int | None = None) -> None:
        self.inner: Evaluate = montecarlo_values(8)
        self.calls = 0
        self.stop_at = stop_at

    def __call__(self, view: SeatView, seed: int) -> Sequence[float]:
        self.calls += 1
        if self.calls == self.stop_at:
            raise KeyboardInterrupt
        return self.inner(view, seed)


@pytest.fixture
def save(tmp_path: Path) -> Path:
    copy = tmp_path / GOLDEN.name
    shutil.copyfile(GOLDEN, copy)
    return copy


def test_the_review_is_kept_beside_the_save_in_the_agreed_shape(save: Path) -> None:
    before = save.read_bytes()
    review = review_save(save, samples=8, evaluate=Counting())
    assert save.read_bytes() == before
    where = review_path(save)
    assert where == save.with_name(save.name + ".review.json")
    data = json.loads(where.read_text("utf-8"))
    assert data["version"] == 1
    assert data["save_sha256"] == hashlib.sha256(before).hexdigest()
    assert (data["seed"], data["samples"], data["done"]) == (1, 8, True)
    assert len(data["moves"]) == review.total == 67
    for move in data["moves"]:
        assert {"seat", "name", "seq", "loss", "mark"} <= set(move)
        assert move["mark"] in (None, "inaccuracy", "mistake", "blunder")
    assert read_kept(where) == review


def test_a_kept_review_is_read_not_made_again(save: Path) -> None:
    first = review_save(save, samples=8, evaluate=Counting())
    stamp = review_path(save).stat().st_mtime_ns
    again = Counting()
    assert review_save(save, samples=8, evaluate=again) == first
    assert again.calls == 0
    assert review_path(save).stat().st_mtime_ns == stamp  # not even rewritten


def test_ctrl_c_keeps_the_work_done_and_the_next_run_goes_on(save: Path) -> None:
    before = save.read_bytes()
    with pytest.raises(KeyboardInterrupt):
        review_save(save, samples=8, evaluate=Counting(stop_at=21))
    assert save.read_bytes() == before
    partial = read_kept(review_path(save))
    assert partial is not None
    assert partial.done is False
    assert len(partial.moves) == 20
    rest = Counting()
    resumed = review_save(save, samples=8, evaluate=rest)
    assert rest.calls == resumed.total - 20
    assert resumed.done
    assert [m.to_json() for m in resumed.moves[:20]] == [m.to_json() for m in partial.moves]
    straight = review_save(save, samples=8, evaluate=Counting(), keep=False)
    assert [m.to_json() for m in resumed.moves] == [m.to_json() for m in straight.moves]
    assert save.read_bytes() == before


def test_a_changed_save_is_reviewed_again(save: Path) -> None:
    review_save(save, samples=8, evaluate=Counting())
    lines = save.read_bytes().splitlines(keepends=True)
    save.write_bytes(b"".join(lines[:-3]))  # the game as it stood three events earlier
    count = Counting()
    shorter = review_save(save, samples=8, evaluate=count)
    assert count.calls == shorter.total > 0
    assert shorter.save_sha256 == hashlib.sha256(save.read_bytes()).hexdigest()


@pytest.mark.parametrize("seed_samples", [(2, 8), (1, 9)])
def test_another_seed_or_sample_count_is_a_new_review(
    save: Path, seed_samples: tuple[int, int]
) -> None:
    review_save(save, samples=8, evaluate=Counting())
    seed, samples = seed_samples
    count = Counting()
    review = review_save(save, seed=seed, samples=samples, evaluate=count)
    assert count.calls == review.total
    assert (review.seed, review.samples) == seed_samples


def test_an_unreadable_kept_review_is_made_again(save: Path) -> None:
    review_path(save).write_text('{"version": 1, "moves": [{"seat": "x"}]}')
    count = Counting()
    review = review_save(save, samples=8, evaluate=count)
    assert count.calls == review.total
    assert read_kept(review_path(save)) == review


def test_only_the_asked_seats_and_a_seat_the_game_lacks_is_refused(save: Path) -> None:
    review = review_save(save, seats=[2], samples=8, evaluate=Counting())
    assert review.seats == (2,)
    assert {m.seat for m in review.moves} == {2}
    with pytest.raises(ValueError, match="not 3"):
        review_save(save, seats=[3], samples=8)


def test_a_folder_that_cannot_be_written_still_gives_the_review(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path, review: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("koza.coach.review_file.write_kept", refuse)
    review = review_save(save, samples=8, evaluate=Counting())
    assert review.done and len(review.moves) == review.total
    assert review.keep_error is not None and "Permission denied" in review.keep_error
    assert not review_path(save).exists()
