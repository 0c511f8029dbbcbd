"""The game log file: a header, then hash-chained event records.

Binary form (``.rrlog``), a stream of msgpack objects::

    header  {"format": "rrlog", "version": 1, "players": [...], "ruleset": {...}, "seed": n}
    record  [seq, prev_hash, [tag, payload]]      seq = 0, 1, 2, ...

``prev_hash`` is the SHA-256 of the previous object's msgpack bytes (the header's, for record
0), so an altered, dropped, duplicated or reordered record breaks the chain at that record.

Text form (``.jsonl``), for logs typed in from a physical game: the same header as a JSON
object on the first line, then one ``[tag, payload]`` event per line (``#`` lines are
comments). It carries no hashes; writing a text log adds none. Its header may say where the
random outcomes come from: ``"outcomes": "seed"`` (drawn by rr; rr's writer says so) or
``"table"`` (a physical game; the default for a text log).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgpack
from attrs import frozen

from rr.errors import CorruptLogError
from rr.events.codec import pack, structure, structure_event, unstructure, unstructure_event
from rr.events.types import Event, GameStarted
from rr.ruleset import Ruleset
from rr.untrusted import MAX_FILE_BYTES, MAX_ITEMS, check_shape, load_json, read_bytes, text_of

_MSGPACK_MAP = frozenset(range(0x80, 0x90)) | {0xDE, 0xDF}
"""The first bytes of a msgpack map: a binary log's header. Anything else is read as text."""

FORMAT = "rrlog"
VERSION = 1


@frozen
class Log:
    """A log as read from a file: its header and its events."""

    header: dict[str, Any]
    events: tuple[Event, ...]
    text_form: bool = False
    """Read from the text (``.jsonl``) form."""


def header_for(events: Sequence[Event]) -> dict[str, Any]:
    if not events or not isinstance(events[0], GameStarted):
        raise CorruptLogError("a log starts with a game_started event")
    started = events[0]
    return {"format": FORMAT, "version": VERSION, "players": list(started.players),
            "ruleset": unstructure(started.ruleset), "seed": started.seed}


def encode(events: Sequence[Event]) -> bytes:
    """The binary log of ``events``."""
    out = io.BytesIO()
    blob = pack(header_for(events))
    out.write(blob)
    previous = hashlib.sha256(blob).digest()
    for seq, event in enumerate(events):
        blob = pack([seq, previous, unstructure_event(event)])
        out.write(blob)
        previous = hashlib.sha256(blob).digest()
    return out.getvalue()


def decode(data: bytes) -> Log:
    """Read and verify a log (binary, or the text form, told apart by the first byte: a
    binary log starts with a msgpack map); :class:`CorruptLogError` names the first bad
    record."""
    if not data:
        raise CorruptLogError("the log is empty")
    if data[0] not in _MSGPACK_MAP:
        return decode_text(text_of(data, "not an rr log: it has no binary header, and it",
                                   CorruptLogError))
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=MAX_FILE_BYTES,
                                max_array_len=MAX_ITEMS, max_map_len=MAX_ITEMS,
                                max_str_len=MAX_ITEMS, max_bin_len=MAX_ITEMS,
                                max_ext_len=MAX_ITEMS)
    try:
        unpacker.feed(data)
    except msgpack.BufferFull:
        raise CorruptLogError("the log is too large") from None
    header, previous = _read_header(unpacker)
    events: list[Event] = []
    while True:
        start = unpacker.tell()
        try:
            item = unpacker.unpack()
        except msgpack.OutOfData:
            if start != len(data):
                raise CorruptLogError(f"record {len(events)} is truncated") from None
            break
        except (ValueError, msgpack.FormatError, msgpack.StackError) as err:
            raise CorruptLogError(f"record {len(events)} is not valid msgpack: {err}") from None
        blob = data[start:unpacker.tell()]
        seq = len(events)
        check_shape(item, f"record {seq}", CorruptLogError)
        if not (isinstance(item, list) and len(item) == 3):
            raise CorruptLogError(f"record {seq} is not [seq, prev_hash, event]")
        if item[0] != seq:
            raise CorruptLogError(f"record {seq} carries sequence number {item[0]!r}")
        if item[1] != previous:
            raise CorruptLogError(f"record {seq}: the hash chain is broken (the record or the "
                                  "one before it was altered, dropped or reordered)")
        try:
            events.append(structure_event(item[2]))
        except CorruptLogError as err:
            raise CorruptLogError(f"record {seq}: {err}") from None
        previous = hashlib.sha256(blob).digest()
    _check_start(header, events)
    return Log(header, tuple(events))


