"""The review beside the replay: made in a worker (or read from beside the save), then its
marks listed, each a click away, and the replay's keys jump from mark to mark.

``ReviewPanel`` runs ``koza.coach.review_file.review_save`` in a thread (progress shown,
stopped when the screen goes: the work done so far is kept), then lists the costliest
moves and every marked move; ``ReviewMarks`` knows where the next and previous marks are.
The screen moves its cursor when the panel posts ``ReviewPanel.Jump``.
"""

from __future__ import annotations

import bisect
import contextlib
import threading
from collections.abc import Sequence
from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option, OptionDoesNotExist
from textual.worker import Worker, WorkerState, get_current_worker

from koza.coach.review import DEFAULT_SAMPLES, Evaluate, MoveReview, default_seats
from koza.coach.review_file import DEFAULT_SEED, Review, review_events, review_save
from koza.coach.review_summary import costliest, marked, summarize
from koza.coach.review_text import mark_words, note
from koza.core.events import Event
from koza.i18n.strings import t
from koza.storage.savefile import SaveError


class ReviewStopped(Exception):
    """The screen went away while its review was being made."""


class ReviewMarks:
    """Where a review's marked and costliest moves are among the game's events."""

    def __init__(self, review: Review) -> None:
        self.review = review
        self.by_index = {m.index: m for m in review.moves}
        self.marked = marked(review.moves)
        self.marks = [m.index for m in self.marked]
        per_player = [m for seat in review.seats for m in costliest(_of(review.moves, seat))]
        self.costliest = sorted(per_player, key=lambda m: (-m.loss, m.index))

    def next_mark(self, index: int) -> int | None:
        """The first marked move after event ``index``."""
        k = bisect.bisect_right(self.marks, index)
        return self.marks[k] if k < len(self.marks) else None

    def prev_mark(self, index: int) -> int | None:
        """The last marked move before event ``index``."""
        k = bisect.bisect_left(self.marks, index)
        return self.marks[k - 1] if k > 0 else None

    def next_costly(self, index: int) -> int | None:
        """The costliest move after the one at ``index`` (the costliest of all from elsewhere)."""
        order = [m.index for m in self.costliest]
        if not order:
            return None
        k = order.index(index) + 1 if index in order else 0
        return order[k % len(order)]


def _of(moves: Sequence[MoveReview], seat: int) -> list[MoveReview]:
    return [m for m in moves if m.seat == seat]


SIGNS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
"""Each mark's sign in the list, as chess notes them."""


def entry(m: MoveReview) -> str:
    """A move's line in the list: where, who, the mark's sign and the loss."""
    sign = SIGNS[m.mark] if m.mark is not None else "·"
    return t(
        "review.entry", round_no=m.round_no, move=m.move_no, name=m.name, mark=sign, loss=m.loss
    )


def legend() -> str:
    """What each sign means, in the language in use."""
    return " · ".join(f"{sign} {mark_words(mark)}" for mark, sign in SIGNS.items())


