"""The game log file: a header, then hash-chained, compressed blocks of event records.

Binary form (``.rrlog``), version 2 (what rr writes), a stream of msgpack objects::

    header   {"format": "rrlog", "version": 2, "players": [...], "ruleset": {...},
              "commitment": hex}
    block    [count, chain, zlib(event ‖ event ‖ …)]      1 ≤ count ≤ 256 events
    …
    trailer  [total, chain]                               total = the log's number of events

Each event is its msgpack ``[tag, payload]``; a block holds the next ``count`` of them,
concatenated and compressed with zlib (the writer fills every block but the last, starting
a new one early only if a block would inflate past :data:`MAX_BLOCK_BYTES`). Each block's
``chain`` is::

    SHA-256(previous chain ‖ count as 8 bytes, big-endian ‖ the block's uncompressed bytes)

where the previous chain of the first block is the SHA-256 of the header's bytes as written.
The trailer repeats the last block's chain and counts every event: it closes the chain. So an
altered, dropped, duplicated or reordered block (or record, or count) breaks the chain at
that block, the header at block 0, and a log cut anywhere — even between two blocks — has
no trailer, or one that does not match; :class:`CorruptLogError` names the block and the
records it holds. A log rr wrote takes about 10 bytes an event (97 in version 1).

Untrusted input stays bounded (:mod:`rr.untrusted`): a block decompresses to at most
:data:`MAX_BLOCK_BYTES` (1 MiB) and a whole log to at most :data:`MAX_LOG_BYTES` (32 MiB) —
:func:`rr.untrusted.inflate` refuses a decompression bomb before the memory is spent — and
the events inside are read with the same msgpack limits as any other input. A reader may
set tighter :class:`Bounds` (the server's replay route does): records and inflated bytes are
counted as they come, and the blocks' declared counts are added up before any is inflated.
What the chain does not tell is which record inside a damaged block changed: a block is
checked whole.

Version 1, which rr wrote before and still reads (:func:`decode` upcasts it to the same
:class:`Log`), is the header, then one record per event::

    record  [seq, prev_hash, [tag, payload]]      seq = 0, 1, 2, ...

``prev_hash`` is the SHA-256 of the previous object's msgpack bytes (the header's, for record
0), so an altered, dropped, duplicated or reordered record breaks the chain at that record
(a last record altered or cut off is left to the audit).

The header never holds a secret seed (RR-VIEW-10): a game rr played commits to its seed in
record 0 (``GameStarted.commitment``, repeated as the header's ``commitment``) and reveals
it in its last record (``SeedRevealed``). Only a host's save of a game not yet over
(:func:`encode` with ``secret=``) adds ``"secret": {"seed": n, "salt": hex}``, so that
the host can resume it: such a file is the host's, never a seat's. A log from before
commitments (``game_started/1``) has its public ``"seed": n`` in the header instead.

Text form (``.jsonl``), for logs typed in from a physical game: the same header (version 1)
as a JSON object on the first line, then one ``[tag, payload]`` event per line (``#`` lines
are comments). It carries no hashes; writing a text log adds none. Its header may say where
the random outcomes come from: ``"outcomes": "seed"`` (drawn by rr; rr's writer says so) or
``"table"`` (a physical game; the default for a text log).
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgpack
from attrs import frozen

from rr.errors import BadInputError, CorruptLogError
from rr.events.codec import pack, structure, structure_event, unstructure, unstructure_event
from rr.events.types import Event, GameStarted, SeedRevealed
from rr.files import write_whole
from rr.randomness import Secret, SeedOrigin, salt_of
from rr.ruleset import Ruleset
from rr.untrusted import (
    MAX_FILE_BYTES, MAX_ITEMS, check_shape, inflate, load_json, read_bytes, size_text, text_of,
)

__all__ = [
    "BLOCK_RECORDS",
    "FILE_BOUNDS",
    "MAX_BLOCK_BYTES",
    "MAX_LOG_BYTES",
    "READS",
    "TEXT_VERSION",
    "VERSION",
    "Bounds",
    "Log",
    "decode",
    "decode_text",
    "encode",
    "encode_text",
    "header_for",
    "read",
    "secret_of",
    "write",
]


_MSGPACK_MAP = frozenset(range(0x80, 0x90)) | {0xDE, 0xDF}
"""The first bytes of a msgpack map: a binary log's header. Anything else is read as text."""

