"""The command palette (ctrl+p): Learn to play, New game, Resume, Watch bots, Replay, Rules,
Theme, Settings."""

from __future__ import annotations

from collections.abc import Callable

from textual.command import DiscoveryHit, Hit, Hits, Provider

from koza.i18n.strings import t

# (text key, help key, app action)
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("cmd.learn", "cmd.learn_help", "learn"),
    ("cmd.new_game", "cmd.new_game_help", "new_game"),
    ("cmd.resume", "cmd.resume_help", "resume"),
    ("cmd.watch", "cmd.watch_help", "watch"),
    ("cmd.replay", "cmd.replay_help", "replay"),
    ("cmd.stats", "cmd.stats_help", "stats"),
    ("cmd.rules", "cmd.rules_help", "rules"),
    ("cmd.theme", "cmd.theme_help", "change_theme"),
    ("cmd.settings", "cmd.settings_help", "settings"),
)


class KozaCommands(Provider):
    """koza's own commands, found by fuzzy search."""

    def _commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        app = self.app
        found: list[tuple[str, str, Callable[[], object]]] = []
        for text_key, help_key, action in COMMANDS:

            def run(action: str = action) -> None:
                app.call_later(app.run_action, action)

            found.append((t(text_key), t(help_key), run))
        return found

    async def discover(self) -> Hits:
        for text, help_text, run in self._commands():
            yield DiscoveryHit(text, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, help_text, run in self._commands():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), run, help=help_text)
