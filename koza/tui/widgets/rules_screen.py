"""The rules screen: koza's rule book, and at a table first the rules of that game.

The menu's Rules entry opens the rule book; ``r`` at the table opens it with the
game's own options on top, those that differ from the defaults first.  Option
titles and values in words come from the rule set (``koza.core.rules.in_words``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Markdown, Static

from koza.core.rules import RuleSet, in_words
from koza.i18n import strings
from koza.i18n.strings import rule_option, t
from koza.rulebook import rule_book
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.footer import Footer
from koza.tui.widgets.page_scroll import PageScroll


def rules_text() -> str:
    """The rule book shipped inside the package, in the app's language if there is one."""
    return rule_book(strings.LANGUAGE)


def house_rules_markdown(rules: RuleSet) -> str:
    """The options of one game as a Markdown list, the changed ones first and in bold."""
    rows = in_words(rules)
    changed = sum(differs for _, _, differs in rows)
    out = [f"# {t('rules.this_game')}", ""]
    key = {0: "rules.all_defaults", 1: "rules.changed_one"}.get(changed, "rules.changed")
    out.append(t(key, n=changed))
    out.append("")
    for english, _, differs in rows:
        option = rule_option(english.name)  # its words in the language in use
        words = option.say(getattr(rules, option.name))
        if differs:
            default = t("rules.default", value=option.say(option.default))
            out.append(f"- **{option.title}: {words}** ({default})")
        else:
            out.append(f"- {option.title}: {words}")
    return "\n".join(out)


class RulesScreen(StyledOnce, Screen[None]):
    """The rule book (with one game's options on top when ``rules`` is given)."""

    TITLE = t("rules.title")
    BINDINGS = [Binding("escape,q", "close", t("key.back"))]

    def __init__(self, rules: RuleSet | None = None) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        yield Static(f"{t('rules.title')} — {t('help.close')}", id="rules-title")
        with PageScroll(id="rules-scroll"):
            if self.rules is not None:
                yield Markdown(house_rules_markdown(self.rules), id="house-rules")
            yield Markdown(rules_text(), id="rule-book")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss()
