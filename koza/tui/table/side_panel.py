"""The side panel: the bazaar (click to draw), the scoreboard and the log."""

from __future__ import annotations

import textwrap

from rich.table import Table
from rich.text import Text
from textual.events import Click
from textual.message import Message

from koza.i18n.strings import about, t
from koza.tui.table.move_text import log_lines
from koza.tui.table.scene import Scene
from koza.tui.widgets.steady import SteadyStatic, titled
from koza.tui.widgets.tile_faces import BACK


class BazaarView(SteadyStatic):
    """How many tiles the bazaar holds, as backs; a click asks to draw."""

    class Clicked(Message):
        """The bazaar was clicked."""

    def show(self, sc: Scene, can_draw: bool = False) -> None:
        titled(self, t("word.bazaar").capitalize())
        self.set_class(can_draw, "-can-draw")
        n = sc.bazaar_count
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(t("table.bazaar_left", n=n))
        if n:
            text.append("  " + BACK * n, "bold")
        self.show_content(text)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked())


def side_names(sc: Scene) -> list[str]:
    """A name per side (pairs: both partners, which may wrap at the "+")."""
    if sc.pairs:
        return [f"{sc.names[s]} + {sc.names[s + 2]}" for s in (0, 1)]
    return list(sc.names)


class Scoreboard(SteadyStatic):
    """One row per side: the latest rounds that fit, the total, the sheet open or closed.

    The totals and the sheets never leave the panel: only old rounds make room.
    """

    def show(self, sc: Scene) -> None:
        titled(self, t("table.score_title", target=sc.rules.target), t("table.sheet_legend"))
        names = side_names(sc)
        width = self.content_size.width or 24
        total_w = max(len("Σ"), *(len(str(v)) for v in sc.totals))
        longest = max(len(part) + (2 if sc.pairs else 0) for n in names for part in n.split(" + "))
        name_w = max(4, min(longest, width - total_w - 4))
        room = max(0, (width - name_w - total_w - 3) // 4)
        shown = sc.records[-room:] if room else ()
        me_side = (sc.me % 2 if sc.pairs else sc.me) if sc.me >= 0 else -1
        rows = []
        for side, name in enumerate(names):
            points = tuple(
                str(rec.recorded[side]) if (rec.recorded[side] or rec.totals[side]) else "·"
                for rec in shown
            )
            mark = t("table.sheet_open_mark" if sc.opened[side] else "table.sheet_closed_mark")
            rows.append((name, points, str(sc.totals[side]), side == me_side, mark))
        rounds = tuple(str(rec.round) for rec in shown)
        drawn = (name_w, rounds, tuple(rows))
        if self.showing(drawn):  # the table unbuilt when it would be the same
            return
        table = Table(box=None, padding=(0, 0, 0, 1), show_edge=False, pad_edge=False)
        table.add_column("", width=name_w, overflow="fold")
        for number in rounds:
            table.add_column(number, justify="right", style="dim", no_wrap=True)
        table.add_column("Σ", justify="right", no_wrap=True)
        table.add_column("", width=1, no_wrap=True)
        for name, row, total, mine, mark in rows:
            total_text = Text(total, style="bold reverse" if mine else "bold")
            table.add_row(name, *row, total_text, mark)
        self.show_content(table, same_as=drawn)


class MoveLog(SteadyStatic):
    """The last moves of the round (as many as fit) and how the round ended."""

    scene: Scene | None = None
    talk: tuple[str, ...] = ()  # lines said at a table on a server, shown after the moves

    def on_resize(self) -> None:  # the scoreboard grew or the window changed: keep the newest
        if self.scene is not None:
            self.show(self.scene)

    def show(self, sc: Scene) -> None:
        self.scene = sc
        titled(self, t("table.log_title"))
        lines = [t("word.round", n=sc.round_no).capitalize()] if sc.round_no else []
        lines += log_lines(sc.history, sc.names, sc.you)
        if sc.phase in ("round_over", "game_over") and sc.records:
            rec = sc.records[-1]
            if rec.out_seat is None:
                lines.append(t("table.fish"))
            else:
                lines.append(about("table.went_out", rec.out_seat, sc.you, sc.names))
        lines += self.talk
        room = max(1, self.content_size.height) if self.content_size.height else 8
        width = self.content_size.width
        if width > 8:  # wrap here, so the rows kept are the newest ones (long names wrap)
            lines = [
                row for line in lines for row in textwrap.wrap(line, width, subsequent_indent="  ")
            ]
        self.show_content(Text("\n".join(lines[-room:]), no_wrap=True, overflow="ellipsis"))
