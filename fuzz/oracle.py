"""The oracle's checks (docs/ARCHITECTURE.md, "The oracle"), shared by the fuzzers.

Each check raises ``AssertionError`` with a message naming what broke. They read only public
things: the game's events, state, pending decision and views.
"""

from __future__ import annotations

import random
from collections import Counter
import re
from collections.abc import Callable, Iterator, Sequence

import attrs

from rr.actions import NUM_ACTIONS, action_of, option_of
from rr.automa import automa_table
from rr.cards.catalogue import all_ids
from rr.engine import Game
from rr.events import log
from rr.events.codec import decode_event, encode_event, structure, unstructure
from rr.effects.tokens import REPETITIONS, ROUND_LIMIT, end_reason
from rr.events.types import (
    DecisionMade, EndTrigger, Event, GameEndTriggered, GameScored, GameStarted, SeedRevealed,
    TurnEnded, TurnKind, TurnStarted,
)
from rr.jsonforms import to_json
from rr.narrate import story_line
from rr.randomness import Secret
from rr.views import redact
from rr.knowledge import knows
from rr.model import FLEET_MAX, INFLUENCE_TOKENS, House
from rr.options import PickCard
from rr.oracle.audit import audit
from rr.rules.final import scorepad_of
from rr.state import GameState, apply, fold, table_position, times_met

CARDS = 112


def cards_conserved(state: GameState) -> None:
    """The 112 cards are exactly partitioned among deck, locations, hands and banished."""
    places: list[str] = list(state.deck) + list(state.banished)
    for stack in state.locations:
        places += stack
    for player in state.players:
        places += player.hand
    if state.solo is not None:  # RR-SOLO-5: the characters out of the game
        places += state.solo.removed
        automa_cards_conserved(state)
    counts = Counter(places)
    twice = sorted(c for c, n in counts.items() if n > 1)
    assert not twice, f"cards in two places at once: {twice}"
    missing = sorted(set(all_ids()) - set(counts))
    assert not missing, f"cards nowhere: {missing}"
    assert len(places) == CARDS, f"{len(places)} cards on the table, not {CARDS}"
    on_locations = {c for stack in state.locations for c in stack}
    assert state.face_down <= on_locations, "a face-down card that is not on a location"


def automa_cards_conserved(state: GameState) -> None:
    """RR-SOLO-2: Au Toma's 22 cards are each in exactly one of her deck, the set-aside
    cards, her discard pile and the cards of her turn."""
    solo = state.solo
    assert solo is not None
    if not solo.all_cards:
        return  # before her deck is first shuffled
    assert sorted(solo.all_cards) == list(automa_table().ids()), \
        f"Au Toma's cards are not all there once: {sorted(solo.all_cards)}"
    assert len(solo.drawn) <= automa_table().cards_per_turn


def tokens_in_bounds(state: GameState) -> None:
    """Helium >= 0, Fleet 0..10, Influence 0..10 each, at most one Sovereign holder."""
    for seat, p in enumerate(state.players):
        assert p.helium >= 0, f"P{seat + 1} has {p.helium} Helium"
        assert 0 <= p.fleet <= FLEET_MAX, f"P{seat + 1} is at {p.fleet} on the Fleet Track"
        assert 0 <= p.influence <= INFLUENCE_TOKENS, f"P{seat + 1} placed {p.influence} Influence"
    assert state.sovereign is None or 0 <= state.sovereign < len(state.players)
    assert 0 <= state.neutral_influence <= INFLUENCE_TOKENS


def sovereign_holders(game: Game) -> None:
    """At most one player is shown holding the Sovereign token, in every view."""
    for seat in [None, *game.state.seats]:
        holders = [p.name for p in game.view(seat).players if p.sovereign]
        assert len(holders) <= 1, f"several Sovereign holders: {holders}"


def events_round_trip(events: Sequence[Event]) -> None:
    """Every event survives msgpack encode/decode unchanged."""
    for event in events:
        again = decode_event(encode_event(event))
        assert again == event, f"{event!r} came back as {again!r}"


def state_round_trips(state: GameState) -> None:
    """The state survives unstructure/structure unchanged."""
    again = structure(unstructure(state), GameState)
    assert again == state, "the state does not survive the codec"


def views_leak_nothing(game: Game) -> None:
    """RR-VIEW-1..6: no view shows a card its seat does not know where it lies (another
    player's hand card it was not shown, a deck card, a face-down card it did not place;
    everything once the game is over), nor options naming one; a decision's options are
    shown only to its decider. (That the knowledge itself is right is what
    :func:`information_sets_agree` checks.)"""
    state = game.state
    decider = game.pending.seat if game.pending is not None else None
    for seat in [None, *state.seats]:
        v = game.view(seat)
        assert v.hand == (None if seat is None else state.hand(seat))
        # RR-VIEW-4..6: no view shows a card its seat does not know where it lies.
        unknown = {c for c in all_ids() if not knows(state, seat, c)}
        assert not (v.card_ids() & unknown), \
            f"the view of {seat} shows cards it does not know: {sorted(v.card_ids() & unknown)}"
        if v.pending is not None and seat != decider:
            assert v.pending.options is None, f"{seat} sees P{decider}'s options"
        if v.pending is not None and v.pending.options is not None:
            named = {o.card for o in v.pending.options if isinstance(o, PickCard)}
            assert named <= known_or_public(state, seat), \
                f"P{decider}'s options name cards it does not know: " \
                f"{sorted(named - known_or_public(state, seat))}"


