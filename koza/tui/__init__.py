"""The Textual app: start menu, new game, the table, help (textual is imported lazily)."""