FORMAT = "rrlog"
VERSION = 2
"""The version of the binary form rr writes."""
READS = (1, 2)
"""The versions of the binary form rr reads."""
TEXT_VERSION = 1
"""The version of the text form (which version 2 did not change)."""
BLOCK_RECORDS = 256
"""The most events in one block (the writer fills every block but the last)."""
MAX_BLOCK_BYTES = 2**20
"""The most bytes a block decompresses to (1 MiB; rr's largest event is under 2 KB)."""
MAX_LOG_BYTES = MAX_FILE_BYTES
"""The most bytes all the blocks of a log decompress to together: no more than the largest
file rr reads (a finished 6-player game is about 60 KB)."""
_CHAIN_BYTES = 32


@frozen
class Bounds:
    """How much a reader takes from one log before refusing it, counted as the log is read:
    each block's record count is checked before the block is inflated (and, in the binary
    form, all the counts the blocks declare are added up before the first is inflated), and
    the bytes inflated are counted block by block. A log over a bound is refused having done
    no more work than the bound allows."""

    records: int | None = None
    """The most records (``None``: no bound beyond the others)."""
    inflated: int | None = None
    """The most bytes all the blocks of a version 2 log inflate to together (``None``:
    :data:`MAX_LOG_BYTES`)."""


FILE_BOUNDS = Bounds()
"""The bounds of a log read from a file: its size (:data:`rr.untrusted.MAX_FILE_BYTES`) and
:data:`MAX_LOG_BYTES` inflated."""


def _limits(max_bin_len: int) -> dict[str, int]:
    """The msgpack limits of :mod:`rr.untrusted` (a bin up to ``max_bin_len`` bytes)."""
    return {"max_array_len": MAX_ITEMS, "max_map_len": MAX_ITEMS, "max_str_len": MAX_ITEMS,
            "max_bin_len": max_bin_len, "max_ext_len": MAX_ITEMS}


@frozen
class Log:
    """A log as read from a file: its header and its events."""

    header: dict[str, Any]
    events: tuple[Event, ...]
    text_form: bool = False
    """Read from the text (``.jsonl``) form."""


    @property
    def secret(self) -> Secret | None:
        """The game's seed (and salt), where the log holds it: revealed by its last record,
        in a host's save (the header's ``secret``), or public in the header of a log from
        before commitments. ``None`` while it is secret, or for a game without a seed."""
        return secret_of(self.header, self.events)


def secret_of(header: dict[str, Any], events: Sequence[Event]) -> Secret | None:
    """See :attr:`Log.secret` (``header`` and ``events`` already checked by the reader)."""
    if events and isinstance(events[-1], SeedRevealed):
        return Secret(events[-1].seed, salt_of(events[-1].salt))
    secret = header.get("secret")
    if isinstance(secret, dict):
        return Secret(secret["seed"], salt_of(secret["salt"]))
    seed = header.get("seed")
    return Secret(seed) if type(seed) is int else None


def header_for(events: Sequence[Event], version: int = TEXT_VERSION,
               secret: Secret | None = None) -> dict[str, Any]:
    """The header of a log of ``events``: of the text form (and of the binary form's version
    1) by default, of the binary form rr writes with ``version=VERSION``. ``secret`` (the
    host's, :attr:`rr.engine.Game.secret`) is written only for a game whose seed is not
    revealed yet (a host's save, see the module's notes) or from before commitments."""
    if not events or not isinstance(events[0], GameStarted):
        raise CorruptLogError("a log starts with a game_started event")
    started = events[0]
    header: dict[str, Any] = {"format": FORMAT, "version": version,
                              "players": list(started.players),
                              "ruleset": unstructure(started.ruleset)}
    if started.commitment is not None:
        header["commitment"] = started.commitment
        if secret is not None and not isinstance(events[-1], SeedRevealed):
            if not secret.opens(started.commitment):
                raise BadInputError("this secret does not open the game's commitment")
            assert secret.salt is not None  # opens() says so
            header["secret"] = {"seed": secret.seed, "salt": secret.salt.hex()}
    elif started.seed_origin is SeedOrigin.PUBLIC:
        if secret is None:
            raise CorruptLogError("a log from before commitments keeps its seed in the header:"
                                  " give it (secret=)")
        header["seed"] = secret.seed
    return header


