"""Players' names: one way of writing each, and one player to a name.

A name is read as people see it: in Unicode's composed form (NFC: "é" typed as one letter or
as "e" and an accent is one name) and without the spaces around it (:func:`normalise`). Two
names that differ only in case ("Ana", "ANA") or in how their letters are written are one
name (:func:`name_key`), so no two players of a game have them. "Tull Au Toma" is the solo
automaton's name (RR-SOLO-1): no person takes it, written in any case.

The engine (:meth:`rr.engine.Game.new`), ``rr stdio``'s ``new`` and ``rr server``'s new games
and invitations all read names through :func:`check_players` or :func:`check_taker`. Both
front doors also hold a name they are sent to :func:`check_name` (1 to :data:`MAX_NAME`
printable characters, not only spaces), in the same words.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence

from rr.automa import AU_TOMA
from rr.errors import BadInputError

AUTOMATON = AU_TOMA
"""The solo automaton's name, which no person takes."""


MAX_NAME = 40
"""The longest player name a front door takes, in characters."""


def check_name(name: str) -> None:
    """A player's name as a front door (``rr stdio``, ``rr server``) takes it: 1 to
    :data:`MAX_NAME` printable characters, not only spaces (:class:`BadInputError`)."""
    if not name.strip() or len(name) > MAX_NAME or not name.isprintable():
        raise BadInputError(f"a player's name is 1 to {MAX_NAME} printable characters, "
                            f"not {json.dumps(name)[:60]}")


def normalise(name: str) -> str:
    """``name`` in NFC, without the whitespace around it."""
    return unicodedata.normalize("NFC", name).strip()


def name_key(name: str) -> str:
    """What two names are compared by: NFC, then case folded (``"Ana"``, ``"ANA"`` and
    ``"ana"`` have one key; so have "é" as one letter and as "e" and an accent)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def _reserved(name: str) -> bool:
    return name_key(normalise(name)) == name_key(AUTOMATON)


def check_players(names: Sequence[str]) -> tuple[str, ...]:
    """The names of a new game's players, normalised; :class:`BadInputError` if one is the
    automaton's or two are one name."""
    out = tuple(normalise(name) for name in names)
    for name in out:
        if _reserved(name):
            raise BadInputError(f"{AUTOMATON} is the solo automaton's name: a player takes "
                                "another", "RR-SOLO-1")
    seen: dict[str, str] = {}
    for name in out:
        other = seen.get(name_key(name))
        seen[name_key(name)] = name
        if other is not None:
            raise BadInputError(f"player names must differ: {_quoted(other)} and "
                                f"{_quoted(name)} are one name (names are compared ignoring "
                                "case and how their letters are written)")
    return out


def check_taker(name: str, players: Sequence[str], seat: int) -> str:
    """The name of whoever takes ``seat`` (a seat left open), normalised;
    :class:`BadInputError` if it is the automaton's or another seat's."""
    (taken,) = check_players([name])
    for other, held in enumerate(players):
        if other != seat and name_key(held) == name_key(taken):
            raise BadInputError(f"player names must differ: {_quoted(taken)} is the name of "
                                f"seat {other}'s player ({_quoted(held)}) (names are compared "
                                "ignoring case and how their letters are written)")
    return taken


def _quoted(name: str) -> str:
    return f"\u201c{name}\u201d"
