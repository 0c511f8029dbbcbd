"""Typed errors. Each says what was wrong and, where one applies, the spec rule it breaks.

A user mistake (bad choice, bad file, bad log) raises a subclass of :class:`RRError`; the
game, the log and every file are left exactly as they were.
"""

from __future__ import annotations


class RRError(Exception):
    """Base of every error rr raises for bad input."""

    rule: str | None = None

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} [{rule}]" if rule else message)


class UnknownCardError(RRError, KeyError):
    """A card id or name that is not one of the 112 cards."""

    def __init__(self, text: str) -> None:
        self.text = text
        RRError.__init__(self, f"unknown card {text!r}")

    def __str__(self) -> str:  # KeyError would add quotes
        return str(self.args[0])


class IllegalChoiceError(RRError):
    """An option that is not among the pending decision's legal options."""


class WrongPlayerError(RRError):
    """A choice made by a player who is not the one the pending decision is addressed to."""


class NoDecisionPendingError(RRError):
    """A choice submitted when the game is over (no decision is pending)."""


class CorruptLogError(RRError):
    """A log that cannot be read: bad header, broken hash chain, truncated record, unknown tag."""


class DivergenceError(RRError):
    """A log whose recorded events differ from what the rules produce (audit failure)."""

    def __init__(self, index: int, recorded: str, expected: str, rule: str | None,
                 card: str | None = None) -> None:
        self.index = index
        self.recorded = recorded
        self.expected = expected
        self.card = card
        """The card whose question was asked last, when a card asked it (``rule`` then
        ``None``)."""
        RRError.__init__(
            self, f"record {index}: the log says {recorded}, the rules say {expected}", rule
        )


class BadInputError(RRError):
    """A malformed input file or value (scorepad JSON, CLI argument)."""


class UnknownOptionError(IllegalChoiceError):
    """An option no decision of any game can list, so it has no action (rr.actions)."""


class UnknownActionError(IllegalChoiceError):
    """An action that is not an integer of the action space (rr.actions)."""


class BadJsonError(BadInputError):
    """A document that is not the JSON form it claims to be (rr.jsonforms); the message names
    the field (``$.options[2].action``). ``unknown_card`` is the card id, when that is what
    was wrong (a front-end may treat it as an illegal choice rather than a malformed one)."""

    def __init__(self, message: str, unknown_card: str | None = None) -> None:
        self.unknown_card = unknown_card
        BadInputError.__init__(self, message)


class SeedUnknownError(RRError):
    """A random outcome (or the reveal at the end) is needed from a game whose seed is secret
    and was not given: resume it with its secret (``Game.resume(events, secret=...)``)."""