def _chain(previous: bytes, count: int, raw: bytes) -> bytes:
    """A block's chain: SHA-256 of the previous chain, its count (8 bytes, big-endian) and its
    uncompressed bytes."""
    digest = hashlib.sha256(previous)
    digest.update(count.to_bytes(8, "big"))
    digest.update(raw)
    return digest.digest()


def encode(events: Sequence[Event], secret: Secret | None = None,
           seats: dict[str, Any] | None = None, table: dict[str, Any] | None = None) -> bytes:
    """The binary log of ``events`` (version 2: header, blocks, trailer); ``secret`` as
    :func:`header_for` says. ``seats``: the header's ``"seats"`` section, which a server
    writes for its seats' keys and signatures (:mod:`rr.seatkeys`); ``table``: its
    ``"table"`` section, how the server ran the game (rated or not, its clock, the seats
    that forfeited: :mod:`rr.ratings`). The chain covers them with the rest of the
    header."""
    header = header_for(events, VERSION, secret)
    if seats is not None:
        header["seats"] = seats
    if table is not None:
        header["table"] = table
    blob = pack(header)
    parts = [blob]
    chain = hashlib.sha256(blob).digest()
    total = 0
    for records in _blocks([pack(unstructure_event(event)) for event in events]):
        raw = b"".join(records)
        total += len(raw)
        if total > MAX_LOG_BYTES:
            raise CorruptLogError(f"the events take more than {size_text(MAX_LOG_BYTES)}; rr "
                                  "writes no log that big")
        chain = _chain(chain, len(records), raw)
        parts.append(pack([len(records), chain, zlib.compress(raw, 9)]))
    parts.append(pack([len(events), chain]))
    return b"".join(parts)


def _blocks(records: list[bytes]) -> list[list[bytes]]:
    """``records`` cut into blocks of at most :data:`BLOCK_RECORDS` records and
    :data:`MAX_BLOCK_BYTES` bytes."""
    blocks: list[list[bytes]] = [[]]
    size = 0
    for seq, record in enumerate(records):
        if len(record) > MAX_BLOCK_BYTES:
            raise CorruptLogError(f"event {seq} takes {len(record)} bytes; a log block holds "
                                  f"at most {MAX_BLOCK_BYTES}")
        if len(blocks[-1]) == BLOCK_RECORDS or size + len(record) > MAX_BLOCK_BYTES:
            blocks.append([])
            size = 0
        blocks[-1].append(record)
        size += len(record)
    return blocks


def decode(data: bytes, bounds: Bounds = FILE_BOUNDS) -> Log:
    """Read and verify a log (binary, or the text form, told apart by the first byte: a
    binary log starts with a msgpack map); :class:`CorruptLogError` names the first bad
    record, or block and the records it holds, or the bound it goes over. A version 1 log
    reads as it always did."""
    if not data:
        raise CorruptLogError("the log is empty")
    if data[0] not in _MSGPACK_MAP:
        return decode_text(text_of(data, "not an rr log: it has no binary header, and it",
                                   CorruptLogError), bounds)
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=MAX_FILE_BYTES,
                                **_limits(MAX_ITEMS))
    try:
        unpacker.feed(data)
    except msgpack.BufferFull:
        raise CorruptLogError("the log is too large") from None
    header = _read_header(unpacker)
    if header["version"] == 1:
        events = _read_records(data, unpacker, hashlib.sha256(pack(header)).digest(),
                               bounds.records)
    else:
        end = unpacker.tell()
        _check_declared(data, end, bounds.records)
        events = _read_blocks(data, end, hashlib.sha256(data[:end]).digest(), bounds)
    _check_start(header, events)
    return Log(header, tuple(events))


def _too_many(records: int) -> CorruptLogError:
    return CorruptLogError(f"the log holds more than {records:,} records, the most this reader "
                           "takes (a finished 6-player game has about 1,300)")


