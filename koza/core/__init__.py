"""The pure game core: tiles, rules, the lean engine, events, state and saves.

Nothing in this package imports textual.
"""
