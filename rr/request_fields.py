"""Reading a request's fields, the same way at both front doors: ``rr stdio``
(:mod:`rr.protocol`) and ``rr server``'s bodies (:mod:`rr.server.requests`).

Fields are strict: a field a request does not take is a :class:`BadRequest` (it catches
typos), ``null`` means "not given", and ``true`` and ``1.0`` are not integers. A value of the
wrong type is a ``BadRequest`` worded by :func:`wrong`; a value the rules refuse (seven
players, level 9) is a :class:`BadInputError` citing its rule.

A new game's shared fields are read here: ``ruleset``, the solo game (``"solo": {"level":
n}`` at both doors) and the true-or-false flags. What differs is each door's policy, kept in
its own module: ``rr stdio`` also takes a count of players, ``houses``, any integer seed, and
the solo shape it had first (``"solo": true`` and a ``"level": n`` beside it); ``rr server``
takes bots, open seats and signed games, and a seed only for a practice game (RR-VIEW-10).

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from rr.automa import automa_table
from rr.errors import BadInputError, BadRequest
from rr.ruleset import Ruleset

__all__ = ["check_fields", "flag", "is_int", "ruleset", "solo_level", "solo_players", "wrong"]

SOLO = 'an object {"level": n}'
"""What ``solo`` takes, in words (both doors)."""

LEVEL = "an integer from 1 to 6"
"""What Au Toma's level takes, in words; the engine refuses a level outside 1 to 6
(RR-SOLO-16)."""


def is_int(value: Any) -> bool:
    """``value`` is a JSON integer (``true`` and ``1.0`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def wrong(name: str, want: str, value: Any) -> BadRequest:
    """The error for field ``name`` holding ``value``, not ``want`` (in words)."""
    return BadRequest(f"field {name!r} takes {want}, not {json.dumps(value)[:60]}")


def check_fields(data: Mapping[str, Any], known: Iterable[str], what: str,
                 ignored: Iterable[str] = ()) -> None:
    """A :class:`BadRequest` naming the first field of ``data`` that ``what`` does not take
    (``known``; ``ignored`` are taken without being listed)."""
    known = tuple(known)
    skip = set(known) | set(ignored)
    unknown = sorted(str(k) for k in data if k not in skip)
    if unknown:
        takes = ", ".join(known) or "no field"
        raise BadRequest(f"{what} takes no field {unknown[0]!r} (it takes: {takes})")


def flag(data: Mapping[str, Any], name: str) -> bool:
    """The true-or-false field ``name`` (absent or ``null``: false)."""
    value = data.get(name)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise wrong(name, "true or false", value)
    return value


def ruleset(value: Any) -> Ruleset:
    """The ``ruleset`` field: ``"official"`` (also when absent) or overrides such as
    ``"protect_small_hands=true"`` (:meth:`Ruleset.parse` refuses an unknown one in words)."""
    if value is None:
        return Ruleset.parse("official")
    if not isinstance(value, str):
        raise wrong("ruleset", "a string such as 'official' or 'protect_small_hands=true'",
                    value)
    return Ruleset.parse(value)


def solo_level(solo: Any, level: Any = None, *, first_shape: bool = False) -> int | None:
    """Au Toma's level if the request asks for a solo game (RR-SOLO-1), else ``None``; a
    solo game without a level gets her usual one (``solo_level({})``: 2, "Stained",
    RR-SOLO-16).

    Both doors take ``"solo": {"level": n}`` (``{}``: the usual level). With
    ``first_shape`` (``rr stdio``, as before) ``solo`` may also be ``true`` or ``false``, and
    ``level`` (the request's top-level field) given alone asks for a solo game too."""
    if first_shape and isinstance(solo, bool):
        if level is None:
            return _usual_level() if solo else None
        if not is_int(level):
            raise wrong("level", LEVEL, level)
        return int(level)
    if first_shape and solo is None and level is not None:
        return solo_level(True, level, first_shape=True)
    if solo is None:
        return None
    if not isinstance(solo, dict):
        raise wrong("solo", SOLO, solo)
    check_fields(solo, ("level",), "'solo'")
    if level is not None:
        raise BadRequest("Au Toma's level is given twice: give it once, in 'solo' "
                         "({\"level\": n})")
    inner = solo.get("level")
    if inner is None:
        return _usual_level()
    if not is_int(inner):
        raise wrong("solo.level", LEVEL, inner)
    return int(inner)


def solo_players(level: int | None, players: int) -> None:
    """A :class:`BadInputError` unless a solo game (``level`` not ``None``) has one player
    (RR-SOLO-1)."""
    if level is not None and players != 1:
        raise BadInputError("a solo game has one player", "RR-SOLO-1")


def _usual_level() -> int:
    return automa_table().normal_level
