"""The rate limiter cannot be reset by its client: the buckets it keeps are bounded by
forgetting the least recently used (before: every bucket was forgotten at 100,000 keys, so a
throttled client reset itself with 100,000 made-up tokens — 1,001 requests of the listing
route), and a token the server does not know is counted by its sender's address."""

from __future__ import annotations

from pathlib import Path

from rr.server.limits import Buckets
from tests.server.harness import Client, Server
from tests.server.play import create, tokens

SLOW = 1e-6
"""A rate at which a bucket does not refill while a test runs."""


def test_a_client_that_keeps_asking_stays_throttled_whatever_else_comes() -> None:
    """A throttled key, asking again after every thousand new keys, is refused every time
    while 1.5 times the bucket bound of other keys go by."""
    buckets = Buckets(SLOW, 1)
    assert buckets.take("victim") and not buckets.take("victim")
    for n in range(Buckets.MAX_KEYS * 3 // 2):
        buckets.take(f"made-up {n}")
        if n % 1000 == 0:
            assert not buckets.take("victim"), f"reset after {n} other keys"


def test_the_least_recently_used_key_is_the_one_forgotten() -> None:
    """Past the bound, the key idle longest is forgotten (its bucket full again), and only
    that one: the next oldest is still counted."""
    buckets = Buckets(SLOW, 1)
    assert buckets.take("oldest") and buckets.take("next")
    for n in range(Buckets.MAX_KEYS - 1):
        assert buckets.take(f"k{n}")
    assert not buckets.take("next")  # "oldest" went; "next" is still empty
    assert buckets.take("oldest")


def test_unknown_tokens_are_counted_by_address(tmp_path: Path) -> None:
    """With --rate 5 (unknown tokens: 0.5 a second, 1 at once, per address): made-up tokens
    are soon refused with 429, one listing of 100 of them included, while real tokens from
    the same address are served as their own rate allows."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path, extra=["--rate", "5"])
    client = Client([server])
    try:
        created = create(client, players=["Ana", "Bo"])
        game = f"/api/games/{created['id']}"
        guesses = [client.call("GET", game, f"made-up-{n}").status_code for n in range(5)]
        assert guesses[0] == 401 and 429 in guesses[1:], guesses
        many = ",".join(f"made-up-{n}" for n in range(100))
        listing = client.call("GET", "/api/games", many)
        assert listing.status_code == 429 and "unknown tokens" in listing.text
        assert client.call("GET", game, tokens(created)[0]).status_code == 200
        spectator = [client.call("GET", game, created["spectator"]).status_code
                     for _ in range(40)]
        assert spectator[0] == 200 and 429 in spectator
    finally:
        client.close()
        server.stop()
