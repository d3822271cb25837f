"""Every refusal names the tile that was tried and the open ends, also after a draw (issue 23)."""

from __future__ import annotations

import pytest
from support.table import FakeSession, move_by_code

from koza.core.commands import Draw, Pass, Play
from koza.core.game import Game, IllegalMoveError
from koza.core.tiles import tile_name, tiles_of
from koza.i18n.refusals import why_refused
from koza.tui.language import speak


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def refusals(game: Game) -> list[tuple[str, IllegalMoveError]]:
    """Each illegal play of a tile in the mover's hand, with what the game said."""
    state = game.state
    assert state.round is not None
    out = []
    for tile in tiles_of(state.hand(state.turn)):
        for end in ("left", "right", "open"):
            cmd = Play(tile, end)  # type: ignore[arg-type]
            if cmd in game.legal_moves():
                continue
            try:
                game.play(cmd)
            except IllegalMoveError as exc:
                out.append((tile_name(tile), exc))
            else:
                raise AssertionError(f"{cmd} was played though it is not legal")
    return out


def test_every_refused_play_names_the_tile_and_the_open_ends() -> None:
    seen_after_draw = 0
    for seed in range(6):
        session = FakeSession(["bot:A", "bot:B", "bot:C"], seed=seed)
        while session.game.state.phase == "playing":
            state = session.game.state
            chain_open = bool(state.chain)
            for tried, exc in refusals(session.game):
                said = str(exc)
                assert tried in said, said
                if chain_open:
                    left, right = state.round.left, state.round.right  # type: ignore[union-attr]
                    assert str(left) in said and str(right) in said, said
                if state.round is not None and state.round.drawn >= 0:
                    seen_after_draw += 1
                    assert tile_name(state.round.drawn) in said
            move_by_code(session)
    assert seen_after_draw  # the draws of six deals put a tile to be played now


def test_after_a_draw_even_a_draw_or_a_pass_is_told_the_ends() -> None:
    for seed in range(20):
        session = FakeSession(["bot:A", "bot:B"], seed=seed)
        game = session.game
        while game.state.phase == "playing":
            r = game.state.round
            if r is not None and r.drawn >= 0:
                for cmd in (Draw(), Pass()):
                    with pytest.raises(IllegalMoveError) as caught:
                        game.play(cmd)
                    said = str(caught.value)
                    assert tile_name(r.drawn) in said
                    assert f"({r.left}, {r.right})" in said, said
                return
            move_by_code(session)
    raise AssertionError("no draw that fits in 20 deals")


def test_a_refusal_after_a_draw_is_said_whole_in_russian() -> None:
    speak("ru")
    for seed in range(20):
        session = FakeSession(["bot:A", "bot:B"], seed=seed)
        game = session.game
        while game.state.phase == "playing":
            r = game.state.round
            if r is not None and r.drawn >= 0:
                other = next(t for t in tiles_of(game.state.hand(game.state.turn)) if t != r.drawn)
                with pytest.raises(IllegalMoveError) as caught:
                    game.play(Play(other, "left"))
                said = why_refused(caught.value)
                assert said.startswith(tile_name(other)), said
                assert f"взятый камень {tile_name(r.drawn)}" in said
                assert f"концам {r.left} и {r.right}" in said
                return
            move_by_code(session)
    raise AssertionError("no draw that fits in 20 deals")
