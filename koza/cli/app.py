"""Entry points the command line calls (lazily, so ``koza verify`` never imports textual).

``play(save_dir)`` opens the app at the start menu; ``resume(save_dir, path)`` goes
straight to the table of a saved game (the newest unfinished one when ``path`` is
None).  Each returns the process exit code.  Watch and replay add theirs here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from koza.i18n.problems import cannot_open, say_error
from koza.i18n.strings import t


def _fail(message: str) -> int:
    print(f"koza: {message}", file=sys.stderr)
    return 1


def unopenable(path: Path, exc: Exception) -> str:
    """Why a save cannot be opened, in one line: ``resume`` and ``replay`` word it alike."""
    return " ".join(cannot_open(path, exc).split("\n"))


def run_app(
    save_dir: Path | None = None, session: Any = None, match: Any = None, sheet: bool = False
) -> int:
    """Run the app until the player quits; its exit code.  A game of a match (``match``,
    else the match beside its save) goes on as the match's; ``sheet`` shows its sheet."""
    from koza.tui.app import KozaApp
    from koza.tui.match_flow import MatchSheetScreen, find_match

    on_start = (lambda a: a.push_screen(MatchSheetScreen(match))) if sheet else None
    app = KozaApp(save_dir, session=session, on_start=on_start)
    path = getattr(session, "path", None)
    app.match = match or (find_match(path) if isinstance(path, Path) else None)
    app.run()
    return int(app.return_code or 0)


def play(save_dir: Path | None = None) -> int:
    """``koza`` / ``koza play``: the app at the start menu."""
    return run_app(save_dir)


def open_for_resume(save_dir: Path | None, path: Path | None) -> Any:
    """The session to resume, or a one-line ``ValueError`` (the file is left as it is)."""
    from koza.play.session import Session
    from koza.storage.listing import latest_unfinished

    target = Path(path) if path is not None else latest_unfinished(save_dir)
    if target is None:
        raise ValueError(t("saves.no_unfinished"))
    try:
        return Session.open(target)
    except Exception as exc:  # SaveError, a lock held by another koza ...
        raise ValueError(unopenable(target, exc)) from None


def resume(save_dir: Path | None = None, path: Path | None = None) -> int:
    """``koza resume [FILE]``: straight to the table of a saved game (of a match file:
    the match's game to play now, or its sheet once it is over)."""
    from koza.storage.matchfile import is_match_file

    if path is not None and is_match_file(Path(path)):
        from koza.play.match_session import MatchSession

        try:
            match = MatchSession.open(path)
            session = match.next_game()
        except Exception as exc:  # SaveError, a lock held by another koza ...
            return _fail(f"resume: {unopenable(Path(path), exc)}")
        return run_app(save_dir, session, match, sheet=session is None)
    try:
        session = open_for_resume(save_dir, path)
    except ValueError as exc:
        return _fail(f"resume: {exc}")
    return run_app(save_dir, session)


def watch(
    save_dir: Path | None = None,
    seats: list[str] | None = None,
    delay: float | None = None,
    seed: int | None = None,
) -> int:
    """``koza watch``: bots play on the table, face up, saved like any game."""
    from koza.tui.app import KozaApp
    from koza.tui.watch.screen import WatchScreen, create_session

    try:
        session = create_session(seats, seed=seed, save_dir=save_dir)
    except Exception as exc:  # bad seats, an unwritable save folder ...
        return _fail(f"watch: {say_error(exc)}")
    app = KozaApp(
        save_dir, on_start=lambda a: a.push_screen(WatchScreen(session, delay=delay, seed=seed))
    )
    app.run()
    return int(app.return_code or 0)


def learn(save_dir: Path | None = None) -> int:
    """``koza learn``: the lessons, over the start menu (where esc goes back to)."""
    from koza.tui.app import KozaApp

    app = KozaApp(save_dir, on_start=lambda a: a.action_learn())
    app.run()
    return int(app.return_code or 0)


def replay(path: Path) -> int:
    """``koza replay FILE``: the saved game step by step (read only, even if unfinished)."""
    from koza.storage.savefile import SaveError, load
    from koza.tui.app import KozaApp
    from koza.tui.replay.screen import open_replay

    try:
        load(path)
    except SaveError as exc:
        return _fail(f"replay: {unopenable(path, exc)}")
    app = KozaApp(on_start=lambda a: open_replay(a, Path(path)))
    app.run()
    return int(app.return_code or 0)
