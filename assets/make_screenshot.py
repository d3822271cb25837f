"""Make the README's screenshot of the table, with the app itself, from a seeded game.

    .venv/bin/python assets/make_screenshot.py        # writes assets/table.svg (+ .png)

The game is seeded (seats "You" and "Bot 1", seed 2026) and played with seeded
random moves until round 2 has a long chain and it is your turn; the app then
opens it exactly as ``koza resume`` would and saves an SVG of the screen.  A PNG
is made from the SVG with ``rsvg-convert`` (Debian: librsvg2-bin) when it is
installed; without it the SVG alone is written.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from koza.core.events import SeatInfo  # noqa: E402
from koza.play.session import Session  # noqa: E402
from koza.tui.app import KozaApp  # noqa: E402

SEED = 2026
SIZE = (100, 32)


def seeded_game(folder: Path) -> Path:
    """A save in round 2 with at least 9 tiles on the table and "You" to move."""
    rng = random.Random(SEED)
    seats = [SeatInfo(name="You"), SeatInfo(name="Bot 1", kind="bot", bot="random")]
    with Session.create(seats, seed=SEED, save_dir=folder, game_id="readme") as s:
        while True:
            st = s.state
            if st.phase == "round_over":
                s.next_round()
                continue
            if st.round_no >= 2 and len(st.chain) >= 9 and s.game.turn == 0:
                return s.path
            if st.phase != "playing":
                raise SystemExit("the seeded game ended before the screenshot position")
            s.play(rng.choice(s.game.legal_moves()))


async def shoot(path: Path, out: Path) -> None:
    session = Session.open(path)
    app = KozaApp(path.parent, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.5)
        app.save_screenshot(out.name, str(out.parent))


def main() -> int:
    svg = HERE / "table.svg"
    with tempfile.TemporaryDirectory(prefix="koza-shot-") as tmp:
        asyncio.run(shoot(seeded_game(Path(tmp)), svg))
    print(f"wrote {svg}")
    rsvg = shutil.which("rsvg-convert")
    if rsvg is None:
        print("no rsvg-convert here: the SVG only (apt-get install librsvg2-bin for a PNG)")
        return 0
    png = svg.with_suffix(".png")
    subprocess.run([rsvg, "--zoom", "1.5", "-o", str(png), str(svg)], check=True)
    print(f"wrote {png}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