class ReviewPanel(Vertical):
    """Progress while the review is made; then each player's average, the current move's
    verdict and the list of costliest and marked moves (click one to go there)."""

    DEFAULT_CSS = """
    ReviewPanel { dock: right; width: 32; display: none; padding: 0 1; overflow-y: auto; }
    ReviewPanel { background: $boost; }
    ReviewPanel #review-head { height: auto; }
    ReviewPanel #review-here { height: auto; color: $text-accent; margin: 1 0 0 0; }
    ReviewPanel ProgressBar { height: 1; }
    ReviewPanel OptionList { height: 1fr; min-height: 6; margin: 1 0 0 0; }
    ReviewPanel #review-help { height: auto; color: $text-muted; margin: 0 0 1 0; }
    """

    class Jump(Message):
        """Go to the event at ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(
        self,
        events: Sequence[Event],
        path: Path | None,
        *,
        samples: int = DEFAULT_SAMPLES,
        evaluate: Evaluate | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.events = events
        self.path = path
        self.samples = samples
        self.evaluate = evaluate
        self.marks: ReviewMarks | None = None
        self.running = False
        self.finished = threading.Event()  # set when a worker's thread is done, stopped or not

    def compose(self) -> ComposeResult:
        yield Static(t("review.title"), id="review-head")
        yield ProgressBar(id="review-progress", show_eta=False)
        yield Static("", id="review-here")
        listing = OptionList(id="review-list")
        listing.can_focus = False  # clicks choose; the replay's own keys stay the replay's
        yield listing
        yield Static(f"{legend()}\n{t('review.panel_help')}", id="review-help")

    # --- making the review -----------------------------------------------------

    def start(self) -> None:
        """Show the panel; make the review (or read the kept one) unless it is there."""
        if self.marks is not None and not self.running:
            self.display = not self.display
            return
        self.display = True
        if self.running:
            return
        self.running = True
        self.finished.clear()
        self.query_one(ProgressBar).display = True
        self.query_one("#review-here", Static).update(t("review.running", done=0, total="…"))
        self.run_worker(self._work, thread=True, group="review", exit_on_error=False)

    def _work(self) -> Review:
        try:
            return self._review(get_current_worker())
        finally:
            self.finished.set()

    def _review(self, worker: Worker[Review]) -> Review:

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise ReviewStopped
            with contextlib.suppress(RuntimeError):  # the app has already closed
                self.app.call_from_thread(self._progress, done, total)

        if self.path is not None:
            return review_save(
                self.path, samples=self.samples, evaluate=self.evaluate, progress=progress
            )
        review = Review("", DEFAULT_SEED, self.samples, default_seats(self.events))
        review.names = tuple(n for n in _names(self.events))
        return review_events(self.events, review, self._evaluator(), progress)

    def _evaluator(self) -> Evaluate:
        if self.evaluate is not None:
            return self.evaluate
        from koza.coach.review import montecarlo_values

        return montecarlo_values(self.samples)

    def _progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=max(total, 1), progress=done)
        self.query_one("#review-here", Static).update(t("review.running", done=done, total=total))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "review" or event.state not in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
        ):
            return
        self.running = False
        self.query_one(ProgressBar).display = False
        if event.state == WorkerState.ERROR:
            error = event.worker.error
            reason = str(error) if isinstance(error, SaveError | ValueError) else repr(error)
            self.query_one("#review-here", Static).update(t("review.failed", reason=reason))
            return
        review = event.worker.result
        assert isinstance(review, Review)
        self.show(review)
        if review.keep_error is not None:
            self.notify(t("review.not_kept", reason=review.keep_error), severity="warning")

    # --- showing it ------------------------------------------------------------

    def show(self, review: Review) -> None:
        """List the review's figures and marks."""
        self.marks = marks = ReviewMarks(review)
        averages = [
            t("review.average", name=s.name, average=s.average_loss)
            for s in summarize(review.moves, review.seats, review.names)
        ]
        self.query_one("#review-head", Static).update("\n".join([t("review.title"), *averages]))
        options: list[Option | None] = [Option(t("review.section_costliest"), disabled=True)]
        options += [Option(entry(m), id=f"cost-{m.index}") for m in marks.costliest]
        options += [None, Option(t("review.section_marks"), disabled=True)]
        options += [Option(entry(m), id=f"mark-{m.index}") for m in marks.marked]
        if not marks.marked:
            options.append(Option(t("review.no_marks"), disabled=True))
        listing = self.query_one(OptionList)
        listing.clear_options()
        listing.add_options(options)
        self.follow(-1)

    def follow(self, index: int) -> None:
        """Say what the review found about the move at event ``index``."""
        if self.marks is None:
            return
        move = self.marks.by_index.get(index)
        self.query_one("#review-here", Static).update(note(move) if move is not None else "")
        listing = self.query_one(OptionList)
        for prefix in ("mark", "cost"):
            with contextlib.suppress(OptionDoesNotExist):  # not listed: keep the highlight
                listing.highlighted = listing.get_option_index(f"{prefix}-{index}")
                listing.scroll_to_highlight(top=True)  # the move, then the ones after it
                return

    def jump(self, which: str, index: int) -> None:
        """Go to the ``which`` (``next_mark``, ``prev_mark``, ``next_costly``) from ``index``."""
        if self.marks is None:
            self.notify(t("review.first"))
            return
        target = getattr(self.marks, which)(index)
        if target is None:
            self.notify(t("review.no_more"))
        else:
            self.post_message(self.Jump(target))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.Jump(int(event.option.id.split("-")[1])))


def _names(events: Sequence[Event]) -> list[str]:
    from koza.core.state import apply_event

    return [s.name for s in apply_event(None, events[0]).seats]
