"""The chain snake stays within its width and shows every tile once; scene helpers."""

from __future__ import annotations

import random

from koza.core.commands import Draw, Play
from koza.core.game import Game
from koza.core.state import Action
from koza.core.tiles import tiles_of
from koza.core.view import seat_view
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.table.move_text import did, log_lines
from koza.tui.table.scene import last_turn, scene_from_state, scene_from_view
from koza.tui.table.snake import ChainLayout, Hit, layout_chain


def finished_rounds(n: int):  # type: ignore[no-untyped-def]
    for seed in range(n):
        game = Game.new(["a", "b", "c", "d"][: 2 + seed % 3], seed=seed)
        rng = random.Random(seed)
        while game.state.phase == "playing":
            game.play(rng.choice(game.legal_moves()))
            yield game


def test_the_snake_fits_every_width_and_shows_each_tile_once() -> None:
    for game in finished_rounds(12):
        sc = scene_from_state(game.state)
        for width in (20, 31, 52, 80, 120):
            lay = layout_chain(sc.chain, sc.center, (sc.left, sc.right), width, str)
            assert all(len(line) == max(width, 18) for line in lay.lines)
            tiles = [h.target[1] for h in lay.hits if h.target[0] == "tile"]
            assert sorted(tiles) == sorted(p.tile for p in sc.chain)  # type: ignore[type-var]
            ends = {h.target[1] for h in lay.hits if h.target[0] == "end"}
            assert ends == ({"left", "right"} if sc.chain else set())


def test_neighbours_in_the_snake_touch_with_equal_numbers() -> None:
    for game in finished_rounds(12):
        sc = scene_from_state(game.state)
        lay = layout_chain(sc.chain, sc.center, (sc.left, sc.right), 52, str)

        def halves(hit: Hit, lay: ChainLayout = lay) -> tuple[str, str]:
            mid = "".join(ch for ch, _ in lay.lines[hit.y][hit.x0 : hit.x1])
            if mid == "───":
                n = lay.lines[hit.y - 1][hit.x0 + 1][0]
                return n, n
            return mid[0], mid[2]

        tiles = [h for h in lay.hits if h.target[0] == "tile"]
        for a in tiles:
            for b in tiles:
                if a.y == b.y and b.x0 == a.x0 + 4:
                    assert halves(a)[1] == halves(b)[0], (a, b)


def test_the_view_scene_holds_only_the_own_hand() -> None:
    game = Game.new(["a", "b", "c"], seed=1)
    sc = scene_from_view(seat_view(game.state, 1))
    assert sc.hands[0] is None and sc.hands[2] is None
    assert sc.hands[1] is not None and len(sc.hands[1]) == 5


def test_last_turn_and_words() -> None:
    history = (
        Action(0, Play(27, "open"), (-1, -1)),
        Action(1, Draw(), (6, 6)),
        Action(1, Draw(), (6, 6)),
        Action(1, Play(21, "left"), (6, 6)),
    )
    assert [a.kind for a in last_turn(history, 1)] == ["draw", "draw", "play"]
    assert did(last_turn(history, 1)) == "drew 2, played 6-0"
    assert log_lines(history, ["Ann", "Bob"]) == [
        "Ann played 6-6",
        "Bob drew 2 tiles from the bazaar",
        "Bob played 6-0 left",
    ]


async def test_a_board_alone_shows_any_state_or_view() -> None:
    from textual.app import App, ComposeResult

    from koza.tui.table.board import Board

    game = Game.new(["a", "b", "c"], seed=9)
    rng = random.Random(9)
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))

    class Host(App[None]):
        def __init__(self) -> None:
            super().__init__()
            share_parsed_css(self)

        def compose(self) -> ComposeResult:
            yield Board()

    async with Host().run_test(size=(100, 30)) as pilot:
        board = pilot.app.query_one(Board)
        board.show_state(game.state)
        await pilot.pause()
        every = {t for s in range(3) for t in tiles_of(game.state.hand(s))}
        assert every <= board.shown_tiles
        board.show_view(seat_view(game.state, 1))
        await pilot.pause()
        assert board.shown_tiles & every == set(tiles_of(game.state.hand(1)))


def test_scenes_are_views_plus_who_is_a_bot() -> None:
    for game in finished_rounds(6):
        state = game.state
        n = state.n_players
        bots = tuple(s.kind == "bot" for s in state.seats)
        for me in range(n):
            up = scene_from_state(state, me=me)
            assert up == scene_from_view(seat_view(state, me, face_up=True), bots)
            assert up.face_up and up.me == me and up.bots == bots
            assert up.hands == tuple(tuple(tiles_of(state.hand(s))) for s in range(n))
            mine = scene_from_view(seat_view(state, me), bots=[True] * n)
            assert mine.hands == tuple(up.hands[s] if s == me else None for s in range(n))
            assert mine.legal == up.legal and (mine.legal != ()) == (state.turn == me)
            assert mine.shown_tiles == {p.tile for p in state.chain} | set(mine.my_hand)
