"""X-Forwarded-For is believed only from the proxies ``rr server --forwarded-allow-ips``
names, none by default (before: uvicorn's default believed it from 127.0.0.1, so 40 token
guesses from this machine, each with a fresh header, got 40 × 401 and no 429)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from rr.errors import BadInputError
from rr.server.proxies import trusted
from tests.server.harness import Server

GUESSES = 40


def _guesses(server: Server) -> list[int]:
    """The statuses of 40 made-up tokens, each sent with a fresh X-Forwarded-For."""
    with httpx.Client(timeout=30) as http:
        return [http.get(f"{server.url}/api/games/nothing", headers={
            "authorization": f"Bearer made-up-{n}",
            "x-forwarded-for": f"10.0.{n // 250}.{n % 250 + 1}"}).status_code
            for n in range(GUESSES)]


def test_a_forwarded_address_from_an_unnamed_peer_is_not_believed(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "games.sqlite"), tmp_path)
    try:
        statuses = _guesses(server)
    finally:
        server.stop()
    assert statuses[0] == 401 and 429 in statuses, statuses


def test_a_named_proxy_is_believed(tmp_path: Path) -> None:
    """With 127.0.0.1 named, each forwarded address has its own bucket: no 429."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path,
                    extra=["--forwarded-allow-ips", "127.0.0.1"])
    try:
        statuses = _guesses(server)
    finally:
        server.stop()
    assert statuses == [401] * GUESSES, statuses


def test_the_setting_is_checked() -> None:
    assert trusted(None) == [] and trusted(" ") == []
    assert trusted("127.0.0.1, 10.0.0.0/8,*") == ["127.0.0.1", "10.0.0.0/8", "*"]
    with pytest.raises(BadInputError, match=r"not 'proxy\.example'"):
        trusted("proxy.example")
