"""New game: 2 to 4 seats (a human with a name, or a bot with a level), the rules, a seed.

The defaults make Enter alone start "you against one bot": the Start button has the
focus, and Enter in any text field starts too.  Every rule option is listed by its
title with its values in words (from ``koza.core.rules.describe``); the line under
the title explains the focused field.  ``RuleSet.from_options`` checks the rules and
its one-line error is shown under the form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static
from textual.widgets.select import InvalidSelectValueError

from koza.coach.hint_record import HintRecord, write_hints
from koza.core.events import SeatInfo
from koza.core.rules import RuleError, RuleSet, describe
from koza.i18n.problems import say_error
from koza.i18n.strings import bot_name, default_name_here, rule_option, rule_values, t
from koza.tui.match_flow import start_match
from koza.tui.screens._util import koza_app
from koza.tui.screens.match_row import match_row, read_plan, show_count
from koza.tui.screens.new_game_help import field_help, level_help
from koza.tui.settings import read_settings, write_setting
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.footer import Footer
from koza.tui.widgets.light_select import LightSelect

MAX_SEATS = 4
PREFERRED_BOTS = ("greedy", "montecarlo", "expert")
SETTING = "new_game"  # the key of the last setup in koza-settings.json


def default_level(levels: Sequence[str]) -> str:
    """A middling bot for a first game, else the first level on offer."""
    return next((lvl for lvl in PREFERRED_BOTS if lvl in levels), levels[0])


class NewGameScreen(StyledOnce, Screen[None]):
    """Choose the players, the rules and a seed, then sit down at the table."""

    TITLE = t("new.title")
    BINDINGS = [
        Binding("escape", "back", t("key.back")),
        Binding("ctrl+s", "start", t("key.start")),
        Binding("ctrl+r", "defaults", t("key.defaults")),
        # Enter on a closed list starts, as in every other field (space or ↓ opens a list)
        Binding("enter", "enter_starts", t("key.start"), show=False, priority=True),
    ]

    def __init__(self, levels: Sequence[str], descriptions: Mapping[str, str] | None = None):
        super().__init__()
        self.levels = tuple(levels) or ("random",)
        self.descriptions = dict(descriptions or {})
        self._started = False

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(t("new.title"), id="new-title")
        yield Static(t("new.help_start"), id="field-help", markup=False)
        with VerticalScroll(id="new-form", can_focus=False):
            with Horizontal(classes="new-row"):
                yield Label(t("new.seats"), classes="new-label")
                yield LightSelect(
                    [(str(n), n) for n in (2, 3, 4)],
                    value=2,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
            for i in range(MAX_SEATS):
                yield from self._seat_row(i)
            yield Static(t("new.rules"), classes="new-section")
            for name in RuleSet.model_fields:
                yield from self._rule_row(name)
            yield from match_row()
            with Horizontal(classes="new-row"):
                yield Label(t("new.seed"), classes="new-label")
                yield Input(placeholder=t("new.seed_hint"), compact=True, id="seed")
        yield Static("", id="new-error")
        with Horizontal(id="new-buttons"):
            yield Button(t("new.start"), id="start", variant="primary", compact=True)
            yield Button(t("new.cancel"), id="back", compact=True)
            yield Static(t("new.hint"), id="new-hint")
        yield Footer()

    def _seat_row(self, i: int) -> ComposeResult:
        bot = i > 0
        name = t("new.bot_name", n=i) if bot else t("new.you")
        with Horizontal(classes="new-row seat-row", id=f"seat-{i}"):
            yield Label(t("new.seat_label", n=i), classes="new-label")
            yield LightSelect(
                [(t("new.human"), "human"), (t("new.bot"), "bot")],
                value="bot" if bot else "human",
                allow_blank=False,
                compact=True,
                id=f"kind-{i}",
                classes="seat-kind",
            )
            yield Input(name, max_length=40, compact=True, id=f"name-{i}", classes="seat-name")
            yield LightSelect(
                [(bot_name(lvl), lvl) for lvl in self.levels],
                value=default_level(self.levels),
                allow_blank=False,
                compact=True,
                id=f"level-{i}",
                classes="seat-level",
            )
            yield LightSelect(
                [(t("hint.form_off"), "off"), (t("hint.form_on"), "on")],
                value="off",
                allow_blank=False,
                compact=True,
                id=f"hints-{i}",
                classes="seat-hints",
            )

    def _rule_row(self, name: str) -> ComposeResult:
        option = rule_option(name)
        with Horizontal(classes="new-row rule-row"):
            yield Label(option.title, classes="new-label rule-name")
            if option.is_number:
                yield Input(option.default, compact=True, id=f"rule-{name}", classes="rule-number")
                yield Static(rule_values(option), classes="rule-help", markup=False)
            else:
                yield LightSelect(
                    [(option.say(c), c) for c in option.choices],
                    value=option.default,
                    allow_blank=False,
                    compact=True,
                    id=f"rule-{name}",
                    classes="rule-value",
                )

    def field_help(self, widget: Widget | None) -> str:
        """One line about the field that holds ``widget`` (the focus, or a list it opened)."""
        return field_help(widget, self.descriptions)

    def level_help(self, level: str) -> str:
        """``level: what this bot is like``."""
        return level_help(level, self.descriptions)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Light up the label of the focused field's row and explain the field.

        Read from ``self.focused``, not the event: focus events bubble up paths of
        different lengths, so under load they can arrive out of order."""
        focused = self.focused
        rows = [w for w in focused.ancestors_with_self if w.has_class("new-row")] if focused else []
        lit = list(rows[0].query_children(".new-label")) if rows else []
        for old in self.query(".new-label.-current"):
            if old not in lit:  # the class on the label alone: only the label is restyled
                old.remove_class("-current")
        for label in lit:
            label.add_class("-current")
        self._show_field_help()

    def on_light_select_list_mounted(self, event: LightSelect.ListMounted) -> None:
        """While a bot-level list is open, describe the level under its cursor."""
        select, overlay = event.select, event.select.list
        if overlay is None or not select.has_class("seat-level"):
            return

        def show(index: int | None) -> None:
            if select.expanded and index is not None and index < len(self.levels):
                level = self.levels[index]  # the list shows the levels in this order
                self.query_one("#field-help", Static).update(self.level_help(level), layout=False)

        self.watch(overlay, "highlighted", show)  # and now: it was mounted to open at once

    def _show_field_help(self) -> None:
        self.query_one("#field-help", Static).update(self.field_help(self.focused), layout=False)

    def on_mount(self) -> None:
        app = koza_app(self)
        if app.remembers_settings:
            self.apply_setup(read_settings(app.settings_path()).get(SETTING))
        self._show_seats()
        self.query_one("#start", Button).focus()

    # --- reacting -----------------------------------------------------------

    def _show_seats(self) -> None:
        n = self._players()
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}").display = i < n
            kind = self.query_one(f"#kind-{i}", Select).value
            self.query_one(f"#level-{i}", Select).display = kind == "bot"
            self.query_one(f"#hints-{i}", Select).display = kind == "human"
        show_count(self)

    def _players(self) -> int:
        value = self.query_one("#players", Select).value
        return value if isinstance(value, int) else 2

    def on_select_changed(self, event: Select.Changed) -> None:
        self._show_seats()
        self._show_field_help()
        self._check()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._check()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        await self.action_start()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            await self.action_start()
        else:
            self.action_back()

    def _check(self) -> bool:
        """Validate the form, show the first problem; True if it can start."""
        try:
            self.collect()
            read_plan(self, self._players())
        except ValueError as exc:
            self.show_error(str(exc))
            return False
        self.show_error("")
        return True

    def show_error(self, text: str) -> None:
        error = self.query_one("#new-error", Static)
        error.update(text)
        error.set_class(bool(text), "-shown")

    # --- the result ---------------------------------------------------------

    def options(self) -> dict[str, str]:
        """Every rule option as text, as the form shows it."""
        found: dict[str, str] = {}
        for name in RuleSet.model_fields:
            widget = self.query_one(f"#rule-{name}")
            value: Any = widget.value if isinstance(widget, Input | Select) else ""
            found[name] = str(value).strip()
        return found

    def _checked_options(self) -> dict[str, str]:
        """``options()``, a number out of its range refused in the player's language."""
        found = self.options()
        for name, value in found.items():
            option = rule_option(name)
            low, high = option.low or 0, option.high or 0
            if option.is_number and not (value.isdigit() and low <= int(value) <= high):
                bad = {"title": option.title, "low": low, "high": high, "value": value}
                raise ValueError(t("new.rule_bad", **bad))
        return found

    def collect(self) -> tuple[list[SeatInfo], RuleSet, int | None]:
        """Seats, rules and seed from the form; ``ValueError`` with a one-line reason."""
        n = self._players()
        seats: list[SeatInfo] = []
        for i in range(n):
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            name = self.query_one(f"#name-{i}", Input).value.strip()
            if not name:
                raise ValueError(t("new.name_empty", n=i))
            if "[" in name:  # the screens would read it as markup, and fail on "[/]"
                raise ValueError(t("new.name_bracket", n=i))
            if kind == "bot":
                level = str(self.query_one(f"#level-{i}", Select).value)
                seats.append(SeatInfo(name=name, kind="bot", bot=level))
            else:
                seats.append(SeatInfo(name=name, kind="human"))
        rules = RuleSet.from_options(self._checked_options())
        if rules.teams == "pairs" and n != 4:
            teams = rule_option("teams")
            raise ValueError(t("new.rule_four", title=teams.title, value=teams.say("pairs")))
        rules.check_players(n)
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise ValueError(t("new.seed_bad", value=seed_text)) from None
        return seats, rules, seed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "enter_starts":  # only on a closed list: an open one picks its entry
            return isinstance(self.focused, Select) and not self.focused.expanded
        return True

    async def action_enter_starts(self) -> None:
        await self.action_start()

    async def action_start(self) -> None:
        if self._started or not self.is_current:  # type-ahead after the first Enter
            return
        try:
            seats, rules, seed = self.collect()
            plan = read_plan(self, len(seats))
        except (ValueError, RuleError) as exc:
            self.show_error(str(exc))
            return
        app = koza_app(self)
        try:
            if plan is None:
                app.match = None
                session = app.services.create(seats, rules, seed, app.save_dir)
            else:
                session = start_match(app, seats, rules, seed, plan)
        except Exception as exc:  # the save folder cannot be written ...
            self.show_error(t("new.failed", error=say_error(exc)))
            return
        self._started = True
        hints = self.hint_seats()
        if hints and isinstance(getattr(session, "path", None), Path):
            write_hints(session.path, HintRecord(hints))
        if app.remembers_settings:
            write_setting(app.settings_path(), SETTING, self.setup())
        self.dismiss()
        app.call_later(app.open_table, session)

    def hint_seats(self) -> frozenset[int]:
        """The human seats whose player asked for hints."""
        return frozenset(
            i
            for i in range(self._players())
            if self.query_one(f"#kind-{i}", Select).value == "human"
            and self.query_one(f"#hints-{i}", Select).value == "on"
        )

    # --- the last setup, kept between runs -------------------------------------

    def setup(self) -> dict[str, Any]:
        """The form's choices as plain data, to offer them again next time (not the seed)."""
        seats = [
            {
                "kind": str(self.query_one(f"#kind-{i}", Select).value),
                "name": self.query_one(f"#name-{i}", Input).value,
                "level": str(self.query_one(f"#level-{i}", Select).value),
                "hints": str(self.query_one(f"#hints-{i}", Select).value),
            }
            for i in range(MAX_SEATS)
        ]
        return {"players": self._players(), "seats": seats, "rules": self.options()}

    def apply_setup(self, setup: object) -> None:
        """Fill the form from a kept ``setup``; what does not fit the form stays as it is."""
        if not isinstance(setup, dict):
            return
        fields: dict[str, object] = {"players": setup.get("players")}
        seats = setup.get("seats")
        for i, seat in enumerate(seats[:MAX_SEATS] if isinstance(seats, list) else []):
            if isinstance(seat, dict):
                parts = ("kind", "name", "level", "hints")
                fields |= {f"{part}-{i}": seat.get(part) for part in parts}
        rules = setup.get("rules")
        if isinstance(rules, dict):
            fields |= {f"rule-{k}": v for k, v in rules.items() if k in RuleSet.model_fields}
        for wid, value in fields.items():
            widget = self.query_one(f"#{wid}")
            if isinstance(widget, Input) and isinstance(value, str | int):
                text = str(value)
                if wid.startswith("name-"):  # a default name follows the language in use
                    text = default_name_here(text) or text
                widget.value = text[: widget.max_length or None]
            elif isinstance(widget, Select) and value is not None:
                with suppress(InvalidSelectValueError):
                    widget.value = value

    def action_back(self) -> None:
        self.dismiss()

    def action_defaults(self) -> None:
        for name in RuleSet.model_fields:
            widget = self.query_one(f"#rule-{name}")
            if isinstance(widget, Input | Select):
                widget.value = describe(name).default
