"""What a seat (or the spectator) is answered after a change: the one builder every front door
sends from (docs/ARCHITECTURE.md, "One seat answer"). Internal (no stable API).

:func:`seat_answer` makes, for one viewer, everything it is shown after a change — the view
(with the pending decision as shown to it: its options only to the seat that decides), the
number of decisions made so far (which a choice names), which stacked cards lie face down,
the records since a given record as the viewer may see them, each with its line of story,
and the scorepad once the game is over — as one :class:`SeatAnswer`, whose JSON form is
:func:`rr.jsonforms.to_json`'s (``docs/JSON.md``, ``docs/schema/answer.schema.json``).
``rr stdio`` (:mod:`rr.protocol`), ``rr server`` (its HTTP answers and WebSocket messages)
and the replay viewer (``POST /api/replay``, ``rr replay --json``) send it as it is; they
translate transport and never shape content, so what a seat may see is decided here, from
:mod:`rr.views` (its view and :func:`rr.views.redact`) and :mod:`rr.narrate` (its lines).

It lives above :mod:`rr.views` because narration (:mod:`rr.narrate`) and the scorepad
(:mod:`rr.rules.final`) do, and below the engine: it reads a game through :class:`Played`
(a :class:`rr.engine.Game` is one; a replay's folded position is another).

Cheap after every change: the records since the last answer are folded from the state at
that record, which a caller keeps in :class:`Marks` (one per game), never from record 0.
"""

from __future__ import annotations

import enum
import functools
import operator
import types
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, NewType, Protocol, Union, get_args, get_origin

import attrs
from attrs import evolve, frozen
from cattrs import BaseConverter
from cattrs.fns import identity
from cattrs.gen import make_dict_unstructure_fn, override

from rr.decisions import Decision
from rr.errors import BadInputError
from rr.events.types import DecisionMade, Event
from rr.jsonforms import decision_json, to_json
from rr.model import LOCATIONS, Seat, Zone
from rr.narrate import Told, narration
from rr.rules.final import scorepad_of
from rr.scoring.now import HandNow, hand_now
from rr.scoring.places import Result, result
from rr.scoring.scorepad import Rows
from rr.state import EMPTY, GameState, apply
from rr.views import KnownCard, PendingView, View, view


class Played(Protocol):
    """A game as the builder reads it: its records, the state after them, and the decision
    it waits for (``None`` when none is pending)."""

    @property
    def events(self) -> Sequence[Event]: ...

    @property
    def state(self) -> GameState: ...

    @property
    def pending(self) -> Decision | None: ...


@frozen
class Position:
    """A :class:`Played` that is not a live game: a log's records up to some point (a
    replay), with the decision pending there if the rules were re-run to find it."""

    events: Sequence[Event]
    state: GameState
    pending: Decision | None


@frozen
class ScoreColumn:
    """One player's column of the scorepad (RR-SCORE-1)."""

    name: str
    rows: Rows
    """Points by row in the rulebook's order, and their total."""


@frozen
class SeatAnswer:
    """Everything one viewer is shown after a change."""

    seat: Seat | None
    """The viewer: a seat, or ``None`` for the spectator (or, with :attr:`everything`, the
    holder of the whole log)."""
    records: int
    """How many records the game holds: the ``since`` of the next answer."""
    decision: int
    """How many decisions have been made: the number a choice of the pending one names."""
    over: bool
    since: int
    """The first record of :attr:`new` (``records`` when nothing is new)."""
    new: tuple[Told, ...]
    """The records from ``since`` on, as the viewer may see them, with their lines."""
    view: View
    """The game as the viewer sees it; ``view.pending`` is the pending decision as shown to
    it (its options only for the seat that decides)."""
    face_down: tuple[tuple[bool, ...], ...]
    """Per location (in ``view.locations``' order), which cards of its stack, bottom to top,
    lie face down: public, as everyone sees a card's back."""
    scorepad: tuple[ScoreColumn, ...] | None
    """The scorepad once the game is over (its totals and winners are the view's)."""
    everything: bool = False
    """Shown to the holder of the whole log (the replay viewer's "all"): every card named."""
    result: Result | None = None
    """Once the game is over: each player's place and total, and what decided the win
    (:mod:`rr.scoring.places`)."""


