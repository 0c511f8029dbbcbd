"""The binary log's layouts, for tests that tamper with the bytes: version 1 written exactly as
rr wrote it before version 2 (the upcaster's input), and version 2 taken apart into its header,
blocks and trailer and put together again — with the chain left as it was (what a careless
editor or a bad disk does) or recomputed (what a forger or a buggy tool does)."""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Sequence
from typing import Any

import msgpack
from attrs import evolve, frozen

from rr.events import log
from rr.events.codec import pack, unstructure, unstructure_event
from rr.events.types import DecisionMade, Event, GameEndTriggered, GameStarted, SeedRevealed
from rr.narrate import end_reason_text
from rr.randomness import SeedOrigin
from rr.state import fold


def legacy(events: Sequence[Event], seed: int | None = None) -> tuple[tuple[Event, ...], int]:
    """A game as a version 1 log held it, and its seed: ``events`` as rr plays them now (the
    seed committed in record 0, and revealed by the last record once the game is over, else
    given as ``seed``) become record 0 of origin "public" (how ``game_started/1`` reads) and
    no reveal; ``events`` already in that form are taken as they are, with ``seed``."""
    started, last = events[0], events[-1]
    assert isinstance(started, GameStarted)
    if isinstance(last, SeedRevealed):
        events, seed = events[:-1], last.seed
    if seed is None:
        raise ValueError("a game whose seed is not revealed: give its seed")
    if started.seed_origin is SeedOrigin.PUBLIC:
        return tuple(events), seed
    public = evolve(started, commitment=None, seed_origin=SeedOrigin.PUBLIC, rules_version=1)
    return (public, *events[1:]), seed


def encode_v1(events: Sequence[Event], seed: int | None = None) -> bytes:
    """The version 1 binary log of ``events``, as rr's writer made it (a header holding the
    seed, then one ``[seq, prev_hash, [tag, payload]]`` record per event, record 0 a
    ``game_started/1`` holding the seed too). ``events``: as rr plays them now (see
    :func:`legacy`), or already legacy with their ``seed``."""
    events, seed = legacy(events, seed)
    started = events[0]
    assert isinstance(started, GameStarted)
    header = {"format": "rrlog", "version": 1, "players": list(started.players),
              "ruleset": unstructure(started.ruleset), "seed": seed}
    blob = pack(header)
    out = [blob]
    previous = hashlib.sha256(blob).digest()
    for seq, event in enumerate(events):
        if seq == 0:
            record = ["game_started/1", {
                "players": list(started.players), "ruleset": unstructure(started.ruleset),
                "seed": seed, "houses": unstructure(started.houses),
                "solo_level": started.solo_level}]
        else:
            record = _as_version_1(event, events[0])
        blob = pack([seq, previous, record])
        out.append(blob)
        previous = hashlib.sha256(blob).digest()
    return b"".join(out)


def _as_version_1(event: Event, started: Event) -> list[Any]:
    """An event's record as rr wrote it then: a decision's source and the game end's reason
    as text (``decision_made/1``, ``game_end_triggered/1``, issue #26)."""
    tag, payload = unstructure_event(event)
    if isinstance(event, DecisionMade):
        return ["decision_made/1", {**payload, "source": str(event.source)}]
    if isinstance(event, GameEndTriggered):
        return ["game_end_triggered/1",
                {**payload, "reason": end_reason_text(event.reason, fold([started]))}]
    return [tag, payload]


def objects(data: bytes) -> list[Any]:
    """The msgpack objects of a binary log, in order."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    return list(unpacker)


@frozen
class Block:
    """One block of a version 2 log: its count, its chain as written, and its records (each
    an event's msgpack bytes), uncompressed."""

    count: int
    chain: bytes
    records: tuple[bytes, ...]

    @property
    def raw(self) -> bytes:
        return b"".join(self.records)

    def wire(self, compressed: bytes | None = None) -> bytes:
        """The block's bytes in the file (``compressed`` instead of its records, if given)."""
        return pack([self.count, self.chain,
                     zlib.compress(self.raw, 9) if compressed is None else compressed])


@frozen
class V2:
    """A version 2 log taken apart."""

    header: bytes
    blocks: tuple[Block, ...]
    trailer: tuple[int, bytes]

    @property
    def records(self) -> list[bytes]:
        return [r for b in self.blocks for r in b.records]

    def wire(self) -> bytes:
        return self.header + b"".join(b.wire() for b in self.blocks) + pack(list(self.trailer))

    def rechained(self) -> bytes:
        """The log with every chain, count and the trailer computed afresh from the header and
        the blocks' records (a forger's log: only the rules can catch what it hides)."""
        previous = hashlib.sha256(self.header).digest()
        blocks = []
        for block in self.blocks:
            digest = hashlib.sha256(previous)
            digest.update(len(block.records).to_bytes(8, "big"))
            digest.update(block.raw)
            previous = digest.digest()
            blocks.append(Block(len(block.records), previous, block.records))
        return evolve(self, blocks=tuple(blocks),
                      trailer=(sum(b.count for b in blocks), previous)).wire()


def split_v2(data: bytes) -> V2:
    """A version 2 log's header bytes, blocks and trailer."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    header = unpacker.unpack()
    assert header["version"] == 2
    header_end = unpacker.tell()
    items = list(unpacker)
    blocks = []
    for count, chain, compressed in items[:-1]:
        inner = msgpack.Unpacker(raw=False)
        inner.feed(zlib.decompress(compressed))
        records, start = [], 0
        for _ in inner:
            records.append(zlib.decompress(compressed)[start:inner.tell()])
            start = inner.tell()
        blocks.append(Block(count, chain, tuple(records)))
    total, chain = items[-1]
    return V2(data[:header_end], tuple(blocks), (total, chain))


def reblocked(records: Sequence[bytes], chains: Sequence[bytes],
              size: int = log.BLOCK_RECORDS) -> tuple[Block, ...]:
    """``records`` cut into blocks of ``size`` as the writer would, each keeping the chain the
    block at its place had (the chain left as it was)."""
    cut = [tuple(records[i:i + size]) for i in range(0, len(records), size)]
    return tuple(Block(len(r), chains[min(n, len(chains) - 1)], r) for n, r in enumerate(cut))
