"""Helpers shared by the tests (no tests in here): deals, saves, the table host app."""
