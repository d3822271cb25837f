"""The list of lessons: each with a mark (done, or where to go on), opened by Enter or 1-7."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from koza.i18n.strings import t
from koza.lessons.book import lessons
from koza.tui.learn.progress import house_rules, read_progress
from koza.tui.widgets.footer import Footer


class LessonListScreen(Screen[None]):
    """The seven lessons; the one to go on with is highlighted."""

    DEFAULT_CSS = """
    LessonListScreen { align: center middle; }
    #learn-box { width: 64; height: auto; border: round $accent; padding: 0 1; }
    #learn-title { text-style: bold; padding-bottom: 1; }
    #learn-list { height: auto; max-height: 9; border: none; }
    #learn-hint { color: $text-muted; padding-top: 1; }
    """
    BINDINGS = [
        *(Binding(str(n), f"open_lesson({n - 1})", show=False) for n in range(1, 8)),
        Binding("escape,q", "app.pop_screen", t("key.back")),
    ]

    def __init__(self, delay: float | None = None) -> None:
        super().__init__()
        self.delay = delay

    def compose(self) -> ComposeResult:
        with Vertical(id="learn-box"):
            yield Static(t("learn.list_title"), id="learn-title")
            yield OptionList(id="learn-list")
            yield Static(t("learn.list_hint"), id="learn-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.show_lessons()

    def show_lessons(self) -> None:
        """The lessons with their marks: ✓ done, ▸ the one to go on with."""
        progress = read_progress(self.app)
        options = []
        for n, lesson in enumerate(lessons()):
            mark = "✓" if lesson.id in progress.done else "▸" if n == progress.lesson else " "
            label = Text.assemble((f" {n + 1} ", "bold reverse"), f" {mark} ", t(lesson.title))
            options.append(Option(label, id=str(n)))
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options(options)
        menu.highlighted = progress.lesson

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.action_open_lesson(int(event.option.id))

    def action_open_lesson(self, number: int) -> None:
        from koza.tui.learn.lesson_screen import LessonScreen, progress_place

        progress = read_progress(self.app)
        place = progress_place(progress, number)
        house = house_rules(self.app)
        self.app.push_screen(LessonScreen(number, place, house=house, delay=self.delay))