_KEPT = 32
"""How many marks a :class:`Marks` keeps."""
_FORMS = 64
"""How many records' JSON forms a :class:`Marks` keeps (all forgotten at once past it): the
recent records, those several viewers are sent one after another, and few, as a server
keeps the marks of thousands of games."""


@frozen
class Mark:
    """The state after a game's first ``records`` records, and the decisions among them."""

    records: int
    state: GameState
    decisions: int


class Marks:
    """The states at the record counts one game's answers were last built at, so that the next
    answer folds only the records since (the most recently used kept, :data:`_KEPT` of them).
    One per game, kept by the caller beside the game; never shared between games."""

    def __init__(self) -> None:
        self._marks: OrderedDict[int, Mark] = OrderedDict()
        self._scorepad: tuple[GameState, tuple[ScoreColumn, ...]] | None = None
        self._events: dict[int, tuple[Event, Any]] = {}
        """Records' JSON forms (:meth:`event_form`), by record number."""
        self._pending: tuple[Decision | None, dict[bool, dict[str, Any]]] = (None, {})
        """The pending decision and its JSON forms, with and without options."""

    def at(self, events: Sequence[Event], records: int) -> Mark:
        """The mark after ``events[:records]``: kept, or folded from the nearest one before."""
        found = self._marks.get(records)
        if found is None:
            mark = self._nearest(records)
            state, decisions = mark.state, mark.decisions
            for event in events[mark.records:records]:
                state = apply(state, event)
                decisions += type(event) is DecisionMade
            found = Mark(records, state, decisions)
        self.keep(found)
        return found

    def decisions(self, events: Sequence[Event], records: int) -> int:
        """The decisions among ``events[:records]``, counted on from the nearest mark (no
        fold: the state there is not wanted)."""
        mark = self._nearest(records)
        return mark.decisions + sum(type(e) is DecisionMade for e in events[mark.records:records])

    def _nearest(self, records: int) -> Mark:
        start = max((n for n in self._marks if n <= records), default=0)
        return self._marks[start] if start else Mark(0, EMPTY, 0)

    def keep(self, mark: Mark) -> None:
        self._marks[mark.records] = mark
        self._marks.move_to_end(mark.records)
        while len(self._marks) > _KEPT:
            self._marks.popitem(last=False)

    def event_form(self, record: int, event: Event, recorded: Event) -> Any:
        """``to_json(event)``, the record ``record`` (``recorded``) as a viewer is shown it:
        made once if ``event`` is the record as it lies (no redaction changed it: the very
        object), anew if it is redacted."""
        if event is not recorded:
            return to_json(event)
        kept = self._events.get(record)
        if kept is not None and kept[0] is event:
            return kept[1]
        if len(self._events) >= _FORMS:
            self._events.clear()
        form = to_json(event)
        self._events[record] = (event, form)
        return form

    def pending_form(self, pending: Decision | None, shown: PendingView) -> dict[str, Any]:
        """``to_json(shown)``, the pending decision ``pending`` as a viewer is shown it (with
        its options or without): made once for each."""
        decision, forms = self._pending
        if decision is not pending:
            forms = {}
            self._pending = (pending, forms)
        form = forms.get(shown.options is None)
        if form is None:
            form = forms[shown.options is None] = decision_json(shown)
        return form

    def scorepad(self, state: GameState) -> tuple[ScoreColumn, ...]:
        """The scorepad of a finished ``state`` (scored once per game: it is not cheap)."""
        if self._scorepad is None or self._scorepad[0] is not state:
            pad = scorepad_of(state).pad
            self._scorepad = (state, tuple(ScoreColumn(p.name, p.rows) for p in pad.players))
        return self._scorepad[1]


