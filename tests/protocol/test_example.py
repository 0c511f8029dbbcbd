"""The worked session in examples/protocol.md is what `rr stdio` answers."""

from __future__ import annotations

import json
from pathlib import Path

from rr.protocol import Server

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "protocol.md"


def exchanges() -> list[tuple[str, str | None]]:
    """Each request line (→) of the session, with the response line (←) printed under it."""
    lines = [line for line in EXAMPLE.read_text().splitlines() if line.startswith(("→ ", "← "))]
    pairs: list[tuple[str, str | None]] = []
    for line in lines:
        if line.startswith("→ "):
            pairs.append((line[2:], None))
        elif pairs and pairs[-1][1] is None:
            pairs[-1] = (pairs[-1][0], line[2:])
    return pairs


def test_the_worked_session_gets_the_responses_it_shows() -> None:
    """Every request of the worked session gets the response shown (in full where the
    document prints it in full, by its start where it cuts it with …)."""
    server = Server()
    checked = 0
    for request, shown in exchanges():
        if "LOG" in request:
            continue  # stands for the text `save` returned
        answer = server.handle_line(request)
        assert shown is not None
        if "…" in shown:
            assert answer.startswith(shown[:shown.index("…")].rstrip(", ")), request
        else:
            assert json.loads(answer) == json.loads(shown), request
        checked += 1
    assert checked >= 10
