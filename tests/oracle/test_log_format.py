"""The binary log, version 2 (`rr.events.log`): compact (at most 40 bytes an event on random
games of every size), lossless (encode → decode gives the game back), compatible (version 1
logs still read and audit as before), and tamper-evident: a byte flipped anywhere, a block
dropped, duplicated, moved or cut off, a count changed or a decompression bomb is a
:class:`CorruptLogError` that names the place — never another exception, never a log that
reads."""

from __future__ import annotations

import functools
import hashlib
import tracemalloc
import zlib
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.errors import CorruptLogError
from rr.events import log
from rr.events.codec import pack
from rr.events.types import Event
from rr.oracle.audit import Verdict, audit, audit_file
from rr.randomness import Secret
from rr.ruleset import UNNAMED, Ruleset
from rr.untrusted import inflate, size_text
from tests.oracle.games import finished, play
from tests.oracle.logformat import (
    V2, Block, encode_v1, legacy, objects, reblocked, split_v2,
)

DATA = Path(__file__).parent / "data"
"""Logs written by rr's version 1 writer (named ``.rrlog.bin``: what ignores ``*.rrlog`` as
generated output — .gitignore, the mutation tool's copy — keeps them)."""
BUDGET = 40
"""The most bytes an event may take in a .rrlog (issue #12)."""


@functools.cache
def _solo(seed: int, ruleset: Ruleset | None = None) -> tuple[Event, ...]:
    game, agent = Game.new(["Ana"], seed=seed, ruleset=ruleset), RandomAgent(seed)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
    return game.events


def _decode_error(data: bytes) -> str:
    """The message of the CorruptLogError that ``data`` raises (any other outcome fails)."""
    try:
        log.decode(data)
    except CorruptLogError as err:
        return str(err)
    raise AssertionError("the damaged log reads")


# --- size ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_a_log_takes_at_most_40_bytes_an_event(players: int) -> None:
    """Finished random games of each size (solo as 1), three seeds each: every log, header and
    trailer included, is at most 40 bytes an event (version 1 took 97)."""
    for seed in (0, 1, 2):
        events = _solo(seed) if players == 1 else finished(players, seed)
        size = len(log.encode(events))
        assert size <= BUDGET * len(events), (players, seed, size / len(events))
        assert len(encode_v1(events)) > 90 * len(events)  # what version 2 saves


# --- round trips -----------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from([["Ana"], 2, 3, 4, 5, 6]), seed=st.integers(0, 2**32),
       decisions=st.none() | st.integers(0, 400))
def test_encode_decode_round_trips_whole_games(players: list[str] | int, seed: int,
                                               decisions: int | None) -> None:
    """A random game, finished or stopped at any decision, reads back as the same events and
    header from its version 2 log (and from a version 1 log); encoding is deterministic."""
    events = play(players, seed, decisions=decisions).events
    data = log.encode(events)
    read = log.decode(data)
    assert read.events == events and not read.text_form
    assert read.header == log.header_for(events, log.VERSION) and read.header["version"] == 2
    assert log.encode(read.events) == data
    old = log.decode(encode_v1(events, seed))
    before, _ = legacy(events, seed)
    assert old.events == before and old.header == log.header_for(before, 1, Secret(seed))


@pytest.mark.parametrize("n", [1, 2, 255, 256, 257, 511, 512, 513])
def test_round_trips_at_block_boundaries(n: int) -> None:
    """Logs of one record, and of a block's worth of records give or take one, read back."""
    events = finished(4, 11)[:n]
    assert len(events) == n
    split = split_v2(log.encode(events))
    assert [b.count for b in split.blocks] == [
        min(log.BLOCK_RECORDS, n - k) for k in range(0, n, log.BLOCK_RECORDS)]
    assert log.decode(log.encode(events)).events == events