def actions_are_exact(game: Game) -> None:
    """Issue #13: every option of the pending decision is its own integer of the action space
    and maps back to itself; the legal actions and the mask are exactly those integers."""
    options = game.pending.options if game.pending is not None else ()
    actions = [action_of(o) for o in options]
    assert len(set(actions)) == len(actions), f"two options share an action: {game.pending}"
    assert [option_of(a) for a in actions] == list(options)
    assert game.legal_actions() == sorted(actions)
    mask = game.action_mask()
    assert len(mask) == NUM_ACTIONS and sum(mask) == len(actions)
    assert all(mask[a] for a in actions)


def known_or_public(state: GameState, seat: int | None) -> set[str]:
    return {c for c in all_ids() if knows(state, seat, c)}


def _shown(game: Game, seat: int) -> object:
    return game.view(seat)


def information_sets_agree(game: Game, rng: random.Random, samples: int = 1,
                           seats: Sequence[int] | None = None,
                           show: Callable[[Game, int], object] = _shown) -> int:
    """RR-VIEW-6, RR-VIEW-7: for every seat, games drawn from its information set show it
    exactly what the real game shows it — its view, and the pending decision as it sees it
    (who decides, what is asked, the prompt, and its own options). Returns the samples drawn."""
    drawn = 0
    for seat in game.state.seats if seats is None else seats:
        truth = show(game, seat)
        for _ in range(samples):
            sample = game.sample_for(seat, rng)
            drawn += 1
            seen = show(sample, seat)
            if seen != truth:
                wrong = [f.name for f in attrs.fields(type(seen))
                         if getattr(seen, f.name) != getattr(truth, f.name)]
                raise AssertionError(
                    f"seat {seat} is shown something it does not know: {wrong} differ "
                    f"between the game and a sample of its information set "
                    f"({ {w: (getattr(truth, w), getattr(seen, w)) for w in wrong} })")
    return drawn


def trigger_was_due(before: GameState, event: GameEndTriggered) -> None:
    """RR-END-1: the end is triggered only when an end condition holds, in that turn — or,
    RULING-B7, before a turn when no card is left anywhere to play, gain or place, or,
    RULING-B11, at the start of a round whose position has been met three times, or,
    RULING-B12, at the start of a player's 150th turn."""
    trigger = event.reason.trigger
    if trigger is EndTrigger.REPETITION:
        assert before.ruleset.repetition_ends_game, "RULING-B11 applied while off"
        assert before.turns == ((event.seat, TurnKind.NORMAL),) \
            and event.seat == before.first_player, \
            "a repetition is declared only at the start of a round"
        assert before.positions[-1] == table_position(before), \
            "the position counted is not the one at the start of this round"
        assert times_met(before.positions) == REPETITIONS, f"{event!r} before the third time"
        return
    if trigger is EndTrigger.ROUND_LIMIT:
        assert before.ruleset.round_limit, "RULING-B12 applied while off"
        assert before.turns == ((event.seat, TurnKind.NORMAL),), \
            "the round limit is reached only at the start of a normal turn"
        assert before.players[event.seat].turns >= ROUND_LIMIT, f"{event!r} before its turn"
        return
    if trigger is EndTrigger.NO_CARD_LEFT:
        assert not before.deck and not any(before.locations) and not any(
            p.hand for s, p in enumerate(before.players) if not before.is_automa(s)), \
            "RULING-B7 declared with a card left"
        assert before.turn_seat is None, "a deadlock is declared between turns"
        return
    assert end_reason(before) == event.reason, \
        f"{event!r}: the conditions met are {end_reason(before)!r}"
    assert before.turn_seat == event.seat, "triggered on someone else's turn"


def no_missed_trigger(state: GameState) -> None:
    """RR-END-2: during play, a met end condition has triggered the end (RULING-B11: a
    round started a third time in the same position; RULING-B12: a normal turn from the
    150th on)."""
    if state.phase.value == "play" and state.turn_seat is not None:
        reason = end_reason(state)
        assert reason is None or state.end_triggered, f"the end was not triggered: {reason}"
        # RULING-B11: a round started a third time in the same position has triggered the end.
        assert times_met(state.positions) < REPETITIONS or state.end_triggered, \
            "a position came back a third time and the end was not triggered"
        # RULING-B12: a normal turn from the 150th on is played with the end triggered.
        seat, kind = state.turns[0]
        assert (kind is not TurnKind.NORMAL or not state.ruleset.round_limit
                or state.players[seat].turns < ROUND_LIMIT or state.end_triggered), \
            f"P{seat + 1}'s turn {state.players[seat].turns} and the end was not triggered"


