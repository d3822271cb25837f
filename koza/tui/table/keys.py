"""The table's keys, in one list (the help screen can show them too).

Which of them apply at a moment is decided by ``TableScreen.check_action``: the
footer shows only the keys that apply now, and a play key that does not apply
falls through to ``explain``, which says why in the status line.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

from koza.i18n.strings import t

PLAY_ACTIONS = {"play", "play_end", "doubles", "draw", "pass_turn"}
WATCH_ACTIONS = {"pause", "step", "faster", "slower", "toggle_face"}

ENDS = Binding.Group(t("table.key_ends"))
SPEED = Binding.Group(t("table.key_speed"))

TABLE_BINDINGS: list[BindingType] = [
    Binding("left", "select(-1)", t("table.key_select"), key_display="←→"),
    Binding("right", "select(1)", t("table.key_select"), show=False),
    Binding("enter", "play", t("table.key_play")),
    Binding("space", "play", t("table.key_play"), show=False),
    Binding(
        "left_square_bracket",
        "play_end('left')",
        t("table.key_left_end"),
        key_display="[",
        group=ENDS,
    ),
    Binding(
        "right_square_bracket",
        "play_end('right')",
        t("table.key_right_end"),
        key_display="]",
        group=ENDS,
    ),
    Binding("w", "doubles", t("table.key_doubles")),
    Binding("d", "draw", t("table.key_draw")),
    Binding("p", "pass_turn", t("table.key_pass")),
    Binding("space", "pause", t("table.key_pause")),
    Binding("full_stop", "step", t("table.key_step"), key_display="."),
    Binding("plus,equals_sign", "faster", t("table.key_faster"), key_display="+", group=SPEED),
    Binding("minus", "slower", t("table.key_slower"), key_display="-", group=SPEED),
    Binding("f", "toggle_face", t("table.key_face")),
    Binding("h", "hint", t("hint.key")),
    Binding("t", "toggle_tiles", t("table.key_tiles")),
    Binding("a", "toggle_auto", t("table.key_auto"), show=False),
    Binding("r", "house_rules", t("table.key_rules"), show=False),
    Binding("escape,q", "leave", t("table.key_leave"), key_display="esc"),
    # when the key above does not apply now, the same key says why (never silence)
    Binding("enter,space", "explain('play')", show=False),
    Binding("left_square_bracket", "explain('left')", show=False),
    Binding("right_square_bracket", "explain('right')", show=False),
    Binding("w", "explain('doubles')", show=False),
    Binding("d", "explain('draw')", show=False),
    Binding("p", "explain('pass')", show=False),
    Binding("h", "hint_refused", show=False),
]
