"""Reaching a question of a game by playing it: a seed and a seeded random play that lead
Ana (seat 0) to a question ``wanted`` names, found with the engine, then the same choices made
through the server (each by the seat asked), so a browser opens the game at that question."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx

from rr.decisions import Decision
from rr.engine import Game
from tests.server.harness import Server

PLAYERS = ["Ana", "Bo"]


def find(wanted: Callable[[Decision], bool], seeds: int = 400) -> tuple[int, list[tuple[int, int]]]:
    """A seed and the choices (seat, option index) that lead to Ana's question ``wanted``."""
    for seed in range(1, seeds):
        for policy in range(3):
            rng = random.Random(seed * 10 + policy)
            game = Game.new(PLAYERS, seed=seed)
            steps: list[tuple[int, int]] = []
            while game.pending is not None:
                pending = game.pending
                if pending.seat == 0 and wanted(pending):
                    return seed, steps
                index = rng.randrange(len(pending.options))
                steps.append((pending.seat, index))
                game.choose(pending.options[index])
    raise AssertionError("no seed reaches the question")


def reach(server: Server, wanted: Callable[[Decision], bool]) -> tuple[str, dict[str, Any]]:
    """A practice game on ``server`` played to Ana's question ``wanted``: Ana's page's URL and
    the game as created."""
    seed, steps = find(wanted)
    created = httpx.post(f"{server.url}/api/games", json={
        "players": PLAYERS, "seed": seed, "practice": True}, timeout=30).json()
    url = f"{server.url}/api/games/{created['id']}"
    for seat, index in steps:
        auth = {"authorization": "Bearer " + created["seats"][seat]["token"]}
        mine = httpx.get(url, headers=auth, timeout=10).json()
        httpx.post(f"{url}/choose", headers=auth, timeout=30, json={
            "action": mine["view"]["pending"]["options"][index]["action"],
            "decision": mine["decision"]}).raise_for_status()
    page = f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}"
    return page, created
