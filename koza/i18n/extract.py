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
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from koza import __version__
from koza.i18n.catalog import DOMAIN, LANGUAGES, po_path, pot_path

HEADER = "# koza's texts. The key of each message is its msgctxt; English is the source.\n#"


def _sources() -> tuple[dict[str, str], dict[str, str]]:
    from koza.tui.strings import EN, EN_ONE

    return EN, EN_ONE


def msgid_of(key: str) -> str | tuple[str, str]:
    """The English ``msgid`` of ``key``: a text, or (one, many) for a message that counts."""
    english, one = _sources()
    return (one[key], english[key]) if key in one else english[key]


def _flags(msgid: str | tuple[str, str]) -> tuple[str, ...]:
    text = msgid if isinstance(msgid, str) else "".join(msgid)
    return ("python-brace-format",) if "{" in text else ()


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
    )
    english, _one = _sources()
    for key in english:
        msgid = msgid_of(key)
        catalog.add(msgid, context=key, flags=_flags(msgid))
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
    if lang == "en":
        catalog.obsolete.clear()
        for message in catalog:
            if message.id:
                message.string = message.id
                message.flags.discard("fuzzy")
    return catalog


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, include_previous=True)


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
