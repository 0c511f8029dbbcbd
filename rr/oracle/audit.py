"""Audit (re-adjudication): run the rules again over a log's decisions and random outcomes.

Every event the rules produce must equal the recorded one, and the log must stop where the
engine stops (at a pending decision, or at the end of the game). The report names the first
record where the log and the rules disagree, what each says, and the rule or card that
decides it. A log that cannot be read at all (bad header, broken hash chain, truncated record,
unknown event tag) gets an ``UNREADABLE`` report naming the problem.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from rr.cards.catalogue import catalogue
from rr.decisions import Decision
from rr.engine import Game
from rr.errors import BadInputError, CorruptLogError, DivergenceError, SeedUnknownError
from rr.events import log as logfile
from rr.events import signing
from rr.events.codec import unstructure_event
from rr.events.types import RANDOM_OUTCOMES, Event, GameStarted, SeedRevealed
from rr.model import MAX_PLAYERS, MIN_PLAYERS, CardId
from rr.narrate import card_name, player
from rr.oracle.blame import blame
from rr.narrate import option_text, source_text, story_line
from rr.oracle.seats import SeatProblem, check_seats
from rr.oracle.table import check_table
from rr.oracle.seed import Outcomes, SeedMismatch, check_seed
from rr.randomness import Secret, SeedOrigin, salt_of
from rr.ruleset import UNNAMED_RULES_VERSIONS
from rr.state import EMPTY, GameState, apply, fold
from rr.untrusted import read_bytes

__all__ = [
    "AuditReport", "Divergence", "Verdict", "audit", "audit_file",
]


class Verdict(enum.Enum):
    """The outcome of an audit, with the exit code ``rr audit`` gives it."""

    CLEAN = 0
    """Every record is what the rules produce from the recorded inputs."""
    DIVERGED = 1
    """A record differs from what the rules produce (or cannot happen at all)."""
    UNREADABLE = 2
    """The file is not a readable log."""
    RULES_FAILED = 3
    """The rules raised an unexpected error while re-running the log: a bug in rr."""
    BAD_SIGNATURE = 4
    """The log's signature does not verify with the key given (exit status 1, like a
    divergence: the log is not what the key's holder signed)."""
    UNSIGNED = 5
    """``--seats``: a person's decision is unsigned, mis-signed or signed by another key, or
    the deal is not as recorded (exit status 1; :mod:`rr.oracle.seats`)."""
    UNSEEDED = 6
    """A log of this version of rr whose record 0 holds no commitment to a seed (or a binary
    log that says its outcomes were made at a table): its random outcomes are whatever the
    log says and cannot be checked (exit status 1; ``--accept-unseeded``: clean, said)."""
    BAD_TABLE = 7
    """The header's ``"table"`` section (a server's clock) says a bot made a decision the
    log does not hold at that seat, one its policy does not name, or a forfeited seat
    decided after it (exit status 1; :mod:`rr.oracle.table`)."""


@frozen
class Divergence:
    """The first record where the log and the rules disagree."""

    record: int
    """The record number (0 = ``game_started``); the log's length if the log stops early."""
    recorded: str
    """What the log says, in words."""
    expected: str
    """What the rules say, in words."""
    rule: str | None
    """The spec id that decides the record: for an event, the innermost rules function
    producing it (``rr.oracle.blame``); for a decision, the rule asking. ``None``: a card asks
    (``card``), or the record cannot happen at all, or the log stops early."""
    card: str | None = None
    """The card whose ability was resolving, or that asks the decision, if any."""
    function: str | None = None
    """The rules function that produces the expected event."""
    within: tuple[str, ...] = ()
    """The rules around that one, innermost first."""
    recorded_raw: str = ""
    """The recorded event as the log writes it, ``[tag, fields]`` (empty when the log has no
    record there)."""
    expected_raw: str = ""
    """The event the rules produce there, in the same form, when it is one definite event."""
    differences: tuple[str, ...] = ()
    """Field by field, where the recorded and the expected event are of the same kind."""
    seed: int | None = None
    """Set when the record is a random outcome the header's seed did not produce: that seed
    (the rules would accept the outcome; the seed check does not)."""

    @property
    def rule_name(self) -> str | None:
        """The rule, and the card whose ability is resolving: "RR-BONUS-2, in Danto's ability
        (card danto)"; a card id alone reads "Danto (card danto)"."""
        parts = []
        if self.rule is not None:
            parts.append(self.rule)
        if self.card is not None:
            name = card_name(self.card)
            parts.append(f"in {name}'s ability (card {self.card})" if self.rule is not None
                         else f"{name} (card {self.card})")
        if self.within:
            parts.append("inside " + ", ".join(self.within[:3]))
        return ", ".join(parts) or None