def test_big_events_are_cut_into_blocks_by_size_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer closes a block before it would decompress to more than the reader accepts
    (here with a limit of 2 KiB), and refuses an event bigger than a block."""
    monkeypatch.setattr(log, "MAX_BLOCK_BYTES", 2048)
    events = finished(2, 3)
    split = split_v2(log.encode(events))
    assert len(split.blocks) > 3 and all(len(b.raw) <= 2048 for b in split.blocks)
    assert log.decode(log.encode(events)).events == events
    monkeypatch.setattr(log, "MAX_BLOCK_BYTES", 64)
    with pytest.raises(CorruptLogError, match=r"event 0 takes \d+ bytes"):
        log.encode(events)


# --- version 1 ------------------------------------------------------------------------------


WRITTEN_BEFORE = Ruleset(**UNNAMED)
"""The ruleset the committed logs were played under: written before the options of
``UNNAMED`` existed, they read as the games were then played (issue #31)."""


@pytest.mark.parametrize("name, events", [
    ("v1-2p-seed3.rrlog.bin", lambda: finished(2, 3, WRITTEN_BEFORE)),
    ("v1-solo-seed2.rrlog.bin", lambda: _solo(2, WRITTEN_BEFORE))])
def test_version_1_logs_still_read_and_audit(name: str, events: object, tmp_path: Path) -> None:
    """Logs written by rr's version 1 writer (committed files) read as the same events, audit
    clean, and are what the tests' version 1 encoder makes; writing one again gives version
    2. (Written before issue #31, they name none of its options: they read as the games were
    then played, and are written again without them.)"""
    path = DATA / name
    assert callable(events)
    read = log.read(path)
    old, seed = legacy(events())
    assert read.header["version"] == 1 and read.events == old and read.secret == Secret(seed)
    assert encode_v1(read.events, seed) == path.read_bytes()
    report = audit_file(path)
    assert report.verdict is Verdict.CLEAN and report.seed_checked
    assert report.randomness.startswith("seed public from the start (a log from before "
                                        "commitments)")
    log.write(tmp_path / "again.rrlog", read.events, read.secret)
    again = log.read(tmp_path / "again.rrlog")
    assert again.header["version"] == 2 and again.events == read.events
    assert again.header["seed"] == seed and audit_file(tmp_path / "again.rrlog").ok


def test_version_1_errors_are_as_before() -> None:
    """A version 1 log is checked as before: a record's hash, its sequence number, its
    truncation, each named by record."""
    data = encode_v1(finished(2, 3))
    assert "record 355 is truncated" in _decode_error(data[:-5])
    blobs = _v1_records(data)  # the header, then record 0, 1, …
    assert "record 6 carries sequence number 7" in _decode_error(
        b"".join(blobs[:7] + blobs[8:]))
    record = objects(blobs[8])[0]
    blobs[8] = pack([record[0], record[1], objects(blobs[9])[0][2]])
    assert "record 8: the hash chain is broken" in _decode_error(b"".join(blobs))


def _v1_records(data: bytes) -> list[bytes]:
    return [pack(o) for o in objects(data)]


def test_unknown_versions_are_refused() -> None:
    """A header of version 3 (or 0, or "2") is refused, saying which versions rr reads; a text
    log stays version 1."""
    data = log.encode(finished(2, 3))
    split = split_v2(data)
    for version in (0, 3, "2", True):
        header = log.header_for(finished(2, 3), 1) | {"version": version}
        message = _decode_error(pack(header) + data[len(split.header):])
        assert f"version {version!r} is not supported" in message and "1 to 2" in message
    assert '"version": 1' in log.encode_text(finished(2, 3)).splitlines()[0]


# --- tampering -------------------------------------------------------------------------------


@functools.cache
def _v2(players: int, seed: int) -> tuple[bytes, V2]:
    data = log.encode(finished(players, seed))
    return data, split_v2(data)


def _starts(split: V2) -> list[int]:
    """The byte at which each block starts, then the trailer's."""
    starts = [len(split.header)]
    for block in split.blocks:
        starts.append(starts[-1] + len(block.wire()))
    return starts


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from([(2, 3), (4, 11)]), data=st.data(), mask=st.integers(1, 255))
def test_a_byte_flipped_anywhere_is_named(game: tuple[int, int], data: st.DataObject,
                                          mask: int) -> None:
    """Any byte of a version 2 log changed: a CorruptLogError naming the part that holds it
    (the header, the block, or the trailer)."""
    original, split = _v2(*game)
    at = data.draw(st.integers(0, len(original) - 1), label="byte")
    damaged = bytearray(original)
    damaged[at] ^= mask
    message = _decode_error(bytes(damaged))
    starts = _starts(split)
    if at < starts[0]:
        assert any(w in message for w in ("header", "block 0 ", "record 0", "version",
                                          "line 1", "not an rr log")), message
    elif at < starts[-1]:
        block = max(k for k, s in enumerate(starts) if s <= at)
        assert f"block {block} (" in message and f"at byte {starts[block]}" in message, message
    else:
        assert "trailer" in message or f"block {len(split.blocks)} (" in message, message


