"""A client written against the wire format as it was before versions (version 2, the shapes
of rr 0.1.0), kept as it was written: it names no version and reads the seat answer where
version 2 puts it (``answer["view"]["pending"]``, ``answer["decision"]``). Do not update it
to newer shapes: it stands for the clients already written, which a new rr must keep serving
(rr.wire: a version is served for at least one release after the next)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import httpx


def play_over_stdio(process: subprocess.Popen[str], players: list[str], seed: int,
                    most: int = 5000) -> dict[str, Any]:
    """A whole game over ``rr stdio``, every seat choosing its first option; the last answer."""
    assert process.stdin is not None and process.stdout is not None

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
        response: dict[str, Any] = json.loads(process.stdout.readline())
        assert response["ok"], response
        return response["result"]

    game = ask({"id": 1, "op": "new", "players": players, "seed": seed})["game"]
    for number in range(most):
        answer = ask({"id": 2, "op": "pending", "game": game})["answer"]
        pending = answer["view"]["pending"]
        if pending is None:
            assert answer["over"] is True
            return answer
        seat = pending["seat"]
        mine = ask({"id": 3, "op": "pending", "game": game, "as": seat})["answer"]
        assert mine["decision"] == answer["decision"] == number
        ask({"id": 4, "op": "choose", "game": game, "seat": seat,
             "index": mine["view"]["pending"]["options"][0]["index"]})
    raise AssertionError(f"no end after {most} choices")


def play_over_http(base: str, players: list[str], seed: int, most: int = 5000
                   ) -> dict[str, Any]:
    """A whole game over ``rr server``, every seat a person's choosing its first option by
    its action; the last answer."""
    with httpx.Client(base_url=base, timeout=30) as http:
        created = http.post("/api/games", json={"players": players, "seed": seed,
                                                "practice": True}).json()
        tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
        game, spectator = created["id"], created["spectator"]

        def get(token: str) -> dict[str, Any]:
            answer = http.get(f"/api/games/{game}", headers={"authorization": f"Bearer {token}"})
            assert answer.status_code == 200, answer.text
            body: dict[str, Any] = answer.json()
            return body

        for _ in range(most):
            watched = get(spectator)
            pending = watched["view"]["pending"]
            if pending is None:
                assert watched["over"] is True
                return watched
            mine = get(tokens[pending["seat"]])
            option = mine["view"]["pending"]["options"][0]
            chosen = http.post(f"/api/games/{game}/choose",
                               headers={"authorization": f"Bearer {tokens[pending['seat']]}"},
                               json={"action": option["action"], "decision": mine["decision"]})
            assert chosen.status_code == 200, chosen.text
    raise AssertionError(f"no end after {most} choices")
