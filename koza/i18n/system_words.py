"""The English texts of the connection and socket errors ``system_errors`` says."""

SYSTEM_EN: dict[str, str] = {
    "system.detail": "{said} ({raw})",
    "system.refused": "nobody answers there (is the server running?)",
    "system.unknown_host": "no computer has that name",
    "system.address_in_use": "that address is already in use (another server?)",
    "system.address_not_here": "this computer has no such address",
    "system.unreachable": "that network cannot be reached",
    "system.timed_out": "no answer in time",
    "system.reset": "the other side closed the connection",
    "system.tls": "the secure connection failed (certificate?)",
    "system.denied": "not allowed (a port below 1024 needs the administrator)",
}
