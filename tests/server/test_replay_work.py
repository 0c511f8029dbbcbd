"""`POST /api/replay` is bounded by the work it costs (rr.server.work): an address's budget of
CPU time, one replay at a time in a process of its own, the story told only for the records
shown, and no cross-site simple POST. Before: a crafted log of 10,000 records that fold but
are not legal was answered with the story of all 10,000 (1 MB), every request from one
address was computed as long as it kept under 10 a second, a `text/plain` POST was read as
JSON, and a player's GET went from 5 to 19 ms (median) while one address flooded the route."""

from __future__ import annotations

import base64
import statistics
import time
from pathlib import Path

import httpx
import pytest

from rr.server.work import Budget
from tests.server.harness import Server
from tools.replay_flood import crafted_log, measure


@pytest.fixture(scope="module")
def body() -> dict[str, object]:
    return {"log": base64.b64encode(crafted_log()).decode("ascii"), "seat": "all"}


def test_a_cross_site_simple_post_is_refused(tmp_path: Path, body: dict[str, object]) -> None:
    """A form or plain text (what a page of another site may send without asking) is a
    400 naming the content type; the same body as JSON is answered."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path)
    try:
        text = httpx.post(f"{server.url}/api/replay", content=httpx.Request(
            "POST", "http://x", json=body).content, timeout=60,
            headers={"content-type": "text/plain"})
        assert text.status_code == 400, text.text[:300]
        assert "Content-Type: application/json" in text.json()["error"]["message"]
        created = httpx.post(f"{server.url}/api/games", content=b'{"players": ["Ana", "Bo"]}',
                             headers={"content-type": "application/x-www-form-urlencoded"},
                             timeout=30)
        assert created.status_code == 400, created.text[:300]
        answer = httpx.post(f"{server.url}/api/replay", json=body, timeout=60)
        assert answer.status_code == 200, answer.text[:300]
        # The story of the records shown only: the last 200 of the 10,000.
        story = answer.json()["answer"]["new"]
        assert [line["record"] for line in story] == list(range(9_800, 10_000))
        assert answer.json()["answer"]["since"] == 9_800
        assert len(answer.content) < 100_000  # before: 1,010,932 bytes
    finally:
        server.stop()


def test_an_address_past_its_budget_is_refused_in_words(tmp_path: Path,
                                                         body: dict[str, object]) -> None:
    """With --replay-cpu 0.01 (0.1 s at once), the crafted log (about 0.1 s of CPU each) is
    refused within a few requests, in words, and served again once the budget refills."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path, extra=["--replay-cpu", "0.01"])
    try:
        with httpx.Client(timeout=60) as http:
            statuses = []
            for _ in range(6):
                answer = http.post(f"{server.url}/api/replay", json=body)
                statuses.append(answer.status_code)
                if answer.status_code == 429:
                    break
            assert statuses[0] == 200 and statuses[-1] == 429, statuses
            assert "used their share of the server's time" in answer.json()["error"]["message"]
    finally:
        server.stop()


def test_the_budget_refills_and_is_charged_what_was_spent() -> None:
    budget = Budget(rate=1.0, burst=0.5)
    assert budget.allows("a") == 0
    budget.charge("a", 2.0)  # down to minus the burst at most
    wait = budget.allows("a")
    assert 0.4 < wait <= 0.51
    assert budget.allows("b") == 0  # another address: its own budget
    time.sleep(wait + 0.05)
    assert budget.allows("a") == 0


@pytest.mark.slow
def test_a_players_reads_while_one_address_floods_the_route(tmp_path: Path) -> None:
    """Two processes of one address send the crafted log as fast as they are answered for
    6 s: a seat's GET stays within twice its quiet median (2 ms of slack for a loaded
    machine's noise)."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path, extra=["--rate", "1000"])
    try:
        assert server.process is not None
        got = measure(server.url, seconds=6.0, flooders=2, pid=server.process.pid)
    finally:
        server.stop()
    quiet, flooded = statistics.median(got["quiet"]), statistics.median(got["flooded"])
    assert got["statuses"].get("200"), got["statuses"]
    assert flooded <= 2 * quiet + 2, (quiet, flooded, got["statuses"])



def _children(pid: int) -> set[int]:
    return {int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}


def test_the_replay_process_ends_with_the_server_killed(tmp_path: Path,
                                                        body: dict[str, object]) -> None:
    """kill -9 of the server leaves no replay process behind (it would wait for work for
    ever)."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path)
    try:
        assert httpx.post(f"{server.url}/api/replay", json=body, timeout=60).status_code == 200
        assert server.process is not None
        children = _children(server.process.pid)
        assert children
    finally:
        server.kill()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(Path(f"/proc/{c}").exists() for c in children):
        time.sleep(0.2)
    left = [c for c in children if Path(f"/proc/{c}").exists()
            and "zombie" not in Path(f"/proc/{c}/status").read_text()]
    assert not left, left