def test_every_truncation_is_refused() -> None:
    """A log cut short is refused (cut at every fifth byte, and at every byte near where a
    block starts or ends); cut between two blocks, the message says after which block the log
    ends; cut in a block, it names the block."""
    original, split = _v2(2, 3)
    starts = _starts(split)
    near = {end for s in starts for end in range(s - 40, s + 40)}
    for end in sorted(near | set(range(0, len(original), 5)) | {len(original) - 1}):
        if not 0 <= end < len(original):
            continue
        message = _decode_error(original[:end])
        if end in starts[1:]:
            k = starts.index(end) - 1
            last = sum(b.count for b in split.blocks[:k + 1]) - 1
            assert f"ends after block {k} (records up to {last}) " in message \
                and "cut short" in message, message
        elif starts[0] < end < starts[-1]:
            k = max(k for k, s in enumerate(starts) if s <= end)
            assert f"block {k} (" in message, (end, message)
        elif end > starts[-1]:
            assert "trailer" in message and "truncated" in message, (end, message)


@pytest.mark.parametrize("game", [(2, 3), (4, 11), (6, 9)])
def test_dropped_duplicated_or_moved_blocks_are_named(game: tuple[int, int]) -> None:
    """Each block dropped, duplicated or swapped with the next: the chain breaks at the first
    block that is not where it was (or, for the last block dropped, at the trailer)."""
    _, split = _v2(*game)
    blocks = split.blocks
    for k in range(len(blocks)):
        dropped = blocks[:k] + blocks[k + 1:]
        message = _decode_error(attrs.evolve(split, blocks=dropped).wire())
        if k < len(dropped):
            assert f"block {k} (records {k * 256}–" in message and "hash chain" in message
        else:
            assert "the trailer" in message and "counts" in message, message
        doubled = blocks[:k + 1] + blocks[k:]
        message = _decode_error(attrs.evolve(split, blocks=doubled).wire())
        first = sum(b.count for b in doubled[:k + 1])
        assert f"block {k + 1} (records {first}–" in message and "hash chain" in message
        if k + 1 < len(blocks):
            swapped = blocks[:k] + (blocks[k + 1], blocks[k]) + blocks[k + 2:]
            message = _decode_error(attrs.evolve(split, blocks=swapped).wire())
            assert f"block {k} (records {k * 256}–" in message and "hash chain" in message


def test_changed_counts_are_named() -> None:
    """A block's count changed (chain kept), out of range, or the trailer's total or chain
    changed: each is named."""
    _, split = _v2(4, 11)
    for k, block in enumerate(split.blocks):
        for count in (block.count - 1, block.count + 1):
            if not 1 <= count <= log.BLOCK_RECORDS:
                continue
            blocks = (*split.blocks[:k], attrs.evolve(block, count=count), *split.blocks[k + 1:])
            message = _decode_error(attrs.evolve(split, blocks=blocks).wire())
            assert f"block {k} (records {k * 256}–" in message and "hash chain" in message
        for count in (0, -1, log.BLOCK_RECORDS + 1, 2**40):
            blocks = (*split.blocks[:k], attrs.evolve(block, count=count), *split.blocks[k + 1:])
            message = _decode_error(attrs.evolve(split, blocks=blocks).wire())
            assert f"block {k} (from record {k * 256}," in message and "1 to 256" in message
    total, chain = split.trailer
    for trailer in ((total + 1, chain), (total - 1, chain), (total, split.blocks[0].chain),
                    (total, chain[:-1])):
        message = _decode_error(attrs.evolve(split, trailer=trailer).wire())
        assert f"the trailer (at byte {_starts(split)[-1]}, after block " \
               f"{len(split.blocks) - 1})" in message, message