@frozen
class AuditReport:
    """What an audit found."""

    source: str
    """The file audited (or a description of the events)."""
    verdict: Verdict
    records: int = 0
    divergence: Divergence | None = None
    problem: str | None = None
    """Why the log is unreadable, or how the rules failed."""
    finished: bool = False
    """The recorded game is over (its scores were recomputed)."""
    totals: tuple[int, ...] | None = None
    winners: tuple[str, ...] = ()
    pending: str | None = None
    """Whose decision the game waits for, if it is not over."""
    outcomes: Outcomes | None = None
    """Whether the random outcomes were checked against the seed (``SEED``) or taken as
    recorded (``TABLE``, a game played at a table); ``None`` for an unreadable log."""
    randomness: str = ""
    """Where the game's randomness came from and what was checked of it: the commitment
    made in record 0, before the first decision, and the seed revealed at the end
    (RR-VIEW-10); empty for an unreadable log."""
    seed_checked: bool = False
    """Every random outcome was checked against the seed (which opened the commitment)."""

    @property
    def outcomes_note(self) -> str:
        """How the random outcomes were judged, in words."""
        if self.outcomes is Outcomes.TABLE:
            return ("random outcomes (shuffles, die rolls, random picks) were taken as "
                    "recorded at the table, not checked against a seed")
        return self.randomness

    signed_by: str | None = None
    """The fingerprint of the key whose signature over the file verified."""
    seats: str = ""
    """Whether the seats signed their decisions, and how the seed was dealt
    (:func:`rr.oracle.seats.check_seats`); empty when not checked (no header)."""
    seat_problem: SeatProblem | None = None
    """The first decision (or deal record) that fails the seats' check."""
    table: str = ""
    """How the server ran the game (its header's ``"table"`` section, checked by
    :mod:`rr.oracle.table`); empty when the log has none."""
    rules_note: str = ""
    """For a log whose first record names no rules version (a ``game_started/2`` written
    before versions were recorded): the version it was judged under, and why; empty when
    record 0 names its version (:mod:`rr.oracle.rerun`'s notes)."""

    @property
    def exit_code(self) -> int:
        if self.verdict in (Verdict.BAD_SIGNATURE, Verdict.UNSIGNED, Verdict.UNSEEDED,
                            Verdict.BAD_TABLE):
            return 1
        return int(self.verdict.value)

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.CLEAN

    def summary(self) -> str:
        """One line."""
        if self.verdict is Verdict.CLEAN:
            if self.finished:
                scores = ", ".join(str(t) for t in self.totals or ())
                end = f"game over, totals {scores}, won by {' and '.join(self.winners)}"
            else:
                end = f"game in progress, {self.pending}"
            note = f"; {self.outcomes_note}" if self.outcomes_note else ""
            if self.signed_by is not None:
                note += f"; signature by key {self.signed_by} verified"
            if self.seats:
                note += f"; {self.seats}"
            if self.table:
                note += f"; {self.table}"
            return (f"{self.source}: clean — {self.records} records re-adjudicated; "
                    f"{end}{note}")
        if self.verdict is Verdict.DIVERGED:
            assert self.divergence is not None
            d = self.divergence
            rule = f" [{d.rule_name}]" if d.rule_name else ""
            if d.seed is not None:
                return (f"{self.source}: diverges at record {d.record}{rule}: seed {d.seed} "
                        "did not produce this random outcome")
            return f"{self.source}: diverges at record {d.record}{rule}"
        if self.verdict is Verdict.UNSEEDED:
            return (f"{self.source}: randomness rr audit cannot check — {self.problem}; the "
                    f"rules re-adjudicate its {self.records} records clean "
                    "(rr audit --accept-unseeded accepts such a log)")
        if self.verdict is Verdict.UNSIGNED and self.seat_problem is not None:
            return (f"{self.source}: the seats' check fails at "
                    f"{self.seat_problem.words()}")
        return f"{self.source}: {self.problem}"

    def lines(self) -> list[str]:
        """The full report, one line per fact."""
        out = [self.summary()]
        if self.rules_note:
            out.append(f"  rules version:  {self.rules_note}")
        d = self.divergence
        if d is not None:
            out += [f"  record:         {d.record}",
                    f"  the log says:   {d.recorded}",
                    f"  the rules say:  {d.expected}",
                    f"  decided by:     {d.rule_name or '—'}"]
            out += [f"  difference:     {x}" for x in d.differences]
            if d.recorded_raw:
                out.append(f"  as logged:      {_clip(d.recorded_raw)}")
            if d.expected_raw:
                out.append(f"  as expected:    {_clip(d.expected_raw)}")
        return out

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "source": self.source, "verdict": self.verdict.name.lower(),
            "exit_code": self.exit_code, "records": self.records, "problem": self.problem,
            "finished": self.finished,
            "outcomes": self.outcomes.value if self.outcomes is not None else None,
            "randomness": self.randomness, "seed_checked": self.seed_checked,
            "signed_by": self.signed_by, "seats": self.seats, "rules_note": self.rules_note,
            "table": self.table,
            "seat_problem": None if self.seat_problem is None
            else attrs.asdict(self.seat_problem),
            "totals": list(self.totals) if self.totals is not None else None,
            "winners": list(self.winners), "pending": self.pending,
            "divergence": None,
        }
        if self.divergence is not None:
            out["divergence"] = attrs.asdict(self.divergence) | {
                "rule_name": self.divergence.rule_name}
        return out


