"""The omniscient reference is labelled and reached only through ``decide``.

Every place that lets a bot move (the session, the watch driver) must route
through ``decide``, so watching the reference bot works instead of pausing on
its deliberate TypeError.
"""

from __future__ import annotations

from pathlib import Path

from koza.core.events import SeatInfo
from koza.play.session import Session
from koza.storage.savefile import load


def test_a_session_plays_the_omniscient_reference_through_decide(tmp_path: Path) -> None:
    seats = [
        SeatInfo(name="Oracle", kind="bot", bot="omniscient"),
        SeatInfo(name="Greedy", kind="bot", bot="greedy"),
    ]
    with Session.create(seats, seed=11, save_dir=tmp_path) as session:
        moves = 0
        while session.game.state.phase == "playing" and moves < 200:
            session.play_bot()
            moves += 1
        assert session.game.state.phase in ("round_over", "game_over")
        assert getattr(session.bot(0), "sees_everything", False)
        path = session.path
    assert len(load(path).events) == len(session.game.events)