def seat_answer(game: Played, seat: Seat | None, since: int | None = None,
                marks: Marks | None = None, everything: bool = False) -> SeatAnswer:
    """What ``seat`` (``None``: the spectator) is shown of ``game`` now, with the records
    from ``since`` on (``None``: none). ``marks``: the game's, kept between answers (without
    them the records before ``since`` are folded from the start). ``everything``: for the
    holder of the whole log, every card named (no seat ever gets this)."""
    marks = marks if marks is not None else Marks()
    state, pending = game.state, game.pending
    start, told, decisions = _since(game, seat, since, marks, everything)
    shown_view = _everything(state, pending) if everything else view(state, seat, pending)
    return SeatAnswer(
        seat=None if everything else seat, records=len(game.events), decision=decisions,
        over=state.is_over, view=shown_view, face_down=face_down(state), since=start,
        new=told, scorepad=marks.scorepad(state) if state.is_over else None,
        everything=everything, result=result_of(state))


def answer_json(game: Played, seat: Seat | None, since: int | None, marks: Marks
                ) -> dict[str, Any]:
    """``to_json(seat_answer(game, seat, since, marks))``, the same JSON, made directly as
    plain dicts and lists (the game server sends it on every request): the view, records and
    lines are :func:`seat_answer`'s (:func:`rr.views.view`, :func:`rr.narrate.narration`),
    only their JSON forms are written here, without cattrs, those that do not change (a
    player's row, a known card, the pending decision, a record nobody's view redacts) made
    once and shared. The answer and its parts are read-only: never change them."""
    state, pending = game.state, game.pending
    start, told, decisions = _since(game, seat, since, marks, False)
    shown = view(state, seat, pending)
    return {
        "seat": seat, "records": len(game.events), "decision": decisions,
        "over": state.is_over, "since": start,
        "new": [{"record": t.record,
                 "event": marks.event_form(t.record, t.event, game.events[t.record]),
                 "text": t.text, "rule": t.rule} for t in told],
        "view": _view_form(shown, marks, pending),
        "face_down": [list(stack) for stack in face_down(state)],
        "scorepad": [to_json(c) for c in marks.scorepad(state)] if state.is_over else None,
        "everything": False, "result": _result_json(state)}


def _result_json(state: GameState) -> Any:
    found = result_of(state)
    return None if found is None else to_json(found)


def result_of(state: GameState) -> Result | None:
    """The places and what decided the win of a finished ``state`` (``None`` before)."""
    if not state.is_over or state.totals is None or state.winners is None:
        return None
    return result([p.name for p in state.players], state.totals, state.winners,
                  state.sovereign)


def _since(game: Played, seat: Seat | None, since: int | None, marks: Marks,
           everything: bool) -> tuple[int, tuple[Told, ...], int]:
    """The first record shown, the records from it on as ``seat`` may see them, and the
    decisions made; ``marks`` keeps the state now."""
    events = game.events
    records = len(events)
    start = records if since is None else since
    if not 0 <= start <= records:
        raise BadInputError(f"there is no record {start}: the game has records 0 to "
                            f"{records - 1}")
    told: tuple[Told, ...] = ()
    if start == records:
        decisions = marks.decisions(events, records)
    else:
        mark = marks.at(events, start)
        told = tuple(narration(events[start:], seat, not everything, mark.state, start))
        decisions = mark.decisions + sum(type(t.event) is DecisionMade for t in told)
    marks.keep(Mark(records, game.state, decisions))
    return start, told, decisions


def _view_form(shown: View, marks: Marks, pending: Decision | None) -> dict[str, Any]:
    """``to_json(shown)``, its parts that do not change made once: :data:`_VIEW_FORM`'s fields,
    the pending decision's form from ``marks``."""
    form = _VIEW_FORM(shown)
    if shown.pending is not None:
        form["pending"] = marks.pending_form(pending, shown.pending)
    return form


Encoder = Callable[[Any], Any]


_nothing: Encoder = identity
"""A value written as it is (cattrs reads such a field with no call)."""


def _memoised() -> Encoder:
    """``to_json`` of an attrs value, made once for each value (shared: read-only)."""
    return functools.lru_cache(maxsize=4096)(to_json)