def _read_records(data: bytes, unpacker: msgpack.Unpacker, previous: bytes,
                  most: int | None) -> list[Event]:
    """The events of a version 1 log, after its header (at most ``most`` of them)."""
    events: list[Event] = []
    while True:
        start = unpacker.tell()
        if most is not None and len(events) == most and start != len(data):
            raise _too_many(most)
        try:
            item = unpacker.unpack()
        except msgpack.OutOfData:
            if start != len(data):
                raise CorruptLogError(f"record {len(events)} is truncated") from None
            break
        except (ValueError, msgpack.FormatError, msgpack.StackError) as err:
            raise CorruptLogError(
                f"record {len(events)} is not valid msgpack: {_why(err)}") from None
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
            events.append(structure_event(item[2], _players(events)))
        except CorruptLogError as err:
            raise CorruptLogError(f"record {seq}: {err}") from None
        previous = hashlib.sha256(blob).digest()
    return events


def _check_declared(data: bytes, offset: int, most: int | None) -> None:
    """Refuse a version 2 log whose blocks declare more than ``most`` records in all, before
    any block is inflated. Only the blocks' framing is read; the first item that is not a
    well-formed block ends the count (the blocks are then read and checked one by one)."""
    if most is None:
        return
    unpacker = msgpack.Unpacker(raw=False, max_buffer_size=MAX_FILE_BYTES,
                                **_limits(MAX_BLOCK_BYTES + 1024))
    unpacker.feed(memoryview(data)[offset:])
    declared = 0
    try:
        while unpacker.read_array_header() == 3:
            count = unpacker.unpack()
            if type(count) is not int or not 1 <= count <= BLOCK_RECORDS:
                return
            declared += count
            if declared > most:
                raise _too_many(most)
            unpacker.skip()
            unpacker.skip()
    except (msgpack.OutOfData, ValueError, msgpack.FormatError, msgpack.StackError):
        return


def _read_blocks(data: bytes, offset: int, previous: bytes, bounds: Bounds) -> list[Event]:
    """The events of a version 2 log: its blocks from byte ``offset`` on, each checked against
    the chain (``previous`` is the header's hash), then the trailer that closes it; within
    ``bounds``, counted before each block is inflated."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=MAX_FILE_BYTES,
                                **_limits(MAX_BLOCK_BYTES + 1024))
    unpacker.feed(memoryview(data)[offset:])
    events: list[Event] = []
    inflated = 0
    block = 0
    while True:
        start = offset + unpacker.tell()
        where = f"block {block} (from record {len(events)}, at byte {start})"
        try:
            item = unpacker.unpack()
        except msgpack.OutOfData:
            if start == len(data):
                raise CorruptLogError(
                    f"the log ends after block {block - 1} (records up to {len(events) - 1}) "
                    "without its trailer: it was cut short" if block else
                    "the log ends after its header: it was cut short") from None
            if data[start] == 0x92:
                raise CorruptLogError(f"the trailer (at byte {start}) is truncated") from None
            raise CorruptLogError(f"{where} is truncated") from None
        except (ValueError, msgpack.FormatError, msgpack.StackError) as err:
            raise CorruptLogError(f"{where} is not valid msgpack: {_why(err)}") from None
        if isinstance(item, list) and len(item) == 2:
            end = offset + unpacker.tell()
            if end != len(data):
                raise CorruptLogError(f"{where} is a trailer [total, chain] with {len(data) - end}"
                                      " bytes after it (the block was damaged, or the log "
                                      "appended to)")
            _check_trailer(item, len(events), previous, block, start)
            return events
        count, chain, compressed = _block_fields(item, where)
        if bounds.records is not None and len(events) + count > bounds.records:
            raise _too_many(bounds.records)
        first, last = len(events), len(events) + count - 1
        where = (f"block {block} (record {first}, at byte {start})" if first == last else
                 f"block {block} (records {first}–{last}, at byte {start})")
        most = MAX_LOG_BYTES if bounds.inflated is None else bounds.inflated
        limit = min(MAX_BLOCK_BYTES, most - inflated)
        raw = inflate(compressed, limit, where, "the most a block holds"
                      if limit == MAX_BLOCK_BYTES else
                      f"what is left of the {size_text(most)} a log holds", CorruptLogError)
        inflated += len(raw)
        previous = _chain(previous, count, raw)
        if chain != previous:
            raise CorruptLogError(
                f"{where}: the hash chain is broken (this block, or what comes before it: the "
                "header or an earlier block, was altered, dropped, duplicated or reordered)")
        events.extend(_block_events(raw, count, where, len(events), _players(events)))
        block += 1


def _block_fields(item: Any, where: str) -> tuple[int, bytes, bytes]:
    if not (isinstance(item, list) and len(item) == 3):
        raise CorruptLogError(f"{where} is neither a block [count, chain, data] nor the "
                              "trailer [total, chain]")
    count, chain, compressed = item
    if type(count) is not int or not 1 <= count <= BLOCK_RECORDS:
        raise CorruptLogError(f"{where} says it holds {str(count)[:40]} records; a block holds "
                              f"1 to {BLOCK_RECORDS}")
    if not (isinstance(chain, bytes) and len(chain) == _CHAIN_BYTES):
        raise CorruptLogError(f"{where}: its chain is not a {_CHAIN_BYTES}-byte hash")
    if not isinstance(compressed, bytes):
        raise CorruptLogError(f"{where}: its data is not bytes")
    return count, chain, compressed


def _why(err: Exception) -> str:
    """What msgpack found wrong (its stack and format errors say nothing themselves)."""
    if isinstance(err, msgpack.StackError):
        return "it nests too deeply"
    return str(err) or "malformed data"


def _players(events: Sequence[Event]) -> tuple[str, ...] | None:
    """The players of a log whose first records are ``events``, for a record of an older
    version that names a player by name (``rr.events.codec.structure_event``)."""
    return events[0].players if events and type(events[0]) is GameStarted else None


def _block_events(raw: bytes, count: int, where: str, first: int,
                  players: tuple[str, ...] | None) -> list[Event]:
    """The ``count`` events of a block whose chain checked out (``players``: the log's, if
    an earlier block named them)."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=MAX_BLOCK_BYTES,
                                **_limits(MAX_ITEMS))
    unpacker.feed(raw)
    events: list[Event] = []
    for seq in range(first, first + count):
        try:
            item = unpacker.unpack()
        except msgpack.OutOfData:
            raise CorruptLogError(f"{where} holds {seq - first} whole records, not the {count} "
                                  "it counts") from None
        except (ValueError, msgpack.FormatError, msgpack.StackError) as err:
            raise CorruptLogError(f"record {seq}, in {where}, is not valid msgpack: {_why(err)}"
                                  ) from None
        check_shape(item, f"record {seq}, in {where},", CorruptLogError)
        try:
            events.append(structure_event(item, players or _players(events)))
        except CorruptLogError as err:
            raise CorruptLogError(f"record {seq}, in {where}: {err}") from None
    if unpacker.tell() != len(raw):
        raise CorruptLogError(f"{where} holds more than the {count} records it counts")
    return events


