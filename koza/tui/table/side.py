"""The side panel: the bazaar (click to draw), the scoreboard and the log."""

from __future__ import annotations

import textwrap

from rich.table import Table
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

from koza.tui.strings import t
from koza.tui.table.art import BACK
from koza.tui.table.scene import Scene
from koza.tui.table.words import log_lines

ROUNDS_SHOWN = 12
ROUNDS_SHOWN_SMALL = 4


class BazaarView(Static):
    """How many tiles the bazaar holds, as backs; a click asks to draw."""

    class Clicked(Message):
        """The bazaar was clicked."""

    def show(self, sc: Scene, can_draw: bool = False) -> None:
        self.border_title = t("word.bazaar").capitalize()
        self.set_class(can_draw, "-can-draw")
        n = sc.bazaar_count
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(t("table.bazaar_left", n=n))
        if n:
            text.append("  " + BACK * n, "bold")
        self.update(text)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked())


def side_names(sc: Scene, width: int) -> list[str]:
    """A short column head per side (pairs: both partners' names)."""
    if sc.pairs:
        return [
            f"{sc.names[s][: width // 2 - 1]}+{sc.names[s + 2][: width // 2 - 1]}" for s in (0, 1)
        ]
    return [n[: width - 1] for n in sc.names]  # the column padding is the other cell


class Scoreboard(Static):
    """Recorded totals, open or closed sheets, the rounds so far and the target."""

    def show(self, sc: Scene) -> None:
        self.border_title = t("table.score_title", target=sc.rules.target)
        sides = len(sc.totals)
        col = 11 if sc.pairs else max(4, 20 // max(sides, 1))
        table = Table(box=None, padding=(0, 0, 0, 1), expand=True, show_edge=False)
        table.add_column("", width=2, no_wrap=True)
        for name in side_names(sc, col):
            table.add_column(name, justify="right", no_wrap=True, overflow="ellipsis")
        room = ROUNDS_SHOWN if self.app.size.height >= 30 else ROUNDS_SHOWN_SMALL
        for rec in sc.records[-room:]:
            cells = [str(v) if (v or rec.totals[i]) else "·" for i, v in enumerate(rec.recorded)]
            table.add_row(str(rec.round), *cells, style="dim")
        me_side = (sc.me % 2 if sc.pairs else sc.me) if sc.me >= 0 else -1
        table.add_row(
            "Σ",
            *[
                Text(str(v), style="bold reverse" if i == me_side else "bold")
                for i, v in enumerate(sc.totals)
            ],
        )
        table.add_row(
            "",
            *[t("table.sheet_open_mark") if o else t("table.sheet_closed_mark") for o in sc.opened],
            style="dim",
        )
        self.border_subtitle = t("table.sheet_legend")
        self.update(table)


class MoveLog(Static):
    """The last moves of the round (as many as fit) and how the round ended."""

    scene: Scene | None = None
    talk: tuple[str, ...] = ()  # lines said at a table on a server, shown after the moves

    def on_resize(self) -> None:  # the scoreboard grew or the window changed: keep the newest
        if self.scene is not None:
            self.show(self.scene)

    def show(self, sc: Scene) -> None:
        self.scene = sc
        self.border_title = t("table.log_title")
        lines = [t("word.round", n=sc.round_no).capitalize()] if sc.round_no else []
        lines += log_lines(sc.history, sc.names)
        if sc.phase in ("round_over", "game_over") and sc.records:
            rec = sc.records[-1]
            if rec.out_seat is None:
                lines.append(t("table.fish"))
            else:
                lines.append(t("table.went_out", name=sc.names[rec.out_seat]))
        lines += self.talk
        room = max(1, self.content_size.height) if self.content_size.height else 8
        width = self.content_size.width
        if width > 8:  # wrap here, so the rows kept are the newest ones (long names wrap)
            lines = [
                row for line in lines for row in textwrap.wrap(line, width, subsequent_indent="  ")
            ]
        self.update(Text("\n".join(lines[-room:]), no_wrap=True, overflow="ellipsis"))
