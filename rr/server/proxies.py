"""Proxy headers: trusted only from the addresses the operator names.

A reverse proxy in front of ``rr server`` says who its client is in ``X-Forwarded-For``;
anybody else can write that header too. The server's limits count requests by the client's
address (:mod:`rr.server.limits`), so a header believed from anyone would let every client
pick its own bucket. ``rr server --forwarded-allow-ips`` names the proxies (addresses or
networks, comma-separated, ``*`` for any); the header is read only from them. None by
default — not even 127.0.0.1: a local client is no proxy unless the operator says so.
"""

from __future__ import annotations

import ipaddress

from rr.errors import BadInputError


def trusted(value: str | None) -> list[str]:
    """The addresses or networks in ``value`` (comma-separated; ``*`` for any), checked:
    :class:`BadInputError` naming the first that is neither."""
    named = [item.strip() for item in (value or "").split(",") if item.strip()]
    for item in named:
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise BadInputError(f"--forwarded-allow-ips takes addresses or networks "
                                f"(comma-separated, or *), not {item!r}") from None
    return named