def test_a_forged_chain_over_a_bad_block_names_the_record() -> None:
    """With every chain recomputed (a forger, or a buggy tool), what the chain cannot catch the
    reader still does: a block holding fewer or more records than it counts, a record that is
    not msgpack or not an event — named by record and block."""
    _, split = _v2(2, 3)
    records = split.records
    chains = [b.chain for b in split.blocks]

    def forged(blocks: tuple[Block, ...]) -> str:
        return _decode_error(attrs.evolve(split, blocks=blocks).rechained())

    bad = list(records)
    bad[260] = pack(["no_such_event/1", {}])
    message = forged(reblocked(bad, chains))
    assert "record 260, in block 1 (records 256–356" in message and "no_such_event/1" in message
    for record, why in ((b"\xc1", "is not valid msgpack: malformed data"),
                        (b"\x91" * 40 + b"\xc0", "nests deeper than 32 levels"),
                        (b"\x91" * 5000 + b"\xc0", "is not valid msgpack: it nests too deeply")):
        bad[260] = record
        message = forged(reblocked(bad, chains))
        assert "record 260, in block 1 (records 256–356" in message and why in message
    short = (split.blocks[0],
             attrs.evolve(split.blocks[1], records=split.blocks[1].records[:-1]))
    lie = _with_count(attrs.evolve(split, blocks=short).rechained(), 1, 101)
    assert "holds 100 whole records, not the 101 it counts" in _decode_error(lie)
    lie = _with_count(log.encode(finished(2, 3)), 1, 100)
    assert "holds more than the 100 records it counts" in _decode_error(lie)


def _with_count(data: bytes, k: int, count: int) -> bytes:
    """``data`` with block ``k``'s count set to ``count`` and the chain recomputed over it."""
    split = split_v2(data)
    previous = hashlib.sha256(split.header).digest()
    blocks = []
    for n, block in enumerate(split.blocks):
        c = count if n == k else block.count
        digest = hashlib.sha256(previous)
        digest.update(c.to_bytes(8, "big") + block.raw)
        previous = digest.digest()
        blocks.append(Block(c, previous, block.records))
    total = sum(b.count for b in blocks)
    return attrs.evolve(split, blocks=tuple(blocks), trailer=(total, previous)).wire()


def test_bytes_after_the_trailer_are_named() -> None:
    """Anything appended to a log (a second trailer, a block, junk) is refused."""
    original, split = _v2(2, 3)
    at = _starts(split)[-1]
    for junk in (pack(list(split.trailer)), split.blocks[0].wire(), b"\x00"):
        message = _decode_error(original + junk)
        assert f"at byte {at}) is a trailer [total, chain] with {len(junk)} bytes after it" \
            in message, message


@pytest.mark.parametrize("size", [2**20 + 1, 64 * 2**20])
def test_a_decompression_bomb_is_refused_without_spending_the_memory(size: int) -> None:
    """A block whose data inflates beyond 1 MiB (64 MiB from 64 KB) is refused, naming the
    block, having allocated a few MiB at most (the 1 MiB a block may hold, and zlib's output
    buffer growing to it), whatever the bomb's size."""
    _, split = _v2(2, 3)
    bomb = zlib.compress(b"\x00" * size, 9)
    wire = split.header + split.blocks[0].wire(compressed=bomb) + pack(list(split.trailer))
    tracemalloc.start()
    try:
        message = _decode_error(wire)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "block 0 (records 0–255" in message and "more than 1 MiB" in message
    assert peak < 8 * 2**20, peak