def game_end_is_right(game: Game) -> None:
    """At the end: the end was triggered, turn counts are equal (Apollo's last turn and
    out-of-order turns counted apart, RR-END-3/4, RULING-A12), the scores add up, the log
    audits clean and replays byte for byte."""
    state, events = game.state, game.events
    assert state.is_over and state.end_triggered
    triggers = [e for e in events if isinstance(e, GameEndTriggered)]
    assert len(triggers) == 1, f"{len(triggers)} end triggers"
    counts = {"normal": Counter[int](), "apollo": Counter[int](), "ooo": Counter[int]()}
    under_way: list[TurnKind] = []
    for e in events:
        if isinstance(e, TurnStarted) and e.kind is TurnKind.END_OF_GAME:
            under_way.append(e.kind)  # RULING-B9: an end-of-game step is not a turn
        elif isinstance(e, TurnStarted):
            key = {TurnKind.NORMAL: "normal", TurnKind.APOLLO_LAST: "apollo",
                   TurnKind.OUT_OF_ORDER: "ooo"}[e.kind]
            if e.kind is TurnKind.OUT_OF_ORDER and TurnKind.APOLLO_LAST in under_way:
                key = "apollo"  # RULING-A12: never counts inside Apollo's last turn
            counts[key][e.seat] += 1
            under_way.append(e.kind)
        elif isinstance(e, TurnEnded):
            under_way.pop()
    ooo_counts = state.ruleset.loan_shark_turn_counts
    turns = {p.turns for p in state.players}
    assert len(turns) == 1, f"unequal turn counts: {[p.turns for p in state.players]}"
    for seat, p in enumerate(state.players):
        counted = counts["normal"][seat] + (counts["ooo"][seat] if ooo_counts else 0)
        extra = counts["apollo"][seat] + (0 if ooo_counts else counts["ooo"][seat])
        assert p.turns == counted and p.extra_turns == extra, f"P{seat + 1}'s turn counts"
        apollo = 1 if p.house is House.APOLLO else 0
        last = sum(1 for e in events if isinstance(e, TurnStarted) and e.seat == seat
                   and e.kind is TurnKind.APOLLO_LAST)
        assert last == apollo, f"P{seat + 1} took Apollo's last turn wrongly"
    scored = [e for e in events if isinstance(e, GameScored)]
    assert len(scored) == 1
    pad = scorepad_of(state)
    for column in pad.pad.players:
        rows = column.rows
        assert rows.total == sum(points for _, points in rows.items()), "rows do not add up"
    assert pad.totals == scored[0].totals == state.totals
    assert pad.winners == scored[0].winners
    report = audit(events)
    assert report.ok, report.summary()
    again = log.decode(log.encode(events)).events
    assert again == events and Game.resume(again).state == state
    replayed = replay_choices(events)
    assert log.encode(replayed.events) == log.encode(events), "not deterministic"


def replay_choices(events: Sequence[Event]) -> Game:
    """A new game with the same start and the seed its last record reveals, fed the same
    choices live (random draws re-drawn from the seed): the determinism check."""
    started, revealed = events[0], events[-1]
    assert isinstance(started, GameStarted) and isinstance(revealed, SeedRevealed)
    game = Game(started, secret=Secret(revealed.seed, bytes.fromhex(revealed.salt)))
    for e in events:
        if isinstance(e, DecisionMade):
            game.choose(e.option, seat=e.seat)
    return game


def secret_kept(game: Game, before: GameState, new: Sequence[Event]) -> None:
    """RR-VIEW-10: until the game is over, nothing a seat or a spectator is shown — its view,
    the pending decision as shown to it, the new events as redacted for it and their
    narration — holds the seed (as a number, or as a word of a text) or the salt."""
    secret = game.secret
    if secret is None or game.state.revealed_seed is not None:
        return
    seed, salt = secret.seed, secret.salt.hex() if secret.salt is not None else None
    for viewer in [None, *game.state.seats]:
        shown: list[object] = [to_json(game.view(viewer))]
        state = before
        for event in new:
            after = apply(state, event)
            seen = redact(event, state, viewer, after)
            shown += [to_json(seen), story_line(seen, state, after)]
            state = after
        for value in _leaves(shown):
            where = f"shown to {'the spectator' if viewer is None else f'seat {viewer}'}"
            if isinstance(value, int):
                assert value != seed, f"the seed is {where}"
            elif isinstance(value, str):
                assert str(seed) not in re.findall(r"-?\d+", value), \
                    f"the seed is {where}: {value[:120]}"
                assert salt is None or salt not in value, f"the salt is {where}"


def _leaves(value: object) -> Iterator[object]:
    """Every number and text inside a JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _leaves(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def fold_matches(events: Sequence[Event], state: GameState) -> None:
    """Replay: folding the whole log gives the live state."""
    assert fold(events) == state, "the fold of the log differs from the live state"


def step_fold(state: GameState, new: Sequence[Event]) -> GameState:
    """Fold ``new`` onto ``state``, checking each trigger as it comes."""
    for event in new:
        if isinstance(event, GameEndTriggered):
            trigger_was_due(state, event)
        state = apply(state, event)
    return state
