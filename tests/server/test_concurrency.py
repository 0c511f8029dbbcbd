"""Two clients choosing at once: exactly one wins, the other gets 409 (on SQLite, and on
PostgreSQL with each client on its own server process)."""

from __future__ import annotations

import threading
from typing import Any

import httpx

from tests.server.harness import Deployment
from tests.server.play import create, tokens


def test_two_choosers_at_once_one_wins_one_gets_409(deployment: Deployment) -> None:
    """Eight times, two threads send the deciding seat's choice for the same decision at the
    same moment (each to its own server process when there are two): one 200, one 409
    StaleDecisionError, and the game went on by exactly one decision."""
    client = deployment.client
    created = create(client, players=["Ana", "Bo"], seed=8, practice=True)
    game = created["id"]
    bases = [s.url for s in deployment.servers] * 2
    for _ in range(8):
        spectator = client.ok("GET", f"/api/games/{game}", created["spectator"])
        token = tokens(created)[spectator["view"]["pending"]["seat"]]
        mine = client.ok("GET", f"/api/games/{game}", token)
        options = mine["view"]["pending"]["options"]
        bodies = [{"action": options[i % len(options)]["action"], "decision": mine["decision"]}
                  for i in (0, 1)]
        start = threading.Barrier(2)
        answers: list[Any] = [None, None]

        def send(i: int) -> None:  # run and joined within this iteration
            with httpx.Client(timeout=30) as http:
                http.get(f"{bases[i]}/api/health")  # connected before the barrier
                start.wait(timeout=10)  # noqa: B023
                answers[i] = http.post(  # noqa: B023
                    f"{bases[i]}/api/games/{game}/choose", json=bodies[i],  # noqa: B023
                    headers={"authorization": f"Bearer {token}"})  # noqa: B023

        threads = [threading.Thread(target=send, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(a.status_code for a in answers) == [200, 409]
        lost = next(a for a in answers if a.status_code == 409)
        assert lost.json()["error"]["type"] == "StaleDecisionError"
        after = client.ok("GET", f"/api/games/{game}", created["spectator"])
        assert after["decision"] == mine["decision"] + 1
