"""A failed connection or socket said in the player's language, its raw text only a detail.

``say_os_error(exc)`` turns "[Errno 111] Connect call failed" into "nobody answers
there (the server is not running?) · [Errno 111] Connect call failed" in the
language in use.  An error it does not know is its raw text, as before.
"""

from __future__ import annotations

import errno
import socket
import ssl

_BY_ERRNO = {
    errno.ECONNREFUSED: "system.refused",
    errno.EADDRINUSE: "system.address_in_use",
    errno.EADDRNOTAVAIL: "system.address_not_here",
    errno.ENETUNREACH: "system.unreachable",
    errno.EHOSTUNREACH: "system.unreachable",
    errno.ETIMEDOUT: "system.timed_out",
    errno.ECONNRESET: "system.reset",
    errno.EACCES: "system.denied",
}


def system_key(exc: BaseException) -> str | None:
    """The catalogue key saying ``exc`` (None: koza has no words for it)."""
    if isinstance(exc, ssl.SSLError):
        return "system.tls"
    if isinstance(exc, socket.gaierror):
        return "system.unknown_host"
    if isinstance(exc, TimeoutError):
        return "system.timed_out"
    if isinstance(exc, OSError):
        code = exc.errno
        if code is None and "Connect call failed" in str(exc):  # asyncio joins several tries
            code = errno.ECONNREFUSED
        return _BY_ERRNO.get(code) if code is not None else None
    return None


def say_os_error(exc: BaseException) -> str:
    """``exc`` in the language in use, with its raw text as a detail in brackets."""
    from koza.i18n.strings import t

    raw = " ".join(str(exc).split()) or type(exc).__name__
    key = system_key(exc)
    return raw if key is None else t("system.detail", said=t(key), raw=raw)
