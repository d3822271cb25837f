"""What the web client reads from the server besides the game: texts, rule options, rule book.

Every text comes from koza's own catalogues at run time (``koza.i18n.strings.lookup``
over the ``.po`` files), never from a file written for the page: ``catalogue(lang)``
is the keys the page uses, in ``lang``.  ``setup()`` is what a new room may be made
with: the rule options (their words are catalogue keys) and the bot levels.
"""

from __future__ import annotations

import json
from functools import cache

from koza.i18n.catalog import LANGUAGE_NAMES, LANGUAGES

PAGE_PREFIXES = ("web.", "net.", "illegal.", "rule.", "bot.", "lines.end_")
"""The catalogue keys the page shows (its own ``web.*`` and what the server says)."""


@cache
def catalogue(lang: str) -> bytes:
    """The page's texts in ``lang`` as JSON bytes (``KeyError`` for a language koza lacks)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    from koza.i18n.strings import EN, lookup

    texts = {key: lookup(key, lang=lang) for key in EN if key.startswith(PAGE_PREFIXES)}
    data = {"lang": lang, "languages": LANGUAGE_NAMES, "texts": texts}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


@cache
def setup() -> bytes:
    """The rule options and bot levels a room may be made with, as JSON bytes."""
    from koza.bots import BOT_LEVELS
    from koza.core.rules import options

    rules = [
        {
            "name": o.name,
            "default": o.default,
            "choices": list(o.choices),
            "low": o.low,
            "high": o.high,
            "special": list(o.words) if o.is_number else [],
        }
        for o in options()
    ]
    return json.dumps({"rules": rules, "bots": list(BOT_LEVELS)}).encode()


@cache
def rule_book_json(lang: str) -> bytes:
    """The rule book in ``lang`` (Markdown) as JSON bytes."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    from koza.rulebook import rule_book

    return json.dumps({"lang": lang, "text": rule_book(lang)}, ensure_ascii=False).encode()
