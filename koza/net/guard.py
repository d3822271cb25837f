"""Per-address limits of a public server: guesses, connections and rooms.

An address is an IPv4 address, or an IPv6 address's /64 network (one home or
one machine holds a whole /64, so counting single IPv6 addresses counts nothing).

Guessing: every request that fails on a secret or a code (a wrong password, a
room code that is not there, a seat token that holds no seat) is a failure of
its address.  Failures fade at one per ``FADE`` seconds.  The first ``FREE``
are answered at once; each one after waits twice as long as the one before
(from half a second, at most ``MAX_WAIT``); from ``LOCK`` on the address is
refused such requests outright until its failures fade below ``LOCK`` again.
So an address may go on guessing at one guess per ``FADE`` seconds at most.
"""

from __future__ import annotations

import hmac
import ipaddress
import time
from dataclasses import dataclass

from websockets.asyncio.server import ServerConnection

FREE = 5  # failures answered at once (typos)
LOCK = 20  # failures at which the address is refused for a while
FADE = 60.0  # seconds for one failure to be forgotten
MAX_WAIT = 30.0  # the longest back-off before an answer
CONNECTIONS_PER_ADDRESS = 32  # a family or a club behind one router, each with a watcher
MAX_CONNECTIONS = 4000  # the whole server
ROOMS_PER_ADDRESS = 8  # unfinished rooms one address may have created
JOIN_WITHIN = 120.0  # seconds a connection may stay without joining a room


def address_key(host: str) -> str:
    """The address that limits count for: IPv4 as is, IPv6 as its /64."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def client_address(ws: ServerConnection, behind_proxy: bool) -> str:
    """The address a connection counts for: its peer's, or a local proxy's X-Real-IP."""
    host = str(ws.remote_address[0]) if ws.remote_address else ""
    if behind_proxy and ws.request is not None and is_loopback(host):
        host = ws.request.headers.get("X-Real-IP", host)  # only a proxy here is believed
    return address_key(host)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def same_secret(given: str | None, secret: str) -> bool:
    """``given`` is ``secret``, compared in constant time."""
    return given is not None and hmac.compare_digest(given.encode(), secret.encode())


@dataclass
class Failures:
    count: float = 0.0
    at: float = 0.0  # time.monotonic() of the last change

    def now(self, now: float) -> float:
        """The failures left after fading until ``now``."""
        return max(0.0, self.count - (now - self.at) / FADE)


class Guard:
    """The counters of every address seen lately."""

    def __init__(self, unlimited: frozenset[str] = frozenset()) -> None:
        self.unlimited = unlimited  # addresses without a cap of their own (a bench, a bot farm)
        self.failures: dict[str, Failures] = {}
        self.connections: dict[str, int] = {}
        self.total = 0  # connections held, every address

    # --- guesses -------------------------------------------------------------------

    def locked_for(self, address: str) -> float:
        """Seconds until ``address`` may guess again (0: it may now)."""
        f = self.failures.get(address)
        if f is None:
            return 0.0
        over = f.now(time.monotonic()) - (LOCK - 1)
        return over * FADE if over > 0 else 0.0

    def failed(self, address: str) -> float:
        """Count a failure; the seconds to wait before answering it."""
        now = time.monotonic()
        f = self.failures.setdefault(address, Failures())
        f.count, f.at = f.now(now) + 1, now
        if len(self.failures) > 100_000:  # forget the addresses whose failures faded
            self.failures = {a: g for a, g in self.failures.items() if g.now(now) > 0}
        extra = int(f.count) - FREE
        return 0.0 if extra <= 0 else min(MAX_WAIT, 0.5 * 2 ** (extra - 1))

    def may_create(self, address: str, held: int) -> bool:
        """Whether ``address``, with ``held`` unfinished rooms made, may make another."""
        return held < ROOMS_PER_ADDRESS or address in self.unlimited

    # --- connections ---------------------------------------------------------------

    def connect(self, address: str) -> bool:
        """Count a new connection; False (not counted) if over a limit."""
        held = self.connections.get(address, 0)
        capped = held >= CONNECTIONS_PER_ADDRESS and address not in self.unlimited
        if capped or self.total >= MAX_CONNECTIONS:
            return False
        self.connections[address] = held + 1
        self.total += 1
        return True

    def disconnect(self, address: str) -> None:
        self.total -= 1
        held = self.connections.get(address, 0) - 1
        if held > 0:
            self.connections[address] = held
        else:
            self.connections.pop(address, None)
