"""What a server or the client says, as catalogue keys: ``net.says.<key>`` for each
key of ``koza.i18n.says.SAYS`` (the rules' own reasons are in ``reason_words``)."""

from __future__ import annotations

from koza.i18n.says import SAYS

SAYS_EN: dict[str, str] = {f"net.says.{key}": text for key, text in SAYS.items()}
"""Each text's English, keyed as the catalogue keys it."""
