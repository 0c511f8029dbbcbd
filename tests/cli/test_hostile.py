"""Hostile input: random bytes, deep and wide structures, huge numbers, damaged logs — fed to
every reader (JSON, JSON lines, msgpack), every command that takes a file, and `rr stdio`'s
`load`. The contract: a typed error naming the problem (exit 2), or a verdict (exit 0 or 1);
never a traceback, never exit 3, never a change to the file."""

from __future__ import annotations

import contextlib
import json
import zlib
from pathlib import Path
from typing import Any

import attrs
import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rr.cli import main
from rr.errors import BadInputError, CorruptLogError
from rr.events import log
from rr.protocol import Session
from rr.scoring.input import parse_table
from tests.oracle.games import finished
from tests.oracle.logformat import Block, encode_v1, objects, split_v2

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=5),
    max_leaves=40)


def _valid_text() -> str:
    return log.encode_text(finished(2, 3))


def _valid_binary() -> bytes:
    return log.encode(finished(2, 3))


def _deep_msgpack(depth: int) -> bytes:
    return b"\x91" * depth + b"\xc0"  # [[[...[nil]...]]]


def _v2_holding(raw: bytes, compressed: bytes | None = None) -> bytes:
    """A version 2 log whose one block holds ``raw`` (one record, by its count), its chain
    and trailer computed over it: what is inside reaches the record reader. With
    ``compressed``, those bytes stand for the block's data instead."""
    split = split_v2(_valid_binary())
    block = Block(1, b"", (raw,))
    return attrs.evolve(split, blocks=(block,)).rechained() if compressed is None else (
        split.header + attrs.evolve(block, chain=b"\x00" * 32).wire(compressed)
        + msgpack.packb([1, b"\x00" * 32]))


SPECIALS: list[tuple[str, bytes]] = [
    ("empty", b""),
    ("deep JSON array", b"[" * 100_000 + b"]" * 100_000),
    ("deep JSON object", b'{"a":' * 50_000 + b"1" + b"}" * 50_000),
    ("5000-digit integer", b'{"format": "rrlog", "version": 1, "seed": ' + b"9" * 5000 + b"}"),
    ("huge integer in an event",
     _valid_text().replace('"seed": 3', '"seed": ' + "7" * 30, 2).encode()),
    ("deep msgpack", _deep_msgpack(200_000)),
    ("deep msgpack record", _valid_binary()[:200] + _deep_msgpack(5000)),
    ("msgpack header then junk", msgpack.packb({"format": "rrlog", "version": 1}) + b"\xc1" * 9),
    ("msgpack array claiming 4 billion items",
     msgpack.packb({"format": "rrlog", "version": 1}) + b"\xdd\xff\xff\xff\xff"),
    ("msgpack array of a million nils",
     _valid_binary()[:120] + b"\xdd\x00\x0f\x42\x40" + b"\xc0" * 1_000_000),
    ("deep msgpack in a version 1 record",
     b"".join(msgpack.packb(o) for o in objects(encode_v1(finished(2, 3)))[:6])
     + b"\x93\x05\xc4\x20" + b"\x00" * 32 + _deep_msgpack(5000)),
    ("deep msgpack in a version 2 block", _v2_holding(_deep_msgpack(5000))),
    ("version 2 block holding an array of a million nils",
     _v2_holding(b"\xdd\x00\x0f\x42\x40" + b"\xc0" * 1_000_000)),
    ("version 2 block holding a 40-level event", _v2_holding(b"\x92" * 40 + b"\xc0" * 41)),
    ("version 2 block that inflates to 64 MiB (a zip bomb)",
     _v2_holding(b"", zlib.compress(b"\x00" * 64 * 2**20, 9))),
    ("version 2 block claiming 4 GB of data",
     split_v2(_valid_binary()).header + b"\x93\x01\xc4\x20" + b"\x00" * 32
     + b"\xc6\xff\xff\xff\xff"),
    ("NaN", b"NaN"),
    ("BOM only", b"\xef\xbb\xbf"),
    ("not UTF-8", b"\xff\xfe{\x00"),
    ("NUL bytes", b"\x00" * 64),
    ("a card typo", _valid_text().replace('"sevro"', '"sevr0"').encode()),
    ("an event 40 levels deep",
     (_valid_text().rstrip("\n") + "\n" + "[" * 40 + "]" * 40 + "\n").encode()),
]


