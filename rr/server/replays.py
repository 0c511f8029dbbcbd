"""The replay-and-audit viewer's one route (``POST /api/replay``): a log the client holds,
folded to a record and shown to a viewer, and its audit. No HTTP here.

The route is stateless: the client sends the whole log with every step (a finished 6-player
game is about 10 KB), so any server process answers and nothing uploaded is kept. It takes no
token, so the work one request can cost is bounded before anything is computed: the body's
size (:data:`MAX_BODY`), then, as the log is read, its records and the bytes its blocks
inflate to (:data:`BOUNDS`: the blocks' declared counts are added up before the first is
inflated). A log over a bound is refused (422) having cost no more than the bound. Everything
is computed here from the log's bytes with rr's own readers and folds — the client is never
trusted with a view: ``rr.events.log.decode`` (through ``rr.untrusted``'s limits),
``rr.oracle.replay`` for the state at a record as a seat may see it (``rr.views``), and
``rr.oracle.audit`` for the verdict, with the seed check and, when a signature and a public
key come with the log, the signature check first (``rr.events.signing``), as ``rr audit
--key`` does.

A viewer is a seat, ``null`` for a spectator, or ``"all"``: whoever holds the whole log
already holds every hidden card, so the viewer may show them all (every hand, every
face-down card, the unredacted story) — an auditor needs that view of a disputed game.

The answer: ``{"records": N, "players": [names], "form": "rrlog" | "jsonl", "record": at,
"note": whose decision is pending there, "answer": SEAT ANSWER, "foldable": F, "unfolded":
{"record": F, "problem": text} | null, "turns": [{"record", "seat", "text"}], "audit": ... |
null}``, where ``F`` records (0 to F - 1)
fold: a tampered log that decodes opens, and is shown up to the record the fold refuses
(``unfolded``, in ``rr replay``'s words), while the audit names its first divergence, at or
before that record (as ``rr audit`` does); and where
the seat answer is :mod:`rr.seat_answer`'s (JSON, ``docs/JSON.md``), the same form the table
is sent, with the story of the last :data:`STORY` records up to ``at`` (its ``since``: the
first told; for ``"all"``: ``everything`` true, every card named,
every hand and the deck among ``view.known_elsewhere``).

Body: ``{"log": base64, "at"?: record (default the last), "seat"?: n | null | "all",
"audit"?: bool, "signature"?: text of LOG.sig, "key"?: PEM public key}``. A body that is not
that is a ``BadRequest`` (400); a log that cannot be read is a ``CorruptLogError`` (422), with
rr's own message naming the block or record.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from functools import cache
from typing import Any

import attrs
from attrs import frozen

from rr.errors import BadInputError, BadRequest, CorruptLogError, RRError
from rr.events import log as logfile
from rr.events import signing
from rr.events.types import Event, TurnStarted
from rr.oracle.audit import AuditReport, Verdict, audit, with_seats
from rr.oracle.replay import foldable, replay, replay_json
from rr.oracle.seed import Outcomes
from rr.request_fields import check_fields, is_int, wrong
from rr.state import fold

MAX_BODY = 2 * 2**20
"""The largest replay request, in bytes (2 MiB of base64: a 1.5 MiB log). The longest game
measured (6 players, random agents, seeds 0-99: 1,384 records) is 12 KB in the version 2
form, 134 KB in version 1 and 119 KB as text; a log of :data:`MAX_RECORDS` records is under
1.5 MiB in any form."""
MAX_RECORDS = 10_000
"""The most records of a log the route reads: 7 times the longest game measured (1,384
records; the longest 2-player game of seeds 0-99 has 730)."""
MAX_INFLATED = 2**20
"""The most bytes a version 2 log's blocks inflate to together (1 MiB): 12 times the
longest game measured (82 KB)."""
BOUNDS = logfile.Bounds(records=MAX_RECORDS, inflated=MAX_INFLATED)
STORY = 200
"""The most records whose story an answer tells: the last ones up to the record shown (the
story is the costliest part of an answer; a viewer steps back to read earlier records)."""


@frozen
class ReplayRequest:
    data: bytes
    at: int | None
    seat: int | str | None
    """A seat, ``None`` (a spectator) or ``"all"``."""
    audit: bool
    signature: bytes | None
    key: bytes | None


def request_of(body: dict[str, Any]) -> ReplayRequest:
    """Read ``POST /api/replay``'s body strictly."""
    check_fields(body, ("log", "at", "seat", "audit", "signature", "key"), "a replay")
    raw = body.get("log")
    if not isinstance(raw, str):
        raise wrong("log", "the log file's bytes in base64", raw)
    try:
        data = base64.b64decode(raw, validate=True)
    except (binascii.Error, ValueError):
        raise BadRequest("field 'log' is not base64") from None
    at, seat = body.get("at"), body.get("seat")
    if at is not None and not is_int(at):
        raise wrong("at", "a record number", at)
    if not (seat is None or seat == "all" or (is_int(seat) and seat >= 0)):
        raise wrong("seat", 'a seat number, null (a spectator) or "all"', seat)
    if not isinstance(body.get("audit", False), bool):
        raise wrong("audit", "true or false", body.get("audit"))
    texts = []
    for name in ("signature", "key"):
        value = body.get(name)
        if value is not None and not isinstance(value, str):
            raise wrong(name, "the file's text", value)
        texts.append(None if value is None else value.encode("utf-8"))
    return ReplayRequest(data, at, seat, bool(body.get("audit", False)), texts[0], texts[1])


