"""The round-over dialog (every hand revealed, the scoring) and the game-over dialog."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from koza.core.scoring import side_of
from koza.core.state import GameState
from koza.core.tiles import HALVES, tiles_of
from koza.i18n.strings import about, t
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.footer import Footer
from koza.tui.widgets.tile_faces import TileStyle, face_for


def side_label(state: GameState, side: int) -> str:
    """A side's name: the player, or both partners in pairs mode."""
    if state.n_sides != state.n_players:
        return " + ".join(s.name for i, s in enumerate(state.seats) if i % 2 == side)
    return state.seats[side].name


def hand_text(mask: int, style: TileStyle = "digits") -> Text:
    face = face_for(style)
    text = Text(no_wrap=False)
    for tile in reversed(tiles_of(mask)):
        hi, lo = HALVES[tile]
        text.append(f"{face(hi)}│{face(lo)}", "reverse")
        text.append(" ")
    return text if mask else Text("—")


def round_summary(state: GameState, style: TileStyle = "digits") -> Table:
    """Each seat's revealed hand and points, then each side's recorded points and total."""
    rec = state.records[-1]
    r = state.round
    pairs = state.n_sides != state.n_players
    table = Table(box=None, padding=(0, 1), expand=True)
    table.add_column(t("dialog.col_player"))
    table.add_column(t("dialog.col_hand"))
    table.add_column(t("dialog.col_points"), justify="right")
    if not pairs:
        for col in ("dialog.col_recorded", "dialog.col_total", "dialog.col_sheet"):
            table.add_column(t(col), justify="right")
    for seat, info in enumerate(state.seats):
        hand = r.hands[seat] if r is not None else 0
        row: list[str | Text] = [info.name, hand_text(hand, style), str(rec.hand_points[seat])]
        if not pairs:
            row += _side_cells(state, side_of(seat, state.n_players, state.rules))
        table.add_row(*row)
    if pairs:
        table.add_section()
        for side in range(state.n_sides):
            rec_pts, total, sheet = _side_cells(state, side)
            line = t("dialog.pair_total", recorded=rec_pts, total=total, sheet=sheet)
            table.add_row(Text(side_label(state, side), style="bold"), line, "")
    return table


def unrecorded_notes(state: GameState, you: int = -1) -> list[str]:
    """Why a side's points this round were not recorded: its sheet is still closed.

    The note about the person at this keyboard (seat ``you``, playing alone) is said to them."""
    rec = state.records[-1]
    threshold = state.rules.open_threshold
    pairs = state.n_sides != state.n_players
    notes = []
    for side in range(state.n_sides):
        seats = [
            s for s in range(state.n_players) if side_of(s, state.n_players, state.rules) == side
        ]
        points = sum(rec.hand_points[s] for s in seats)
        if threshold and points and not rec.recorded[side] and not state.sheets.opened[side]:
            key = "dialog.carried" if state.rules.open_mode == "carry" else "dialog.not_recorded"
            names = [side_label(state, s) for s in range(state.n_sides)]
            mine = side if (seats == [you] and not pairs) else -1
            notes.append(about(key, side, mine, names, n=points, threshold=threshold))
    return notes


def _side_cells(state: GameState, side: int) -> list[str | Text]:
    rec = state.records[-1]
    if rec.opened[side]:
        sheet: str | Text = Text(t("dialog.sheet_opened"), style="bold")
    else:
        sheet = t("word.sheet_open") if state.sheets.opened[side] else t("word.sheet_closed")
    return [str(rec.recorded[side]), str(rec.totals[side]), sheet]


CSS = "../table/dialogs.tcss"


class RoundOverScreen(StyledOnce, ModalScreen[None]):
    """Every hand revealed, each seat's points, what was recorded, fish or who went out."""

    BINDINGS = [
        Binding("enter", "close", t("dialog.key_next"), priority=True),
        Binding("escape", "close", t("dialog.key_next"), show=False),
    ]

    CSS_PATH = CSS

    def __init__(self, state: GameState, tile_style: TileStyle = "digits", you: int = -1) -> None:
        super().__init__(classes="dialog-screen")
        self.state = state
        self.tile_style = tile_style
        self.you = you  # the seat of the person at this keyboard, said "you" (-1: none)

    def compose(self) -> ComposeResult:
        st = self.state
        rec = st.records[-1]
        if rec.out_seat is None:
            how = t("table.fish")
        else:
            names = [s.name for s in st.seats]
            how = about("table.went_out", rec.out_seat, self.you, names)
        with Vertical(id="round-over", classes="dialog"):
            yield Static(t("table.round_over", n=rec.round), classes="dialog-title")
            yield Static(how, id="round-outcome")
            yield Static(round_summary(st, self.tile_style), id="round-table")
            notes = unrecorded_notes(st, self.you)
            if notes:
                yield Static("\n".join(notes), id="round-notes", markup=False)
            label = t("dialog.next_round") if st.phase == "round_over" else t("dialog.see_result")
            yield Button(label, id="round-next", variant="primary")
        yield Footer()  # this dialog's own keys, not the table's under it

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def result_line(state: GameState, humans: tuple[int, ...]) -> str:
    """ "You won" / "You lost" for a lone player; else who won (lowest total) in words."""
    winner = state.ranking[0] if state.ranking else -1
    if len(humans) == 1:
        mine = side_of(humans[0], state.n_players, state.rules)
        if mine in state.goats:
            return t("dialog.you_goat")
        if mine == winner:
            return t("dialog.you_won")
        return t("dialog.you_lost", names=side_label(state, winner))
    if winner < 0:
        return ""
    return t("dialog.winner", names=side_label(state, winner))


