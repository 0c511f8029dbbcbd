"""`POST /api/replay` takes no token, so the work a log can cost it is bounded before and
while it is read (rr.server.replays.BOUNDS): a log of too many records, or whose blocks
inflate to too much, is refused having inflated and decoded no more than the bounds allow.

The bomb of the attack: an 866 KB request whose log holds 1,597,696 tiny records (33.5 MB
inflated); it took 10.7 s and +90 MiB a request, because the whole log was inflated and
decoded before anything was checked. The work is counted here (bytes inflated, records
decoded), never timed."""

from __future__ import annotations

import base64
import hashlib
import zlib
from collections.abc import Iterator, Sequence
from typing import Any

import httpx
import pytest

from rr.errors import CorruptLogError
from rr.events import log as logfile
from rr.events.codec import pack, unstructure_event
from rr.events.types import DeckShuffled, TurnEnded
from rr.server import replays
from tests.oracle.games import finished
from tests.oracle.logformat import encode_v1
from tests.server.harness import Server


def v2_log(blocks: Sequence[tuple[int, bytes]]) -> bytes:
    """A version 2 log of a real game's header and first record, then ``blocks`` (each a
    count and its uncompressed records), chained and closed as rr's writer would: only its
    size is wrong."""
    events = finished(2, 3)
    header = pack(logfile.header_for(events, logfile.VERSION))
    parts, previous = [header], hashlib.sha256(header).digest()
    compressed: dict[bytes, bytes] = {}
    total = 0
    for count, raw in [(1, pack(unstructure_event(events[0]))), *blocks]:
        digest = hashlib.sha256(previous)
        digest.update(count.to_bytes(8, "big"))
        digest.update(raw)
        previous = digest.digest()
        if raw not in compressed:
            compressed[raw] = zlib.compress(raw, 9)
        parts.append(pack([count, previous, compressed[raw]]))
        total += count
    parts.append(pack([total, previous]))
    return b"".join(parts)


def tiny_bomb(blocks: int = 6241) -> bytes:
    """The attack's bomb: blocks of 256 `turn_ended` records of 21 bytes each (with the
    default, 1,597,697 records inflating to 33.5 MB, in 650 KB)."""
    record = pack(unstructure_event(TurnEnded(0)))
    return v2_log([(256, record * 256)] * blocks)


def wide_bomb(blocks: int = 30) -> tuple[bytes, int]:
    """Few records, but large ones: blocks of 256 deck orders (about 1.1 KB each), so that
    the log inflates to about 8.5 MB in 7,681 records, under the record bound; and the size
    of one record."""
    deck = next(e.order for e in finished(2, 3) if isinstance(e, DeckShuffled))
    record = pack(unstructure_event(DeckShuffled(deck)))
    return v2_log([(256, record * 256)] * blocks), len(record)


class Work:
    """The bytes inflated and the records decoded by rr.events.log while it is counted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.inflated = 0
        self.records = 0
        inflate, structure = logfile.inflate, logfile.structure_event

        def counted_inflate(*args: Any) -> bytes:
            raw = inflate(*args)
            self.inflated += len(raw)
            return raw

        def counted_structure(item: Any, players: Any = None) -> Any:
            self.records += 1
            return structure(item, players)

        monkeypatch.setattr(logfile, "inflate", counted_inflate)
        monkeypatch.setattr(logfile, "structure_event", counted_structure)


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Iterator[Work]:
    yield Work(monkeypatch)


def replay(data: bytes) -> dict[str, Any]:
    body = {"log": base64.b64encode(data).decode("ascii"), "at": 0, "audit": True}
    return replays.answer(replays.request_of(body))


def test_the_attacks_bomb_is_refused_before_a_block_is_inflated(work: Work) -> None:
    """1,597,697 declared records: refused from the blocks' counts alone — nothing inflated,
    nothing decoded."""
    bomb = tiny_bomb()
    assert len(bomb) < replays.MAX_BODY
    with pytest.raises(CorruptLogError, match="more than 10,000 records"):
        replay(bomb)
    assert (work.inflated, work.records) == (0, 0)


def test_a_log_inflating_past_the_bound_is_refused_within_it(work: Work) -> None:
    """7,681 records inflating to 8.5 MB: refused once 1 MiB is inflated, with at most the
    records of the blocks inflated before it decoded."""
    bomb, size = wide_bomb()
    assert 256 * size * 30 > 8 * 2**20
    with pytest.raises(CorruptLogError, match="what is left of the 1 MiB a log holds"):
        replay(bomb)
    assert work.inflated <= replays.MAX_INFLATED
    assert work.records <= 1 + 256 * (replays.MAX_INFLATED // (256 * size))


def test_long_logs_of_the_other_forms_are_refused_within_the_bound(work: Work) -> None:
    """A version 1 log of 10,001 records is refused at record 10,000, decoding no more; a
    text log of as many is refused before a line is read."""
    events = (*finished(2, 3), *[TurnEnded(0)] * (replays.MAX_RECORDS + 1))
    with pytest.raises(CorruptLogError, match="more than 10,000 records"):
        replay(encode_v1(events, 3))
    assert work.records <= replays.MAX_RECORDS
    decoded = work.records
    with pytest.raises(CorruptLogError, match="more than 10,000 records"):
        replay(logfile.encode_text(events).encode("utf-8"))
    assert work.records == decoded


def test_a_real_game_is_well_within_the_bounds(work: Work) -> None:
    """A finished 6-player game replays and audits clean, far below every bound."""
    events = finished(6, 1)
    answer = replay(logfile.encode(events))
    assert answer["records"] == len(events) and answer["audit"]["verdict"] == "clean"
    assert work.records == len(events) < replays.MAX_RECORDS // 5
    assert work.inflated < replays.MAX_INFLATED // 10


def test_the_bomb_over_http_is_a_typed_refusal(tmp_path: Any) -> None:
    """Sent to a real server, the attack's bomb is a 422 naming the bound, and the server
    answers the next request."""
    server = Server(str(tmp_path / "games.sqlite"), tmp_path)
    try:
        body = {"log": base64.b64encode(tiny_bomb()).decode("ascii"), "at": 0}
        answer = httpx.post(f"{server.url}/api/replay", json=body, timeout=60)
        assert answer.status_code == 422, answer.text[:300]
        assert answer.json()["error"]["type"] == "CorruptLogError"
        assert "more than 10,000 records" in answer.text
        assert httpx.get(f"{server.url}/api/health", timeout=10).status_code == 200
    finally:
        server.stop()
