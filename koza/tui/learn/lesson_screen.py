"""One lesson at the real table: the step's words above the status line, the learner's
move judged against the step before the game takes it.

``LessonScreen`` is the table (``TableScreen``) with a lesson bar: the same keys and
clicks play, and every move goes through ``play``, which lets the right move through,
explains a wrong one (the game's own refusal, then what to try) and never plays it.
The bot's replies are the lesson's script; the last lesson's whole round is against
gentle bots with hints on.  ``b`` steps back, ``n`` skips ahead, esc goes back to the
list; each change of place is a fresh screen built from the lesson's data.
"""

from __future__ import annotations

import itertools
import secrets
from dataclasses import replace
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Button

from koza.bots import make_bot
from koza.coach.hint_record import HintRecord
from koza.core.commands import Command
from koza.core.game import Game, IllegalMoveError
from koza.core.rules import RuleSet
from koza.core.view import SeatView
from koza.i18n.refusals import why_refused
from koza.i18n.strings import t
from koza.lessons.book import lessons
from koza.lessons.course import (
    GENTLE_BOT,
    Verdict,
    build,
    deal,
    judge,
    lesson_rules,
    names_for,
    round_story,
    tile_values,
)
from koza.lessons.model import YOU, Step, parse_move
from koza.play.driver import Seated
from koza.tui.learn.progress import Progress, keep_progress, read_progress
from koza.tui.screens.message import MessageScreen
from koza.tui.table.board import Board
from koza.tui.table.hint_panel import HintPanel
from koza.tui.table.keys import TABLE_BINDINGS
from koza.tui.table.scene import Scene
from koza.tui.table.screen import TableScreen
from koza.tui.widgets.dialogs import RoundOverScreen
from koza.tui.widgets.footer import Footer
from koza.tui.widgets.steady import SteadyStatic, titled

TABLE_CSS = Path(__file__).parent.parent / "table" / "table.tcss"
_PRAISE = itertools.cycle(("learn.praise_1", "learn.praise_2", "learn.praise_3"))


class ScriptedBot:
    """The teaching bot: it plays the lesson's replies, in order."""

    name = "lesson"

    def __init__(self) -> None:
        self.replies: list[str] = []

    def choose(self, view: SeatView) -> Command:
        return parse_move(self.replies.pop(0))


class LessonRoundOver(RoundOverScreen):
    """The round-over dialog of a lesson: no next round follows, the count's story does."""

    CSS_PATH = str(Path(__file__).parent.parent / "table" / "dialogs.tcss")  # not beside this file

    def on_mount(self) -> None:
        self.query_one("#round-next", Button).label = t("dialog.see_result")


def _unshown(binding: Binding) -> Binding:
    """The table's binding, left off the lesson's footer if it is the tile look's."""
    return replace(binding, show=False) if binding.action == "toggle_tiles" else binding


