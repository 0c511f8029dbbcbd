"""Two games that differ only in cards an observer never saw must show it the same (RR-VIEW-6).

The information-set oracle (``fuzz/test_information_sets.py``) draws its games through
``Game.sample_for``, which re-runs the turn under way and keeps only the deals under which the
rules did what they did: a question asked because of a hidden card is then asked in every
sample too, so that oracle cannot see that the question itself tells the card. This one builds
the other game by construction. The cards an observer never saw up to some record (by
``fuzz.seen``, not by ``rr.knowledge``) are permuted at random, and both games are played
again side by side from their first record, given the same decisions and the same random
outcomes (relabelled). Until the public accounts part — a rule that acts openly on a hidden
card (Dancer's reveal, a "yes" the other world's hand cannot give) makes the worlds differ
rightly — the observer must be shown exactly the same: the same records (redacted by
``rr.views``), the same view, and the same pending decision (who is asked, what, by which
card, the prompt, and its own options). A question asked in one world and not in the other, at
the same point of two accounts the observer cannot tell apart, is a leak whatever else follows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

import attrs

from fuzz.seen import Observer, Seen, card_ids
from rr.decisions import ByCard
from rr.engine import Game
from rr.events.card_fields import OPTIONS_WITH_CARDS, Holds, card_fields
from rr.errors import RRError
from rr.events.types import (
    RANDOM_OUTCOMES,
    CardSelectedAtRandom,
    DecisionMade,
    Event,
    GameStarted,
)
from rr.jsonforms import to_json
from rr.model import CardId
from rr.state import GameState, apply
from rr.views import redact

Relabel = dict[CardId, CardId]


def unseen(events: Sequence[Event], observer: Observer, upto: int) -> list[CardId]:
    """The cards ``observer`` never saw in ``events[:upto]`` (by ``fuzz.seen``), sorted —
    less the cards picked at random there: the rules act openly on which card a random pick
    is (Roque's hit is banished before everyone, a miss is not), so moving one would make
    the worlds part rightly at every such pick."""
    seen = Seen()
    picked: set[CardId] = set()
    for event in events[:upto]:
        seen.feed(event)
        if isinstance(event, CardSelectedAtRandom):
            picked.add(event.card)
    everywhere = set(seen.where) - seen.out
    return sorted(everywhere - seen.ever[observer] - picked)


def relabel(event: Event, sigma: Relabel) -> Event:
    """``event`` with every card it names replaced by its image under ``sigma``."""
    if not sigma:
        return event
    changes: dict[str, Any] = {}
    for field in card_fields(type(event)):  # rr.events.card_fields: by their types
        value = getattr(event, field.name)
        if field.holds is Holds.CARD and value is not None:
            changes[field.name] = sigma.get(value, value)
        elif field.holds is Holds.CARDS:
            changes[field.name] = tuple(sigma.get(c, c) for c in value)
        elif field.holds is Holds.OPTION and type(value) in OPTIONS_WITH_CARDS:
            changes[field.name] = attrs.evolve(value, **{
                name: sigma.get(card, card) for name in OPTIONS_WITH_CARDS[type(value)]
                if (card := getattr(value, name)) is not None})
        elif field.holds is Holds.SOURCE and isinstance(value, ByCard):
            changes[field.name] = ByCard(sigma.get(value.card, value.card))
    return cast(Event, attrs.evolve(cast(Any, event), **changes))


def fresh(started: GameStarted) -> Game:
    """The game ``started`` begins (its players, ruleset, houses and commitment), drawing
    nothing itself: every random outcome, and the seed revealed at the end, is given."""
    return Game(started, given_chances=True)


def _give(game: Game, record: Event) -> None:
    if isinstance(record, DecisionMade):
        game.choose(record.option, seat=record.seat)
    else:
        game.give_chance(record)


class _Account:
    """One of the two games, and the records it has told the observer so far."""

    def __init__(self, game: Game, observer: Observer) -> None:
        self.game, self.observer = game, observer
        self.state = GameState()
        self.told: list[Any] = []

    def catch_up(self) -> None:
        for event in self.game.events[len(self.told):]:
            after = apply(self.state, event)
            self.told.append(to_json(redact(event, self.state, self.observer, after)))
            self.state = after

    def shown(self) -> Any:
        return to_json(self.game.view(self.observer))


def compare(events: Sequence[Event], observer: Observer, sigma: Relabel, upto: int
            ) -> tuple[str, str]:
    """Play ``events[:upto]`` again, as it was and relabelled by ``sigma`` (a permutation of
    cards ``observer`` never saw there), side by side. Returns ``("leak", what)`` at the first
    thing the observer is shown differently while the two accounts it was told are the same,
    ``("parted", why)`` when the worlds part rightly, or ``("same", "")``.

    The accounts part rightly where a rule acts openly on a card the permutation moved: a
    card only the other world holds is revealed there (an end-of-game card shown, RULING-B9).
    Where one world asks a question and the other does something that shows no such card
    instead, the question is there because of a hidden card: a leak (Politician asking for
    the Golds to reveal only with 3 or more, RULING-B10)."""
    moved = set(sigma)
    started = events[0]
    assert isinstance(started, GameStarted)
    real, other = (_Account(fresh(started), observer), _Account(fresh(started), observer))
    checked = 0
    while True:
        real.catch_up()
        other.catch_up()
        common = min(len(real.told), len(other.told))
        for index in range(checked, common):
            if real.told[index] != other.told[index]:
                asked = [isinstance(a.game.events[index], DecisionMade) for a in (real, other)]
                instead = (other if asked[0] else real).told[index]
                if asked[0] != asked[1] and not card_ids(instead) & moved:
                    return "leak", (f"record {index}: a question is asked in one world only "
                                    f"({real.told[index][0]} / {other.told[index][0]})")
                return "parted", f"record {index}: {real.told[index]} / {other.told[index]}"
        checked = common
        if len(real.told) != len(other.told):
            shorter, longer = ((real, other) if len(real.told) < len(other.told)
                               else (other, real))
            if shorter.game.pending is not None and not isinstance(
                    longer.game.events[common], DecisionMade) \
                    and not card_ids(longer.told[common]) & moved:
                return "leak", (f"record {common}: {shorter.game.pending.prompt!r} is asked "
                                f"in one world only")
            return "parted", f"record {common}: one world goes on without a decision"
        if real.shown() != other.shown():
            return "leak", (f"record {common}: the observer is shown "
                            f"{_differences(real.shown(), other.shown())}")
        if common >= upto:
            return "same", ""
        record = events[common]
        if not isinstance(record, (DecisionMade, *RANDOM_OUTCOMES)):
            return "parted", f"record {common} was not made by the rules replayed"
        _give(real.game, record)
        try:
            _give(other.game, relabel(record, sigma))
        except RRError as err:  # the decider's hand or a random pick differs, rightly
            return "parted", f"record {common}: {err}"


def _differences(a: Any, b: Any) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        keys = [k for k in a if a.get(k) != b.get(k)]
        return "; ".join(f"{k}: {a.get(k)} / {b.get(k)}" for k in keys)
    return f"{a} / {b}"


def check(events: Sequence[Event], rng: random.Random, observers: Sequence[Observer],
          checkpoints: int = 2, worlds: int = 1) -> tuple[list[str], int]:
    """For each observer, ``checkpoints`` records drawn at random and ``worlds`` other worlds
    at each: the leaks found, and how many worlds were compared."""
    leaks: list[str] = []
    compared = 0
    for observer in observers:
        for _ in range(checkpoints):
            upto = rng.randrange(2, len(events) + 1)
            cards = unseen(events, observer, upto)
            for _ in range(worlds):
                images = list(cards)
                rng.shuffle(images)
                sigma = {c: d for c, d in zip(cards, images) if c != d}
                verdict, what = compare(events, observer, sigma, upto)
                compared += 1
                if verdict == "leak":
                    who = "the spectator" if observer is None else f"seat {observer}"
                    leaks.append(f"{who}, up to record {upto}: {what}")
    return leaks, compared
