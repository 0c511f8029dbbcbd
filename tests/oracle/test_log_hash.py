"""The log hash a seat of a signed game is shown (``GET .../seat``, what it signs: issue #29)
tells it nothing of the cards it has not seen (RR-VIEW-1): a seat shown the hash at one
record and later at another cannot test its guesses of a hidden card between them.

Version 1 of :class:`rr.seatkeys.LogHash` keyed only the start of the chain and showed the
chain itself: ``h(n+1) = SHA-256(h(n) ‖ record n)``, so a seat extended the last hash it was
shown over the records since, each hidden card replaced by each card of the game in turn,
and the one that gave the next hash it was shown was the card (an opponent's card taken from
the deck, in the game below)."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence

import attrs
import pytest

from fuzz.seen import Seen
from rr.cards.catalogue import catalogue
from rr.events.card_fields import Holds, card_fields
from rr.events.codec import encode_event
from rr.events.types import DecisionMade, Event
from rr.seatkeys import log_hash
from tests.oracle.signed_games import play_signed


def _extended(shown: str, records: Sequence[Event]) -> str:
    """``shown`` extended over ``records`` as version 1 chained them."""
    digest = bytes.fromhex(shown)
    for record in records:
        digest = hashlib.sha256(digest + encode_event(record)).digest()
    return digest.hex()


def _hidden(events: Sequence[Event], seat: int) -> dict[int, str]:
    """The records holding exactly one card ``seat`` may not be told there (``fuzz.seen``,
    not the engine's knowledge), with that card's field."""
    seen = Seen()
    found: dict[int, str] = {}
    for index, event in enumerate(events):
        allowed = seen.feed(event)[seat]
        fields = [f.name for f in card_fields(type(event)) if f.holds is Holds.CARD
                  and getattr(event, f.name) is not None
                  and getattr(event, f.name) not in allowed]
        if len(fields) == 1:
            found[index] = fields[0]
    return found


def _guesses(events: Sequence[Event], shown: dict[int, str], seat: int,
             hashed: dict[int, str]) -> list[tuple[int, list[str]]]:
    """For each pair of hashes shown, one hidden card between: the cards that, put in its
    place, extend the first hash to the second (``hashed``: the hash a seat's guess is
    compared with, by record)."""
    hidden = _hidden(events, seat)
    points = sorted(shown)
    found = []
    for start, end in itertools.pairwise(points):
        between = [i for i in range(start, end) if i in hidden]
        if len(between) != 1:
            continue
        at = between[0]
        hits = []
        for card in catalogue():
            guess = attrs.evolve(events[at], **{hidden[at]: card})
            records = [*events[start:at], guess, *events[at + 1:end]]
            if _extended(shown[start], records) == hashed[end]:
                hits.append(card)
        found.append((at, hits))
    return found


@pytest.mark.rule("RR-VIEW-1")
def test_a_seat_cannot_test_guesses_of_hidden_cards_against_the_log_hashes() -> None:
    """Seat 0 of a signed game against a bot, shown the log hash wherever the game waits for
    it: no card put in place of one it has not seen extends one hash it was shown to the next.
    The control: with the chain shown (version 1), the true card, and only it, does."""
    made = play_signed(seed=3)
    events, key = made.events, made.seats.secret
    waits = [i for i, e in enumerate(events) if isinstance(e, DecisionMade) and e.seat == 0]
    shown = {n: log_hash(events[:n], key) for n in waits}
    guessed = _guesses(events, shown, 0, shown)
    assert guessed, "no card hidden from seat 0 between two hashes it was shown"
    assert all(hits == [] for _, hits in guessed), guessed
    chain = {n: _extended(hashlib.sha256(b"rr/log-prefix/1\x00" + key).hexdigest(), events[:n])
             for n in waits}
    control = _guesses(events, chain, 0, chain)
    hidden = _hidden(events, 0)
    assert control and all(hits == [getattr(events[at], hidden[at])] for at, hits in control)