def _read_header(unpacker: msgpack.Unpacker) -> tuple[dict[str, Any], bytes]:
    try:
        header = unpacker.unpack()
    except (msgpack.OutOfData, ValueError, msgpack.FormatError, msgpack.StackError):
        raise CorruptLogError("not an rr log: no readable header") from None
    check_shape(header, "the header", CorruptLogError)
    if not (isinstance(header, dict) and header.get("format") == FORMAT):
        raise CorruptLogError("not an rr log: bad header")
    if header.get("version") != VERSION:
        raise CorruptLogError(f"log format version {header.get('version')!r} is not supported "
                              f"(this rr reads version {VERSION})")
    return header, hashlib.sha256(pack(header)).digest()


def _same_ruleset(data: Any, ruleset: Ruleset) -> bool:
    """Whether a header's ruleset is ``ruleset``; an option the header does not name (a log
    written before the option existed, e.g. ``au_toma_variant``) takes its default."""
    try:
        return bool(structure(data, Ruleset) == ruleset)
    except CorruptLogError:
        return False


def _check_start(header: dict[str, Any], events: Sequence[Event]) -> None:
    if not events:
        raise CorruptLogError("the log holds no events")
    first = events[0]
    if not isinstance(first, GameStarted):
        raise CorruptLogError("record 0 is not game_started")
    if list(first.players) != header.get("players") or first.seed != header.get("seed") \
            or not _same_ruleset(header.get("ruleset"), first.ruleset):
        raise CorruptLogError("the header does not match record 0 (players, seed or ruleset)")


def encode_text(events: Sequence[Event]) -> str:
    """The text (JSON lines) log of ``events``. rr writes only games it played itself, so
    the header says ``"outcomes": "seed"``: the audit checks the random outcomes against the
    seed (a log typed in from a table game says ``"table"``, or nothing)."""
    lines = [json.dumps(header_for(events) | {"outcomes": "seed"})]
    lines += [json.dumps(unstructure_event(e)) for e in events]
    return "\n".join(lines) + "\n"


def decode_text(text: str) -> Log:
    """Read and check a text log (a leading byte-order mark, blank lines and ``#`` comment
    lines are skipped)."""
    rows = [(n, line) for n, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1)
            if line.strip() and not line.lstrip().startswith("#")]
    if not rows:
        raise CorruptLogError("the log is empty")
    header = load_json(rows[0][1], f"line {rows[0][0]}: the header", CorruptLogError)
    if not (isinstance(header, dict) and header.get("format") == FORMAT):
        raise CorruptLogError("not an rr log: bad header")
    if header.get("version") != VERSION:
        raise CorruptLogError(f"log format version {header.get('version')!r} is not supported")
    events: list[Event] = []
    for n, line in rows[1:]:
        try:
            events.append(structure_event(
                load_json(line, f"line {n} (record {len(events)})", CorruptLogError)))
        except CorruptLogError as err:
            if str(err).startswith(f"line {n} "):
                raise
            raise CorruptLogError(f"line {n} (record {len(events)}): {err}") from None
    _check_start(header, events)
    return Log(header, tuple(events), text_form=True)


def write(path: str | Path, events: Sequence[Event]) -> None:
    """Write ``events`` to ``path`` (text form if it ends in ``.jsonl``), atomically and
    durably: a temporary file in the same folder, given the permissions the user's umask
    allows (as ``open`` would), flushed to disk, renamed over ``path``, and the folder synced.
    A crash leaves the old file or the new one, never half of one."""
    path = Path(path)
    data = (encode_text(events).encode("utf-8") if path.suffix == ".jsonl"
            else encode(events))
    folder = path.parent or Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fchmod(f.fileno(), 0o666 & ~_umask())
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    _sync_folder(folder)


def _umask() -> int:
    """The process's umask (reading it means setting it, so it is put straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the data itself is synced
    finally:
        os.close(fd)


def read(path: str | Path) -> Log:
    """Read and verify the log at ``path`` (binary or text form)."""
    return decode(read_bytes(path, CorruptLogError))
