"""The app shell's screens: start menu, new game, saved games, help, messages, too small."""
