"""Regenerate ``koza.pot`` from ``EN`` and update every catalogue from it (``make po``).

``python -m koza.i18n.extract`` writes the template and merges it into each
``koza/locale/<lang>/LC_MESSAGES/koza.po`` with Babel: new keys come in
untranslated, a changed English text keeps its old translation marked fuzzy
(not used until a translator clears the flag), removed keys become obsolete.
The English catalogue is filled from ``EN`` itself.  ``--check`` only reports
drift (exit 1), as the tests do.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from koza import __version__
from koza.i18n.catalog import DOMAIN, LANGUAGES, po_path, pot_path

HEADER = "# koza's texts. The key of each message is its msgctxt; English is the source.\n#"
TRANSLATOR = "koza translators"
TEAM = {"en": "koza English", "ru": "koza Russian", "ka": "koza Georgian"}
"""The ``Last-Translator`` and ``Language-Team`` of each catalogue's header."""


def _sources() -> tuple[dict[str, str], dict[str, str]]:
    from koza.i18n.strings import EN, EN_ONE

    return EN, EN_ONE


def msgid_of(key: str) -> str | tuple[str, str]:
    """The English ``msgid`` of ``key``: a text, or (one, many) for a message that counts."""
    english, one = _sources()
    return (one[key], english[key]) if key in one else english[key]


def _flags(msgid: str | tuple[str, str]) -> tuple[str, ...]:
    text = msgid if isinstance(msgid, str) else "".join(msgid)
    return ("python-brace-format",) if "{" in text else ()


def _settle_flags(catalog: Catalog) -> None:
    """koza formats with ``str.format`` only: a "%" ("95% interval") is no %-format.

    Babel flags such a text ``python-format`` whenever it reads or adds it, and then
    ``msgfmt -c`` counts its "% i" as a format the translation lacks.
    """
    for message in catalog:
        if message.id and message.python_format:
            message.flags.discard("python-format")
            message.flags.add("no-python-format")


def _read(path: Path, lang: str | None) -> Catalog | None:
    try:
        with path.open("rb") as f:
            return read_po(f, locale=lang, domain=DOMAIN)
    except FileNotFoundError:
        return None


def template() -> Catalog:
    """A fresh template holding every key of ``EN``, in its order."""
    old = _read(pot_path(), None)
    catalog = Catalog(
        domain=DOMAIN,
        project="koza",
        version=__version__,
        header_comment=HEADER,
        creation_date=old.creation_date if old is not None else None,
        charset="utf-8",
        fuzzy=False,
        last_translator=TRANSLATOR,
        language_team="koza",
    )
    english, _one = _sources()
    for key in english:
        msgid = msgid_of(key)
        catalog.add(msgid, context=key, flags=_flags(msgid))
    _settle_flags(catalog)
    return catalog


def updated(lang: str, pot: Catalog) -> Catalog:
    """``lang``'s catalogue merged with ``pot`` (English: filled with the English itself)."""
    catalog = _read(po_path(lang), lang)
    if catalog is None:
        catalog = Catalog(
            locale=lang,
            domain=DOMAIN,
            project="koza",
            version=__version__,
            header_comment=HEADER,
            language_team=f"koza {lang}",
            fuzzy=False,
        )
    catalog.update(pot, update_header_comment=True)
    catalog.last_translator = TRANSLATOR
    catalog.language_team = TEAM.get(lang, f"koza {lang}")
    _settle_flags(catalog)
    if lang == "en":
        catalog.obsolete.clear()
        for message in catalog:
            if message.id:
                message.string = message.id
                message.flags.discard("fuzzy")
    return catalog


def _text(catalog: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, catalog, width=100, include_previous=True)
    return out.getvalue()


def _write(path: Path, catalog: Catalog) -> None:
    """Write ``catalog``; its revision date is kept, or made now if its text changed."""
    old = _read(path, catalog.locale_identifier)
    if old is not None and isinstance(old.revision_date, datetime):
        catalog.revision_date = old.revision_date
    text = _text(catalog)
    if not path.exists() or text != path.read_bytes():
        catalog.revision_date = datetime.now(UTC).replace(microsecond=0)
        text = _text(catalog)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)


def drift(lang: str) -> list[str]:
    """How ``lang``'s catalogue differs from ``EN`` (empty when they agree)."""
    catalog = _read(po_path(lang), lang)
    if catalog is None:
        return [f"{lang}: no catalogue at {po_path(lang)}"]
    english, _one = _sources()
    found: dict[str, Message] = {m.context: m for m in catalog if m.id and m.context}
    problems = [f"{lang}: {key} is missing" for key in english if key not in found]
    for key, message in found.items():
        if key not in english:
            problems.append(f"{lang}: {key} is no longer in EN")
        elif message.id != msgid_of(key):
            problems.append(f"{lang}: {key} has an old English text")
        elif message.fuzzy:
            problems.append(f"{lang}: {key} is fuzzy (check the translation)")
        elif not all(message.string if isinstance(message.string, tuple) else [message.string]):
            problems.append(f"{lang}: {key} is untranslated")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--check"]:
        problems = [p for lang in LANGUAGES for p in drift(lang)]
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    if args:
        print("usage: python -m koza.i18n.extract [--check]", file=sys.stderr)
        return 2
    pot = template()
    _write(pot_path(), pot)
    print(f"{pot_path()}: {len(pot)} messages")
    for lang in LANGUAGES:
        catalog = updated(lang, template())  # a fresh template each: update() shares messages
        _write(po_path(lang), catalog)
        print(f"{po_path(lang)}: {len(drift(lang))} to translate or check")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