def answer(request: ReplayRequest) -> dict[str, Any]:
    """The log at the record asked, for the viewer asked; with its audit if asked.

    A log that decodes opens even where a record cannot happen (a tampered log: ``rr audit``
    reports its first divergence): the records before the first one the fold refuses are
    shown (the default record is the last of them), and ``"unfolded"`` says which record
    the fold refuses and why, in ``rr replay``'s words; asking for a record from there on is
    a ``BadInputError``."""
    read = logfile.decode(request.data, BOUNDS)
    events = read.events
    if not events:
        raise CorruptLogError("the log holds no events")
    players = [p.name for p in fold(events[:1]).players]
    seat = request.seat
    if isinstance(seat, int) and seat >= len(players):
        raise BadInputError(f"seat {seat} is not a seat of this game (0 to {len(players) - 1})")
    if request.at is not None and not 0 <= request.at < len(events):
        raise BadInputError(f"record {request.at} is out of range: the log has records 0 to "
                            f"{len(events) - 1}")
    folded, problem = foldable(events)
    at = folded - 1 if request.at is None else request.at
    if at >= folded:
        raise BadInputError(f"record {at} cannot be shown: the records stop folding at record "
                            f"{folded} ({problem})")
    shown = replay(events[:folded], at, seat if isinstance(seat, int) else None,
                   everything=seat == "all", since=max(0, at + 1 - STORY))
    unfolded = None if problem is None else {"record": folded, "problem": problem}
    return {"players": players, "form": "jsonl" if read.text_form else "rrlog",
            **replay_json(shown), "records": len(events), "foldable": folded,
            "unfolded": unfolded, "turns": turns(events[:folded], players),
            "audit": _audit(request, read) if request.audit else None}


def turns(events: Sequence[Event], players: Sequence[str]) -> list[dict[str, Any]]:
    """The records that start a turn, each with its seat and its turn in words ("Bo's turn
    2"): the viewer steps by turn and by round (a round starts at each turn of the seat that
    took the first), whatever part of the story an answer tells."""
    started: list[dict[str, Any]] = []
    taken = [0] * len(players)
    for record, event in enumerate(events):
        if isinstance(event, TurnStarted) and 0 <= event.seat < len(players):
            taken[event.seat] += 1
            started.append({"record": record, "seat": event.seat,
                            "text": f"{players[event.seat]}'s turn {taken[event.seat]}"})
    return started


def _audit(request: ReplayRequest, read: logfile.Log) -> dict[str, Any]:
    """``rr audit [--key]`` on the uploaded bytes."""
    signed_by = None
    signature_problem = None
    if request.key is not None or request.signature is not None:
        if request.key is None or request.signature is None:
            raise BadInputError("a signature check needs both the log's .sig file and the "
                                "signer's public key")
        try:
            sig = signing.parse_signature(request.signature, "the signature file")
            signed_by = signing.verify_pem(request.data, sig, request.key, "the public key")
        except signing.SignatureError as err:
            signature_problem = str(err)
    if signature_problem is not None:
        report = AuditReport("upload", Verdict.BAD_SIGNATURE,
                             problem=f"signature check failed: {signature_problem}")
    else:
        report = with_seats(attrs.evolve(audit(read.events, "upload",
                                               Outcomes.of(read.header, read.text_form),
                                               read.secret), signed_by=signed_by),
                            read.header, read.events, False)
    out = report.as_json()
    out["summary"] = report.summary().removeprefix("upload: ")
    out["lines"] = report.lines()[1:]
    out["signature"] = ("verified" if signed_by else "failed" if signature_problem
                        else "not checked")
    if report.divergence is not None and report.divergence.rule is not None:
        out["rule_title"] = rule_titles().get(report.divergence.rule)
    return out


@cache
def rule_titles() -> dict[str, str]:
    """Each spec id's title (``{}`` where the spec folder is not installed beside rr)."""
    from rr.oracle.spec import entries
    try:
        return {e.id: e.title for e in entries()}
    except RRError:
        return {}
