"""koza: Kozel (Козёл, Goat), the Russian domino game, in your terminal."""

__version__ = "0.1.0"

import os as _os  # noqa: E402

# koza uses no pydantic plugins, and looking for them reads every installed package's
# entry points at each start (about 4% of a 100-game `koza sim`).  A user who wants
# them sets PYDANTIC_DISABLE_PLUGINS themselves (0 turns the search back on).
_os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from koza import pydantic_plugins as _plugins  # noqa: E402

_plugins.install()  # and with them off, pydantic's loader need not be imported at all

from koza import compiled as _compiled  # noqa: E402

_compiled.choose_sources()  # KOZA_PURE=1, or a stale build: import the .py sources
