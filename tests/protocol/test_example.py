"""The worked session in examples/protocol.md is what `rr stdio` answers."""

from __future__ import annotations

import json
from pathlib import Path

from rr.protocol import Session

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
    document prints it in full; where it cuts it with …, each piece shown, in order)."""
    server = Session()
    checked = 0
    for request, shown in exchanges():
        if "LOG" in request:
            continue  # stands for the text `save` returned
        answer = server.handle_line(request)
        assert shown is not None
        if "…" in shown:
            # Each piece between the cuts stands in the answer, in order, the first at its start.
            at = 0
            for n, piece in enumerate(p.strip(", ") for p in shown.split("…")):
                found = answer.find(piece, at)
                assert found == 0 if n == 0 else found >= at, (request, piece)
                at = found + len(piece)
        else:
            assert json.loads(answer) == json.loads(shown), request
        checked += 1
    assert checked >= 10