def _file_commands(path: Path) -> list[list[str]]:
    """Every command that reads a file, reading ``path``: as a log, a position, a corpus, a
    key (public and private) and a signature."""
    other = path.parent / "other"
    other.mkdir(exist_ok=True)
    good = other / "good.rrlog"
    if not good.exists():
        good.write_bytes(_valid_binary())
    (other / "good.rrlog.sig").write_bytes(path.read_bytes())  # the bytes as a signature
    return [["audit", str(path)], ["audit", "--json", str(path)], ["replay", str(path)],
            ["replay", "--json", "--at", "3", str(path)], ["score", str(path)],
            ["regress", str(path.parent), "--against", "official", "--jobs", "1"],
            ["audit", "--key", str(path), str(good)], ["sign", "--key", str(path), str(good)],
            ["audit", "--key", str(path), str(path)]]


def _check_commands(tmp_path: Path, data: bytes, suffix: str,
                    capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / f"case{suffix}"
    folder.mkdir(exist_ok=True)
    path = folder / f"input{suffix}"
    path.write_bytes(data)
    for argv in _file_commands(path):
        code = main(argv)
        err = capsys.readouterr().err
        assert code in (0, 1, 2), (argv, code, err[-400:])
        assert "Traceback" not in err and "internal error" not in err, (argv, err[-400:])
        if code == 2 and argv[0] != "regress":
            assert err.count("\n") <= 1, (argv, err)
    assert path.read_bytes() == data, "a reader changed its input file"


def _check_readers(data: bytes) -> None:
    with contextlib.suppress(CorruptLogError):
        log.decode(data)
    with contextlib.suppress(BadInputError):
        parse_table(data.decode("utf-8", errors="replace"))
    server = Session()
    for line in (data, json.dumps({"id": 1, "op": "load",
                                   "log": data.decode("utf-8", errors="replace")})):
        response = json.loads(server.handle_line(line))
        assert response["ok"] is False or response["result"], response
        if not response["ok"]:
            assert response["error"]["type"] not in ("InternalError", "EngineBugError"), response


@pytest.mark.parametrize("name, data", SPECIALS, ids=[n for n, _ in SPECIALS])
def test_special_hostile_inputs(name: str, data: bytes, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """Each named bomb gets exit 0, 1 or 2 from every command and a typed error from every
    reader."""
    _check_readers(data)
    for suffix in (".rrlog", ".jsonl", ".json"):
        _check_commands(tmp_path, data, suffix, capsys)


@SETTINGS
@given(data=st.binary(max_size=3000))
def test_random_bytes(data: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Random bytes: never a traceback, never exit 3."""
    _check_readers(data)
    _check_commands(tmp_path, data, ".rrlog", capsys)


@SETTINGS
@given(value=json_values)
def test_random_json_structures(value: Any, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """Any JSON value, as a whole file, as a log header and as a log's event line."""
    text = json.dumps(value)
    header = json.dumps({"format": "rrlog", "version": 1, "players": value, "seed": value,
                         "ruleset": value})
    lines = _valid_text().splitlines()
    spliced = "\n".join([*lines[:5], text, *lines[5:]])
    for data in (text, header + "\n" + text, spliced):
        _check_readers(data.encode())
        _check_commands(tmp_path, data.encode(), ".jsonl", capsys)
    try:
        packed = msgpack.packb({"format": "rrlog", "version": 1, "x": value}, use_bin_type=True)
        packed += msgpack.packb([0, b"", value])
        inside = msgpack.packb(value, use_bin_type=True)
    except OverflowError:  # msgpack holds integers of 64 bits only
        return
    _check_readers(packed)
    _check_readers(_v2_holding(inside))  # a version 2 block (its chain right) holding it


@SETTINGS
@given(data=st.data())
def test_damaged_logs(data: st.DataObject, tmp_path: Path,
                      capsys: pytest.CaptureFixture[str]) -> None:
    """A real log with bytes overwritten, cut or inserted, in any form (binary version 2 and
    1, text)."""
    for original in (_valid_binary(), encode_v1(finished(2, 3)), _valid_text().encode()):
        at = data.draw(st.integers(0, len(original) - 1))
        how = data.draw(st.sampled_from(["overwrite", "cut", "insert"]))
        junk = data.draw(st.binary(min_size=1, max_size=8))
        damaged = (original[:at] + junk + original[at + len(junk):] if how == "overwrite"
                   else original[:at] if how == "cut" else original[:at] + junk + original[at:])
        _check_readers(damaged)
        _check_commands(tmp_path, damaged, ".rrlog", capsys)


def test_serve_load_of_a_bomb_is_a_typed_error() -> None:
    """`load` of a deeply nested or huge-number log is a CorruptLogError, not InternalError."""
    server = Session()
    for text in ("[" * 5000 + "]" * 5000, '{"format": "rrlog", "version": 1, "seed": '
                 + "9" * 5000 + "}"):
        response = json.loads(server.handle_line(json.dumps({"id": 1, "op": "load",
                                                             "log": text})))
        assert response["error"]["type"] == "CorruptLogError", response
