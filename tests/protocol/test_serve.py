"""`rr stdio`: the protocol as JSON lines on stdin and stdout."""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

from rr.cli import main

ROOT = Path(__file__).resolve().parents[2]

SESSION = [
    '{"id": 1, "op": "new", "players": ["Ana", "Bo"], "seed": 7}',
    '{"id": 2, "op": "pending", "game": "g1", "as": 0}',
    '{"id": 3, "op": "choose", "game": "g1", "seat": 1, "index": 0',  # malformed: cut short
    "",
    '{"id": 4, "op": "choose", "game": "g1", "seat": 0, "index": 0}',
    '{"id": 5, "op": "choose", "game": "g1", "seat": 0, "index": 0}',
    '{"id": 6, "op": "choose", "game": "g1", "seat": 1, "index": 999}',
    '{"id": 7, "op": "view", "game": "g1", "as": 1}',
    '{"id": 8, "op": "close", "game": "g1"}',
]


def check_session(out: str) -> None:
    responses = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in responses] == [1, 2, None, 4, 5, 6, 7, 8]  # the blank is skipped
    assert [r["ok"] for r in responses] == [True, True, False, True, True, False, True, True]
    assert responses[2]["error"]["type"] == "BadRequest"
    assert responses[5]["error"]["type"] in ("IllegalChoiceError", "WrongPlayerError")
    assert responses[1]["result"]["answer"]["view"]["pending"]["seat"] == 0
    assert responses[6]["result"]["answer"]["view"]["seat"] == 1


def test_serve_answers_each_line_in_order_and_survives_a_malformed_one(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`rr stdio` answers every request line in order, a malformed one with an error, and
    exits 0 at the end of input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(SESSION) + "\n"))
    assert main(["stdio"]) == 0
    captured = capsys.readouterr()
    check_session(captured.out)
    assert captured.err == ""


def test_serve_exits_cleanly_on_empty_input(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """With no input at all, `rr stdio` writes nothing and exits 0."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["stdio"]) == 0
    assert capsys.readouterr().out == ""


def test_python_m_rr_serve_speaks_json_lines_over_pipes() -> None:
    """`python -m rr stdio` in a subprocess: bytes that are not UTF-8 and a last line without
    a newline are answered too, and the exit status is 0."""
    lines = [line.encode() for line in SESSION]
    lines.insert(3, b'{"id": "\xff\xfe"}')
    data = b"\n".join(lines)  # no newline after the last request
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "rr", "stdio"], input=data, cwd=ROOT, env=env,
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode("ascii").splitlines()
    bad = json.loads(out.pop(3))
    assert bad["ok"] is False and "UTF-8" in bad["error"]["message"]
    check_session("\n".join(out))
    assert done.stderr == b""


def test_serve_answers_a_request_before_the_next_one_is_sent() -> None:
    """Each response is written and flushed as soon as its request line is read, so a
    front-end can converse with `rr stdio` one request at a time."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen([sys.executable, "-m", "rr", "stdio"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, cwd=ROOT, env=env) as server:
        assert server.stdin is not None and server.stdout is not None
        for ident, request in enumerate(({"op": "new", "players": 2}, {"op": "list"},
                                         {"op": "pending", "game": "g1"})):
            server.stdin.write(json.dumps({"id": ident, **request}).encode() + b"\n")
            server.stdin.flush()
            ready, _, _ = select.select([server.stdout], [], [], 60)
            assert ready, "no response within 60 s: the response was not flushed"
            response = json.loads(server.stdout.readline())
            assert response["id"] == ident and response["ok"] is True
        server.stdin.close()
        assert server.wait(timeout=60) == 0


def test_the_old_name_serve_is_gone_in_0_2_0(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr serve`, the old name of `rr stdio`, deprecated in 0.1.0, went away in 0.2.0 as
    announced: a usage error in one line (exit 2)."""
    with pytest.raises(SystemExit) as stop:
        main(["serve"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'serve'" in err and len(err.splitlines()) == 1


def _hwm(pid: int) -> int:
    """The process's peak resident memory, in bytes (Linux's VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
def test_a_request_line_over_the_bound_is_skipped_unread_and_answered() -> None:
    """A 64 MiB request line: answered with a RequestTooLargeError in words, the next request
    answered as usual, and the process's peak memory stays far below the line's size (it
    is read in pieces and dropped, never held whole)."""
    from rr.protocol import MAX_REQUEST_BYTES

    size = 64 * 1024 * 1024
    process = subprocess.Popen([sys.executable, "-m", "rr", "stdio"], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write(b'{"id": 1, "op": "ops"}\n')
        process.stdin.flush()
        assert json.loads(process.stdout.readline())["ok"]
        quiet = _hwm(process.pid)
        piece = b"x" * (1024 * 1024)
        process.stdin.write(b'{"id": 2, "op": "load", "text": "')
        for _ in range(size // len(piece)):
            process.stdin.write(piece)
        process.stdin.write(b'"}\n{"id": 3, "op": "ops"}\n')
        process.stdin.flush()
        refused = json.loads(process.stdout.readline())
        after = json.loads(process.stdout.readline())
        peak = _hwm(process.pid)
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert refused == {"id": None, "ok": False, "error": {
        "type": "RequestTooLargeError", "rule": None,
        "message": f"the request line is longer than 8 MiB ({MAX_REQUEST_BYTES:,} bytes), the "
                   "most rr stdio reads: it was skipped unread"}}
    assert after["id"] == 3 and after["ok"]
    assert peak - quiet < 24 * 1024 * 1024, (quiet, peak)
    assert process.returncode == 0


def test_the_bound_counts_the_line_without_its_newline() -> None:
    """A line of exactly the bound is read; one byte more is skipped, to its end."""
    from rr.cli.stdio import _lines

    lines = list(_lines(io.BytesIO(b"a" * 10 + b"\n" + b"b" * 11 + b"\n" + b"c" * 30 + b"\nok"),
                        limit=10))  # type: ignore[arg-type]
    assert lines == [b"a" * 10 + b"\n", None, None, b"ok"]
    assert list(_lines(io.StringIO("d" * 11), limit=10)) == [None]
