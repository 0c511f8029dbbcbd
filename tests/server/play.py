"""Playing games over HTTP as their seats, and checking what each seat was shown."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from rr.events import log
from rr.knowledge import knows
from rr.model import CardId
from rr.state import GameState, apply
from tests.protocol.test_leaks import card_ids
from tests.server.harness import ROOT, Client, rr_env

Answer = tuple[int | None, dict[str, Any]]
"""A seat answer and the seat it was for."""


def create(client: Client, **fields: Any) -> dict[str, Any]:
    created: dict[str, Any] = client.ok("POST", "/api/games", body=fields)
    return created


def tokens(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s["token"]}


def step(client: Client, created: dict[str, Any], rng: random.Random,
         seen: list[Answer] | None = None, last: dict[str, Any] | None = None
         ) -> dict[str, Any] | None:
    """One choice by the seat that decides; its answer, or ``None`` if the game is over.
    The deciding seat's view is fetched first, unless ``last`` (the previous answer) already
    lists its options; with ``seen``, the spectator's view too, and every answer is kept."""
    game = created["id"]
    if last is None or last["view"]["pending"] is None \
            or last["view"]["pending"]["options"] is None or seen is not None:
        spectator = client.ok("GET", f"/api/games/{game}", created["spectator"])
        if seen is not None:
            seen.append((None, spectator))
        if spectator["view"]["pending"] is None:
            return None
        assert spectator["view"]["pending"]["options"] is None
        seat = spectator["view"]["pending"]["seat"]
        mine = client.ok("GET", f"/api/games/{game}", tokens(created)[seat])
    else:
        seat, mine = last["view"]["pending"]["seat"], last
    options = mine["view"]["pending"]["options"]
    assert options, "the deciding seat is shown its options"
    pick = rng.choice(options)
    answer: dict[str, Any] = client.ok("POST", f"/api/games/{game}/choose",
                                       tokens(created)[seat],
                                       {"action": pick["action"], "decision": mine["decision"]})
    if seen is not None:
        seen += [(seat, mine), (seat, answer)]
    return answer


def play_out(client: Client, created: dict[str, Any], rng: random.Random,
             seen: list[Answer] | None = None, most: int = 5000) -> int:
    """Play ``created`` to its end; the choices made."""
    last = None
    for made in range(most):
        last = step(client, created, rng, seen, last)
        if last is None:
            return made
    raise AssertionError(f"no end after {most} choices")


def download(client: Client, created: dict[str, Any], folder: Path) -> Path:
    """The game's log (and its signature, if the server signs), saved in ``folder``."""
    game, token = created["id"], created["spectator"]
    answer = client.call("GET", f"/api/games/{game}/log", token)
    assert answer.status_code == 200, answer.text
    path = folder / f"{game}.rrlog"
    path.write_bytes(answer.content)
    signature = client.call("GET", f"/api/games/{game}/log.sig", token)
    if signature.status_code == 200:
        Path(f"{path}.sig").write_text(signature.text)
    return path


def audit(path: Path, key: Path | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "rr", "audit", str(path)]
    if key is not None:
        command += ["--key", str(key)]
    return subprocess.run(command, capture_output=True, text=True, env=rr_env(), cwd=ROOT,
                          timeout=120)


def leaks(path: Path, seen: list[Answer]) -> list[str]:
    """Every card an answer names that its seat did not know when the answer was made (the
    state after the answer's ``records`` records of the downloaded log), and every card a
    record it brings names that its seat knew neither before nor after that record."""
    events = log.read(path).events
    states = [GameState()]
    for event in events:
        states.append(apply(states[-1], event))
    found = []
    for seat, answer in seen:
        state = states[answer["records"]]
        shown = {k: v for k, v in answer.items() if k != "new"}
        unknown = sorted(c for c in card_ids(shown) if not knows(state, seat, CardId(c)))
        if unknown:
            found.append(f"seat {seat} at record {answer['records']}: {unknown}")
        for told in answer.get("new", ()):
            before, after = states[told["record"]], states[told["record"] + 1]
            unknown = sorted(c for c in card_ids(told) - led(told)
                             if not knows(before, seat, CardId(c))
                             and not knows(after, seat, CardId(c)))
            if unknown:
                found.append(f"seat {seat} in record {told['record']}: {unknown}")
    return found


def led(told: dict[str, Any]) -> set[CardId]:
    """The card a told decision leads: everyone sees it, as it is deployed face up at once
    (the record after the decision moves it; ``fuzz.seen`` says the same)."""
    tag, payload = told["event"]
    option = payload.get("option") if tag.startswith("decision_made/") else None
    if isinstance(option, list) and option[0] == "lead" and option[1].get("card"):
        return {CardId(option[1]["card"])}
    return set()

