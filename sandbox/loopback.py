"""Which host names are this machine's own: the server answers only those, and webhooks
are delivered only to them, so the sandbox never talks to anything off this machine."""

from __future__ import annotations

import ipaddress


def is_loopback_name(host: str) -> bool:
    """`host` (a name or an address, brackets allowed) is localhost or a loopback address."""
    host = host.strip().lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
