"""``koza review``: the same figures twice, the save untouched, Ctrl-C, bad input, languages."""

from __future__ import annotations

import io
import json
import re
import shutil
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from support.paths import GOLDEN

from koza.cli.main import main
from koza.cli.review import Bar
from koza.coach import review_file
from koza.coach.review import Verdict, montecarlo_values
from koza.coach.review_file import read_kept, review_path
from koza.core.commands import Command
from koza.core.view import SeatView
from koza.i18n import strings

NAMES = {"Anna", "Boris", "Vera"}  # the golden game's players


@pytest.fixture
def save(tmp_path: Path) -> Path:
    copy = tmp_path / GOLDEN.name
    shutil.copyfile(GOLDEN, copy)
    return copy


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    strings.use_language("en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_same_figures_twice_and_the_save_untouched(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = save.read_bytes()
    code, first, err = run(capsys, "review", str(save), "--samples", "8", "--json")
    assert (code, err) == (0, "")  # no bar: stderr is not a terminal here
    code, kept, _ = run(capsys, "review", str(save), "--samples", "8", "--json")
    review_path(save).unlink()
    code2, again, _ = run(capsys, "review", str(save), "--samples", "8", "--json")
    assert code == code2 == 0
    assert first == kept == again
    assert save.read_bytes() == before
    data = json.loads(first)
    assert data["done"] is True and data["total"] == len(data["moves"]) == 67
    assert data["thresholds"] == {"inaccuracy": 1.0, "mistake": 3.0, "blunder": 6.0}
    by_seat = {s["seat"]: s for s in data["summary"]}
    for seat, name in enumerate(["Anna", "Boris", "Vera"]):
        mine = [m for m in data["moves"] if m["seat"] == seat]
        assert by_seat[seat]["name"] == name
        assert by_seat[seat]["moves"] == len(mine)
        average = sum(m["loss"] for m in mine) / len(mine)
        assert by_seat[seat]["average_loss"] == pytest.approx(average, abs=1e-3)
        worst = sorted(mine, key=lambda m: (-m["loss"], m["seq"]))[:3]
        assert by_seat[seat]["costliest"] == [m["seq"] for m in worst]


def test_the_text_names_every_move_and_each_player(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "review", str(save), "--samples", "8", "--seat", "1")
    assert code == 0
    kept = read_kept(review_path(save))
    assert kept is not None and kept.seats == (1,)
    lines = out.splitlines()
    assert sum(line.startswith("round ") for line in lines) == len(kept.moves)
    assert any(line.startswith("Boris: moves with a choice ") for line in lines)
    assert not any(line.startswith(("Anna:", "Vera:")) for line in lines)
    assert "inaccuracy 1 or more, mistake 3 or more, blunder 6 or more" in out
    worst = max(kept.moves, key=lambda m: m.loss)
    assert f"(event {worst.index + 1}): cost {worst.loss:.1f}" in out


class StopAt:
    """The quick evaluation that raises Ctrl-C on its ``n``-th call."""

    def __init__(self, n: int) -> None:
        self.inner = montecarlo_values(8)
        self.calls, self.n = 0, n

    def __call__(self, view: SeatView, seed: int) -> Sequence[float]:
        self.calls += 1
        if self.calls == self.n:
            raise KeyboardInterrupt
        return self.inner(view, seed)

    def judge(self, view: SeatView, seed: int, played: Command) -> Verdict:
        self.calls += 1
        if self.calls == self.n:
            raise KeyboardInterrupt
        return self.inner.judge(view, seed, played)


def test_ctrl_c_keeps_what_was_done(
    save: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = save.read_bytes()
    with monkeypatch.context() as m:
        m.setattr(review_file, "montecarlo_values", lambda samples: StopAt(11))
        code, out, err = run(capsys, "review", str(save), "--samples", "8")
    assert (code, out) == (130, "")
    assert err.count("\n") == 1 and "Stopped after 10 of 67 moves" in err
    kept = read_kept(review_path(save))
    assert kept is not None and kept.done is False and len(kept.moves) == 10
    assert save.read_bytes() == before
    code, resumed, _ = run(capsys, "review", str(save), "--samples", "8", "--json")
    review_path(save).unlink()
    _, straight, _ = run(capsys, "review", str(save), "--samples", "8", "--json")
    assert code == 0 and resumed == straight


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["review", "/nowhere/game.koza.jsonl"], "no such file"),
        (["review", "{data}/golden_replay.koza.jsonl", "--seat", "7"], "numbered 0 to 3"),
        (["review", "{save}", "--seat", "3"], "seats 0 to 2, not 3"),
        (["review", "{save}", "--samples", "0"], "from 1 to 10000"),
        (["review", "{save}", "--seat", "1", "--all"], "not allowed with argument"),
        (["review", "{notsave}"], "not a koza save"),
    ],
)
def test_bad_input_is_one_line_and_a_non_zero_exit(
    argv: list[str], message: str, save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notsave = save.with_name("notes.txt")
    notsave.write_text("hello\n")
    filled = [a.format(save=save, data=GOLDEN.parent, notsave=notsave) for a in argv]
    code, out, err = run(capsys, *filled)
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and err.startswith("koza: ") and message in err
    assert not review_path(save).exists()


def test_the_bar_shows_only_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown, hidden = Terminal(), io.StringIO()
    for stream in (shown, hidden):
        bar = Bar(stream)
        bar(0, 4)
        bar(4, 4)
        bar.close()
    assert "[" + "#" * 30 + "] 4/4" in shown.getvalue()
    assert hidden.getvalue() == ""


@pytest.mark.parametrize("lang", ["ru", "ka"])
def test_the_review_speaks_the_language(
    lang: str,
    save: Path,
    capsys: pytest.CaptureFixture[str],
    english_after: None,
    golden_review: Callable[[int], Path],
) -> None:
    # the words of a review, not its making: the same review, kept beside the save
    shutil.copyfile(golden_review(8), review_path(save))
    code, out, _ = run(capsys, "--lang", lang, "review", str(save), "--samples", "8")
    assert code == 0
    english = set(re.findall(r"[A-Za-z]{2,}", out)) - NAMES
    assert english == set()
    assert strings.t("review.mark.blunder") in out
