"""Seat tokens: 256 random bits each, handed out once, stored only as their SHA-256.

A token is ``secrets.token_urlsafe(32)`` (43 characters of URL-safe base64, 256 bits from the
operating system's generator), so it fits a ``Bearer`` header and a WebSocket query string
as it is. The store keeps ``hash_of(token)`` only: someone who reads the database learns no
token. SHA-256 without salt is enough here, as tokens are random, not chosen by people: no
dictionary to try them against.
"""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 32
"""Random bytes in a token (256 bits; the issue asks for at least 128)."""


def new_token() -> str:
    """A fresh token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_of(token: str) -> str:
    """What the store keeps of ``token``: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_game_id() -> str:
    """A game id: 72 random bits, so that two server processes never pick the same one and an
    id tells nothing of how many games there are (the token, not the id, is the secret)."""
    return secrets.token_urlsafe(9)
