"""The table screen: play Kozel with keys and mouse; bots move in a worker.

``TableScreen(session)`` shows the game of ``session`` (``.game``, ``.play``,
``.next_round``, ``.bot``) from the seat of the human to move, hiding every
other hand and the bazaar.  ``face_up=True`` shows every hand (watch, replay);
``watch=True`` turns the play keys into pause / step / faster / slower.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.message import Message
from textual.screen import Screen

from koza.core.commands import Command, Draw, Pass, Play, PlayDoubles
from koza.core.game import IllegalMoveError
from koza.core.state import GameState
from koza.core.tiles import DOUBLE_OF, tile_name
from koza.core.view import seat_view
from koza.i18n.problems import say_error
from koza.i18n.refusals import why_refused
from koza.i18n.strings import t
from koza.storage.savefile import SaveError
from koza.tui.styled_once import StyledOnce
from koza.tui.table.board import Board
from koza.tui.table.chain import ChainView
from koza.tui.table.comforts import Comforts
from koza.tui.table.hand import HandView
from koza.tui.table.hints import Hints
from koza.tui.table.keys import PLAY_ACTIONS, TABLE_BINDINGS, WATCH_ACTIONS
from koza.tui.table.move_text import status_line
from koza.tui.table.refusals import Refusals
from koza.tui.table.round_end import RoundEnd
from koza.tui.table.runner import BotRunner, Session, off_the_stack
from koza.tui.table.scene import Scene, scene_from_state, scene_from_view
from koza.tui.table.side_panel import BazaarView
from koza.tui.table.watch_controls import WatchControls
from koza.tui.widgets.dialogs import EndPromptScreen, HandOverScreen
from koza.tui.widgets.footer import Footer
from koza.tui.widgets.steady import SteadyStatic
from koza.tui.widgets.tile_faces import TileStyle, default_style


class TableScreen(StyledOnce, Comforts, RoundEnd, Refusals, Hints, WatchControls, Screen[None]):
    """The table: chain, hand, opponents, bazaar, scoreboard and log."""

    CSS_PATH = "table.tcss"
    BINDINGS = TABLE_BINDINGS

    class Finished(Message):
        """Sent to the app when the game is over and its last dialog was closed."""

    def __init__(
        self,
        session: Session,
        *,
        face_up: bool = False,
        watch: bool = False,
        delay: float | None = None,
        paused: bool = False,
        tile_style: TileStyle | None = None,
        name: str | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id)
        self.session = session
        self.face_up = face_up
        self._scene_kept: tuple[GameState, tuple[object, ...], Scene] | None = None
        self.watching = watch
        self.tile_style: TileStyle = tile_style or default_style()
        n = session.game.state.n_players
        self.bots = tuple(session.bot(s) is not None for s in range(n))
        self.humans = tuple(s for s in range(n) if not self.bots[s])
        seats = session.game.state.seats
        self.levels = tuple((s.bot or "") if self.bots[i] else "" for i, s in enumerate(seats))
        first = session.game.state.turn
        self.me = first if first in self.humans else (self.humans[0] if self.humans else 0)
        self.selected = 0
        self.hidden = False
        self.message = ""
        self.error = False
        self._dialog = False
        self._footer_keys: tuple[object, ...] = ()
        self._gone = False  # unmounted: nothing is drawn any more
        self.runner = BotRunner(
            self,
            session,
            delay=delay,
            on_thinking=lambda seat: self.refresh_table(),
            on_moved=lambda seat, cmd: self._after_move(seat),
            on_error=self._say_error,
            on_save_error=self._save_failed,
        )
        self.runner.paused = paused
        self._given = (tile_style is not None, delay is not None)

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Board(id="board")
        yield SteadyStatic(id="status")
        yield Footer()

    @property
    def board(self) -> Board:
        return self.query_one(Board)

    def on_mount(self) -> None:
        self.load_settings(*self._given)
        self.board.tile_style = self.tile_style
        self.board.levels = self.levels
        self.setup_hints()
        if len(self.humans) > 1 and not self.watching:
            self.hidden = True
        self._continue()

    def on_unmount(self) -> None:
        self._gone = True
        self.runner.cancel()  # popped without its leave key: a move thought of is dropped

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.refresh_table)

    # --- what is shown ------------------------------------------------------

    @property
    def several_humans(self) -> bool:
        return len(self.humans) > 1 and not self.watching

    @property
    def you(self) -> int:
        """The seat of the one person at this keyboard, said "you" (-1: watching, hot seat)."""
        return self.humans[0] if len(self.humans) == 1 and not self.watching else -1

    def scene(self) -> Scene:
        """The scene the table shows now (``me``'s view, or face up).

        Kept until the game's state or the seat shown changes: every check of a key
        asks for it (the footer checks each key after every move)."""
        state, shown = self.session.game.state, (self.face_up, self.me, self.you, self.bots)
        kept = self._scene_kept
        if kept is not None and kept[0] is state and kept[1] == shown:
            return kept[2]
        if self.face_up:
            scene = scene_from_state(state, me=self.me, bots=self.bots, you=self.you)
        else:
            scene = scene_from_view(seat_view(state, self.me), bots=self.bots, you=self.you)
        self._scene_kept = (state, shown, scene)
        return scene

    def my_turn(self) -> bool:
        state = self.session.game.state
        return (
            not self.watching
            and not self.hidden
            and not self._dialog
            and state.phase == "playing"
            and state.turn == self.me
            and not self.bots[self.me]
        )

    def hand(self) -> tuple[int, ...]:
        return tuple(self.scene().my_hand)

    def selected_tile(self) -> int:
        hand = self.hand()
        return hand[self.selected] if hand and 0 <= self.selected < len(hand) else -1

    def refresh_table(self) -> None:
        """Redraw every widget from the game as it stands."""
        if not self.is_mounted or self._gone:
            return
        sc = self.scene()
        self._keep_selection_in_hand()
        mine = self.my_turn()
        self.board.show(
            sc,
            selected=self.selected if mine else -1,
            hidden=self.hidden,
            thinking=self.runner.thinking,
            active=mine,
        )
        status = self.query_one("#status", SteadyStatic)
        status.set_class(self.error and bool(self.message), "-error")
        status.show_content(self.message or self._status_text(sc))
        self.show_hint()
        self._refresh_footer()

    def _keep_selection_in_hand(self) -> None:
        hand = self.scene().my_hand
        self.selected = min(max(self.selected, 0), max(len(hand) - 1, 0))

    def _refresh_footer(self) -> None:
        """Have the footer redraw its keys only when they changed: it rebuilds itself each
        time, and doing so on every bot move kept it blank on a busy machine."""
        keys = tuple((k, a.binding, a.enabled) for k, a in self.active_bindings.items())
        if keys != self._footer_keys:
            self._footer_keys = keys
            self.refresh_bindings()

    def _status_text(self, sc: Scene) -> str:
        if self.hidden and self.runner.thinking < 0:
            return t("table.hidden_hand")
        text = status_line(sc, self.runner.thinking, self.my_turn(), self.several_humans)
        if self.watching:
            paused = t("table.paused") if self.runner.paused else ""
            text = f"{text}  {t('table.delay', s=self.runner.delay)} {paused}".rstrip()
        return text

    def _say_error(self, msg: str) -> None:
        self.message, self.error = t("table.illegal", reason=msg), True
        self.refresh_table()

    def _save_failed(self, msg: str) -> None:
        """The save refused an event (a full disk): leave, saying why.

        The file holds every event up to the refused one, and resuming it emits
        whatever had to follow (a round's score, say), so nothing is lost.
        """
        self.runner.cancel()
        self.runner.paused = True
        app = self.app
        while app.screen is not self and self in app.screen_stack:
            app.pop_screen()  # help, a prompt ...: the table goes, and they with it
        self.action_leave()
        text = t("table.not_saved", reason=msg)
        show = getattr(app, "show_message", None)
        if show is not None:
            show(t("table.not_saved_title"), text)
        else:
            app.notify(text, title=t("table.not_saved_title"), severity="error")

    # --- the flow of the game -----------------------------------------------

    def _after_move(self, seat: int) -> None:
        state = self.session.game.state
        if self.bots[seat]:
            self.message, self.error = "", False  # a "not yet" said during its turn is stale
        if self.several_humans and not self.bots[seat] and state.turn != seat:
            self.hidden = True
        self._continue()

    def _continue(self) -> None:
        """After any change: show the dialogs, hand the keyboard over, or start a bot."""
        state = self.session.game.state
        seat = state.turn  # -1 outside a round in play
        # Who moves next draws the table: a bot once it is shown thinking, or with its move
        # if that comes first (BotRunner), a person once a tile is selected (_start_turn).
        # Drawing it here first as well was drawn over before any frame showed it.
        if seat >= 0 and not self._dialog and (self.bots[seat] or self.watching):
            if not self.runner.kick():
                self.refresh_table()
            return
        if seat >= 0 and not self._dialog and not self.hidden:
            if self.is_mounted and not self._gone:
                self._keep_selection_in_hand()  # as the drawing here did, in the hand shown
            self.me = seat
            self._start_turn()
            return
        self.refresh_table()
        if state.phase in ("round_over", "game_over"):
            self.runner.cancel()
            self._show_round_over()
            return
        if state.phase != "playing" or self._dialog:
            return
        if self.hidden:
            self._dialog = True

            def ready(go_on: bool | None) -> None:
                self._dialog = False
                if go_on is False:  # Esc: leave the table, the hand stays hidden
                    self.action_leave()
                    return
                self.hidden, self.me = False, seat
                self._start_turn()

            self.app.push_screen(HandOverScreen(state.seats[seat].name), ready)
            self.refresh_table()

    def _start_turn(self) -> None:
        """Select a tile that fits (the drawn one if any) when a human's turn begins."""
        sc = self.scene()
        hand = list(sc.my_hand)
        if sc.drawn >= 0 and sc.drawn in hand:
            self.selected = hand.index(sc.drawn)
        elif hand and not any(sc.fits(hand[self.selected % len(hand)])):
            fitting = [i for i, tile in enumerate(hand) if any(sc.fits(tile))]
            if fitting:
                self.selected = fitting[0]
        self.refresh_table()
        self.play_if_forced()

    def play(self, cmd: Command) -> bool:
        """Play ``cmd`` for ``me``; an illegal one only shows why.  True if played."""
        if not self.my_turn():
            return False
        try:
            self.session.play(cmd, self.me)
        except IllegalMoveError as exc:
            self._say_error(why_refused(exc))
            self.app.bell()
            return False
        except SaveError as exc:
            self._save_failed(say_error(exc))
            return False
        self.message, self.error = "", False
        self._after_move(self.me)
        return True

    def play_tile(self, tile: int, end: str | None = None) -> None:
        """Play ``tile`` at ``end``; with no end, ask when it fits both (different) ends."""
        sc = self.scene()
        if not sc.chain:
            self.play(Play(tile, "open"))
            return
        left_ok, right_ok = sc.fits(tile)
        if end is None and left_ok and right_ok and sc.left != sc.right:

            def chosen(picked: str | None) -> None:
                self._dialog = False
                if picked in ("left", "right"):
                    self.play(Play(tile, picked))  # type: ignore[arg-type]
                else:
                    self.refresh_table()

            self._dialog = True
            self.app.push_screen(EndPromptScreen(tile_name(tile), sc.left, sc.right), chosen)
            return
        if end is None:
            end = "right" if right_ok and not left_ok else "left"
        self.play(Play(tile, end))  # type: ignore[arg-type]

    # --- keys -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in WATCH_ACTIONS:
            return self.watching
        if action == "explain":
            return self.can_explain()
        if action == "hint":
            return self.can_hint()
        if action == "select":
            playing = self.session.game.state.phase == "playing"
            return playing and not self.watching and not self.hidden and bool(self.hand())
        if action in PLAY_ACTIONS:
            if not self.my_turn():
                return False
            sc = self.scene()
            if action == "play":
                return sc.can(Play)
            if action == "play_end":  # on that end whenever the tile fits it
                fit = sc.fits(self.selected_tile())
                return fit[0] if parameters == ("left",) else fit[1]
            if action == "doubles":
                return sc.doubles_move is not None
            return sc.can(Draw if action == "draw" else Pass)
        return True

    def action_select(self, step: int) -> None:
        hand = self.hand()
        if hand:
            self.selected = (self.selected + step) % len(hand)
            self.message = ""
            self.refresh_table()

    def action_play(self) -> None:
        tile = self.selected_tile()
        if tile >= 0:
            self.play_tile(tile)

    def action_play_end(self, end: str) -> None:
        tile = self.selected_tile()
        if tile >= 0:
            self.play_tile(tile, end)

    def action_doubles(self) -> None:
        sc = self.scene()
        move = sc.doubles_move
        if move is not None:
            self.play(move)
        elif sc.left >= 0:
            self.play(PlayDoubles(DOUBLE_OF[sc.left], DOUBLE_OF[sc.right]))

    def action_draw(self) -> None:
        self.play(Draw())

    def action_pass_turn(self) -> None:
        self.play(Pass())

    def action_leave(self) -> None:
        self.runner.cancel()
        if off_the_stack(self):
            return  # already off the stack: nothing to leave, and the app stays
        if len(self.app.screen_stack) > 1 and self.app.screen is self:
            self.dismiss(None)
        else:
            self.app.exit()

    # --- mouse ----------------------------------------------------------------

    def on_hand_view_tile_clicked(self, event: HandView.TileClicked) -> None:
        if self.my_turn() and event.index == self.selected:
            self.play_tile(event.tile)
            return
        self.selected, self.message = event.index, ""
        self.refresh_table()

    def on_chain_view_end_clicked(self, event: ChainView.EndClicked) -> None:
        tile = self.selected_tile()
        if self.my_turn() and tile >= 0:
            self.play_tile(tile, event.end)

    def on_bazaar_view_clicked(self, event: BazaarView.Clicked) -> None:
        """Draw; with an empty bazaar and nothing that fits, the click passes."""
        if self.my_turn():
            self.play(Pass() if self.scene().can(Pass) else Draw())