def _tuple_of(kind: Any) -> Encoder:
    """A tuple of ``kind`` as a list (one call for the tuple, none for an item that is written
    as it is, in C for an item written by a C callable)."""
    args = get_args(kind)
    if get_origin(kind) is tuple and len(args) == 2 and args[1] is not Ellipsis:
        first, second = encoder(args[0]), encoder(args[1])  # a pair, as (location, cards)
        return lambda value: [[first(a), second(b)] for a, b in value]
    item = encoder(kind)
    if item is _nothing:
        return list
    return lambda value: list(map(item, value))


def _or_none(encode: Encoder) -> Encoder:
    return lambda value: None if value is None else encode(value)


def encoder(kind: Any) -> Encoder:
    """The JSON form of a value of type ``kind``, as :func:`rr.jsonforms.to_json` writes it:
    numbers, strings and ``None`` as they are, an enum as its value, a tuple as a list, an
    attrs value through ``to_json`` once for each value (views' parts are read-only and
    repeat from one answer to the next). Raises ``TypeError`` for a type it does not know."""
    if kind in (int, str, bool, type(None)) or isinstance(kind, NewType):
        return _nothing
    args = get_args(kind)
    if get_origin(kind) in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"no JSON encoder for {kind}")
        found = encoder(inner[0])
        return found if found is _nothing else _or_none(found)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return operator.attrgetter("value")
    if get_origin(kind) is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_of(args[0])
        items = tuple(encoder(a) for a in args)
        return lambda value: [encode(v) for encode, v in zip(items, value, strict=True)]
    if isinstance(kind, type) and attrs.has(kind):
        return _memoised()
    raise TypeError(f"no JSON encoder for {kind}")


def fields_encoder(cls: type, **given: Encoder) -> Callable[[Any], dict[str, Any]]:
    """The JSON form of an attrs value of ``cls`` as ``to_json`` writes it, built once from
    its fields (:func:`encoder` for each, in their order; ``given``: a field's own): a field
    added to ``cls`` is in the form with no edit here. cattrs writes the function (reading
    each field as plain code would), with :func:`encoder`'s hooks."""
    hooks: dict[str, Any] = {name: override(unstruct_hook=hook) for name, hook in given.items()}
    return make_dict_unstructure_fn(cls, _FAST, **hooks)


_FAST = BaseConverter()
"""The converter of :func:`fields_encoder`: every type's hook is :func:`encoder`'s."""
_FAST.register_unstructure_hook_factory(lambda _: True, encoder)

_VIEW_FORM = fields_encoder(View, pending=_nothing)
"""A view's JSON form but its ``pending``, which :func:`_view_form` replaces by
:meth:`Marks.pending_form`'s."""


def scores_now(game: Played, seat: Seat) -> HandNow | None:
    """What each card of ``seat``'s hand would score now (:func:`rr.scoring.now.hand_now`),
    read from that seat's view only (the table's card zoom, issue #28)."""
    state = game.state
    return hand_now(view(state, seat), face_down(state), state.ruleset)


def face_down(state: GameState) -> tuple[tuple[bool, ...], ...]:
    """Which cards of each location's stack (bottom to top) lie face down."""
    hidden = state.face_down
    return tuple(tuple(card in hidden for card in state.stack(loc)) for loc in LOCATIONS)


def _everything(state: GameState, pending: Decision | None) -> View:
    """The view of one who holds the whole log: the spectator's, with every stack shown as it
    lies, and every hand and the deck (bottom first) among the cards known elsewhere."""
    seen = view(state, None, pending)
    hands = [KnownCard(card, Zone.hand(seat)) for seat, player in enumerate(state.players)
             for card in player.hand]
    deck = state.deck
    cards = [KnownCard(card, Zone.deck(), len(deck) - 1 - i) for i, card in enumerate(deck)]
    return evolve(seen, locations=tuple((loc, state.stack(loc)) for loc in LOCATIONS),
                  known_elsewhere=tuple(hands + cards))
