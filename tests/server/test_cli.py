"""`rr server` on the command line: user mistakes are one line and exit 2, the default store
is a SQLite file in the working folder, and the OpenAPI document in examples/ is up to date."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import httpx

from rr.server import openapi
from tests.server.harness import ROOT, Server, rr_env


def rr_server(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rr", "server", *args], capture_output=True,
                          text=True, env=rr_env(), cwd=cwd, timeout=60)


def test_mistakes_are_one_line_and_exit_2(tmp_path: Path) -> None:
    """A port in use, a database that cannot be opened or reached, a missing key, a bad rate:
    exit 2 with one line naming the problem, no traceback."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        cases = [
            (["--port", port], "cannot listen"),
            (["--port", "70000"], "--port"),
            (["--db", str(tmp_path / "no" / "such" / "dir.sqlite")], "SQLite"),
            (["--db", str(tmp_path)], "SQLite"),
            (["--db", "postgresql://nobody@127.0.0.1:1/none"], "PostgreSQL"),
            (["--key", str(tmp_path / "missing.key")], "missing.key"),
            (["--rate", "0"], "--rate"),
        ]
        for args, words in cases:
            result = rr_server("--port", "0", *args, cwd=tmp_path)
            assert result.returncode == 2, (args, result.stderr)
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1 and words in lines[0], (args, result.stderr)
            assert "Traceback" not in result.stderr


def test_without_db_the_games_are_in_a_sqlite_file_of_the_working_folder(
        tmp_path: Path) -> None:
    """`rr server` alone stores its games in ./rr-games.sqlite, and they outlive it."""
    server = Server("rr-games.sqlite", tmp_path)
    try:
        made = httpx.post(f"{server.url}/api/games", json={"players": ["Ana", "Bo"]}).json()
        server.stop()
        assert (tmp_path / "rr-games.sqlite").stat().st_size > 0
        server.start()
        shown = httpx.get(f"{server.url}/api/games/{made['id']}",
                          headers={"authorization": f"Bearer {made['spectator']}"})
        assert shown.status_code == 200 and shown.json()["decision"] == 0
        assert httpx.get(f"{server.url}/api/openapi.json").json() == openapi.document()
    finally:
        server.stop()


def test_the_openapi_document_in_examples_is_up_to_date() -> None:
    """examples/server/openapi.json is what `python -m rr.server.openapi` writes."""
    path = ROOT / "examples" / "server" / "openapi.json"
    assert path.read_text("utf-8") == openapi.text(), \
        "run: python -m rr.server.openapi > examples/server/openapi.json"


def test_every_documented_route_is_served(tmp_path: Path) -> None:
    """Each path and method of the document answers on a real server (not "no such route");
    the WebSocket route is tested in test_websocket.py."""
    server = Server(str(tmp_path / "g.sqlite"), tmp_path)
    try:
        made = httpx.post(f"{server.url}/api/games", json={"players": ["Ana", "Bo"]}).json()
        for route, methods in openapi.document()["paths"].items():
            if route.endswith("/ws"):
                continue
            for method in methods:
                answer = httpx.request(
                    method.upper(), f"{server.url}{route.replace('{id}', made['id'])}",
                    json={}, headers={"authorization": f"Bearer {made['spectator']}"},
                    # The replay route's first request starts its process, at nice 19: on a
                    # busy machine that takes more than httpx's default 5 s.
                    timeout=60)
                assert answer.status_code != 404 or answer.json()["error"]["type"] != \
                    "NotFoundError", (method, route)
    finally:
        server.stop()


def test_a_port_in_use_writes_no_database_file(tmp_path: Path) -> None:
    """The port is taken before the store is opened: with the port in use, exit 2 and no
    SQLite file is left behind (issue #27)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = rr_server("--port", port, cwd=tmp_path)
        assert result.returncode == 2 and "cannot listen" in result.stderr
        result = rr_server("--port", port, "--db", "elsewhere.sqlite", cwd=tmp_path)
        assert result.returncode == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_on_this_machine_only_it_says_how_a_phone_can_reach_it(tmp_path: Path) -> None:
    """Listening on 127.0.0.1 (the default), the server says that a phone needs
    `--host 0.0.0.0`."""
    server = Server(str(tmp_path / "g.sqlite"), tmp_path)
    try:
        assert "for a phone or another computer on your network: rr server --host 0.0.0.0" \
            in server.output()
    finally:
        server.stop()


def test_the_help_shows_every_default() -> None:
    """`rr server --help` gives the default of each option: host, port, database, key, sync,
    rate."""
    done = subprocess.run([sys.executable, "-m", "rr", "server", "--help"], capture_output=True,
                          text=True, env=dict(rr_env(), COLUMNS="200"), timeout=60)
    assert done.returncode == 0
    for words in ("default 127.0.0.1", "default 8000", "default rr-games.sqlite",
                  "default: logs are not signed", "full (the default)", "default 50",
                  "--host 0.0.0.0"):
        assert words in done.stdout, words
