"""`rr simulate --agents` and `--ray`: agents per seat, wins by agent, and Ray as an optional
backend (tested with a stand-in `ray` module that runs the tasks here)."""

from __future__ import annotations

import json
import socket
import sys
import types
from collections.abc import Callable
from typing import Any

import pytest

from rr.cli import main
from rr.simulate import parse_agents, seat_agents


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``rr`` with ``argv``: the exit status (argparse errors included), stdout and stderr."""
    try:
        status = main(argv)
    except SystemExit as stop:
        status = int(stop.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def report(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    status, out, err = run_cli(argv + ["--json"], capsys)
    assert status == 0, err
    parsed: dict[str, Any] = json.loads(out)
    return parsed


def test_agents_cycle_over_the_seats() -> None:
    """Seat j gets agent j mod the number named; more agents than players is refused."""
    assert seat_agents(("greedy", "random"), 5) == ("greedy", "random") * 2 + ("greedy",)
    assert parse_agents(" Greedy ,random") == ("greedy", "random")


def test_json_reports_wins_by_agent(capsys: pytest.CaptureFixture[str]) -> None:
    """`--agents greedy,random --json` counts seats and wins per agent next to the house
    counts, and keeps every field it had before."""
    got = report(["simulate", "--games", "6", "--players", "2", "--seed", "3",
                  "--agents", "greedy,random", "--workers", "1"], capsys)
    assert got["games"] == 6 and got["errors"] == 0
    assert got["games_by_agent"] == {"greedy": 6, "random": 6}
    assert sum(got["wins_by_agent"].values()) >= 6
    assert set(got["win_rate_by_agent"]) == {"greedy", "random"}
    for field in ("seconds", "games_per_second", "mean_turns", "mean_score", "wins_by_house",
                  "games_by_house", "win_rate_by_house", "error_samples"):
        assert field in got


def test_default_agents_are_random(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --agents every seat is random, and the games are the ones plain random bots
    played before --agents existed (same seeds, same results)."""
    got = report(["simulate", "--games", "4", "--players", "3", "--workers", "1"], capsys)
    assert got["games_by_agent"] == {"random": 12}
    again = report(["simulate", "--games", "4", "--players", "3", "--workers", "1",
                    "--agents", "random"], capsys)
    assert got["wins_by_house"] == again["wins_by_house"]
    assert got["mean_score"] == again["mean_score"]


def test_text_output_shows_wins_by_agent(capsys: pytest.CaptureFixture[str]) -> None:
    """The table output has a "Wins by agent" table when greedy plays."""
    status, out, _ = run_cli(["simulate", "--games", "2", "--players", "2",
                              "--agents", "greedy,random", "--workers", "1"], capsys)
    assert status == 0 and "Wins by agent" in out and "greedy" in out


@pytest.mark.parametrize("agents, needle", [
    ("bogus", "unknown agent 'bogus'"),
    ("greedy,", "empty agent name"),
    ("random,greedy,random", "3 agents for 2 players"),
])
def test_bad_agents_exit_2_with_one_line(agents: str, needle: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown or empty agent name, or more agents than players, exits 2 with one line."""
    status, _, err = run_cli(["simulate", "--players", "2", "--agents", agents], capsys)
    assert status == 2
    assert needle in err and "Traceback" not in err
    assert len([line for line in err.splitlines() if "error" in line]) == 1


def test_ray_missing_exits_2_naming_the_extra(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Without Ray installed, `--ray` is a one-line error naming
    `pip install 'red-rising-engine[ray]'`."""
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    status, out, err = run_cli(["simulate", "--games", "2", "--ray"], capsys)
    assert status == 2 and out == ""
    assert err.strip().count("\n") == 0 and "pip install 'red-rising-engine[ray]'" in err


class FakeRay(types.ModuleType):
    """Stands in for `ray`: remote functions run here, at once; `wait` hands back the last
    task first, so results arrive out of order as they may on a cluster."""

    def __init__(self, fail: Exception | None = None) -> None:
        super().__init__("ray")
        self.fail = fail
        self.calls: list[tuple[str, Any]] = []

    def init(self, address: str | None = None, **_: object) -> None:
        self.calls.append(("init", address))
        if self.fail is not None:
            raise self.fail

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2.0}

    def remote(self, function: Callable[..., Any]) -> Any:
        calls = self.calls

        class Remote:
            @staticmethod
            def remote(*args: Any) -> Any:
                calls.append(("task", len(args[0][0])))
                return ("ref", function(*args))

        return Remote

    def wait(self, refs: list[Any], num_returns: int = 1) -> tuple[list[Any], list[Any]]:
        return refs[-num_returns:], refs[:-num_returns]

    def get(self, ref: Any) -> Any:
        return ref[1]

    def shutdown(self) -> None:
        self.calls.append(("shutdown", None))


def test_ray_runs_the_games_as_tasks(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """`--ray ADDRESS` connects to ADDRESS, plays the games in chunks as Ray tasks, and
    reports exactly what a local run of the same seeds reports."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    argv = ["simulate", "--games", "10", "--players", "2", "--seed", "4",
            "--agents", "greedy,random"]
    on_ray = report(argv + ["--ray", "ray://head:10001"], capsys)
    local = report(argv + ["--workers", "1"], capsys)
    for timing in ("seconds", "games_per_second"):
        del on_ray[timing], local[timing]
    assert on_ray == local
    assert fake.calls[0] == ("init", "ray://head:10001") and fake.calls[-1][0] == "shutdown"
    tasks = [n for kind, n in fake.calls if kind == "task"]
    assert len(tasks) > 1 and sum(tasks) == 10


def test_ray_without_address_connects_to_auto(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A bare `--ray` means `ray.init(address="auto")`: the cluster this machine belongs to."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    assert report(["simulate", "--games", "2", "--players", "2", "--ray"], capsys)["games"] == 2
    assert fake.calls[0] == ("init", "auto")


def test_ray_unreachable_exits_2_with_one_line(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A cluster that cannot be reached is a one-line error, exit 2, before any game."""
    fake = FakeRay(fail=ConnectionError("Could not find any running Ray instance.\nmore"))
    monkeypatch.setitem(sys.modules, "ray", fake)
    status, _, err = run_cli(["simulate", "--games", "2", "--ray"], capsys)
    assert status == 2 and "cannot reach a Ray cluster" in err
    assert err.strip().count("\n") == 0 and "Traceback" not in err
    assert [kind for kind, _ in fake.calls] == ["init"]


def test_ray_address_where_nothing_listens_fails_at_once(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """HOST:PORT is tried first, for seconds, not left to Ray (which retries for minutes):
    nothing listening there is a one-line error, exit 2, and Ray is never started."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # free once the socket closes: nothing listens there
    status, _, err = run_cli(["simulate", "--games", "2", "--ray", f"127.0.0.1:{port}"], capsys)
    assert status == 2
    assert f"cannot reach a Ray cluster at '127.0.0.1:{port}': nothing answers there" in err
    assert err.strip().count("\n") == 0 and fake.calls == []


def test_ray_refuses_out(monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
                         capsys: pytest.CaptureFixture[str]) -> None:
    """`--out` with `--ray` is refused (the logs would land on the cluster's machines)."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    status, _, err = run_cli(["simulate", "--games", "2", "--ray", "--out", str(tmp_path)],
                             capsys)
    assert status == 2 and "--out cannot be used with --ray" in err
    assert fake.calls == []
