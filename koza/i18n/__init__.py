"""koza's languages: the gettext catalogues under ``koza/locale`` and how one is chosen.

No textual here: the command line and the app both use it.
"""

from koza.i18n.catalog import LANGUAGE_NAMES, LANGUAGES, po_path, translations
from koza.i18n.choose import choose_language, language_of

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "choose_language",
    "language_of",
    "po_path",
    "translations",
]