def audit_file(path: str | Path, key: str | Path | None = None,
               seats: bool = False, accept_unseeded: bool = False) -> AuditReport:
    """Read the log at ``path`` (binary or text form) and audit it. A binary log's random
    outcomes are checked against its seed; a text log's are taken as recorded unless its
    header says ``"outcomes": "seed"`` (see :class:`rr.oracle.seed.Outcomes`).

    With ``key`` (a public key file), the log's signature (``LOG.sig``) must first verify
    over the file's exact bytes: a missing or unreadable signature is ``UNREADABLE``, one
    that does not verify is ``BAD_SIGNATURE``, and neither log is audited further.

    The report says whether the seats signed their decisions (:mod:`rr.oracle.seats`); with
    ``seats``, a clean log whose seats' check fails is ``UNSIGNED`` (exit 1). A clean log
    whose randomness cannot be checked (:func:`unseeded`) is ``UNSEEDED`` (exit 1) unless
    ``accept_unseeded``."""
    source = str(path)
    signed_by = None
    try:
        data = read_bytes(path, CorruptLogError)
        if key is not None:
            sig_path = signing.signature_path(path)
            if not sig_path.exists():
                return AuditReport(source, Verdict.UNREADABLE,
                                   problem=f"no signature: {sig_path} does not exist "
                                           "(rr sign writes it)")
            try:
                signed_by = signing.verify(data, signing.read_signature(sig_path), key)
            except signing.SignatureError as err:
                return AuditReport(source, Verdict.BAD_SIGNATURE,
                                   problem=f"signature check failed: {err}")
        read = logfile.decode(data)
    except CorruptLogError as err:
        return AuditReport(source, Verdict.UNREADABLE, problem=str(err))
    outcomes = Outcomes.of(read.header, read.text_form)
    report = audit(read.events, source, outcomes, read.secret)
    report = with_seats(attrs.evolve(report, signed_by=signed_by), read.header, read.events,
                        seats)
    table = check_table(read.header, read.events)
    if table.problem is not None and report.verdict is Verdict.CLEAN:
        return attrs.evolve(report, verdict=Verdict.BAD_TABLE,
                            problem=f"the server's table section: {table.problem}")
    report = attrs.evolve(report, table=table.note)
    why = unseeded(read.events, outcomes, read.text_form)
    if why is not None and report.verdict is Verdict.CLEAN:
        if not accept_unseeded:
            return attrs.evolve(report, verdict=Verdict.UNSEEDED, problem=why)
        report = attrs.evolve(report, randomness=f"{why}: accepted (--accept-unseeded), its "
                                                 "random outcomes taken as recorded")
    return report


