"""Whole games over HTTP, for every seat, on SQLite and on PostgreSQL with two server
processes: every seat is shown only cards it knows, and the downloaded logs audit clean,
signature included."""

from __future__ import annotations

import random
from pathlib import Path

from tests.server.harness import Deployment
from tests.server.play import Answer, audit, create, download, leaks, play_out


def test_whole_games_for_every_seat_audit_clean(deployment: Deployment, tmp_path: Path,
                                               keys: tuple[Path, Path]) -> None:
    """Three games (three people; one person against Au Toma; a person and a greedy bot) are
    played to the end through the HTTP routes; no answer names a card its seat did not know
    then, and `rr audit --key` accepts each downloaded, signed log."""
    client = deployment.client
    games = [create(client, players=["Ana", "Bo", "Cy"], seed=3, practice=True),
             create(client, players=["Ana"], solo={"level": 3}, seed=4, practice=True),
             create(client, players=["Ana", "Bot"], bots={"1": "greedy"})]
    assert [s["bot"] for s in games[1]["seats"]] == [None, "au_toma"]
    assert games[2]["seats"][1]["token"] is None
    rng = random.Random(1)
    for created in games:
        seen: list[Answer] = []
        assert play_out(client, created, rng, seen) > 10
        final = client.ok("GET", f"/api/games/{created['id']}", created["spectator"])
        assert final["over"] and final["view"]["pending"] is None and final["view"]["totals"]
        assert [p["rows"]["total"] for p in final["scorepad"]] == final["view"]["totals"]
        path = download(client, created, tmp_path)
        assert Path(f"{path}.sig").exists()
        assert leaks(path, seen) == []
        result = audit(path, keys[1])
        assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in deployment.output()


def test_the_leak_check_sees_a_card_shown_to_the_wrong_seat(sqlite: Deployment,
                                                            tmp_path: Path) -> None:
    """The check above is not blind: seat 0's hand, shown as if to seat 1, is caught."""
    client = sqlite.client
    created = create(client, players=["Ana", "Bo"], bots={"0": "random", "1": "random"})
    seat0 = next(s for s in created["seats"] if s["seat"] == 0)
    assert seat0["token"] is None  # a game of bots is over when created
    path = download(client, created, tmp_path)
    from rr.events import log
    from rr.state import fold
    hand = fold(log.read(path).events[:30]).hand(0)
    answer = {"records": 30, "view": {"hand": list(hand)}}
    assert leaks(path, [(1, answer)]) and not leaks(path, [(0, answer)])
