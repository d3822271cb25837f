"""A tiny session and host app for the table tests (no save files needed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from koza.bots import Bot, RandomBot, decide
from koza.core.commands import Command, Draw, Pass, Play
from koza.core.events import Event, SeatInfo
from koza.core.game import Game
from koza.play.session import Session
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.table.scene import Scene
from koza.tui.table.screen import TableScreen
from koza.tui.widgets.dialogs import EndPromptScreen, HandOverScreen, RoundOverScreen

Person = Callable[["FakeSession | Session"], Command]
"""How a test makes a person's move by code: the session in, the move out."""


class FakeSession:
    """``Game`` plus bots, recording every event the way a save file would."""

    def __init__(self, seats: Sequence[str], seed: int = 7, **rules: object) -> None:
        from koza.core.rules import RuleSet

        infos = [
            SeatInfo(name=s[4:], kind="bot", bot="random")
            if s.startswith("bot:")
            else SeatInfo(name=s)
            for s in seats
        ]
        self.saved: list[Event] = []
        self.game = Game.new(
            infos, RuleSet.model_validate(rules), seed=seed, sink=self.saved.append
        )
        self._bots: dict[int, Bot | None] = {
            i: RandomBot(seed + i) if info.kind == "bot" else None for i, info in enumerate(infos)
        }

    def play(self, cmd: Command, seat: int | None = None) -> None:
        self.game.play(cmd, seat)

    def next_round(self) -> None:
        self.game.next_round()

    def bot(self, seat: int) -> Bot | None:
        return self._bots[seat]


def move_by_code(session: FakeSession | Session, person: Person | None = None) -> None:
    """The seat to play moves: its bot's choice, or a person's (``person``'s choice, by
    default the first legal move)."""
    game = session.game
    bot = session.bot(game.turn)
    if bot:
        session.play(decide(bot, game.state, game.turn))
    else:
        session.play(person(session) if person else game.legal_moves()[0])


def near_the_round_end(
    session: FakeSession | Session, tiles: int = 2, person: Person | None = None
) -> None:
    """Play the round by code while every hand holds more than ``tiles`` tiles: a test
    that is about how a round ends, not about its moves, keys only the last few."""
    state = session.game.state
    while state.phase == "playing" and state.round is not None:
        if min(hand.bit_count() for hand in state.round.hands) <= tiles:
            return
        move_by_code(session, person)
        state = session.game.state


def at_the_last_round(seats: Sequence[str], seed: int, **rules: object) -> FakeSession:
    """A session whose earlier rounds were played by code, at the deal of the round in
    which that same play ends the game (a test plays it with keys, which may take longer)."""
    probe = FakeSession(seats, seed, **rules)
    while not probe.game.is_over:
        if probe.game.state.phase == "round_over":
            probe.next_round()
        else:
            move_by_code(probe)
    last = probe.game.state.round_no
    session = FakeSession(seats, seed, **rules)
    while session.game.state.round_no < last or session.game.state.phase != "playing":
        if session.game.state.phase == "round_over":
            session.next_round()
        else:
            move_by_code(session)
    return session


class Host(App[None]):
    """Hosts one given screen, with the style sheets parsed once for the whole run (its name is
    the title the snapshot tests have drawn)."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        share_parsed_css(self)
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


class TableApp(App[None]):
    """Hosts one ``TableScreen``."""

    def __init__(self, session: FakeSession, **kw: object) -> None:
        super().__init__()
        share_parsed_css(self)
        self.session = session
        self.kw = kw

    def on_mount(self) -> None:
        self.push_screen(TableScreen(self.session, delay=0, **self.kw))  # type: ignore[arg-type]


async def settle(pilot: Pilot[None]) -> None:
    """Wait until no bot is thinking and every message is handled."""
    app = pilot.app
    for _ in range(500):
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = table(app)
        if screen is None or screen.runner.thinking < 0:
            await pilot.pause()
            return
    raise AssertionError("the bots never settled")


def table(app: App[None]) -> TableScreen | None:
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    return None


def screen_text(app: App[None]) -> str:
    """The rendered text of the table screen (not of a dialog on top)."""
    screen = table(app)
    assert screen is not None
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


def fitting_index(app: TableApp) -> tuple[int, str | None]:
    """A hand index that may be played now, and the end it goes on (None: either)."""
    screen = table(app)
    assert screen is not None
    sc = screen.scene()
    for i, tile in enumerate(sc.my_hand):
        left, right = sc.fits(tile)
        if left or right:
            return i, ("left" if left else "right")
    return -1, None


def keyed_choice(sc: Scene) -> Command:
    """The move ``human_move_by_keys`` makes: draw, pass, both doubles, or the first tile
    of the hand that fits, on the left end when it fits there."""
    if sc.can(Draw) or sc.can(Pass):
        return Draw() if sc.can(Draw) else Pass()
    if sc.doubles_move is not None:
        return sc.doubles_move
    tile = next(t for t in sc.my_hand if any(sc.fits(t)))
    left, right = sc.fits(tile)
    return Play(tile, "open" if not sc.chain else "right" if right and not left else "left")


async def human_move_by_keys(pilot: Pilot[None], app: TableApp) -> None:
    """Make ``keyed_choice``'s move with the keys a person would press."""
    screen = table(app)
    assert screen is not None
    sc = screen.scene()
    move = keyed_choice(sc)
    if isinstance(move, Draw):
        await pilot.press("d")
    elif isinstance(move, Pass):
        await pilot.press("p")
    elif not isinstance(move, Play):
        await pilot.press("w")
    else:
        index = sc.my_hand.index(move.tile)
        while screen.selected != index:
            await pilot.press("right")
        await pilot.press("enter")
        if isinstance(app.screen, EndPromptScreen):
            await pilot.press("left")
    await settle(pilot)


async def play_round(pilot: Pilot[None], app: TableApp, mover) -> None:  # type: ignore[no-untyped-def]
    for _ in range(300):
        await settle(pilot)
        if isinstance(app.screen, RoundOverScreen):
            return
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
            continue
        await mover(pilot, app)
    raise AssertionError("the round did not end")