def unseeded(events: Sequence[Event], outcomes: Outcomes, text_form: bool) -> str | None:
    """Why the random outcomes of a log this version of rr wrote cannot be checked, in words,
    or ``None``: its record 0 (which names a rules version: older logs keep their meaning)
    holds no commitment to a seed, whatever origin it claims (a game played with chances
    given from outside, or a log rewritten to drop the commitment and the reveal); or it is
    a binary log saying its outcomes were made at a table (rr writes none). A table's text
    log, and a log from before commitments (its seed public), are judged as before."""
    started = events[0] if events and isinstance(events[0], GameStarted) else None
    if started is None or started.rules_version is None \
            or started.seed_origin is SeedOrigin.PUBLIC:
        return None
    if outcomes is Outcomes.TABLE:
        return None if text_form else ("a binary log whose header says its random outcomes "
                                       "were made at a table")
    if started.commitment is None:
        claim = {SeedOrigin.NONE: "no seed", SeedOrigin.CHOSEN: "a seed chosen by its creator",
                 SeedOrigin.DRAWN: "a seed drawn at random",
                 SeedOrigin.JOINT: "a seed dealt jointly"}.get(started.seed_origin, "a seed")
        return (f"record 0 holds no commitment to a seed (it claims {claim}), so nothing "
                "fixed the random outcomes before the first decision")
    return None


def with_seats(report: AuditReport, header: dict[str, Any], events: Sequence[Event],
               required: bool) -> AuditReport:
    """``report`` with the seats' check of the log (``required``: ``--seats``)."""
    if report.verdict is Verdict.UNREADABLE:
        return report
    checked = check_seats(header, events)
    report = attrs.evolve(report, seats=checked.note, seat_problem=checked.problem)
    if required and report.verdict is Verdict.CLEAN and checked.problem is not None:
        report = attrs.evolve(report, verdict=Verdict.UNSIGNED)
    return report