def test_a_log_that_inflates_beyond_the_limit_is_refused(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """The blocks of a log together decompress to at most MAX_LOG_BYTES (32 MiB; here 8 KiB):
    the block that crosses it is named."""
    monkeypatch.setattr(log, "MAX_BLOCK_BYTES", 4 * 2**10)  # small blocks
    data = log.encode(finished(4, 11))
    split = split_v2(data)
    crossing = next(k for k in range(len(split.blocks))
                    if sum(len(b.raw) for b in split.blocks[:k + 1]) > 8 * 2**10)
    monkeypatch.setattr(log, "MAX_LOG_BYTES", 8 * 2**10)
    message = _decode_error(data)
    assert f"block {crossing} (" in message and "of the 8 KiB a log holds" in message


def test_the_writer_refuses_what_the_reader_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """Events that would decompress to more than MAX_LOG_BYTES are not written."""
    monkeypatch.setattr(log, "MAX_LOG_BYTES", 8 * 2**10)
    with pytest.raises(CorruptLogError, match="more than 8 KiB"):
        log.encode(finished(4, 11))


def test_a_version_2_log_audits_clean(tmp_path: Path) -> None:
    """A version 2 log rr wrote audits clean (the audit reads it like any other)."""
    path = tmp_path / "game.rrlog"
    log.write(path, finished(3, 5))
    assert log.read(path).header["version"] == 2
    assert audit_file(path).verdict is Verdict.CLEAN
    assert audit(log.read(path).events).verdict is Verdict.CLEAN


def test_inflate_takes_exactly_the_limit_and_names_every_fault() -> None:
    """`rr.untrusted.inflate`: data of exactly ``limit`` bytes inflates; one byte more is a
    bomb; damaged, cut short or followed by bytes, each says so, naming ``what``."""
    data = bytes(range(256)) * 16
    packed = zlib.compress(data)
    assert inflate(packed, len(data), "x", "the most", CorruptLogError) == data
    faults = [(packed, len(data) - 1, "x: it decompresses to more than 4,095 bytes, the most"),
              (packed[:-6], len(data), "x: its compressed data is cut short"),
              (packed + b"ab", len(data), "x: 2 bytes follow its compressed data"),
              (b"\x78\x9c\xff" + packed[3:], len(data), "x: its compressed data is damaged")]
    for compressed, limit, message in faults:
        with pytest.raises(CorruptLogError) as caught:
            inflate(compressed, limit, "x", "the most", CorruptLogError)
        assert str(caught.value).startswith(message), (message, caught.value)
    assert [size_text(n) for n in (2**25, 3 * 2**10, 1536, 0)] == [
        "32 MiB", "3 KiB", "1,536 bytes", "0 bytes"]


def test_a_part_that_is_not_a_block_is_named() -> None:
    """In place of a block: something that is not [count, chain, data], a chain that is not 32
    bytes, data that is not bytes — each named, at that block."""
    _, split = _v2(2, 3)
    second = _starts(split)[1]
    block = split.blocks[1]
    for wire, why in ((pack(5), "is neither a block [count, chain, data] nor the trailer"),
                      (pack({"a": 1}), "is neither a block"),
                      (pack([1, 2, 3, 4]), "is neither a block"),
                      (pack([block.count, block.chain[:31], b""]), "is not a 32-byte hash"),
                      (pack([block.count, block.chain, "text"]), "its data is not bytes")):
        message = _decode_error(split.header + split.blocks[0].wire() + wire
                                + pack(list(split.trailer)))
        assert f"block 1 (from record 256, at byte {second})" in message and why in message


def test_no_events_no_log() -> None:
    """A log starts with game_started: an empty list, or another first event, is not
    written."""
    for events in ([], list(finished(2, 3)[1:])):
        with pytest.raises(CorruptLogError, match="starts with a game_started event"):
            log.encode(events)
