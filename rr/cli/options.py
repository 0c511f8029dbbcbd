"""Argument types shared by the sub-commands; a bad value is a one-line usage error."""

from __future__ import annotations

import argparse

from rr.errors import BadInputError
from rr.ruleset import Ruleset


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1
"""The seeds the command line takes: what a log's header can store (a msgpack integer)."""


def seed(text: str) -> int:
    """A seed: a whole number from -2**63 to 2**63 - 1."""
    try:
        value = int(text) if len(text) <= 25 else None
    except ValueError:
        value = None
    if value is None or not SEED_MIN <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a seed (a whole number from "
                                         f"{SEED_MIN} to {SEED_MAX})")
    return value


def ruleset_option(text: str) -> Ruleset:
    try:
        return Ruleset.parse(text)
    except BadInputError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