def audit(events: Sequence[Event], source: str = "log",
          outcomes: Outcomes = Outcomes.SEED, secret: Secret | None = None) -> AuditReport:
    """Re-adjudicate ``events``: clean, or the first divergence. With ``Outcomes.SEED`` every
    random outcome must also be the one the game's seed draws: the seed its last record
    reveals (which must open the commitment of record 0, RR-VIEW-10), else ``secret`` (a
    host's, or the public seed of a log from before commitments). A game not over whose
    seed is still secret has its outcomes taken as recorded, and the report says so.

    >>> import attrs, rr
    >>> game = rr.play_out(rr.Game.new(["Ana", "Bo"], seed=2),
    ...                    [rr.GreedyAgent(1), rr.RandomAgent(2)])
    >>> rr.audit(game.events).verdict.name
    'CLEAN'
    >>> from rr.events.types import HeliumGained
    >>> at = next(i for i, e in enumerate(game.events) if isinstance(e, HeliumGained))
    >>> forged = list(game.events)
    >>> forged[at] = attrs.evolve(forged[at], amount=forged[at].amount + 1)  # one too many
    >>> report = rr.audit(forged)
    >>> report.verdict.name, report.divergence.record == at
    ('DIVERGED', True)
    """
    events = tuple(events)
    if events and isinstance(events[-1], SeedRevealed):
        try:
            secret = Secret(events[-1].seed, salt_of(events[-1].salt))
        except BadInputError:
            secret = None  # the fold names the bad reveal
    check = outcomes is Outcomes.SEED and secret is not None
    started = events[0] if events and isinstance(events[0], GameStarted) else None
    if started is not None and started.commitment is not None and secret is not None \
            and not secret.opens(started.commitment):
        check = False  # the re-adjudication names the reveal that does not open it
    # A first record that names no rules version: the resume tries each, the newest first;
    # a divergence is the newest's (rr.engine._replaying), a game the version that replays it.
    unnamed = started is not None and started.rules_version is None
    version: int | None = UNNAMED_RULES_VERSIONS[0] if unnamed else None

    def done(**kw: Any) -> AuditReport:
        if kw.get("verdict") is Verdict.DIVERGED and check:
            assert secret is not None
            rules = kw["divergence"]
            mismatch = (check_seed(events, secret, version)
                        if rules.seed is None and rules.record > 0 else None)
            if mismatch is not None and mismatch.record < rules.record:
                kw["divergence"] = _seed_divergence(events, mismatch, secret.seed, version)
        note = "" if not unnamed else _rules_note(version, kw.get("verdict"))
        return AuditReport(source, records=len(events), outcomes=outcomes,
                           randomness=_randomness(events, check), seed_checked=check,
                           rules_note=note, **kw)

    bad_start = _check_start(events)
    if bad_start is not None:
        return done(verdict=Verdict.DIVERGED, divergence=bad_start)
    try:
        game = Game.resume(events, secret=secret if check else None)
    except SeedUnknownError:
        return done(verdict=Verdict.DIVERGED,
                    divergence=Divergence(len(events), "the end of the log",
                                          "the game goes on without a decision: a random "
                                          "outcome", None))
    except DivergenceError as err:
        return done(verdict=Verdict.DIVERGED, divergence=explain(events, err, version))
    except CorruptLogError as err:
        return done(verdict=Verdict.DIVERGED, divergence=_impossible(events, err))
    except Exception as err:  # noqa: BLE001 - the rules crashed on recorded inputs: a bug in rr, reported
        return done(verdict=Verdict.RULES_FAILED,
                    problem=f"the rules failed while re-running the log: {err!r} "
                            "(a bug in rr, not in the log)")
    if unnamed:
        version = game.state.rules_version
    if len(game.events) > len(events):
        return done(verdict=Verdict.DIVERGED, divergence=_stops_early(events, game))
    if game.is_over and game.state.commitment is not None and game.state.revealed_seed is None:
        return done(verdict=Verdict.DIVERGED, divergence=Divergence(
            len(events), "the end of the log", "the seed and salt revealed, opening the "
            "commitment of record 0, once the game is over", "RR-VIEW-10"))
    if check:
        assert secret is not None
        mismatch = check_seed(events, secret, game.state.rules_version)
        if mismatch is not None:
            return done(verdict=Verdict.DIVERGED,
                        divergence=_seed_divergence(events, mismatch, secret.seed, version))
    state = game.state
    if game.is_over:
        return done(verdict=Verdict.CLEAN, finished=True, totals=state.totals,
                    winners=tuple(player(state, s) for s in state.winners or ()))
    decision = game.pending
    assert decision is not None
    return done(verdict=Verdict.CLEAN,
                pending=f"waiting for {player(state, decision.seat)}: {decision.prompt} "
                        f"[{source_text(decision.source)}]")


def _randomness(events: Sequence[Event], checked: bool) -> str:
    """RR-VIEW-10 in words: where the randomness came from, when it was committed, whether it
    was revealed, and whether the outcomes were checked against it."""
    if not events or not isinstance(events[0], GameStarted):
        return ""
    started = events[0]
    origin = started.seed_origin
    said = ("every random outcome checked against the seed" if checked else
            "random outcomes taken as recorded")
    if origin is SeedOrigin.NONE:
        return "no seed: random outcomes were given from outside and taken as recorded"
    if origin is SeedOrigin.PUBLIC:
        return f"seed public from the start (a log from before commitments); {said}"
    chosen = {SeedOrigin.CHOSEN: "seed chosen by the creator",
              SeedOrigin.JOINT: "seed derived from the host's committed secret and every "
                                "person's contribution"}.get(origin, "seed drawn at random")
    first = (f"randomness committed in record 0, before the first decision ({chosen}; "
             f"sha256 {started.commitment})")
    if isinstance(events[-1], SeedRevealed):
        return (f"{first}; seed {events[-1].seed} revealed in record {len(events) - 1} "
                f"opens it; {said}")
    if checked:
        return f"{first}; the game is not over: the host's secret opens it; {said}"
    return (f"{first}; the seed is not revealed yet (the game is not over): random outcomes "
            "taken as recorded")


