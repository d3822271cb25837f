"""Read a language's ``.po`` catalogue at run time and look texts up with gettext.

Babel parses the ``.po`` file and compiles it to ``.mo`` bytes in memory; the
standard ``gettext.GNUTranslations`` reads those and does the lookups (with the
catalogue's own ``Plural-Forms``).  No build step: a fresh clone works as it is.
Reading one costs about 35 ms (Babel's import about as much again), paid once
per language and only for a language other than English.  A missing or broken
catalogue falls back to English, never a crash.
"""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path

DOMAIN = "koza"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES: tuple[str, ...] = ("en", "ru", "ka")
"""Every language koza speaks, English (the source) first."""
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский", "ka": "ქართული"}
"""Each language by its own name, as a chooser shows it."""


def po_path(lang: str) -> Path:
    """Where ``lang``'s catalogue lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def pot_path() -> Path:
    """The template every catalogue is updated from."""
    return LOCALE_DIR / f"{DOMAIN}.pot"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """``lang``'s translations (fuzzy entries left out), or none when it cannot be read.

    English is ``EN`` itself (its catalogue is generated from it for translation
    tools), so an English start reads no catalogue and never imports Babel.
    """
    if lang == "en":
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    try:
        with po_path(lang).open("rb") as po:
            catalog = read_po(po, domain=DOMAIN)  # Plural-Forms from its header
    except (OSError, ValueError):
        return gettext.NullTranslations()
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
