"""Whatever a client sends — random JSON, random bytes, random tokens and paths — the server
answers with a typed error or a success, never a failure of its own (500), and the game it
was aimed at is unchanged unless the request was a legal choice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.server.harness import Client, Server
from tests.server.play import create, tokens

KNOWN = {"BadRequest", "UnauthorizedError", "ForbiddenError", "WrongPlayerError",
         "StaleDecisionError", "IllegalChoiceError", "BadInputError", "RequestTooLargeError",
         "NoDecisionPendingError", "GameNotOverError", "NotFoundError", "UnknownCardError",
         "RateLimitedError"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=4),
    max_leaves=12)
choice_like = st.fixed_dictionaries({}, optional={
    "action": json_values | st.integers(-5, 1200), "decision": json_values | st.integers(-2, 3),
    "seat": json_values})
game_like = st.fixed_dictionaries({}, optional={
    "players": json_values | st.lists(st.text(max_size=45), max_size=8),
    "seed": json_values, "ruleset": json_values | st.sampled_from(["official", "x=1", ""]),
    "solo": json_values | st.fixed_dictionaries({"level": json_values}),
    "bots": json_values | st.dictionaries(st.text(max_size=3), st.text(max_size=8)),
    "other": json_values})


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Client, dict[str, Any]]]:
    folder: Path = tmp_path_factory.mktemp("hostile")
    server = Server(str(folder / "games.sqlite"), folder, extra=["--rate", "100000"])
    client = Client([server])
    try:
        yield client, create(client, players=["Ana", "Bo", "Cy"], seed=1, practice=True)
    finally:
        client.close()
        server.stop()
        assert "Traceback" not in server.output(), server.output()[-3000:]


def typed(answer: Any) -> None:
    assert answer.status_code != 500, answer.text[:500]
    if answer.status_code >= 400:
        assert answer.json()["error"]["type"] in KNOWN, answer.text[:300]


@settings(max_examples=60, deadline=None)
@given(body=choice_like, seat=st.integers(0, 3), raw=st.none() | st.binary(max_size=60))
def test_random_choices_are_typed_refusals_or_legal(served: tuple[Client, dict[str, Any]],
                                                    body: dict[str, Any], seat: int,
                                                    raw: bytes | None) -> None:
    """A random choice body (or random bytes) from any seat or the spectator: 200 only if it
    names the pending decision and a listed action, else a typed refusal."""
    client, created = served
    token = tokens(created).get(seat, created["spectator"])
    path = f"/api/games/{created['id']}/choose"
    before = client.ok("GET", f"/api/games/{created['id']}", token)
    answer = client.call("POST", path, token, body, raw)
    typed(answer)
    after = client.ok("GET", f"/api/games/{created['id']}", token)
    if answer.status_code == 200:
        pending = before["view"]["pending"]
        assert raw is None and pending["options"] is not None
        assert body["decision"] == before["decision"]
        assert body["action"] in [o["action"] for o in pending["options"]]
    else:
        assert after == before


@settings(max_examples=60, deadline=None)
@given(body=game_like, raw=st.none() | st.binary(max_size=60))
def test_random_new_games_are_created_or_refused(served: tuple[Client, dict[str, Any]],
                                                 body: dict[str, Any],
                                                 raw: bytes | None) -> None:
    """A random new-game body: 201 or a typed refusal."""
    client, _ = served
    typed(client.call("POST", "/api/games", body=body, content=raw))


@settings(max_examples=40, deadline=None)
@given(token=st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60),
       path=st.sampled_from(["", "/log", "/log.sig", "/choose", "/nothing"]),
       game=st.text("abcdefghijklmnopqrstuvwxyz-_0123456789", max_size=14))
def test_random_tokens_and_paths_are_refused(served: tuple[Client, dict[str, Any]],
                                             token: str, path: str, game: str) -> None:
    """Made-up tokens, game ids and routes: typed refusals. (Tokens are the characters a
    header value may hold: a control character is refused by the HTTP parser itself, with
    a plain 400, before rr sees the request.)"""
    client, _ = served
    typed(client.call("GET", f"/api/games/{game or 'x'}{path}", token.strip() or None))