def _rules_note(version: int | None, verdict: Verdict | None) -> str:
    """What an audit of a log whose first record names no rules version says of it."""
    versions = " nor ".join(str(v) for v in UNNAMED_RULES_VERSIONS)
    if verdict is Verdict.CLEAN:
        return (f"record 0 names none (written before versions were recorded): judged under "
                f"version {version}, the first of {', '.join(map(str, UNNAMED_RULES_VERSIONS))}"
                " that replays the log")
    return (f"record 0 names none (written before versions were recorded), and neither "
            f"version {versions} replays the log whole: judged under version {version}, the "
            "newest")


def _check_start(events: Sequence[Event]) -> Divergence | None:
    """RR-SETUP-7 and distinct names: what ``Game.new`` would refuse to start."""
    if not events or not isinstance(events[0], GameStarted):
        return Divergence(0, _raw(events[0]) if events else "nothing", "game_started",
                          "RR-SETUP-1", recorded_raw=_raw(events[0]) if events else "")
    started = events[0]
    n = len(started.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return Divergence(0, f"a game of {n} players",
                          f"a game of {MIN_PLAYERS} to {MAX_PLAYERS} players",
                          "RR-SETUP-7", recorded_raw=_raw(started))
    if len(set(started.players)) != n:
        return Divergence(0, f"players {', '.join(started.players)}",
                          "players with distinct names", "RR-SETUP-7", recorded_raw=_raw(started))
    if started.houses is not None and (len(started.houses) != n
                                       or len(set(started.houses)) != n):
        return Divergence(0, f"houses {', '.join(h.value for h in started.houses)}",
                          "one distinct house per player", "RR-SETUP-3", recorded_raw=_raw(started))
    return None


def explain(events: Sequence[Event], err: DivergenceError,
            rules_version: int | None = None) -> Divergence:
    """A divergence in words: both sides narrated, and field differences where they compare
    (``rules_version``: the one a first record that names none is judged under)."""
    index = err.index
    if index >= len(events):
        return Divergence(index, err.recorded, err.expected, err.rule, err.card)
    before = _fold_or_none(events[:index])
    recorded = events[index]
    recorded_text = _say(recorded, before)
    expected = _expected_at(events, index)
    if isinstance(expected, Decision):
        state = before or EMPTY
        words = (f"a decision of {player(state, expected.seat)}: {expected.prompt} "
                 f"[{source_text(expected.source)}], among "
                 + ", ".join(option_text(o, state) for o in expected.options[:8])
                 + (f", … ({len(expected.options)} options)" if len(expected.options) > 8
                    else ""))
        return Divergence(index, recorded_text, words, err.rule, err.card,
                          recorded_raw=_raw(recorded))
    if expected is None:
        return Divergence(index, recorded_text, err.expected, err.rule, err.card,
                          recorded_raw=_raw(recorded))
    who = blame(events, index, rules_version or _newest(events))
    return Divergence(index, recorded_text, _say(expected, before),
                      (who.rule if who and who.rule else err.rule),
                      (who.card if who and who.card else err.card),
                      who.function if who else None, who.within if who else (),
                      _raw(recorded), _raw(expected), _differences(recorded, expected, before))


def _newest(events: Sequence[Event]) -> int | None:
    """The version a divergence of a log whose first record names none is the resume's
    under (the newest); ``None`` for a log that names its own."""
    started = events[0] if events else None
    unnamed = isinstance(started, GameStarted) and started.rules_version is None
    return UNNAMED_RULES_VERSIONS[0] if unnamed else None


def _expected_at(events: Sequence[Event], index: int) -> Event | Decision | None:
    """What the rules produce at ``index``: a definite event, or the decision they ask
    (``None``: a random outcome they would draw afresh, or a prefix that cannot be re-run)."""
    try:
        game = Game.resume(events[:index])
    except Exception:  # noqa: BLE001 - the caller falls back on the engine's own wording
        return None
    if len(game.events) <= index:
        return game.pending
    event = game.events[index]
    return None if isinstance(event, RANDOM_OUTCOMES) else event


def _clip(text: str, limit: int = 240) -> str:
    """A long raw event (a whole shuffled deck) cut for a report line; ``--json`` keeps it all."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


SEAT_FIELDS = frozenset({"seat", "payer", "payee", "giver", "receiver", "against"})
"""Event fields that hold a seat: a difference there names the players."""


def _differences(recorded: Event, expected: Event,
                 state: GameState | None = None) -> tuple[str, ...]:
    if type(recorded) is not type(expected):
        return (f"kind: log {type(recorded).TAG}, rules {type(expected).TAG}",)
    out = []
    for field in attrs.fields(type(recorded)):
        a, b = getattr(recorded, field.name), getattr(expected, field.name)
        if a == b:
            continue
        if isinstance(a, tuple) and isinstance(b, tuple) and max(len(a), len(b)) > 6:
            at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                      min(len(a), len(b)))
            out.append(f"{field.name}: first differs at position {at + 1} of "
                       f"{len(a)}: log {_value(a[at]) if at < len(a) else 'nothing'}, "
                       f"rules {_value(b[at]) if at < len(b) else 'nothing'}")
        elif field.name in SEAT_FIELDS and state is not None:
            out.append(f"{field.name}: log {_seat(a, state)}, rules {_seat(b, state)}")
        else:
            out.append(f"{field.name}: log {_value(a)}, rules {_value(b)}")
    return tuple(out)


def _seat(value: object, state: GameState) -> str:
    return player(state, value) if isinstance(value, int) else _value(value)


def _value(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, str) and CardId(value) in catalogue():
        return f"{catalogue()[CardId(value)].name} ({value})"
    return repr(value)


def _seed_divergence(events: Sequence[Event], mismatch: SeedMismatch,
                     seed: int, rules_version: int | None) -> Divergence:
    """A recorded random outcome that the game's seed did not draw."""
    index = mismatch.record
    before = _fold_or_none(events[:index])
    who = blame(mismatch.events, index, rules_version)
    return Divergence(index, _say(mismatch.recorded, before),
                      f"{_say(mismatch.drawn, before)} (what seed {seed} draws here)",
                      who.rule if who else None, who.card if who else None,
                      who.function if who else None, who.within if who else (),
                      _raw(mismatch.recorded), _raw(mismatch.drawn),
                      _differences(mismatch.recorded, mismatch.drawn, before), seed=seed)


def _impossible(events: Sequence[Event], err: CorruptLogError) -> Divergence:
    """A recorded event the fold rejects (it cannot happen in any game)."""
    state = EMPTY
    for index, event in enumerate(events):
        try:
            state = apply(state, event)
        except CorruptLogError as why:
            return Divergence(index, _raw(event), f"an event that can happen here ({why})",
                              None, recorded_raw=_raw(event))
    # The fold accepts every record, so the rules rejected an outcome they were sent.
    return Divergence(len(events), "(every record folds)", str(err), None)


def _stops_early(events: Sequence[Event], game: Game) -> Divergence:
    """The log ends where the engine never stops: no decision is pending and the game is
    not over (a dropped last record, or a log cut in the middle of a step)."""
    index = len(events)
    nxt = game.events[index]
    before = _fold_or_none(events)
    who = blame(game.events, index, game.state.rules_version)
    return Divergence(index, "the end of the log",
                      f"the game goes on without a decision: {_say(nxt, before)}",
                      who.rule if who else None, who.card if who else None,
                      who.function if who else None, who.within if who else (),
                      expected_raw=_raw(nxt))


def _fold_or_none(events: Sequence[Event]) -> GameState | None:
    try:
        return fold(events)
    except CorruptLogError:
        return None


def _say(event: Event, before: GameState | None) -> str:
    if before is None:
        return _raw(event)
    try:
        after = apply(before, event)
    except CorruptLogError as why:
        return f"{_raw(event)} (which cannot happen: {why})"
    try:
        return story_line(event, before, after)
    except Exception:  # noqa: BLE001 - words are a courtesy: a report must never fail on an odd event
        return _raw(event)


def _raw(event: Event) -> str:
    """An event as the log writes it (``[tag, fields]``, seats counted from 0 as in the
    file), so it can be found in a ``.jsonl``."""
    return json.dumps(unstructure_event(event))
