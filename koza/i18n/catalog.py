"""Read a language's catalogue and look texts up with gettext.

Babel parses the ``.po`` file and compiles it to ``.mo`` bytes in memory; the
standard ``gettext.GNUTranslations`` reads those and does the lookups (with the
catalogue's own ``Plural-Forms``).  No build step is needed: a fresh clone works
as it is.  Reading one that way costs about 35 ms (Babel's import about as much
again), paid once per language and only for a language other than English, so
``make`` writes each ``.mo`` beside its ``.po`` ahead (``write_compiled``, as it writes
byte-code) and a start reads that instead, without Babel, while it is
at least as new as the ``.po``.  A missing or broken catalogue falls back to English,
never a crash.
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


def mo_path(lang: str) -> Path:
    """Where ``make`` writes ``lang``'s compiled catalogue (not kept in git)."""
    return po_path(lang).with_suffix(".mo")


def compiled_mo(lang: str) -> bytes:
    """``lang``'s catalogue compiled to ``.mo`` bytes (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as po:
        catalog = read_po(po, domain=DOMAIN)  # Plural-Forms from its header
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    return compiled.getvalue()


def _current_mo(lang: str) -> bytes | None:
    """The ``.mo`` written ahead for ``lang`` when it is as new as its ``.po``, else None."""
    try:
        if mo_path(lang).stat().st_mtime < po_path(lang).stat().st_mtime:
            return None
        return mo_path(lang).read_bytes()
    except OSError:
        return None


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """``lang``'s translations (fuzzy entries left out), or none when it cannot be read.

    English is ``EN`` itself (its catalogue is generated from it for translation
    tools), so an English start reads no catalogue and never imports Babel.
    """
    if lang == "en":
        return gettext.NullTranslations()
    ahead = _current_mo(lang)
    if ahead is not None:
        try:
            return gettext.GNUTranslations(BytesIO(ahead))
        except Exception:  # a damaged .mo: the .po below, as if it were not there
            pass
    try:
        compiled = compiled_mo(lang)
    except (OSError, ValueError):
        return gettext.NullTranslations()
    return gettext.GNUTranslations(BytesIO(compiled))


def write_compiled() -> list[Path]:
    """Write every translated catalogue's ``.mo`` beside its ``.po``; the files written."""
    written = []
    for lang in LANGUAGES[1:]:
        target = mo_path(lang)
        part = target.with_suffix(".mo.part")
        part.write_bytes(compiled_mo(lang))
        part.replace(target)  # whole or not at all: a start never reads half a file
        written.append(target)
    return written