class LessonScreen(TableScreen, inherit_bindings=False):
    """A lesson's place (a step of a part) at the table."""

    CSS_PATH = "lesson.tcss"
    BINDINGS = [  # the lesson's own keys first, so the footer shows them at 80 columns
        Binding("b", "lesson_back", t("learn.key_back")),
        Binding("n", "lesson_next", t("learn.key_next")),
        # the tile look (t) still works and the help lists it; its footer place goes to
        # the lesson's keys, so "? Help" stays whole at 80 columns in every language
        *(_unshown(b) if isinstance(b, Binding) else b for b in TABLE_BINDINGS),
    ]

    def __init__(
        self,
        number: int,
        place: int = 0,
        *,
        house: RuleSet | None = None,
        seed: int | None = None,
        delay: float | None = None,
    ) -> None:
        self.house = house or RuleSet()
        self.book = lessons(self.house)
        self.number = min(max(number, 0), len(self.book) - 1)
        self.lesson = self.book[self.number]
        places = self.lesson.places
        self.place = min(max(place, 0), len(places) - 1)
        part_no, self.step_no = places[self.place]
        self.part = self.lesson.parts[part_no]
        rules = lesson_rules(self.house)
        names = names_for(self.part, t("learn.you"), t("learn.bot"))
        self.script = ScriptedBot()
        if self.part.free:
            seed = secrets.randbits(32) if seed is None else seed
            game = deal(self.part, rules, names, seed=seed)
            bots = [None, make_bot(GENTLE_BOT, seed), make_bot(GENTLE_BOT, seed + 1)]
            session = Seated(game, bots)
        else:
            session = Seated(build(self.lesson, self.place, rules, names), [None, self.script])
        self.finished = False  # the part is over: its story told, waiting for n or b
        self.praise = ""
        self.delay_given = delay
        super().__init__(session, delay=delay)
        self.css_path = [TABLE_CSS, *self.css_path]  # the table's look first

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Board(id="board")
        yield SteadyStatic(id="lesson")
        yield SteadyStatic(id="status")
        yield Footer()

    def on_mount(self) -> None:  # Textual runs TableScreen's own on_mount after this one
        self.remember_place(self.place)

    def load_settings(self, style_given: bool, delay_given: bool) -> None:
        super().load_settings(style_given, delay_given)
        self.auto_forced = False  # the learner makes every move of a lesson

    def setup_hints(self) -> None:
        super().setup_hints()
        if self.part.free:  # the first whole round: hints on for the learner
            self.hint_record = HintRecord(frozenset({0}))
            self.query_one("#side").mount(HintPanel(id="hint"), before="#log")

    # --- what the lesson says -----------------------------------------------

    @property
    def step(self) -> Step | None:
        """The step waiting for the learner's move (None in the free round or when done)."""
        if self.part.free or self.finished or self.step_no >= len(self.part.steps):
            return None
        return self.part.steps[self.step_no]

    def lesson_text(self) -> str:
        """The bar's words: what to do now, or what the part taught and how to go on."""
        values = {"target": self.session.game.state.rules.target}
        if self.finished or (self.step is None and not self.part.free):  # over, or ending
            done = t(self.part.done, **values) if self.part.done else ""
            last_part = self.part is self.lesson.parts[-1]
            last_lesson = self.number == len(self.book) - 1
            after = (
                "learn.course_done"
                if last_part and last_lesson
                else "learn.lesson_done"
                if last_part
                else "learn.part_done"
            )
            return f"{done}\n{t(after)}" if done else t(after)
        step = self.step
        if step is None:
            return t(self.part.say, **values)
        return t(step.say, **values, **tile_values(step, self.session.game))

    def bar_title(self) -> str:
        steps = len(self.lesson.places)
        return t(
            "learn.bar",
            n=self.number + 1,
            of=len(self.book),
            title=t(self.lesson.title),
            step=min(self.place if self.finished else self.place + 1, steps),
            steps=steps,
        )

    def refresh_table(self) -> None:
        super().refresh_table()
        if not self.is_mounted:
            return
        bar = self.query_one("#lesson", SteadyStatic)
        titled(bar, self.bar_title())
        bar.show_content(self.lesson_text())

    def _status_text(self, sc: Scene) -> str:
        return self.praise or super()._status_text(sc)

    def my_turn(self) -> bool:
        return not self.finished and super().my_turn()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_auto" and not self.part.free:
            return False  # a lesson's moves are the learner's own, even forced ones
        return super().check_action(action, parameters)

    def hint_refusal(self) -> str:
        if not self.part.free and not self.watching:
            return t("learn.no_hints")  # the step's own words are the hint here
        return super().hint_refusal()

    def action_explain(self, what: str) -> None:
        if self.finished:  # the part is over: say how to go on
            self.message, self.error = self.lesson_text().split("\n")[-1], False
            self.refresh_table()
            return
        super().action_explain(what)

    # --- the learner's move ---------------------------------------------------

    def play(self, cmd: Command) -> bool:
        step = self.step
        if step is None or not self.my_turn():
            return super().play(cmd)
        game = self.session.game
        self.praise = ""
        if judge(step, game, cmd) is Verdict.RIGHT:
            return self._right(step, cmd)
        self.message, self.error = wrong_move_text(step, game, cmd), True
        self.app.bell()
        self.refresh_table()
        return False

    def _right(self, step: Step, cmd: Command) -> bool:
        self.praise = t(step.praise) if step.praise else t(next(_PRAISE))
        last = self.step_no == len(self.part.steps) - 1
        self.script.replies.extend(step.then)
        if last and not step.then:
            self.runner.paused = True  # the script is over: the bot makes no move of its own
        self.step_no += 1
        self.place += 1
        played = super().play(cmd)
        if played and last and self.session.game.state.phase == "playing":
            self._finish_part()
        elif played and not last:
            self.remember_place(self.place)
        return played

    # --- the end of a part ------------------------------------------------------

    def _show_round_over(self) -> None:
        """The round-over dialog, then the story of the count; no next round here."""
        if self._dialog:
            return
        self._dialog = True
        self.runner.cancel()
        game = self.session.game

        def closed(_: object = None) -> None:
            told_of = round_story(game)
            if self.part.free:  # the round-over table has every hand: say only how it ended
                told_of = [x for i, x in enumerate(told_of) if i == 0 or x[0] == "learn.story.goat"]
            story = "\n".join(t(key, **values) for key, values in told_of)
            done = t(self.part.done, target=game.state.rules.target) if self.part.done else ""
            text = "\n".join(x for x in (story, done) if x)
            self.app.push_screen(MessageScreen(t(self.lesson.title), text), told)

        def told(_: object = None) -> None:
            self._dialog = False
            self._finish_part()

        self.app.push_screen(LessonRoundOver(game.state, self.tile_style), closed)
        self.refresh_table()

    def _finish_part(self) -> None:
        self.finished = True
        self.runner.paused = True
        self.runner.cancel()
        self.place = self._part_end()
        progress = read_progress(self.app)
        if self.part is self.lesson.parts[-1]:
            progress.done.add(self.lesson.id)
            nxt = min(self.number + 1, len(self.book) - 1)
            progress.lesson, progress.place = nxt, 0
        else:
            progress.lesson, progress.place = self.number, self.place
        keep_progress(self.app, progress)
        self.refresh_table()

    def _part_end(self) -> int:
        """The place just after this part's last step."""
        part_no = self.lesson.parts.index(self.part)
        return max(i for i, (p, _) in enumerate(self.lesson.places) if p == part_no) + 1

    def remember_place(self, place: int) -> None:
        progress = read_progress(self.app)
        progress.lesson, progress.place = self.number, place
        keep_progress(self.app, progress)

    # --- moving about ---------------------------------------------------------

    def go_to(self, number: int, place: int) -> None:
        """Show another place (or lesson) on a fresh table."""
        self.runner.cancel()
        screen = LessonScreen(number, place, house=self.house, delay=self.delay_given)
        self.app.switch_screen(screen)

    def action_lesson_back(self) -> None:
        if self._dialog:
            return
        back = self.place - 1
        if back < 0 and self.number > 0:
            self.go_to(self.number - 1, len(self.book[self.number - 1].places) - 1)
        else:
            self.go_to(self.number, max(back, 0))

    def action_lesson_next(self) -> None:
        if self._dialog:
            return
        ahead = self.place + 1 if not self.finished else self.place
        if ahead < len(self.lesson.places):
            self.go_to(self.number, ahead)
        elif self.number + 1 < len(self.book):
            self.go_to(self.number + 1, 0)
        else:
            self.action_leave()


def wrong_move_text(step: Step, game: Game, cmd: Command) -> str:
    """What the learner reads after a wrong move: the game's refusal (or that the move is
    allowed but not this step's), then what to try."""
    hint = t(step.hint, **tile_values(step, game)) if step.hint else ""
    said = t("learn.other")
    if judge(step, game, cmd) is Verdict.REFUSED:
        try:
            game.play(cmd, YOU)  # refused: the game says why, and nothing changes
        except IllegalMoveError as exc:
            said = t("learn.refused", reason=why_refused(exc))
    return f"{said} {hint}".strip()


def progress_place(progress: Progress, number: int) -> int:
    """Where lesson ``number`` opens: the remembered place if it is the one to go on with."""
    return progress.place if progress.lesson == number else 0
