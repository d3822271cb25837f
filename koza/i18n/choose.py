"""Which language to speak: ``KOZA_LANG`` (``--lang`` sets it), the saved setting, the locale."""

from __future__ import annotations

import os
from collections.abc import Mapping

from koza.i18n.catalog import LANGUAGES

LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")
"""POSIX order: the first of these that is set decides the locale."""


def language_of(value: str | None) -> str | None:
    """The koza language of ``ru``, ``ru_RU.UTF-8``, ``ka_GE`` ...; None when koza lacks it."""
    code = (value or "").split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def choose_language(environ: Mapping[str, str] | None = None, saved: str | None = None) -> str:
    """``KOZA_LANG`` if koza has it, else ``saved`` (the app's setting), the locale, or en."""
    env = os.environ if environ is None else environ
    for choice in (env.get("KOZA_LANG"), saved):
        lang = language_of(choice)
        if lang is not None:
            return lang
    locale = next((env[var] for var in LOCALE_VARS if env.get(var)), None)
    return language_of(locale) or "en"