class GameOverScreen(StyledOnce, ModalScreen[str | None]):
    """Who won, the goat, the ranking and the final scores; ``r`` asks for a rematch.

    Dismissed with ``"rematch"`` (same seats and rules, a new game) or None.
    """

    BINDINGS = [
        Binding("enter", "close", t("dialog.key_close"), priority=True),
        Binding("escape", "close", t("dialog.key_close"), show=False),
        Binding("r", "rematch", t("dialog.key_rematch")),
    ]

    CSS_PATH = CSS

    def __init__(
        self,
        state: GameState,
        humans: tuple[int, ...] = (),
        rematch: bool = False,
        notes: Sequence[str] = (),
    ) -> None:
        super().__init__(classes="dialog-screen")
        self.state = state
        self.humans = humans
        self.can_rematch = rematch
        self.notes = tuple(notes)  # lines shown under the ranking (the hints asked)

    def compose(self) -> ComposeResult:
        st = self.state
        goats = ", ".join(side_label(st, g) for g in st.goats)
        table = Table(box=None, padding=(0, 1), expand=True)
        table.add_column("#", justify="right")
        table.add_column(t("dialog.col_player"))
        table.add_column(t("dialog.col_total"), justify="right")
        for place, side in enumerate(st.ranking, start=1):
            table.add_row(str(place), side_label(st, side), str(st.sheets.totals[side]))
        for side in st.goats:
            table.add_row(
                Text(t("word.goat"), style="bold"),
                Text(side_label(st, side), style="bold"),
                Text(str(st.sheets.totals[side]), style="bold"),
            )
        with Vertical(id="game-over", classes="dialog"):
            yield Static(t("table.game_over"), classes="dialog-title")
            yield Static(result_line(st, self.humans), id="game-result")
            yield Static(t("table.goat_is", names=goats), id="goat")
            yield Static(table, id="ranking")
            if self.notes:
                yield Static("\n".join(self.notes), id="game-notes", markup=False)
            with Horizontal(id="game-over-buttons"):
                yield Button(t("dialog.close"), id="game-close", variant="primary")
                if self.can_rematch:
                    yield Button(t("dialog.rematch"), id="game-rematch")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_rematch if action == "rematch" else True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("rematch" if event.button.id == "game-rematch" else None)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rematch(self) -> None:
        self.dismiss("rematch")


class HandOverScreen(ModalScreen[bool]):
    """Hot seat: the hands are hidden until the next player takes the keyboard.

    Dismissed with True when the player is ready, False to leave the table.
    """

    BINDINGS = [
        Binding("enter", "close", t("dialog.key_ready"), priority=True),
        Binding("escape,q", "leave", t("table.key_leave"), key_display="esc"),
    ]

    CSS_PATH = CSS

    def __init__(self, name: str) -> None:
        super().__init__(classes="dialog-screen")
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="hand-over", classes="dialog"):
            yield Static(t("table.pass_keyboard", name=self.player), id="hand-over-text")
            yield Button(t("dialog.ready", name=self.player), id="hand-over-ready")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)


class EndPromptScreen(ModalScreen[str | None]):
    """The selected tile fits both ends: left, right, or cancel."""

    BINDINGS = [
        Binding("left", "pick('left')", t("table.key_left_end")),
        Binding("right", "pick('right')", t("table.key_right_end")),
        Binding("escape", "pick('')", t("table.key_cancel")),
    ]

    CSS_PATH = CSS

    def __init__(self, tile: str, left: int, right: int) -> None:
        super().__init__(classes="prompt-screen")
        self.tile, self.left, self.right = tile, left, right

    def compose(self) -> ComposeResult:
        with Vertical(id="end-prompt", classes="dialog"):
            yield Static(t("table.which_end", tile=self.tile), id="end-prompt-text")
            yield Button(t("table.left_end_n", n=self.left), id="end-left")
            yield Button(t("table.right_end_n", n=self.right), id="end-right")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("left" if event.button.id == "end-left" else "right")

    def action_pick(self, end: str) -> None:
        self.dismiss(end or None)