def _check_trailer(item: list[Any], records: int, chain: bytes, blocks: int,
                   start: int) -> None:
    total, closing = item
    where = f"the trailer (at byte {start}, after block {blocks - 1})" if blocks else \
        f"the trailer (at byte {start}, straight after the header)"
    if type(total) is not int or not isinstance(closing, bytes):
        raise CorruptLogError(f"{where} is not [total, chain]")
    if total != records:
        raise CorruptLogError(f"{where} counts {str(total)[:40]} records but the blocks hold "
                              f"{records}: a block was dropped or added, or the trailer "
                              "altered")
    if closing != chain:
        raise CorruptLogError(f"{where}: its chain is not the last block's (the log was cut "
                              "short or spliced, or the trailer altered)")


def _read_header(unpacker: msgpack.Unpacker) -> dict[str, Any]:
    try:
        header = unpacker.unpack()
    except (msgpack.OutOfData, ValueError, msgpack.FormatError, msgpack.StackError):
        raise CorruptLogError("not an rr log: no readable header") from None
    check_shape(header, "the header", CorruptLogError)
    if not (isinstance(header, dict) and header.get("format") == FORMAT):
        raise CorruptLogError("not an rr log: bad header")
    version = header.get("version")
    if type(version) is not int or version not in READS:
        raise CorruptLogError(f"log format version {version!r} is not supported "
                              f"(this rr reads versions {READS[0]} to {READS[-1]})")
    return header


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
    if list(first.players) != header.get("players") \
            or header.get("commitment") != first.commitment \
            or not _same_ruleset(header.get("ruleset"), first.ruleset):
        raise CorruptLogError("the header does not match record 0 (players, commitment or "
                              "ruleset)")
    if first.seed_origin is SeedOrigin.PUBLIC and type(header.get("seed")) is not int:
        raise CorruptLogError("a log from before commitments has its seed in the header")
    if first.seed_origin is not SeedOrigin.PUBLIC and "seed" in header:
        raise CorruptLogError("the header names a seed, but record 0 commits to it "
                              "(or has none)")
    if "secret" in header:
        _check_secret(header["secret"], first)


