"""Where a client connects: a server's address as a WebSocket URL, and a room's address on it."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

DEFAULT_PORT = 7777


def normalize_url(address: str) -> str:
    """``host``, ``host:port`` or ``ws://...``/``wss://...`` as a WebSocket URL (port 7777)."""
    address = address.strip()
    if "://" not in address:
        address = f"ws://{address}"
    try:
        parts = urlsplit(address)
        has_port = parts.port is not None
    except ValueError:
        return address  # connecting says what is wrong with it
    if not has_port and parts.hostname:
        host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
        address = urlunsplit(parts._replace(netloc=f"{host}:{DEFAULT_PORT}"))
    return address


def room_url(url: str, code: str | None) -> str:
    """The address of room ``code`` on the server at ``url`` (``url`` itself for no room)."""
    if code is None:
        return url
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"{parts.path.rstrip('/')}/room/{code}"))
