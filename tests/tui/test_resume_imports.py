"""Resuming a save draws the table without loading what the table only needs later.

The score plots (plotext), the coach's evaluation behind hints, statistics, the
network and tournaments are imported when first used, so ``koza resume`` starts
faster.  A fresh process resumes a save and lists the modules loaded by the time
the table is drawn.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import koza
from koza.core.events import SeatInfo
from koza.tui.services import Services

RESUME_AND_LIST = """
import sys
from pathlib import Path
from koza.tui.app import KozaApp
from koza.tui.services import Services

path = Path(sys.argv[1])
loaded = []

def drawn():
    loaded.append(type(app.screen).__name__)
    loaded.extend(sorted(sys.modules))
    app.exit()

app = KozaApp(path.parent, session=Services().open(path), on_table_drawn=drawn)
app.run(headless=True, size=(100, 30))
print("\\n".join(loaded))
"""

LATER = (
    "plotext",  # the score plots after a game
    "textual_plotext",
    "koza.coach.evaluate",  # hints, at the first one asked
    "koza.coach.hint_values",
    "koza.coach.playouts",
    "koza.stats",
    "koza.tournament",
    "koza.lessons",
)
PLOTS = ("plots", "score_plot")  # koza's plot widgets, wherever they live


def modules_when_drawn(save: Path) -> tuple[str, list[str]]:
    """The screen on top once the table is drawn, and every module loaded by then."""
    done = subprocess.run(
        [sys.executable, "-c", RESUME_AND_LIST, str(save)],
        cwd=Path(koza.__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    top, *modules = done.stdout.splitlines()
    return top, modules


def test_resuming_draws_the_table_before_plots_hints_stats_or_network(tmp_path: Path) -> None:
    seats = [SeatInfo(name="You"), SeatInfo(name="Bot 1", kind="bot", bot="random")]
    session = Services().create(seats, None, 5, tmp_path)
    save = session.path
    session.close()
    top, modules = modules_when_drawn(save)
    assert top == "TableScreen"
    assert "koza.tui.table.screen" in modules
    early = [m for m in modules if m in LATER or m.startswith(tuple(f"{p}." for p in LATER))]
    early += [m for m in modules if m.startswith("koza.") and m.rsplit(".", 1)[-1] in PLOTS]
    assert early == []
    assert [m for m in modules if m.startswith("koza.net")] == []  # what a server says: i18n