def _check_secret(secret: Any, first: GameStarted) -> None:
    """A host's save's ``secret`` must open record 0's commitment."""
    if not (isinstance(secret, dict) and set(secret) == {"seed", "salt"}
            and type(secret["seed"]) is int and isinstance(secret["salt"], str)):
        raise CorruptLogError("the header's secret is not {\"seed\": n, \"salt\": hex}")
    try:
        opens = first.commitment is not None and Secret(
            secret["seed"], salt_of(secret["salt"])).opens(first.commitment)
    except BadInputError as err:
        raise CorruptLogError(f"the header's secret: {err}") from None
    if not opens:
        raise CorruptLogError("the header's secret does not open record 0's commitment "
                              "(RR-VIEW-10)")


def encode_text(events: Sequence[Event], secret: Secret | None = None) -> str:
    """The text (JSON lines) log of ``events``. rr writes only games it played itself, so
    the header says ``"outcomes": "seed"``: the audit checks the random outcomes against the
    seed (a log typed in from a table game says ``"table"``, or nothing). ``secret`` as
    :func:`header_for` says."""
    lines = [json.dumps(header_for(events, TEXT_VERSION, secret) | {"outcomes": "seed"})]
    lines += [json.dumps(unstructure_event(e)) for e in events]
    return "\n".join(lines) + "\n"


def decode_text(text: str, bounds: Bounds = FILE_BOUNDS) -> Log:
    """Read and check a text log (a leading byte-order mark, blank lines and ``#`` comment
    lines are skipped); a log of more records than ``bounds`` allow is refused before one is
    read."""
    rows = [(n, line) for n, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1)
            if line.strip() and not line.lstrip().startswith("#")]
    if not rows:
        raise CorruptLogError("the log is empty")
    if bounds.records is not None and len(rows) - 1 > bounds.records:
        raise _too_many(bounds.records)
    header = load_json(rows[0][1], f"line {rows[0][0]}: the header", CorruptLogError)
    if not (isinstance(header, dict) and header.get("format") == FORMAT):
        raise CorruptLogError("not an rr log: bad header")
    if header.get("version") != TEXT_VERSION:
        raise CorruptLogError(f"log format version {header.get('version')!r} is not supported "
                              f"(a text log is version {TEXT_VERSION})")
    events: list[Event] = []
    for n, line in rows[1:]:
        try:
            events.append(structure_event(
                load_json(line, f"line {n} (record {len(events)})", CorruptLogError),
                _players(events)))
        except CorruptLogError as err:
            if str(err).startswith(f"line {n} "):
                raise
            raise CorruptLogError(f"line {n} (record {len(events)}): {err}") from None
    _check_start(header, events)
    return Log(header, tuple(events), text_form=True)


def write(path: str | Path, events: Sequence[Event], secret: Secret | None = None) -> None:
    """Write ``events`` to ``path`` (text form if it ends in ``.jsonl``), atomically and
    durably (:func:`rr.files.write_whole`: a temporary file created exclusively in the same
    folder, given the permissions the user's umask allows, flushed to disk, renamed over
    ``path``, and the folder synced). A crash leaves the old file or the new one, never half
    of one.

    >>> import pathlib, tempfile, rr
    >>> game = rr.play_out(rr.Game.new(["Ana", "Bo"], seed=2),
    ...                    [rr.RandomAgent(1), rr.RandomAgent(2)])
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.rrlog"
    >>> rr.write_log(path, game.events)
    >>> rr.read_log(path).events == game.events
    True
    """
    path = Path(path)
    write_whole(path, encode_text(events, secret).encode("utf-8") if path.suffix == ".jsonl"
                else encode(events, secret))


def read(path: str | Path) -> Log:
    """Read and verify the log at ``path`` (binary or text form): its ``events`` and
    ``header``; :class:`~rr.errors.CorruptLogError` naming what is wrong if it is not a log.

    >>> import pathlib, tempfile, rr
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "notes.rrlog"
    >>> _ = path.write_text("not a game")
    >>> rr.read_log(path)
    Traceback (most recent call last):
    ...
    rr.errors.CorruptLogError: ...
    """
    return decode(read_bytes(path, CorruptLogError))
