"""The chain widget: the snake of tiles, newest highlighted, both open ends marked.

Each seat's latest tile stays underlined, so what everyone did last reads at a glance.
"""

from __future__ import annotations

from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from koza.core.tiles import tile_name
from koza.i18n import strings
from koza.i18n.strings import about, rule_option, t
from koza.tui.table.scene import Scene
from koza.tui.table.snake import ChainLayout, layout_chain
from koza.tui.widgets.steady import SteadyWidget
from koza.tui.widgets.tile_faces import TileStyle, face_for


def last_plays(sc: Scene) -> frozenset[int]:
    """The tiles of each seat's latest play this round (the newest one included)."""
    seen: set[int] = set()
    out: set[int] = set()
    for a in reversed(sc.history):
        if a.kind in ("play", "doubles") and a.seat not in seen:
            seen.add(a.seat)
            out.update(a.tiles)
    return frozenset(out)


class ChainView(SteadyWidget):
    """The tiles on the table, laid out as a snake within the widget's width."""

    COMPONENT_CLASSES = {
        "chain--tile",
        "chain--newest",
        "chain--last",
        "chain--end",
        "chain--end-fit",
        "chain--link",
        "chain--hint",
    }

    class EndClicked(Message):
        """An open end was clicked: ``end`` is ``"left"`` or ``"right"``."""

        def __init__(self, end: str) -> None:
            super().__init__()
            self.end = end

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.scene: Scene | None = None
        self.fit: tuple[bool, bool] = (False, False)
        self.tile_style: TileStyle = "digits"
        self._layout: ChainLayout | None = None

    def show(self, scene: Scene, fit: tuple[bool, bool] = (False, False)) -> None:
        """Draw ``scene``'s chain; ``fit`` marks the ends the selected tile fits."""
        self.scene, self.fit = scene, fit
        if self.redraw_for((scene, fit, self.tile_style, strings.LANGUAGE)):
            self.call_after_refresh(self._keep_newest_in_sight)

    def _keep_newest_in_sight(self) -> None:
        """When the snake is taller than its box, scroll so the newest tile shows."""
        box, lay, sc = self.parent, self._layout, self.scene
        if not isinstance(box, Widget) or lay is None or sc is None:
            return
        ys = [h.y for h in lay.hits if h.target[0] == "tile" and h.target[1] in sc.newest]
        if ys and lay.height > box.size.height:
            box.scroll_to(y=max(0, ys[0] - box.size.height // 2), animate=False)

    def _lay(self, width: int) -> ChainLayout | None:
        sc = self.scene
        if sc is None or not sc.chain:
            return None
        return layout_chain(
            sc.chain,
            sc.center,
            (sc.left, sc.right),
            width,
            face_for(self.tile_style),
            newest=sc.newest,
            last=last_plays(sc),
            fit=self.fit,
            tags=(t("table.end_tag_left"), t("table.end_tag_right")),
        )

    def _hint(self) -> str:
        sc = self.scene
        if sc is None or sc.phase != "playing":
            return ""
        known = 0 <= sc.leader < sc.n_players
        names, leader, you = (sc.names, sc.leader, sc.you) if known else (("",), 0, -1)

        def said(key: str, **kw: object) -> str:
            return about(key, leader, you, names, **kw)

        if sc.opening >= 0:
            return said("table.empty_chain_with", tile=tile_name(sc.opening))
        if sc.round_no == 1 or sc.rules.next_leader == "highest_double":
            # a forced opening only its holder is told of: the others still know it is forced
            if sc.rules.first_lead != "highest_double":
                which = rule_option("first_lead").say(sc.rules.first_lead)
                return said("table.empty_chain_first_lead", which=which)
            return said("table.empty_chain_highest")
        return said("table.empty_chain")

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        lay = self._lay(width)
        if lay is not None:
            return lay.height
        return len(Text(self._hint()).wrap(self.app.console, max(width, 1)))  # never cut

    def render(self) -> Text:
        width = self.content_size.width
        lay = self._layout = self._lay(width)
        if lay is None:
            style = self.get_component_rich_style("chain--hint")
            return Text(self._hint(), style=style, justify="center", overflow="fold")
        styles = {
            "": None,
            "tile": self.get_component_rich_style("chain--tile"),
            "newest": self.get_component_rich_style("chain--newest"),
            "last": self.get_component_rich_style("chain--last"),
            "end": self.get_component_rich_style("chain--end"),
            "end-fit": self.get_component_rich_style("chain--end-fit"),
            "link": self.get_component_rich_style("chain--link"),
        }
        text = Text(no_wrap=True, overflow="crop")
        for i, line in enumerate(lay.lines):
            if i:
                text.append("\n")
            for ch, st in line:
                text.append(ch, styles[st])
        return text

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self._layout is None:
            return
        target = self._layout.hit_at(offset.x, offset.y)
        if target is not None and target[0] == "end":
            event.stop()
            self.post_message(self.EndClicked(str(target[1])))
